"""The engine's Turkish Tavla plays against an independent brute-force reference.

The reference (``reference_turkish_tavla.py``) is written from RULES.md alone. Here it is compared
with ``legal_plays`` as sets of final positions (1.3):

- on seeded random positions, every one of the 21 rolls, for ``turkish-tavla`` (the first
  60 in ``make test``, all 300 in ``make test-deep``);
- on the same positions with the Turkish limits off, against the ``backgammon`` key (a sanity
  check of the movement both games share, 2.1 and 2.3);
- on small seeded positions aimed at the limits (the mover bearing off against blots on the home
  board), both keys, every roll;
- along seeded random games of Turkish Tavla, the roll thrown at each turn;
- on every worked example of RULES.md section 5 that concerns these games (E1-E24, TK-a..TK-e),
  against the expected plays written out in RULES.md. The ``none`` and ``step`` waiver readings
  (3.4) are checked on the reference only: the engine implements ``fewer_dice`` (decision 3).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

import pytest

from generator.engine import BAR, OFF, Position, find_variant
from generator.engine.samples import ROLLS, random_position

from .reference_turkish_tavla import (
    NO_LIMITS,
    Board,
    Side,
    Step,
    notation,
    plays_under,
    reference_plays,
    turkish_plays,
)

TURKISH = find_variant("turkish-tavla")
BACKGAMMON = find_variant("backgammon")
SEED = 20240917
POSITIONS = 300  # make test-deep; make test asks the first SAMPLE of them
SAMPLE = 60
GAMES = 8
FOCUSED = 100
SHOWN = 5  # disagreements listed in a failure message

Key = tuple[Side, Side, frozenset[int], frozenset[int]]


def engine_plays(position: Position, dice: tuple[int, int]) -> dict[Key, Any]:
    """The engine's plays by final position (1.3)."""
    return {
        (
            play.position.mover,
            play.position.opponent,
            play.position.mover_pinned,
            play.position.opponent_pinned,
        ): play
        for play in position.legal_plays(dice)
    }


def keyed(plays: Mapping[Board, tuple[Step, ...]]) -> dict[Key, tuple[Step, ...]]:
    """The reference's plays keyed as :func:`engine_plays` keys the engine's."""
    return {(me, opp, frozenset(), frozenset()): trail for (me, opp), trail in plays.items()}


def disagreement(
    position: Position, dice: tuple[int, int], ours: Mapping[Board, tuple[Step, ...]]
) -> str | None:
    """None when the engine and the reference give the same final positions, else a report."""
    theirs, mine = engine_plays(position, dice), keyed(ours)
    if theirs.keys() == mine.keys():
        return None
    engine_only = sorted(theirs[key].notation for key in theirs.keys() - mine.keys())
    reference_only = sorted(notation(mine[key]) for key in mine.keys() - theirs.keys())
    return (
        f"{position!r} roll {dice[0]}-{dice[1]}: engine only {engine_only}, "
        f"reference only {reference_only}"
    )


def report(problems: list[str], queries: int) -> str:
    shown = "\n".join(problems[:SHOWN])
    return f"{len(problems)} of {queries} queries disagree; the first ones:\n{shown}"


# Random positions and games -------------------------------------------------------------------


@pytest.mark.parametrize(
    "count", [SAMPLE, pytest.param(POSITIONS, marks=pytest.mark.deep)], ids=["sample", "all"]
)
def test_random_positions_agree_with_the_reference(count: int) -> None:
    """Seeded positions x 21 rolls: turkish-tavla against the reference with the limits,
    backgammon against the reference without them."""
    rng = random.Random(SEED)
    turkish_problems: list[str] = []
    standard_problems: list[str] = []
    queries = 0
    for _ in range(count):
        position = random_position(TURKISH, rng)
        western = Position(BACKGAMMON, position.mover, position.opponent)
        for dice in ROLLS:
            queries += 1
            most, standard = plays_under(position.mover, position.opponent, dice, NO_LIMITS)
            turkish = turkish_plays(position.mover, position.opponent, dice, most, standard)
            problem = disagreement(position, dice, turkish)
            if problem:
                turkish_problems.append(problem)
            problem = disagreement(western, dice, standard)
            if problem:
                standard_problems.append(problem)
    assert not turkish_problems, "turkish-tavla: " + report(turkish_problems, queries)
    assert not standard_problems, "backgammon: " + report(standard_problems, queries)


