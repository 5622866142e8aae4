"""Lighthouse's scores of the home page and a puzzle page: ``python -m generator bench lighthouse``.

This project is built once into a temporary folder (both languages, Pagefind's index, no
worksheet PDFs), or a built site is taken as it is, and served on 127.0.0.1 the way a host
serves a static site: text (HTML, CSS, JavaScript, JSON, XML, SVG) gzipped when the browser
asks for it. Lighthouse (the npm package, pinned at 12.2.3: ``make bench-lighthouse``) opens
the home page and the heaviest puzzle page of each language in Debian's Chromium
(``/usr/bin/chromium``, headless), by default as a phone on a slow 4G network with a CPU four
times slower than this one (its "mobile" form factor, throttling simulated), and rates
performance and accessibility. Each page is rated ``count`` times and the run with the median
performance score is shown, with every audit that did not pass.

Lighthouse's simulated times grow with the load of the machine: it measures how fast this CPU
is (its benchmark index, printed with the scores), but not what else runs beside it. Read the
figures of a quiet machine. Nothing here asserts: the targets (issue 19) are accessibility 1.0
and mobile performance at least 0.95 on both pages.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .hosting import served
from .pages import CHROMIUM, LANGUAGE_FOLDERS, build_project, pages_of
from .site import REPO

VERSION = "12.2.3"
"""Lighthouse 12.3 to 13.4 write a lock that ``npm ci`` refuses, and 13 wants Node.js 22."""

LIGHTHOUSE = Path(
    os.environ.get("TABULA_LIGHTHOUSE", REPO / ".venv/lighthouse/node_modules/.bin/lighthouse")
)
"""The Lighthouse command the Makefile installs (``.installed-lighthouse``)."""

INSTALL = f"make bench-lighthouse (npm install -E --prefix .venv/lighthouse lighthouse@{VERSION})"

TARGETS = {"performance": 0.95, "accessibility": 1.0}
"""The lowest score each category may have on the home page and a puzzle page (issue 19)."""

CHROME_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run")
"""Headless Chromium without a sandbox (containers have none) or a GPU."""

METRICS = (
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
)
"""The metrics that make up the performance score (Lighthouse 12)."""

_UNRATED = ("notApplicable", "manual", "informative", "error")


@dataclass(frozen=True, slots=True)
class Failing:
    """An audit that did not pass."""

    category: str
    id: str
    title: str
    score: float
    weight: float
    """Its share of the category's score (0: it only explains a metric)."""
    shown: str
    """Lighthouse's figure for it (``4.8 s``, ``Potential savings of 43 KiB``), or '' (then
    its title says what it checks)."""
    items: tuple[str, ...]
    """What it found wrong: the elements (their selectors) or the files (their addresses)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """Lighthouse's report of one page: its run with the median performance score."""

    path: str
    """The page, from the site's top (``ru/puzzles/bg-cube-drop/``)."""
    scores: dict[str, float]
    """By category (``performance``, ``accessibility``), from 0 to 1."""
    metrics: dict[str, str]
    """Each metric as Lighthouse shows it (``largest-contentful-paint``: ``1.2 s``)."""
    failing: tuple[Failing, ...]
    benchmark_index: float
    """How fast Lighthouse found this machine's CPU (higher is faster)."""
    performance_runs: tuple[float, ...]
    """The performance score of every run, in the order they ran."""


def rating_of(report: dict[str, Any], path: str) -> Rating:
    """The scores, metrics and failing audits of a Lighthouse JSON ``report``."""
    audits = report["audits"]
    failing: list[Failing] = []
    for key, category in report["categories"].items():
        for ref in category["auditRefs"]:
            audit = audits[ref["id"]]
            score = audit.get("score")
            if score is None or score >= 1 or audit.get("scoreDisplayMode") in _UNRATED:
                continue
            failing.append(
                Failing(
                    category=key,
                    id=ref["id"],
                    title=audit["title"],
                    score=float(score),
                    weight=float(ref.get("weight", 0)),
                    shown=audit.get("displayValue", ""),
                    items=_items(audit.get("details") or {}),
                )
            )
    failing.sort(key=lambda one: (one.category, -one.weight, one.score, one.id))
    scores = {key: float(category["score"] or 0) for key, category in report["categories"].items()}
    return Rating(
        path=path,
        scores=scores,
        metrics={key: audits[key].get("displayValue", "") for key in METRICS if key in audits},
        failing=tuple(failing),
        benchmark_index=float(report.get("environment", {}).get("benchmarkIndex", 0)),
        performance_runs=(scores.get("performance", 0.0),),
    )


def _items(details: dict[str, Any]) -> tuple[str, ...]:
    found: list[str] = []
    for item in details.get("items", ()):
        node = item.get("node") if isinstance(item, dict) else None
        if isinstance(node, dict):
            found.append(node.get("selector") or node.get("snippet", ""))
        elif isinstance(item, dict) and isinstance(item.get("url"), str):
            found.append(item["url"])
    return tuple(found)


