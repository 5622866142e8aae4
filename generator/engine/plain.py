"""Legal plays of the plain hitting games, fast.

Backgammon, Tavla Classic and Modern and Portes share one rule set with nothing remembered during
a turn. For them the plays (not the refusals) come from this depth-first search over a mutable
board, the algorithm of GNU Backgammon's move generator: both orders of a non-double, and for a
double each step starting no farther than the one before it. The general mechanism in
``moves.py`` gives the same plays (the tests compare the two, and both with GNU Backgammon); it
is kept for refusals, notation and the variants with rules of their own.

Why the order of a double can be fixed: in these games a step's legality depends only on where
the mover's checkers stand (bar first, all home to bear off, nothing higher for an oversized die)
and on points the opponent holds, which the mover's steps can only open, never close. Moving the
farthest checkers first never makes a later step illegal, so every set of steps that is legal in
some order is legal with the farthest source first.
"""

from __future__ import annotations

from .board import BAR, CHECKERS, OFF, Side

# A step as plain data: (source, destination, die, hit, pin), the fields of ``Step``.
RawStep = tuple[int, int, int, bool, bool]


def plain_plays(
    mover: Side, opponent: Side, dice: tuple[int, ...]
) -> tuple[int, list[tuple[Side, Side, tuple[RawStep, ...]]]]:
    """``(dice used, [(mover after, opponent after, steps)])``, one entry per resulting board.

    ``dice`` is ``(high, low)`` for a non-double, four equal dice for a double.
    """
    board = list(mover)
    opp = list(opponent)
    outside = sum(board[7:])  # checkers on 7..24 and the bar: none may be, to bear off
    full: dict[tuple[Side, Side], tuple[RawStep, ...]] = {}  # plays that use every die
    # Plays that stop early, kept only while no play uses every die: the most dice any of them
    # uses, and per board its steps and the die of its first step.
    most = 0
    short: dict[tuple[Side, Side], tuple[RawStep, ...]] = {}
    path: list[RawStep] = []
    double = len(dice) == 4
    last = len(dice) - 1

    def search(depth: int, order: tuple[int, ...], limit: int) -> None:
        nonlocal outside, most
        die = order[depth]
        moved = False
        sources = (BAR,) if board[BAR] else range(min(limit, 24), 0, -1)
        for source in sources:
            if not board[source]:
                continue
            destination = source - die
            hit = False
            if destination > 0:
                if opp[destination] >= 2:
                    continue
                hit = opp[destination] == 1
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
                opp[destination] -= 1
                opp[BAR] += 1
            path.append((source, destination, die, hit, False))
            if depth == last or (destination == OFF and board[OFF] == CHECKERS):
                # Every die used, or the last checker borne off, which ends the game and counts
                # as using them all (decision 15): a full play, recorded here.
                key = (tuple(board), tuple(opp))
                if key not in full:
                    full[key] = tuple(path)
            else:
                search(depth + 1, order, source if double else 24)
            path.pop()
            if hit:
                opp[destination] += 1
                opp[BAR] -= 1
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
        key = (tuple(board), tuple(opp))
        if key not in short:
            short[key] = tuple(path)

    if double:
        search(0, dice, 24)
    else:
        high, low = dice
        search(0, (high, low), 24)
        search(0, (low, high), 24)
    if full:
        return len(dice), [(m, o, steps) for (m, o), steps in full.items()]
    if most == 1 and any(steps[0][2] == dice[0] for steps in short.values()):
        # One die only, and the higher one can be played: it must be (RULES.md 1.5).
        short = {key: steps for key, steps in short.items() if steps[0][2] == dice[0]}
    return most, [(m, o, steps) for (m, o), steps in short.items()]