def focused_position(rng: random.Random) -> Position:
    """A small position where the Turkish limits bite: the mover's checkers mostly at home,
    opposing blots and points on the mover's home board, sometimes a checker on either bar."""
    mover: dict[Any, int] = {}
    for _ in range(rng.randint(1, 8)):
        point = rng.choice((*range(1, 7), *range(1, 14)))
        mover[point] = mover.get(point, 0) + 1
    if rng.random() < 0.1:
        mover["bar"] = 1
    opponent: dict[Any, int] = {}
    for _ in range(rng.randint(0, 8)):
        point = rng.randint(1, 24) if rng.random() < 0.3 else rng.randint(1, 7)
        if point not in mover:
            opponent[point] = opponent.get(point, 0) + 1
    if rng.random() < 0.3:
        opponent["bar"] = 1
    return TURKISH.position(mover=mover, opponent=opponent)


def test_focused_positions_agree_with_the_reference() -> None:
    """Bear-offs against home blots, where R1, R2 and the waiver decide: 100 x 21 rolls."""
    rng = random.Random(SEED + 2)
    problems: list[str] = []
    queries = 0
    for _ in range(FOCUSED):
        position = focused_position(rng)
        western = Position(BACKGAMMON, position.mover, position.opponent)
        for dice in ROLLS:
            queries += 2
            most, standard = plays_under(position.mover, position.opponent, dice, NO_LIMITS)
            turkish = turkish_plays(position.mover, position.opponent, dice, most, standard)
            problems += filter(None, [disagreement(position, dice, turkish)])
            problems += filter(None, [disagreement(western, dice, standard)])
    assert not problems, report(problems, queries)


def test_random_games_agree_with_the_reference() -> None:
    """Seeded random Turkish Tavla games, the thrown roll compared at every turn."""
    rng = random.Random(SEED + 1)
    problems: list[str] = []
    queries = 0
    for _ in range(GAMES):
        position = TURKISH.start()
        for _turn in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            queries += 1
            ours = reference_plays(position.mover, position.opponent, dice)
            problem = disagreement(position, dice, ours)
            if problem:
                problems.append(problem)
            plays = position.legal_plays(dice)
            if plays:
                position = rng.choice(plays).position
                if position.mover[OFF] == 15:
                    break
            position = position.turned()
    assert queries > 500
    assert not problems, report(problems, queries)


# RULES.md section 5 -----------------------------------------------------------------------------

_CHAIN = re.compile(r"^(?P<chain>[^()]+?)(?:\((?P<times>\d+)\))?$")


def _place(word: str) -> int:
    return {"bar": BAR, "off": OFF}.get(word, int(word) if word.isdigit() else -1)


def after(me: Side, opp: Side, play: str) -> Board:
    """The board after a play written as in RULES.md (``bar/22*/21 13/8(2)``), moved by hand:
    a lone opposing checker on a landing point is hit, whatever the text marks."""
    mine, theirs = list(me), list(opp)
    for chunk in play.split():
        match = _CHAIN.match(chunk)
        assert match, chunk
        places = [_place(word.rstrip("*")) for word in match["chain"].split("/")]
        for _ in range(int(match["times"] or 1)):
            for source, destination in pairwise(places):
                assert mine[source] > 0, (play, source)
                mine[source] -= 1
                mine[destination] += 1
                if destination != OFF and theirs[destination] == 1:
                    theirs[destination] = 0
                    theirs[BAR] += 1
                assert destination == OFF or theirs[destination] == 0, (play, destination)
    return tuple(mine), tuple(theirs)


