"""Invariants of every turn of Long Nardy, Fevga and Plakoto, over random positions and rolls.

Whatever the position, the legal plays of a roll keep every checker, are reachable step by step
through steps the rules allow and, moved by hand, reach the positions the engine says; they lead
to different positions and use the same number of dice (a play that ends the game with a mother
pin counts as complete). Each game's own rules hold at every step: Long Nardy's six-point block
and head rule (RULES.md 4), Plakoto's pins (2.7), Fevga's starting quarter and runner (2.6).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import BAR, CHECKERS, OFF, Position, Step, Turn, Variant

from .helpers import Layout, forbidden_six, layout_of, move_by_hand, pins, same_direction_own
from .strategies import fevga_positions, long_nardy_positions, plakoto_positions, rolls

EXAMPLES = settings(deadline=None)
STRATEGIES = {
    "long-nardy": long_nardy_positions(),
    "fevga": fevga_positions(),
    "plakoto": plakoto_positions(),
}
GAMES = list(STRATEGIES)
# Doubles, often: on a Long Nardy first turn 3-3, 4-4 and 6-6 let a second checker leave the
# head and the others do not.
nardy_rolls = st.one_of(rolls, st.sampled_from([(d, d) for d in range(1, 7)]))


def layouts_along(position: Position, steps: tuple[Step, ...]) -> list[Layout]:
    """The layout before each step of ``steps`` and after the last, moved by hand."""
    layouts = [layout_of(position)]
    pinning = pins(position.variant.key)
    for step in steps:
        layouts.append(
            move_by_hand(layouts[-1], [(step.source, step.destination)], pinning=pinning)
        )
    return layouts


def position_of(variant: Variant, layout: Layout) -> Position:
    return Position(
        variant, layout.mover, layout.opponent, layout.mover_pinned, layout.opponent_pinned
    )


def ends_by_mother(position: Position) -> bool:
    """Whether the game is over in ``position`` because of a pinned mother (RULES.md 2.7)."""
    result = position.variant.result(position)
    return result is not None and result.kind in ("mother", "draw")


# Every game -------------------------------------------------------------------------------------


@EXAMPLES
@pytest.mark.parametrize("game", GAMES)
@given(data=st.data(), dice=rolls)
def test_every_checker_is_kept(game: str, dice: tuple[int, int], data: st.DataObject) -> None:
    """1.2: each side keeps 15 checkers on the points and off (no bar in these games); a point
    holds checkers of both sides only under a Plakoto pin."""
    position = data.draw(STRATEGIES[game], label="position")
    for play in position.legal_plays(dice):
        after = play.position
        assert sum(after.mover) == CHECKERS and sum(after.opponent) == CHECKERS, play
        assert not after.mover[BAR] and not after.opponent[BAR], play
        shared = {p for p in range(1, 25) if after.mover[p] and after.opponent[p]}
        assert shared == after.mover_pinned | after.opponent_pinned, play
        for point in after.opponent_pinned:
            assert after.opponent[point] == 1, play
        for point in after.mover_pinned:
            assert after.mover[point] == 1, play


@EXAMPLES
@pytest.mark.parametrize("game", GAMES)
@given(data=st.data(), dice=rolls)
def test_every_play_is_reachable_step_by_step(
    game: str, dice: tuple[int, int], data: st.DataObject
) -> None:
    """1.4, 1.3: each step of a play is allowed after the steps before it and moves one
    checker exactly its die (or bears it off); the steps moved by hand reach the play's
    position, pins included."""
    position = data.draw(STRATEGIES[game], label="position")
    turn = position.turn(dice)
    for play in turn.plays:
        played: list[Step] = []
        for step in play.steps:
            assert turn.refusal(played, step.source, step.die) is None, (play, step)
            if step.destination == OFF:
                assert step.source - step.die <= 0, (play, step)
            else:
                assert step.destination == step.source - step.die, (play, step)
            assert not step.hit, (play, step)
            played.append(step)
        assert layouts_along(position, play.steps)[-1] == layout_of(play.position), play


@EXAMPLES
@pytest.mark.parametrize("game", GAMES)
@given(data=st.data(), dice=rolls)
def test_no_two_plays_reach_the_same_position(
    game: str, dice: tuple[int, int], data: st.DataObject
) -> None:
    """1.3: plays are distinct final positions (pins included)."""
    position = data.draw(STRATEGIES[game], label="position")
    layouts = [layout_of(play.position) for play in position.legal_plays(dice)]
    assert len(layouts) == len(set(layouts))


@EXAMPLES
@pytest.mark.parametrize("game", GAMES)
@given(data=st.data(), dice=rolls)
def test_every_play_uses_the_most_dice_that_can_be_used(
    game: str, dice: tuple[int, int], data: st.DataObject
) -> None:
    """1.5.1, decisions 13 and 15: every play uses ``max_dice`` dice, except a play that ends
    the game, by a Plakoto mother pin or by bearing off the last checker, which stops there and
    counts as complete; the game was not over before that play's last step."""
    position = data.draw(STRATEGIES[game], label="position")
    turn = position.turn(dice)
    assert (turn.max_dice == 0) == (not turn.plays)
    for play in turn.plays:
        if play.position.mover[OFF] == CHECKERS:
            assert len(play.steps) <= turn.max_dice, play
            assert play.steps[-1].destination == OFF, play
        elif ends_by_mother(play.position):
            assert len(play.steps) <= turn.max_dice, play
            before_last = layouts_along(position, play.steps)[-2]
            assert not ends_by_mother(position_of(position.variant, before_last)), play
        else:
            assert len(play.steps) == turn.max_dice, play


