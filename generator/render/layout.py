"""Where everything stands on a board diagram: pure numbers, no drawing.

Units are the SVG's own (its ``viewBox``); the picture scales to any width. The board is laid
out with the mover's home at the bottom right: the bottom row holds the mover's 12..1 from left to
right, the top row 13..24, the bar between the quarters and the borne-off tray on the right.
A mirrored board is the same picture turned left to right (home at the bottom left), which only
changes the x of each place: :meth:`Geometry.x` does it for every drawing call.

>>> board = geometry(mirrored=False, rows=1)
>>> board.point_x(1) > board.point_x(6) > board.bar_x > board.point_x(12)
True
>>> turned = geometry(mirrored=True, rows=1)
>>> turned.point_x(1) < turned.point_x(6) < turned.bar_x < turned.point_x(12)
True
"""

from __future__ import annotations

from functools import cache

R = 20
"""A checker's radius."""
PITCH = 40
"""From one checker's centre to the next in a stack: they touch."""
POINT_W = 52
"""A point's width, and so its column's: 12 points and the bar and the tray share a row, and
at 320 px of screen a column is still 24 px wide (a finger's tap)."""
FRAME = 8
"""The frame above and below the points."""
SIDE = 4
"""The frame at the board's sides, thinner: the row's width goes to the points."""
BAR_W = 32
"""A little narrower than a checker: one on the bar overhangs it into its neighbours' air."""
TRAY_W = 24
HALF = 206
"""The height of each half of the board: five checkers and some air."""
TRIANGLE = 190
"""How far a point reaches into its half."""
GAP = 76
"""The open strip between the halves: labels at the tips of the points, the dice, the cube."""
NUMBER_ROW = 30
OTHER_ROW = 22
CAPTION = 30
STACK = 5
"""Checkers drawn on a point; a taller stack shows the rest as its count."""
BAR_STACK = 4
"""Checkers drawn on the bar, which shares its column with the cube."""
PIN_SHIFT = 26
"""How far above the pinned checker its captor's stack starts: the pinned one shows beneath."""
SLAB_H = 9
SLAB_PITCH = 11
SLAB_W = 20
DIE = 32
CUBE = 32
CHIP = 24
"""The chip the tray's count is written on: as wide as the tray."""

QUARTER = 6 * POINT_W
LEFT = SIDE
BAR_LEFT = LEFT + QUARTER
RIGHT = BAR_LEFT + BAR_W
RIGHT_END = RIGHT + QUARTER
TRAY_LEFT = RIGHT_END + SIDE
WIDTH = TRAY_LEFT + TRAY_W + SIDE


