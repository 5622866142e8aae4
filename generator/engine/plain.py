"""Legal plays of the plain games, fast.

Backgammon, Tavla Classic and Modern and Portes share one rule set with nothing remembered during
a turn. For them the plays (not the refusals) come from this depth-first search over a mutable
board, the algorithm of GNU Backgammon's move generator: both orders of a non-double, and for a
double each step starting no farther than the one before it. The general mechanism in
``moves.py`` gives the same plays (the tests compare the two, and both with GNU Backgammon); it
is kept for refusals, notation and the variants with rules of their own. A variant with rules of
its own uses this search for a turn in which they cannot bite (``Variant.plain_turn``): Turkish
Tavla's in which neither home-board limit could refuse a step, Plakoto's with nothing pinned and
no lone checker within reach, Fevga's with the starting quarter beyond holding, Long Nardy's
with no six-point block within reach. In the last two one opposing checker closes a point
(``closed_by``), so nobody is hit, and their limit on checkers leaving the start is kept here as
a count (``Variant.start_leaving_limit``), which Fevga's runner lifts once it passes.

A non-double's steps start where a checker stood at the start, or where its first step landed:
only that step can put a checker where none stood.

Why the order of a double can be fixed: in these games a step's legality depends only on where
the mover's checkers stand (bar first, all home to bear off, nothing higher for an oversized die)
and on points the opponent holds, which the mover's steps can only open, never close. Moving the
farthest checkers first never makes a later step illegal, so every set of steps that is legal in
some order is legal with the farthest source first.

For the same reason a step that is legal at the start stays legal after any other step, as long
as a checker is left to make it. So when a non-double is played lower die first, a higher-die
step from a place it was already legal from at the start makes a play that the higher die first
has found already: the second order only notes that the play goes on, and makes no such step.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from .board import BAR, CHECKERS, OFF, Side
from .dice import Dice, dice_to_play
from .steps import STEPS, Step, format_play

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .board import Position

# A play as the search keeps it: the mover's side after it, the opponent's, and its steps.
_Found = tuple[Side, Side, tuple[Step, ...]]


def plain_plays(
    mover: Side,
    opponent: Side,
    dice: tuple[int, ...],
    closed_by: int = 2,
    may_leave_start: int = CHECKERS,
    freed_at: int = 0,
) -> tuple[int, list[_Found]]:
    """``(dice used, [(mover after, opponent after, steps)])``, one entry per resulting board.

    ``dice`` is ``(high, low)`` for a non-double, four equal dice for a double; ``closed_by``
    is how many opposing checkers close a point (a single one is hit where it takes two);
    ``may_leave_start``: how many checkers may leave the 24-point this turn (Long Nardy's head,
    Fevga's start). How many leave does not depend on the order of the steps, so the orders
    above still find every play; and as no step arrives at the 24-point and it is the
    farthest, the count used up is a bound on the sources: the later steps start below it.
    ``freed_at``: a checker arriving on this point or lower lifts that limit for the rest of
    the turn (Fevga's runner passing the opponent's start; 0, nothing does). Until then only
    the runner may move, so the steps before it are one checker's, farthest first; from it on
    nothing is held back, and a double's steps start again from the farthest.
    """
    start = mover[24]
    leaving = may_leave_start  # how many may leave the 24-point, all told, at this moment
    farthest = 24 if leaving else 23  # where a step may start from
    board = list(mover)
    opp = list(opponent)
    outside = sum(board[7:])  # checkers on 7..24 and the bar: none may be, to bear off
    # A board after some steps is the mover's checkers and the opponent's checkers hit on the
    # way, one bit per point (a point holds one opposing checker to be hit, so it is hit once):
    # as a key, ``(mover, hits)``, or the mover's side alone when nothing was hit.
    hits = 0
    # Per board, the first play found to it: the plays using every die, and the plays that stop
    # early, kept only while no play uses every die (with the most dice any of them uses). The
    # plays are kept as the answer lists them, so that it is only the dictionary's values.
    full: dict[tuple[object, ...], _Found] = {}
    most = 0
    short: dict[tuple[object, ...], _Found] = {}
    path: list[Step] = []
    double = len(dice) == 4
    last = len(dice) - 1

    # Where a step of the first die to play (the higher, of a non-double) was legal from.
    first_sources: list[int] = []

    # Where a checker stood at the start, farthest first, and those below the 24-point: a
    # non-double's steps start there, or where its first step landed.
    standing = [*compress(range(24, 0, -1), mover[24:0:-1])]
    below_24 = standing[1:] if standing and standing[0] == 24 else standing

    def search(
        depth: int, order: tuple[int, ...], limit: int, covered: set[int], landed: int = 0
    ) -> None:
        """Play ``order[depth]`` and the dice after it, from no farther than ``limit``;
        ``covered``: where a step of the second die need not be made from (its plays are found
        already); ``landed``: where the first step of a non-double put a checker where none
        stood, or 0."""
        nonlocal outside, most, hits, leaving
        die = order[depth]
        steps = STEPS[die]
        moved = False
        sources: Sequence[int]
        if board[BAR]:
            sources = (BAR,)
        elif double:
            sources = range(min(limit, 24), 0, -1)
        else:
            sources = standing if limit == 24 else below_24
            if landed:
                sources = [*sources, landed]
        for source in sources:
            if not board[source]:
                continue
            if depth == 1 and source in covered:
                moved = True  # a legal step, whose plays the other order found
                continue
            destination = source - die
            hit = False
            if destination > 0:
                opposing = opp[destination]
                if opposing >= closed_by:
                    continue
                hit = opposing == 1
            else:
                if outside:
                    continue
                if destination < 0 and any(board[source + 1 : 7]):
                    continue
                destination = OFF
            # Make the step.
            board[source] -= 1
            board[destination] += 1
            came_home = source > 6 >= destination
            if came_home:
                outside -= 1
            if hit:
                opp[destination] = 0
                opp[BAR] += 1
                hits |= 1 << destination
            path.append(steps[source][hit])
            if depth == 0:
                first_sources.append(source)
            if depth == last or (destination == OFF and board[OFF] == CHECKERS):
                # Every die used, or the last checker borne off, which ends the game and counts
                # as using them all (decision 15): a full play, recorded here unless one was
                # found to the board already (one lookup: a tuple's hash is not kept, and most
                # boards are new). Without a hit the opponent's side is the one given, shared.
                after = tuple(board)
                full.setdefault(
                    (after, hits) if hits else after,
                    (after, tuple(opp) if hits else opponent, tuple(path)),
                )
            else:  # (``search`` is deleted once the whole search is done, below)
                deeper = source if double else farthest
                landed = 0 if double or mover[destination] else destination
                if leaving == CHECKERS:  # none held back on the 24-point
                    search(depth + 1, order, deeper, covered, landed)  # noqa: F821
                elif 0 < destination <= freed_at:
                    # The runner has passed: none is held back from here on, and a double's
                    # steps start again from the farthest.
                    leaving = CHECKERS
                    search(depth + 1, order, 24, covered, landed)  # noqa: F821
                    leaving = may_leave_start
                else:
                    if source == 24 and start - board[24] == leaving:
                        deeper = 23  # no more checkers may leave the 24-point
                    search(depth + 1, order, deeper, covered, landed)  # noqa: F821
            path.pop()
            if hit:
                opp[destination] = 1
                opp[BAR] -= 1
                hits ^= 1 << destination
            if came_home:
                outside += 1
            board[destination] -= 1
            board[source] += 1
            moved = True
        if moved or full or depth < most:
            return
        # Stuck after ``depth`` dice: a play only while nothing uses more dice.
        if depth > most:
            most = depth
            short.clear()
        after = tuple(board)
        short.setdefault(
            (after, hits) if hits else after,
            (after, tuple(opp) if hits else opponent, tuple(path)),
        )

    if double:
        search(0, dice, farthest, set())
    else:
        high, low = dice
        search(0, (high, low), farthest, set())
        search(0, (low, high), farthest, set(first_sources))
    # ``search`` refers to itself, and so to everything it saw: deleting it breaks that cycle,
    # so that the turn's boards go as soon as the plays are made, not at the next collection.
    del search
    if full:
        return len(dice), list(full.values())
    if most == 1 and any(steps[0].die == dice[0] for _, _, steps in short.values()):
        # One die only, and the higher one can be played: it must be (RULES.md 1.5).
        return most, [found for found in short.values() if found[2][0].die == dice[0]]
    return most, list(short.values())


def plain_turn_plays(position: Position, dice: tuple[int, ...]) -> tuple[int, list[_Found]]:
    """:func:`plain_plays` of a plain turn (``Variant.plain_turn``) from ``position``, with the
    variant's ``closed_by`` and ``start_leaving_limit``."""
    variant = position.variant
    leaving, freed_at = variant.start_leaving_limit(position, dice)
    return plain_plays(
        position.mover, position.opponent, dice, variant.closed_by, leaving, freed_at
    )


def plain_boards(position: Position, dice: Dice) -> list[tuple[str, Side, Side]] | None:
    """The legal plays of a plain turn (``variant.plain_turn``: a plain hitting game, or a
    turn of another game that its own rules cannot touch) as ``(notation, mover
    after, opponent after)``, in the order of :attr:`Turn.plays`: the same answer without
    building steps, positions and plays, for callers that only write them out (the ``plays``
    contract).
    ``None`` when the turn has rules of its own: ask :attr:`Turn.plays` then.

    >>> from generator.engine import find_variant
    >>> start = find_variant("backgammon").start()
    >>> [notation for notation, _, _ in plain_boards(start, (2, 1))][:3]
    ['13/11 6/5', '13/11 8/7', '13/11/10']
    >>> lone = find_variant("plakoto").position(mover={24: 15}, opponent={21: 1, 1: 14})
    >>> plain_boards(lone, (2, 1)) is None  # the checker alone on 21 may be pinned: 24/21
    True
    """
    variant = position.variant
    played = dice_to_play(dice)
    if not variant.plain_turn(position, played):
        return None
    pins = (position.mover_pinned, position.opponent_pinned)
    if variant.game_over(position.mover, position.opponent, pins):
        return []
    _, found = plain_turn_plays(position, played)
    return sorted(
        (format_play(steps), mover, opponent) for mover, opponent, steps in found if steps
    )