def rated_pages(site: Path) -> list[str]:
    """The pages to rate: the home page and the heaviest puzzle page of each language."""
    paths: list[str] = []
    for lang in LANGUAGE_FOLDERS:
        by_type = pages_of(site, lang)
        paths += [by_type["home"][0], by_type["puzzle"][0]]
    return paths


def run_lighthouse(url: str, *, desktop: bool = False) -> dict[str, Any]:
    """One Lighthouse run of ``url`` (performance and accessibility): its JSON report."""
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        "--output-path=stdout",
        "--only-categories=performance,accessibility",
        f"--chrome-flags={' '.join(CHROME_FLAGS)}",
    ]
    if desktop:
        command.append("--preset=desktop")
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"lighthouse failed on {url}:\n{done.stderr.strip()[-2000:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse could not load {url}: {report['runtimeError']}")
    return report


def rate(url: str, path: str, *, runs: int = 3, desktop: bool = False) -> Rating:
    """``runs`` Lighthouse runs of ``url + path``: the one with the median performance score."""
    ratings = [rating_of(run_lighthouse(url + path, desktop=desktop), path) for _ in range(runs)]
    performance = tuple(one.scores.get("performance", 0.0) for one in ratings)
    median = statistics.median_low(performance)
    chosen = next(one for one in ratings if one.scores.get("performance") == median)
    return Rating(
        path=chosen.path,
        scores=chosen.scores,
        metrics=chosen.metrics,
        failing=chosen.failing,
        benchmark_index=chosen.benchmark_index,
        performance_runs=performance,
    )


def bench_lighthouse(
    runs: int = 3, site: Path | None = None, *, desktop: bool = False
) -> list[Rating]:
    """Lighthouse's ratings of the home page and a puzzle page in each language, of ``site``
    (a built site) or of this project, built for the occasion."""
    if not LIGHTHOUSE.exists():
        raise FileNotFoundError(f"Lighthouse is not installed at {LIGHTHOUSE}: {INSTALL}")
    if site is not None:
        with served(site, gzip=True) as url:
            return [rate(url, path, runs=runs, desktop=desktop) for path in rated_pages(site)]
    with tempfile.TemporaryDirectory(prefix="tabula-bench-lighthouse-") as temp:
        folder = Path(temp) / "site"
        folder.mkdir()
        with served(folder, gzip=True) as url:
            build_project(Path(temp), url)
            return [rate(url, path, runs=runs, desktop=desktop) for path in rated_pages(folder)]


def format_ratings(ratings: list[Rating], *, items: int = 5) -> str:
    """The scores of each page, its metrics and its failing audits (with up to ``items`` of
    what each found), then whether the targets are met."""
    lines: list[str] = []
    for one in ratings:
        scores = "  ".join(f"{key} {value:.2f}" for key, value in one.scores.items())
        runs = ", ".join(f"{value:.2f}" for value in one.performance_runs)
        lines.append(f"/{one.path}: {scores}  (performance of each run: {runs})")
        lines.append("  " + "  ".join(f"{key} {value}" for key, value in one.metrics.items()))
        for audit in one.failing:
            lines.append(
                f"  {audit.category} {audit.id} (weight {audit.weight:g}, score "
                f"{audit.score:.2f}): {audit.shown or audit.title}"
            )
            lines += [f"      {item}" for item in audit.items[:items]]
            if len(audit.items) > items:
                lines.append(f"      and {len(audit.items) - items} more")
    for key, target in TARGETS.items():
        worst = min((one.scores.get(key, 0.0) for one in ratings), default=0.0)
        mark = "met" if worst >= target else "NOT met"
        lines.append(f"lowest {key}: {worst:.2f} (target: at least {target:.2f}, {mark})")
    index = statistics.median(one.benchmark_index for one in ratings) if ratings else 0
    lines.append(
        f"Lighthouse's benchmark index of this machine: {index:.0f} (its times grow with the "
        "machine's load; read the figures of a quiet machine)"
    )
    return "\n".join(lines)


def print_lighthouse_bench(
    runs: int = 3, site: Path | None = None, *, desktop: bool = False
) -> list[Rating]:
    """Run :func:`bench_lighthouse`, print its figures and return them."""
    what = "a built site" if site is not None else "building this project, then"
    form = "desktop" if desktop else "mobile"
    print(
        f"{what} rating the home page and the heaviest puzzle page of both languages with "
        f"Lighthouse {VERSION} ({form}, {runs} runs each)...",
        flush=True,
    )
    ratings = bench_lighthouse(runs, site, desktop=desktop)
    print(format_ratings(ratings))
    return ratings
