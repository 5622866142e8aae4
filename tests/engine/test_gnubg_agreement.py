"""The engine's backgammon plays agree with GNU Backgammon's move generator.

A differential test: for a position and a roll, the set of positions our legal plays reach must
be exactly the set GNU Backgammon's ``GenerateMoves`` (the ``gnubg_nn`` package, a test-only
dependency) reaches. Both sides apply the must-play rules (RULES.md 1.5), bar entry (1.6) and
bearing off (1.7), so any difference is a rules question: the failure shows the position, the
roll and the plays only one side has.

One difference is a decision of ours (RULES.md decision 15): a step that bears off the mover's
last checker ends the game and counts as using every die left, so ``4/off`` with 4-1 is a
complete play; gnubg still asks for the most dice (``4/3*/off``). A play only we have is
therefore accepted when, and only when, it bears off the last checker with fewer steps than
the roll has dice; every other difference fails.

``make test`` checks the engine against gnubg's answers stored in tests/engine/data (every roll
of 2,000 seeded random positions, every turn of 60 random games gnubg played; ``python -m
tests.engine.data.regenerate`` writes them anew): every turn of the games, and every roll of
every fourth random position (:data:`SAMPLE`). ``make test-deep`` (``pytest --deep``) checks
every stored answer, and asks gnubg itself: the same 2,000 positions, every turn of 60 games
played by the engine, and whether the stored answers are still gnubg's.
"""

from __future__ import annotations

import base64
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import pytest

from generator.bench.gnubg import gnubg_boards, sides_from_gnubg
from generator.engine import BAR, CHECKERS, OFF, Play, Position, find_variant, from_position_id
from generator.engine.board import Side
from generator.engine.samples import DEFAULT_SEED, ROLLS, random_backgammon_position

from .data import regenerate
from .data.regenerate import GAMES_FILE, RANDOM

BACKGAMMON = find_variant("backgammon")
POSITIONS = 2000  # the live sweep of `make test-deep`; the stored one has the same positions
SHOWN = 10  # disagreements spelled out in a failure message
SAMPLE = 4
"""``make test`` checks every roll of every fourth stored random position (500 of 2,000, 10,500
questions); ``make test-deep`` all of them."""

Dice = tuple[int, int]

SITUATIONS = [
    "mover on the bar",
    "opponent on the bar",
    "bear-off possible",
    "fewer than all dice",
    "pass",
    "hit",
]


def position_id(mover: Side, opponent: Side) -> str:
    """The GNU Backgammon Position ID of a board, the mover on roll, written here from gnubg's
    documented format rather than taken from the engine (``generator.engine.ids``): for the
    side not on roll, then the side on roll, each in its own numbering, points 1 to 24 and then
    the bar, as many 1 bits as checkers and a 0 after each place; the 80 bits, lowest first,
    as 10 bytes in base64 without the padding.

    >>> start = BACKGAMMON.start()
    >>> position_id(start.mover, start.opponent)
    '4HPwATDgc/ABMA'
    """
    # The opponent's own point p is the mover's 25 - p (RULES.md 1.1); their bar comes last.
    # The bits are written lowest first, then read as one binary number.
    bits = "".join(map(_PLACE_BITS.__getitem__, (*opponent[24:0:-1], opponent[BAR], *mover[1:])))
    return base64.b64encode(int(bits[::-1], 2).to_bytes(10, "little")).decode("ascii")[:14]


_PLACE_BITS = tuple("1" * count + "0" for count in range(CHECKERS + 1))


@dataclass
class Disagreement:
    position: Position
    dice: Dice
    only_ours: list[str]
    only_gnubg: list[str]

    def __str__(self) -> str:
        first, second = self.dice
        lines = [f"{self.position!r} ({self.id}) rolling {first}-{second}:"]
        lines += [f"  only ours:  {play}" for play in self.only_ours]
        lines += [f"  only gnubg: {play}" for play in self.only_gnubg]
        return "\n".join(lines)

    @property
    def id(self) -> str:
        return position_id(self.position.mover, self.position.opponent)


