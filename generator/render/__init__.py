"""Board diagrams: any position of any variant as an accessible, themeable SVG string.

>>> from generator.engine import find_variant
>>> from generator.render import Highlight, board_svg
>>> svg = board_svg(find_variant("plakoto").start(), highlights=[Highlight(19, "destination")])
>>> svg.count('class="checker mover"'), svg.count('class="checker opponent"')
(1, 1)

:func:`board_svg` is the one entry point; :mod:`generator.render.gallery` shows every variant
and annotation, and :func:`generator.render.theme.board_css` is the site's stylesheet for it.
"""

from .describe import HIGHLIGHT_KINDS, Highlight, HighlightKind
from .svg import board_svg

__all__ = ["HIGHLIGHT_KINDS", "Highlight", "HighlightKind", "board_svg"]
