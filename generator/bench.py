"""Random backgammon positions, and how fast the engine answers them.

Two uses share this module:

- the differential test (``tests/engine/test_gnubg_agreement.py``) draws seeded random
  positions with :func:`random_backgammon_position` and checks every roll against GNU
  Backgammon's move generator (the ``gnubg_nn`` package), converting boards with
  :func:`gnubg_boards` and :func:`sides_from_gnubg`;
- :func:`bench_engine` times ``legal_plays`` and the whole ``plays`` contract path on such
  positions and, when ``gnubg_nn`` is installed, GNU Backgammon's generator on the same
  questions: bare, and answering the same contract lines (:func:`gnubg_answer_line`, the
  baseline of the contract's speed target); :func:`format_figures` prints the figures as a
  small table.

Only the standard library is needed; ``gnubg_nn`` is imported lazily and only if installed.
Nothing here asserts a time: the figures are for reading.

>>> import random
>>> position = random_backgammon_position(random.Random(7))
>>> sum(position.mover) == sum(position.opponent) == 15
True
"""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import math
import operator
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypedDict

from generator.cli import plays_json
from generator.engine import (
    BAR,
    CHECKERS,
    OFF,
    VARIANTS,
    Position,
    PositionError,
    Variant,
    find_variant,
)

Dice = tuple[int, int]
Side = tuple[int, ...]
"""One side's checkers as :class:`Position` holds them: off, points 1..24, bar (26 counts)."""

ROLLS: tuple[Dice, ...] = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 distinct rolls, doubles included, each written higher die first."""

BACKGAMMON: Variant = find_variant("backgammon")

DEFAULT_SEED = 20240917

CONTRACT_TARGET = 3.0
"""The ``plays`` contract may take at most this many times as long as the same contract served
by GNU Backgammon's generator in-process (issue 2)."""

# The places a random checker may stand on: the mover's numbering throughout.
MOVER_HOME = range(1, 7)
OPPONENT_HOME = range(19, 25)  # where the mover enters from the bar
ALL_POINTS = range(1, 25)

Counts = dict[int | str, int]


# Random positions ------------------------------------------------------------------------------


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
        free = self.free(side, points) or self.free(side, ALL_POINTS)
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
        sides: list[Counts] = []
        for side in (0, 1):
            counts: Counts = {p: n for p, n in self.points[side].items() if n}
            if self.bar[side]:
                counts["bar"] = self.bar[side]
            sides.append(counts)
        return BACKGAMMON.position(mover=sides[0], opponent=sides[1])


def _bar_count(rng: random.Random, chance: float) -> int:
    return rng.choice((1, 1, 1, 2, 2, 3)) if rng.random() < chance else 0


def _scatter(rng: random.Random) -> _Layout:
    """Anything goes: each side's checkers over the whole board, some off, some on the bar."""
    layout = _Layout()
    for side in rng.sample((0, 1), 2):
        if rng.random() < 0.3:
            layout.off[side] = rng.randint(1, 12)
        layout.bar[side] = min(_bar_count(rng, 0.25), layout.left(side))
        layout.spread(rng, side, layout.left(side), ALL_POINTS)
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
        held = rng.sample(list(MOVER_HOME), rng.randint(1, 3))
        for point in held:
            layout.put(1, point, rng.choice((1, 2, 2, 3)))
    if rng.random() < 0.15:
        layout.bar[0] = min(1, layout.left(0))
    if rng.random() < 0.2:
        layout.spread(rng, 0, rng.randint(1, 2), range(7, 13))
    layout.spread(rng, 0, layout.left(0), MOVER_HOME)
    if not contact:
        layout.off[1] = rng.randint(0, CHECKERS - 1)
        race = range(13, 25) if rng.random() < 0.5 else OPPONENT_HOME
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
    closed = rng.sample(list(OPPONENT_HOME), rng.choice((0, 2, 3, 4, 4, 5, 5, 6)))
    layout.block(rng, 1, closed)
    for point in rng.sample(list(OPPONENT_HOME), rng.randint(0, 2)):
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
    layout.spread(rng, 0, layout.left(0), ALL_POINTS)
    layout.spread(rng, 1, layout.left(1), ALL_POINTS)
    return layout


GENERATORS: tuple[Callable[[random.Random], _Layout], ...] = (_scatter, _bear_off, _contact, _prime)


