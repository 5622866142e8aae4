"""Plays worked out by hand, so that the tests never ask the engine what an answer means.

A board here is the pair of 26-tuples the engine keeps for a position (``side[OFF]`` borne
off, ``side[1..24]`` the points in the mover's numbering, ``side[BAR]`` the bar). The helpers
move checkers on such a pair the way a player does on a real board, without knowing any rule
beyond the mechanics: a checker goes from one place to another, a lone opposing checker on the
landing point goes to its bar, a checker that leaves the board is borne off. Whether a move is
*allowed* is the engine's business; these helpers only refuse what cannot be done at all (no
checker to move, landing on two or more opposing checkers, a ``*`` where nothing is hit).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from generator.engine import BAR, OFF, Position, find_variant

Side = tuple[int, ...]
Board = tuple[Side, Side]
Counts = Mapping[Any, int]
"""Checkers by place, ``{13: 2, "bar": 1}``, in the mover's numbering; unlisted ones are off."""

_CHAIN = re.compile(r"^(?P<chain>[^()]+?)(?:\((?P<times>\d+)\))?$")


@dataclass(frozen=True, slots=True)
class Hop:
    """One checker from ``source`` to ``destination`` (OFF when borne off), one die's worth.

    ``hit`` is what the text says: True for ``*``, False without it, None when not written
    (steps taken from the engine, whose hits the helper works out itself).
    """

    source: int
    destination: int
    hit: bool | None = None


def _place(word: str, text: str) -> int:
    word = word.lower()
    if word == "bar":
        return BAR
    if word == "off":
        return OFF
    if not word.isdigit() or not 1 <= int(word) <= 24:
        raise ValueError(f"{word!r} in {text!r} is not a place (1..24, bar or off)")
    return int(word)


def expand(text: str) -> list[Hop]:
    """The hops of a play written as in RULES.md, in the written order.

    A chain is one checker (``24/18/13`` is 24/18 then 18/13), ``(n)`` repeats the chain n
    times, ``*`` after a place means the checker hit there. An empty text is a pass.

    >>> expand("bar/22*/21 13/7(2)")  # doctest: +NORMALIZE_WHITESPACE
    [Hop(source=25, destination=22, hit=True), Hop(source=22, destination=21, hit=False),
     Hop(source=13, destination=7, hit=False), Hop(source=13, destination=7, hit=False)]
    """
    hops: list[Hop] = []
    for token in text.split():
        match = _CHAIN.match(token)
        if match is None:
            raise ValueError(f"{token!r} in {text!r} is not a chain such as 13/7(2)")
        words = match.group("chain").split("/")
        if len(words) < 2:
            raise ValueError(f"{token!r} in {text!r} has no destination")
        places = [(_place(word.rstrip("*"), text), word.endswith("*")) for word in words]
        chain = [
            Hop(source, destination, marked)
            for (source, _), (destination, marked) in pairwise(places)
        ]
        hops += chain * int(match.group("times") or 1)
    return hops


def apply_hops(board: Board, hops: Iterable[Hop | tuple[int, int]]) -> Board:
    """The board after moving the mover's checkers hop by hop, as on a real board.

    >>> mover, opponent = [0] * 26, [0] * 26
    >>> mover[13] = opponent[10] = 1
    >>> board = apply_hops((tuple(mover), tuple(opponent)), expand("13/10*"))
    >>> board[0][13], board[0][10], board[1][10], board[1][BAR]
    (0, 1, 0, 1)
    """
    mover, opponent = list(board[0]), list(board[1])
    for item in hops:
        hop = item if isinstance(item, Hop) else Hop(*item)
        where = f"{hop.source}/{hop.destination}"
        if not mover[hop.source]:
            raise ValueError(f"{where}: the mover has no checker on {hop.source}")
        if hop.destination != OFF and hop.destination >= hop.source:
            raise ValueError(f"{where}: checkers move from higher points to lower ones")
        mover[hop.source] -= 1
        mover[hop.destination] += 1
        if hop.destination == OFF:
            continue
        opposing = opponent[hop.destination]
        if opposing >= 2:
            raise ValueError(f"{where}: {opposing} opposing checkers stand on the landing point")
        if hop.hit is not None and hop.hit != (opposing == 1):
            raise ValueError(
                f"{where}: written {'with' if hop.hit else 'without'} a hit, "
                f"but {opposing} opposing checker(s) stand there"
            )
        if opposing == 1:
            opponent[hop.destination] = 0
            opponent[BAR] += 1
    return tuple(mover), tuple(opponent)


def board_of(position: Position) -> Board:
    return position.mover, position.opponent


def after(position: Position, text: str) -> Board:
    """The board after the play ``text`` (RULES.md notation), worked out by hand."""
    return apply_hops(board_of(position), expand(text))


def make(variant: str, mover: Counts, opponent: Counts) -> Position:
    """A position in the mover's numbering; unlisted checkers are borne off."""
    return find_variant(variant).position(mover=dict(mover), opponent=dict(opponent))


def engine_boards(position: Position, dice: tuple[int, int]) -> set[Board]:
    """The boards the engine's legal plays lead to."""
    return {board_of(play.position) for play in position.legal_plays(dice)}


def expected_boards(position: Position, plays: Iterable[str]) -> set[Board]:
    """The boards the plays written in ``plays`` lead to; each must be a different board."""
    texts = list(plays)
    boards = {after(position, text) for text in texts}
    if len(boards) != len(texts):
        raise ValueError(f"two of the expected plays {texts} reach the same position")
    return boards


def assert_plays(
    variant: str,
    mover: Counts,
    opponent: Counts,
    dice: tuple[int, int],
    plays: Iterable[str],
) -> None:
    """The legal plays of the case are exactly ``plays`` (compared by resulting position).

    An empty ``plays`` is a pass: the engine must return no play at all.
    """
    texts = list(plays)
    position = make(variant, mover, opponent)
    expected = expected_boards(position, texts)
    legal = position.legal_plays(dice)
    found = {board_of(play.position): play.notation for play in legal}
    missing = sorted(text for text in texts if after(position, text) not in found)
    extra = sorted(text for board, text in found.items() if board not in expected)
    assert not missing and not extra, (
        f"{variant} {position!r} with {dice[0]}-{dice[1]}: missing {missing}, not expected {extra}"
    )
    assert len(legal) == len(expected), "the engine returned two plays with one position"
