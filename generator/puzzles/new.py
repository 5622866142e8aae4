"""A new puzzle file for a teacher to fill in: every field present, each one explained.

Also the one way the teacher commands (``init``, ``new``, ``drill``) write files:
:func:`yaml_string` for every text put into YAML, and :func:`write_files`, which checks every
target before it writes any file and leaves nothing behind when a write fails.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
from collections.abc import Iterable, Mapping
from pathlib import Path

import yaml

from ..engine import BAR, Position, Variant
from ..engine.board import POINTS, Side
from ..locale import Message, _
from .load import MAX_ID_LENGTH, is_id
from .source import FORBIDDEN, character_name, character_problem

# What a YAML double-quoted string must escape beyond JSON's escapes: the characters a YAML
# reader refuses in a file (DEL, C1 controls, lone surrogates, U+FFFE, U+FFFF), the line breaks
# YAML knows and JSON does not (NEL, U+2028, U+2029: a reader would fold them into a space) and
# the byte order mark.
_YAML_UNSAFE = re.compile("[\x7f-\x9f\ud800-\udfff\u2028\u2029\ufeff\ufffe\uffff]")


def yaml_string(text: str) -> str:
    """``text`` as a YAML double-quoted string: whatever it holds, a reader gets back this one
    string, so nothing a user types can end the value or add a field.

    JSON's string escapes are YAML's, so this is :func:`json.dumps` plus an escape for each of
    the few characters YAML reads otherwise.

    >>> print(yaml_string('x\\nlevel: 9 # "me"'))
    "x\\nlevel: 9 # \\"me\\""
    >>> print(yaml_string("Кружок\\u2028"))
    "Кружок\\u2028"
    """
    quoted = json.dumps(text, ensure_ascii=False)
    return _YAML_UNSAFE.sub(lambda match: f"\\u{ord(match[0]):04x}", quoted)


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


class WriteError(Exception):
    """Files that cannot be written where asked; the message names the path and the fix.
    ``str()`` is the English sentence, ``words`` the message to word in another language."""

    def __init__(self, message: str | Message) -> None:
        self.words = message
        super().__init__(str(message))


class FilesInTheWay(WriteError):
    """Files already where new ones would go, and no ``force`` to replace them."""

    def __init__(self, paths: list[Path], message: str | Message | None = None) -> None:
        self.paths = paths
        super().__init__(
            message
            or Message.ngettext(
                "{paths} exists: nothing was written; choose another name, or add --force to "
                "replace it",
                "{paths} exist: nothing was written; choose another name, or add --force to "
                "replace them",
                len(paths),
                paths=", ".join(map(str, paths)),
            )
        )


def check_targets(paths: Iterable[Path], *, force: bool = False) -> None:
    """Raise a :class:`WriteError` unless every file of ``paths`` can be written: its place is
    not a folder, the nearest folder above it that exists is a folder this process may write
    in, and it does not exist yet (or ``force`` allows replacing it). Every file in the way is
    named at once; nothing is written.
    """
    in_the_way: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        try:
            if path.is_dir():
                raise WriteError(
                    _(
                        "{path} is a folder, not a file: choose a file name that is not taken",
                        path=path,
                    )
                )
            if not force and (path.exists() or path.is_symlink()):
                in_the_way.append(path)
            folder = next(
                (above for above in path.parents if above.exists() or above.is_symlink()),
                Path("."),
            )
            if folder in seen:
                continue
            seen.add(folder)
            if not folder.is_dir():
                raise WriteError(
                    _(
                        "{folder} is a file, not a folder, so {path} cannot be written: choose a "
                        "place outside it",
                        folder=folder,
                        path=path,
                    )
                )
            if not os.access(folder, os.W_OK | os.X_OK):
                raise WriteError(
                    _(
                        "cannot write in {folder} (permission denied): choose a folder you can "
                        "write in, or change its permissions",
                        folder=folder,
                    )
                )
        except OSError as error:  # a name too long, a folder above that cannot be looked into
            raise WriteError(
                _("cannot write {path}: {reason}", path=path, reason=_reason(error))
            ) from None
    if in_the_way:
        raise FilesInTheWay(in_the_way)


def write_files(files: Mapping[Path, str], *, force: bool = False) -> list[Path]:
    """Write each text of ``files`` (UTF-8) to its path, making the folders they need, and
    return the paths; all of them or, raising a :class:`WriteError`, none.

    Every target is checked first (:func:`check_targets`). Then each text goes into a
    temporary file beside its target, and only when all are written are they renamed into
    place; a failure on the way removes the temporary files and the folders made for them.
    Without ``force`` no file is ever replaced.
    """
    check_targets(files, force=force)
    token = secrets.token_hex(4)
    made: list[Path] = []  # folders made, outermost first
    staged: list[tuple[Path, Path]] = []
    placed: list[Path] = []  # new files renamed into place (replaced ones cannot come back)
    path = Path(".")
    try:
        for number, (path, text) in enumerate(files.items()):
            missing = [above for above in path.parents if not above.is_dir()]
            for folder in reversed(missing):
                folder.mkdir()
                made.append(folder)
            temporary = path.with_name(f".tabula-{token}-{number}.tmp")
            # os.open with 0o666 gives the file the permissions the umask allows, as open does.
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            staged.append((temporary, path))
            with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
        for temporary, path in staged:
            there = path.exists() or path.is_symlink()
            if there and not force:  # made while the others were written
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
            os.replace(temporary, path)
            if not there:
                placed.append(path)
    except (OSError, UnicodeError) as error:
        left = _clean_up([temporary for temporary, _staged in staged], placed, made)
        outcome = (
            _(
                "nothing was written (but {paths} could not be removed)",
                paths=", ".join(map(str, left)),
            )
            if left
            else _("nothing was written")
        )
        raise WriteError(
            _(
                "cannot write {path}: {reason}; {outcome}",
                path=path,
                reason=_reason(error),
                outcome=outcome,
            )
        ) from None
    return list(files)


def _reason(error: OSError | UnicodeError) -> Message:
    """What went wrong in a write and what to do about it."""
    if isinstance(error, UnicodeError):
        return _("{error}: write the text in UTF-8", error=error)
    if error.errno == errno.ENOSPC:
        return _("the disk is full: free some space, or choose another disk")
    if error.errno == errno.ENAMETOOLONG:
        return _("the name is too long for this file system: choose a shorter one")
    if error.errno == errno.EEXIST:
        return _("the file was made while the others were written: run the command again")
    return _("{error}: choose a folder you can write in", error=error.strerror or error)


def _clean_up(staged: list[Path], placed: list[Path], made: list[Path]) -> list[Path]:
    """Remove what a failed :func:`write_files` wrote; return what could not be removed."""
    left = []
    for path in [*staged, *placed]:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            left.append(path)
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:
            left.append(folder)
    return left


def _side(counts: Side) -> str:
    items = [f"bar: {counts[BAR]}"] if counts[BAR] else []
    items += [f"{point}: {counts[point]}" for point in reversed(POINTS) if counts[point]]
    return "{" + ", ".join(items) + "}"


def _pins(position: Position) -> str:
    pins = [f"{{side: mover, point: {p}}}" for p in sorted(position.mover_pinned)]
    pins += [f"{{side: opponent, point: {p}}}" for p in sorted(position.opponent_pinned)]
    return f"\n  pinned: [{', '.join(pins)}]" if pins else ""


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
position:
  mover: {_side(position.mover)}
  opponent: {_side(position.opponent)}{_pins(position)}
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