def random_backgammon_position(rng: random.Random) -> Position:
    """A random but legal backgammon position for the mover: 15 checkers a side over the bar,
    the points and off, every point held by one side only, neither side finished.

    The generator mixes four kinds, so that every situation the move rules distinguish comes
    up: a free scatter of both sides, bear-offs (in a race or against anchors and blots),
    contact with checkers on either bar, and primes that leave dice unplayable.

    >>> import random
    >>> rng = random.Random(1)
    >>> positions = [random_backgammon_position(rng) for _ in range(200)]
    >>> any(p.mover[BAR] for p in positions), any(p.opponent[BAR] for p in positions)
    (True, True)
    """
    while True:
        layout = rng.choice(GENERATORS)(rng)
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


# GNU Backgammon's boards -----------------------------------------------------------------------

GnubgBoard = tuple[list[int], list[int]]
"""``(opponent, mover)``: each 25 counts in that side's own numbering, index ``i`` holding its
point ``i + 1`` and index 24 its bar."""


def gnubg_boards(position: Position) -> GnubgBoard:
    """The position as ``gnubg_nn`` reads it: ``(opponent, mover)``, each in its own numbering.

    >>> start = find_variant("backgammon").start()
    >>> opponent, mover = gnubg_boards(start)
    >>> opponent == mover, mover[5], mover[23], mover[24]
    (True, 5, 2, 0)
    """
    variant = position.variant
    own = variant.other_numbering
    mover = [position.mover[point] for point in ALL_POINTS]
    mover.append(position.mover[BAR])
    opponent = [position.opponent[own(point)] for point in ALL_POINTS]
    opponent.append(position.opponent[BAR])
    return opponent, mover


def sides_from_gnubg(board: Sequence[Sequence[int]], variant: Variant) -> tuple[Side, Side]:
    """``(mover, opponent)`` side tuples (as in :class:`Position`) from a ``gnubg_nn`` board
    pair ``(opponent, mover)``, such as ``gnubg_nn.boardfromkey`` returns for a play: the
    board after the play, still seen by the player who made it.

    >>> start = find_variant("backgammon").start()
    >>> sides_from_gnubg(gnubg_boards(start), start.variant) == (start.mover, start.opponent)
    True
    """
    opponent_board, mover_board = board
    # The mover's board is already in our order (points 1..24, then the bar); only the borne-off
    # count goes in front. The opponent's own numbering is turned into the mover's.
    mover = (CHECKERS - sum(mover_board), *mover_board)
    opponent = (CHECKERS - sum(opponent_board), *_in_mover_numbering(variant)(opponent_board))
    return mover, opponent


@functools.cache
def _in_mover_numbering(variant: Variant) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """Picks an opponent's own 25 counts in the order of the mover's points 1..24, then the
    opponent's bar."""
    own = variant.other_numbering
    picker: Callable[[Sequence[int]], tuple[int, ...]]
    picker = operator.itemgetter(*(own(point) - 1 for point in ALL_POINTS), 24)
    return picker


def position_from_gnubg(board: Sequence[Sequence[int]], variant: Variant) -> Position:
    """The :class:`Position` (checked like any other) for a ``gnubg_nn`` board pair
    ``(opponent, mover)``; the inverse of :func:`gnubg_boards`.

    >>> start = find_variant("backgammon").start()
    >>> position_from_gnubg(gnubg_boards(start), start.variant) == start
    True
    """
    mover, opponent = sides_from_gnubg(board, variant)

    def counts(side: Side) -> Counts:
        data: Counts = {point: side[point] for point in ALL_POINTS if side[point]}
        data["bar"] = side[BAR]
        return data

    return variant.position(mover=counts(mover), opponent=counts(opponent))


# Timing ----------------------------------------------------------------------------------------


class Timing(TypedDict):
    """One timed path over the bench's queries; times in microseconds."""

    queries: int
    median_us: float
    p90_us: float
    worst_us: float
    worst_position: str
    worst_roll: Dice
    positions_per_second: float


class Command(TypedDict):
    """``python -m generator plays`` run as a program over every bench line, and the same
    lines answered by a program serving the contract with GNU Backgammon's generator; the
    best of a few runs, in seconds, start-up included."""

    lines: int
    ours_s: float
    gnubg_s: float


class Figures(TypedDict):
    """What :func:`bench_engine` measured; ``None`` for a path that could not be timed."""

    count: int
    seed: int
    engine: Timing
    gnubg: Timing | None
    contract: Timing
    gnubg_contract: Timing | None
    command: Command | None
    # Each other variant's legal_plays on random positions of that game.
    variants: dict[str, Timing]
    notes: list[str]


