"""A roll's two dice are checked before anything is asked of them (``dice.py``): any two whole
numbers 1..6, in a tuple or a list, and nothing else."""

from __future__ import annotations

from enum import IntEnum

import pytest

from generator.engine.dice import check_dice, dice_to_play
from generator.engine.errors import DiceError


class Face(IntEnum):
    FIVE = 5


@pytest.mark.parametrize("dice", [(5, 2), [5, 2], (6, 6), (1, 6), (Face.FIVE, 2)], ids=repr)
def test_two_dice_from_one_to_six_are_a_roll(dice: object) -> None:
    roll = check_dice(dice)  # type: ignore[arg-type]
    assert roll == tuple(dice) and type(roll) is tuple  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("dice", "code"),
    [
        ((0, 2), "die_out_of_range"),
        ((5, 7), "die_out_of_range"),
        ((True, 2), "die_out_of_range"),  # a truth value is no die, though it equals 1
        ((5.0, 2), "die_out_of_range"),
        (("5", 2), "die_out_of_range"),
        ((5,), "not_two_dice"),
        ((5, 2, 1), "not_two_dice"),
        (5, "not_two_dice"),
    ],
    ids=repr,
)
def test_anything_else_is_refused_with_the_reason(dice: object, code: str) -> None:
    with pytest.raises(DiceError) as caught:
        check_dice(dice)  # type: ignore[arg-type]
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("roll", "played"),
    [((5, 2), (5, 2)), ((2, 5), (5, 2)), ((3, 3), (3, 3, 3, 3)), ((1, 6), (6, 1))],
)
def test_a_roll_plays_its_higher_die_first_and_a_double_four_times(
    roll: tuple[int, int], played: tuple[int, ...]
) -> None:
    assert dice_to_play(roll) == played
