"""A roll: its two dice, checked, and the dice it gives to play."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import DiceError

Dice = tuple[int, int]


def check_dice(dice: Sequence[int]) -> Dice:
    """The two dice of a roll, each 1..6.

    >>> check_dice([5, 2])
    (5, 2)
    """
    try:
        first, second = dice
    except (TypeError, ValueError):
        raise DiceError.of("not_two_dice", written=repr(dice)) from None
    if type(first) is int and type(second) is int and 0 < first < 7 and 0 < second < 7:
        return first, second  # the usual case, asked of every turn, made quick
    for die in (first, second):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise DiceError.of("die_out_of_range", die=repr(die), dice=repr(list(dice)))
    return first, second


def dice_to_play(dice: Dice) -> tuple[int, ...]:
    """The dice a roll gives to play: ``(high, low)``, or four of a double.

    >>> dice_to_play((2, 5)), dice_to_play((3, 3))
    ((5, 2), (3, 3, 3, 3))
    """
    first, second = dice
    if first == second:
        return (first,) * 4
    return (first, second) if first > second else (second, first)


def distances(dice: tuple[int, ...]) -> tuple[int, ...]:
    """How far one checker can go on ``dice`` (as :func:`dice_to_play` gives them): one die or
    both, or one to four of a double; the whole roll last.

    >>> distances((5, 2)), distances((3, 3, 3, 3))
    ((5, 2, 7), (3, 6, 9, 12))
    """
    if len(dice) == 4:
        die = dice[0]
        return die, 2 * die, 3 * die, 4 * die
    high, low = dice
    return high, low, high + low