def bench_queries(count: int, seed: int = DEFAULT_SEED) -> list[tuple[Position, Dice]]:
    """``count`` seeded random positions, the rolls cycling through all 21."""
    rng = random.Random(seed)
    return [(random_backgammon_position(rng), ROLLS[i % len(ROLLS)]) for i in range(count)]


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """The garbage collector off while a loop is timed, as :mod:`timeit` does."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _timing(times_ns: Sequence[int], queries: Sequence[tuple[Position, Dice]]) -> Timing:
    ordered = sorted(times_ns)
    worst = max(range(len(times_ns)), key=times_ns.__getitem__)
    position, dice = queries[worst]
    p90 = ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]  # nearest rank
    total = sum(times_ns)
    return Timing(
        queries=len(times_ns),
        median_us=statistics.median(ordered) / 1000,
        p90_us=p90 / 1000,
        worst_us=ordered[-1] / 1000,
        worst_position=repr(position),
        worst_roll=dice,
        positions_per_second=len(times_ns) * 1e9 / total if total else math.inf,
    )


# A timed path: a function and, per query, the arguments it is called with.
_Path = tuple[Callable[..., object], list[tuple[Any, ...]]]


def _time_paths(paths: dict[str, _Path]) -> dict[str, list[int]]:
    """Nanoseconds per query for each path. The paths take turns query by query, so that a slow
    moment of the machine (this one is shared) falls on all of them alike, and their ratios hold
    from run to run. Each path is called once untimed first, and the garbage collector is off."""
    for function, arguments in paths.values():
        function(*arguments[0])  # warm-up: first-call costs are not per query
    clock = time.perf_counter_ns
    times: dict[str, list[int]] = {name: [] for name in paths}
    timed = [(function, arguments, times[name]) for name, (function, arguments) in paths.items()]
    count = min(len(arguments) for _, arguments in paths.values())
    with _no_gc():
        for index in range(count):
            for function, arguments, spent in timed:
                args = arguments[index]
                start = clock()
                function(*args)
                spent.append(clock() - start)
    return times


def contract_line(position: Position, dice: Dice) -> str:
    """The ``plays`` contract's input line asking for ``position`` with ``dice``."""
    query = {"variant": position.variant.key, "position": position.to_json(), "dice": list(dice)}
    return json.dumps(query)


# How gnubg_nn reads a contract line's sides: the mover's points 1..24 then its bar, and the
# opponent's in its own numbering (its 1 is the mover's 24), then its bar.
_GNUBG_MOVER_KEYS = [*map(str, ALL_POINTS), "bar"]
_GNUBG_OPPONENT_KEYS = [*map(str, reversed(ALL_POINTS)), "bar"]
_GNUBG_PLACES = {BAR: "bar", OFF: "off", **{point: str(point) for point in ALL_POINTS}}


def gnubg_answer_line(line: str) -> str:
    """The ``plays`` contract for a backgammon line, served by GNU Backgammon's generator
    in-process: the baseline the contract's speed target is measured against.

    It does what a lean server of the contract must and nothing more: it reads the line, asks
    ``gnubg_nn`` for the plays, writes a simple notation from gnubg's steps, sorts, and writes
    the answer with the same writer as :func:`generator.cli.answer_line`. It checks nothing
    (no error handling) and does not count borne-off checkers, which the answer does not show.
    """
    import gnubg_nn

    query = json.loads(line)
    position = query["position"]
    mover, opponent = position["mover"], position["opponent"]
    board = (
        [opponent.get(key, 0) for key in _GNUBG_OPPONENT_KEYS],
        [mover.get(key, 0) for key in _GNUBG_MOVER_KEYS],
    )
    first, second = query["dice"]
    rows = []
    for key, steps in gnubg_nn.moves(board, first, second, 1):
        opponent_after, mover_after = gnubg_nn.boardfromkey(key)
        rows.append(
            (
                " ".join(f"{_GNUBG_PLACES[a]}/{_GNUBG_PLACES[b]}" for a, b in steps),
                (0, *mover_after),  # the bar is last in both forms
                (0, *opponent_after[23::-1], opponent_after[24]),
                "[]",
            )
        )
    rows.sort()
    return plays_json(rows, has_bar=True)


def serve_gnubg_plays() -> int:
    """The ``plays`` command served by GNU Backgammon's generator: standard input to output,
    through the same loop as ``python -m generator plays``."""
    from generator.cli import run_plays

    return run_plays(sys.stdin, sys.stdout, answer_line=gnubg_answer_line)


_GNUBG_COMMAND = "from generator.bench import serve_gnubg_plays; serve_gnubg_plays()"


