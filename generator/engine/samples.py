"""Random positions of every variant, for tests, drills and benchmarks.

:func:`random_position` draws a legal position of any variant with the situations its own rules
care about; :func:`random_backgammon_position` is the backgammon recipe the hitting games share.
Both take a :class:`random.Random`, so a seed gives the same positions every time. :data:`ROLLS`
lists the 21 distinct rolls.

Pure Python and the standard library only.

>>> import random
>>> position = random_backgammon_position(random.Random(7))
>>> sum(position.mover) == sum(position.opponent) == 15
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .board import CHECKERS, Position
from .errors import PositionError
from .registry import find_variant
from .variants import Variant

__all__ = ["DEFAULT_SEED", "ROLLS", "Dice", "random_backgammon_position", "random_position"]

Dice = tuple[int, int]

ROLLS: tuple[Dice, ...] = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 distinct rolls, doubles included, each written higher die first."""

DEFAULT_SEED = 20240917
"""The seed the benchmarks and the tests' stored samples draw with, unless told otherwise: the
same positions from run to run, so that figures and stored answers compare."""

_BACKGAMMON: Variant = find_variant("backgammon")

# The places a random checker may stand on: the mover's numbering throughout.
_MOVER_HOME = range(1, 7)
_OPPONENT_HOME = range(19, 25)  # where the mover enters from the bar
_ALL_POINTS = range(1, 25)

_Counts = dict[int | str, int]


class _Layout:
    """Both sides' checkers while a random position is put together, mover's numbering."""

    def __init__(self) -> None:
        self.points: tuple[dict[int, int], dict[int, int]] = ({}, {})  # mover, opponent
        self.bar = [0, 0]
        self.off = [0, 0]

    def left(self, side: int) -> int:
        """How many checkers of ``side`` (0 mover, 1 opponent) are not placed yet."""
        return CHECKERS - self.off[side] - self.bar[side] - sum(self.points[side].values())

    def free(self, side: int, points: Sequence[int]) -> list[int]:
        """The points among ``points`` that the other side does not hold."""
        other = self.points[1 - side]
        return [p for p in points if not other.get(p)]

    def put(self, side: int, point: int, count: int = 1) -> None:
        count = min(count, self.left(side))
        if count > 0 and not self.points[1 - side].get(point):
            self.points[side][point] = self.points[side].get(point, 0) + count

    def spread(self, rng: random.Random, side: int, count: int, points: Sequence[int]) -> None:
        """``count`` checkers of ``side`` on a random handful of ``points`` (any free point
        when none of them is free): sometimes all blots, sometimes a few tall stacks."""
        count = min(count, self.left(side))
        if count <= 0:
            return
        free = self.free(side, points) or self.free(side, _ALL_POINTS)
        chosen = rng.sample(free, rng.randint(1, min(count, len(free))))
        for point in chosen:
            self.put(side, point)
        for _ in range(count - len(chosen)):
            self.put(side, rng.choice(chosen))

    def block(self, rng: random.Random, side: int, points: Sequence[int]) -> None:
        """Close each of ``points`` that is free with two or three checkers of ``side``."""
        for point in points:
            if not self.points[1 - side].get(point):
                self.put(side, point, rng.choice((2, 2, 3)))

    def position(self) -> Position:
        sides: list[_Counts] = []
        for side in (0, 1):
            counts: _Counts = {p: n for p, n in self.points[side].items() if n}
            if self.bar[side]:
                counts["bar"] = self.bar[side]
            sides.append(counts)
        return _BACKGAMMON.position(mover=sides[0], opponent=sides[1])


def _bar_count(rng: random.Random, chance: float) -> int:
    return rng.choice((1, 1, 1, 2, 2, 3)) if rng.random() < chance else 0


def _scatter(rng: random.Random) -> _Layout:
    """Anything goes: each side's checkers over the whole board, some off, some on the bar."""
    layout = _Layout()
    for side in rng.sample((0, 1), 2):
        if rng.random() < 0.3:
            layout.off[side] = rng.randint(1, 12)
        layout.bar[side] = min(_bar_count(rng, 0.25), layout.left(side))
        layout.spread(rng, side, layout.left(side), _ALL_POINTS)
    return layout


