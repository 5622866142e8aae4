"""The engine's answer to every puzzle, and the check of every claim a teacher wrote in it:
each kind of task answers its own (``generator/puzzles/tasks``)."""

from __future__ import annotations

from .diagnostics import Report
from .model import Puzzle
from .tasks import kind_of
from .tasks.base import Solution as Solution
from .tasks.destinations import destinations as destinations


def solve(puzzle: Puzzle, report: Report | None = None) -> Solution | None:
    """The engine's answer to ``puzzle``; with a report, every claim that the engine does not
    share is reported there. ``None`` when the puzzle cannot be answered at all."""
    report = report if report is not None else Report()
    return kind_of(puzzle).solve(puzzle, puzzle.task, report)