def check_refusals_match_legal_steps(turn: Turn, played: list[tuple[int, int]]) -> None:
    legal = {(step.source, step.die) for step in turn.legal_steps(played)}
    for source in range(1, BAR + 1):
        for die in range(1, 7):
            refusal = turn.refusal(played, source, die)
            assert (refusal is None) == ((source, die) in legal), (played, source, die, refusal)
            if refusal is not None:
                assert refusal.message(), refusal


@EXAMPLES
@pytest.mark.parametrize("game", GAMES)
@given(data=st.data(), dice=rolls)
def test_a_step_is_refused_exactly_when_it_is_not_a_legal_step(
    game: str, dice: tuple[int, int], data: st.DataObject
) -> None:
    """Along a random legal path through the turn, every step from every point with every
    die is refused exactly when it is not among the legal steps, and every refusal has
    words."""
    position = data.draw(STRATEGIES[game], label="position")
    turn = position.turn(dice)
    played: list[tuple[int, int]] = []
    while True:
        check_refusals_match_legal_steps(turn, played)
        steps = turn.legal_steps(played)
        if not steps:
            break
        step = data.draw(st.sampled_from(steps))
        played.append((step.source, step.die))
    # A path of legal steps ends where one of the plays ends.
    if turn.plays:
        walked = tuple(Step(source, max(source - die, OFF), die) for source, die in played)
        reached = layouts_along(position, walked)[-1]
        assert reached in {layout_of(play.position) for play in turn.plays}, played


# Long Nardy (RULES.md 4) ------------------------------------------------------------------------


@EXAMPLES
@given(long_nardy_positions(), nardy_rolls)
def test_no_long_nardy_play_ever_makes_a_forbidden_block(
    position: Position, dice: tuple[int, int]
) -> None:
    """4.2, decision 7: no position along a legal play, after any of its steps, has six
    points in a row with no opposing checker past them."""
    for play in position.legal_plays(dice):
        for layout in layouts_along(position, play.steps)[1:]:
            assert forbidden_six(layout.mover, layout.opponent) is None, play


@EXAMPLES
@given(long_nardy_positions(), nardy_rolls)
def test_one_checker_leaves_the_head_except_on_a_first_turn_double(
    position: Position, dice: tuple[int, int]
) -> None:
    """4.1, decision 8: at most one checker leaves the head (the mover's 24) per turn; two
    only on a first turn (all 15 on the head) with 3-3, 4-4 or 6-6."""
    first_turn = position.mover[24] == CHECKERS
    may_leave = 2 if first_turn and dice in ((3, 3), (4, 4), (6, 6)) else 1
    for play in position.legal_plays(dice):
        assert sum(step.source == 24 for step in play.steps) <= may_leave, play


# Plakoto (RULES.md 2.7) -------------------------------------------------------------------------


@EXAMPLES
@given(plakoto_positions(), rolls)
def test_no_pinned_checker_moves_and_nobody_bears_off_under_a_pin(
    position: Position, dice: tuple[int, int]
) -> None:
    """2.7, decision 10: no step starts from a point where a mover's checker lies pinned at
    that moment, and no step bears off while a mover's checker is pinned."""
    for play in position.legal_plays(dice):
        for before, step in zip(layouts_along(position, play.steps), play.steps, strict=False):
            assert step.source not in before.mover_pinned, (play, step)
            if step.destination == OFF:
                assert not before.mover_pinned, (play, step)


# Fevga (RULES.md 2.6) ---------------------------------------------------------------------------


@EXAMPLES
@given(fevga_positions(), rolls)
def test_no_fevga_play_ends_holding_the_whole_starting_quarter(
    position: Position, dice: tuple[int, int]
) -> None:
    """2.6, decision 9: no play ends with the mover holding all of 19..24."""
    for play in position.legal_plays(dice):
        assert not all(play.position.mover[point] for point in range(19, 25)), play


@EXAMPLES
@given(fevga_positions(), rolls)
def test_no_second_checker_leaves_the_start_before_the_runner_has_passed(
    position: Position, dice: tuple[int, int]
) -> None:
    """2.6, decision 9: while no checker of the mover stands on 11 or lower (or is off), a
    checker leaves the start (24) only if none has left it yet."""
    for play in position.legal_plays(dice):
        for before, step in zip(layouts_along(position, play.steps), play.steps, strict=False):
            passed = before.mover[OFF] or any(before.mover[point] for point in range(1, 12))
            if step.source == 24 and not passed:
                assert before.mover[24] == CHECKERS, (play, step)


def trapped_run(mover: tuple[int, ...], opponent: tuple[int, ...]) -> tuple[int, ...]:
    """The mover's six points directly in front of every opposing checker on the board, when
    they all stand on one point and the mover holds those six (RULES.md 2.6), else ()."""
    points = [point for point in range(1, 25) if opponent[point]]
    if len(points) != 1:
        return ()
    own = same_direction_own(points[0])
    run = tuple(same_direction_own(o) for o in range(own - 6, own) if o >= 1)
    return run if len(run) == 6 and all(mover[point] for point in run) else ()


@EXAMPLES
@given(fevga_positions(), rolls)
def test_a_trapping_run_is_left_broken_whenever_a_play_can(
    position: Position, dice: tuple[int, int]
) -> None:
    """2.6, decision 14: when every opposing checker is stuck behind six of the mover's
    points, either every legal play leaves those six broken or none can."""
    run = trapped_run(position.mover, position.opponent)
    if not run:
        return
    broken = [
        not all(play.position.mover[point] for point in run) for play in position.legal_plays(dice)
    ]
    assert all(broken) or not any(broken), broken
