"""A brute-force reference move generator for Turkish Tavla (and, without its limits, backgammon).

Written from RULES.md alone, without looking at the engine's move generation, so
that the two can be compared (``test_turkish_tavla_reference.py``). Slow and plain on purpose.

What it follows:

- 1.4: two dice, four steps on a double; every step moves one checker exactly one die; every
  intermediate landing must be legal when it is made; no backwards moves.
- 1.5: the whole tree of step sequences (any remaining die may be played next, so both orders of
  a non-double are tried); a sequence ends when no step is legal or the dice are used up. Only
  sequences using the most dice ``M`` count; non-double with ``M == 1``: the higher die if it can
  be played at all; ``M == 0``: a pass (no play). Plays are distinct final positions (1.3).
- decision 15: a step that bears off the mover's last checker ends the game there, and the
  sequence counts as using every die of the roll, for 1.5 and for the waiver of 3.4 alike.
- 1.6 and 2.1: a checker on the bar must enter first (die ``d`` lands on ``25 - d``); a point with
  two or more opposing checkers is closed, a single one is hit and goes to its bar.
- 1.7: bearing off only with every checker on 1..6 and none on the bar, re-checked before every
  step; exact die, or an oversized die from the highest occupied point.
- 2.3 and section 3 (Turkish Tavla, product decisions 3-5):
  - R1 (3.1): a hit on a home point (1..6) freezes that point for the rest of the turn: no later
    step may start there (move or bear-off); landing on it and passing over it stay legal. Hits
    on 7..24, entries included, freeze nothing.
  - R2 (3.2, narrow): for a non-double ``hi > lo``, a play whose first step is ``p/(p-lo)`` with
    ``lo`` and whose second step bears off from ``p-lo`` with ``hi`` is forbidden when, at the
    start of the turn, ``hi`` could have borne off from ``p``.
  - R2 broad (3.2's "D" paragraph, decision 16's preset ``strict-wasted-pips``): never walk down
    from ``p`` with ``lo`` while ``hi``, still to be played, could bear off from ``p``: the first
    step ``p/(p-lo)`` with ``lo`` is itself forbidden, whatever ``hi`` does next.
  - waiver (3.4, ``fewer_dice``, judged over the whole turn): if the limits lower the number of
    dice the mover could play under standard rules, try R1 alone, then R2 alone, then neither, and
    play under the first that reaches the standard maximum. The ``none`` and ``step`` readings of
    3.4 are here too, only to check the examples that tell them apart (E20-E22).

A side is the engine's 26-tuple: index 0 borne off, 1..24 points in the mover's numbering, 25 the
bar; the opponent's checkers are stored at mover-numbered points as well.
"""

from __future__ import annotations

from collections.abc import Iterator

Side = tuple[int, ...]
Board = tuple[Side, Side]
Step = tuple[int, int, int, bool]
"""``(source, destination, die, hit)``; source 25 is the bar, destination 0 is off."""

OFF = 0
BAR = 25
HOME = range(1, 7)
NO_LIMITS = (False, False)
ALL_LIMITS = (True, True)
WAIVERS = ("fewer_dice", "none", "step")
READINGS = ("narrow", "broad")
CHECKERS = 15


def all_home(me: Side) -> bool:
    """1.7: bearing off is allowed only with nothing on the bar or on 7..24."""
    return me[BAR] == 0 and not any(me[point] for point in range(7, 25))


def can_bear_off_from(me: Side, point: int, die: int) -> bool:
    """1.7: die ``die`` bears off from ``point``: exactly, or oversized from the highest point."""
    if not me[point] or not all_home(me):
        return False
    if die == point:
        return True
    return die > point and not any(me[higher] for higher in range(point + 1, 7))


def single_steps(me: Side, opp: Side, die: int) -> list[Step]:
    """Every step one die allows under the standard rules (1.4, 1.6, 1.7)."""
    if me[BAR]:
        destination = BAR - die
        if opp[destination] >= 2:
            return []
        return [(BAR, destination, die, opp[destination] == 1)]
    steps = []
    for source in range(24, 0, -1):
        if not me[source]:
            continue
        destination = source - die
        if destination >= 1:
            if opp[destination] <= 1:
                steps.append((source, destination, die, opp[destination] == 1))
        elif source <= 6 and can_bear_off_from(me, source, die):
            steps.append((source, OFF, die, False))
    return steps


