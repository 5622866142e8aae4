"""Positions as plain data: the JSON form of the ``plays`` contract (DESIGN.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .board import Position
from .errors import PositionError
from .variants import Variant


def position_from_json(variant: Variant, data: Any) -> Position:
    """A position from ``{"mover": {...}, "opponent": {...}, "pinned": [...]}``.

    Point keys are "1".."24" in the mover's numbering for both sides, ``"bar"`` is that side's
    bar; checkers not listed are borne off.

    >>> from generator.engine import find_variant
    >>> position_from_json(find_variant("portes"), {"mover": {"6": 15}, "opponent": {"19": 15}})
    portes.position(mover={'6': 15}, opponent={'19': 15})
    """
    if not isinstance(data, Mapping):
        raise PositionError('a position is an object: {"mover": {...}, "opponent": {...}}')
    unknown = set(data) - {"mover", "opponent", "pinned"}
    if unknown:
        raise PositionError(
            f"unknown position field(s) {', '.join(sorted(map(str, unknown)))}; "
            'a position has "mover", "opponent" and, for Plakoto, "pinned"'
        )
    sides = []
    for who in ("mover", "opponent"):
        side = data.get(who)
        if side is None:
            raise PositionError(f'the position has no "{who}": give {{"{who}": {{"6": 5, ...}}}}')
        if not isinstance(side, Mapping):
            raise PositionError(f'"{who}" must map points to counts, such as {{"6": 5}}')
        sides.append(side)
    pins = data.get("pinned", [])
    if not isinstance(pins, list):
        raise PositionError('"pinned" is a list such as [{"side": "opponent", "point": 7}]')
    pinned = []
    for pin in pins:
        if not isinstance(pin, Mapping) or set(pin) != {"side", "point"}:
            raise PositionError(
                f'pinned entry {pin!r} must be {{"side": "mover" or "opponent", "point": 1..24}}'
            )
        pinned.append((pin["side"], pin["point"]))
    return variant.position(mover=sides[0], opponent=sides[1], pinned=pinned)