@dataclass
class Survey:
    """What comparing the engine's answers with gnubg's found."""

    queries: int = 0
    disagreements: list[Disagreement] = field(default_factory=list, repr=False)
    seen: Counter[str] = field(default_factory=Counter)  # queries per situation
    ended_early: int = 0  # plays only we have, by decision 15

    def compare(
        self,
        position: Position,
        dice: Dice,
        theirs: Iterable[str],
        show: Callable[[str], str] = lambda text: f"{from_position_id(text)!r} ({text})",
    ) -> Sequence[Play]:
        """Compare the engine's plays with ``theirs``, the Position IDs of the positions gnubg
        reaches; ``show`` says how a position only gnubg reaches is shown. Returns our plays."""
        plays = position.legal_plays(dice)
        ours = {position_id(play.position.mover, play.position.opponent): play for play in plays}
        gnubg = set(theirs)
        self.queries += 1
        if ours.keys() != gnubg:
            extra = ours.keys() - gnubg
            early = {key for key in extra if _ends_the_game_early(ours[key], dice)}
            self.ended_early += len(early)
            only_ours = [
                f"{ours[key].notation} -> {ours[key].position!r} ({key})"
                for key in sorted(extra - early)
            ]
            only_gnubg = [show(key) for key in sorted(gnubg - ours.keys())]
            if only_ours or only_gnubg:
                self.disagreements.append(Disagreement(position, dice, only_ours, only_gnubg))
        self.seen.update(_situations(position, dice, plays))
        return plays

    def report(self, what: str) -> str:
        found = self.disagreements
        shown = "\n".join(str(disagreement) for disagreement in found[:SHOWN])
        more = f"\n... and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
        return f"{len(found)} of {self.queries} {what} disagree with GNU Backgammon:\n{shown}{more}"


def _ends_the_game_early(play: Play, dice: Dice) -> bool:
    """Whether ``play`` bears off the mover's last checker before every die is played: complete
    by RULES.md decision 15, while gnubg plays on (and lists only the plays with more dice)."""
    return play.position.mover[OFF] == CHECKERS and len(play.steps) < (
        4 if dice[0] == dice[1] else 2
    )


def _situations(position: Position, dice: Dice, plays: Sequence[Play]) -> list[str]:
    """Which of the situations the sample must cover this query is."""
    found: list[str] = []
    mover = position.mover
    if mover[BAR]:
        found.append("mover on the bar")
    if position.opponent[BAR]:
        found.append("opponent on the bar")
    if not any(mover[7:]):  # nothing outside the home board and nothing on the bar
        found.append("bear-off possible")
    if not plays:
        found.append("pass")
    else:
        dice_count = 4 if dice[0] == dice[1] else 2
        most_steps = max(len(play.steps) for play in plays)
        finished = any(play.position.mover[OFF] == CHECKERS for play in plays)
        if most_steps < dice_count and not finished:
            found.append("fewer than all dice")
        if any(play.position.opponent[BAR] > position.opponent[BAR] for play in plays):
            found.append("hit")
    return found


def check_sample(situations: Counter[str], queries: int, situation: str) -> None:
    # At least 1% of the queries, so that a change to the sample cannot quietly drop one.
    assert situations[situation] >= queries // 100, dict(situations)


# --- against the stored answers (make test) ----------------------------------------------------


def stored_survey(path: Path, every: int = 1) -> Survey:
    """The engine's answers to the questions of a file of tests/engine/data, against gnubg's:
    those about every ``every``-th position of the file, in the order they first come."""
    _, records = regenerate.read(path)
    survey = Survey()
    positions: dict[str, Position | None] = {}  # each position comes with all 21 rolls
    for record in records:
        text = record["position"]
        if text not in positions:
            asked = len(positions) % every == 0
            positions[text] = from_position_id(text) if asked else None
        position = positions[text]
        if position is not None:
            survey.compare(position, (record["dice"][0], record["dice"][1]), record["plays"])
    return survey


@pytest.fixture(
    scope="module",
    params=[False, pytest.param(True, marks=pytest.mark.deep)],
    ids=["sample", "all"],
)
def stored_random(request: pytest.FixtureRequest) -> Survey:
    return stored_survey(RANDOM, every=1 if request.param else SAMPLE)


@pytest.fixture(scope="module")
def stored_games() -> Survey:
    return stored_survey(GAMES_FILE)


