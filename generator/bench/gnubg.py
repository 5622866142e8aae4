"""GNU Backgammon's move generator (the ``gnubg_nn`` package) as the benchmarks and the tests
use it: its boards, and the ``plays`` contract served by it.

- :func:`gnubg_boards` turns a backgammon :class:`Position` into the board pair ``gnubg_nn``
  reads, :func:`sides_from_gnubg` and :func:`position_from_gnubg` turn one back; the
  differential test (``tests/engine/test_gnubg_agreement.py``) and the command that stores its
  data (``tests/engine/data/regenerate.py``) check the engine against gnubg through them;
- :func:`gnubg_answer_line` answers a ``plays`` contract line with gnubg's generator, the
  baseline of the contract's speed target (:mod:`generator.bench.engine`).

Only the standard library is needed; ``gnubg_nn`` is imported only to answer a line.

>>> from generator.engine import find_variant
>>> start = find_variant("backgammon").start()
>>> position_from_gnubg(gnubg_boards(start), start.variant) == start
True
"""

from __future__ import annotations

import functools
import json
import operator
import sys
from collections.abc import Callable, Sequence

from generator.engine import BAR, CHECKERS, OFF, Position, Variant
from generator.engine.board import POINTS, Side
from generator.plays import plays_json, run_plays

Counts = dict[int | str, int]

GnubgBoard = tuple[list[int], list[int]]
"""``(opponent, mover)``: each 25 counts in that side's own numbering, index ``i`` holding its
point ``i + 1`` and index 24 its bar."""


def gnubg_boards(position: Position) -> GnubgBoard:
    """The position as ``gnubg_nn`` reads it: ``(opponent, mover)``, each in its own numbering.

    >>> from generator.engine import find_variant
    >>> start = find_variant("backgammon").start()
    >>> opponent, mover = gnubg_boards(start)
    >>> opponent == mover, mover[5], mover[23], mover[24]
    (True, 5, 2, 0)
    """
    variant = position.variant
    own = variant.other_numbering
    mover = [position.mover[point] for point in POINTS]
    mover.append(position.mover[BAR])
    opponent = [position.opponent[own(point)] for point in POINTS]
    opponent.append(position.opponent[BAR])
    return opponent, mover


def sides_from_gnubg(board: Sequence[Sequence[int]], variant: Variant) -> tuple[Side, Side]:
    """``(mover, opponent)`` side tuples (as in :class:`Position`) from a ``gnubg_nn`` board
    pair ``(opponent, mover)``, such as ``gnubg_nn.boardfromkey`` returns for a play: the
    board after the play, still seen by the player who made it.

    >>> from generator.engine import find_variant
    >>> start = find_variant("backgammon").start()
    >>> sides_from_gnubg(gnubg_boards(start), start.variant) == (start.mover, start.opponent)
    True
    """
    opponent_board, mover_board = board
    # The mover's board is already in our order (points 1..24, then the bar); only the borne-off
    # count goes in front. The opponent's own numbering is turned into the mover's.
    mover = (CHECKERS - sum(mover_board), *mover_board)
    opponent = (CHECKERS - sum(opponent_board), *_in_mover_numbering(variant)(opponent_board))
    return mover, opponent


@functools.cache
def _in_mover_numbering(variant: Variant) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """Picks an opponent's own 25 counts in the order of the mover's points 1..24, then the
    opponent's bar."""
    own = variant.other_numbering
    picker: Callable[[Sequence[int]], tuple[int, ...]]
    picker = operator.itemgetter(*(own(point) - 1 for point in POINTS), 24)
    return picker


def position_from_gnubg(board: Sequence[Sequence[int]], variant: Variant) -> Position:
    """The :class:`Position` (checked like any other) for a ``gnubg_nn`` board pair
    ``(opponent, mover)``; the inverse of :func:`gnubg_boards`.

    >>> from generator.engine import find_variant
    >>> start = find_variant("backgammon").start()
    >>> position_from_gnubg(gnubg_boards(start), start.variant) == start
    True
    """
    mover, opponent = sides_from_gnubg(board, variant)

    def counts(side: Side) -> Counts:
        data: Counts = {point: side[point] for point in POINTS if side[point]}
        data["bar"] = side[BAR]
        return data

    return variant.position(mover=counts(mover), opponent=counts(opponent))


# How gnubg_nn reads a contract line's sides: the mover's points 1..24 then its bar, and the
# opponent's in its own numbering (its 1 is the mover's 24), then its bar.
_GNUBG_MOVER_KEYS = [*map(str, POINTS), "bar"]
_GNUBG_OPPONENT_KEYS = [*map(str, reversed(POINTS)), "bar"]
_GNUBG_PLACES = {BAR: "bar", OFF: "off", **{point: str(point) for point in POINTS}}


def gnubg_answer_line(line: str) -> str:
    """The ``plays`` contract for a backgammon line, served by GNU Backgammon's generator
    in-process: the baseline the contract's speed target is measured against.

    It does what a lean server of the contract must and nothing more: it reads the line, asks
    ``gnubg_nn`` for the plays, writes a simple notation from gnubg's steps, sorts, and writes
    the answer with the same writer as :func:`generator.plays.answer_line`. It checks nothing
    (no error handling) and does not count borne-off checkers, which the answer does not show.
    """
    import gnubg_nn

    query = json.loads(line)
    position = query["position"]
    mover, opponent = position["mover"], position["opponent"]
    board = (
        [opponent.get(key, 0) for key in _GNUBG_OPPONENT_KEYS],
        [mover.get(key, 0) for key in _GNUBG_MOVER_KEYS],
    )
    first, second = query["dice"]
    rows = []
    for key, steps in gnubg_nn.moves(board, first, second, 1):
        opponent_after, mover_after = gnubg_nn.boardfromkey(key)
        rows.append(
            (
                " ".join(f"{_GNUBG_PLACES[a]}/{_GNUBG_PLACES[b]}" for a, b in steps),
                (0, *mover_after),  # the bar is last in both forms
                (0, *opponent_after[23::-1], opponent_after[24]),
                "[]",
            )
        )
    rows.sort()
    return plays_json(rows, has_bar=True)


def serve_gnubg_plays() -> int:
    """The ``plays`` command served by GNU Backgammon's generator: standard input to output,
    through the same loop as ``python -m generator plays``."""
    return run_plays(sys.stdin, sys.stdout, answer_line=gnubg_answer_line)
