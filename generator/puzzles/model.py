"""Puzzles and lessons as typed values: what a teacher decided, and nothing the engine derives."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ..engine import Cube, Position, Variant

LANGUAGES = ("en", "ru")


@dataclass(frozen=True, slots=True)
class Text:
    """A text in both languages of the site."""

    en: str
    ru: str

    def __getitem__(self, lang: str) -> str:
        if lang == "en":
            return self.en
        if lang == "ru":
            return self.ru
        raise KeyError(lang)


@dataclass(frozen=True, slots=True)
class Where:
    """Where a puzzle or lesson stands: its file, and the line and column of the file's start
    and of each field's value (``"answer"``, ``"answer.1"`` for the second listed answer)."""

    path: Path
    line: int
    column: int
    fields: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    def of(self, name: str) -> tuple[int, int]:
        """Line and column of the field ``name``, or of the file's start."""
        return self.fields.get(name) or self.fields.get(name.split(".")[0]) or (self.line, 1)


# The tasks: each kind holds the teacher's inputs and claims (``None``: no claim made); ``kind``
# is the word after ``task:``, by which the registry (generator/puzzles/tasks) finds the kind.


@dataclass(frozen=True, slots=True)
class PlayTask:
    """Make a play. ``answers`` is ``None`` when any legal play counts."""

    kind = "play"
    answers: tuple[str, ...] | None
    expect_forced: bool


@dataclass(frozen=True, slots=True)
class LegalTask:
    """Is this play legal? The engine decides; ``expect`` is the teacher's belief."""

    kind = "legal"
    claim: str
    expect: bool | None


@dataclass(frozen=True, slots=True)
class CountTask:
    """How many dice can be played, or how many different legal plays there are."""

    kind = "count"
    what: Literal["dice", "plays"]
    expect: int | None


@dataclass(frozen=True, slots=True)
class DestinationsTask:
    """Where can the checker on ``point`` (a point or BAR) go with this roll?"""

    kind = "destinations"
    point: int
    expect: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class ResultTask:
    """The game is over: who won, how, and for how many points."""

    kind = "result"
    cube: int
    expect_winner: str | None
    expect_kind: str | None
    expect_points: int | None


@dataclass(frozen=True, slots=True)
class CubeTask:
    """The mover doubles and the opponent takes or drops: what happens to cube and score."""

    kind = "cube"
    cube: Cube
    action: Literal["take", "drop"]
    expect_value: int | None
    expect_owner: str | None
    expect_points: int | None


@dataclass(frozen=True, slots=True)
class PassTask:
    """Can the mover move at all? ``expect``: True when the teacher says the turn passes."""

    kind = "pass"
    expect: bool | None


Task = PlayTask | LegalTask | CountTask | DestinationsTask | ResultTask | CubeTask | PassTask
"""A task of any kind; what each kind reads, checks and says is its module in ``tasks/``."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One position, one question, and the teacher's words about it."""

    id: str
    variant: Variant
    title: Text
    prompt: Text
    explain: Text | None
    level: int
    tags: tuple[str, ...]
    position: Position
    dice: tuple[int, int] | None
    task: Task
    where: Where


@dataclass(frozen=True, slots=True)
class Lesson:
    """An ordered set of puzzles for a class.

    ``languages``: the languages of the site the lesson is written in, and so listed in (its
    pages, worksheet and answer key exist in these only); a lesson written in one language of
    a bilingual site has its texts in that language, and ``""`` in the other."""

    id: str
    title: Text
    intro: Text
    audience: Text
    level: int
    variants: tuple[Variant, ...]
    puzzles: tuple[str, ...]
    where: Where
    languages: tuple[str, ...] = LANGUAGES
