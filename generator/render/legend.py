"""The swatches of a board's legend: each mark a puzzle's board may show, drawn small, with the
board's own classes. The legend that holds them carries the board's class, ``tb-board``, so the
site's stylesheet colours each mark as on the board (light, dark or print).

>>> swatch = legend_swatch("cube")
>>> swatch.startswith('<svg aria-hidden="true" class="tabula-swatch"')
True
>>> legend_swatch("cube") == swatch
True
"""

from __future__ import annotations

from collections.abc import Callable

from .layout import CUBE, FRAME, POINT_W, R
from .svg import Canvas, Handle

__all__ = ["MARKS", "legend_swatch"]

SIZE = 2 * (R + 11) + 4
"""A swatch is square, as wide as the widest mark (the target's ticks)."""
C = SIZE // 2
"""The centre of a swatch."""


def _source(c: Canvas, root: Handle) -> None:
    overlay = c.group(root, {"class": "tw-overlay"})
    c.circle(c.group(overlay, {"class": "checker mover"}), C, C, R)
    c.circle(overlay, C, C, R + 4, {"class": "ring source"})


def _destination(c: Canvas, root: Handle) -> None:
    ring = c.group(c.group(root, {"class": "tw-overlay"}), {"class": "ring destination"})
    c.circle(ring, C, C, R + 3)
    c.circle(ring, C, C, 6, {"class": "dot"})


def _mark(c: Canvas, root: Handle) -> None:
    r, t = R + 5, R + 11
    group = c.group(root, {"class": "mark"})
    c.circle(group, C, C, r)
    c.path(
        group, f"M{C} {C - t}V{C - r}M{C} {C + r}V{C + t}M{C - t} {C}H{C - r}M{C + r} {C}H{C + t}"
    )


def _start(c: Canvas, root: Handle) -> None:
    # As generator/render/svg.py draws a side's start: its number on a chip of its colour,
    # over a tab on the frame.
    c.rect(root, C - POINT_W // 2, C + 14, POINT_W, FRAME, {"class": "head-mark mover"})
    group = c.group(root, {"class": "head-number mover"})
    c.rect(group, C - POINT_W // 2 + 1, C - 16, POINT_W - 2, 26, {"rx": 13})
    c.text(group, C, C - 3, "24", {"class": "num"})


def _cube(c: Canvas, root: Handle) -> None:
    group = c.group(root, {"class": "cube"})
    c.rect(group, C - CUBE // 2, C - CUBE // 2, CUBE, CUBE, {"rx": 5})
    c.text(group, C, C, "2")


MARKS: dict[str, Callable[[Canvas, Handle], None]] = {
    "source": _source,
    "destination": _destination,
    "mark": _mark,
    "head": _start,
    "start": _start,
    "cube": _cube,
}
"""Each mark of a legend and how its swatch is drawn."""


def legend_swatch(mark: str) -> str:
    """The swatch of ``mark`` (one of :data:`MARKS`) as inline SVG, hidden from screen readers:
    the words beside it say what it means."""
    canvas = Canvas(SIZE, SIZE, {"class": "tabula-swatch", "aria-hidden": "true"})
    MARKS[mark](canvas, canvas.root)
    return canvas.tostring()
