"""The kinds of task, one module each: its fields, its check, its answer form, its key text
and what it says to a wrong answer (:class:`TaskKind`). A new kind of task is a new module
here and a line in :data:`KINDS`, with its form in ``generator/site/assets/widget-answers.js``.

>>> list(KINDS)
['play', 'legal', 'count', 'destinations', 'result', 'cube', 'pass']
"""

from __future__ import annotations

from typing import Any

from ..model import Puzzle
from . import count, cube, destinations, legal, passes, play, result
from .base import Solution, TaskKind

KINDS: dict[str, TaskKind[Any]] = {
    module.KIND.name: module.KIND
    for module in (play, legal, count, destinations, result, cube, passes)
}
"""Every kind of task by the word after ``task:``, in the order the documentation lists them."""


def kind_of(puzzle: Puzzle) -> TaskKind[Any]:
    """The kind of the puzzle's task."""
    return KINDS[puzzle.task.kind]


def key_text(puzzle: Puzzle, solution: Solution, lang: str) -> str:
    """The answer in words, as the answer key, the solution and ``show`` say it."""
    return kind_of(puzzle).key(puzzle, puzzle.task, solution, lang)


def question(puzzle: Puzzle, lang: str) -> str:
    """The question as the learner reads it in ``lang``."""
    return kind_of(puzzle).question(puzzle, puzzle.task, lang)


__all__ = ["KINDS", "Solution", "TaskKind", "key_text", "kind_of", "question"]
