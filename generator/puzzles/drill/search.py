"""The search for drills: seeded draws of positions and rolls until the engine finds one where
the rule decides, within a budget of positions tried, never of time, so that the same seed
gives the same drills on every machine."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ...engine import CHECKERS, OFF, Position, Variant, to_text, why_unreachable
from ...locale import Message, _
from ..diagnostics import Report
from ..load import load_puzzle
from ..solve import solve
from .finding import Finding, sources
from .rules import Rule
from .text import drill_name, drill_text
from .words import roll_text

TRIES_PER_DRILL = 20000
"""The budget: positions the search may draw in a row without finding a drill before it
gives up."""
PROGRESS_EVERY = 5000
"""A long search says how far it has come after each of these many positions."""


@dataclass(frozen=True)
class Drill:
    """A drill ready to write: its id and the text of its file."""

    id: str
    text: str
    finding: Finding
    tries: int


def plausible(position: Position) -> bool:
    """Whether a game could have come to ``position`` with White to move: random boards may
    break rules that every earlier turn obeyed, and a drill on such a board would mislead."""
    if position.mover[OFF] > CHECKERS - 2:
        return False  # a drill is about a choice: the last checker leaves little to choose
    if position.variant.result(position) is not None:
        return False
    # The engine's reachability: the marks every earlier turn leaves (six-point blocks, the
    # starting quarter, the runner, bearing off with a checker outside, pins on a start).
    return why_unreachable(position) is None


def level_of(rule: Rule, position: Position) -> int:
    """A drill's level: the rule's own, one more above each of its steps in the number of
    places White occupies, at most 5."""
    places = len(sources(position))
    return min(rule.level + sum(places > step for step in rule.steps), 5)


def verified(path: Path, text: str) -> bool:
    """Whether the checker reads ``text`` and agrees with every claim in it."""
    report = Report()
    puzzle = load_puzzle(path, report, text=text)
    if puzzle is None:
        return False
    solve(puzzle, report)
    return not report.diagnostics


def search(
    variant: Variant,
    rule: Rule,
    count: int,
    *,
    level: int | None,
    seed: int,
    command: str,
    tries_per_drill: int = TRIES_PER_DRILL,
    say: Callable[[Message], None] | None = None,
) -> list[Drill]:
    """Up to ``count`` drills of ``rule`` in ``variant`` (of ``level`` only, when given), the
    ``command`` that made them written in each file: as many as the search finds before
    ``tries_per_drill`` positions in a row bring no new one. Each drill has been read back and
    solved by the checker with no problem reported; ``say`` hears of each drill found, and of
    a long search."""
    rng = random.Random(f"tabula drill {variant.key} {rule.key} {seed}")
    drills: list[Drill] = []
    seen: set[str] = set()
    tries = 0
    while len(drills) < count and tries < tries_per_drill:
        tries += 1
        if say is not None and tries % PROGRESS_EVERY == 0:
            say(
                _(
                    "  searching for drill {number}: {tries} positions tried",
                    number=len(drills) + 1,
                    tries=tries,
                )
            )
        position, dice = rule.draw(variant, rng)
        key = to_text(position)
        if key in seen or not plausible(position):
            continue
        finding = rule.find(position, dice, rng)
        if finding is None:
            continue
        drill_level = level_of(rule, position)
        if level is not None and drill_level != level:
            continue
        seen.add(key)
        drill_id = drill_name(variant.key, rule.key, seed, level, len(drills) + 1)
        text = drill_text(drill_id, rule, finding, drill_level, command)
        if not verified(Path(f"{drill_id}.yaml"), text):
            raise AssertionError(f"the checker disagrees with the drill it was given:\n{text}")
        drills.append(Drill(drill_id, text, finding, tries))
        if say is not None:
            say(
                _(
                    "{done}/{count} {id}: {position}, {roll} (level {level}, {tries} positions "
                    "tried)",
                    done=len(drills),
                    count=count,
                    id=drill_id,
                    position=key,
                    roll=roll_text(dice),
                    level=drill_level,
                    tries=tries,
                )
            )
        tries = 0
    return drills
