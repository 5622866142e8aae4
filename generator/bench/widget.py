"""How big the puzzle widget's data is and how long it takes: ``bench widget``.

Measured over every puzzle of the project and ``count`` generated ``play`` puzzles: random
positions of every variant with random rolls, and one in five a position with fifteen checkers
spread out alone or in pairs and a small double (1-1, 2-2 or 3-3), the rolls that make the most
partial plays. Each puzzle's data is the JSON its page carries (``pages.puzzle_page``), in
Russian, whose words are the longer; sizes are raw and gzipped, times are the engine's and the
widget data's together, as a build pays them. Nothing here asserts: the targets (issue 7) are
a largest page data under 60 KB gzipped and a median under 4 KB.

Then the widget in Chromium (issue 18's targets): this project is built
into a temporary folder and served on 127.0.0.1 (as ``bench pages`` does it), and the Russian
pages of the play puzzles whose data is the largest are opened with the CPU slowed 4x
(``Emulation.setCPUThrottlingRate``). *Interactive* is the time from the navigation's start
until the widget is ready for input (its root takes ``tw-ready``, its listeners set in the same
task); a *click* is answered when the status message has changed and the next frame is drawn,
timed from a click dispatched on a place's target, over a scripted solve (each step's checker,
then its destination, then Done). Each page is visited :data:`RUNS` times and its medians
shown. Targets: interactive within 1 s, every click within 50 ms.

>>> figures = bench_widget(6, project=False)
>>> figures["puzzles"], figures["largest_gzip"] < 60_000
(6, True)
"""

from __future__ import annotations

import gzip
import os
import random
import re
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from generator.engine import BAR, OFF, VARIANTS, Position, PositionError, Variant
from generator.engine.samples import DEFAULT_SEED, ROLLS, random_position
from generator.puzzles import Puzzle, Solution, check_files, solve, yaml_files
from generator.puzzles.model import PlayTask, Text, Where
from generator.render.pages import puzzle_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser

THROTTLE = 4
"""How many times slower the CPU runs in the browser's measurements."""
READY_TARGET_MS = 1000.0
CLICK_TARGET_MS = 50.0
PAGES = 5
"""The play puzzles whose page the browser opens: those with the largest data."""
RUNS = 3
"""Visits of each page: its figures are the medians (a busy machine makes single runs noisy)."""
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


@dataclass(frozen=True, slots=True)
class PageTimes:
    """One puzzle page in Chromium with the CPU slowed :data:`THROTTLE` times."""

    path: str
    ready_ms: float
    """From the navigation's start until the widget is ready for input."""
    parsed_ms: float
    """From the navigation's start until the page is parsed (``domInteractive``): the part of
    ``ready_ms`` spent before the widget's scripts, deferred, can run at all."""
    clicks_ms: tuple[float, ...]
    """Each click of the scripted solve, until its message is shown."""
    solved: bool


READY_WATCH = """
window.__twReady = null;
new MutationObserver((_, watch) => {
  if (document.querySelector(".tabula-puzzle.tw-ready")) {
    window.__twReady = performance.now();
    watch.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""
"""Notes when the widget is ready: the observer runs once the script that set it up ends."""

CLICK = """async (selector) => {
  const root = document.querySelector(".tabula-puzzle");
  const status = root.querySelector('[role="status"]');
  const target = root.querySelector(selector);
  const changed = new Promise((done) => {
    const watch = new MutationObserver(() => { watch.disconnect(); done(); });
    watch.observe(status, { childList: true, characterData: true, subtree: true });
  });
  const start = performance.now();
  target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  await changed;
  await new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
  return performance.now() - start;
}"""
"""A click on ``selector`` and the time until the status has changed and a frame is drawn."""


def _place(place: int) -> str:
    return {BAR: "bar", OFF: "off"}.get(place, str(place))


def solve_clicks(puzzle: Puzzle, solution: Solution) -> list[str]:
    """The clicks that solve a play puzzle: each step's checker, its destination, then Done."""
    targets = ".tabula-puzzle svg .tw-targets [data-point='{}']"
    clicks: list[str] = []
    for step in solution.accepted[0].steps:
        clicks += [targets.format(_place(step.source)), targets.format(_place(step.destination))]
    return [*clicks, ".tabula-puzzle .tw-done"]


