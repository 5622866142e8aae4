"""Long Nardy, case by case (RULES.md 2.4, 4, catalogue E25-E34 and the bear-off example of 4.3).

Both players travel the same way round the board; the opponent's head is the mover's 12. Any
opposing checker closes a point and nobody is hit. One checker leaves the head per turn (two on
a first turn with 3-3, 4-4 or 6-6, decision 8), and six points in a row may stand, even for one
step (decision 7), only while an opposing checker is already past them.

Each case is a position in the mover's numbering (unlisted checkers are off), a roll and the set
of legal plays written as in RULES.md; plays are compared by the position they reach, worked out
by hand in ``helpers.py``. The block cases are also walked step by step with ``Turn.refusal``.
"""

from __future__ import annotations

import pytest

from generator.engine import Cube, find_variant
from generator.engine.dice import dice_to_play

from .helpers import (
    assert_refused,
    assert_running_plays,
    layout_of,
    make_running,
    running_after,
)

NARDY = "long-nardy"


# The block rule checked only on the position at the end of the turn (RULES.md 4.2's
# ``nardy_block_check = end``, the preset ``block-at-turn-end``; the product checks after every
# step, decision 7).
AT_THE_END = find_variant(NARDY, rules="block-at-turn-end")


# The head rule (RULES.md 4.1, decision 8) --------------------------------------------------------


def test_one_checker_leaves_the_head_on_the_opening_roll() -> None:
    """E25: with 6-5 the first player moves one checker 24/18/13; a second checker may not
    leave the head (the refusal says why: a first turn, but not 6-6, 4-4 or 3-3)."""
    position = assert_running_plays(NARDY, {24: 15}, {12: 15}, (6, 5), {"24/18/13"})
    assert_refused(position.turn((6, 5)), [(24, 6)], 24, 5, "head_once_first_turn")


def test_a_first_turn_six_six_takes_two_checkers_off_the_head() -> None:
    """E26: both checkers stop on 18 (18/12 is the opponent's head), so two of the four sixes
    are played; a third checker may not leave the head even then."""
    position = assert_running_plays(NARDY, {24: 15}, {12: 14, 3: 1}, (6, 6), {"24/18(2)"})
    turn = position.turn((6, 6))
    assert turn.max_dice == 2
    assert_refused(turn, [(24, 6), (24, 6)], 24, 6, "head_twice")


def test_a_first_turn_five_five_gets_no_exception() -> None:
    """E27: 14/9 is closed by the single opposing checker, and 5-5 is not one of the three
    doubles, so the second five from the head is refused and the checker plays two fives."""
    position = assert_running_plays(NARDY, {24: 15}, {12: 14, 9: 1}, (5, 5), {"24/19/14"})
    assert_refused(position.turn((5, 5)), [(24, 5)], 24, 5, "head_once_first_turn")


@pytest.mark.parametrize(
    ("dice", "plays"),
    [((4, 4), {"24/20/16(2)"}), ((3, 3), {"24/21/18/15 24/21", "24/21/18(2)"})],
    ids=["4-4", "3-3"],
)
def test_a_first_turn_four_four_or_three_three_takes_a_second_checker(
    dice: tuple[int, int], plays: set[str]
) -> None:
    """E28: a lone checker stops in front of the opponent's head (16/12, 15/12), so the second
    checker is compulsory: it lets all four dice be played."""
    position = assert_running_plays(NARDY, {24: 15}, {12: 14, 3: 1}, dice, plays)
    assert position.turn(dice).max_dice == 4
    assert_refused(position.turn(dice), [(24, dice[0]), (24, dice[0])], 24, dice[0], "head_twice")


def test_six_six_later_in_the_game_takes_one_checker_off_the_head() -> None:
    """E33: not the first turn, so 6-6 lets one checker leave the head (24/18, then 18/12 is
    closed) and the checker on 20 plays the other three sixes."""
    position = assert_running_plays(
        NARDY, {24: 14, 20: 1}, {12: 13, 5: 1, 3: 1}, (6, 6), {"24/18 20/14/8/2"}
    )
    assert_refused(position.turn((6, 6)), [(24, 6)], 24, 6, "head_once_not_first_turn")


def test_one_checker_leaves_the_head_on_a_later_non_double() -> None:
    """4.1: after 24/20 no second checker leaves the head with the 1 (E30's position)."""
    position = make_running(NARDY, {24: 9, 11: 1, 10: 2, 9: 1, 8: 1, 7: 1}, {12: 15})
    assert_refused(position.turn((4, 1)), [(24, 4)], 24, 1, "head_once")
    assert position.turn((4, 1)).refusal([(24, 4)], 20, 1) is None


