"""A deliberately simple brute-force reference move generator for Long Nardy.

Written from RULES.md alone, independently of the engine's move code, so that
the two can be compared (``test_long_nardy_reference.py``). It follows:

* 1.1 same-direction geometry: the opponent's own number of mover point ``m`` is ``m + 12``
  for ``m <= 12``, else ``m - 12``; the opponent travels from its 24 down to its 1.
* 1.3 two plays are the same play when they reach the same final position.
* 1.4 one step per die (four for a double); every landing is a real landing.
* 1.5 must-play: the most dice possible; with one die of a non-double, the higher if it can be
  played; then deduplicate by final position. Decision 15: a step that bears off the mover's
  last checker ends the game and the play, which counts as using every die of the roll.
* 1.7 / 4.3 bear-off: only with every checker on 1..6, checked before each step; the exact die,
  or an oversized die from the highest occupied point; never compulsory.
* 2.4 a point with any opposing checker is closed; no hitting, no bar.
* 4.1 head rule: one checker leaves the mover's 24 per turn; two on a first turn (all 15 still
  on the head, decision 8) with 3-3, 4-4 or 6-6.
* 4.2 six-point block rule, checked after every single step (decision 7): six or more occupied
  points consecutive in the opponent's numbering (wrapping across the mover's 1 | 24, never
  across 12 | 13) may exist only while some opponent checker stands past them (lower opponent
  number) or the opponent has borne a checker off. Read literally ("may not exist even
  momentarily"): any step after which such a run exists is illegal, even when the run already
  stood at the start of the turn (a constructed position; RULES.md is silent on it).

The other published readings (decision 16's presets), each a keyword of ``reference_plays``:

* ``head_exception="second-player"`` (S002's words, "the second player's first roll"): the
  exception of 4.1 holds only when the opponent has already moved, i.e. not while the
  opponent's fifteen are all still on its head (the mover's 12).
* ``head_unplayable=True``: on a first turn (all 15 on the head) a second checker may leave the
  head whenever that lets more dice be played than one checker off the head allows; never a
  third.
* ``block_check="end"`` (4.2's ``end``): steps are not checked for the block; a play whose final
  position holds a forbidden run is no play. As for every turn-end rule (1.5 (c)), that filter
  comes before must-play: every prefix of a step sequence is a candidate play, the filter drops
  candidates, then the most dice win.

Sides are 26-tuples as in ``generator/engine/board.py``: index 0 off, 1..24 points in the
mover's numbering, 25 bar (always 0 here).
"""

from __future__ import annotations

Side = tuple[int, ...]
HEAD = 24
FIRST_TURN_DOUBLES = {3, 4, 6}


def own_number(point: int) -> int:
    """The opponent's own number of the mover's ``point`` (RULES.md 1.1, 4.2)."""
    return point + 12 if point <= 12 else point - 12


def forbidden_block(mover: Side, opponent: Side) -> bool:
    """True when the mover holds a run of six or more that no opponent checker is past (4.2).

    Walks the opponent's numbering 1..24 (``own_number`` is its own inverse); a run starting
    at opponent number ``low`` is allowed when an opponent checker stands below ``low`` or the
    opponent has borne one off.
    """
    length = 0
    for o in range(1, 25):
        if not mover[own_number(o)]:
            length = 0
            continue
        length += 1
        if length == 6:
            low = o - 5
            past = opponent[0] > 0 or any(opponent[own_number(q)] for q in range(1, low))
            if not past:
                return True
    return False


def step_targets(
    mover: Side, opponent: Side, die: int, block_each_step: bool = True
) -> list[tuple[int, Side]]:
    """Every single step with ``die`` (block rule included unless ``block_each_step`` is
    off): ``(source, new mover side)``."""
    all_home = sum(mover[7:25]) == 0
    out = []
    for source in range(1, 25):
        if not mover[source]:
            continue
        target = source - die
        if target >= 1:
            if opponent[target]:
                continue  # any opposing checker closes the point
        else:
            if not all_home:
                continue
            if die != source and any(mover[p] for p in range(source + 1, 7)):
                continue  # oversized die: only from the highest occupied point
            target = 0
        side = list(mover)
        side[source] -= 1
        side[target] += 1
        new = tuple(side)
        if block_each_step and forbidden_block(new, opponent):
            continue
        out.append((source, new))
    return out


def reference_plays(
    mover: Side,
    opponent: Side,
    dice: tuple[int, int],
    *,
    head_exception: str = "first-turn",
    head_unplayable: bool = False,
    block_check: str = "step",
) -> set[Side]:
    """The set of mover sides reachable by a legal play (empty set: the turn passes)."""
    first, second = dice
    first_turn = mover[HEAD] == 15
    # 4.1: the exception; read as S002 writes it, only once the opponent has moved.
    exception = first == second and first in FIRST_TURN_DOUBLES and first_turn
    opponent_moved = opponent[own_number(HEAD)] < 15
    head_limit = 2 if exception and (head_exception == "first-turn" or opponent_moved) else 1
    most, plays = _plays(mover, opponent, dice, head_limit, block_check)
    if head_unplayable and first_turn and head_limit == 1:
        more, wider = _plays(mover, opponent, dice, 2, block_check)
        if more > most:
            return wider
    return plays


def _plays(
    mover: Side, opponent: Side, dice: tuple[int, int], head_limit: int, block_check: str
) -> tuple[int, set[Side]]:
    """1.5 with at most ``head_limit`` checkers off the head: ``(M, final mover sides)``."""
    first, second = dice
    total = 4 if first == second else 2
    orders = [(first,) * 4] if first == second else [(first, second), (second, first)]
    # Every prefix of every step sequence: (mover side, dice used, the first die used or 0).
    nodes: set[tuple[Side, int, int]] = set()
    for order in orders:
        frontier = {(mover, 0)}
        for used in range(len(order) + 1):
            following: set[tuple[Side, int]] = set()
            for side, heads in frontier:
                if side[0] == 15:  # decision 15: the last checker is off, the game is over
                    nodes.add((side, total, order[0]))
                    continue
                nodes.add((side, used, order[0] if used else 0))
                if used == len(order):
                    continue
                for source, new in step_targets(side, opponent, order[used], block_check == "step"):
                    extra = source == HEAD
                    if heads + extra <= head_limit:
                        following.add((new, heads + extra))
            frontier = following
    if block_check == "end":
        nodes = {node for node in nodes if not forbidden_block(node[0], opponent)}
    most = max((used for _, used, _ in nodes), default=0)
    if most == 0:
        return 0, set()
    chosen = [(side, lead) for side, used, lead in nodes if used == most]
    if first != second and most == 1:
        higher = max(dice)
        if any(lead == higher for _, lead in chosen):
            chosen = [(side, lead) for side, lead in chosen if lead == higher]
    return most, {side for side, _ in chosen}
