"""Long Nardy: the engine against an independent brute-force reference (``reference_long_nardy``).

The reference was written from RULES.md alone (1.1-1.5, 1.7, 2.4, 4, decisions 7 and 8). Both
are asked every one of the 21 rolls on seeded random positions (``generator.engine.samples``; the
first 100 in ``make test``, all 500 in ``make test-deep``) and on positions from random games,
and must give the same set of final positions. The Long Nardy
cases of RULES.md section 5 (E25-E34) are checked against both.

One class of constructed position is checked apart: a start position that already holds a
forbidden six-point run (no opposing checker past it). It cannot arise in play; both follow the
letter of RULES.md 4.2 there ("may not exist even momentarily"): a step after which a forbidden
run still stands is illegal, so only a step that breaks it may be played.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import pytest

from generator.engine import Position, find_variant
from generator.engine.samples import random_position

from .reference_long_nardy import forbidden_block, reference_plays

NARDY = find_variant("long-nardy")
ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
POSITIONS = 500  # make test-deep; make test asks the first SAMPLE of them
SAMPLE = 100
GAMES = 6
SHOWN = 5

Key = tuple[tuple[int, ...], tuple[int, ...], frozenset[int], frozenset[int]]


def _engine(position: Position, roll: tuple[int, int]) -> dict[Key, str]:
    plays = position.legal_plays(roll)
    return {
        (
            p.position.mover,
            p.position.opponent,
            p.position.mover_pinned,
            p.position.opponent_pinned,
        ): (p.notation)
        for p in plays
    }


def _reference(position: Position, roll: tuple[int, int]) -> set[Key]:
    empty: frozenset[int] = frozenset()
    return {
        (mover, position.opponent, empty, empty)
        for mover in reference_plays(position.mover, position.opponent, roll)
    }


def _side(side: tuple[int, ...]) -> str:
    points = ", ".join(f"{p}:{side[p]}" for p in range(24, 0, -1) if side[p])
    return f"Me{{{points}}} off {side[0]}"


def _disagreements(queries: Iterable[tuple[Position, tuple[int, int]]]) -> tuple[int, list[str]]:
    """How many queries were compared, and a line for each one where the two differ."""
    count = 0
    found: list[str] = []
    for position, roll in queries:
        count += 1
        engine = _engine(position, roll)
        reference = _reference(position, roll)
        if set(engine) != reference:
            only_engine = sorted(engine[key] for key in set(engine) - reference)
            only_reference = sorted(_side(key[0]) for key in reference - set(engine))
            found.append(
                f"{position!r} roll {roll[0]}-{roll[1]}: only the engine {only_engine}; "
                f"only the reference {only_reference}"
            )
    return count, found


def _report(found: list[str]) -> str:
    return f"{len(found)} disagreements, the first {SHOWN}:\n" + "\n".join(found[:SHOWN])


def _random_positions(standing_block: bool, wanted: int) -> list[Position]:
    """The first ``wanted`` seeded random positions with (or without) a forbidden run standing."""
    positions: list[Position] = []
    seed = 0
    while len(positions) < wanted and seed < 100 * wanted:
        position = random_position(NARDY, random.Random(seed))
        if forbidden_block(position.mover, position.opponent) == standing_block:
            positions.append(position)
        seed += 1
    return positions


@pytest.mark.parametrize(
    "wanted", [SAMPLE, pytest.param(POSITIONS, marks=pytest.mark.deep)], ids=["sample", "all"]
)
def test_random_positions_every_roll(wanted: int) -> None:
    positions = _random_positions(standing_block=False, wanted=wanted)
    assert len(positions) == wanted
    count, found = _disagreements((p, roll) for p in positions for roll in ROLLS)
    assert count == wanted * len(ROLLS)
    assert not found, _report(found)


def test_random_games() -> None:
    """Random games from the start: one random roll every turn, all 21 every tenth turn."""
    rng = random.Random(2024)
    queries: list[tuple[Position, tuple[int, int]]] = []
    for _ in range(GAMES):
        position = NARDY.start()
        for turn in range(400):
            # Play never makes a forbidden run, so a turn never starts with one.
            assert not forbidden_block(position.mover, position.opponent), repr(position)
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            queries += [(position, r) for r in ROLLS] if turn % 10 == 0 else [(position, roll)]
            plays = position.legal_plays(roll)
            if plays:
                position = rng.choice(plays).position
            if position.mover[0] == 15:
                break
            position = position.turned()
    count, found = _disagreements(queries)
    assert count > 500 * GAMES // 3
    assert not found, _report(found)


def test_positions_with_a_forbidden_run_already_standing() -> None:
    positions = _random_positions(standing_block=True, wanted=10)
    assert positions
    _, found = _disagreements((p, roll) for p in positions for roll in ROLLS)
    assert not found, _report(found)


# RULES.md section 5, Long Nardy (E25-E34) ------------------------------------------------------


def _after(start: tuple[int, ...], play: str) -> tuple[int, ...]:
    """The mover's side after ``play`` (``24/18/13``, ``24/18(2)``, ``6/4/off``), moved by hand."""
    side = list(start)
    for chain in play.split():
        times = 1
        if chain.endswith(")"):
            chain, _, count = chain[:-1].partition("(")
            times = int(count)
        places = [0 if word == "off" else int(word) for word in chain.split("/")]
        for _ in range(times):
            side[places[0]] -= 1
            side[places[-1]] += 1
            assert side[places[0]] >= 0, play
    return tuple(side)


