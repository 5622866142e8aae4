"""Problems found in puzzles and lessons, each tied to ``path:line:column``."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ..engine import EngineError, Refusal
from ..engine.errors import IllegalPlayError
from ..locale import LANGUAGES, VARIANT_NAMES, Message, _, render

Severity = Literal["error", "warning"]

_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str) -> str:
    r"""``text`` with every control character written as an escape (``\x1b``, ``\n``,
    ``\u2028``): what a file holds can then be printed without driving the terminal, and a
    message stays on one line.

    >>> print(printable("a\x1b[2Jb\nc\u202ed"))
    a\x1b[2Jb\nc\u202ed
    """
    return _UNPRINTABLE.sub(lambda match: _escape(match.group()), text)


def _escape(char: str) -> str:
    code = ord(char)
    named = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}.get(char)
    if named:
        return named
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def engine_words(error: EngineError) -> Message | str:
    """An engine error in the reader's language: the words of its code with its values, a
    game's name in its own words (an error made from a plain message stays English).

    >>> from generator.engine.errors import PositionError
    >>> error = PositionError.of("no_bar", variant="Long Nardy", side="mover", count=2)
    >>> print(engine_words(error).render("ru"))
    в игре «Длинные нарды» нет бара, а у 'mover' на нём 2 шашки: уберите "bar" или поставьте 0
    """
    words = error.words
    if words is None:
        return str(error)
    params = {name: _said(name, value) for name, value in error.params}
    number = params.get(words.number) if words.number is not None else None
    assert number is None or isinstance(number, int)
    return Message(words.singular, words.plural, number, tuple(params.items()))


def _said(name: str, value: object) -> object:
    if isinstance(value, EngineError):
        return engine_words(value)
    if isinstance(value, tuple):
        return listed(value)
    if name == "variant" and value in VARIANT_NAMES.values():
        return Message(str(value))
    return value


def listed(numbers: tuple[int, ...]) -> str | Message:
    """``3``, ``3 and 3``, ``6, 5 and 3``, in the reader's language."""
    words = [str(number) for number in numbers]
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}", first=", ".join(words[:-1]), last=words[-1])


def play_refusal(error: EngineError) -> Refusal | Message | str:
    """Why the engine refuses a written play, without the play itself that its message starts
    with: the rule the play breaks when there is one, else what is wrong with the writing."""
    if isinstance(error, IllegalPlayError) and isinstance(error.reason, Refusal):
        return error.reason
    if error.code == "turn_passes":
        return _("no play is possible, the turn passes")
    return engine_words(error)


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One problem: where it is, how bad, and what to do (the message ends with the fix).

    ``message`` is the English sentence; ``words``, when the message was marked for the
    catalogs, words it in another language (:meth:`line`). Only the message changes language:
    the place and ``error``/``warning`` are the contract's.

    >>> from generator.locale import Message
    >>> one = Message.ngettext("{count} error", "{count} errors", 2, count=2)
    >>> problem = Diagnostic("p.yaml", 3, 5, "error", str(one), one)
    >>> print(problem)
    p.yaml:3:5: error: 2 errors
    >>> print(problem.line_in("ru"))
    p.yaml:3:5: error: 2 ошибки
    """

    path: str
    line: int
    column: int
    severity: Severity
    message: str
    words: Message | None = field(default=None, compare=False, repr=False)

    def text(self, lang: str = LANGUAGES[0]) -> str:
        """The message alone, in ``lang``, with control characters escaped."""
        return self.message if self.words is None else printable(self.words.render(lang))

    def line_in(self, lang: str = LANGUAGES[0]) -> str:
        """The contract's line ``path:line:column: severity: message``, the message in
        ``lang``."""
        text = f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.text(lang)}"
        return printable(text)

    def __str__(self) -> str:
        return self.line_in(LANGUAGES[0])


def display_path(path: Path | str) -> str:
    """``path`` relative to the working directory when it is inside it, else as given."""
    text = str(path)
    try:
        relative = os.path.relpath(text)
    except ValueError:  # another drive on Windows
        return text
    return text if relative.startswith("..") else relative


@dataclass
class Report:
    """Every problem of a run, reported together, sorted by file and line."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def error(self, path: Path | str, line: int, column: int, message: str | Message) -> None:
        self.add(path, line, column, "error", message)

    def warning(self, path: Path | str, line: int, column: int, message: str | Message) -> None:
        self.add(path, line, column, "warning", message)

    def add(
        self, path: Path | str, line: int, column: int, severity: Severity, message: str | Message
    ) -> None:
        """A problem at ``path:line:column``. A :class:`Message` is worded in the reader's
        language when printed; a plain text (an engine error) is printed as it is."""
        words = message if isinstance(message, Message) else None
        english = printable(render(message))
        self.diagnostics.append(
            Diagnostic(printable(display_path(path)), line, column, severity, english, words)
        )

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def sorted(self) -> list[Diagnostic]:
        return sorted(set(self.diagnostics))
