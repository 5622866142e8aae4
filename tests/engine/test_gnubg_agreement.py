"""The engine's backgammon plays agree with GNU Backgammon's move generator.

A differential test: for seeded random positions (``generator.bench``) and every one of the 21
rolls, the set of positions our legal plays reach must be exactly the set GNU Backgammon's
``GenerateMoves`` (the ``gnubg_nn`` package, a test-only dependency) reaches. Both sides apply
the must-play rules (RULES.md 1.5), bar entry (1.6) and bearing off (1.7), so any difference is
a rules question: the failure shows the position, the roll and the plays only one side has.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import pytest

from generator.bench import (
    BACKGAMMON,
    DEFAULT_SEED,
    ROLLS,
    Side,
    gnubg_boards,
    random_backgammon_position,
    sides_from_gnubg,
)
from generator.engine import BAR, CHECKERS, OFF, Play, Position

gnubg_nn = pytest.importorskip("gnubg_nn")

POSITIONS = 2000
SHOWN = 10  # disagreements spelled out in a failure message

Board = tuple[Side, Side]


@dataclass
class Disagreement:
    position: Position
    dice: tuple[int, int]
    only_ours: list[str]
    only_gnubg: list[str]

    def __str__(self) -> str:
        first, second = self.dice
        lines = [f"{self.position!r} rolling {first}-{second}:"]
        lines += [f"  only ours:  {play}" for play in self.only_ours]
        lines += [f"  only gnubg: {play}" for play in self.only_gnubg]
        return "\n".join(lines)


@dataclass
class Survey:
    """What comparing every roll of every sample position found."""

    queries: int = 0
    disagreements: list[Disagreement] = field(default_factory=list, repr=False)
    seen: Counter[str] = field(default_factory=Counter)  # queries per situation


def _gnubg_notation(steps: Iterable[tuple[int, int]]) -> str:
    """GNU Backgammon's steps (25 the bar, 0 off) written like ours, one step at a time."""
    names = {BAR: "bar", OFF: "off"}
    return " ".join(
        f"{names.get(source, source)}/{names.get(destination, destination)}"
        for source, destination in steps
    )


def _describe(
    position: Position, dice: tuple[int, int], ours: dict[Board, Play], theirs: set[Board]
) -> Disagreement:
    """The plays only one side has: ours in our notation, gnubg's in its steps."""
    gnubg_steps = {
        sides_from_gnubg(gnubg_nn.boardfromkey(key), BACKGAMMON): steps
        for key, steps in gnubg_nn.moves(gnubg_boards(position), *dice, 1)
    }
    only_ours = [
        f"{ours[board].notation} -> {Position(BACKGAMMON, *board)!r}"
        for board in sorted(ours.keys() - theirs)
    ]
    only_gnubg = [
        f"{_gnubg_notation(gnubg_steps[board])} -> {Position(BACKGAMMON, *board)!r}"
        for board in sorted(theirs - ours.keys())
    ]
    return Disagreement(position, dice, only_ours, only_gnubg)


def _situations(
    position: Position, dice: tuple[int, int], ours: dict[Board, Play], most_steps: int
) -> list[str]:
    """Which of the situations the sample must cover this query is."""
    found: list[str] = []
    mover = position.mover
    if mover[BAR]:
        found.append("mover on the bar")
    if position.opponent[BAR]:
        found.append("opponent on the bar")
    if not any(mover[7:]):  # nothing outside the home board and nothing on the bar
        found.append("bear-off possible")
    if not ours:
        found.append("pass")
    else:
        dice_count = 4 if dice[0] == dice[1] else 2
        finished = any(board[0][0] == CHECKERS for board in ours)
        if most_steps < dice_count and not finished:
            found.append("fewer than all dice")
        if any(board[1][BAR] > position.opponent[BAR] for board in ours):
            found.append("hit")
    return found


@pytest.fixture(scope="module")
def survey() -> Survey:
    rng = random.Random(DEFAULT_SEED)
    result = Survey()
    boardfromkey = gnubg_nn.boardfromkey
    moves = gnubg_nn.moves
    for _ in range(POSITIONS):
        position = random_backgammon_position(rng)
        boards = gnubg_boards(position)
        for dice in ROLLS:
            plays = position.legal_plays(dice)
            ours = {(play.position.mover, play.position.opponent): play for play in plays}
            theirs = {
                sides_from_gnubg(boardfromkey(key), BACKGAMMON)
                for key in moves(boards, dice[0], dice[1], 0)
            }
            result.queries += 1
            if ours.keys() != theirs:
                result.disagreements.append(_describe(position, dice, ours, theirs))
            most_steps = max((len(play.steps) for play in plays), default=0)
            result.seen.update(_situations(position, dice, ours, most_steps))
    return result


def test_every_roll_of_every_sample_position_gives_gnubgs_plays(survey: Survey) -> None:
    assert survey.queries == POSITIONS * len(ROLLS)
    found = survey.disagreements
    shown = "\n".join(str(disagreement) for disagreement in found[:SHOWN])
    more = f"\n... and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
    assert not found, (
        f"{len(found)} of {survey.queries} queries disagree with GNU Backgammon:\n{shown}{more}"
    )


@pytest.mark.parametrize(
    "situation",
    [
        "mover on the bar",
        "opponent on the bar",
        "bear-off possible",
        "fewer than all dice",
        "pass",
        "hit",
    ],
)
def test_the_sample_covers(survey: Survey, situation: str) -> None:
    # At least 1% of the queries, so that a change to the generator cannot quietly drop one.
    assert survey.seen[situation] >= survey.queries // 100, dict(survey.seen)


def test_every_turn_of_games_played_at_random_gives_gnubgs_plays() -> None:
    # A second sample with another shape: the positions of whole games from the start, each
    # play chosen at random, so races, bear-offs against a waiting opponent and gammons come
    # up as they do in play. Every turn of every game is compared.
    rng = random.Random(f"{DEFAULT_SEED}-games")
    found: list[Disagreement] = []
    turns = 0
    for _ in range(60):
        position = BACKGAMMON.start()
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = position.legal_plays(dice)
            ours = {(play.position.mover, play.position.opponent): play for play in plays}
            theirs = {
                sides_from_gnubg(gnubg_nn.boardfromkey(key), BACKGAMMON)
                for key in gnubg_nn.moves(gnubg_boards(position), *dice, 0)
            }
            turns += 1
            if ours.keys() != theirs:
                found.append(_describe(position, dice, ours, theirs))
            if not plays:
                position = position.turned()
                continue
            play = rng.choice(plays)
            if play.position.mover[OFF] == CHECKERS:
                break
            position = play.position.turned()
    assert turns > 3000
    shown = "\n".join(str(disagreement) for disagreement in found[:SHOWN])
    assert not found, f"{len(found)} of {turns} turns disagree with GNU Backgammon:\n{shown}"
