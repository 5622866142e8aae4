"""Positions as plain data: the JSON form of the ``plays`` contract (DESIGN.md)."""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

from .board import CHECKERS, POINTS, Position
from .errors import PositionError
from .variants import Variant


def position_from_json(variant: Variant, data: Any) -> Position:
    """A position from ``{"mover": {...}, "opponent": {...}, "pinned": [...]}``.

    Point keys are "1".."24" in the mover's numbering for both sides, ``"bar"`` is that side's
    bar; checkers not listed are borne off.

    >>> from generator.engine import find_variant
    >>> position_from_json(find_variant("portes"), {"mover": {"6": 15}, "opponent": {"19": 15}})
    find_variant('portes').position(mover={'6': 15}, opponent={'19': 15})
    >>> position_from_json(find_variant("portes"), {"mover": {"²": 15}, "opponent": {}})
    Traceback (most recent call last):
    ...
    generator.engine.errors.PositionError: mover place '²' is not a point: use 1..24 or "bar" \
(checkers that are off are not listed)
    """
    if not isinstance(data, Mapping):
        raise PositionError.of("not_an_object")
    unknown = set(data) - {"mover", "opponent", "pinned"}
    if unknown:
        named = sorted(map(short_repr, unknown))
        if len(named) > 3:
            raise PositionError.of(
                "unknown_fields_more", fields=", ".join(named[:3]), count=len(named) - 3
            )
        raise PositionError.of("unknown_fields", fields=", ".join(named), count=len(named))
    sides = []
    for who in ("mover", "opponent"):
        side = data.get(who)
        if side is None:
            raise PositionError.of("no_side", side=who)
        if not isinstance(side, Mapping):
            raise PositionError.of("side_not_mapping", side=who)
        if not _plain(side):
            _check_side(side, who)
        sides.append(side)
    pins = data.get("pinned", [])
    if not isinstance(pins, list):
        raise PositionError.of("pinned_not_list")
    pinned = []
    for pin in pins:
        if not isinstance(pin, Mapping) or set(pin) != {"side", "point"}:
            raise PositionError.of("bad_pin_entry", written=short_repr(pin))
        pinned.append((pin["side"], pin["point"]))
    return variant.position(mover=sides[0], opponent=sides[1], pinned=pinned)


# The contract's own spellings of the places, which the engine reads as they are.
_KEYS = frozenset({"bar", *map(str, POINTS)})
# A count above this is refused here: the engine adds a side's counts up and names the sum, and
# Python will not write an integer of more than 4,300 digits.
_MOST = 10**6


def _plain(side: Mapping[Any, Any]) -> bool:
    """Whether a side is written with the contract's own keys and sane counts (the hot path:
    two passes in C, no Python loop)."""
    try:
        return _KEYS.issuperset(side) and bool(max(side.values(), default=0) <= _MOST)
    except TypeError:  # counts of mixed types: some are not numbers, the slow path tells which
        return False


def _check_side(side: Mapping[Any, Any], who: str) -> None:
    """Refuse, in words, what the engine's reading of a side would misread or fail on."""
    for key, count in side.items():
        place = _place(key, who) if isinstance(key, str) else short_repr(key)
        if type(count) is int and count > _MOST:
            written = str(count) if count < 10**20 else f"about 10**{count.bit_length() * 3 // 10}"
            raise PositionError.of(
                "huge_count", side=who, written=written, place=place, most=CHECKERS
            )


def _place(key: str, who: str) -> str:
    """The place a key names, as the contract writes it: ASCII digits 1..24 or "bar", any case,
    spaces around allowed. Not ``str.isdigit``, which also takes "²" and "٦"."""
    text = key.strip().lower()
    digits = key.isascii() and text.isdigit() and len(text) <= 4
    if key.isascii() and text == "bar":
        return text
    if digits and 1 <= int(text) <= 24:
        return str(int(text))
    raise PositionError.of(
        "not_a_place", side=who, written=str(int(text)) if digits else short_repr(key)
    )


class _Echo(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        # Python will not write an integer of more than 4,300 digits, even to cut it short.
        if x.bit_length() > 256:
            return f"<a number of about {x.bit_length() * 3 // 10} digits>"
        return super().repr_int(x, level)


_ECHO = _Echo()
_ECHO.maxstring = _ECHO.maxother = 40
_ECHO.maxlong = 30
_ECHO.maxlist = _ECHO.maxtuple = _ECHO.maxdict = 4
_ECHO.maxlevel = 3


def short_repr(value: object) -> str:
    """``repr(value)`` cut short for an error message that echoes the input: at most about 40
    characters a string, a few items a list, and every character that does not print (a lone
    surrogate, a line separator) escaped.

    >>> print(short_repr("\\ud800"), short_repr("x" * 1000))
    '\\ud800' 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'
    >>> print(short_repr([[[[1]]], 2, 3, 4, 5, 6]))
    [[[[...]]], 2, 3, 4, ...]
    """
    return _ECHO.repr(value)
