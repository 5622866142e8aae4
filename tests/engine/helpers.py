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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from generator.engine import BAR, OFF, Position, Refusal, Turn, Variant, find_variant

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


def expand(text: str, *, mark: str = "*") -> list[Hop]:
    """The hops of a play written as in RULES.md, in the written order.

    A chain is one checker (``24/18/13`` is 24/18 then 18/13), ``(n)`` repeats the chain n
    times, ``*`` after a place means the checker hit there. An empty text is a pass. Plakoto
    writes ``^`` for a pin where backgammon writes ``*`` for a hit: ``expand(text, mark="^")``
    reads it into ``hit``, which then means "pinned there".

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
        places = [(_place(word.rstrip(mark), text), word.endswith(mark)) for word in words]
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


# The running games: Long Nardy, Fevga (nobody is hit) and Plakoto (a lone checker is pinned) --


@dataclass(frozen=True, slots=True)
class Layout:
    """A board of the running games: the two sides as in ``Board``, and Plakoto's pins.

    ``mover_pinned`` are the points where a mover's checker lies under an opposing one,
    ``opponent_pinned`` the points where an opponent's checker lies under the mover's. A pinned
    checker stays counted on its point, in its own side.
    """

    mover: Side
    opponent: Side
    mover_pinned: frozenset[int] = frozenset()
    opponent_pinned: frozenset[int] = frozenset()


def layout_of(position: Position) -> Layout:
    return Layout(
        position.mover, position.opponent, position.mover_pinned, position.opponent_pinned
    )


def pins(variant: str) -> bool:
    """Whether landing on a lone opposing checker pins it (Plakoto) rather than being
    impossible (Long Nardy and Fevga, where any opposing checker holds a point)."""
    return variant == "plakoto"


def move_by_hand(layout: Layout, hops: Iterable[Hop | tuple[int, int]], *, pinning: bool) -> Layout:
    """The layout after moving the mover's checkers hop by hop, as on a real board.

    Nothing is ever hit. With ``pinning`` (Plakoto), a checker landing on a lone free opposing
    checker pins it (``^``), a point where the mover pins a checker takes more of the mover's
    checkers, and a pinned checker is freed when the last checker on top of it leaves. Refused,
    because it cannot be done at all: moving a checker that is not there or lies pinned,
    landing on a point the opponent holds, a ``^`` where nothing is pinned (or none where
    something is).

    >>> mover, opponent = [0] * 26, [0] * 26
    >>> mover[13] = opponent[8] = 1
    >>> pinned = move_by_hand(Layout(tuple(mover), tuple(opponent)), expand("13/8^", mark="^"),
    ...                       pinning=True)
    >>> pinned.mover[8], pinned.opponent[8], pinned.opponent_pinned
    (1, 1, frozenset({8}))
    >>> move_by_hand(pinned, [(8, 6)], pinning=True).opponent_pinned
    frozenset()
    """
    mover, opponent = list(layout.mover), list(layout.opponent)
    mover_pinned, opponent_pinned = set(layout.mover_pinned), set(layout.opponent_pinned)
    for item in hops:
        hop = item if isinstance(item, Hop) else Hop(*item)
        source, destination = hop.source, hop.destination
        where = f"{source}/{destination}"
        if not 1 <= source <= 24 or not mover[source]:
            raise ValueError(f"{where}: the mover has no checker on {source}")
        if source in mover_pinned:
            raise ValueError(f"{where}: the mover's checker on {source} lies pinned")
        if destination != OFF and destination >= source:
            raise ValueError(f"{where}: checkers move from higher points to lower ones")
        mover[source] -= 1
        mover[destination] += 1
        if source in opponent_pinned and not mover[source]:
            opponent_pinned.discard(source)  # the last checker on top has left: freed
        pinned_now = False
        if destination != OFF and opponent[destination]:
            own_point = destination in opponent_pinned
            lone_and_free = opponent[destination] == 1 and destination not in mover_pinned
            if not pinning or not (own_point or lone_and_free):
                raise ValueError(
                    f"{where}: {opponent[destination]} opposing checker(s) hold the landing point"
                )
            if not own_point:
                opponent_pinned.add(destination)
                pinned_now = True
        if hop.hit is not None and hop.hit != pinned_now:
            raise ValueError(
                f"{where}: written {'with' if hop.hit else 'without'} a pin, "
                f"but {'nothing is' if not pinned_now else 'a checker is'} pinned there"
            )
    return Layout(
        tuple(mover), tuple(opponent), frozenset(mover_pinned), frozenset(opponent_pinned)
    )


def make_running(
    variant: str | Variant,
    mover: Counts,
    opponent: Counts,
    pinned: Iterable[tuple[str, int]] = (),
) -> Position:
    """A position of a running game in the mover's numbering; unlisted checkers are off.

    ``variant`` is a key, or a variant object (a test's own setting of a rule's parameter).
    """
    rules = find_variant(variant) if isinstance(variant, str) else variant
    return rules.position(mover=dict(mover), opponent=dict(opponent), pinned=list(pinned))


def running_after(position: Position, text: str) -> Layout:
    """The layout after the play ``text`` (RULES.md notation, ``^`` for a pin), by hand."""
    pinning = pins(position.variant.key)
    hops = expand(text, mark="^")
    return move_by_hand(layout_of(position), hops, pinning=pinning)


def assert_running_plays(
    variant: str | Variant,
    mover: Counts,
    opponent: Counts,
    dice: tuple[int, int],
    plays: Iterable[str],
    *,
    pinned: Iterable[tuple[str, int]] = (),
) -> Position:
    """The legal plays of a running-game case are exactly ``plays`` (compared by the layout
    they reach, pins included); an empty ``plays`` is a pass. Returns the position."""
    texts = list(plays)
    position = make_running(variant, mover, opponent, pinned)
    expected = {running_after(position, text): text for text in texts}
    if len(expected) != len(texts):
        raise ValueError(f"two of the expected plays {texts} reach the same position")
    legal = position.legal_plays(dice)
    found = {layout_of(play.position): play.notation for play in legal}
    missing = sorted(text for layout, text in expected.items() if layout not in found)
    extra = sorted(text for layout, text in found.items() if layout not in expected)
    assert not missing and not extra, (
        f"{position!r} with {dice[0]}-{dice[1]}: missing {missing}, not expected {extra}"
    )
    assert len(legal) == len(expected), "the engine returned two plays with one position"
    return position


def assert_refused(
    turn: Turn,
    played: Sequence[tuple[int, int]],
    source: int,
    die: int,
    code: str,
    /,
    **params: int | str,
) -> Refusal:
    """The step ``source`` with ``die`` after the legal steps ``played`` is refused with
    ``code``, and the refusal's parameters include ``params``."""
    refusal = turn.refusal(played, source, die)
    assert refusal is not None, f"{source} with a {die} after {played} is allowed"
    assert refusal.code == code, refusal
    given = dict(refusal.params)
    assert {name: given.get(name) for name in params} == params, refusal
    return refusal