# The six-point block (RULES.md 4.2, decision 7) -------------------------------------------------

E29_MOVER = {24: 9, 14: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}
# Worked by hand: 14/11 would make 11..6 (the opponent's own 23..18) while every opposing
# checker is on its head, behind the run, unless the 2 has first emptied one of 10..6; 14/12
# lands on the opponent's head; one checker leaves the head; nothing bears off.
E29_PLAYS = {
    "24/21/19", "24/21 10/8", "24/21 9/7", "24/21 8/6", "24/21 7/5", "24/21 6/4",
    "14/11 10/8", "14/11 9/7", "14/11 8/6", "14/11 7/5", "14/11 6/4",
    "24/22 10/7", "10/7/5", "10/7 9/7", "10/7 8/6", "10/7 6/4",
    "24/22 9/6", "10/8 9/6", "9/6/4", "9/6 8/6", "9/6 7/5",
    "24/22 8/5", "9/7 8/5", "8/5/3", "8/5 7/5", "8/5 6/4",
    "24/22 7/4", "10/8 7/4", "8/6 7/4", "7/4/2", "7/4 6/4",
    "24/22 6/3", "10/8 6/3", "9/7 6/3", "7/5 6/3", "6/3/1",
}  # fmt: skip


def test_a_six_point_block_may_not_stand_even_for_one_step() -> None:
    """E29: 14/11/9 would hold 11..6 for one step (the other order needs 12, the opponent's
    head), so it is illegal: 36 plays. Checked only at the end, it would be the 37th."""
    assert len(E29_PLAYS) == 36
    position = assert_running_plays(NARDY, E29_MOVER, {12: 15}, (3, 2), E29_PLAYS)
    turn = position.turn((3, 2))
    assert_refused(turn, [], 14, 3, "six_block", first=11, last=6, count=6)
    assert_refused(turn, [], 14, 2, "blocked_landing", point=12)
    assert_running_plays(AT_THE_END, E29_MOVER, {12: 15}, (3, 2), E29_PLAYS | {"14/11/9"})


E30_MOVER = {24: 9, 11: 1, 10: 2, 9: 1, 8: 1, 7: 1}
# Worked by hand: 10/6 would make 11..6 unless the other die has first emptied one of 11..7
# (11/10, 10/9 emptying 10, 9/8, 8/7 or 7/6); 10/6 24/23 never does.
E30_PLAYS = {
    "24/20/19", "24/20 11/10", "24/20 10/9", "24/20 9/8", "24/20 8/7", "24/20 7/6",
    "24/23 11/7", "11/7/6", "11/7 10/9", "11/7 9/8", "11/7 8/7",
    "10/9 10/6", "10/9/5", "9/8 10/6", "8/7 10/6", "7/6 10/6",
    "24/23 9/5", "11/10 9/5", "9/5/4", "9/5 8/7", "9/5 7/6",
    "24/23 8/4", "11/10 8/4", "10/9 8/4", "8/4/3", "8/4 7/6",
    "24/23 7/3", "11/10 7/3", "10/9 7/3", "9/8 7/3", "7/3/2",
}  # fmt: skip
# With one opposing checker on the mover's 3 (the opponent's 15, past the run) the block is
# allowed, so 10/6 24/23 appears; 3 is closed now, and 7/3/2 goes 7/6/2 instead.
E30_PLAYS_ONE_PAST = (
    E30_PLAYS - {"24/23 7/3", "11/10 7/3", "10/9 7/3", "9/8 7/3", "8/4/3", "7/3/2"}
) | {"7/6/2", "24/23 10/6"}


def test_the_sixth_point_may_be_made_only_after_the_other_die_broke_the_run() -> None:
    """E30, S002's own example: 10/6 is legal only after the other die has emptied one of
    7..11; 31 plays, the same whether the block is checked at every step or at the end,
    because each transient run is avoided by playing the other die first."""
    assert len(E30_PLAYS) == 31
    position = assert_running_plays(NARDY, E30_MOVER, {12: 15}, (4, 1), E30_PLAYS)
    turn = position.turn((4, 1))
    assert_refused(turn, [], 10, 4, "six_block", first=11, last=6, count=6)
    assert_refused(turn, [(24, 1)], 10, 4, "six_block", first=11, last=6)
    for first in (11, 10, 9, 8, 7):
        assert turn.refusal([(first, 1)], 10, 4) is None, f"{first}/{first - 1} then 10/6"
    assert_running_plays(AT_THE_END, E30_MOVER, {12: 15}, (4, 1), E30_PLAYS)


