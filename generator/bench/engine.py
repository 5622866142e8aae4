"""How fast the engine answers: ``python -m generator bench engine``.

:func:`bench_engine` times ``legal_plays`` and the whole ``plays`` contract path on seeded random
backgammon positions and, when ``gnubg_nn`` is installed, GNU Backgammon's generator on the same
questions: bare, and answering the same contract lines
(:func:`generator.bench.gnubg.gnubg_answer_line`, the baseline of the contract's speed target);
then ``legal_plays`` of every other variant on random positions of its own, each timed side by
side with backgammon's ``legal_plays`` on the backgammon questions.
:func:`format_figures` prints the figures as a small table, with the ratios that issue 21 sets
targets for: backgammon's ``legal_plays`` beside gnubg's (by median and by throughput), each
other game's median beside backgammon's in the same run, and the worst position of all.

Only the standard library is needed; ``gnubg_nn`` is imported lazily and only if installed.
Nothing here asserts a time: the figures are for reading.

>>> [dice for _, dice in bench_queries(3)]
[(1, 1), (2, 1), (2, 2)]
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypedDict

from generator.engine import VARIANTS, Play, Position, Turn, Variant, find_variant
from generator.engine.samples import (
    DEFAULT_SEED,
    ROLLS,
    Dice,
    random_backgammon_position,
    random_position,
)
from generator.plays import answer_line

from .gnubg import gnubg_answer_line, gnubg_boards

BACKGAMMON: Variant = find_variant("backgammon")

CONTRACT_TARGET = 3.0
"""The ``plays`` contract may take at most this many times as long as the same contract served
by GNU Backgammon's generator in-process (issue 2)."""
MEDIAN_TARGET = 8.0
THROUGHPUT_TARGET = 10.0
"""Backgammon's ``legal_plays`` may take at most this many times as long as GNU Backgammon's
generator (``gnubg_nn.moves``), by median and by throughput (issue 21)."""
GAMES_TARGET = 2.0
"""Every other game's median ``legal_plays`` may be at most this many times backgammon's."""
WORST_TARGET_MS = 20.0
"""No position of any game may take longer than this (its best of a few timings)."""
RETIMED = 5
"""How many of each path's slowest queries are timed again (:func:`_time_paths`)."""


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
    # Each other variant's legal_plays on random positions of that game, and backgammon's
    # legal_plays timed beside it (taking turns query by query), which its ratio is taken to.
    variants: dict[str, Timing]
    beside: dict[str, Timing]
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


def _clock_cost(clock: Callable[[], int]) -> int:
    """What reading ``clock`` twice in a row measures: the median of many tries."""
    empty = []
    for _ in range(1001):
        start = clock()
        empty.append(clock() - start)
    return int(statistics.median(empty))


def _time_paths(paths: dict[str, _Path]) -> dict[str, list[int]]:
    """Nanoseconds per query for each path. The paths take turns query by query, so that a slow
    moment of the machine (this one is shared) falls on all of them alike, and their ratios hold
    from run to run. Each path is called once untimed first, and the garbage collector is off.

    The clock is this thread's CPU time, less what reading it costs: on a shared machine the
    time other programs take the processor is not the engine's. Each path's :data:`RETIMED`
    slowest queries are timed again a few times and keep their best time, for the same reason.
    """
    for function, arguments in paths.values():
        function(*arguments[0])  # warm-up: first-call costs are not per query
    clock = time.thread_time_ns
    cost = _clock_cost(clock)
    times: dict[str, list[int]] = {name: [] for name in paths}
    timed = [(function, arguments, times[name]) for name, (function, arguments) in paths.items()]
    count = min(len(arguments) for _, arguments in paths.values())
    with _no_gc():
        for index in range(count):
            for function, arguments, spent in timed:
                args = arguments[index]
                start = clock()
                function(*args)
                spent.append(max(1, clock() - start - cost))
        for function, arguments, spent in timed:
            slowest = sorted(range(len(spent)), key=spent.__getitem__)[-RETIMED:]
            for index in slowest:
                for _ in range(3):
                    start = clock()
                    function(*arguments[index])
                    spent[index] = min(spent[index], max(1, clock() - start - cost))
    return times


