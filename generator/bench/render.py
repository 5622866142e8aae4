"""How fast boards are drawn and how big they are: ``python -m generator bench render``.

The boards are the gallery's (in both languages) and ``count`` random positions spread over
every variant (:func:`generator.engine.samples.random_position`), each with a roll and, when the
roll can be played, the arrows of its first legal play. The engine's answers are worked out
before the clock starts: only :func:`~generator.render.board_svg` is timed. Nothing here asserts
a time; the targets (issue 5) are 500 boards per second and a median size under 12 KB.

>>> figures = bench_render(16)
>>> figures["boards"] == 16 + 2 * len(gallery())
True
>>> figures["median_bytes"] < 12_000
True
"""

from __future__ import annotations

import random
import statistics
import time
from typing import TypedDict

from generator.engine import VARIANTS, Position, Step
from generator.engine.samples import DEFAULT_SEED, ROLLS, random_position
from generator.locale import LANGUAGES
from generator.render import board_svg
from generator.render.gallery import gallery


class RenderFigures(TypedDict):
    """What :func:`bench_render` measured."""

    boards: int
    seconds: float
    boards_per_second: float
    median_bytes: int
    largest_bytes: int
    largest_board: str


Job = tuple[str, Position, tuple[int, int] | None, tuple[Step, ...]]


def _jobs(count: int, seed: int) -> list[Job]:
    rng = random.Random(seed)
    variants = list(VARIANTS.values())
    jobs: list[Job] = []
    for index in range(count):
        variant = variants[index % len(variants)]
        position = random_position(variant, rng)
        roll = ROLLS[rng.randrange(len(ROLLS))]
        plays = position.turn(roll).plays
        steps = plays[0].steps if plays else ()
        jobs.append((f"random {variant.key} #{index}", position, roll, steps))
    return jobs


def bench_render(count: int = 1000, seed: int = DEFAULT_SEED) -> RenderFigures:
    """Draw the gallery in every language and ``count`` random boards; time and measure them."""
    jobs = _jobs(count, seed)
    examples = gallery()
    sizes: list[tuple[int, str]] = []
    start = time.perf_counter()
    for lang in LANGUAGES:
        for example in examples:
            sizes.append((len(example.svg(lang).encode()), f"gallery {example.name} ({lang})"))
    for name, position, dice, steps in jobs:
        sizes.append((len(board_svg(position, dice=dice, arrows=steps).encode()), name))
    seconds = time.perf_counter() - start
    largest, largest_name = max(sizes)
    return {
        "boards": len(sizes),
        "seconds": seconds,
        "boards_per_second": len(sizes) / seconds if seconds else float("inf"),
        "median_bytes": round(statistics.median(size for size, _ in sizes)),
        "largest_bytes": largest,
        "largest_board": largest_name,
    }


def print_render_bench(count: int = 1000, seed: int = DEFAULT_SEED) -> RenderFigures:
    """Run :func:`bench_render`, print its figures and return them."""
    print(
        f"drawing the gallery ({len(gallery())} boards x {len(LANGUAGES)} languages) and "
        f"{count} random boards of all {len(VARIANTS)} games...",
        flush=True,
    )
    figures = bench_render(count, seed)
    print(
        f"{figures['boards']} boards in {figures['seconds']:.2f} s: "
        f"{figures['boards_per_second']:.0f} boards per second (target: 500)\n"
        f"SVG size: median {figures['median_bytes'] / 1024:.1f} KB (target: under 12 KB), "
        f"largest {figures['largest_bytes'] / 1024:.1f} KB ({figures['largest_board']})"
    )
    return figures