class Geometry:
    """The board's coordinates for one choice of orientation and rows of point numbers."""

    def __init__(self, mirrored: bool, rows: int) -> None:
        self.mirrored = mirrored
        self.rows = rows
        margin = NUMBER_ROW + (OTHER_ROW if rows == 2 else 0)
        self.margin = margin
        self.board_top = margin
        self.inner_top = margin + FRAME
        self.gap_top = self.inner_top + HALF
        self.mid = self.gap_top + GAP // 2
        self.gap_bottom = self.gap_top + GAP
        self.inner_bottom = self.gap_bottom + HALF
        self.board_bottom = self.inner_bottom + FRAME
        self.caption_y = self.board_bottom + margin + CAPTION // 2
        self.height = self.board_bottom + margin + CAPTION * rows
        self.width = WIDTH
        self.bar_x = self.x(BAR_LEFT + BAR_W // 2)
        self.tray_x = self.x(TRAY_LEFT + TRAY_W // 2)
        self.home_x = self.x(RIGHT + QUARTER // 2)

    def x(self, x: int) -> int:
        """An x of the unmirrored board, turned left to right when the board is mirrored."""
        return WIDTH - x if self.mirrored else x

    def left(self, x: int, width: int) -> int:
        """The left edge of a box of ``width`` whose left edge is at ``x`` unmirrored."""
        return WIDTH - x - width if self.mirrored else x

    # Points --------------------------------------------------------------------------------

    @staticmethod
    def is_top(point: int) -> bool:
        """Whether ``point`` (1..24, the mover's numbering) is in the top row."""
        return point >= 13

    def point_x(self, point: int) -> int:
        """The centre x of a point."""
        if point <= 6:
            left = RIGHT + (6 - point) * POINT_W
        elif point <= 12:
            left = LEFT + (12 - point) * POINT_W
        elif point <= 18:
            left = LEFT + (point - 13) * POINT_W
        else:
            left = RIGHT + (point - 19) * POINT_W
        return self.x(left + POINT_W // 2)

    def base_y(self, point: int) -> tuple[int, int]:
        """The y of a point's base (the board's edge) and the direction (+1 down, -1 up) in
        which its stack grows."""
        if self.is_top(point):
            return self.inner_top, 1
        return self.inner_bottom, -1

    def slot(self, point: int, index: float, shift: int = 0) -> tuple[int, int]:
        """The centre of the ``index``-th checker (0 at the edge) of a stack on ``point``;
        ``shift`` lifts the whole stack (a captor above its pinned checker)."""
        base, way = self.base_y(point)
        return self.point_x(point), base + way * (R + 2 + shift + round(index * PITCH))

    def triangle(self, point: int) -> str:
        """The path of a point's triangle."""
        base, way = self.base_y(point)
        x = self.point_x(point)
        half = POINT_W // 2
        return f"M{x - half} {base}L{x} {base + way * TRIANGLE}L{x + half} {base}Z"

    def hatch(self, point: int) -> str:
        """The triangle's outline with stripes across it: a closed point, not only a colour."""
        base, way = self.base_y(point)
        x = self.point_x(point)
        lines = [self.triangle(point)]
        for step in range(1, 6):
            depth = step * TRIANGLE // 6
            half = (POINT_W // 2) * (TRIANGLE - depth) // TRIANGLE
            y = base + way * depth
            lines.append(f"M{x - half} {y}H{x + half}")
        return "".join(lines)

    def tip(self, point: int) -> tuple[int, int]:
        """Just inside the tip of a point."""
        base, way = self.base_y(point)
        return self.point_x(point), base + way * (TRIANGLE - 16)

    def label_xy(self, point: int) -> tuple[int, int]:
        """Where a point's label sits: in the open strip, just beyond the point's tip."""
        if self.is_top(point):
            return self.point_x(point), self.gap_top + 12
        return self.point_x(point), self.gap_bottom - 12

    def number_y(self, point: int, other: bool = False) -> int:
        """The y of a point's number outside the frame; ``other`` for the second row."""
        if self.is_top(point):
            y = self.board_top - NUMBER_ROW // 2
            return y - (NUMBER_ROW // 2 + OTHER_ROW // 2 - 2) if other else y
        y = self.board_bottom + NUMBER_ROW // 2
        return y + (NUMBER_ROW // 2 + OTHER_ROW // 2 - 2) if other else y

    # The bar, the tray, the dice and the cube -------------------------------------------------

    def bar_slot(self, mover: bool, index: int) -> tuple[int, int]:
        """The centre of a checker on the bar: the mover's in the upper half, where they
        enter, the opponent's in the lower, each stack growing from the middle outwards."""
        offset = 2 + R + index * PITCH
        if mover:
            return self.bar_x, self.gap_top - offset
        return self.bar_x, self.gap_bottom + offset

    def slab_y(self, mover: bool, index: int) -> int:
        """The top y of the ``index``-th borne-off checker in the tray (seen from the side)."""
        if mover:
            return self.inner_bottom - 3 - SLAB_H - index * SLAB_PITCH
        return self.inner_top + 3 + index * SLAB_PITCH

    def tray_count_y(self, mover: bool) -> int:
        """Where the number of borne-off checkers is written: in the tray's middle, the
        mover's below the opponent's, each on a chip of its side's colour."""
        return self.mid + 15 if mover else self.mid - 15

    def cube_xy(self, owner: str) -> tuple[int, int]:
        """The cube's centre: on the bar, at its owner's end, or in the middle."""
        half = CUBE // 2 + 3
        if owner == "mover":
            return self.bar_x, self.inner_bottom - half
        if owner == "opponent":
            return self.bar_x, self.inner_top + half
        return self.bar_x, self.mid

    def dice_x(self) -> tuple[int, int]:
        """The centres of the two dice: in the open strip of the mover's home half."""
        return self.home_x - DIE // 2 - 4, self.home_x + DIE // 2 + 4


@cache
def geometry(mirrored: bool, rows: int) -> Geometry:
    """The geometry for these options, computed once."""
    return Geometry(mirrored, rows)