def test_a_six_point_block_stands_once_an_opposing_checker_is_past_it() -> None:
    """E30 with one opposing checker past the stretch: 10/6 24/23 is legal; 27 plays."""
    assert len(E30_PLAYS_ONE_PAST) == 27
    opponent = {12: 14, 3: 1}
    position = assert_running_plays(NARDY, E30_MOVER, opponent, (4, 1), E30_PLAYS_ONE_PAST)
    assert position.turn((4, 1)).refusal([], 10, 4) is None


def test_a_six_point_block_stands_once_the_opponent_has_borne_off() -> None:
    """4.2: a borne-off opposing checker is past every run."""
    position = make_running(NARDY, E30_MOVER, {12: 14})
    assert position.turn((4, 1)).refusal([], 10, 4) is None
    reached = {layout_of(play.position) for play in position.legal_plays((4, 1))}
    assert running_after(position, "24/23 10/6") in reached


E31_MOVER = {24: 2, 23: 1, 3: 4, 2: 4, 1: 4}
E31_PLAYS = {
    "23/21 2/1", "3/1 2/1", "23/21/20", "24/23 23/21", "23/21 3/2",
    "24/22 23/22", "23/22 3/1", "24/23 3/1", "3/1 3/2",
}  # fmt: skip


def test_a_six_point_block_wraps_across_the_corner() -> None:
    """E31: 3, 2, 1, 24, 23 are the opponent's 15..11; with 22 they would be six, so 24/22 is
    refused while 24 and 23 are held, and allowed once 23/22 has gone first."""
    position = assert_running_plays(NARDY, E31_MOVER, {12: 5, 10: 5, 5: 5}, (2, 1), E31_PLAYS)
    turn = position.turn((2, 1))
    assert_refused(turn, [], 24, 2, "six_block", first=3, last=22, count=6)
    assert turn.refusal([(23, 1)], 24, 2) is None


def test_a_block_across_the_corner_stands_with_an_opposing_checker_past_it() -> None:
    """E31 with one opposing checker on the mover's 16 (the opponent's 4, past the run):
    24/22 3/2 and 24/22 2/1 become legal too."""
    opponent = {12: 5, 10: 4, 5: 5, 16: 1}
    plays = E31_PLAYS | {"24/22 3/2", "24/22 2/1"}
    position = assert_running_plays(NARDY, E31_MOVER, opponent, (2, 1), plays)
    assert position.turn((2, 1)).refusal([], 24, 2) is None


def test_a_made_up_position_with_a_block_already_standing() -> None:
    """No game reaches it, but a teacher may write it: six points in a row (20..15) already
    stand with no opposing checker past them. The letter of 4.2 holds ("may not exist even
    momentarily"): a step after which the block still stands is refused, so the turn must
    break it first; 24/23/20 keeps it standing throughout."""
    mover = {24: 1, 20: 1, 19: 1, 18: 1, 17: 1, 16: 1, 15: 1}
    turn = make_running(NARDY, mover, {12: 15}).turn((3, 1))
    assert_refused(turn, [], 24, 1, "six_block", first=20, last=15, count=6)
    assert turn.refusal([(16, 1)], 24, 3) is None, "16/15 broke the block: 24/21 may follow"
    plays = {play.notation for play in turn.plays}
    assert "24/23/20" not in plays
    assert {"24/21 16/15", "24/23 20/17", "15/14/11"} <= plays
    # Every point of the block doubled: no single step breaks it, so the turn passes.
    doubled = {point: 2 for point in range(15, 21)}
    assert_running_plays(NARDY, doubled, {12: 15}, (4, 3), set())


# Landing (RULES.md 2.4) -------------------------------------------------------------------------


def test_one_opposing_checker_closes_a_point() -> None:
    """E32: 20/15 is closed by a single checker; the 3 first opens the way 20/17/12."""
    position = assert_running_plays(NARDY, {20: 1, 1: 14}, {15: 1, 14: 14}, (5, 3), {"20/17/12"})
    assert_refused(position.turn((5, 3)), [], 20, 5, "blocked_landing", point=15, count=1)


# Bearing off (RULES.md 4.3, 1.7) ----------------------------------------------------------------


def test_bearing_off_follows_the_common_rule() -> None:
    """E34, S002's example (4.3): the 5 cannot bear off while the 6 is occupied, the 2 cannot
    bear off the 1 over the checker on 3; after 6/4 the 5 bears the highest checker off."""
    position = assert_running_plays(
        NARDY, {6: 1, 3: 1, 1: 1}, {12: 15}, (5, 2), {"6/1 3/1", "6/4/off"}
    )
    turn = position.turn((5, 2))
    assert_refused(turn, [], 1, 2, "overshoot", die=2, higher=6)
    assert turn.refusal([(6, 2)], 4, 5) is None


