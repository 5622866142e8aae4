"""``Variant.without``: the same game with some of its rules switched off, every other rule as
it is (what drills ask: would this play be legal but for rule X?)."""

from __future__ import annotations

import random

import pytest

from generator.engine import IllegalPlayError, Position, Turn, Variant, find_variant, parse_play
from generator.engine.samples import ROLLS, random_position

NARDY = find_variant("long-nardy")
HEAD_CODES = {"head_once", "head_once_first_turn", "head_once_not_first_turn"}


def refusal_code(position: Position, dice: tuple[int, int], play: str) -> str | None:
    try:
        parse_play(position, dice, play)
    except IllegalPlayError as error:
        return getattr(error.reason, "code", "?")
    return None


def in_game(variant: Variant, position: Position) -> Position:
    return Position(
        variant, position.mover, position.opponent, position.mover_pinned, position.opponent_pinned
    )


def plays(turn: Turn) -> list[tuple[str, object]]:
    return [(play.notation, (play.position.mover, play.position.opponent)) for play in turn.plays]


# Switching a rule off --------------------------------------------------------------------------


def test_long_nardy_without_the_head_rule_two_checkers_leave_the_head() -> None:
    start = NARDY.start()
    assert refusal_code(start, (6, 5), "24/18 24/19") == "head_once_first_turn"
    free = NARDY.without(HEAD_CODES)
    assert refusal_code(in_game(free, start), (6, 5), "24/18 24/19") is None
    later = NARDY.position(mover={24: 13, 20: 1, 18: 1}, opponent={12: 14, 7: 1})
    assert refusal_code(later, (5, 3), "24/19 24/21") == "head_once"
    assert refusal_code(in_game(free, later), (5, 3), "24/19 24/21") is None


def test_without_the_head_rule_the_six_point_block_still_holds() -> None:
    # 24 and 22..18 held: a second checker off the head onto 23 would make seven in a row.
    position = NARDY.position(mover={24: 5, 22: 2, 21: 2, 20: 2, 19: 2, 18: 2}, opponent={12: 15})
    assert refusal_code(position, (2, 1), "24/22 24/23") == "head_once"
    free = in_game(NARDY.without(HEAD_CODES), position)
    assert refusal_code(free, (2, 1), "24/22 24/23") == "six_block"
    assert refusal_code(free, (2, 1), "24/22 22/21") is None
    # And without the block rule too, the play stands.
    freer = in_game(NARDY.without(HEAD_CODES | {"six_block"}), position)
    assert refusal_code(freer, (2, 1), "24/22 24/23") is None


def test_fevga_without_the_runner_rule_a_second_checker_leaves_the_start() -> None:
    fevga = find_variant("fevga")
    position = fevga.position(mover={24: 14, 20: 1}, opponent={12: 15})
    assert refusal_code(position, (6, 5), "20/14 24/19") == "runner_not_passed"
    free = in_game(fevga.without({"runner_not_passed"}), position)
    assert refusal_code(free, (6, 5), "20/14 24/19") is None


def test_fevga_without_the_starting_quarter_a_turn_may_end_holding_it() -> None:
    fevga = find_variant("fevga")
    position = fevga.position(mover={24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 5: 1}, opponent={12: 15})
    assert refusal_code(position, (5, 1), "24/19 5/4") == "starting_quarter"
    free = in_game(fevga.without({"starting_quarter"}), position)
    assert refusal_code(free, (5, 1), "24/19 5/4") is None


@pytest.mark.parametrize("seed", range(3))
def test_turkish_tavla_without_both_limits_is_tavla_classic(seed: int) -> None:
    turkish = find_variant("turkish-tavla")
    free = turkish.without({"no_hit_and_run", "wasted_pips"})
    classic = find_variant("tavla-classic")
    rng = random.Random(seed)
    for _ in range(60):
        position = random_position(turkish, rng)
        for dice in rng.sample(ROLLS, 3):
            expected = plays(in_game(classic, position).turn(dice))
            assert plays(in_game(free, position).turn(dice)) == expected


