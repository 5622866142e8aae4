"""A step (one checker moved by one die) and the canonical way to write a play's steps."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, NamedTuple

from .board import BAR, OFF, place_name

_NAMES = tuple(place_name(place) for place in range(OFF, BAR + 1))
_source = operator.itemgetter(0)


class Step(NamedTuple):
    """One checker moved by one die: ``13/8``, ``bar/22*``, ``6/off``, ``13/8^`` (a pin)."""

    source: int
    destination: int
    die: int
    hit: bool = False
    pin: bool = False

    def __str__(self) -> str:
        mark = "*" if self.hit else "^" if self.pin else ""
        return f"{_NAMES[self.source]}/{_NAMES[self.destination]}{mark}"


STEPS: tuple[tuple[tuple[Step, ...], ...], ...] = tuple(
    tuple(
        tuple(
            Step(source, max(source - die, OFF), die, hit, pin)
            for hit, pin in ((False, False), (True, False), (False, True))
        )
        for source in range(BAR + 1)
    )
    for die in range(7)
)
"""Every step there is, made once: ``STEPS[die][source][landing]``, ``landing`` 0 for an open
point or bearing off (a die that would pass ``off`` bears off), 1 for a hit, 2 for a pin. The
move generators pick their steps here rather than make them."""


# How a step writes where it lands: ``_HOPS[place][hit][pin]``, "/8", "/8*" or "/8^".
_HOPS = tuple(((f"/{name}", f"/{name}^"), (f"/{name}*", f"/{name}*")) for name in _NAMES)


def format_play(steps: Sequence[Step], *, ends_game: bool = False) -> str:
    """The canonical notation of a sequence of steps: one chain per checker with every landing
    written, ``*`` for a hit and ``^`` for a pin, identical chains grouped as ``(n)``, the
    farthest checker first and, from the same point, the longer move first.

    >>> format_play([Step(13, 8, 5), Step(8, 6, 2, hit=True)])
    '13/8/6*'
    >>> format_play([Step(13, 7, 6), Step(8, 2, 6), Step(13, 7, 6), Step(8, 2, 6)])
    '13/7(2) 8/2(2)'
    >>> format_play([Step(5, 3, 2), Step(6, 0, 6)])
    '6/off 5/3'

    The text does not depend on the order the steps were found in:

    >>> format_play([Step(17, 13, 4), Step(18, 17, 1)])
    '18/17/13'

    With ``ends_game``, the last step ended the game (Plakoto's mother pin), so its checker is
    written last: the play cannot go on after it.

    >>> format_play([Step(6, 3, 3), Step(7, 1, 6, pin=True)], ends_game=True)
    '6/3 7/1^'
    """
    if len(steps) == 1:
        source, destination, _, hit, pin = steps[0]
        return _NAMES[source] + _HOPS[destination][hit][pin]
    if len(steps) == 2 and not ends_game:
        return _two_steps(*steps)
    # The farthest steps first, so that the text does not depend on the order the play was
    # found in: a checker that lands where another leaves from continues as one chain
    # (13/8/3, not 13/8 8/3). A step that ended the game stays last.
    ordered = sorted(steps[:-1] if ends_game else steps, key=_source, reverse=True)
    if ends_game:
        ordered.append(steps[-1])
    # One chain per checker: [-source, where the checker stands now, text].
    chains: list[list[Any]] = []
    last: list[Any] = []
    for source, destination, _, hit, pin in ordered:
        mark = "*" if hit else "^" if pin else ""
        for chain in reversed(chains):
            if chain[1] == source:
                chain[1] = destination
                chain[2] = f"{chain[2]}/{_NAMES[destination]}{mark}"
                last = chain
                break
        else:
            last = [-source, destination, f"{_NAMES[source]}/{_NAMES[destination]}{mark}"]
            chains.append(last)
    if len(chains) == 1:
        return str(chains[0][2])
    # The farthest checker first; from the same point, the longer move first (OFF is 0).
    chains.sort()
    if ends_game:
        chains.remove(last)
        chains.append(last)
    words: list[str] = []
    count = 0
    for index, chain in enumerate(chains):
        count += 1
        text = chain[2]
        if index + 1 < len(chains) and chains[index + 1][2] == text:
            continue
        words.append(text if count == 1 else f"{text}({count})")
        count = 0
    return " ".join(words)


def _two_steps(one: Step, other: Step) -> str:
    """:func:`format_play` of two steps (most plays of a non-double): the same text, found
    without building chains.

    >>> _two_steps(Step(6, 4, 2), Step(13, 8, 5)), _two_steps(Step(8, 3, 5), Step(13, 8, 5))
    ('13/8 6/4', '13/8/3')
    """
    if other.source > one.source:
        one, other = other, one
    first = _NAMES[one.source] + _HOPS[one.destination][one.hit][one.pin]
    if other.source == one.destination:  # one checker moved twice
        return first + _HOPS[other.destination][other.hit][other.pin]
    second = _NAMES[other.source] + _HOPS[other.destination][other.hit][other.pin]
    if first == second:
        return f"{first}(2)"
    # From the same point, the longer move first.
    if other.source == one.source and (other.destination, second) < (one.destination, first):
        first, second = second, first
    return f"{first} {second}"
