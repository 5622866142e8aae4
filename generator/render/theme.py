"""The board's colours and fonts: CSS classes and custom properties, never fixed colours.

Every board carries :data:`BOARD_STYLE`, a small ``<style>`` whose rules read the ``--tb-*``
custom properties with the light theme's colours as fallbacks: a bare SVG (opened on its own, or
inlined into a page without our stylesheet) looks right. The rules are scoped to
``.tb-board``, because a ``<style>`` inside an inline SVG applies to the whole page.

The site's stylesheet, ``templates/board.css`` (:func:`board_css`), only sets those properties
for the dark palette (Material's ``slate`` scheme, or ``data-theme="dark"``) and for print, and
makes the picture as wide as its container.

>>> "var(--tb-mover," in BOARD_STYLE and "#" in BOARD_STYLE
True
>>> "--tb-mover:" in board_css()
True
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

# The light palette, which is also every property's fallback.
LIGHT = {
    "frame": "#6b4a2b",
    "felt": "#f1e7d0",
    "point-a": "#c47f4e",
    "point-b": "#6f8763",
    "point-edge": "none",
    "bar": "#5b3e24",
    "tray": "#e4d6b6",
    "text": "#1f1f1f",
    "muted": "#5c5c5c",
    "mover": "#fbf7ec",
    "mover-edge": "#3a2e24",
    "mover-text": "#1f1f1f",
    "opponent": "#2a2523",
    "opponent-edge": "#000",
    "opponent-text": "#fff",
    "arrow": "#1457b8",
    "hit": "#c21d1d",
    "pin": "#7b1fa2",
    "highlight": "#1b7a2e",
    "closed": "#b3261e",
    "block": "#7b1fa2",
    "mark": "#d3165f",
    "label": "#fff",
    "label-edge": "#1f1f1f",
    "label-text": "#1f1f1f",
    "cube": "#fff",
    "cube-edge": "#1f1f1f",
    "cube-text": "#1f1f1f",
}


def _var(name: str) -> str:
    return f"var(--tb-{name},{LIGHT[name]})"


def _rules() -> str:
    v = _var
    rules = {
        "": "font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif",
        " text": "text-anchor:middle;dominant-baseline:central",
        " .frame": f"fill:{v('frame')}",
        " .felt": f"fill:{v('felt')}",
        " .bar": f"fill:{v('bar')}",
        " .tray": f"fill:{v('tray')}",
        " .point": f"stroke:{v('point-edge')}",
        " .a": f"fill:{v('point-a')}",
        " .b": f"fill:{v('point-b')}",
        " .num": f"fill:{v('text')};font-size:23px;font-weight:700",
        " .num.other": f"fill:{v('muted')};font-size:18px;font-weight:400",
        " .caption": f"fill:{v('text')};font-size:20px",
        " .caption text": "text-anchor:start",
        " .checker .count": "font-size:20px;font-weight:700",
        " .mover circle,.tb-board .mover rect": (
            f"fill:{v('mover')};stroke:{v('mover-edge')};stroke-width:2"
        ),
        " .opponent circle,.tb-board .opponent rect": (
            f"fill:{v('opponent')};stroke:{v('opponent-edge')};stroke-width:2"
        ),
        " .checker text": "font-size:21px;font-weight:700",
        " .mover text": f"fill:{v('mover-text')}",
        " .opponent text": f"fill:{v('opponent-text')}",
        " .pinned circle": f"stroke:{v('pin')};stroke-width:3;stroke-dasharray:5 3",
        " .pinned .clamp": f"fill:none;stroke:{v('pin')};stroke-width:3",
        " .highlight": "fill-opacity:.28",
        " .destination": f"fill:{v('highlight')};stroke:{v('highlight')}",
        " .source": f"fill:{v('highlight')};stroke:{v('highlight')};stroke-width:3",
        " .closed": f"fill:{v('closed')};stroke:{v('closed')};stroke-width:2",
        " .no-entry": f"fill:none;stroke:{v('closed')};stroke-width:4",
        " .block": f"fill:{v('block')}",
        " .band": f"fill:{v('block')}",
        " .ring": "fill:none;stroke-width:3;stroke-dasharray:7 4",
        " .ring.source": "stroke-dasharray:none;stroke-width:4",
        " .ring .dot": f"fill:{v('highlight')};stroke:none",
        " .mark": f"fill:none;stroke:{v('mark')};stroke-width:4",
        " .caption .other": f"fill:{v('muted')}",
        " .arrow": f"fill:none;stroke:{v('arrow')};stroke-width:5;stroke-linecap:round",
        " .arrow .head": f"fill:{v('arrow')};stroke:none",
        " .hit .burst": f"fill:none;stroke:{v('hit')};stroke-width:3;stroke-linejoin:round",
        " .pin .diamond": f"fill:none;stroke:{v('pin')};stroke-width:3",
        " .label rect": f"fill:{v('label')};stroke:{v('label-edge')};stroke-width:1.5",
        " .label text": f"fill:{v('label-text')};font-size:17px;font-weight:700",
        " .die rect": f"fill:{v('mover')};stroke:{v('mover-edge')};stroke-width:2",
        " .die path": f"fill:{v('mover-text')}",
        " .cube rect": f"fill:{v('cube')};stroke:{v('cube-edge')};stroke-width:2",
        " .cube text": f"fill:{v('cube-text')};font-size:21px;font-weight:700",
        " .head-mark.mover": f"fill:{v('mover')};stroke:{v('mover-edge')}",
        " .head-mark.opponent": f"fill:{v('opponent')};stroke:{v('opponent-edge')}",
    }
    return "".join(f".tb-board{selector}{{{body}}}" for selector, body in rules.items())


BOARD_STYLE = _rules()
"""The CSS every board carries, with the light palette as fallbacks."""


MATERIAL_OVERRIDES = Path(__file__).with_name("templates") / "material"
"""Tabula's overrides of Material's templates, to be searched before Material's own (a theme
``custom_dir``): page titles joined with a dash ("Правила февги — Tabula"), the logo's alt text
the site's name, and Material's Russian "Верхний/Нижний колонтитул" (print terms) as "Шапка
сайта" and "Подвал сайта"."""


def board_css() -> str:
    """The site's stylesheet for boards: the dark and print palettes and the responsive size."""
    return files(__package__).joinpath("templates", "board.css").read_text(encoding="utf-8")
