"""Benchmarks: ``python -m generator bench [engine|check|...|pages|lighthouse]`` prints how
fast (and, for boards and the widget, how big) each part of Tabula is.

They stand outside the layers (``site -> render -> puzzles -> engine``): each measures a layer
from outside, and nothing in the layers imports them. Their random positions are the engine's
(:mod:`generator.engine.samples`). Nothing here asserts a time: the figures are for reading.

``engine``  ``legal_plays`` and the ``plays`` contract, beside GNU Backgammon's generator
``check``   checking generated puzzles
``render``  drawing boards: speed and size
``widget``  the puzzle widget's page data: size and time
``site``    building a whole site, against a plain Material build of the same pages
``pages``   what a first visit of each kind of page fetches, in Chromium
``referee`` the referee board in Chromium: loading Pyodide, each step, the longest play list
``lighthouse`` Lighthouse's scores (performance, accessibility) of the home page and a puzzle page

:mod:`generator.bench.gnubg` holds GNU Backgammon's boards, which the engine's differential
tests use too.
"""

from __future__ import annotations

import sys
from pathlib import Path

DEFAULT_COUNTS = {
    "engine": 2000,
    "check": 1000,
    "render": 1000,
    "widget": 500,
    "site": 1000,
    "referee": 200,
    "pages": 3,
    "lighthouse": 3,
}
"""What each bench measures unless told: positions (engine), puzzles (check, widget, site) or
random boards (render) or steps (referee), or pages of each kind (pages: the heaviest), or
Lighthouse runs of each page (lighthouse: the run of median performance is shown)."""


def run_bench(
    what: str,
    count: int | None = None,
    seed: int | None = None,
    *,
    site: Path | None = None,
    desktop: bool = False,
) -> int:
    """Run the bench ``what`` (a key of :data:`DEFAULT_COUNTS`) over ``count`` positions or
    puzzles, drawn with ``seed`` (the samples' default when ``None``), and print its figures.
    ``lighthouse`` rates the built ``site`` when given (else this project, built), as a phone
    shows pages unless ``desktop``; it says what to install when Lighthouse is missing (1)."""
    if what not in DEFAULT_COUNTS:
        raise ValueError(f"no bench {what!r}; the benches are {', '.join(DEFAULT_COUNTS)}")
    count = count or DEFAULT_COUNTS[what]
    options = {} if seed is None else {"seed": seed}
    if what == "engine":
        from .engine import print_bench

        print_bench(count=count, **options)
    elif what == "check":
        from .check import print_check_bench

        print_check_bench(count=count, **options)
    elif what == "render":
        from .render import print_render_bench

        print_render_bench(count=count, **options)
    elif what == "widget":
        from .widget import print_widget_bench

        print_widget_bench(count=count, **options)
    elif what == "referee":
        from .referee import print_referee_bench

        print_referee_bench(count=count, **options)
    elif what == "site":
        from .site import print_site_bench

        print_site_bench(puzzles=count, **options)
    elif what == "pages":
        from .pages import print_pages_bench

        print_pages_bench(count=count)
    else:
        from .lighthouse import INSTALL, LIGHTHOUSE, print_lighthouse_bench

        if not LIGHTHOUSE.exists():
            print(f"Lighthouse is not installed at {LIGHTHOUSE}: {INSTALL}", file=sys.stderr)
            return 1
        print_lighthouse_bench(runs=count, site=site, desktop=desktop)
    return 0