# What a game without rules is ------------------------------------------------------------------


def test_the_same_codes_give_the_same_game_and_no_codes_the_game_itself() -> None:
    free = NARDY.without(["six_block"])
    assert free is NARDY.without({"six_block"}) is free.without(["six_block"])
    assert NARDY.without(()) is NARDY
    both = free.without(["head_once"])
    assert both is NARDY.without(["head_once", "six_block"])
    assert both.switched_off == {"head_once", "six_block"} and NARDY.switched_off == frozenset()
    assert isinstance(free, type(NARDY)) and free.key == NARDY.key and free.name == NARDY.name


def test_its_repr_pastes_back_and_presets_keep_the_rules_switched_off() -> None:
    free = find_variant("fevga", rules="runner-quarter").without(["starting_quarter"])
    assert (
        repr(free) == "find_variant('fevga', rules='runner-quarter').without(['starting_quarter'])"
    )
    assert eval(repr(free), {"find_variant": find_variant}) is free
    assert free.with_rules("default") is find_variant("fevga").without(["starting_quarter"])
    position = free.start()
    assert repr(position).startswith(repr(free) + ".position(")


def test_a_code_that_is_not_one_of_the_games_rules_is_refused() -> None:
    with pytest.raises(ValueError, match=r"Backgammon has no rule that refuses with 'head_once'"):
        find_variant("backgammon").without(["head_once"])
    with pytest.raises(ValueError, match=r"'blocked_landing'"):
        NARDY.without(["six_block", "blocked_landing"])


# Nothing else changes: a property over random positions ----------------------------------------

GAMES = [
    find_variant("turkish-tavla"),
    find_variant("turkish-tavla", rules="strict-wasted-pips"),
    NARDY,
    find_variant("long-nardy", rules="block-at-turn-end"),
    find_variant("fevga"),
    find_variant("fevga", rules="runner-quarter"),
]


def reached(turn: Turn) -> set[tuple[object, ...]]:
    """Every board and dice left that a partial play of ``turn`` reaches."""
    seen: set[tuple[object, ...]] = set()
    pending = [turn.root]
    while pending:
        state = pending.pop()
        key = (state.mover, state.opponent, state.pins, state.dice)
        if key not in seen:
            seen.add(key)
            pending.extend(state.children.values())
    return seen


def ends_refused(turn: Turn, codes: frozenset[str]) -> bool:
    """Whether the turn's end-of-turn rules refuse, with one of ``codes``, a place to stop."""
    variant = turn.variant
    stack, seen = [turn.root], set()
    while stack:
        state = stack.pop()
        if id(state) in seen:
            continue
        seen.add(id(state))
        refusal = variant.end_refusal(state.mover, state.opponent)
        if refusal is not None and refusal.code in codes:
            return True
        stack.extend(state.children.values())
    return False


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_without_a_rule_play_goes_on_as_before_where_the_rule_never_applies(
    game: Variant,
) -> None:
    """For each rule of the game alone: every partial play of the game is one of the game
    without the rule (when the turn's limits all hold: a waived limit may hold again once
    another is switched off), and where the rule refuses nothing, the plays are the same."""
    rng = random.Random(f"without {game!r}")
    same = differ = 0
    for _ in range(25):
        position = random_position(game, rng)
        for dice in rng.sample(ROLLS, 3):
            turn = position.turn(dice)
            for code in sorted(game.rule_codes):
                off = frozenset({code})
                free = in_game(game.without(off), position).turn(dice)
                partial, partial_free = reached(turn), reached(free)
                if turn.limits == game.limit_options[0]:
                    assert partial <= partial_free, (position, dice, code)
                if partial == partial_free and not ends_refused(turn, off):
                    assert plays(free) == plays(turn), (position, dice, code)
                    same += 1
                else:
                    differ += 1
    assert same and differ
