"""Places on the board and the immutable position, seen from the player to move.

A position is always seen by the mover: points are numbered 1..24 along the mover's route, 24
far away and 1 the last point before bearing off. The opponent's checkers are stored in the
mover's numbering too; the variant knows how the opponent's own numbering maps onto it.

Each side is a tuple of 26 counts indexed by place: ``side[OFF]`` is how many of that side's
checkers are borne off, ``side[1]`` .. ``side[24]`` the points in the mover's numbering, and
``side[BAR]`` that side's bar.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import PositionError

if TYPE_CHECKING:
    from .moves import Play, Turn
    from .variants import Variant

OFF = 0
"""Where a borne-off checker goes: ``6/off``."""
BAR = 25
"""Where a hit checker waits; the mover enters from it as from a 25th point: ``bar/22``."""
POINTS = range(1, 25)
HOME = range(1, 7)
CHECKERS = 15

Side = tuple[int, ...]
# Checkers by place as a person writes them: {13: 5, "bar": 1} or {"13": 5}; the keys are
# checked one by one, so any mapping will do.
Counts = Mapping[Any, int]
NO_PINS: frozenset[int] = frozenset()


def place_name(place: int) -> str:
    """How a player writes a place: ``"bar"``, ``"off"`` or the point number.

    >>> place_name(BAR), place_name(OFF), place_name(13)
    ('bar', 'off', '13')
    """
    if place == BAR:
        return "bar"
    if place == OFF:
        return "off"
    return str(place)


@dataclass(frozen=True, slots=True)
class Position:
    """Where every checker stands, seen by the player to move.

    ``mover_pinned`` holds the points where a mover's checker lies pinned under the opponent's,
    ``opponent_pinned`` the points where an opponent's checker lies pinned under the mover's
    (Plakoto only; empty elsewhere). Pinned checkers are counted in the sides' counts.

    Build one with :meth:`Variant.start` or :meth:`Variant.position`; positions are values:
    every method returns a new one.
    """

    variant: Variant
    mover: Side
    opponent: Side
    mover_pinned: frozenset[int] = field(default=NO_PINS)
    opponent_pinned: frozenset[int] = field(default=NO_PINS)

    def __repr__(self) -> str:
        """Python that rebuilds the position (``find_variant`` and its arguments), pins too."""

        def counts(side: Side) -> dict[str, int]:
            return {place_name(p): side[p] for p in (BAR, *reversed(POINTS)) if side[p]}

        pins = [("mover", p) for p in sorted(self.mover_pinned)]
        pins += [("opponent", p) for p in sorted(self.opponent_pinned)]
        extra = f", pinned={pins!r}" if pins else ""
        return (
            f"{self.variant!r}.position(mover={counts(self.mover)!r}, "
            f"opponent={counts(self.opponent)!r}{extra})"
        )

    # What a player reads off the board ------------------------------------------------------

    @property
    def borne_off(self) -> int:
        """How many of the mover's checkers are off the board."""
        return self.mover[OFF]

    def pip_count(self) -> int:
        """Pips the mover still has to travel to bear off every checker.

        >>> from generator.engine import find_variant
        >>> find_variant("backgammon").start().pip_count()
        167
        """
        return sum(point * self.mover[point] for point in range(1, BAR + 1))

    def opponent_pip_count(self) -> int:
        """Pips the opponent still has to travel, along the opponent's own route.

        >>> from generator.engine import find_variant
        >>> find_variant("backgammon").start().opponent_pip_count()
        167
        """
        own = self.variant.opponent_own_point
        total = sum(own(point) * self.opponent[point] for point in POINTS)
        return total + 25 * self.opponent[BAR]

    def checkers(self) -> Iterator[tuple[int, int]]:
        """The mover's occupied places as ``(place, count)``, bar first, then 24 down to 1."""
        mover = self.mover
        return ((place, mover[place]) for place in range(BAR, 0, -1) if mover[place])

    # Turning the board ------------------------------------------------------------------------

    def turned(self) -> Position:
        """The same board seen by the opponent, whose turn comes next."""
        return self.variant.turn_board(self)

    # The rules, asked of this position ---------------------------------------------------------

    def turn(self, dice: tuple[int, int]) -> Turn:
        """Everything the rules say about playing ``dice`` here (see :class:`Turn`): the
        variant's answer, which it keeps for the turns asked of it last."""
        return self.variant.turn(self, dice)

    def legal_plays(self, dice: tuple[int, int]) -> tuple[Play, ...]:
        """Every legal full turn with ``dice``, one per resulting position, in the order the
        engine finds them (:attr:`Turn.legal_plays`); :attr:`Turn.plays` has them sorted by
        notation.

        >>> from generator.engine import find_variant
        >>> len(find_variant("backgammon").start().legal_plays((3, 1)))
        16
        """
        return self.turn(dice).legal_plays

    # Plain data in and out ---------------------------------------------------------------------

    def pinned_json(self) -> list[dict[str, int | str]]:
        pins: list[dict[str, int | str]] = [
            {"side": "mover", "point": p} for p in sorted(self.mover_pinned)
        ]
        pins += [{"side": "opponent", "point": p} for p in sorted(self.opponent_pinned)]
        return pins

    def to_json(self) -> dict[str, object]:
        """The position in the form of the ``plays`` contract (DESIGN.md)."""

        def counts(side: Side) -> dict[str, int]:
            data = {"bar": side[BAR]} if self.variant.has_bar else {}
            data.update({str(p): side[p] for p in reversed(POINTS) if side[p]})
            return data

        return {
            "mover": counts(self.mover),
            "opponent": counts(self.opponent),
            "pinned": self.pinned_json(),
        }


def side_from_counts(counts: Counts, who: str) -> Side:
    """A side's tuple from ``{place: count}``; ``place`` is 1..24 or ``"bar"``.

    Checkers not on the board or the bar are borne off.
    """
    side = [0] * 26
    for raw_place, raw_count in counts.items():
        # The contract's own keys ("13", "bar") are looked up; anything else is parsed.
        place = _PLACES.get(raw_place) if type(raw_place) is str else None
        if place is None:
            place = _parse_place(raw_place, who)
        if type(raw_count) is not int and (
            isinstance(raw_count, bool) or not isinstance(raw_count, int)
        ):
            raise PositionError.of(
                "count_not_whole", side=who, place=place_name(place), written=repr(raw_count)
            )
        if raw_count < 0:
            raise PositionError.of(
                "count_negative", side=who, place=place_name(place), count=raw_count
            )
        side[place] += raw_count
    on_board = sum(side)
    if on_board > CHECKERS:
        raise PositionError.of("too_many_checkers", side=who, count=on_board, most=CHECKERS)
    side[OFF] = CHECKERS - on_board
    return tuple(side)


_PLACES: dict[str, int] = {"bar": BAR, **{str(point): point for point in POINTS}}


def _parse_place(raw: int | str, who: str) -> int:
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text == "bar":
            return BAR
        if text.isdigit():
            raw = int(text)
        else:
            raise PositionError.of("not_a_place", side=who, written=repr(raw))
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 24:
        raise PositionError.of("not_a_place", side=who, written=repr(raw))
    return raw
