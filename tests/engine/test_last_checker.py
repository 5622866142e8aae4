"""Bearing off the last checker ends the game (decision 15), in every game.

A step that bears off the mover's last checker ends the game there and counts as using every
die left, for the must-play rules (RULES.md 1.5) and for Turkish Tavla's waiver (3.4) alike: so
with one checker on the 3-point and 5-2, ``3/off`` with the 5 is a complete, legal play, the
notation prints that direct form, and in Turkish Tavla no limit yields because of such a step.
The widget's step tree (``Turn.legal_steps``), ``Turn.refusal`` and the plays agree.

Positions are written in the text form of ``generator/engine/textform.py``, ``mover /
opponent``; expected plays were worked out by hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from generator.engine import (
    BAR,
    OFF,
    VARIANTS,
    IllegalPlayError,
    Position,
    Step,
    Turn,
    find_variant,
    from_text,
    parse_play,
)
from generator.engine.samples import ROLLS

from .helpers import assert_refused

# Where the opponent stands while the mover bears off, per game: out of the way of the mover's
# home board (opposite-direction games: the mover's 20; same direction: the opponent's head).
OPPONENT = {key: "12:15" if v.same_direction else "20:15" for key, v in VARIANTS.items()}


def notations(turn: Turn) -> list[str]:
    return [play.notation for play in turn.plays]


@pytest.mark.parametrize("key", list(VARIANTS))
def test_the_last_checker_comes_off_with_one_die_in_every_game(key: str) -> None:
    """One checker on the 3-point, 5-2: ``3/off`` with the 5 ends the game; it is the play,
    it counts as both dice, nothing may follow it, and the widget offers that step."""
    position = from_text(find_variant(key), f"3:1 / {OPPONENT[key]}")
    turn = position.turn((5, 2))
    assert notations(turn) == ["3/off"]
    assert turn.max_dice == 2
    assert turn.refusal([], 3, 5) is None
    assert Step(3, OFF, 5) in turn.legal_steps()
    assert turn.legal_steps([(3, 5)]) == []
    assert_refused(turn, [(3, 5)], 3, 2, "game_over")
    assert parse_play(position, (5, 2), "3/off").notation == "3/off"
    result = position.variant.result(turn.plays[0].position)
    assert result is not None and result.winner == "mover"


@pytest.mark.parametrize("key", ["backgammon", "long-nardy", "fevga", "plakoto"])
def test_the_walk_down_reaches_the_same_play_where_no_limit_forbids_it(key: str) -> None:
    """Without Turkish Tavla's limits, ``3/1/off`` is also legal: it ends where ``3/off``
    ends, so it is the same play and the notation prints the direct form."""
    position = from_text(find_variant(key), f"3:1 / {OPPONENT[key]}")
    turn = position.turn((5, 2))
    assert turn.refusal([], 3, 2) is None
    assert turn.refusal([(3, 2)], 1, 5) is None
    assert parse_play(position, (5, 2), "3/1/off").notation == "3/off"


TURKISH = find_variant("turkish-tavla")
BACKGAMMON = find_variant("backgammon")


def test_turkish_tavla_takes_the_checker_off_with_the_five() -> None:
    """S001: "With a checker on the 3-point and 5-2, the 5 goes first." ``3/off`` is the only
    play; ``3/1`` first would waste pips, and no limit yields, since ``3/off`` already counts
    as both dice."""
    position = from_text(TURKISH, "3:1 / 22:3 21:4 20:4 19:4")
    turn = position.turn((5, 2))
    assert notations(turn) == ["3/off"]
    assert turn.limits == {"no_hit_and_run", "wasted_pips"}
    assert turn.legal_steps() == [Step(3, OFF, 5)]
    assert_refused(turn, [], 3, 2, "wasted_pips", die=5, source=3, point=1)
    with pytest.raises(IllegalPlayError, match="wasted pips"):
        parse_play(position, (5, 2), "3/1/off")


def test_turkish_tavla_does_not_hit_and_run_to_finish() -> None:
    """``5:1 / 3:1 20:14``, 6-2: ``5/off`` ends the game; ``5/3*/off`` would hit on a home
    point and run on (and waste pips), so it is not a play. In backgammon both are plays (and
    differ: the hit leaves the opponent on the bar)."""
    position = from_text(TURKISH, "5:1 / 3:1 20:14")
    turn = position.turn((6, 2))
    assert notations(turn) == ["5/off"]
    assert turn.plays[0].position.opponent[3] == 1
    # The hit itself is refused: after it nothing may leave the 3-point, so it leads nowhere.
    assert_refused(turn, [], 5, 2, "no_hit_and_run", point=3)
    western = Position(BACKGAMMON, position.mover, position.opponent)
    assert notations(western.turn((6, 2))) == ["5/3*/off", "5/off"]


def test_turkish_tavla_breaks_neither_limit_to_finish() -> None:
    """``5:1 / 4:1 20:14``, 5-1: ``5/off`` with the 5; ``5/4*/off`` would break both limits."""
    position = from_text(TURKISH, "5:1 / 4:1 20:14")
    turn = position.turn((5, 1))
    assert notations(turn) == ["5/off"]
    assert turn.limits == {"no_hit_and_run", "wasted_pips"}
    refusal = turn.refusal([], 5, 1)
    assert refusal is not None and refusal.code in ("no_hit_and_run", "wasted_pips")


def test_e20_is_no_last_checker_case() -> None:
    """E20 (``5:1 4:1 / 3:2``, 6-1): a checker stays on the 4-point after either play, so
    decision 15 does not apply. The limit yields (decision 3): ``5/off`` alone would cost the
    1, and ``5/4/off`` ends in the same position."""
    position = from_text(TURKISH, "5:1 4:1 / 3:2")
    turn = position.turn((6, 1))
    assert notations(turn) == ["5/4/off"]
    assert turn.limits == {"no_hit_and_run"}
    assert turn.plays[0].position.mover[4] == 1
    assert_refused(turn, [], 5, 6, "must_use_both", play="5/4/off")


@pytest.mark.parametrize(
    ("key", "text", "dice", "plays", "dice_counted"),
    [
        ("backgammon", "6:1 / 20:15", (3, 3), ["6/3/off"], 4),
        ("backgammon", "2:1 1:1 / 20:15", (6, 6), ["2/off 1/off"], 4),
        ("backgammon", "2:1 / 20:15", (6, 1), ["2/off"], 2),
        ("long-nardy", "4:1 1:1 / 12:15", (4, 4), ["4/off 1/off"], 4),
        ("fevga", "5:1 / 12:15", (6, 1), ["5/off"], 2),
        ("plakoto", "6:1 / 20:15", (2, 2), ["6/4/2/off"], 4),
    ],
)
def test_the_game_ends_whatever_dice_are_left(
    key: str, text: str, dice: tuple[int, int], plays: list[str], dice_counted: int
) -> None:
    """Worked by hand: 6-3-off with 3-3 uses two threes and counts four; 2-off with the 6
    counts both dice (so ``2/1/off`` is no better, and the higher-die rule has nothing to
    choose); the checker on the 4-point and the one on the 1-point come off with two fours."""
    turn = from_text(find_variant(key), text).turn(dice)
    assert notations(turn) == plays
    assert turn.max_dice == dice_counted


# The step tree, the refusals and the plays agree -------------------------------------------------


def bear_offs(key: str, rng: random.Random) -> Iterator[Position]:
    """Small seeded bear-offs of one to three checkers, with opposing blots and points on the
    home board in the hitting games."""
    variant = find_variant(key)
    while True:
        mover: dict[int, int] = {}
        for _ in range(rng.randint(1, 3)):
            point = rng.randint(1, 6) if rng.random() < 0.85 else rng.randint(7, 9)
            mover[point] = mover.get(point, 0) + 1
        if variant.same_direction:
            opponent = {12: 15}
        else:
            opponent = {20: 13}
            for _ in range(2):
                point = rng.randint(1, 6)
                if point not in mover:
                    opponent[point] = opponent.get(point, 0) + 1
        yield variant.position(mover=mover, opponent=opponent)


def walk(turn: Turn, played: tuple[Step, ...], ends: set[tuple[object, ...]]) -> None:
    """Every legal step is refused by nothing, every other step by something; every path of
    legal steps ends in one of the plays."""
    legal = turn.legal_steps(played)
    offered = {(step.source, step.die) for step in legal}
    for source in (*range(1, 25), BAR):
        for die in set(turn.all_dice):
            refused = turn.refusal(played, source, die) is not None
            assert refused == ((source, die) not in offered), (played, source, die)
    if not legal:
        state = turn.state_after(played)
        ends.add((state.mover, state.opponent))
    for step in legal:
        walk(turn, (*played, step), ends)


@pytest.mark.parametrize("key", ["backgammon", "turkish-tavla", "long-nardy", "plakoto"])
def test_the_step_tree_and_the_refusals_agree_in_bear_offs(key: str) -> None:
    rng = random.Random(f"last-checker-{key}")
    positions = bear_offs(key, rng)
    for _ in range(40):
        position = next(positions)
        for dice in ROLLS:
            turn = position.turn(dice)
            ends: set[tuple[object, ...]] = set()
            if turn.plays:
                walk(turn, (), ends)
            boards = {(p.position.mover, p.position.opponent) for p in turn.plays}
            assert ends == boards, (position, dice)
