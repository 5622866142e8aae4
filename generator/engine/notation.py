"""Move notation: ``13/8 6/5*``, ``bar/22``, ``6/off``, ``13/7(2)``, ``24/18/13``, ``8/3*/1``.

Parsing is lenient and never decides legality by itself: the text is read into hops (one checker
from one place to another, perhaps over several dice), and the hops are matched against the
legal plays of the turn, so every order and spelling of the same play is the same play.
Printing is canonical: one chain per checker with every landing written, marks for hits (``*``)
and pins (``^``), identical chains grouped as ``(n)``, chains from the farthest point first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from .board import BAR, OFF, place_name
from .errors import AmbiguousPlayError, DiceFitError, IllegalPlayError, NotationError
from .moves import Play, Turn
from .reasons import Refusal

if TYPE_CHECKING:
    from .board import Position
    from .moves import PartialPlay


@dataclass(frozen=True, slots=True)
class _Hop:
    """One checker from ``source`` to ``destination`` in the text, maybe over several dice."""

    source: int
    destination: int
    marked: bool  # written with * or ^
    chain: int  # which written chain it belongs to
    index: int  # its place in that chain


_PLACE = r"(?:bar|b|off|o|\d{1,2})"
_TOKEN = re.compile(rf"^({_PLACE}[*^]?(?:[/-]{_PLACE}[*^]?)+)(?:\((\d)\))?$", re.IGNORECASE)
_ROLL = re.compile(r"^\s*(?:[1-6]-?[1-6])\s*:\s*")


def _read_place(text: str, original: str) -> int:
    word = text.lower()
    if word in ("bar", "b", "25"):
        return BAR
    if word in ("off", "o", "0"):
        return OFF
    point = int(word)
    if not 1 <= point <= 24:
        raise NotationError.of("not_a_point", token=repr(original), point=point)
    return point


def read_hops(text: str) -> list[_Hop]:
    """The hops written in ``text`` (syntax only).

    >>> [(h.source, h.destination) for h in read_hops("24/18/13 6/5*(2)")]
    [(24, 18), (18, 13), (6, 5), (6, 5)]
    """
    body = _ROLL.sub("", text.strip())
    tokens = [t for t in re.split(r"[\s,]+", body) if t]
    if not tokens:
        raise NotationError.of("no_step", text=repr(text))
    hops: list[_Hop] = []
    chain = 0
    for token in tokens:
        match = _TOKEN.match(token)
        if not match:
            raise NotationError.of("not_a_step", token=repr(token), text=repr(text))
        body, repeat = match.group(1), int(match.group(2) or 1)
        if repeat < 1:
            raise NotationError.of("repeat_zero", token=repr(token))
        parts = re.split(r"[/-]", body)
        places = [(_read_place(p.rstrip("*^"), token), p.endswith(("*", "^"))) for p in parts]
        for _ in range(repeat):
            for index, ((source, _), (destination, marked)) in enumerate(pairwise(places)):
                if source == OFF:
                    raise NotationError.of("move_from_off", token=repr(token))
                if destination == BAR:
                    raise NotationError.of("move_to_bar", token=repr(token))
                if destination != OFF and destination >= source:
                    raise NotationError.of(
                        "backwards",
                        token=repr(token),
                        source=place_name(source),
                        destination=place_name(destination),
                    )
                hops.append(_Hop(source, destination, marked, chain, index))
            chain += 1
    return hops


@dataclass
class _Match:
    state: PartialPlay
    marked_hits: frozenset[int]
    hidden_hits: int


def parse_play(position: Position, dice: Sequence[int], text: str) -> Play:
    """The legal play that ``text`` names, in the canonical form of :func:`Turn.plays`.

    >>> from generator.engine import find_variant
    >>> start = find_variant("backgammon").start()
    >>> parse_play(start, (3, 1), "6/5 8/5").notation
    '8/5 6/5'
    >>> parse_play(start, (6, 5), "24/13").notation
    '24/18/13'
    """
    return parse_in_turn(Turn(position, dice), text)


def parse_in_turn(turn: Turn, text: str) -> Play:
    """The legal play of ``turn`` that ``text`` names; an :class:`IllegalPlayError` says the
    first rule it breaks (see :func:`claim_refusal`)."""
    hops = read_hops(text)
    _check_fit(turn, text, hops)
    written = frozenset(h.destination for h in hops if h.marked)
    matches: list[_Match] = []
    failures: list[tuple[int, Refusal]] = []
    _match(turn, turn.root, hops, [False] * len(hops), 0, frozenset(), 0, matches, failures)
    roll = _roll(turn)
    complete = [m for m in matches if m.state.ends_play]
    if not complete:
        reason, finished = _first_refusal(turn, hops)
        if not turn.legal_plays:
            raise IllegalPlayError.of("turn_passes", text=repr(text), roll=roll, reason=reason)
        if reason is None:  # every step and the whole play pass: only the marks disagree
            raise IllegalPlayError.of(
                "marks_disagree", text=repr(text), roll=roll
            )  # pragma: no cover
        if finished:
            raise IllegalPlayError.of("not_full_turn", text=repr(text), roll=roll, reason=reason)
        raise IllegalPlayError.of("not_legal", text=repr(text), roll=roll, reason=reason)
    for better in (
        [m for m in complete if m.marked_hits == written and not m.hidden_hits],
        [m for m in complete if not m.hidden_hits],
        complete,
    ):
        boards = {m.state.board(): m for m in better}
        if boards:
            break
    if len(boards) > 1:
        options = sorted(_canonical(turn, m.state).notation for m in boards.values())
        raise AmbiguousPlayError.of(
            "ambiguous", text=repr(text), count=len(options), roll=roll, plays=", ".join(options)
        )
    return _canonical(turn, next(iter(boards.values())).state)


def _canonical(turn: Turn, state: PartialPlay) -> Play:
    return turn.play_at(state)


def _roll(turn: Turn) -> str:
    return f"{turn.dice[0]}-{turn.dice[1]}"


def claimed_moves(text: str) -> tuple[tuple[int, int], ...]:
    """The moves that ``text`` writes, one checker from a place to a place each, in the order
    written (syntax only: ``13/7(2)`` is two moves, ``24/18/13`` two as well).

    >>> claimed_moves("bar/22 13/7(2) 6/off")
    ((25, 22), (13, 7), (13, 7), (6, 0))
    """
    return tuple((hop.source, hop.destination) for hop in read_hops(text))


def claim_refusal(turn: Turn, text: str) -> Refusal | None:
    """The first rule that the play written in ``text`` breaks in ``turn``, or ``None`` when it
    is a legal play (or fits no dice at all: :func:`parse_play` says so then).

    First its fit to the dice: more moves than the roll gives is the reason. Then its steps in
    the order written, each against the board the earlier ones left, with the engine's refusal
    for the first step refused; another order of its moves is taken only when it gets further
    through the claim (the order of a play's parts does not matter, RULES.md 1.5). Last, the
    must-play rules for the whole play.

    >>> from generator.engine import find_variant
    >>> home = find_variant("backgammon").position(mover={6: 2, 4: 3, 3: 2}, opponent={24: 2})
    >>> claim_refusal(home.turn((6, 1)), "6/off 5/4")
    Refusal.of('no_checker', point=5)
    >>> claim_refusal(find_variant("backgammon").start().turn((6, 1)), "13/7 8/7 6/5")
    Refusal.of('too_many_moves', count=3)
    >>> claim_refusal(find_variant("backgammon").start().turn((6, 1)), "13/7 8/7")
    """
    try:
        parse_in_turn(turn, text)
    except IllegalPlayError as error:
        return error.reason if isinstance(error.reason, Refusal) else None
    except AmbiguousPlayError:
        return None  # a legal play, written too loosely to say which
    return None


def _die_orders(source: int, destination: int, dice: Sequence[int]) -> list[tuple[int, ...]]:
    """The orders of dice, taken from ``dice``, that carry one checker from ``source`` to
    ``destination`` (``OFF``: any die that reaches or passes it), every landing on the way a
    point of the board; fewest dice first, then the one that passes ``off`` by the fewest pips,
    then the higher die first.

    >>> _die_orders(24, 13, (6, 5)), _die_orders(6, OFF, (6, 1)), _die_orders(4, OFF, (6, 5))
    ([(6, 5), (5, 6)], [(6,), (1, 6)], [(5,), (6,)])
    """
    found: set[tuple[int, ...]] = set()

    def go(place: int, left: tuple[int, ...], taken: tuple[int, ...]) -> None:
        for die in sorted(set(left), reverse=True):
            landing = place - die
            rest = list(left)
            rest.remove(die)
            if (destination == OFF and landing <= 0) or landing == destination:
                found.add((*taken, die))
            elif landing > destination and landing > 0:
                go(landing, tuple(rest), (*taken, die))

    go(source, tuple(dice), ())
    distance = source - destination
    return sorted(
        found, key=lambda order: (len(order), sum(order) - distance, [-die for die in order])
    )


def _distance(hop: _Hop) -> int:
    return hop.source - hop.destination


def _check_fit(turn: Turn, text: str, hops: list[_Hop]) -> None:
    """Raise when no way of playing the roll covers the moves of ``hops``: an
    :class:`IllegalPlayError` with a reason when they are more moves than the roll gives (a
    learner may try that), a :class:`DiceFitError` when their distances are not the dice."""
    dice = turn.all_dice

    def fits(index: int, left: tuple[int, ...]) -> bool:
        if index == len(hops):
            return True
        hop = hops[index]
        for order in _die_orders(hop.source, hop.destination, left):
            rest = list(left)
            for die in order:
                rest.remove(die)
            if fits(index + 1, tuple(rest)):
                return True
        return False

    if len(hops) <= len(dice) and fits(0, dice):
        return
    roll = _roll(turn)
    fewest = [
        min((len(o) for o in _die_orders(h.source, h.destination, dice)), default=0) for h in hops
    ]
    if all(fewest) and sum(fewest) > len(dice):
        code = "too_many_moves_double" if turn.is_double else "too_many_moves"
        reason = Refusal.of(code, count=sum(fewest))
        raise IllegalPlayError.of("not_legal", text=repr(text), roll=roll, reason=reason)
    moves = tuple(_distance(hop) for hop in hops)
    raise DiceFitError.of("dice_do_not_fit", text=repr(text), roll=roll, moves=moves)


def _first_refusal(turn: Turn, hops: list[_Hop]) -> tuple[Refusal | None, bool]:
    """Why the moves of ``hops`` are no legal play of ``turn``, and whether every step of
    them was allowed (the must-play rules refuse the whole play then). The moves are walked
    in the order written; another order counts only when it gets further through them."""
    best: list[tuple[tuple[int, int], Refusal | None, bool]] = [((-1, -1), None, False)]

    def fail(progress: tuple[int, int], refusal: Refusal, finished: bool = False) -> None:
        if progress > best[0][0]:
            best[0] = (progress, refusal, finished)

    def visit(state: PartialPlay, done: list[bool], count: int) -> bool:
        if count == len(hops):
            if state.ends_play:
                best[0] = ((count, 0), None, True)
            else:
                fail((count, 0), turn.unfinished_refusal(state), True)
            return True  # the first complete reading decides
        for index, hop in enumerate(hops):
            if done[index] or (hop.index and not _previous_done(hops, done, hop)):
                continue
            for order in _die_orders(hop.source, hop.destination, state.dice):
                current, place = state, hop.source
                for depth, die in enumerate(order):
                    taken = turn.try_step(current, place, die)
                    if isinstance(taken, Refusal):
                        fail((count, depth), taken)
                        break
                    step, current = taken
                    place = step.destination
                else:
                    done[index] = True
                    finished = visit(current, done, count + 1)
                    done[index] = False
                    if finished:
                        return True
        return False

    visit(turn.root, [False] * len(hops), 0)
    _, reason, finished = best[0]
    return reason, finished


def _match(
    turn: Turn,
    state: PartialPlay,
    hops: list[_Hop],
    done: list[bool],
    depth: int,
    marked_hits: frozenset[int],
    hidden: int,
    matches: list[_Match],
    failures: list[tuple[int, Refusal]],
) -> None:
    if all(done):
        matches.append(_Match(state, marked_hits, hidden))
        return
    for i, hop in enumerate(hops):
        if done[i] or (hop.index and not _previous_done(hops, done, hop)):
            continue
        done[i] = True
        for end, hits, hidden_here in _walk(turn, state, hop, depth, failures):
            _match(
                turn,
                end,
                hops,
                done,
                depth + 1,
                marked_hits | hits,
                hidden + hidden_here,
                matches,
                failures,
            )
        done[i] = False


def _previous_done(hops: list[_Hop], done: list[bool], hop: _Hop) -> bool:
    return any(
        done[j]
        for j, other in enumerate(hops)
        if other.chain == hop.chain and other.index == hop.index - 1
    )


def _walk(
    turn: Turn, state: PartialPlay, hop: _Hop, depth: int, failures: list[tuple[int, Refusal]]
) -> list[tuple[PartialPlay, frozenset[int], int]]:
    """Ways for one checker to go from ``hop.source`` to ``hop.destination`` through legal
    steps: ``(state after, written points hit, hits at unwritten landings)``."""
    found: list[tuple[PartialPlay, frozenset[int], int]] = []

    def go(current: PartialPlay, place: int, hits: frozenset[int], hidden: int) -> None:
        for die in sorted(set(current.dice), reverse=True):
            landing = place - die
            if hop.destination != OFF and landing < hop.destination:
                continue
            taken = turn.try_step(current, place, die)
            if isinstance(taken, Refusal):
                failures.append((current.used, taken))
                continue
            step, outcome = taken
            arrived = step.destination == hop.destination
            captured = step.hit or step.pin
            if arrived:
                found.append((outcome, hits | ({step.destination} if captured else set()), hidden))
            elif step.destination != OFF:
                go(outcome, step.destination, hits, hidden + captured)

    go(state, hop.source, frozenset(), 0)
    return found