def _counts(spec: Mapping[Any, int]) -> dict[Any, int]:
    return {("bar" if place == "bar" else int(place)): n for place, n in spec.items()}


# Each case: id, mover, opponent (mover's numbering), dice, and the expected plays per reading:
# "standard" (backgammon key and reference without limits), "turkish" (turkish-tavla key and the
# reference with fewer_dice), "none" and "step" (the reference with those waivers only). A reading
# that is not given is not checked, except "turkish", which is "standard" when not given (the
# movement of E1-E13 is shared, 2.3).
CASES: list[tuple[str, dict[Any, int], dict[Any, int], tuple[int, int], dict[str, list[str]]]] = [
    ("E1", {13: 1}, {3: 2}, (6, 4), {"standard": ["13/7"]}),
    ("E2", {13: 1, 1: 1}, {7: 2}, (6, 1), {"standard": ["13/12/6"]}),
    ("E3", {24: 2, 1: 2}, {14: 2}, (5, 5), {"standard": ["24/19(2)"]}),
    ("E4", {"bar": 1, 13: 1}, {19: 2}, (6, 3), {"standard": ["bar/22/16", "bar/22 13/7"]}),
    ("E5", {"bar": 2, 13: 1}, {19: 2}, (6, 3), {"standard": ["bar/22"]}),
    ("E6", {"bar": 1, 8: 1}, {15: 2, 2: 2}, (6, 4), {"standard": ["bar/19 8/4"]}),
    ("E7", {"bar": 1, 13: 1}, {p: 2 for p in range(19, 25)}, (6, 3), {"standard": []}),
    (
        "E8",
        {"bar": 1, 13: 1},
        {22: 1},
        (3, 1),
        {"standard": ["bar/22* 13/12", "bar/22*/21", "bar/24 13/10", "bar/24/21"]},
    ),
    ("E9", {"bar": 2, 13: 1}, {19: 2}, (3, 3), {"standard": ["bar/22(2) 13/10/7"]}),
    (
        "E10/E19",
        {5: 1, 3: 1, 1: 1},
        {},
        (6, 2),
        {"standard": ["5/off 3/1", "5/3/off"], "turkish": ["5/off 3/1"]},
    ),
    ("E11", {6: 1, 4: 1, 1: 1}, {}, (5, 5), {"standard": ["6/1 4/off 1/off(2)"]}),
    (
        "E12",
        {9: 1, 6: 3, 1: 2},
        {},
        (3, 1),
        {"standard": ["9/6 1/off", "9/8/5", "6/3 9/8", "6/3/2", "6/3 6/5"]},
    ),
    ("E13", {6: 2, 2: 1}, {}, (4, 2), {"standard": ["6/2 2/off", "6/2 6/4"]}),
    (
        "E14/TK-a",
        {13: 1, 8: 1},
        {6: 1},
        (5, 2),
        {
            "standard": ["8/6*/1", "8/3/1", "13/11 8/3", "13/11/6*"],
            "turkish": ["8/3/1", "13/11 8/3", "13/11/6*"],
        },
    ),
    (
        "E16/TK-d",
        {3: 1, 1: 1},
        {},
        (5, 2),
        {"standard": ["3/off 1/off", "3/1 1/off"], "turkish": ["3/off 1/off"]},
    ),
    (
        "E17",
        {3: 1, 2: 1},
        {},
        (5, 2),
        {"standard": ["3/off 2/off", "3/1 2/off"], "turkish": ["3/off 2/off", "3/1 2/off"]},
    ),
    (
        "E18/TK-e",
        {5: 1, 3: 1},
        {},
        (5, 2),
        {"standard": ["5/off 3/1", "5/3/off"], "turkish": ["5/off 3/1"]},
    ),
    (
        "E20",
        {5: 1, 4: 1},
        {3: 2},
        (6, 1),
        {"standard": ["5/4/off"], "turkish": ["5/4/off"], "none": ["5/off"], "step": ["5/off"]},
    ),
    (
        "E21",
        {12: 1, 8: 1},
        {6: 1, 7: 2},
        (5, 2),
        {
            "standard": ["8/6*/1", "8/3/1", "12/10 8/3", "12/10/5"],
            "turkish": ["8/3/1", "12/10 8/3", "12/10/5"],
            "none": ["8/3/1", "12/10 8/3", "12/10/5"],
            "step": ["8/6*/1", "8/3/1", "12/10 8/3", "12/10/5"],
        },
    ),
    (
        "E22/TK-b",
        {8: 1, 1: 2},
        {6: 1, 3: 2},
        (5, 2),
        {"standard": ["8/6*/1"], "turkish": ["8/6*/1"], "none": ["8/6*"], "step": ["8/6*/1"]},
    ),
    (
        "E23/TK-c",
        {5: 1, 4: 2},
        {3: 1, 1: 2},
        (3, 2),
        {"standard": ["5/2 4/2", "5/2/off", "5/3*/off"], "turkish": ["5/2 4/2", "5/2/off"]},
    ),
    (
        "E24",
        {13: 1},
        {10: 1},
        (3, 5),
        {"standard": ["13/10*/5", "13/8/5"], "turkish": ["13/10*/5", "13/8/5"]},
    ),
]