# Results (RULES.md 1.8, 2.4, decision 6) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "mover", "opponent", "multiplier", "kind"),
    [
        ("mover", {}, {13: 14}, 1, "oin"),
        ("mover", {}, {13: 15}, 2, "mars"),
        ("mover", {}, {24: 10, 1: 5}, 2, "mars"),
        ("opponent", {1: 14}, {}, 1, "oin"),
        ("opponent", {24: 15}, {}, 2, "mars"),
    ],
    ids=["oin", "mars", "mars, none home", "the opponent's oin", "the opponent's mars"],
)
def test_a_win_is_an_oin_or_a_mars(
    winner: str, mover: dict[int, int], opponent: dict[int, int], multiplier: int, kind: str
) -> None:
    """1.8: oin 1; mars 2 when the loser has borne off none; no third kind (no koks)."""
    found = find_variant(NARDY).result(make_running(NARDY, mover, opponent))
    assert found is not None
    assert (found.winner, found.kind, found.multiplier, found.points) == (
        winner,
        kind,
        multiplier,
        multiplier,
    )


def test_a_game_in_progress_has_no_result() -> None:
    nardy = find_variant(NARDY)
    assert nardy.result(nardy.start()) is None


@pytest.mark.parametrize("cube", [2, Cube(2, "mover"), Cube(8, "opponent")], ids=repr)
def test_the_optional_cube_multiplies_the_result(cube: Cube | int) -> None:
    """2.4, decision 6: no cube by default, but a page may show one; the score is the result
    times the cube."""
    value = cube.value if isinstance(cube, Cube) else cube
    nardy = find_variant(NARDY)
    found = nardy.result(make_running(NARDY, {}, {13: 15}), cube)
    assert found is not None
    assert (found.multiplier, found.cube, found.points) == (2, value, 2 * value)
    assert not nardy.has_cube


# When no rule of Long Nardy's but the head can bite, the fast search answers ---------------------
# (Variant.plain_turn, with the head limit as a count; test_plain_turns.py compares the plays.)

FIVE_IN_A_ROW = {24: 10, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}


@pytest.mark.parametrize(
    ("mover", "opponent", "dice", "plain"),
    [
        # 1..5 held and 6 open: the 6 or the 5 could make six in a row with no opposing checker
        # past them (the opponent's fifteen still on their head, the mover's 12).
        (FIVE_IN_A_ROW, {12: 15}, (6, 5), False),
        # One opposing checker on the mover's 20 is past them: such a block may stand.
        (FIVE_IN_A_ROW, {12: 14, 20: 1}, (6, 5), True),
        # Points open of the six: a non-double takes at most two, a double up to four.
        ({24: 11, 4: 1, 3: 1, 2: 1, 1: 1}, {12: 15}, (6, 5), False),
        ({13: 12, 3: 1, 2: 1, 1: 1}, {12: 15}, (6, 5), True),
        ({13: 12, 3: 1, 2: 1, 1: 1}, {12: 15}, (3, 3), False),
        # Six in a row along the opponent's way may run on from the mover's 1 to their 24.
        ({24: 12, 3: 1, 2: 1, 1: 1}, {12: 15}, (6, 5), False),
    ],
)
def test_a_turn_is_plain_only_when_no_six_point_block_is_within_reach(
    mover: dict[int, int], opponent: dict[int, int], dice: tuple[int, int], plain: bool
) -> None:
    nardy = find_variant(NARDY)
    position = nardy.position(mover=mover, opponent=opponent)
    assert nardy.plain_turn(position, dice_to_play(dice)) is plain


def test_the_head_limit_is_a_count_for_the_fast_search() -> None:
    nardy = find_variant(NARDY)
    start = nardy.start()
    assert nardy.start_leaving_limit(start, dice_to_play((6, 5))) == (1, 0)
    assert nardy.start_leaving_limit(start, dice_to_play((6, 6))) == (2, 0)  # the first turn's 6-6
    # Switched off, the limit is no count: the first turn's refusal has a code of its own.
    assert nardy.without({"head_once"}).start_leaving_limit(start, dice_to_play((6, 5))) == (1, 0)
    assert nardy.without({"head_once_first_turn"}).start_leaving_limit(start, (6, 5)) == (15, 0)
    # Whether the limit yields on a first turn is the waiver's question, not the count's.
    yielding = find_variant(NARDY, rules="head-unplayable-dice")
    assert not yielding.plain_turn(yielding.start(), dice_to_play((5, 5)))
