"""Western backgammon's movement, case by case (RULES.md 1.4-1.7, 2.1, catalogue E1-E13, E24).

Tavla Classic, Tavla Modern and Portes move exactly like backgammon (RULES.md 2.2, 2.5), so every
case runs for them too. Turkish Tavla shares the standard movement as well (the heading of the
catalogue's first part); its home-board limits (RULES.md 3) change nothing in the cases below
except E10, whose Turkish answer is E19 (``test_turkish_tavla_rules.py``).

Each case is a position in the mover's numbering (unlisted checkers are off), a roll and the set
of legal plays written as in RULES.md; plays are compared by the position they reach, worked out
by hand in ``helpers.py``.
"""

from __future__ import annotations

import pytest

from generator.engine import find_variant

from .helpers import assert_plays, engine_boards, expected_boards

SAME_MOVEMENT = ("backgammon", "tavla-classic", "tavla-modern", "portes")
HITTING_GAMES = (*SAME_MOVEMENT, "turkish-tavla")


@pytest.fixture(params=HITTING_GAMES)
def variant(request: pytest.FixtureRequest) -> str:
    """Every hitting game, for the cases that no Turkish home-board limit touches."""
    return str(request.param)


@pytest.fixture(params=SAME_MOVEMENT)
def standard(request: pytest.FixtureRequest) -> str:
    """The games whose movement is backgammon's without any limit."""
    return str(request.param)


# Must-play (RULES.md 1.5) -----------------------------------------------------------------------


def test_when_only_one_die_can_be_played_the_higher_must_be(variant: str) -> None:
    """E1: 13/7 and 13/9 both work alone; together they need the closed 3-point."""
    assert_plays(variant, {13: 1}, {3: 2}, (6, 4), {"13/7"})


def test_when_only_the_lower_die_can_be_played_it_must_be(variant: str) -> None:
    """1.5.2 [hand]: the 6 is blocked (13/7), the 4 plays (13/9) and then 9/3 is closed."""
    assert_plays(variant, {13: 1}, {7: 2, 3: 2}, (6, 4), {"13/9"})


def test_the_order_that_plays_both_dice_is_compulsory(variant: str) -> None:
    """E2: the 6 first is blocked (13/7); the 1 then the 6 uses both dice."""
    assert_plays(variant, {13: 1, 1: 1}, {7: 2}, (6, 1), {"13/12/6"})


def test_a_double_is_played_as_far_as_it_goes(variant: str) -> None:
    """E3: two of the four fives, 19/14 is closed and nothing may bear off."""
    assert_plays(variant, {24: 2, 1: 2}, {14: 2}, (5, 5), {"24/19(2)"})


# The bar (RULES.md 1.6) -------------------------------------------------------------------------


def test_a_checker_on_the_bar_enters_before_any_other_moves(variant: str) -> None:
    """E4: the 6 cannot enter (19 is closed), so the 3 enters and the 6 plays on."""
    assert_plays(variant, {"bar": 1, 13: 1}, {19: 2}, (6, 3), {"bar/22/16", "bar/22 13/7"})


def test_with_two_on_the_bar_a_die_that_cannot_enter_is_lost(variant: str) -> None:
    """E5: one checker enters with the 3; the 6 is forfeited although 13/7 is open."""
    assert_plays(variant, {"bar": 2, 13: 1}, {19: 2}, (6, 3), {"bar/22"})


def test_the_entering_die_is_the_one_that_lets_both_dice_play(variant: str) -> None:
    """E6: entering with the 4 leaves the 6 unplayable, so the 6 must enter."""
    assert_plays(variant, {"bar": 1, 8: 1}, {15: 2, 2: 2}, (6, 4), {"bar/19 8/4"})


def test_a_closed_board_passes_the_turn(variant: str) -> None:
    """E7: no entry is possible, so the turn passes; 13/7 may not be played."""
    closed = {point: 2 for point in range(19, 25)}
    assert_plays(variant, {"bar": 1, 13: 1}, closed, (6, 3), set())


def test_entering_on_a_blot_hits_it(variant: str) -> None:
    """E8: the 3 enters on the blot on 22 and sends it to the bar."""
    assert_plays(
        variant,
        {"bar": 1, 13: 1},
        {22: 1},
        (3, 1),
        {"bar/22* 13/12", "bar/22*/21", "bar/24 13/10", "bar/24/21"},
    )


def test_two_on_the_bar_with_a_double_enter_then_play_on(variant: str) -> None:
    """E9: both enter on 22; 22/19 is closed, so the last two threes go 13/10/7."""
    assert_plays(variant, {"bar": 2, 13: 1}, {19: 2}, (3, 3), {"bar/22(2) 13/10/7"})


def test_three_on_the_bar_with_a_double_enter_and_the_last_die_plays_on(variant: str) -> None:
    """1.6 [hand]: three fours enter on 21, the fourth moves a checker on (21/17 or 13/9)."""
    assert_plays(
        variant, {"bar": 3, 13: 1}, {20: 2}, (4, 4), {"bar/21(3) 13/9", "bar/21/17 bar/21(2)"}
    )