def _finals(position: Position, plays: Iterable[str]) -> set[tuple[int, ...]]:
    return {_after(position.mover, play) for play in plays}


def _both(position: Position, roll: tuple[int, int]) -> dict[str, set[tuple[int, ...]]]:
    return {
        "engine": {key[0] for key in _engine(position, roll)},
        "reference": reference_plays(position.mover, position.opponent, roll),
    }


Case = tuple[str, Mapping[int, int], Mapping[int, int], tuple[int, int], list[str]]

EXACT: list[Case] = [
    ("E25", {24: 15}, {12: 15}, (6, 5), ["24/18/13"]),
    ("E26", {24: 15}, {12: 14, 3: 1}, (6, 6), ["24/18(2)"]),
    ("E27", {24: 15}, {12: 14, 9: 1}, (5, 5), ["24/19/14"]),
    ("E28 4-4", {24: 15}, {12: 14, 3: 1}, (4, 4), ["24/20/16(2)"]),
    ("E28 3-3", {24: 15}, {12: 14, 3: 1}, (3, 3), ["24/21/18/15 24/21", "24/21/18(2)"]),
    (
        "E31",
        {24: 2, 23: 1, 3: 4, 2: 4, 1: 4},
        {12: 5, 10: 5, 5: 5},
        (2, 1),
        [
            "2/1 23/21",
            "3/1 2/1",
            "23/21/20",
            "24/23 23/21",
            "23/21 3/2",
            "24/22 23/22",
            "23/22 3/1",
            "24/23 3/1",
            "3/1 3/2",
        ],
    ),
    ("E32", {20: 1, 1: 14}, {15: 1, 14: 14}, (5, 3), ["20/17/12"]),
    ("E33", {24: 14, 20: 1}, {12: 13, 5: 1, 3: 1}, (6, 6), ["24/18 20/14/8/2"]),
    ("E34", {6: 1, 3: 1, 1: 1}, {12: 15}, (5, 2), ["6/1 3/1", "6/4/off"]),
]


@pytest.mark.parametrize(
    ("mover", "opponent", "roll", "plays"),
    [case[1:] for case in EXACT],
    ids=[case[0] for case in EXACT],
)
def test_edge_case_exact(
    mover: Mapping[int, int], opponent: Mapping[int, int], roll: tuple[int, int], plays: list[str]
) -> None:
    position = NARDY.position(mover=mover, opponent=opponent)
    expected = _finals(position, plays)
    for who, finals in _both(position, roll).items():
        assert finals == expected, who


# (name, mover, opponent, roll, number of positions, plays in it, plays not in it)
Counted = tuple[
    str, Mapping[int, int], Mapping[int, int], tuple[int, int], int, list[str], list[str]
]

E29_MOVER = {24: 9, 14: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}
E30_MOVER = {24: 9, 11: 1, 10: 2, 9: 1, 8: 1, 7: 1}
E30_LEGAL = ["10/9 10/6", "11/10 10/6", "9/8 10/6", "8/7 10/6", "7/6 10/6"]
E31_MOVER = {24: 2, 23: 1, 3: 4, 2: 4, 1: 4}
E31_LEGAL = [play for case in EXACT if case[0] == "E31" for play in case[4]]

COUNTED: list[Counted] = [
    ("E29", E29_MOVER, {12: 15}, (3, 2), 36, [], ["14/11/9"]),
    ("E30", E30_MOVER, {12: 15}, (4, 1), 31, E30_LEGAL, ["10/6 24/23"]),
    ("E30 past", E30_MOVER, {12: 14, 3: 1}, (4, 1), -1, [*E30_LEGAL, "10/6 24/23"], []),
    (
        "E31 past",
        E31_MOVER,
        {12: 5, 10: 5, 5: 4, 16: 1},
        (2, 1),
        -1,
        [*E31_LEGAL, "24/22 3/2", "24/22 2/1"],
        [],
    ),
]


@pytest.mark.parametrize(
    ("mover", "opponent", "roll", "count", "legal", "illegal"),
    [case[1:] for case in COUNTED],
    ids=[case[0] for case in COUNTED],
)
def test_edge_case_block(
    mover: Mapping[int, int],
    opponent: Mapping[int, int],
    roll: tuple[int, int],
    count: int,
    legal: list[str],
    illegal: list[str],
) -> None:
    """The block cases: a count of positions (-1: not given) and plays in or out of the set."""
    position = NARDY.position(mover=mover, opponent=opponent)
    for who, finals in _both(position, roll).items():
        if count >= 0:
            assert len(finals) == count, who
        assert _finals(position, legal) <= finals, who
        assert not _finals(position, illegal) & finals, who