def time_page(browser: Browser, url: str, path: str, clicks: list[str]) -> PageTimes:
    """Open ``url + path`` in a fresh context, the CPU slowed, and play ``clicks``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.add_init_script(READY_WATCH)
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        page.goto(url + path, wait_until="load")
        page.wait_for_function("window.__twReady !== null")
        ready = float(page.evaluate("window.__twReady"))
        parsed = float(
            page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
        )
        times = tuple(float(page.evaluate(CLICK, selector)) for selector in clicks)
        solved = page.locator(".tabula-puzzle").get_attribute("data-verdict") == "accepted"
    finally:
        context.close()
    return PageTimes(path, ready, parsed, times, solved)


def median_times(runs: list[PageTimes]) -> PageTimes:
    """Runs of one page as one: the median time to be ready and of each click."""
    each = zip(*(r.clicks_ms for r in runs), strict=True)
    clicks = tuple(statistics.median(times) for times in each)
    ready = statistics.median(r.ready_ms for r in runs)
    parsed = statistics.median(r.parsed_ms for r in runs)
    return PageTimes(runs[0].path, ready, parsed, clicks, all(r.solved for r in runs))


def bench_browser(pages: int = PAGES) -> list[PageTimes]:
    """This project built and served, and the ``pages`` play puzzles of the largest data timed
    in Chromium (Russian pages)."""
    from playwright.sync_api import sync_playwright

    from generator.site.pdf import QUIET_FLAGS

    from .hosting import served
    from .pages import CHROMIUM, build_project

    chosen: list[tuple[int, str, list[str]]] = []
    for puzzle in check_files(yaml_files([PUZZLES])).puzzles.values():
        solution = solve(puzzle)
        if not isinstance(puzzle.task, PlayTask) or solution is None or not solution.accepted:
            continue
        found = DATA.search(puzzle_page(puzzle, solution, "ru", _no_board).text)
        assert found is not None, "every puzzle page carries its data"
        size = len(gzip.compress(found.group(1).encode(), 9))
        chosen.append((size, puzzle.id, solve_clicks(puzzle, solution)))
    chosen = sorted(chosen, reverse=True)[:pages]
    with tempfile.TemporaryDirectory(prefix="tabula-bench-widget-") as temp:
        folder = Path(temp) / "site"
        folder.mkdir()
        with served(folder) as url, sync_playwright() as driver:
            build_project(Path(temp), url)
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=list(QUIET_FLAGS))
            try:
                return [
                    median_times(
                        [
                            time_page(browser, url, f"ru/puzzles/{puzzle_id}/", clicks)
                            for _ in range(RUNS)
                        ]
                    )
                    for _, puzzle_id, clicks in chosen
                ]
            finally:
                browser.close()


def _mark(value: float, target: float) -> str:
    return "met" if value <= target else "NOT met"


def format_browser(times: list[PageTimes]) -> str:
    """The browser's figures, a line a page, and the targets."""
    lines = [
        f"{'page (CPU slowed ' + str(THROTTLE) + 'x)':<44} {'parsed ms':>10} {'ready ms':>9} "
        f"{'clicks':>7} {'median ms':>10} {'slowest ms':>11} solved"
    ]
    for one in times:
        lines.append(
            f"{one.path:<44} {one.parsed_ms:>10.0f} {one.ready_ms:>9.0f} {len(one.clicks_ms):>7} "
            f"{statistics.median(one.clicks_ms):>10.1f} {max(one.clicks_ms):>11.1f} "
            f"{'yes' if one.solved else 'NO'}"
        )
    ready = max(one.ready_ms for one in times)
    click = max(click for one in times for click in one.clicks_ms)
    lines.append(
        f"slowest to be ready: {ready:.0f} ms (target: within {READY_TARGET_MS:.0f} ms, "
        f"{_mark(ready, READY_TARGET_MS)}); slowest click: {click:.1f} ms (target: within "
        f"{CLICK_TARGET_MS:.0f} ms, {_mark(click, CLICK_TARGET_MS)})"
    )
    load = os.getloadavg()[0]
    lines.append(
        "(parsed: the page's HTML parsed and Material's script run, before which no deferred "
        "script runs; ready: the widget ready for input)"
    )
    lines.append(
        f"(medians of {RUNS} visits; load average {load:.1f} on {os.cpu_count()} CPUs while "
        "measured: a busy machine slows every figure)"
    )
    return "\n".join(lines)


def print_widget_bench(count: int = 500, seed: int = DEFAULT_SEED) -> WidgetFigures:
    """Run :func:`bench_widget`, print its figures and return them; then time the widget in
    Chromium (:func:`bench_browser`) and print that."""
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
        f"{f['largest_gzip'] / 1024:.1f} KB gzipped ({f['largest']}; target: under 60 KB, "
        f"{_mark(f['largest_gzip'], 60 * 1024)})\n"
        f"time per puzzle: median {f['median_seconds'] * 1000:.1f} ms, slowest "
        f"{f['slowest_seconds'] * 1000:.0f} ms ({f['slowest']})\n"
        f"graphs over the limit (solution only): {f['fallbacks']}",
        flush=True,
    )
    print(
        f"building this project, then timing the {PAGES} play puzzles of the largest data "
        "in Chromium...",
        flush=True,
    )
    print(format_browser(bench_browser()))
    return f


if __name__ == "__main__":  # pragma: no cover - python -m generator.bench.widget
    print_widget_bench()
