"""A compact one-line text form for any position of any variant, pins included.

XGID and GNU Backgammon IDs know only the backgammon board; this form also writes the
same-direction games and Plakoto's pins. The mover's side comes first, then ``/``, then the
opponent's, both in the mover's numbering: ``bar:N`` for checkers on the bar, ``P:N`` for N
checkers on point P, a ``^`` after ``P:1`` when that side's checker there lies pinned, ``-`` for a
side with nothing on the board. Checkers not written are borne off.

>>> from generator.engine import find_variant
>>> to_text(find_variant("backgammon").start())
'24:2 13:5 8:3 6:5 / 19:5 17:3 12:5 1:2'
>>> plakoto = find_variant("plakoto")
>>> pinned = from_text(plakoto, "24:12 16:1 12:1 10:1^ / 10:1 1:14")
>>> sorted(pinned.mover_pinned), to_text(pinned)
([10], '24:12 16:1 12:1 10:1^ / 10:1 1:14')
"""

from __future__ import annotations

import re

from .board import BAR, POINTS, Position, Side
from .errors import PositionError
from .variants import Variant

_ITEM = re.compile(r"^(bar|\d{1,2}):(\d{1,2})(\^?)$", re.IGNORECASE)


def to_text(position: Position) -> str:
    """The position in the compact text form."""

    def side(counts: Side, pinned: frozenset[int]) -> str:
        items = [f"bar:{counts[BAR]}"] if counts[BAR] else []
        items += [
            f"{point}:{counts[point]}{'^' if point in pinned else ''}"
            for point in reversed(POINTS)
            if counts[point]
        ]
        return " ".join(items) or "-"

    mover = side(position.mover, position.mover_pinned)
    return f"{mover} / {side(position.opponent, position.opponent_pinned)}"


def from_text(variant: Variant, text: str) -> Position:
    """The position that ``text`` writes, checked like any other position of ``variant``."""
    halves = text.split("/")
    if len(halves) != 2:
        raise PositionError.of("not_text_form", text=repr(text))
    sides: list[dict[int | str, int]] = []
    pinned: list[tuple[str, int]] = []
    for who, half in zip(("mover", "opponent"), halves, strict=True):
        counts: dict[int | str, int] = {}
        words = half.split()
        if words == ["-"]:
            words = []
        for word in words:
            match = _ITEM.match(word)
            if match is None:
                raise PositionError.of("not_point_count", word=repr(word), text=repr(text))
            place, count, pin = match.groups()
            key: int | str = place.lower() if place.lower() == "bar" else int(place)
            if key in counts:
                raise PositionError.of("written_twice", side=who, place=place, text=repr(text))
            counts[key] = int(count)
            if pin:
                if key == "bar":
                    raise PositionError.of("pinned_on_bar", word=repr(word))
                pinned.append((who, int(place)))
        sides.append(counts)
    return variant.position(mover=sides[0], opponent=sides[1], pinned=pinned)
