"""How big the puzzle widget's data is and how long it takes: ``bench widget``.

Measured over every puzzle of the project and ``count`` generated ``play`` puzzles: random
positions of every variant with random rolls, and one in five a position with fifteen checkers
spread out alone or in pairs and a small double (1-1, 2-2 or 3-3), the rolls that make the most
partial plays. Each puzzle's data is the JSON its page carries (``pages.puzzle_page``), in
Russian, whose words are the longer; sizes are raw and gzipped, times are the engine's and the
widget data's together, as a build pays them. Nothing here asserts: the targets (issue 7) are
a largest page data under 60 KB gzipped and a median under 4 KB.

>>> figures = bench_widget(6, project=False)
>>> figures["puzzles"], figures["largest_gzip"] < 60_000
(6, True)
"""

from __future__ import annotations

import gzip
import random
import re
import statistics
import time
from pathlib import Path
from typing import TypedDict

from generator.engine import VARIANTS, Position, PositionError, Variant
from generator.engine.samples import DEFAULT_SEED, ROLLS, random_position
from generator.puzzles import Puzzle, Solution, check_files, solve, yaml_files
from generator.puzzles.model import PlayTask, Text, Where
from generator.render.pages import puzzle_page

PUZZLES = Path(__file__).resolve().parent.parent.parent / "puzzles"
SMALL_DOUBLES = ((1, 1), (2, 2), (3, 3))
DATA = re.compile(r'<template class="tabula-data"[^>]*>(.*?)</template>', re.S)


class WidgetFigures(TypedDict):
    """What :func:`bench_widget` measured."""

    puzzles: int
    median_raw: int
    median_gzip: int
    largest_raw: int
    largest_gzip: int
    largest: str
    median_seconds: float
    slowest_seconds: float
    slowest: str
    total_seconds: float
    fallbacks: int


def spread_position(variant: Variant, rng: random.Random) -> Position:
    """Fifteen of the mover's checkers alone or in pairs on random points, the opponent's
    spread over the other points: the positions where a small double has the most ways."""
    while True:
        points = rng.sample(range(1, 25), 12)
        mover = dict.fromkeys(points, 1)
        for point in rng.sample(points, 3):
            mover[point] += 1
        others = [p for p in range(1, 25) if p not in mover]
        opponent = dict.fromkeys(others, 0)
        for _ in range(15):
            opponent[rng.choice(others)] += 1
        try:
            return variant.position(mover=mover, opponent={p: n for p, n in opponent.items() if n})
        except PositionError:
            continue  # a variant's own limits (a blocked head, ...): draw again


def generated(count: int, seed: int = DEFAULT_SEED) -> list[Puzzle]:
    """``count`` play puzzles on generated positions that have a legal play."""
    rng = random.Random(seed)
    variants = list(VARIANTS.values())
    found: list[Puzzle] = []
    while len(found) < count:
        variant = variants[len(found) % len(variants)]
        if len(found) % 5 == 4:
            position = spread_position(variant, rng)
            dice = SMALL_DOUBLES[rng.randrange(len(SMALL_DOUBLES))]
        else:
            position = random_position(variant, rng)
            dice = ROLLS[rng.randrange(len(ROLLS))]
        if not position.legal_plays(dice):
            continue
        found.append(
            Puzzle(
                id=f"generated-{len(found)}",
                variant=variant,
                title=Text("", ""),
                prompt=Text("", ""),
                explain=None,
                level=1,
                tags=(),
                position=position,
                dice=dice,
                task=PlayTask(answers=None, expect_forced=False),
                where=Where(Path("generated"), 1, 1),
            )
        )
    return found


def _no_board(*args: object, **options: object) -> str:
    return "<svg></svg>"


def bench_widget(
    count: int = 500, seed: int = DEFAULT_SEED, *, project: bool = True
) -> WidgetFigures:
    """Compute and measure the page data of the project's puzzles and ``count`` generated
    ones."""
    puzzles: list[Puzzle] = []
    if project and PUZZLES.is_dir():
        puzzles += check_files(yaml_files([PUZZLES])).puzzles.values()
    puzzles += generated(count, seed)
    sizes: list[tuple[int, int, str]] = []
    times: list[tuple[float, str]] = []
    fallbacks = 0
    started = time.perf_counter()
    for puzzle in puzzles:
        start = time.perf_counter()
        solution = solve(puzzle) or Solution()
        page = puzzle_page(puzzle, solution, "ru", _no_board)
        times.append((time.perf_counter() - start, puzzle.id))
        found = DATA.search(page.text)
        assert found is not None, "every puzzle page carries its data"
        raw = found.group(1).encode()
        fallbacks += '"too_big":null' not in found.group(1)
        sizes.append((len(raw), len(gzip.compress(raw, 9)), puzzle.id))
    total = time.perf_counter() - started
    largest = max(sizes, key=lambda size: size[1])
    slowest = max(times)
    return {
        "puzzles": len(puzzles),
        "median_raw": round(statistics.median(raw for raw, _, _ in sizes)),
        "median_gzip": round(statistics.median(packed for _, packed, _ in sizes)),
        "largest_raw": largest[0],
        "largest_gzip": largest[1],
        "largest": largest[2],
        "median_seconds": statistics.median(seconds for seconds, _ in times),
        "slowest_seconds": slowest[0],
        "slowest": slowest[1],
        "total_seconds": total,
        "fallbacks": fallbacks,
    }


def print_widget_bench(count: int = 500, seed: int = DEFAULT_SEED) -> WidgetFigures:
    """Run :func:`bench_widget`, print its figures and return them."""
    print(
        f"the widget's data of every puzzle of the project and {count} generated ones "
        "(one in five with checkers spread out and 1-1, 2-2 or 3-3)...",
        flush=True,
    )
    f = bench_widget(count, seed)
    print(
        f"{f['puzzles']} puzzles in {f['total_seconds']:.1f} s\n"
        f"size: median {f['median_raw'] / 1024:.1f} KB raw, {f['median_gzip'] / 1024:.1f} KB "
        f"gzipped (target: under 4 KB); largest {f['largest_raw'] / 1024:.1f} KB raw, "
        f"{f['largest_gzip'] / 1024:.1f} KB gzipped ({f['largest']}; target: under 60 KB)\n"
        f"time per puzzle: median {f['median_seconds'] * 1000:.1f} ms, slowest "
        f"{f['slowest_seconds'] * 1000:.0f} ms ({f['slowest']})\n"
        f"graphs over the limit (solution only): {f['fallbacks']}"
    )
    return f


if __name__ == "__main__":  # pragma: no cover - python -m generator.bench.widget
    print_widget_bench()
