"""A new puzzle file for a teacher to fill in: every field present, each one explained.

Its YAML and the file are written the one way the teacher commands write them
(:mod:`generator.puzzles.writer`, whose names this module also offers to its old callers).
"""

from __future__ import annotations

import re

import yaml

from ..engine import Position, Variant
from ..locale import Message, _
from .fields import MAX_ID_LENGTH, is_id
from .source import FORBIDDEN, character_name, character_problem
from .writer import (
    FilesInTheWay,
    WriteError,
    check_targets,
    position_yaml,
    write_files,
    yaml_string,
)

__all__ = [
    "FilesInTheWay",
    "WriteError",
    "check_targets",
    "default_id",
    "id_problem",
    "line_problem",
    "new_puzzle",
    "write_files",
    "yaml_string",
]


def line_problem(text: str) -> Message | None:
    """Why ``text`` cannot be written as one line of text (a title), and the fix; None when it
    can. A line break is refused, and so is any character the checker refuses in a text.

    >>> line_problem("Club: «Nardy» #1")
    >>> print(line_problem("a\\nb"))
    it breaks the line at U+000A (LF): write it on one line
    >>> print(line_problem("a\\x7fb"))
    U+007F (DEL) is an invisible control character: remove the character U+007F
    """
    for char in text:
        if char in "\n\r":
            return _(
                "it breaks the line at {character}: write it on one line",
                character=character_name(char),
            )
        if FORBIDDEN.fullmatch(char):
            return character_problem(char)
    return None


def id_problem(puzzle_id: str) -> Message | None:
    """Why ``puzzle_id`` is not an id the checker accepts, or None when it is one.

    >>> id_problem("bar-entry-6-3")
    >>> print(id_problem("Bar entry"))
    'Bar entry' is not an id: use lowercase letters, digits and hyphens, at most 64 characters, \
such as 'bar-entry'
    """
    if is_id(puzzle_id):
        return None
    return _(
        "{id} is not an id: use lowercase letters, digits and hyphens, at most "
        "{most} characters, such as {example}",
        id=repr(puzzle_id),
        most=MAX_ID_LENGTH,
        example=repr(default_id(puzzle_id)),
    )


def default_id(name: str) -> str:
    """An id made of a name: its lowercase letters and digits, each run of anything else one
    hyphen, cut to the longest id.

    >>> default_id("My puzzle (6-3)")
    'my-puzzle-6-3'
    >>> default_id("???")
    'puzzle'
    """
    made = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:MAX_ID_LENGTH].rstrip("-")
    return made if is_id(made) else "puzzle"


def _plain_or_quoted(text: str) -> str:
    """An id as a teacher would type it (``enter-first``), quoted only where YAML would read
    it as something else (``true``, ``123``).

    >>> _plain_or_quoted("enter-first"), _plain_or_quoted("true"), _plain_or_quoted("123")
    ('enter-first', '"true"', '"123"')
    """
    if re.fullmatch(r"[a-z][a-z0-9-]*", text) and yaml.safe_load(text) == text:
        return text
    return yaml_string(text)


def new_puzzle(variant: Variant, position: Position, dice: tuple[int, int], puzzle_id: str) -> str:
    """The text of a new puzzle file: a ``play`` puzzle with every field, ready to edit.

    >>> from generator.engine import find_variant
    >>> text = new_puzzle(find_variant("portes"), find_variant("portes").start(), (6, 3), "po-x")
    >>> "variant: portes" in text and "dice: [6, 3]" in text and 'id: po-x' in text
    True

    A ``puzzle_id`` the checker would refuse is a ``ValueError`` (see :func:`id_problem`).
    """
    problem = id_problem(puzzle_id)
    if problem is not None:
        raise ValueError(problem)
    position_text = "\n".join(position_yaml(position))
    return f"""\
# A Tabula puzzle. Fill in the texts (every TODO), choose the task, then check it with
#   python -m generator check {{this file}}
# The check compares every claim here with the rules engine and says what to fix.

# Unique across the project: lowercase letters, digits and hyphens, at most {MAX_ID_LENGTH}.
id: {_plain_or_quoted(puzzle_id)}
variant: {variant.key}
title: {{en: TODO, ru: TODO}}
level: 1                    # 1 (first lessons) to 5 (experts)
tags: []                    # words for the index pages, such as [bar, entry]

# Both sides in the numbering of the player to move: 24 is farthest from home, 1 the last
# point, "bar" that side's bar; checkers not written are borne off. Or one of:
#   position: {{start: true}}   {{xgid: "XGID=..."}}   {{gnubg: "4HPwATDgc/ABMA"}}
#   position: {{text: "24:2 13:5 8:3 6:5 / 19:5 17:3 12:5 1:2"}}
{position_text}
dice: [{dice[0]}, {dice[1]}]

# The question: play, legal, count, destinations, result, cube or pass.
task: play
prompt:
  en: TODO
  ru: TODO
# play: "any" (every legal play counts) or a list of the plays that solve the puzzle.
answer: any
# expect: forced            # uncomment if exactly one play is legal; the engine checks it
explain:
  en: TODO
  ru: TODO

# The other tasks and their fields (replace 'answer' and 'expect' above):
#   task: legal         claim: "13/7 13/10"       expect: illegal
#   task: count         count: plays              expect_count: 2       (or count: dice)
#   task: destinations  point: 13                 expect: [7, 4]
#   task: pass          expect: yes               (yes: no play is possible)
#   task: result        cube: 1                   expect: {{winner: mover, kind: gammon, points: 2}}
#   task: cube          cube: {{value: 1, owner: centre}}   action: take
#                       expect: {{value: 2, owner: opponent}}
# (result and cube puzzles have no dice: remove the 'dice' line for them.)
"""
