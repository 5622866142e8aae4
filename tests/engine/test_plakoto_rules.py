"""Plakoto, case by case (RULES.md 2.7, catalogue E38-E41, decisions 10 and 13).

Backgammon's geometry without a bar: landing on a lone opposing checker pins it (``^``) instead
of hitting it. A pinned checker cannot move and stays counted on its point; its point belongs to
the pinner; nobody bears off while a checker of theirs is pinned. Pinning the opponent's last
checker on its start (the mother) ends the game at once for 2, unless the pinner still has a
checker on its own start; both mothers pinned is a draw.

Each case is a position in the mover's numbering (unlisted checkers are off; ``pinned`` lists
the pinned checkers), a roll and the set of legal plays written as in RULES.md; plays are
compared by the position they reach, pins included, worked out by hand in ``helpers.py``.
"""

from __future__ import annotations

import pytest

from generator.engine import Cube, Position, PositionError, Result, find_variant

from .helpers import assert_refused, assert_running_plays, layout_of, make_running, running_after

PLAKOTO = "plakoto"
ROLLS = [(first, second) for first in range(1, 7) for second in range(first, 7)]


def result_of(position: Position) -> Result | None:
    return find_variant(PLAKOTO).result(position)


# Pinning (RULES.md 2.7) -------------------------------------------------------------------------

E38_MOVER = {24: 13, 13: 1, 10: 1}
E38_OPPONENT = {8: 1, 1: 14}
# Worked by hand: the opponent's 1 is closed (14 checkers); 13/8 and 10/8 land on the lone
# checker on 8 and pin it, and then the other may join; 13/8^/6 frees it again (the same
# position as 13/11/6), and so does 10/8^/3 (10/5/3).
E38_PLAYS = {
    "24/19 24/22", "24/19/17", "24/19 13/11", "24/19 10/8^", "24/22 13/8^",
    "13/8^/6", "13/8^ 10/8", "24/22 10/5", "13/11 10/5", "10/5/3",
}  # fmt: skip


def test_landing_on_a_lone_checker_pins_it() -> None:
    """E38: 13/8^ pins the opponent's checker, which stays on its point; the pinner's point
    takes more of the mover's checkers (13/8^ 10/8)."""
    position = assert_running_plays(PLAKOTO, E38_MOVER, E38_OPPONENT, (5, 2), E38_PLAYS)
    pin = next(s for s in position.turn((5, 2)).legal_steps() if (s.source, s.die) == (13, 5))
    assert (pin.destination, pin.pin, pin.hit) == (8, True, False)
    pinned = running_after(position, "24/22 13/8^")
    assert (pinned.mover[8], pinned.opponent[8], pinned.opponent_pinned) == (1, 1, {8})


def test_the_opponent_can_never_land_on_or_leave_a_pinned_point() -> None:
    """E38: after 24/22 13/8^, the opponent (to move next) has a pinned checker on its own 17
    (the mover's 8): for no roll does a play move it or land there."""
    position = make_running(PLAKOTO, E38_MOVER, E38_OPPONENT)
    play = next(
        p
        for p in position.legal_plays((5, 2))
        if layout_of(p.position) == running_after(position, "24/22 13/8^")
    )
    turned = play.position.turned()
    assert turned.mover_pinned == {17} and turned.mover[17] == 1
    for dice in ROLLS:
        for reply in turned.legal_plays(dice):
            assert all(17 not in (s.source, s.destination) for s in reply.steps), (dice, reply)
    turn = turned.turn((6, 1))
    assert_refused(turn, [(24, 6)], 18, 1, "held_over_pin", point=17)
    assert_refused(turn, [], 17, 6, "checker_pinned", point=17)


E39_PLAYS = {
    "24/18 24/22", "24/18/16", "24/18 16/14", "24/22 12/6", "16/14 12/6", "12/6/4", "16/14/8",
}  # fmt: skip


def test_a_pinned_checker_does_not_move_and_its_point_is_closed() -> None:
    """E39: the mover's checker on 10 lies pinned: no step starts from 10, and 16/10 and 12/10
    are closed (the point belongs to the opponent); 16/14 12/6 is legal."""
    position = assert_running_plays(
        PLAKOTO,
        {24: 12, 16: 1, 12: 1, 10: 1},
        {10: 1, 1: 14},
        (6, 2),
        E39_PLAYS,
        pinned=[("mover", 10)],
    )
    turn = position.turn((6, 2))
    assert_refused(turn, [], 10, 6, "checker_pinned", point=10)
    assert_refused(turn, [], 10, 2, "checker_pinned", point=10)
    assert_refused(turn, [], 16, 6, "held_over_pin", point=10)
    assert_refused(turn, [], 12, 2, "held_over_pin", point=10)