def apply_step(me: Side, opp: Side, step: Step) -> Board:
    source, destination, _, hit = step
    mine, theirs = list(me), list(opp)
    mine[source] -= 1
    mine[destination] += 1
    if hit:
        theirs[destination] -= 1
        theirs[BAR] += 1
    return tuple(mine), tuple(theirs)


def wastes_pips(start: Side, dice: tuple[int, int], trail: tuple[Step, ...], step: Step) -> bool:
    """R2, narrow (3.2): ``step`` is the second step, bearing off with ``hi`` from where the
    first step walked a checker down with ``lo``, and ``hi`` could have borne it off from there."""
    high, low = max(dice), min(dice)
    if high == low or len(trail) != 1:
        return False
    first_source, first_destination, first_die, _ = trail[0]
    return (
        first_die == low
        and first_destination == first_source - low
        and first_destination >= 1
        and step[0] == first_destination
        and step[1] == OFF
        and step[2] == high
        and first_source <= 24
        and can_bear_off_from(start, first_source, high)
    )


def walks_down(start: Side, dice: tuple[int, int], trail: tuple[Step, ...], step: Step) -> bool:
    """R2, broad (3.2): ``step`` is the first step and walks a checker down from ``p`` with
    ``lo`` (to a point, not off), while ``hi`` could bear it off from ``p``."""
    high, low = max(dice), min(dice)
    source, destination, die, _ = step
    return (
        high != low
        and not trail
        and die == low
        and destination >= 1
        and source <= 24
        and can_bear_off_from(start, source, high)
    )


def allowed_steps(
    me: Side,
    opp: Side,
    remaining: tuple[int, ...],
    frozen: frozenset[int],
    trail: tuple[Step, ...],
    start: Side,
    dice: tuple[int, int],
    limits: tuple[bool, bool],
    reading: str = "narrow",
) -> list[Step]:
    """The next steps with any remaining die, under the limits ``(R1, R2)`` that are on and the
    ``reading`` of R2."""
    freeze, no_waste = limits
    steps = []
    for die in sorted(set(remaining)):
        for step in single_steps(me, opp, die):
            if freeze and step[0] in frozen:
                continue
            if no_waste and wastes_pips(start, dice, trail, step):
                continue
            if no_waste and reading == "broad" and walks_down(start, dice, trail, step):
                continue
            steps.append(step)
    return steps


def dice_counted(board: Board, trail: tuple[Step, ...], dice: tuple[int, int]) -> int:
    """How many dice a finished sequence counts as using (1.5): its steps, or every die of the
    roll when it bore off the mover's last checker (decision 15)."""
    if board[0][OFF] == CHECKERS:
        return 4 if dice[0] == dice[1] else 2
    return len(trail)


def sequences(
    start: Side,
    opp: Side,
    dice: tuple[int, int],
    limits: tuple[bool, bool],
    step_waiver: bool,
    reading: str = "narrow",
) -> Iterator[tuple[Board, tuple[Step, ...]]]:
    """Every maximal step sequence (1.5) as ``(final board, steps)``; one that bears off the
    last checker stops there (decision 15).

    Walked depth by depth; sequences reaching the same board with the same dice left, frozen
    points and (for R2) first step are merged, which changes nothing but the speed.
    """
    first_die, second_die = dice
    remaining0 = (first_die,) * 4 if first_die == second_die else (first_die, second_die)
    level: dict[tuple[object, ...], tuple[Step, ...]] = {
        (start, opp, remaining0, frozenset(), None): ()
    }
    while level:
        following: dict[tuple[object, ...], tuple[Step, ...]] = {}
        for (me, them, remaining, frozen, _), trail in level.items():
            if not remaining or me[OFF] == CHECKERS:
                yield (me, them), trail
                continue
            steps = allowed_steps(me, them, remaining, frozen, trail, start, dice, limits, reading)
            if not steps and step_waiver and limits != NO_LIMITS:
                # 3.4, ``step``: a limit that leaves no next step yields for that step.
                steps = allowed_steps(me, them, remaining, frozen, trail, start, dice, NO_LIMITS)
            if not steps:
                yield (me, them), trail
                continue
            for step in steps:
                mine, theirs = apply_step(me, them, step)
                left = list(remaining)
                left.remove(step[2])
                now_frozen = frozen | {step[1]} if step[3] and step[1] in HOME else frozen
                new_trail = (*trail, step)
                first = new_trail[0] if first_die != second_die else None
                key = (mine, theirs, tuple(left), now_frozen, first)
                following.setdefault(key, new_trail)
        level = following