def test_every_roll_of_the_stored_random_positions_gives_gnubgs_plays(
    stored_random: Survey, request: pytest.FixtureRequest
) -> None:
    every = 1 if "all" in request.node.callspec.id else SAMPLE
    asked = -(-regenerate.POSITIONS // every)
    assert regenerate.POSITIONS == POSITIONS
    assert stored_random.queries == asked * len(ROLLS)
    assert not stored_random.disagreements, stored_random.report("stored queries")
    assert stored_random.ended_early > 0, "the sample no longer shows decision 15 at work"


@pytest.mark.parametrize("situation", SITUATIONS)
def test_the_stored_random_positions_cover(stored_random: Survey, situation: str) -> None:
    check_sample(stored_random.seen, stored_random.queries, situation)


def test_every_turn_of_the_stored_games_gives_gnubgs_plays(stored_games: Survey) -> None:
    assert stored_games.queries > 3000
    assert stored_games.seen["bear-off possible"] > 300, dict(stored_games.seen)
    assert not stored_games.disagreements, stored_games.report("stored turns")


# --- live, against gnubg itself (make test-deep) -----------------------------------------------


@pytest.fixture(scope="module")
def gnubg() -> ModuleType:
    return pytest.importorskip("gnubg_nn")


def _gnubg_plays(gnubg: ModuleType, position: Position, dice: Dice) -> dict[str, str]:
    """gnubg's resulting positions by Position ID, each shown with its steps and board."""
    names = {BAR: "bar", OFF: "off"}
    found = {}
    for key, steps in gnubg.moves(gnubg_boards(position), *dice, 1):
        board = sides_from_gnubg(gnubg.boardfromkey(key), BACKGAMMON)
        written = " ".join(f"{names.get(a, a)}/{names.get(b, b)}" for a, b in steps)
        found[position_id(*board)] = f"{written} -> {Position(BACKGAMMON, *board)!r}"
    return found


def live_compare(
    survey: Survey, gnubg: ModuleType, position: Position, dice: Dice
) -> Sequence[Play]:
    theirs = _gnubg_plays(gnubg, position, dice)
    return survey.compare(position, dice, theirs, theirs.__getitem__)


@pytest.fixture(scope="module")
def live_random(gnubg: ModuleType) -> Survey:
    rng = random.Random(DEFAULT_SEED)
    survey = Survey()
    for _ in range(POSITIONS):
        position = random_backgammon_position(rng)
        for dice in ROLLS:
            live_compare(survey, gnubg, position, dice)
    return survey


@pytest.mark.deep
def test_every_roll_of_every_sample_position_gives_gnubgs_plays(live_random: Survey) -> None:
    assert live_random.queries == POSITIONS * len(ROLLS)
    assert not live_random.disagreements, live_random.report("queries")


@pytest.mark.deep
@pytest.mark.parametrize("situation", SITUATIONS)
def test_the_sample_covers(live_random: Survey, situation: str) -> None:
    check_sample(live_random.seen, live_random.queries, situation)


@pytest.mark.deep
def test_every_turn_of_games_played_at_random_gives_gnubgs_plays(gnubg: ModuleType) -> None:
    # A second sample with another shape: the positions of whole games from the start, each
    # play chosen at random among the engine's, so races, bear-offs against a waiting
    # opponent and gammons come up as they do in play. Every turn of every game is compared.
    rng = random.Random(f"{DEFAULT_SEED}-games")
    survey = Survey()
    for _ in range(60):
        position = BACKGAMMON.start()
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = live_compare(survey, gnubg, position, dice)
            if not plays:
                position = position.turned()
                continue
            play = rng.choice(plays)
            if play.position.mover[OFF] == CHECKERS:
                break
            position = play.position.turned()
    assert survey.queries > 3000
    assert not survey.disagreements, survey.report("turns")


@pytest.mark.deep
@pytest.mark.parametrize("path", [RANDOM, GAMES_FILE], ids=lambda path: path.name)
def test_the_stored_answers_are_still_gnubgs(gnubg: ModuleType, path: Path) -> None:
    header, records = regenerate.read(path)
    name, make = regenerate.SAMPLES[path]
    assert header == regenerate.about(name, len(records)), "python -m tests.engine.data.regenerate"
    assert records == list(make()), "gnubg answers otherwise now: regenerate the data"
