"""Puzzles and lessons: YAML read into typed values, every claim checked by the engine.

``check_files`` reads a set of files and returns the project (puzzles, lessons, the engine's
solutions) with a report of every problem as ``path:line:column``.
"""

from .check import Project, Solution, check_files, destinations, solve, yaml_files
from .diagnostics import Diagnostic, Report
from .load import load_lesson, load_puzzle
from .model import Lesson, Puzzle, Text

__all__ = [
    "Diagnostic",
    "Lesson",
    "Project",
    "Puzzle",
    "Report",
    "Solution",
    "Text",
    "check_files",
    "destinations",
    "load_lesson",
    "load_puzzle",
    "solve",
    "yaml_files",
]
