"""Benchmarks: ``python -m generator bench [engine|check|...|referee|pages]`` prints how
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

:mod:`generator.bench.gnubg` holds GNU Backgammon's boards, which the engine's differential
tests use too.
"""

from __future__ import annotations

DEFAULT_COUNTS = {
    "engine": 2000,
    "check": 1000,
    "render": 1000,
    "widget": 500,
    "site": 1000,
    "referee": 200,
    "pages": 3,
}
"""What each bench measures unless told: positions (engine), puzzles (check, widget, site) or
random boards (render) or steps (referee), or pages of each kind (pages: the heaviest)."""


def run_bench(what: str, count: int | None = None, seed: int | None = None) -> int:
    """Run the bench ``what`` (a key of :data:`DEFAULT_COUNTS`) over ``count`` positions or
    puzzles, drawn with ``seed`` (the samples' default when ``None``), and print its figures."""
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
    else:
        from .pages import print_pages_bench

        print_pages_bench(count=count)
    return 0
