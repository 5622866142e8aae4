"""Hypothesis strategies: random legal positions of every game, and rolls.

A side has 15 checkers across its bar, the points and off; a point holds checkers of one side
only (except under a Plakoto pin). The positions need not be reachable in a game (RULES.md 1.3:
the engine must handle constructed positions), but they favour what makes rules bite: in the
hitting games checkers on the bar, blots, points of two or more, and bear-offs; in the running
games first turns, near-complete blocks, runners, starting quarters, pins and mothers.
"""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from generator.engine import Position, find_variant

from .helpers import forbidden_six, same_direction_own

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


# The running games ------------------------------------------------------------------------------
#
# Long Nardy and Fevga travel the same way: the opponent's own point o is the mover's
# ``same_direction_own(o)``, their head (own 24) the mover's 12, and their route, in the mover's
# numbering, runs 12, 11, ..., 1, 24, ..., 13.


@st.composite
def _exactly(draw: st.DrawFn, points: list[int], total: int) -> dict[int | str, int]:
    """Exactly ``total`` checkers on the first ``total`` of ``points`` (at least one each)."""
    chosen = points[:total]
    counts: dict[int | str, int] = dict.fromkeys(chosen, 1)
    for _ in range(total - len(chosen)):
        point = draw(st.sampled_from(chosen))
        counts[point] += 1
    return counts


def _free(order: list[int], *taken: dict[int | str, int]) -> list[int]:
    return [point for point in order if not any(point in side for side in taken)]


@st.composite
def _opponent_after_opening(draw: st.DrawFn, head: int) -> dict[int | str, int]:
    """The opponent on its head (the mover's ``head``), or after its first turn (one checker
    3..11 pips along its route), or spread anywhere but the mover's 24."""
    kind = draw(st.sampled_from(("head", "opened", "spread")))
    if kind == "head":
        return {head: 15}
    if kind == "opened":
        return {head: 14, head - draw(st.integers(3, 11)): 1}
    order = draw(st.permutations([point for point in range(1, 24)]))
    return draw(_spread(order[: draw(st.integers(1, 8))], 15))


@st.composite
def _anywhere(draw: st.DrawFn, home_only: bool) -> tuple[dict[int | str, int], ...]:
    order = list(draw(st.permutations(range(1, 25))))
    if home_only:
        mover_points = [point for point in order if point <= 6][: draw(st.integers(1, 6))]
    else:
        mover_points = order[: draw(st.integers(1, 8))]
    mover = draw(_spread(mover_points, 15))
    free = _free(order, mover)
    opponent = draw(_spread(free[: draw(st.integers(1, 8))], 15))
    return mover, opponent


@st.composite
def _near_six(draw: st.DrawFn) -> tuple[dict[int | str, int], ...]:
    """Five or four of six points in a row held (in the opponent's own numbers a..a+5, which
    may wrap from the mover's 1 to 24), a checker 1..6 pips behind each gap, and the opponent
    either all behind the run or with a checker past it."""
    low = draw(st.integers(1, 18))
    window = [same_direction_own(own) for own in range(low, low + 6)]
    gaps = draw(st.lists(st.sampled_from(window), min_size=1, max_size=2, unique=True))
    mover: dict[int | str, int] = {
        point: draw(st.integers(1, 2)) for point in window if point not in gaps
    }
    for gap in gaps:
        feeder = gap + draw(st.integers(1, 6))
        if feeder <= 24 and feeder not in gaps:
            mover[feeder] = mover.get(feeder, 0) + 1
    used = sum(mover.values())
    if 24 not in gaps and used < 15:
        mover[24] = mover.get(24, 0) + draw(st.integers(0, 15 - used))
    order = list(draw(st.permutations(range(1, 25))))
    behind = [p for p in _free(order, mover) if same_direction_own(p) > low + 5]
    past = [p for p in _free(order, mover) if same_direction_own(p) < low]
    if behind and (not past or draw(st.booleans())):
        opponent = draw(_exactly(behind[: draw(st.integers(1, 4))], 15))
    else:
        first = past[:1]
        rest = _free(order, mover, dict.fromkeys(first, 1))
        opponent = draw(_spread(first + rest[: draw(st.integers(0, 6))], 15))
    return mover, opponent


@st.composite
def long_nardy_positions(draw: st.DrawFn) -> Position:
    """A Long Nardy position with the mover to play and no forbidden block standing.

    Shapes: a first turn (all 15 on the head; the opponent on its head, after its opening
    roll, or anywhere); five or four of six points in a row with checkers ready to close the
    gap, the opponent all behind the run or one past it; anything goes; a bear-off.
    """
    shape = draw(st.sampled_from(("first_turn", "near_six", "near_six", "anywhere", "bear_off")))
    if shape == "first_turn":
        mover: dict[int | str, int] = {24: 15}
        opponent = draw(_opponent_after_opening(12))
    elif shape == "near_six":
        mover, opponent = draw(_near_six())
    else:
        mover, opponent = draw(_anywhere(home_only=shape == "bear_off"))
    position = find_variant("long-nardy").position(mover=mover, opponent=opponent)
    assume(forbidden_six(position.mover, position.opponent) is None)
    return position


