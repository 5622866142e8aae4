"""What every kind of task is made of: the engine's answer (:class:`Solution`) and the parts a
kind of task gives the rest of the project (:class:`TaskKind`), with the helpers they share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from ...engine import BAR, OFF, Play, Refusal, Result, Turn, Variant
from ...engine.errors import IllegalPlayError
from ...engine.moves import PartialPlay
from ...locale import Clause, Message, _
from ..diagnostics import Report, play_refusal
from ..fields import Fields
from ..model import Puzzle

T = TypeVar("T")


@dataclass(frozen=True)
class Solution:
    """What the engine says about a puzzle: the fields that its task kind asks for.

    ``plays``: every legal play (tasks with dice); ``accepted``: the plays that solve a play
    puzzle; ``legal`` and ``reason``: the verdict on a claimed play and why not; ``number``:
    the count; ``places``: the destinations; ``result``: the end of the game (``result`` and
    dropped ``cube`` puzzles); ``cube_value``/``cube_owner``: the cube after a take.
    """

    plays: tuple[Play, ...] = ()
    accepted: tuple[Play, ...] = ()
    legal: bool | None = None
    reason: Refusal | None = None
    number: int | None = None
    places: tuple[int, ...] = ()
    result: Result | None = None
    cube_value: int | None = None
    cube_owner: str | None = None
    turn: Turn | None = field(default=None, compare=False, repr=False)

    @property
    def forced(self) -> bool:
        """Only one legal play: the answer needs no choosing."""
        return len(self.plays) == 1


class TaskKind(ABC, Generic[T]):
    """One kind of task: its fields, its check, its answer form, its key text and what it says
    to a wrong answer. A kind is one module of this package; the registry lists them.

    ``name`` is the word after ``task:``; ``fields`` are the kind's own fields in a puzzle
    file; ``dice``: the puzzle is asked after a roll; ``lists_plays``: the puzzle's page lists
    the legal plays with its solution; ``on_board``: the learner plays the answer on the board
    (the widget's graph of partial plays) rather than in a form."""

    name: str = ""
    fields: tuple[str, ...] = ()
    dice: bool = True
    lists_plays: bool = False
    on_board: bool = False

    @abstractmethod
    def read(self, fields: Fields, variant: Variant | None) -> T | None:
        """The task from the puzzle's fields, or ``None`` after reporting what is wrong."""

    @abstractmethod
    def solve(self, puzzle: Puzzle, task: T, report: Report) -> Solution | None:
        """The engine's answer; each claim of the teacher that the engine does not share goes
        to ``report``. ``None`` when the puzzle cannot be answered at all."""

    def question(self, puzzle: Puzzle, task: T, lang: str) -> str:
        """The question as the learner reads it: the teacher's prompt."""
        return puzzle.prompt[lang]

    @abstractmethod
    def key(self, puzzle: Puzzle, task: T, solution: Solution, lang: str) -> str:
        """The answer in words, as the answer key and the solution say it."""

    @abstractmethod
    def answer(self, puzzle: Puzzle, task: T, solution: Solution, lang: str) -> dict[str, Any]:
        """The answer in the form the widget's control compares with."""

    @abstractmethod
    def feedback(self, puzzle: Puzzle, task: T, solution: Solution, lang: str) -> dict[str, Any]:
        """What the widget says to each wrong answer, worked out by the engine: true, about
        the rule or the condition that decides, and never the answer itself."""

    def hints(self, puzzle: Puzzle, task: T, solution: Solution, lang: str) -> list[str]:
        """The graded hints of a task answered in a form, shown one at a time: first the rule
        at stake, then what on the board to look at; only the last may all but give the
        answer. (A play's hints come from its graph of partial plays, in the widget.)"""
        return []


def where(puzzle: Puzzle, name: str) -> tuple[Path, int, int]:
    """The file, line and column of the puzzle's field ``name``: where a problem is reported."""
    line, column = puzzle.where.of(name)
    return puzzle.where.path, line, column


def roll(puzzle: Puzzle) -> str:
    """The puzzle's roll, as messages write it: ``6-3``."""
    assert puzzle.dice is not None
    return f"{puzzle.dice[0]}-{puzzle.dice[1]}"


def some(plays: tuple[Play, ...], most: int = 3) -> str | Message:
    """The first few of ``plays`` in notation, and how many more."""
    shown = ", ".join(f"'{play.notation}'" for play in plays[:most])
    if len(plays) > most:
        return _("{plays} and {count} more", plays=shown, count=len(plays) - most)
    return shown


def turn_of(puzzle: Puzzle, solution: Solution) -> Turn:
    """The turn the puzzle asks about (kept in its solution)."""
    if solution.turn is not None:
        return solution.turn
    assert puzzle.dice is not None
    return puzzle.position.turn(puzzle.dice)


def reason_words(error: IllegalPlayError) -> Message | str | Clause:
    """The reason of an illegal play in the reader's words, without the repeated text of the
    play: the engine's refusal said inside the sentence."""
    reason = play_refusal(error)
    return Clause(reason) if isinstance(reason, Refusal) else reason


def refusals_from(turn: Turn, state: PartialPlay, most: int = 64) -> list[Refusal]:
    """Why each step that the mover could try from ``state`` is refused (each checker with
    each die left), the farthest checker and the higher die first: what stops a turn there."""
    found: list[Refusal] = []
    for source in range(BAR, OFF, -1):
        if not state.mover[source]:
            continue
        for die in sorted(set(state.dice), reverse=True):
            outcome = turn.try_step(state, source, die)
            if isinstance(outcome, Refusal):
                found.append(outcome)
                if len(found) >= most:
                    return found
    return found