def test_a_blocked_entry_die_is_played_after_the_other_enters(variant: str) -> None:
    """1.6 [hand]: the 3 cannot enter (22 is closed); the 1 enters and the 3 moves on."""
    assert_plays(variant, {"bar": 1, 13: 1}, {22: 2}, (3, 1), {"bar/24/21", "bar/24 13/10"})


# Bearing off (RULES.md 1.7) ---------------------------------------------------------------------


def test_an_oversized_die_bears_off_from_the_highest_point(standard: str) -> None:
    """E10: after 5/3 the 3 is the highest point, so the 6 bears off from it.

    Turkish Tavla forbids 5/3/off (no wasted pips, E19).
    """
    assert_plays(standard, {5: 1, 3: 1, 1: 1}, {}, (6, 2), {"5/off 3/1", "5/3/off"})


def test_a_die_that_cannot_bear_off_must_move_inside(variant: str) -> None:
    """E11: the first 5 cannot bear off (the 6 is occupied) and must be 6/1."""
    assert_plays(variant, {6: 1, 4: 1, 1: 1}, {}, (5, 5), {"6/1 4/off 1/off(2)"})


def test_bearing_off_waits_until_every_checker_is_home(variant: str) -> None:
    """E12: 1/off is legal only after 9/6 has brought the last checker home."""
    assert_plays(
        variant,
        {9: 1, 6: 3, 1: 2},
        {},
        (3, 1),
        {"9/6 1/off", "9/8/5", "6/3 9/8", "6/3/2", "6/3 6/5"},
    )


def test_bearing_off_is_never_compulsory(variant: str) -> None:
    """E13: 6/2 6/4 bears nothing off and is legal."""
    assert_plays(variant, {6: 2, 2: 1}, {}, (4, 2), {"6/2 2/off", "6/2 6/4"})


# Hitting (RULES.md 2.1) -------------------------------------------------------------------------


def test_a_hit_outside_the_home_board_may_run_on(variant: str) -> None:
    """E24: the checker that hits on 10 may go on to 5 with the other die."""
    assert_plays(variant, {13: 1}, {10: 1}, (3, 5), {"13/10*/5", "13/8/5"})


# The starting position (RULES.md 2.1) -----------------------------------------------------------

# Counted by hand from the setup 24:2, 13:5, 8:3, 6:5 against 1:2, 12:5, 17:3, 19:5 (mover's
# numbering). Non-doubles: (sixes' or first die's moves) x (other die's moves) + one-checker
# moves - the pairs that reach the same point. Doubles: the ways to share the steps among the
# groups of checkers, each group limited by the first closed point on its way.
START_COUNTS = {
    (3, 1): 16,  # 4 threes x 3 ones (13/12 is closed) + 4 one-checker moves
    (2, 1): 15,  # 4 x 3 + 4 one-checker moves - 8/6 6/5, which is 8/6/5
    (6, 5): 7,  # 3 x 2 + 24/18/13; 13/8 8/2 is 13/7/2
    (6, 4): 14,  # 3 x 4 + 24/18/14 and 13/7/3
    (6, 6): 11,  # 24/18 (0-2), 13/7 and 8/2 (0-3); 18/12 and 7/1 are closed
    (5, 5): 4,  # only 13/8 and 8/3 move: 13/8(4), 13/8(3) 8/3, 13/8(2) 8/3(2), 13/8 8/3(3)
    (4, 4): 52,  # 24 and 13 move up to two steps each, 8 and 6 one; 16/12 and 5/1 are closed
}


def roll_name(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


@pytest.mark.parametrize("dice", START_COUNTS, ids=roll_name)
def test_opening_rolls_have_the_counted_number_of_plays(
    variant: str, dice: tuple[int, int]
) -> None:
    """2.1: the number of distinct plays from the starting position, counted by hand."""
    start = find_variant(variant).start()
    assert len(start.legal_plays(dice)) == START_COUNTS[dice]
    assert len(start.legal_plays((dice[1], dice[0]))) == START_COUNTS[dice]


OPENING_PLAYS = {
    (3, 1): {
        "24/21 24/23", "24/21 8/7", "24/21 6/5", "24/21/20",
        "13/10 24/23", "13/10 8/7", "13/10 6/5", "13/10/9",
        "8/5 24/23", "8/5 8/7", "8/5 6/5", "8/5/4",
        "6/3 24/23", "6/3 8/7", "6/3 6/5", "6/3/2",
    },
    (6, 5): {
        "24/18/13", "24/18 13/8", "24/18 8/3", "13/7 13/8", "13/7 8/3", "13/7/2", "8/2 8/3",
    },
}  # fmt: skip


@pytest.mark.parametrize("dice", OPENING_PLAYS, ids=roll_name)
def test_opening_rolls_have_exactly_the_plays_worked_out_by_hand(
    variant: str, dice: tuple[int, int]
) -> None:
    """2.1: the full list of plays for two opening rolls, worked out by hand."""
    start = find_variant(variant).start()
    assert engine_boards(start, dice) == expected_boards(start, OPENING_PLAYS[dice])