READINGS = [
    pytest.param(case, reading, id=f"{case[0]}-{reading}")
    for case in CASES
    for reading in ("standard", "turkish", "none", "step")
    if reading in case[4] or reading == "turkish"
]


@pytest.mark.parametrize(("case", "reading"), READINGS)
def test_rules_examples(case: Any, reading: str) -> None:
    name, mover, opponent, dice, expected = case
    written = expected.get(reading, expected["standard"])
    variant = BACKGAMMON if reading == "standard" else TURKISH
    position = variant.position(mover=_counts(mover), opponent=_counts(opponent))
    me, opp = position.mover, position.opponent
    wanted = {after(me, opp, play) for play in written}
    assert len(wanted) == len(written), f"{name}: two written plays end alike"
    if reading == "standard":
        ours = reference_plays(me, opp, dice, turkish=False)
    elif reading == "turkish":
        ours = reference_plays(me, opp, dice)
    else:
        ours = reference_plays(me, opp, dice, waiver=reading)
    assert set(ours) == wanted, (name, reading, sorted(notation(t) for t in ours.values()))
    if reading in ("standard", "turkish"):
        engine = {(p.position.mover, p.position.opponent) for p in position.legal_plays(dice)}
        assert engine == wanted, (name, reading, disagreement(position, dice, ours))


def test_e15_freeze_with_doubles() -> None:
    """E15: 2-2 after a home hit: 16 standard plays, 10 Turkish; the cover stays."""
    position = TURKISH.position(mover={13: 2, 10: 1, 8: 1}, opponent={6: 1})
    western = Position(BACKGAMMON, position.mover, position.opponent)
    me, opp = position.mover, position.opponent
    standard = reference_plays(me, opp, (2, 2), turkish=False)
    turkish = reference_plays(me, opp, (2, 2))
    assert (len(standard), len(turkish)) == (16, 10)
    assert set(turkish) < set(standard)
    assert after(me, opp, "10/8 13/11 8/6* 8/6") in turkish
    # What disappears is exactly every play that hits on the 6 and takes a checker on past it
    # (to 4 or 2): with the hit made, a checker below the 6 went through it after the hit.
    for board in standard:
        went_on = board[1][BAR] == 1 and any(board[0][point] for point in range(1, 6))
        assert went_on == (board not in turkish), notation(standard[board])
    assert disagreement(position, (2, 2), turkish) is None
    assert disagreement(western, (2, 2), standard) is None