def _time_command(lines: Sequence[str], runs: int = 3) -> Command:
    """Both programs over the same lines (taking turns, ``runs`` times), each at its best."""
    commands = {
        "ours": [sys.executable, "-m", "generator", "plays"],
        "gnubg": [sys.executable, "-c", _GNUBG_COMMAND],
    }
    best = dict.fromkeys(commands, math.inf)
    with tempfile.TemporaryFile("w+") as source:
        source.writelines(line + "\n" for line in lines)
        for _ in range(runs):
            for name, command in commands.items():
                source.seek(0)
                start = time.perf_counter()
                subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, check=True)
                best[name] = min(best[name], time.perf_counter() - start)
    return Command(lines=len(lines), ours_s=best["ours"], gnubg_s=best["gnubg"])


def bench_engine(count: int = 2000, seed: int = DEFAULT_SEED) -> Figures:
    """Time ``legal_plays`` on ``count`` seeded random backgammon positions, one roll each (the
    rolls cycle through all 21), and the same questions through the ``plays`` contract
    (``generator.cli.answer_line``: JSON in, position, plays, JSON out); when ``gnubg_nn`` is
    installed, GNU Backgammon's generator on the same questions, bare and serving the same
    contract (:func:`gnubg_answer_line`). Then ``legal_plays`` of every other variant on random
    positions of its own.

    Per path: median, 90th percentile and worst time (with its position and roll), and
    positions per second over the whole run. The backgammon paths take turns query by query.
    """
    from generator.cli import answer_line

    if count < 1:
        raise ValueError(f"the bench needs at least one position, not {count}")
    queries = bench_queries(count, seed)
    notes: list[str] = []
    lines = [(contract_line(position, dice),) for position, dice in queries]
    paths: dict[str, _Path] = {
        "engine": (Position.legal_plays, list(queries)),
        "contract": (answer_line, lines),
    }
    try:
        import gnubg_nn
    except ImportError:
        notes.append("GNU Backgammon not timed: gnubg_nn is not installed (make test installs it)")
    else:
        boards = [(gnubg_boards(position), *dice, 0) for position, dice in queries]
        paths["gnubg"] = (gnubg_nn.moves, boards)
        paths["gnubg_contract"] = (gnubg_answer_line, lines)
    times = _time_paths(paths)
    command = _time_command([line for (line,) in lines]) if "gnubg" in paths else None
    variants: dict[str, Timing] = {}
    for key, variant in VARIANTS.items():
        if key == BACKGAMMON.key:
            continue
        rng = random.Random(f"{seed}-{key}")
        own = [(random_position(variant, rng), ROLLS[i % len(ROLLS)]) for i in range(count)]
        variants[key] = _timing(_time_paths({key: (Position.legal_plays, own)})[key], own)

    def timing(name: str) -> Timing | None:
        return _timing(times[name], queries) if name in times else None

    return Figures(
        count=count,
        seed=seed,
        engine=_timing(times["engine"], queries),
        gnubg=timing("gnubg"),
        contract=_timing(times["contract"], queries),
        gnubg_contract=timing("gnubg_contract"),
        command=command,
        variants=variants,
        notes=notes,
    )


def _ratio(ours: Timing, theirs: Timing) -> str:
    by_median = ours["median_us"] / theirs["median_us"] if theirs["median_us"] else math.inf
    by_throughput = theirs["positions_per_second"] / ours["positions_per_second"]
    return f"{by_median:.1f}x by median, {by_throughput:.1f}x by throughput"


