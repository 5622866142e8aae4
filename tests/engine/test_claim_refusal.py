"""The reason a claimed play is refused is the first rule it breaks (RULES.md 1.5).

A claim is read as a teacher or a learner writes it: first its fit to the dice (a roll gives two
moves, a double four; distances that are no dice at all are not a play of this roll), then its
moves in the order written, each against the board the earlier ones left, then the must-play
rules for the whole play. Never the deepest failure of some other reading of the text.
"""

from __future__ import annotations

import pytest

from generator.engine import IllegalPlayError, Refusal, find_variant, parse_play
from generator.engine.errors import DiceFitError
from generator.engine.notation import claim_refusal, claimed_moves

BACKGAMMON = find_variant("backgammon")
START = BACKGAMMON.start()


def refusal(position, dice, claim) -> Refusal | None:
    return claim_refusal(position.turn(dice), claim)


def test_a_move_from_an_empty_point_is_refused_for_that_point_not_for_a_later_bear_off():
    # The 6/off is fine with the 6; then nothing stands on the 5-point to play the 1 from.
    home = BACKGAMMON.position(mover={6: 2, 4: 3, 3: 2}, opponent={24: 2})
    assert refusal(home, (6, 1), "6/off 5/4") == Refusal.of("no_checker", point=5)


def test_a_bear_off_with_the_other_die_names_that_die():
    # 6/off plays the 6; the 5 cannot take the 4-point's checker off while one stands on the 6.
    home = BACKGAMMON.position(mover={6: 2, 4: 2, 1: 1}, opponent={24: 2})
    assert refusal(home, (6, 5), "6/off 4/off") == Refusal.of("overshoot", die=5, higher=6)
    assert refusal(home, (6, 5), "4/off 6/off") == Refusal.of("overshoot", die=5, higher=6)


@pytest.mark.parametrize(
    ("dice", "claim", "code", "count"),
    [
        ((6, 1), "13/7 8/7 6/5", "too_many_moves", 3),
        ((6, 1), "13/7 8/7 6/5 6/5", "too_many_moves", 4),
        ((3, 3), "13/10(3) 8/5 6/3", "too_many_moves_double", 5),
        ((6, 4), "24/14 13/9", "too_many_moves", 3),
    ],
)
def test_more_moves_than_the_roll_gives_is_the_reason(dice, claim, code, count):
    assert refusal(START, dice, claim) == Refusal.of(code, count=count)
    with pytest.raises(IllegalPlayError, match="this play makes") as raised:
        parse_play(START, dice, claim)
    assert raised.value.reason == Refusal.of(code, count=count)


@pytest.mark.parametrize(
    ("dice", "claim", "moves"),
    [((3, 2), "13/10 6/3", (3, 3)), ((5, 2), "13/4", (9,)), ((6, 4), "13/8 6/4", (5, 2))],
)
def test_distances_that_are_not_the_dice_are_no_play_of_this_roll(dice, claim, moves):
    with pytest.raises(DiceFitError, match="do not add up to the dice") as raised:
        parse_play(START, dice, claim)
    assert raised.value.moves == moves
    assert raised.value.reason is None
    assert refusal(START, dice, claim) is None


def test_the_moves_are_taken_in_the_order_written():
    # 24/18 is refused on its own (the 18-point is open, but 18/12 lands on Black's 12-point).
    assert refusal(START, (6, 6), "24/18/12") == Refusal.of("blocked_landing", point=12, count=5)
    on_bar = BACKGAMMON.position(mover={"bar": 1, 13: 1}, opponent={19: 2})
    assert refusal(on_bar, (6, 3), "13/7 13/10") == Refusal.of("bar_first", count=1)


def test_every_move_allowed_but_a_die_left_is_the_must_play_rule():
    reason = refusal(START, (5, 2), "13/8")
    assert reason is not None and reason.code == "must_use_both"


def test_a_turn_that_passes_still_says_why_the_claim_cannot_be_played():
    shut = BACKGAMMON.position(mover={"bar": 1, 6: 14}, opponent={19: 2, 21: 2, 22: 2, 23: 2})
    with pytest.raises(IllegalPlayError, match="the turn passes") as raised:
        parse_play(shut, (6, 3), "bar/19 6/3")
    assert raised.value.reason == Refusal.of("blocked_landing", point=19, count=2)


def test_a_legal_play_has_no_refusal_in_any_order():
    assert refusal(START, (6, 1), "13/7 8/7") is None
    assert refusal(START, (6, 1), "8/7 13/7") is None


def test_the_moves_of_a_claim_as_written():
    assert claimed_moves("24/18/13 6/5*(2)") == ((24, 18), (18, 13), (6, 5), (6, 5))
    assert claimed_moves("bar/22 6/off") == ((25, 22), (6, 0))
