"""Hypothesis strategies: random legal positions of the hitting games, and rolls.

A side has 15 checkers across its bar, the points and off; a point holds checkers of one side
only. The positions need not be reachable in a game (RULES.md 1.3: the engine must handle
constructed positions), but they favour what makes rules bite: checkers on the bar, blots,
points of two or more, and bear-offs.
"""

from __future__ import annotations

from hypothesis import strategies as st

from generator.engine import Position, find_variant

ROLLS = [(first, second) for first in range(1, 7) for second in range(1, 7)]
rolls = st.sampled_from(ROLLS)

# Blots and small points are what the rules are about; tall stacks add nothing.
_STACKS = st.sampled_from((1, 1, 1, 2, 2, 3, 4, 5))


@st.composite
def _spread(draw: st.DrawFn, points: list[int], most: int) -> dict[int | str, int]:
    """Up to ``most`` checkers on ``points`` (each gets at least one while any are left)."""
    counts: dict[int | str, int] = {}
    left = most
    for point in points:
        if not left:
            break
        count = min(draw(_STACKS), left)
        counts[point] = count
        left -= count
    return counts


@st.composite
def positions(draw: st.DrawFn, variant: str) -> Position:
    """A position of ``variant`` (a hitting game) with the mover to play.

    Shapes: anything goes; the mover bearing off (every mover checker on 1..6); the mover with
    checkers on the bar. Neither side has borne off all 15 (the game would be over).
    """
    shape = draw(st.sampled_from(("anywhere", "bear_off", "bar")))
    order = draw(st.permutations(range(1, 25)))
    if shape == "bear_off":
        home = [point for point in order if point <= 6]
        mover_points = home[: draw(st.integers(1, 6))]
    else:
        mover_points = list(order[: draw(st.integers(1, 8))])
    free = [point for point in order if point not in mover_points]
    opponent_points = free[: draw(st.integers(1, 8))]

    mover_bar = draw(st.integers(1, 3)) if shape == "bar" else 0
    mover = draw(_spread(mover_points, 15 - mover_bar))
    if mover_bar:
        mover["bar"] = mover_bar
    opponent_bar = draw(st.sampled_from((0, 0, 0, 1, 2)))
    opponent = draw(_spread(opponent_points, 15 - opponent_bar))
    if opponent_bar:
        opponent["bar"] = opponent_bar
    return find_variant(variant).position(mover=mover, opponent=opponent)
