"""Problems found in puzzles and lessons, each tied to ``path:line:column``."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One problem: where it is, how bad, and what to do (the message ends with the fix)."""

    path: str
    line: int
    column: int
    severity: Severity
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message}"


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

    def error(self, path: Path | str, line: int, column: int, message: str) -> None:
        self.diagnostics.append(Diagnostic(display_path(path), line, column, "error", message))

    def warning(self, path: Path | str, line: int, column: int, message: str) -> None:
        self.diagnostics.append(Diagnostic(display_path(path), line, column, "warning", message))

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
