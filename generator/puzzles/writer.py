"""How the teacher commands (``init``, ``new``, ``drill``) write puzzle YAML and files: one way.

:func:`yaml_string` for every text put into YAML; :func:`side_yaml`, :func:`position_yaml` and
:func:`folded` for the fields of a puzzle file, written alike by ``new`` and ``drill``; and
:func:`write_files`, which checks every target before it writes any file and leaves nothing
behind when a write fails.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import textwrap
from collections.abc import Iterable, Mapping
from pathlib import Path

from ..engine import BAR, Position
from ..engine.board import POINTS, Side
from ..locale import Message, _

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


def side_yaml(counts: Side) -> str:
    """One side's checkers as a puzzle file writes them: a flow map, the bar first, then the
    points from 24 down.

    >>> from generator.engine import find_variant
    >>> side_yaml(find_variant("backgammon").start().mover)
    '{24: 2, 13: 5, 8: 3, 6: 5}'
    """
    items = [f"bar: {counts[BAR]}"] if counts[BAR] else []
    items += [f"{point}: {counts[point]}" for point in reversed(POINTS) if counts[point]]
    return "{" + ", ".join(items) + "}"


def position_yaml(position: Position) -> list[str]:
    """The ``position:`` field of a puzzle file, a line a list item: both sides, and Plakoto's
    pins when there are any.

    >>> from generator.engine import find_variant
    >>> print("\\n".join(position_yaml(find_variant("portes").start())))
    position:
      mover: {24: 2, 13: 5, 8: 3, 6: 5}
      opponent: {19: 5, 17: 3, 12: 5, 1: 2}
    """
    lines = [
        "position:",
        f"  mover: {side_yaml(position.mover)}",
        f"  opponent: {side_yaml(position.opponent)}",
    ]
    pins = [f"{{side: mover, point: {p}}}" for p in sorted(position.mover_pinned)]
    pins += [f"{{side: opponent, point: {p}}}" for p in sorted(position.opponent_pinned)]
    if pins:
        lines.append(f"  pinned: [{', '.join(pins)}]")
    return lines


def folded(name: str, text: str) -> list[str]:
    """``text`` as the field ``name`` of a map one level in (a language of a prompt), folded
    (``>-``) into lines of at most 96 characters, a line a list item.

    >>> folded("en", "White rolls 6-5.")
    ['  en: >-', '    White rolls 6-5.']
    """
    lines = [f"  {name}: >-"]
    lines += [
        f"    {line}"
        for line in textwrap.wrap(text, 92, break_long_words=False, break_on_hyphens=False)
    ]
    return lines


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
