"""Whether a position can arise in a game: the marks that every earlier turn leaves on a board.

A position is a moment of a game seen by the player to move: the game began at the variant's
start and every turn since obeyed its rules. Some rules leave marks that no later turn can
erase, so a board without them is no such moment, however the dice fell. :func:`why_unreachable`
names the first mark a board lacks. It is exact where it speaks and silent where it cannot be
sure: a board it refuses can never arise, while some boards it lets through cannot arise either
(a false "impossible" would refuse a teacher's legitimate puzzle).

What every game makes certain, besides what ``Variant.position`` already refuses (a point held
by both sides, a bar where the game has none, both sides with every checker off):

* Where nobody is hit (Long Nardy, Fevga, Plakoto) no checker ever moves back, and bearing off
  begins only when every checker is home (RULES.md 1.4, 1.7): once a side has borne off, all the
  checkers it has left stand in its home board. In the hitting games a checker hit after the
  bear-off has begun goes back to the bar, so there bearing off says nothing.

Each variant adds the marks of its own rules (``Variant.unreachable_refusal``): Long Nardy's
six-point block, Fevga's starting quarter and runner, Plakoto's pins. Both sides are read: a rule
that every turn's end obeys holds for the side that has just moved, and for the mover too, whose
checkers the opponent's turn does not touch.

A game that is over is no reason by itself. The last board of a game is a board of that game:
the side that moved last may have won (a bear-off drill with no opponent), and so may the mover,
as a scoring puzzle shows the winner's board after the winning play. Whether anyone is to play a
finished game is the question's business, not the board's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import HOME, OFF, POINTS, Position, Side
from .reasons import Refusal

if TYPE_CHECKING:
    from .variants import Variant

# The points outside the home board, the farthest from it first.
BEYOND_HOME = range(POINTS[-1], HOME[-1], -1)


def why_unreachable(position: Position) -> Refusal | None:
    """Why no game of the position's variant comes to ``position``, the mover to play (or the
    game over); ``None`` when a game may.

    >>> from generator.engine import find_variant
    >>> nardy = find_variant("long-nardy")
    >>> why_unreachable(nardy.start()) is None
    True
    >>> why_unreachable(nardy.position(mover={24: 12, 6: 2}, opponent={12: 15}))
    Refusal.of('borne_off_with_head', count=1)
    >>> why_unreachable(nardy.position(mover={6: 15}, opponent={}))  # nobody to play against
    >>> bg = find_variant("backgammon")
    >>> why_unreachable(bg.position(mover={24: 1, 6: 12}, opponent={19: 15}))  # hit after off
    """
    variant = position.variant
    if not variant.has_bar:
        # Only a hit checker ever moves back (to the bar), and only the games with a bar hit.
        reason = _borne_off_outside_home(variant, position.mover, position.opponent)
        if reason is not None:
            return reason
    return variant.unreachable_refusal(position)


def _borne_off_outside_home(variant: Variant, mover: Side, opponent: Side) -> Refusal | None:
    """A side that has borne off while a checker of its own stands outside its home board: the
    farthest such checker, the mover's first."""
    if mover[OFF]:
        for point in BEYOND_HOME:
            if mover[point]:
                if point == variant.head:
                    return Refusal.of("borne_off_with_head", count=mover[OFF])
                return Refusal.of("borne_off_outside_home", count=mover[OFF], point=point)
    if opponent[OFF]:
        for own in BEYOND_HOME:
            point = variant.other_numbering(own)
            if opponent[point]:
                if own == variant.head:
                    return Refusal.of("opponent_borne_off_with_head", count=opponent[OFF])
                return Refusal.of(
                    "opponent_borne_off_outside_home", count=opponent[OFF], point=point
                )
    return None
