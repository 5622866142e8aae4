"""Invariants of every turn, over random positions of backgammon and Turkish Tavla and all rolls.

Whatever the position, the legal plays of a roll keep every checker, are reachable step by step
through steps the rules allow, lead to different positions, use the same number of dice, read
back from their own notation, and leave the position and the dice untouched (RULES.md 1.3-1.7,
3.4; STYLE.md habit 10).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import BAR, CHECKERS, OFF, Position, Step, Turn, find_variant
from generator.engine.notation import parse_play

from .helpers import apply_hops, board_of
from .strategies import positions, rolls

VARIANTS = ("backgammon", "turkish-tavla")
EXAMPLES = settings(deadline=None)

any_position = st.sampled_from(VARIANTS).flatmap(positions)


def snapshot(position: Position) -> tuple[object, ...]:
    return (
        position.variant,
        position.mover,
        position.opponent,
        position.mover_pinned,
        position.opponent_pinned,
        repr(position),
        hash(position),
    )


def won(position: Position) -> bool:
    return position.mover[OFF] == CHECKERS


@EXAMPLES
@given(any_position, rolls)
def test_every_checker_is_kept(position: Position, dice: tuple[int, int]) -> None:
    """1.2: each side has 15 checkers on its bar, the points and off, after every play."""
    for play in position.legal_plays(dice):
        assert sum(play.position.mover) == CHECKERS
        assert sum(play.position.opponent) == CHECKERS
        for point in range(1, 25):
            assert not (play.position.mover[point] and play.position.opponent[point])


@EXAMPLES
@given(any_position, rolls)
def test_every_play_is_reachable_step_by_step(position: Position, dice: tuple[int, int]) -> None:
    """1.4, 1.3: each step of a play is allowed after the steps before it, moves one checker
    exactly its die (or bears it off), and the steps made by hand give the play's position."""
    turn = position.turn(dice)
    for play in turn.plays:
        played: list[Step] = []
        for step in play.steps:
            assert turn.refusal(played, step.source, step.die) is None, (play, step)
            if step.destination == OFF:
                assert step.source - step.die <= 0
            else:
                assert step.destination == step.source - step.die
            played.append(step)
        hops = [(step.source, step.destination) for step in play.steps]
        assert apply_hops(board_of(position), hops) == board_of(play.position), play


@EXAMPLES
@given(any_position, rolls)
def test_no_two_plays_reach_the_same_position(position: Position, dice: tuple[int, int]) -> None:
    """1.3: plays are distinct final positions."""
    boards = [board_of(play.position) for play in position.legal_plays(dice)]
    assert len(boards) == len(set(boards))


@EXAMPLES
@given(any_position, rolls)
def test_every_play_uses_the_most_dice_that_can_be_used(
    position: Position, dice: tuple[int, int]
) -> None:
    """1.5.1, 1.5.3: every play uses the same number of dice, ``max_dice``; no play exists
    exactly when it is 0. A play that bears off the last checker ends the game and counts as
    using every die."""
    turn = position.turn(dice)
    assert (turn.max_dice == 0) == (not turn.plays)
    for play in turn.plays:
        if won(play.position):
            assert len(play.steps) <= turn.max_dice
        else:
            assert len(play.steps) == turn.max_dice, play


@EXAMPLES
@given(any_position, rolls)
def test_only_the_higher_die_when_one_die_can_be_played(
    position: Position, dice: tuple[int, int]
) -> None:
    """1.5.2: a non-double of which one die can be played: if any play uses the higher die,
    all do."""
    turn = position.turn(dice)
    if dice[0] == dice[1] or turn.max_dice != 1:
        return
    higher = max(dice)
    uses_higher = [play.steps[0].die == higher for play in turn.plays if play.steps]
    assert all(uses_higher) or not any(uses_higher)


@EXAMPLES
@given(any_position, rolls)
def test_a_turn_passes_exactly_when_every_first_step_is_refused(
    position: Position, dice: tuple[int, int]
) -> None:
    """1.5.3: no legal first step and no legal play go together."""
    turn = position.turn(dice)
    assert (not turn.legal_steps([])) == (not turn.plays)


@EXAMPLES
@given(any_position, rolls)
def test_every_play_reads_back_from_its_notation(position: Position, dice: tuple[int, int]) -> None:
    """1.3: the printed notation of a play parses back to the same play."""
    for play in position.legal_plays(dice):
        assert parse_play(position, dice, play.notation).position == play.position, play


@EXAMPLES
@given(any_position, rolls)
def test_the_order_of_the_dice_does_not_matter(position: Position, dice: tuple[int, int]) -> None:
    """1.4: 6-4 and 4-6 are the same roll."""
    forward = {board_of(play.position) for play in position.legal_plays(dice)}
    backward = {board_of(play.position) for play in position.legal_plays(dice[::-1])}
    assert forward == backward


@EXAMPLES
@given(any_position, rolls)
def test_asking_changes_nothing(position: Position, dice: tuple[int, int]) -> None:
    """STYLE.md habit 10: read-only calls leave the position, the dice and the steps alone."""
    before = snapshot(position)
    dice_list = list(dice)
    turn = Turn(position, dice_list)
    plays = position.legal_plays(dice)
    steps = turn.legal_steps([])
    played = [(steps[0].source, steps[0].die)] if steps else []
    played_before = list(played)
    turn.legal_steps(played)
    for source in (BAR, 24, 13, 6, 1):
        turn.refusal(played, source, dice[0])
    for play in plays:
        parse_play(position, dice, play.notation)
    assert snapshot(position) == before
    assert dice_list == list(dice)
    assert played == played_before
    assert position.legal_plays(dice) == plays


@EXAMPLES
@given(positions("backgammon"), rolls)
def test_turkish_limits_never_cost_a_die_and_only_remove_plays(
    position: Position, dice: tuple[int, int]
) -> None:
    """3.4 (``fewer_dice``): the home-board limits never cost the mover a die they could
    otherwise play, and every Turkish play is a backgammon play of the same board."""
    standard = position.turn(dice)
    board = board_of(position)
    turkish = find_variant("turkish-tavla").position(
        mover=_counts(board[0]), opponent=_counts(board[1])
    )
    assert board_of(turkish) == board
    limited = turkish.turn(dice)
    assert limited.max_dice == standard.max_dice
    assert {board_of(p.position) for p in limited.plays} <= {
        board_of(p.position) for p in standard.plays
    }


def _counts(side: tuple[int, ...]) -> dict[int | str, int]:
    counts: dict[int | str, int] = {point: side[point] for point in range(1, 25) if side[point]}
    if side[BAR]:
        counts["bar"] = side[BAR]
    return counts
