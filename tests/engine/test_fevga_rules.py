"""Fevga, case by case (RULES.md 2.6, catalogue E35-E37, decisions 9, 12 and 14).

Long Nardy's geometry and landing (one opposing checker closes a point, nobody is hit), with
three rules of its own: the first checker off the start must pass the opponent's start (the
mover's 11 or lower) before another may leave; no turn may end with the mover holding all six
points 19..24 (checked at the end of the turn, decision 9); and a run of six in front of every
opposing checker must be left broken when a play with the most dice can (decision 14).

Each case is a position in the mover's numbering (unlisted checkers are off), a roll and the set
of legal plays written as in RULES.md; plays are compared by the position they reach, worked out
by hand in ``helpers.py``.
"""

from __future__ import annotations

import pytest

from generator.engine import Cube, PositionError, find_variant
from generator.engine.fevga import Fevga

from .helpers import assert_refused, assert_running_plays, make_running

FEVGA = "fevga"


class FevgaQuarterAtEveryStep(Fevga):
    """The starting-quarter rule checked after every step (RULES.md 2.6's
    ``fevga_quarter_check = step``; the product checks at the end, decision 9)."""

    quarter_check = "step"


AT_EVERY_STEP = FevgaQuarterAtEveryStep()


# The runner (RULES.md 2.6, decision 9) ----------------------------------------------------------


def test_on_the_opening_six_six_only_the_runner_moves() -> None:
    """E35: the runner stops on 18 in front of the opponent's start; no other checker may
    leave the start until it has passed, so one six is played."""
    position = assert_running_plays(FEVGA, {24: 15}, {12: 15}, (6, 6), {"24/18"})
    turn = position.turn((6, 6))
    assert turn.max_dice == 1
    assert_refused(turn, [(24, 6)], 24, 6, "runner_not_passed", point=18)


def test_once_the_runner_passes_any_checker_may_move() -> None:
    """E36: 13/7 passes the opponent's start; the other three sixes may then leave the
    start (18/12 is closed, so they stop on 18), or one of them carries the runner on."""
    position = assert_running_plays(
        FEVGA, {24: 14, 13: 1}, {12: 15}, (6, 6), {"13/7 24/18(3)", "13/7/1 24/18(2)"}
    )
    turn = position.turn((6, 6))
    assert_refused(turn, [], 24, 6, "runner_not_passed", point=13)
    assert turn.refusal([(13, 6)], 24, 6) is None


def test_a_runner_on_the_opponents_empty_start_has_not_passed() -> None:
    """Decision 9: the runner has passed once it stands on the mover's 11 or lower; the 12,
    even with the opponent's start empty, is not enough. Worked by hand: the runner goes
    13/12/11 first, then the other two ones go anywhere."""
    plays = {
        "13/12/11/10/9",
        "24/23 13/12/11/10",
        "24/23(2) 13/12/11",
        "24/23/22 13/12/11",
    }
    position = assert_running_plays(FEVGA, {24: 14, 13: 1}, {3: 15}, (1, 1), plays)
    turn = position.turn((1, 1))
    assert_refused(turn, [(13, 1)], 24, 1, "runner_not_passed", point=12)
    assert turn.refusal([(13, 1), (12, 1)], 24, 1) is None


# The starting quarter (RULES.md 2.6, decisions 9 and 12) -----------------------------------------

E37_MOVER = {24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 5: 2}
# Worked by hand: 20/15 is closed; a play that ends with a checker on 19 must empty one of
# 20..23 (24 keeps eight); 21/16/15 and 21/20/15 are closed.
E37_PLAYS = {
    "24/19/18", "24/19 23/22", "24/19 22/21", "24/19 21/20", "24/19 20/19",
    "23/18/17", "23/18 22/21", "23/18 21/20", "23/18 20/19", "23/18 5/4",
    "24/23 22/17", "22/17/16", "22/17 21/20", "22/17 20/19", "22/17 5/4",
    "24/23 21/16", "23/22 21/16", "21/16 20/19", "21/16 5/4",
}  # fmt: skip


def test_no_turn_ends_holding_the_whole_starting_quarter() -> None:
    """E37: 19 legal positions, none with 19..24 all held: 24/19 5/4 is illegal, 21/20 24/19
    and 20/19 24/19 are legal. Checked at the end of the turn, 24/19 may come first and a
    later step reopens the quarter; a step after which every continuation leaves it closed
    is refused."""
    assert len(E37_PLAYS) == 19
    position = assert_running_plays(FEVGA, E37_MOVER, {15: 5, 14: 10}, (5, 1), E37_PLAYS)
    turn = position.turn((5, 1))
    assert turn.refusal([], 24, 5) is None
    assert turn.refusal([(24, 5)], 20, 1) is None
    assert turn.refusal([(24, 5)], 21, 1) is None
    assert_refused(turn, [(24, 5)], 5, 1, "starting_quarter")
    assert_refused(turn, [(24, 5)], 24, 1, "starting_quarter")