def fresh_plays(position: Position, dice: Dice) -> tuple[Play, ...]:
    """What ``position.legal_plays(dice)`` works out when the turn is not one the variant has
    kept (:meth:`Variant.turn`): the path the bench times. Like ``gnubg_nn.moves``, it finds
    the plays without writing their notation (:attr:`Turn.legal_plays`)."""
    return Turn(position, dice).legal_plays


def contract_line(position: Position, dice: Dice) -> str:
    """The ``plays`` contract's input line asking for ``position`` with ``dice``."""
    query = {"variant": position.variant.key, "position": position.to_json(), "dice": list(dice)}
    return json.dumps(query)


_GNUBG_COMMAND = "from generator.bench.gnubg import serve_gnubg_plays; serve_gnubg_plays()"


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
    (``generator.plays.answer_line``: JSON in, position, plays, JSON out); when ``gnubg_nn`` is
    installed, GNU Backgammon's generator on the same questions, bare and serving the same
    contract (:func:`gnubg_answer_line`). Then ``legal_plays`` of every other variant on random
    positions of its own.

    Per path: median, 90th percentile and worst time (with its position and roll), and
    positions per second over the whole run. The backgammon paths take turns query by query,
    and so does each other game with backgammon's ``legal_plays``: a game timed alone would run
    with its code and data warm in the processor's caches, while backgammon's shares them with
    the paths it takes turns with, and the machine's speed drifts from one minute to the next,
    so only games timed under the same conditions compare.
    """
    if count < 1:
        raise ValueError(f"the bench needs at least one position, not {count}")
    queries = bench_queries(count, seed)
    notes: list[str] = []
    lines = [(contract_line(position, dice),) for position, dice in queries]
    paths: dict[str, _Path] = {
        "engine": (fresh_plays, list(queries)),
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
    beside: dict[str, Timing] = {}
    for key, variant in VARIANTS.items():
        if key == BACKGAMMON.key:
            continue
        rng = random.Random(f"{seed}-{key}")
        own = [(random_position(variant, rng), ROLLS[i % len(ROLLS)]) for i in range(count)]
        side_by_side = _time_paths({key: (fresh_plays, own), "backgammon": paths["engine"]})
        variants[key] = _timing(side_by_side[key], own)
        beside[key] = _timing(side_by_side["backgammon"], queries)

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
        beside=beside,
        notes=notes,
    )


def _worst(timing: Timing) -> float:
    return timing["worst_us"]


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
        lines.append(
            f"legal_plays / gnubg_nn.moves: {_ratio(engine, gnubg)} (target: at most "
            f"{MEDIAN_TARGET:g}x by median, {THROUGHPUT_TARGET:g}x by throughput)"
        )
        lines.append(f"plays line / gnubg_nn.moves: {_ratio(contract, gnubg)}")
    for name, timing in rows:
        first, second = timing["worst_roll"]
        lines.append(f"worst {name}: {first}-{second} in {timing['worst_position']}")
    if figures["variants"]:
        lines += [
            "",
            "legal_plays of the other games on random positions of their own, each game taking "
            "turns with backgammon's",
            f"{header}{'backgammon':>12}{'ratio':>7}",
        ]
        for key, timing in figures["variants"].items():
            beside = figures["beside"][key]["median_us"]
            ratio = timing["median_us"] / beside
            lines.append(f"{row(key, timing)}{beside:>10.1f}us{ratio:>6.1f}x")
        lines.append(
            "(backgammon: its median beside the game; ratio: the game's median / that; target: "
            f"at most {GAMES_TARGET:g}x)"
        )
        worst = max((figures["engine"], *figures["variants"].values()), key=_worst)
        lines.append(
            f"the worst position of all games: {_worst(worst) / 1000:.2f} ms "
            f"(target: at most {WORST_TARGET_MS:g} ms)"
        )
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