def same_direction_own(point: int) -> int:
    """The opponent's own number for the mover's ``point`` in Long Nardy and Fevga (RULES.md
    1.1): the opponent's 24, its head, is the mover's 12; the map is its own inverse.

    >>> same_direction_own(12), same_direction_own(13), same_direction_own(1)
    (24, 1, 13)
    """
    return point + 12 if point <= 12 else point - 12


def forbidden_six(mover: Side, opponent: Side) -> tuple[int, int] | None:
    """A run of six or more of the mover's points that Long Nardy forbids (RULES.md 4.2), as
    the opponent's own numbers ``(lowest, highest)``, or ``None``.

    A run is consecutive along the opponent's route (its own numbers 24 down to 1), so it may
    wrap from the mover's 1 to the mover's 24 but never from the mover's 13 to 12. It is
    allowed while an opposing checker stands past it (a lower own number) or is borne off.

    >>> side = [0] * 26
    >>> for point in (3, 2, 1, 24, 23, 22):
    ...     side[point] = 1
    >>> forbidden_six(tuple(side), tuple([0] * 12 + [15] + [0] * 13))
    (10, 15)
    """
    if opponent[OFF]:
        return None
    own = [0] * 25  # own[o]: the mover's checkers on the opponent's own point o
    opposing = [0] * 25
    for point in range(1, 25):
        own[same_direction_own(point)] = mover[point]
        opposing[same_direction_own(point)] = opponent[point]
    low = 1
    while low <= 24:
        if not own[low]:
            low += 1
            continue
        high = low
        while high < 24 and own[high + 1]:
            high += 1
        if high - low + 1 >= 6 and not any(opposing[o] for o in range(1, low)):
            return low, high
        low = high + 1
    return None


def never_plain(variant: Variant) -> Variant:
    """``variant`` with no turn answered by ``plain.py`` (``Variant.plain_turn``): every turn
    worked through the variant's own rules, by the running search or the tree."""
    kind = type(variant)
    never = {"plain_turn": lambda self, position, dice: False}
    return type(f"{kind.__name__}NeverPlain", (kind,), never)()