def format_figures(figures: Figures) -> str:
    """The figures of :func:`bench_engine` as a small table, one row per timed path."""
    rows: list[tuple[str, Timing]] = [
        (name, timing)
        for name, timing in (
            ("legal_plays", figures["engine"]),
            ("gnubg_nn.moves", figures["gnubg"]),
            ("plays line", figures["contract"]),
            ("gnubg plays line", figures["gnubg_contract"]),
        )
        if timing is not None
    ]
    header = f"{'':<18}{'median':>10}{'p90':>10}{'worst':>12}{'positions/s':>13}"

    def row(name: str, timing: Timing) -> str:
        return (
            f"{name:<18}{timing['median_us']:>8.1f}us{timing['p90_us']:>8.1f}us"
            f"{timing['worst_us'] / 1000:>10.2f}ms{timing['positions_per_second']:>13.0f}"
        )

    lines = [
        f"{figures['count']} random backgammon positions (seed {figures['seed']}), "
        "one roll each, cycling through all 21; times per position",
        header,
        *(row(name, timing) for name, timing in rows),
        "(plays line: one line of `python -m generator plays`, JSON in and out; gnubg plays "
        "line: the same line answered in-process with GNU Backgammon's generator)",
    ]
    engine, gnubg = figures["engine"], figures["gnubg"]
    contract, gnubg_contract = figures["contract"], figures["gnubg_contract"]
    if gnubg_contract is not None:
        lines.append(
            f"plays line / gnubg plays line: {_ratio(contract, gnubg_contract)} "
            f"(target: at most {CONTRACT_TARGET:g}x)"
        )
    command = figures["command"]
    if command is not None:
        lines.append(
            f"the whole command over the {command['lines']} lines, start-up included: "
            f"`python -m generator plays` {command['ours_s']:.2f} s, the same served by "
            f"gnubg {command['gnubg_s']:.2f} s: {command['ours_s'] / command['gnubg_s']:.1f}x"
        )
    if gnubg is not None:
        lines.append(f"legal_plays / gnubg_nn.moves: {_ratio(engine, gnubg)}")
        lines.append(f"plays line / gnubg_nn.moves: {_ratio(contract, gnubg)}")
    for name, timing in rows:
        first, second = timing["worst_roll"]
        lines.append(f"worst {name}: {first}-{second} in {timing['worst_position']}")
    if figures["variants"]:
        lines += ["", "legal_plays of the other games, on random positions of each", header]
        lines += [row(key, timing) for key, timing in figures["variants"].items()]
        for key, timing in figures["variants"].items():
            first, second = timing["worst_roll"]
            lines.append(f"worst {key}: {first}-{second} in {timing['worst_position']}")
    lines.extend(f"note: {note}" for note in figures["notes"])
    return "\n".join(lines)


def print_bench(count: int = 2000, seed: int = DEFAULT_SEED) -> Figures:
    """Run :func:`bench_engine`, print its table and return the figures."""
    print(f"timing {count} positions per path...", flush=True)
    figures = bench_engine(count, seed)
    print(format_figures(figures))
    return figures


# Checking puzzles ------------------------------------------------------------------------------

_TASKS = (
    ("play", "answer: any"),
    ("count", "count: plays"),
    ("count", "count: dice"),
    ("pass", ""),
    ("destinations", ""),
)


def bench_puzzles(folder: Path, count: int, seed: int = DEFAULT_SEED) -> list[Path]:
    """Write ``count`` generated puzzles of every variant and task into ``folder``."""
    from generator.engine import to_text

    rng = random.Random(seed)
    variants = list(VARIANTS.values())
    paths: list[Path] = []
    for index in range(count):
        variant = variants[index % len(variants)]
        position = random_position(variant, rng)
        first, second = ROLLS[index % len(ROLLS)]
        kind, extra = _TASKS[index % len(_TASKS)]
        if kind == "destinations":
            sources = [p for p in range(BAR, 0, -1) if position.mover[p]]
            place = "bar" if sources[0] == BAR else sources[0]
            extra = f"point: {place}"
        path = folder / variant.key / f"p{index:05d}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"id: bench-{index}\nvariant: {variant.key}\n"
            "title: {en: A generated puzzle, ru: Сгенерированная задача}\n"
            "prompt: {en: What now?, ru: Как сыграть?}\nlevel: 3\ntags: [drill]\n"
            f"position: {{text: '{to_text(position)}'}}\ndice: [{first}, {second}]\n"
            f"task: {kind}\n{extra}\n",
            encoding="utf-8",
        )
        paths.append(path)
    return paths


def print_check_bench(count: int = 1000, seed: int = DEFAULT_SEED) -> float:
    """Time ``check_files`` on ``count`` generated puzzles; print the figures, return seconds."""
    import tempfile

    from generator.puzzles import Report, check_files, load_puzzle

    with tempfile.TemporaryDirectory() as folder:
        paths = bench_puzzles(Path(folder), count, seed)
        print(f"checking {count} generated puzzles of all {len(VARIANTS)} games...", flush=True)
        start = time.perf_counter()
        project = check_files(paths)
        total = time.perf_counter() - start
        start = time.perf_counter()
        for path in paths:
            load_puzzle(path, Report())
        reading = time.perf_counter() - start
    problems = len(project.report.diagnostics)
    engine = max(total - reading, 0.0)
    print(
        f"{count} puzzles checked in {total:.2f} s ({total / count * 1000:.2f} ms each): "
        f"reading and validating {reading:.2f} s, the engine's answers {engine:.2f} s "
        f"({engine / total:.0%}); {len(project.puzzles)} clean, {problems} problems"
    )
    return total