def test_checked_at_every_step_the_reopening_die_goes_first() -> None:
    """E37 under ``step``: 24/19 first is refused, the reopening 1 must be played first; the
    final positions coincide with ``end``'s."""
    position = assert_running_plays(AT_EVERY_STEP, E37_MOVER, {15: 5, 14: 10}, (5, 1), E37_PLAYS)
    turn = position.turn((5, 1))
    assert_refused(turn, [], 24, 5, "starting_quarter")
    assert turn.refusal([(20, 1)], 24, 5) is None


def test_a_step_that_closes_the_quarter_for_good_is_refused() -> None:
    """2.6, decision 9 [hand]: with two checkers on each of 20..23 and 19/18 closed, nothing
    reopens the quarter after 24/19, so 24/19 is refused although it is the first step.
    Worked by hand: every other 5 (22/17, 21/16, 20/15) plays with any 1 that does not put a
    checker on 19 while 20 is held."""
    mover = {24: 5, 23: 2, 22: 2, 21: 2, 20: 2, 5: 2}
    plays = {
        "24/23 22/17", "23/22/17", "22/17 22/21", "22/17 21/20", "22/17 5/4", "22/17/16",
        "24/23 21/16", "23/22 21/16", "21/16 21/20", "21/16 5/4", "21/16/15",
        "24/23 20/15", "23/22 20/15", "22/21 20/15", "20/19 20/15", "20/15 5/4",
    }  # fmt: skip
    position = assert_running_plays(FEVGA, mover, {18: 1, 14: 14}, (5, 1), plays)
    assert_refused(position.turn((5, 1)), [], 24, 5, "starting_quarter")


# Worked by hand: the passed checker on 10 cannot move (9 and 5 are closed), every 5 but 24/19
# is closed (18..14), and every 1 keeps 20..24 held. So every play of both dice ends with
# 19..24 all held; the 5 alone (24/19) too. Decision 12: the 1 is played, where it leaves 19
# empty.
QUARTER_MOVER = {24: 6, 23: 2, 22: 2, 21: 2, 20: 2, 10: 1}
QUARTER_OPPONENT = {18: 1, 17: 1, 16: 1, 15: 1, 14: 1, 9: 5, 5: 5}


def test_when_both_dice_would_close_the_quarter_one_die_is_played() -> None:
    """Decision 12: the end-of-turn filter comes first, then must-play picks among what is
    left: here only the 1 can be played without closing the quarter, so it is, alone."""
    position = assert_running_plays(
        FEVGA, QUARTER_MOVER, QUARTER_OPPONENT, (5, 1), {"24/23", "23/22", "22/21", "21/20"}
    )
    turn = position.turn((5, 1))
    assert turn.max_dice == 1
    assert_refused(turn, [], 24, 5, "starting_quarter")


def test_a_one_that_closes_the_quarter_is_refused_for_the_quarter() -> None:
    """Decision 12: 20/19 with the 1 ends the turn with 19..24 all held; that is why it is
    refused (the higher die cannot be played at all, so "play the higher" is no reason)."""
    position = make_running(FEVGA, QUARTER_MOVER, QUARTER_OPPONENT)
    assert_refused(position.turn((5, 1)), [], 20, 1, "starting_quarter")


# The duty to unblock (RULES.md 2.6, decision 14) -------------------------------------------------


def test_a_play_must_leave_the_trapping_run_broken_when_it_can() -> None:
    """Decision 14 [hand]: every opposing checker is on the mover's 8 (the opponent's 20) with
    the mover holding 7..2 in front of it. With 6-5 the plays of both dice are 13/7/2 (the
    run stays), 13/7 6/1 and 7/1 6/1 (both break it); the duty leaves the last two."""
    mover = {13: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1}
    position = assert_running_plays(FEVGA, mover, {8: 3}, (6, 5), {"13/7 6/1", "7/1 6/1"})
    turn = position.turn((6, 5))
    assert_refused(turn, [(13, 6)], 7, 5, "must_unblock", point=8)
    assert_refused(turn, [], 7, 5, "must_unblock", point=8)
    assert turn.refusal([(13, 6)], 6, 5) is None