# Bearing off (RULES.md 2.7, decision 10) --------------------------------------------------------

E41_MOVER = {6: 3, 4: 4, 3: 1, 2: 4, 1: 3}


def test_nobody_bears_off_while_a_checker_of_theirs_is_pinned() -> None:
    """E41: every mover checker is home, but the one on 3 is pinned: nothing bears off, so
    the 6 cannot be played at all and the 5 moves 6/1."""
    position = assert_running_plays(
        PLAKOTO, E41_MOVER, {3: 1, 22: 14}, (6, 5), {"6/1"}, pinned=[("mover", 3)]
    )
    turn = position.turn((6, 5))
    assert_refused(turn, [], 6, 6, "pinned_cannot_bear_off", point=3)
    assert_refused(turn, [(6, 5)], 6, 6, "pinned_cannot_bear_off", point=3)


def test_with_the_pin_gone_the_same_checkers_bear_off() -> None:
    """E41 with the pin gone (``Opp{22:15}``): 6/1 6/off."""
    assert_running_plays(PLAKOTO, E41_MOVER, {22: 15}, (6, 5), {"6/1 6/off"})


# The mother (RULES.md 2.7, decisions 10 and 13) --------------------------------------------------

MOTHER_ALONE = {1: 1, 19: 7, 20: 7}


def test_pinning_the_mother_ends_the_game_at_once() -> None:
    """E40: 7/1^ pins the opponent's last checker on its start while the mover's start is
    empty: the game ends there, the 3 is not played (``7/1^ 3/off`` is not a play) and the
    mover wins 2. Worked by hand: the 3 may come first (6/3 or 5/2, then 7/1^), or 7/4 and
    then the 6 bears a checker off the 6."""
    plays = {"7/1^", "6/3 7/1^", "5/2 7/1^", "7/4 6/off"}
    position = assert_running_plays(
        PLAKOTO, {7: 1, 6: 4, 5: 4, 3: 4, 2: 2}, MOTHER_ALONE, (6, 3), plays
    )
    turn = position.turn((6, 3))
    assert turn.max_dice == 2
    assert_refused(turn, [(7, 6)], 3, 3, "game_over")
    assert turn.legal_steps([(7, 6)]) == []
    for play in turn.plays:
        found = result_of(play.position)
        if play.steps[-1].pin:
            assert found == Result("mover", "mother", 2), play
            assert found.points == 2
        else:
            assert found is None, play


E40_GOES_ON = {
    "24/18/15", "24/18 13/10", "24/18 7/4", "24/18 5/2",
    "24/21 13/7", "13/7 13/10", "13/7/4", "13/7 5/2",
    "7/1^ 24/21", "7/1^ 13/10", "7/1^ 5/2",
}  # fmt: skip


def test_a_pinned_mother_does_not_end_the_game_while_the_pinner_holds_its_start() -> None:
    """E40, second part: with a checker on its own 24 the mover's pin does not end the game:
    ``7/1^ 13/10`` is legal and ``7/1^`` alone is not; ``7/1^ 24/21`` ends the game when the
    mover's start empties (decision 10), for 2."""
    position = assert_running_plays(
        PLAKOTO, {24: 1, 13: 12, 7: 1, 5: 1}, MOTHER_ALONE, (6, 3), E40_GOES_ON
    )
    turn = position.turn((6, 3))
    assert turn.refusal([(7, 6)], 13, 3) is None
    assert turn.refusal([(7, 6)], 24, 3) is None
    by_layout = {layout_of(play.position): play for play in turn.plays}
    goes_on = by_layout[running_after(position, "7/1^ 13/10")]
    assert result_of(goes_on.position) is None
    assert goes_on.position.opponent_pinned == {1}
    ends = by_layout[running_after(position, "7/1^ 24/21")]
    assert result_of(ends.position) == Result("mover", "mother", 2)


def test_pinning_the_pinners_mother_is_a_draw() -> None:
    """2.7, decision 10 [hand]: the mover's mother lies pinned on 24, but the pinner kept its
    own mother on its start (the mover's 1), so the game went on; 7/1^ pins it: both mothers
    are pinned, the game ends at once, a draw. The 1 may come first (6/5); 7/6 would leave
    the 6 unplayable."""
    position = assert_running_plays(
        PLAKOTO,
        {24: 1, 7: 1, 6: 13},
        {24: 1, 1: 1, 19: 13},
        (6, 1),
        {"7/1^", "6/5 7/1^"},
        pinned=[("mover", 24)],
    )
    for play in position.legal_plays((6, 1)):
        found = result_of(play.position)
        assert found is not None, play
        assert (found.winner, found.multiplier, found.points) == (None, 0, 0)