@st.composite
def fevga_positions(draw: st.DrawFn) -> Position:
    """A Fevga position with the mover to play.

    Shapes: the start (the opponent on its start, after its opening or anywhere); a runner
    that has not passed the opponent's start (the mover's 12..23) or has (11 or lower); four
    or five of the starting quarter's points held with checkers ready to close it; every
    opposing checker trapped behind six of the mover's points; anything goes; a bear-off.
    """
    shape = draw(
        st.sampled_from(("start", "runner", "runner", "quarter", "quarter", "trap", "anywhere"))
    )
    order = list(draw(st.permutations(range(1, 25))))
    if shape == "start":
        mover: dict[int | str, int] = {24: 15}
        opponent = draw(_opponent_after_opening(12))
    elif shape == "runner":
        mover = {24: 14, draw(st.integers(1, 23)): 1}
        if draw(st.booleans()):
            mover = {24: 13, draw(st.integers(12, 23)): 1, draw(st.integers(1, 11)): 1}
        opponent = draw(_spread(_free(order, mover)[: draw(st.integers(1, 6))], 15))
    elif shape == "quarter":
        quarter = list(range(19, 25))
        gaps = draw(st.lists(st.sampled_from(quarter[:-1]), min_size=1, max_size=2, unique=True))
        mover = {point: draw(st.integers(1, 2)) for point in quarter if point not in gaps}
        mover[draw(st.integers(1, 11))] = draw(st.integers(0, 2))  # a passed checker, or none
        used = sum(mover.values())
        mover[24] += draw(st.integers(0, 15 - used))
        opponent = draw(_spread(_free(order, mover)[: draw(st.integers(1, 6))], 15))
    elif shape == "trap":
        own = draw(st.integers(7, 24))
        trapped = same_direction_own(own)
        run = [same_direction_own(o) for o in range(own - 6, own)]
        mover = {point: draw(st.integers(1, 2)) for point in run}
        behind = [p for p in order if p > min(run) and p not in mover and p != trapped]
        mover.update(draw(_spread(behind[: draw(st.integers(0, 2))], 15 - sum(mover.values()))))
        opponent = {trapped: draw(st.integers(1, 15))}
    else:
        mover, opponent = draw(_anywhere(home_only=draw(st.booleans())))
    mover = {point: count for point, count in mover.items() if count}
    return find_variant("fevga").position(mover=mover, opponent=opponent)


@st.composite
def plakoto_positions(draw: st.DrawFn) -> Position:
    """A Plakoto position with the mover to play and the game not over.

    Shapes: pins anywhere (the opponent's checkers under the mover's, the mover's under the
    opponent's); the mothers (the opponent's last checker on its start, the mover's 1, free
    or pinned; the mover's start empty, held or pinned; checkers ready to pin); a bear-off
    with pins in or out of the home board.
    """
    shape = draw(st.sampled_from(("pins", "mothers", "mothers", "bear_off")))
    order = list(draw(st.permutations(range(1, 25))))
    mover: dict[int | str, int] = {}
    opponent: dict[int | str, int] = {}
    pinned: list[tuple[str, int]] = []

    def pin(side: str, point: int, on_top: int) -> None:
        under, over = (mover, opponent) if side == "mover" else (opponent, mover)
        under[point], over[point] = 1, on_top
        pinned.append((side, point))

    if shape == "mothers":
        mother = draw(st.sampled_from(("free", "free", "pinned")))
        if mother == "pinned":
            pin("opponent", 1, draw(st.integers(1, 2)))
        else:
            opponent[1] = 1
        start = draw(st.sampled_from(("empty", "held", "pinned")))
        if start == "pinned":
            pin("mover", 24, draw(st.integers(1, 2)))
        elif start == "held":
            mover[24] = draw(st.integers(1, 3))
        for point in draw(st.lists(st.integers(2, 7), max_size=3, unique=True)):
            mover[point] = draw(st.integers(1, 3))
    else:
        home = shape == "bear_off"
        for side in ("opponent", "mover"):
            for _ in range(draw(st.integers(0, 2))):
                points = [p for p in order if p not in mover and p not in opponent]
                if home and side == "opponent":
                    points = [p for p in points if p <= 6]  # under the mover, at home
                if home and side == "mover":
                    points = [p for p in points if p <= 6] or points
                pin(side, points[0], draw(st.integers(1, 2)))
        if home:
            points = [p for p in order if p <= 6 and p not in mover and p not in opponent]
            mover.update(draw(_spread(points, 15 - sum(mover.values()))))
    mover_left = 15 - sum(mover.values())
    points = [p for p in order if p not in mover and p not in opponent]
    if shape != "bear_off":
        mover.update(draw(_spread(points[: draw(st.integers(1, 6))], mover_left)))
    points = [p for p in order if p not in mover and p not in opponent]
    opponent_left = 15 - sum(opponent.values())
    opponent.update(draw(_spread(points[: draw(st.integers(0, 6))], opponent_left)))
    plakoto = find_variant("plakoto")
    position = plakoto.position(mover=mover, opponent=opponent, pinned=pinned)
    assume(plakoto.result(position) is None)
    return position