def test_the_duty_yields_when_no_play_of_the_most_dice_breaks_the_run() -> None:
    """Decision 14 [hand]: the same trap with three checkers on 7 and two on each of 6..2.
    With 6-5 no point of the run can be emptied (7 would need three steps; 6 only has 6/1,
    since nothing bears off while 13 is out), so the duty yields and every play of both dice
    is legal."""
    mover = {13: 1, 7: 3, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2}
    plays = {"13/7/2", "13/7 6/1", "7/1 7/2", "7/1 6/1"}
    assert_running_plays(FEVGA, mover, {8: 3}, (6, 5), plays)


# Results (RULES.md 1.8, 2.6) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "mover", "opponent", "multiplier"),
    [
        ("mover", {}, {13: 14}, 1),
        ("mover", {}, {13: 15}, 2),
        ("opponent", {1: 14}, {}, 1),
        ("opponent", {24: 15}, {}, 2),
    ],
    ids=["single", "mars", "the opponent's single", "the opponent's mars"],
)
def test_a_win_scores_one_or_two(
    winner: str, mover: dict[int, int], opponent: dict[int, int], multiplier: int
) -> None:
    """1.8: 1, or 2 when the loser has borne off none."""
    found = find_variant(FEVGA).result(make_running(FEVGA, mover, opponent))
    assert found is not None
    assert (found.winner, found.multiplier, found.points) == (winner, multiplier, multiplier)


@pytest.mark.parametrize("cube", [2, Cube(2, "mover")], ids=repr)
def test_fevga_has_no_cube(cube: Cube | int) -> None:
    """1.8, 2.6: no cube."""
    with pytest.raises(PositionError):
        find_variant(FEVGA).result(make_running(FEVGA, {}, {13: 15}), cube)


# When Fevga's own rules cannot bite, the fast search answers (Variant.plain_turn) ---------------


@pytest.mark.parametrize(
    ("mover", "opponent", "plain"),
    [
        ({6: 5, 5: 5, 4: 5}, {13: 15}, True),  # a race home: no rule of Fevga's can bite
        # The runner rule is no bar: plain.py keeps it as a count of checkers leaving the
        # start, lifted once the runner passes, whether or not it can pass this turn.
        ({24: 14, 19: 1}, {12: 15}, True),
        ({24: 14, 16: 1}, {12: 15}, True),
        ({24: 15}, {12: 15}, True),
        # The starting quarter: six checkers on it with two points open could close them with
        # the two dice; five checkers cannot hold six points, nor can six with three open.
        ({24: 2, 23: 2, 22: 1, 20: 1, 6: 9}, {12: 15}, False),
        ({24: 2, 23: 2, 22: 1, 6: 10}, {12: 15}, True),
        ({24: 14, 10: 1}, {12: 15}, True),
        # Every opposing checker trapped behind the mover's six (decision 14): the duty chooses.
        ({18: 2, 17: 2, 16: 2, 15: 2, 14: 2, 13: 2, 6: 3}, {19: 15}, False),
    ],
)
def test_a_turn_is_plain_only_when_no_rule_of_fevgas_can_bite(
    mover: dict[int, int], opponent: dict[int, int], plain: bool
) -> None:
    fevga = find_variant(FEVGA)
    position = fevga.position(mover=mover, opponent=opponent)
    assert fevga.plain_turn(position, (5, 2)) is plain


def test_the_runner_rule_is_a_count_lifted_once_the_runner_passes() -> None:
    """For the fast search: how many may leave the start, and where the runner has passed."""
    fevga = find_variant(FEVGA)
    quarter = find_variant(FEVGA, rules="runner-quarter")
    start = fevga.start()
    assert fevga.start_leaving_limit(start, (6, 5)) == (1, 11)  # the first to leave runs
    assert quarter.start_leaving_limit(start, (6, 5)) == (1, 12)  # reaching 12 is enough
    runner = fevga.position(mover={24: 14, 16: 1}, opponent={12: 15})
    assert fevga.start_leaving_limit(runner, (6, 5)) == (0, 11)
    passed = fevga.position(mover={24: 13, 16: 1, 10: 1}, opponent={12: 15})
    assert fevga.start_leaving_limit(passed, (6, 5)) == (15, 0)  # for good


def test_the_starting_quarter_may_be_closed_by_a_checker_moving_more_than_one_die() -> None:
    # 19 and 20 open: 21/20/19 and 21/20 with 1-1 would close both, the 19 two pips from the
    # nearest checker. So the turn is no plain one, and no play may end holding all six.
    fevga = find_variant(FEVGA)
    position = fevga.position(mover={24: 1, 23: 1, 22: 1, 21: 3, 6: 9}, opponent={12: 15})
    assert not fevga.plain_turn(position, (1, 1, 1, 1))
    plays = position.legal_plays((1, 1))
    assert plays and not any(all(p.position.mover[19:25]) for p in plays)