def _bear_off(rng: random.Random) -> _Layout:
    """The mover bearing off (some checkers already off), in a race or against contact:
    opponent anchors and blots in the mover's home board, a straggler not yet home, a checker
    hit during the bear-off."""
    layout = _Layout()
    # Half of them near the end, where the last checkers go off and a hit still matters.
    layout.off[0] = rng.randint(0 if rng.random() < 0.5 else 10, CHECKERS - 1)
    contact = rng.random() < 0.5
    if contact:
        # The opponent holds some of the mover's home points first, so that dice get blocked.
        layout.off[1] = rng.randint(0, 8)
        layout.bar[1] = _bar_count(rng, 0.2)
        held = rng.sample(list(_MOVER_HOME), rng.randint(1, 3))
        for point in held:
            layout.put(1, point, rng.choice((1, 2, 2, 3)))
    if rng.random() < 0.15:
        layout.bar[0] = min(1, layout.left(0))
    if rng.random() < 0.2:
        layout.spread(rng, 0, rng.randint(1, 2), range(7, 13))
    layout.spread(rng, 0, layout.left(0), _MOVER_HOME)
    if not contact:
        layout.off[1] = rng.randint(0, CHECKERS - 1)
        race = range(13, 25) if rng.random() < 0.5 else _OPPONENT_HOME
        layout.spread(rng, 1, layout.left(1), race)
    else:
        layout.spread(rng, 1, layout.left(1), range(7, 25))
    return layout


def _contact(rng: random.Random) -> _Layout:
    """Contact with checkers on the bar: an opponent's board of closed points and blots to
    enter against, the mover's back checkers, sometimes an opponent's checker on the bar too."""
    layout = _Layout()
    layout.bar[0] = _bar_count(rng, 0.8)
    layout.bar[1] = _bar_count(rng, 0.2)
    closed = rng.sample(list(_OPPONENT_HOME), rng.choice((0, 2, 3, 4, 4, 5, 5, 6)))
    layout.block(rng, 1, closed)
    for point in rng.sample(list(_OPPONENT_HOME), rng.randint(0, 2)):
        layout.put(1, point)  # blots the mover may hit on entry
    layout.spread(rng, 0, rng.randint(0, 3), range(13, 25))  # back checkers
    layout.spread(rng, 1, layout.left(1), range(7, 25))
    layout.spread(rng, 0, layout.left(0), range(1, 19))
    return layout


def _prime(rng: random.Random) -> _Layout:
    """A prime of four to six points in front of the mover's back checkers: many rolls
    cannot be played in full, some not at all."""
    layout = _Layout()
    length = rng.randint(4, 6)
    start = rng.randint(2, 24 - length)
    wall = range(start, start + length)
    layout.block(rng, 1, wall)
    behind = range(start + length, 25)
    layout.bar[0] = _bar_count(rng, 0.3)
    layout.spread(rng, 0, rng.randint(1, 4), behind)
    if rng.random() < 0.5:
        # Everything else is past the prime: only the trapped checkers and the home board move.
        layout.spread(rng, 0, layout.left(0), range(1, start))
    layout.spread(rng, 0, layout.left(0), _ALL_POINTS)
    layout.spread(rng, 1, layout.left(1), _ALL_POINTS)
    return layout


_RECIPES: tuple[Callable[[random.Random], _Layout], ...] = (_scatter, _bear_off, _contact, _prime)


def random_backgammon_position(rng: random.Random) -> Position:
    """A random but legal backgammon position for the mover: 15 checkers a side over the bar,
    the points and off, every point held by one side only, neither side finished.

    The generator mixes four kinds, so that every situation the move rules distinguish comes
    up: a free scatter of both sides, bear-offs (in a race or against anchors and blots),
    contact with checkers on either bar, and primes that leave dice unplayable.

    >>> import random
    >>> from generator.engine import BAR
    >>> rng = random.Random(1)
    >>> positions = [random_backgammon_position(rng) for _ in range(200)]
    >>> any(p.mover[BAR] for p in positions), any(p.opponent[BAR] for p in positions)
    (True, True)
    """
    while True:
        layout = rng.choice(_RECIPES)(rng)
        # Checkers the recipe could not place (their points were taken) are borne off.
        for side in (0, 1):
            layout.off[side] += layout.left(side)
        if layout.off[0] < CHECKERS and layout.off[1] < CHECKERS:
            return layout.position()


