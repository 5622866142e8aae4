"""Board diagrams as SVG: :func:`board_svg`, and the one module that knows svgwrite.

The picture follows the rules pages' convention: points are numbered for the player to move (the
mover, light checkers), whose home is at the bottom right (at the bottom left when mirrored).
Everything a stylesheet, a test or the puzzle widget needs to address carries a class and, for
places, ``data-point``: ``1``..``24`` in the mover's numbering, ``bar`` and ``off``
(DESIGN.md's DOM contract). Colours come only from CSS (:mod:`generator.render.theme`), the
coordinates from :mod:`generator.render.layout`, the words from
:mod:`generator.render.describe`.

svgwrite is in maintenance mode (STYLE.md), so nothing else imports it, and here only
:class:`Canvas` touches it, through its public API: the element factory, ``add``, ``set_desc``
and ``get_xml`` (the ElementTree XML that the canvas writes out). To swap svgwrite, rewrite that
class and keep its methods. The canvas writes only what it is given: no width or height (the
picture scales to its container through the ``viewBox``), no ids, no profile attributes.
Attributes come out in alphabetical order and text is escaped as ElementTree escapes it, so the
same drawing calls always give the same bytes and a label cannot inject markup.

>>> canvas = Canvas(100, 50, {"class": "demo"})
>>> group = canvas.group(canvas.root, {"class": "point", "data-point": "13"})
>>> canvas.circle(group, 10, 20, 5)
>>> canvas.text(canvas.root, 50, 25, "<b> & 1", {"class": "num"})
>>> canvas.tostring()  # doctest: +NORMALIZE_WHITESPACE
'<svg class="demo" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg"><g class="point"
data-point="13"><circle cx="10" cy="20" r="5" /></g><text class="num" x="50"
y="25">&lt;b&gt; &amp; 1</text></svg>'
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import Any

import svgwrite
import svgwrite.container

from generator.engine import BAR, CHECKERS, OFF, Cube, Position, Step

from .describe import HIGHLIGHT_KINDS, Highlight, HighlightKind, describe
from .layout import (
    BAR_LEFT,
    BAR_STACK,
    BAR_W,
    CAPTION,
    CHIP,
    CUBE,
    DIE,
    FRAME,
    LEFT,
    PIN_SHIFT,
    POINT_W,
    QUARTER,
    RIGHT,
    SLAB_H,
    SLAB_W,
    STACK,
    TRAY_LEFT,
    TRAY_W,
    WIDTH,
    Geometry,
    R,
    geometry,
)
from .theme import BOARD_STYLE

__all__ = ["Canvas", "Highlight", "HighlightKind", "board_svg"]

LABEL_LENGTH = 16
"""The longest label a point may carry: a word or two, not a sentence."""
CUBE_VALUES = frozenset(2**n for n in range(1, 7))
"""The values a turned cube shows, 2 to 64 (one not yet turned is ``Cube()``)."""
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}

Attributes = Mapping[str, str | int]


def board_svg(
    position: Position,
    *,
    dice: Sequence[int] | None = None,
    cube: Cube | int | None = None,
    arrows: Sequence[Step] = (),
    highlights: Iterable[Highlight | tuple[int, HighlightKind]] = (),
    marked: Iterable[int] = (),
    labels: Mapping[int, str] | None = None,
    lang: str = "en",
    mirrored: bool = False,
    both_numbers: bool = False,
    title: str | None = None,
    standalone: bool = True,
) -> str:
    """The board as an SVG string, the same bytes for the same arguments.

    - ``dice``: the mover's roll, two numbers 1..6, drawn in the mover's colour.
    - ``cube``: the doubling cube, for the variants that have one, on its owner's end of the bar;
      a cube in the centre shows 64. A number alone is the value the cube shows, whoever holds
      it (a finished game's score): drawn in the middle with that face up.
    - ``arrows``: the steps of a play (engine :class:`~generator.engine.Step` values), one
      arrow each, in order; a checker that moves on continues from where it landed. A hit ends
      in a burst, a pin in a diamond.
    - ``highlights``: ``Highlight(place, kind)`` (or a plain ``(place, kind)`` pair), kind
      ``"destination"``, ``"source"``, ``"closed"`` or ``"block"``; each kind has its own
      shape, not only its own colour.
    - ``marked``: places whose top checker gets a target (a ring with four ticks).
    - ``labels``: a short text (up to 16 characters) per place, beyond the point's tip.
    - ``lang``: the language of the title, the description and the caption.
    - ``mirrored``: the mover's home at the bottom left instead of the bottom right.
    - ``both_numbers``: also print the opponent's number of each point, smaller.
    - ``title``: the accessible name; by default the variant and who is to move.
    - ``standalone``: the picture carries its own ``<style>`` (``theme.BOARD_STYLE``, 3 KB)
      and looks right anywhere: in a file, in any page. ``False`` for the site's pages, whose
      stylesheet ``assets/tabula-styles.css`` carries those rules once for all their boards.

    Places are points 1..24 in the mover's numbering, ``BAR`` (25) and ``OFF`` (0).

    >>> from generator.engine import find_variant
    >>> start = find_variant("backgammon").start()
    >>> svg = board_svg(start, dice=(3, 1), lang="ru")
    >>> svg.startswith('<svg class="tb-board" data-variant="backgammon" lang="ru"')
    True
    >>> svg.count('data-point="13"'), 'role="img"' in svg, "<title>Бэкгаммон" in svg
    (2, True, True)
    >>> svg == board_svg(start, dice=(3, 1), lang="ru")
    True
    >>> "<style" in svg, "<style" in board_svg(start, standalone=False)
    (True, False)
    """
    spots = [Highlight(*h) for h in highlights]
    marks = list(dict.fromkeys(marked))
    _check(position, dice, cube, arrows, spots, marks, labels)
    words = describe(
        position,
        dice=dice,
        cube=cube,
        arrows=arrows,
        highlights=spots,
        marked=marks,
        labels=labels,
        lang=lang,
        both_numbers=both_numbers,
        title=title,
    )
    board = geometry(mirrored, 2 if both_numbers else 1)
    canvas = Canvas(
        WIDTH,
        board.height,
        {
            "class": "tb-board",
            "role": "img",
            "lang": lang,
            "data-variant": position.variant.key,
        },
    )
    canvas.describe(words.title, words.desc)
    if standalone:
        canvas.style(BOARD_STYLE)
    drawing = _Drawing(canvas, board, position)
    variant = position.variant
    # The board without checkers is the same for many diagrams: drawn once per look.
    look = (mirrored, both_numbers, variant.has_bar, variant.same_direction, bool(variant.head))
    canvas.reuse(canvas.root, look, {"class": "board"}, drawing.empty_board)
    drawing.highlights(spots)
    drawing.checkers()
    drawing.rings(spots, marks)
    drawing.arrows(arrows)
    if cube is not None:
        drawing.cube(cube)
    if dice is not None:
        drawing.dice(dice[0], dice[1])
    drawing.labels(labels or {})
    drawing.caption(words.numbering, words.other_numbering)
    return canvas.tostring()


def _check(
    position: Position,
    dice: Sequence[int] | None,
    cube: Cube | int | None,
    arrows: Sequence[Step],
    highlights: Sequence[Highlight],
    marked: Sequence[int],
    labels: Mapping[int, str] | None,
) -> None:
    """Refuse what the picture cannot show, naming the option and the fix."""
    variant = position.variant

    def check_place(option: str, place: object) -> None:
        if isinstance(place, bool) or not isinstance(place, int) or not OFF <= place <= BAR:
            raise ValueError(
                f"{option}: {place!r} is not a place; use a point 1..24, BAR (25) or OFF (0)"
            )
        if place == BAR and not variant.has_bar:
            raise ValueError(f"{option}: {variant.name} has no bar")

    if dice is not None and (
        len(dice) != 2 or any(isinstance(d, bool) or d not in range(1, 7) for d in dice)
    ):
        raise ValueError(f"dice: two numbers 1..6, such as (5, 2); got {dice!r}")
    if cube is not None and not (variant.has_cube or variant.cube_optional):
        raise ValueError(f"cube: {variant.name} is played without a doubling cube")
    if isinstance(cube, int) and (isinstance(cube, bool) or cube not in CUBE_VALUES):
        raise ValueError(f"cube: a value a turned cube shows, 2, 4, ... 64; got {cube!r}")
    for step in arrows:
        check_place("arrows", step.source)
        check_place("arrows", step.destination)
    for highlight in highlights:
        check_place("highlights", highlight.place)
        if highlight.kind not in HIGHLIGHT_KINDS:
            raise ValueError(
                f"highlights: unknown kind {highlight.kind!r}; use one of: "
                + ", ".join(HIGHLIGHT_KINDS)
            )
    for place in marked:
        check_place("marked", place)
    for place, text in (labels or {}).items():
        check_place("labels", place)
        if not isinstance(text, str) or len(text) > LABEL_LENGTH:
            raise ValueError(
                f"labels: the label of {place} must be a text of at most {LABEL_LENGTH} "
                f"characters; got {text!r}"
            )


def _n(value: float) -> int:
    """Coordinates are whole units: the picture is 600 wide, and equal input gives equal text."""
    return round(value)


class _Drawing:
    """One board being drawn: the canvas, the geometry and the position."""

    def __init__(self, canvas: Canvas, board: Geometry, position: Position) -> None:
        self.canvas = canvas
        self.board = board
        self.position = position
        self.variant = position.variant
        self.root = canvas.root

    # The board itself -------------------------------------------------------------------------

    def empty_board(self, group: Handle) -> None:
        """The empty board: frame, felt, bar, tray, points, their numbers and the heads. It
        depends only on the orientation, the rows of numbers and the variant's geometry."""
        c, b = self.canvas, self.board
        height = b.board_bottom - b.board_top
        c.rect(group, 0, b.board_top, WIDTH, height, {"class": "frame"})
        inner = b.inner_bottom - b.inner_top
        for left in (LEFT, RIGHT):
            c.rect(group, b.left(left, QUARTER), b.inner_top, QUARTER, inner, {"class": "felt"})
        bar: dict[str, str | int] = {"class": "bar"}
        if self.variant.has_bar:
            bar["data-point"] = "bar"
        c.rect(group, b.left(BAR_LEFT, BAR_W), b.board_top, BAR_W, height, bar)
        tray = {"class": "tray", "data-point": "off"}
        c.rect(group, b.left(TRAY_LEFT, TRAY_W), b.inner_top, TRAY_W, inner, tray)
        for point in range(1, 25):
            shade = "a" if point % 2 else "b"
            attributes = {"class": f"point {shade}", "data-point": str(point)}
            c.path(group, b.triangle(point), attributes)
        # Where the running games start: Long Nardy calls that point the head; Fevga has no head
        # rule and no head, and its mark says that it marks the start (data-mark="start",
        # styled like the head's). Each side's start has its number on a chip of that side's
        # colour (the colours of its checkers) over a tab across the frame: seen even when the
        # point's own stack covers it.
        starts = {}
        if self.variant.same_direction:
            starts = {24: "mover", self.variant.other_numbering(24): "opponent"}
        start = {} if self.variant.head else {"data-mark": "start"}
        for point in range(1, 25):
            x = b.point_x(point)
            y = b.number_y(point)
            owner = starts.get(point)
            if owner is None:
                c.text(group, x, y, str(point), {"class": "num"})
            else:
                chip = c.group(group, {"class": f"head-number {owner}", **start})
                c.rect(chip, x - POINT_W // 2 + 1, y - 13, POINT_W - 2, 26, {"rx": 13})
                c.text(chip, x, y, str(point), {"class": "num"})
            if b.rows == 2:
                other = str(self.variant.other_numbering(point))
                c.text(group, x, b.number_y(point, True), other, {"class": "num other"})
        for point, owner in starts.items():
            base, way = b.base_y(point)
            y = base - FRAME if way > 0 else base
            x = b.point_x(point) - POINT_W // 2
            c.rect(group, x, y, POINT_W, FRAME, {"class": f"head-mark {owner}", **start})

    def highlights(self, highlights: Sequence[Highlight]) -> None:
        """What lies on the points under the checkers: a tinted point for a destination or a
        source, a striped one for a closed point, a band on the frame for a block."""
        c, b = self.canvas, self.board
        for spot in highlights:
            if not 1 <= spot.place <= 24:
                continue
            attributes = {"class": f"highlight {spot.kind}", "data-point": str(spot.place)}
            if spot.kind == "closed":
                c.path(self.root, b.hatch(spot.place), attributes)
            elif spot.kind == "block":
                c.path(self.root, b.triangle(spot.place), attributes)
                base, way = b.base_y(spot.place)
                y = base - FRAME if way > 0 else base
                x = b.point_x(spot.place) - POINT_W // 2
                c.rect(self.root, x, y, POINT_W, FRAME, {"class": "band"})
            else:
                c.path(self.root, b.triangle(spot.place), attributes)

    # Checkers ---------------------------------------------------------------------------------

    def checkers(self) -> None:
        position = self.position
        for point in range(1, 25):
            mover, opponent = position.mover[point], position.opponent[point]
            if point in position.opponent_pinned:
                self.stack("opponent", point, 1, 0, pinned=True)
                self.stack("mover", point, mover, PIN_SHIFT)
            elif point in position.mover_pinned:
                self.stack("mover", point, 1, 0, pinned=True)
                self.stack("opponent", point, opponent, PIN_SHIFT)
            elif mover:
                self.stack("mover", point, mover, 0)
            elif opponent:
                self.stack("opponent", point, opponent, 0)
        for side, counts in (("mover", position.mover), ("opponent", position.opponent)):
            if counts[BAR]:
                self.bar_stack(side, counts[BAR])
            if counts[OFF]:
                self.tray(side, counts[OFF])

    def stack(self, side: str, point: int, count: int, shift: int, pinned: bool = False) -> None:
        c, b = self.canvas, self.board
        classes = f"checker {side} pinned" if pinned else f"checker {side}"
        group = c.group(
            self.root, {"class": classes, "data-point": str(point), "data-count": count}
        )
        # A captor's stack starts higher, so it has room for one checker fewer.
        room = STACK - 1 if shift else STACK
        shown = min(count, room)
        for index in range(shown):
            x, y = b.slot(point, index, shift)
            c.circle(group, x, y, R)
        if pinned:
            # A clamp round the pinned checker and the captor's first: a shape as well as a
            # colour says that the two are locked together.
            x = b.point_x(point)
            base, way = b.base_y(point)
            far = base + way * (2 + PIN_SHIFT + 2 * R + 2)
            top = min(base + way, far)
            c.rect(
                group,
                x - R - 3,
                top,
                2 * R + 6,
                abs(far - base) - 1,
                {"class": "clamp", "rx": R + 3},
            )
        if count > shown:
            x, y = b.slot(point, shown - 1, shift)
            c.text(group, x, y, str(count))

    def bar_stack(self, side: str, count: int) -> None:
        c, b = self.canvas, self.board
        mover = side == "mover"
        group = c.group(
            self.root, {"class": f"checker {side}", "data-point": "bar", "data-count": count}
        )
        shown = min(count, BAR_STACK)
        for index in range(shown):
            x, y = b.bar_slot(mover, index)
            c.circle(group, x, y, R)
        if count > shown:
            x, y = b.bar_slot(mover, shown - 1)
            c.text(group, x, y, str(count))

    def tray(self, side: str, count: int) -> None:
        c, b = self.canvas, self.board
        mover = side == "mover"
        group = c.group(
            self.root, {"class": f"checker {side}", "data-point": "off", "data-count": count}
        )
        x = b.tray_x - SLAB_W // 2
        for index in range(min(count, CHECKERS)):
            c.rect(group, x, b.slab_y(mover, index), SLAB_W, SLAB_H, {"rx": 2})
        y = b.tray_count_y(mover)
        half = CHIP // 2
        c.rect(group, b.tray_x - half, y - half, CHIP, CHIP, {"class": "chip", "rx": half})
        c.text(group, b.tray_x, y, str(count), {"class": "count"})

    # Where a checker is, or would land --------------------------------------------------------

    def top(
        self,
        place: int,
        counts: Sequence[int],
        mover: bool = True,
        pins: Collection[int] | None = None,
    ) -> tuple[int, int]:
        """The centre of the top checker of the mover (or the opponent) on ``place``;
        ``pins`` are the points where the other side's checker lies pinned under this side."""
        b = self.board
        count = counts[place]
        if place == BAR:
            return b.bar_slot(mover, max(min(count, BAR_STACK) - 1, 0))
        if place == OFF:
            return b.tray_x, b.slab_y(mover, max(count - 1, 0)) + SLAB_H // 2
        if pins is None:
            pins = self.position.opponent_pinned if mover else self.position.mover_pinned
        shift, room = (PIN_SHIFT, STACK - 1) if place in pins else (0, STACK)
        return b.slot(place, max(min(count, room) - 1, 0), shift)

    def landing(
        self, place: int, counts: Sequence[int], pins: Collection[int] | None = None
    ) -> tuple[int, int]:
        """The centre of the slot where one more of the mover's checkers would land."""
        b = self.board
        count = counts[place]
        if place == OFF:
            return b.tray_x, b.slab_y(True, min(count, CHECKERS - 1)) + SLAB_H // 2
        if place == BAR:
            return b.bar_slot(True, min(count, BAR_STACK - 1))
        if pins is None:
            pins = self.position.opponent_pinned
        shift, room = (PIN_SHIFT, STACK - 1) if place in pins else (0, STACK)
        return b.slot(place, min(count, room - 1), shift)

    # Teaching marks ---------------------------------------------------------------------------

    def rings(self, highlights: Sequence[Highlight], marked: Sequence[int]) -> None:
        """The marks drawn over the checkers: a dashed ring with a dot where a checker may land,
        a solid ring round the checker to move, a no-entry sign on a closed point, and a target
        (a ring with four ticks) round a marked checker."""
        c, b = self.canvas, self.board
        position = self.position
        for place, kind in highlights:
            attributes = {"class": f"ring {kind}", "data-point": _place(place)}
            if kind == "destination":
                x, y = self.landing(place, position.mover)
                group = c.group(self.root, attributes)
                c.circle(group, x, y, R + 3)
                c.circle(group, x, y, 6, {"class": "dot"})
            elif kind == "source":
                x, y = self.top(place, position.mover)
                c.circle(self.root, x, y, R + 4, attributes)
            elif kind == "closed" and 1 <= place <= 24:
                x, y = b.tip(place)
                d = f"M{x - 9} {y - 9}L{x + 9} {y + 9}"
                group = c.group(self.root, {"class": "no-entry", "data-point": _place(place)})
                c.circle(group, x, y, 13)
                c.path(group, d)
        for place in marked:
            # The top checker: the captor's over a pin, else whichever side is there.
            if place in position.mover_pinned:
                mover = False
            elif place in position.opponent_pinned:
                mover = True
            else:
                mover = bool(position.mover[place]) or not position.opponent[place]
            counts = position.mover if mover else position.opponent
            x, y = self.top(place, counts, mover)
            r, t = R + 5, R + 11
            ticks = (
                f"M{x} {y - t}V{y - r}M{x} {y + r}V{y + t}M{x - t} {y}H{x - r}M{x + r} {y}H{x + t}"
            )
            group = c.group(self.root, {"class": "mark", "data-point": _place(place)})
            c.circle(group, x, y, r)
            c.path(group, ticks)

    def arrows(self, steps: Sequence[Step]) -> None:
        c = self.canvas
        # The board as the play goes on, so that each arrow starts where the checker stands.
        mover = list(self.position.mover)
        pins = set(self.position.opponent_pinned)
        for step in steps:
            start = self.top(step.source, mover, pins=pins)
            mover[step.source] -= 1
            if not mover[step.source]:
                pins.discard(step.source)  # the last captor left: the pinned checker is free
            if step.pin:
                pins.add(step.destination)
            end = self.landing(step.destination, mover, pins)
            blot = self.board.slot(step.destination, 0) if step.destination != OFF else end
            mover[step.destination] += 1
            kind = "hit" if step.hit else "pin" if step.pin else "move"
            group = c.group(
                self.root,
                {
                    "class": f"arrow {kind}",
                    "data-from": _place(step.source),
                    "data-to": _place(step.destination),
                },
            )
            if step.hit:
                c.path(group, _burst(*blot), {"class": "burst"})
            elif step.pin:
                x, y = blot
                d = f"M{x} {y - 26}L{x + 26} {y}L{x} {y + 26}L{x - 26} {y}Z"
                c.path(group, d, {"class": "diamond"})
            line, head = _arrow(start, end, self.bend(step, start, end))
            c.path(group, line)
            c.path(group, head, {"class": "head"})

    def bend(self, step: Step, start: tuple[int, int], end: tuple[int, int]) -> tuple[int, int]:
        """The control point of an arrow's curve: along a row the arrow arches towards the
        middle of the board, over the checkers between; elsewhere it bows to one side."""
        (x1, y1), (x2, y2) = start, end
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        b = self.board
        rows = {1 <= p <= 24 and b.is_top(p) for p in (step.source, step.destination)}
        same_row = 1 <= step.source <= 24 and 1 <= step.destination <= 24 and len(rows) == 1
        if same_row:
            way = 1 if b.is_top(step.source) else -1
            lift = min(abs(x2 - x1) * 0.35, 90) + 12
            return _n(mx), _n(my + way * lift)
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1
        bow = min(length * 0.2, 60)
        return _n(mx - dy / length * bow), _n(my + dx / length * bow)

    def cube(self, cube: Cube | int) -> None:
        c = self.canvas
        if isinstance(cube, int):  # its value alone: in the middle, that face up
            x, y = self.board.cube_xy("centre")
            group = c.group(self.root, {"class": "cube"})
            face = str(cube)
        else:
            x, y = self.board.cube_xy(cube.owner)
            group = c.group(self.root, {"class": "cube", "data-owner": cube.owner})
            face = "64" if cube.owner == "centre" else str(cube.value)
        c.rect(group, x - CUBE // 2, y - CUBE // 2, CUBE, CUBE, {"rx": 5})
        c.text(group, x, y, face)

    def dice(self, first: int, second: int) -> None:
        c, b = self.canvas, self.board
        group = c.group(self.root, {"class": "die", "data-dice": f"{first}-{second}"})
        y = b.mid
        for x, value in zip(b.dice_x(), (first, second), strict=True):
            c.rect(group, x - DIE // 2, y - DIE // 2, DIE, DIE, {"rx": 6})
            pips = "".join(_dot(x + dx * 8, y + dy * 8, 3.5) for dx, dy in PIPS[value])
            c.path(group, pips)

    def labels(self, labels: Mapping[int, str]) -> None:
        c, b = self.canvas, self.board
        for place in sorted(labels):
            text = labels[place]
            if place == BAR:
                x, y = b.bar_x, b.mid
            elif place == OFF:
                x, y = b.tray_x, b.gap_bottom + 14  # below the chips with the counts
            else:
                x, y = b.label_xy(place)
            width = max(26, len(text) * 11 + 12)
            group = c.group(self.root, {"class": "label", "data-point": _place(place)})
            c.rect(group, x - width // 2, y - 11, width, 22, {"rx": 4})
            c.text(group, x, y, text)

    def caption(self, numbering: str, other: str) -> None:
        c, b = self.canvas, self.board
        group = c.group(self.root, {"class": "caption"})
        y = b.caption_y
        c.circle(c.group(group, {"class": "mover"}), 14, y, 7)
        c.text(group, 28, y, numbering)
        if other:
            y += CAPTION
            c.circle(c.group(group, {"class": "opponent"}), 14, y, 5)
            c.text(group, 28, y, other, {"class": "other"})


def _place(place: int) -> str:
    return "bar" if place == BAR else "off" if place == OFF else str(place)


def _dot(x: float, y: float, r: float) -> str:
    """A filled circle as a path fragment (two arcs), so the pips of a die are one element."""
    return f"M{x - r:g} {y:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0"


def _arrow(
    start: tuple[int, int], end: tuple[int, int], control: tuple[int, int]
) -> tuple[str, str]:
    """A curved arrow from the edge of the checker at ``start`` to the checker's place at
    ``end``: the line (stopping where the head begins) and the head."""
    (x1, y1), (x2, y2), (cx, cy) = start, end, control
    # Leave the moving checker's centre (and the count a tall stack shows there) uncovered.
    sx, sy = cx - x1, cy - y1
    reach = math.hypot(sx, sy) or 1
    x1, y1 = _n(x1 + sx / reach * (R - 4)), _n(y1 + sy / reach * (R - 4))
    dx, dy = x2 - cx, y2 - cy
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    size, half = 16, 9
    bx, by = x2 - ux * size, y2 - uy * size
    line = f"M{x1} {y1}Q{cx} {cy} {_n(bx + ux * 2)} {_n(by + uy * 2)}"
    head = (
        f"M{x2} {y2}L{_n(bx - uy * half)} {_n(by + ux * half)}"
        f"L{_n(bx + uy * half)} {_n(by - ux * half)}Z"
    )
    return line, head


def _burst(x: int, y: int) -> str:
    """An eight-pointed star around a hit blot: a hit is a shape, not only a colour."""
    points = []
    for index in range(16):
        radius = 27 if index % 2 == 0 else 19
        angle = math.pi * index / 8
        points.append(f"{_n(x + radius * math.cos(angle))} {_n(y + radius * math.sin(angle))}")
    return "M" + "L".join(points) + "Z"


# The canvas: all of svgwrite ----------------------------------------------------------------------

Handle = Any
"""An element the canvas made, to add children to (opaque outside this module)."""

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

_ELEMENTS = svgwrite.Drawing(debug=False)
"""svgwrite's element factory (``_ELEMENTS.circle(...)``), without its validation: the canvas
writes only the elements and attributes it is given. The drawing itself is never written."""


class Canvas:
    """An SVG picture being drawn; each method adds one element to ``parent``. The picture is
    svgwrite's ``<svg>`` container (not its ``Drawing``, which would add a ``<defs>``, a profile
    and a version that nothing here uses)."""

    def __init__(self, width: int, height: int, attributes: Attributes) -> None:
        root = _ELEMENTS.svg(**attributes)
        root.elements.remove(root.defs)  # svgwrite's empty <defs>: nothing refers to ids here
        root["viewBox"] = f"0 0 {width} {height}"
        root["xmlns"] = SVG_NAMESPACE
        self.root: Handle = root
        self._reused: dict[ElementTree.Element, str] = {}

    def group(self, parent: Handle, attributes: Attributes) -> Handle:
        return parent.add(_ELEMENTS.g(**attributes))

    def circle(
        self, parent: Handle, cx: int, cy: int, r: int, attributes: Attributes | None = None
    ) -> None:
        parent.add(_ELEMENTS.circle(center=(cx, cy), r=r, **(attributes or {})))

    def rect(
        self,
        parent: Handle,
        x: int,
        y: int,
        width: int,
        height: int,
        attributes: Attributes | None = None,
    ) -> None:
        parent.add(_ELEMENTS.rect(insert=(x, y), size=(width, height), **(attributes or {})))

    def path(self, parent: Handle, d: str, attributes: Attributes | None = None) -> None:
        parent.add(_ELEMENTS.path(d=d, **(attributes or {})))

    def text(
        self, parent: Handle, x: int, y: int, content: str, attributes: Attributes | None = None
    ) -> None:
        parent.add(_ELEMENTS.text(content, insert=(x, y), **(attributes or {})))

    def reuse(
        self,
        parent: Handle,
        key: Hashable,
        attributes: Attributes,
        draw: Callable[[Handle], None],
    ) -> None:
        """A group that ``draw`` fills the first time ``key`` is seen; later pictures reuse
        the same elements and their markup, written once. ``key`` must name everything the
        group's drawing depends on."""
        group = _FRAGMENTS.get(key)
        if group is None:
            group = _Fragment(debug=False, **attributes)
            draw(group)
            out: list[str] = []
            _markup(group.get_xml(), out, {})
            group.markup = "".join(out)
            _FRAGMENTS[key] = group
        parent.add(group)
        self._reused[group.get_xml()] = group.markup

    def style(self, css: str) -> None:
        """A ``<style>`` element: the picture's own default colours and fonts."""
        self.root.add(_ELEMENTS.style(css))

    def describe(self, title: str, desc: str) -> None:
        """The ``<title>`` and ``<desc>`` that screen readers read, as the first children."""
        self.root.set_desc(title=title, desc=desc)

    def tostring(self) -> str:
        """The picture as SVG markup (no XML declaration, ready to inline into HTML)."""
        out: list[str] = []
        _markup(self.root.get_xml(), out, self._reused)
        return "".join(out)

    def tostring_by_svgwrite(self) -> str:
        """The same markup as ElementTree writes svgwrite's XML (slower): the reference that
        :meth:`tostring` is tested against."""
        return ElementTree.tostring(self.root.get_xml(), encoding="unicode")


class _Fragment(svgwrite.container.Group):  # type: ignore[misc]
    """A group drawn once and shared by many pictures: its XML is made once, and its markup
    (which :meth:`Canvas.reuse` keeps) written once."""

    markup = ""
    _xml: ElementTree.Element | None = None

    def get_xml(self) -> ElementTree.Element:
        if self._xml is None:
            self._xml = super().get_xml()
        return self._xml


_FRAGMENTS: dict[Hashable, _Fragment] = {}

_PLAIN = frozenset({"svg", "title", "desc", "g", "circle", "rect", "path", "text"})
"""The elements :func:`_markup` writes itself: attributes, text and child elements only. Any other
(``<style>``, whose CDATA section svgwrite makes a pseudo-element) is written by ElementTree."""


def _markup(
    element: ElementTree.Element, out: list[str], known: Mapping[ElementTree.Element, str]
) -> None:
    """Append the markup of svgwrite's XML for ``element`` exactly as ElementTree writes it
    (``<x />`` for an empty element, the same escapes), but faster: most of a board's drawing
    time went to ElementTree's writer. ``known``: the markup of shared elements, written once."""
    markup = known.get(element)
    if markup is not None:
        out.append(markup)
        return
    name = element.tag
    if name not in _PLAIN:
        out.append(ElementTree.tostring(element, encoding="unicode"))
        return
    out.append("<" + name)
    out.extend(f' {key}="{_escape_attribute(value)}"' for key, value in element.items())
    text = element.text
    if not text and not len(element):
        out.append(" />")
    else:
        out.append(">")
        if text:
            out.append(_escape_text(text))
        for child in element:
            _markup(child, out, known)
        out.append(f"</{name}>")
    if element.tail:
        out.append(_escape_text(element.tail))


def _escape_text(text: str) -> str:
    if "&" in text or "<" in text or ">" in text:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text


def _escape_attribute(value: str) -> str:
    return value.translate(_ATTRIBUTE_ENTITIES)


_ATTRIBUTE_ENTITIES = str.maketrans(
    {
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "\r": "&#13;",
        "\n": "&#10;",
        "\t": "&#09;",
    }
)