# Results (RULES.md 1.8, 2.7, decision 10) --------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "mover", "opponent", "multiplier"),
    [
        ("mover", {}, {19: 14}, 1),
        ("mover", {}, {19: 15}, 2),
        ("mover", {}, {6: 1, 19: 14}, 2),
        ("opponent", {6: 14}, {}, 1),
        ("opponent", {6: 15}, {}, 2),
    ],
    ids=["single", "double", "double, no triple", "the opponent's single", "the opponent's double"],
)
def test_a_win_by_bearing_off_scores_one_or_two(
    winner: str, mover: dict[int, int], opponent: dict[int, int], multiplier: int
) -> None:
    """1.8: 1, or 2 when the loser has borne off none; no triple."""
    found = result_of(make_running(PLAKOTO, mover, opponent))
    assert found is not None
    assert (found.winner, found.multiplier, found.points) == (winner, multiplier, multiplier)


@pytest.mark.parametrize(
    ("mover", "opponent", "pinned", "expected"),
    [
        (
            {1: 1, 6: 14},
            {1: 1, 19: 14},
            [("opponent", 1)],
            Result("mover", "mother", 2),
        ),
        (
            {24: 1, 6: 14},
            {24: 1, 19: 14},
            [("mover", 24)],
            Result("opponent", "mother", 2),
        ),
        (
            {24: 1, 1: 1, 6: 13},
            {24: 1, 1: 1, 19: 13},
            [("mover", 24), ("opponent", 1)],
            Result(None, "draw", 0),
        ),
        ({24: 1, 1: 1, 6: 13}, {1: 1, 19: 14}, [("opponent", 1)], None),
        ({24: 1, 6: 14}, {24: 1, 1: 1, 19: 13}, [("mover", 24)], None),
    ],
    ids=[
        "the opponent's mother pinned",
        "the mover's mother pinned",
        "both mothers pinned",
        "the pinner still holds its start",
        "the opponent still holds its start",
    ],
)
def test_a_pinned_mother_wins_two_unless_the_pinner_holds_its_start(
    mover: dict[int, int],
    opponent: dict[int, int],
    pinned: list[tuple[str, int]],
    expected: Result | None,
) -> None:
    """2.7, decision 10: the mother pinned with the pinner's start empty wins 2 (kind
    "mother"); both mothers pinned is a draw (no winner, 0); while the pinner still has a
    checker on its own start the game goes on."""
    found = result_of(make_running(PLAKOTO, mover, opponent, pinned))
    assert found == expected
    if found is not None:
        assert found.points == found.multiplier


@pytest.mark.parametrize("cube", [2, Cube(2, "mover")], ids=repr)
def test_plakoto_has_no_cube(cube: Cube | int) -> None:
    """1.8, 2.7: no cube."""
    with pytest.raises(PositionError):
        find_variant(PLAKOTO).result(make_running(PLAKOTO, {}, {19: 15}), cube)


# When Plakoto's own rules cannot bite, the fast search answers (Variant.plain_turn) ------------
# (Those turns are compared with Plakoto's own rules in test_plain_turns.py.)


@pytest.mark.parametrize(
    ("mover", "dice", "plain"),
    [
        ({24: 15}, (6, 5), True),  # 18, 17 and 23 are empty: nothing can land on 12
        ({24: 14, 18: 1}, (6, 5), False),  # 18/12 pins it with the 6
        ({24: 14, 23: 1}, (6, 5), False),  # 23/17/12 or 23/18/12, both dice
        ({24: 15}, (3, 3), False),  # 24/21/18/15/12, four threes
        ({24: 15}, (5, 5), True),  # 12 is no number of fives from 24
    ],
)
def test_a_lone_checker_keeps_the_pin_in_play_only_within_reach(
    mover: dict[int, int], dice: tuple[int, ...], plain: bool
) -> None:
    plakoto = find_variant(PLAKOTO)
    position = plakoto.position(mover=mover, opponent={12: 1, 1: 14})
    played = (dice[0],) * 4 if dice[0] == dice[1] else dice[:2]
    assert plakoto.plain_turn(position, played) is plain
    pins = {play.notation for play in position.legal_plays(dice[:2]) if "^" in play.notation}
    assert bool(pins) is not plain