def random_position(variant: Variant, rng: random.Random) -> Position:
    """A random position of any variant, with the situations its own rules care about.

    The hitting games take a backgammon position. Long Nardy and Fevga mix first turns (all
    fifteen on the start), runners before and after passing the opponent's start, near-six
    runs, and bear-offs; Plakoto mixes pins (mothers included) and bear-offs.

    >>> import random
    >>> rng = random.Random(3)
    >>> nardy = find_variant("long-nardy")
    >>> positions = [random_position(nardy, rng) for _ in range(100)]
    >>> any(p.mover[24] == 15 for p in positions), all(p.variant is nardy for p in positions)
    (True, True)
    """
    if variant.has_bar:
        board = random_backgammon_position(rng)
        return Position(variant, board.mover, board.opponent)
    while True:
        try:
            if variant.same_direction:
                return _random_running(variant, rng)
            return _random_pinning(variant, rng)
        except PositionError:
            continue  # a recipe that put both sides on one point: draw again


def _random_running(variant: Variant, rng: random.Random) -> Position:
    """Long Nardy or Fevga: both sides start on their heads (the mover's 24 and 12)."""
    mover: dict[int, int] = {}
    opponent: dict[int, int] = {}
    kind = rng.random()
    if kind < 0.15:  # a first turn, the opponent having moved a little or not at all
        mover[24] = CHECKERS
        opponent[12] = CHECKERS - rng.randint(0, 2)
        for _ in range(CHECKERS - opponent[12]):
            point = rng.choice([p for p in range(1, 12) if p not in mover])
            opponent[point] = opponent.get(point, 0) + 1
        return variant.position(mover=mover, opponent=opponent)
    if kind < 0.35:  # bearing off
        _spread(rng, mover, rng.randint(3, CHECKERS), range(1, 7))
        _spread(rng, opponent, rng.randint(5, CHECKERS), range(7, 19), avoid=mover)
        return variant.position(mover=mover, opponent=opponent)
    # The middle game: a head still in use, a run of five or six somewhere, the opponent
    # spread along its route; sometimes a lone runner not yet past the opponent's start.
    mover[24] = rng.randint(1, 10)
    length = rng.randint(4, 6)
    start = rng.randint(1, 24 - length)
    for point in range(start, start + length):
        if point != 12:
            mover[point] = mover.get(point, 0) + 1
    left = CHECKERS - sum(mover.values()) - rng.randint(0, 3)
    if rng.random() < 0.2:
        mover = {24: CHECKERS - 1, rng.randint(13, 23): 1}
        left = 0
    _spread(rng, mover, max(left, 0), range(1, 24))
    opponent[12] = rng.randint(0, 8)
    _spread(rng, opponent, CHECKERS - opponent[12] - rng.randint(0, 3), range(1, 25), mover)
    return variant.position(mover=mover, opponent={p: n for p, n in opponent.items() if n})


def _random_pinning(variant: Variant, rng: random.Random) -> Position:
    """Plakoto: both sides spread from their starts (the mover's 24 and 1), with pins."""
    mover: dict[int, int] = {}
    opponent: dict[int, int] = {}
    home = rng.random() < 0.25
    _spread(rng, mover, rng.randint(8, CHECKERS), range(1, 7) if home else range(1, 25))
    _spread(rng, opponent, rng.randint(8, CHECKERS), range(1, 25), avoid=mover)
    pinned: list[tuple[str, int]] = []
    for side, own, other in (("mover", mover, opponent), ("opponent", opponent, mover)):
        for _ in range(rng.randint(0, 2)):
            free = [p for p in range(1, 25) if p not in mover and p not in opponent]
            if not free or sum(own.values()) >= CHECKERS or sum(other.values()) >= CHECKERS:
                break
            mothers = [p for p in free if p == (24 if side == "mover" else 1)]
            point = mothers[0] if mothers and rng.random() < 0.3 else rng.choice(free)
            own[point] = 1
            other[point] = rng.randint(1, 2)
            pinned.append((side, point))
    return variant.position(mover=mover, opponent=opponent, pinned=pinned)


def _spread(
    rng: random.Random,
    side: dict[int, int],
    count: int,
    points: Sequence[int],
    avoid: dict[int, int] | None = None,
) -> None:
    """``count`` more checkers on a random handful of ``points`` the other side leaves free."""
    free = [p for p in points if not (avoid or {}).get(p)]
    if not free:
        return
    chosen = rng.sample(free, min(len(free), rng.randint(1, 6)))
    room = CHECKERS - sum(side.values())
    for _ in range(min(count, room)):
        point = rng.choice(chosen)
        side[point] = side.get(point, 0) + 1