def plays_under(
    me: Side,
    opp: Side,
    dice: tuple[int, int],
    limits: tuple[bool, bool],
    step_waiver: bool = False,
    reading: str = "narrow",
) -> tuple[int, dict[Board, tuple[Step, ...]]]:
    """1.5 on the tree under ``limits``: ``(M, {final board: one step list})``."""
    finished = list(sequences(me, opp, dice, limits, step_waiver, reading))
    most = max(dice_counted(board, trail, dice) for board, trail in finished)
    if most == 0:
        return 0, {}
    kept = [(board, trail) for board, trail in finished if dice_counted(board, trail, dice) == most]
    high, low = max(dice), min(dice)
    if high != low and most == 1 and any(trail[0][2] == high for _, trail in kept):
        kept = [(board, trail) for board, trail in kept if trail[0][2] == high]
    plays: dict[Board, tuple[Step, ...]] = {}
    for board, trail in kept:
        plays.setdefault(board, trail)
    return most, plays


def reference_plays(
    me: Side,
    opp: Side,
    dice: tuple[int, int],
    *,
    turkish: bool = True,
    waiver: str = "fewer_dice",
    reading: str = "narrow",
) -> dict[Board, tuple[Step, ...]]:
    """The legal plays as ``{(mover, opponent) after the play: one step list}``; empty: pass.

    ``turkish=False`` gives standard backgammon movement (2.1); ``reading`` is R2's, narrow
    (decision 4) or broad (preset ``strict-wasted-pips``).
    """
    if waiver not in WAIVERS:
        raise ValueError(f"unknown waiver {waiver!r}")
    if reading not in READINGS:
        raise ValueError(f"unknown reading {reading!r}")
    standard_most, standard = plays_under(me, opp, dice, NO_LIMITS)
    if not turkish:
        return standard
    return turkish_plays(me, opp, dice, standard_most, standard, waiver, reading)


def turkish_plays(
    me: Side,
    opp: Side,
    dice: tuple[int, int],
    standard_most: int,
    standard: dict[Board, tuple[Step, ...]],
    waiver: str = "fewer_dice",
    reading: str = "narrow",
) -> dict[Board, tuple[Step, ...]]:
    """Section 3, given the standard answer ``plays_under(me, opp, dice, NO_LIMITS)``."""
    home_blot = any(opp[point] == 1 for point in HOME)
    if not home_blot and (dice[0] == dice[1] or not all_home(me)):
        # Only a speed-up: with no opposing blot on 1..6 no home hit can happen (the opponent
        # does not move during the turn), so R1 freezes nothing; R2 needs a non-double and
        # bearing off allowed at the start. Neither limit can remove a step.
        return standard
    if waiver == "step":
        return plays_under(me, opp, dice, ALL_LIMITS, step_waiver=True, reading=reading)[1]
    most, plays = plays_under(me, opp, dice, ALL_LIMITS, reading=reading)
    if waiver == "none" or most == standard_most:
        return plays
    # 3.4 ``fewer_dice``: drop R2 only, then R1 only, then both.
    for limits in ((True, False), (False, True)):
        most, plays = plays_under(me, opp, dice, limits, reading=reading)
        if most == standard_most:
            return plays
    return standard


def notation(trail: tuple[Step, ...]) -> str:
    """A plain step list, ``8/6* 6/1``, for messages."""

    def place(point: int) -> str:
        return {BAR: "bar", OFF: "off"}.get(point, str(point))

    return " ".join(f"{place(s)}/{place(d)}{'*' if hit else ''}" for s, d, _, hit in trail)
