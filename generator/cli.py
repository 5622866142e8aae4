"""The command line: ``python -m generator COMMAND``.

``plays``  the engine's JSON-lines contract (DESIGN.md): one answer line per input line.
``bench``  prints the engine's speed figures.
``offline`` a copy of the built site that opens from a folder, and its zip.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from .engine import EngineError, Position, check_dice, find_variant
from .engine.board import BAR, POINTS, Side
from .engine.jsonform import position_from_json, short_repr
from .engine.moves import plain_boards


def answer_line(line: str) -> str:
    """The ``plays`` contract for one input line: the legal plays, or ``{"error": ...}``.

    >>> answer_line('{"variant": "backgammon", "dice": [6, 6], '
    ...             '"position": {"mover": {"bar": 2}, "opponent": {"19": 2, "18": 2}}}')
    '{"count": 0, "plays": []}'
    >>> answer_line('{"variant": "backgammon", "dice": [7, 1], "position": {}}')
    '{"error": "a die shows 1 to 6; got 7 in [7, 1]"}'
    """
    try:
        query = json.loads(line)
    except json.JSONDecodeError as error:
        return error_json(f"not valid JSON: {error.msg} at column {error.colno}")
    except RecursionError:
        return error_json(_TOO_DEEP)
    except ValueError:  # json reads no integer longer than sys.get_int_max_str_digits()
        return error_json(
            f"not valid JSON here: a number has more than {sys.get_int_max_str_digits()} "
            "digits (counts are 0..15, dice 1..6)"
        )
    try:
        return _answer(query)
    except EngineError as error:
        return error_json(str(error))
    except RecursionError:  # writing a deeply nested value back into a message
        return error_json(_TOO_DEEP)


_TOO_DEEP = "not valid JSON here: nested too deeply"


def _answer(query: Any) -> str:
    if not isinstance(query, dict):
        raise EngineError('each line is an object: {"variant": ..., "position": ..., "dice": ...}')
    missing = [field for field in ("variant", "position", "dice") if field not in query]
    if missing:
        raise EngineError(
            f"the query has no {', '.join(missing)}; each line needs "
            '"variant", "position" and "dice"'
        )
    if not isinstance(query["variant"], str):
        raise EngineError('"variant" is a name such as "backgammon"')
    # "rules", optional: a table-rule preset of the variant; without it, the variant's own.
    rules = query.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise EngineError(
            f'"rules" is the name of a preset, such as "greek" for portes; got {short_repr(rules)}'
        )
    variant = find_variant(query["variant"], rules=rules)
    dice = query["dice"]
    if not isinstance(dice, list):
        raise EngineError(f'"dice" is a list of two dice, such as [5, 2]; got {short_repr(dice)}')
    roll = check_dice(dice)
    position = position_from_json(variant, query["position"])
    boards = plain_boards(position, roll)
    if boards is not None:  # a plain turn: straight from the search's boards
        rows = [(*board, "[]") for board in boards]
    else:
        rows = [
            (play.notation, play.position.mover, play.position.opponent, _pins_json(play.position))
            for play in position.legal_plays(roll)
        ]
    return plays_json(rows, variant.has_bar)


# Characters a message must not carry as they are: lone surrogates (a JSON escape such as
# "\ud800" makes one) cannot be written as UTF-8, and line separators split a line for some
# readers.
_UNWRITABLE = re.compile(r"[\ud800-\udfff\x85\u2028\u2029]")
_MESSAGE_LIMIT = 1000


def error_json(message: str) -> str:
    """The contract's error answer: ``{"error": message}``, with every character that cannot be
    written as it is escaped, and cut to at most 1,000 characters.

    >>> print(error_json("unknown position field \\ud800"))
    {"error": "unknown position field \\\\ud800"}
    """
    if not message.isascii():
        message = _UNWRITABLE.sub(lambda m: m[0].encode("unicode_escape").decode(), message)
    if len(message) > _MESSAGE_LIMIT:  # the engine's messages echo what they were given
        left_out = len(message) - 800
        message = f"{message[:600]} [... {left_out:,} characters left out ...] {message[-200:]}"
    return json.dumps({"error": message}, ensure_ascii=False)


def plays_json(rows: Iterable[tuple[str, Side, Side, str]], has_bar: bool) -> str:
    """The contract's answer line for ``(notation, mover after, opponent after, pinned as
    JSON)`` rows, in their order.

    Written by hand rather than with :func:`json.dumps`: this is the engine's hot path. Most
    plays of a turn leave the opponent's side as it was, so each opponent side is written once.

    >>> mover, opponent = (0,) * 20 + (1, 0, 0, 0, 0, 0), (14, 1) + (0,) * 24
    >>> plays_json([("bar/20", mover, opponent, "[]")], has_bar=True)
    '{"count": 1, "plays": [{"notation": "bar/20", "position": {"mover": {"bar": 0, "20": 1}, \
"opponent": {"bar": 0, "1": 1}, "pinned": []}}]}'
    """
    written: dict[Side, str] = {}
    entries = []
    for notation, mover, opponent, pins in rows:
        opponent_text = written.get(opponent)
        if opponent_text is None:
            opponent_text = written[opponent] = side_json(opponent, has_bar)
        entries.append(
            f'{{"notation": "{notation}", "position": {{"mover": {side_json(mover, has_bar)}, '
            f'"opponent": {opponent_text}, "pinned": {pins}}}}}'
        )
    return f'{{"count": {len(entries)}, "plays": [{", ".join(entries)}]}}'


def _pins_json(position: Position) -> str:
    if not (position.mover_pinned or position.opponent_pinned):
        return "[]"
    return json.dumps(position.pinned_json())


# '"24": 2, ' and the like, made once, points from 24 down; a side is written by joining them.
_BAR_TEXT = [f'"bar": {count}, ' for count in range(16)]
_POINT_TEXT = [
    [f'"{point}": {count}, ' if count else "" for count in range(16)] for point in POINTS[::-1]
]


def side_json(counts: Side, has_bar: bool) -> str:
    """One side of a position as the contract writes it: ``{"bar": 0, "24": 2, ...}``.

    >>> side_json((13,) + (0,) * 5 + (2,) + (0,) * 19, has_bar=True)
    '{"bar": 0, "6": 2}'
    >>> side_json((15,) + (0,) * 25, has_bar=False)
    '{}'
    """
    text = "".join(map(list.__getitem__, _POINT_TEXT, counts[24:0:-1]))
    if has_bar:
        text = _BAR_TEXT[counts[BAR]] + text
    return "{" + text[:-2] + "}"


LINE_LIMIT = 1 << 20
"""The longest line ``plays`` reads, in bytes: 1 MiB (a query is a few hundred bytes)."""
_SKIP_CHUNK = 1 << 16
_EMPTY_LINE = error_json("empty line: expected a JSON object")


def answer_raw_line(raw: bytes, answer_line: Callable[[str], str] = answer_line) -> bytes:
    """What ``plays`` writes for one line as read, with or without its line ending: one JSON
    object in UTF-8, ending its line. Any failure is an error answer, never a crash.

    >>> answer_raw_line(b'{"variant": "portes", "dice": [1, 1], '
    ...                 b'"position": {"mover": {}, "opponent": {"6": 1}}}\\n')
    b'{"count": 0, "plays": []}\\n'
    >>> answer_raw_line(b'{"variant": "portes\\xff"}\\n')
    b'{"error": "the line is not UTF-8 text: at byte 20 (ff), invalid start byte; write \
queries in UTF-8"}\\n'
    """
    try:
        text = raw.decode()
    except UnicodeDecodeError as error:
        answer = error_json(
            f"the line is not UTF-8 text: at byte {error.start + 1} "
            f"({raw[error.start : error.end].hex(' ')}), {error.reason}; write queries in UTF-8"
        )
    else:
        text = text.strip()
        try:
            return ((answer_line(text) if text else _EMPTY_LINE) + "\n").encode()
        except Exception as error:  # a bug, not the line's fault: say so, and go on
            answer = error_json(_internal_error(error))
    return (answer + "\n").encode()  # error_json's text always encodes


def _internal_error(error: Exception) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return (
        f"internal error: {type(error).__name__}{where}: {short_repr(str(error))}; this is a "
        "bug in Tabula, not in the line: please report it with the line"
    )


def _lines(reader: BinaryIO, limit: int) -> Iterator[bytes | int]:
    """Each line of ``reader`` as it comes (never waiting for the next), or for a line over
    ``limit`` bytes its length: the rest of such a line is read in chunks and dropped."""
    while line := reader.readline(limit + 1):
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        size = len(line)
        while not line.endswith(b"\n") and (line := reader.readline(_SKIP_CHUNK)):
            size += len(line)
        yield size - line.endswith(b"\n")


def run_plays(
    source: BinaryIO | TextIO,
    sink: BinaryIO | TextIO,
    answer_line: Callable[[str], str] = answer_line,
    *,
    limit: int = LINE_LIMIT,
) -> int:
    """Answer every line of ``source`` on ``sink``, flushing each answer for tools that wait.

    Both are byte streams, or text streams over one (``sys.stdin``): the bytes are read and
    written as UTF-8 whatever the locale. Returns 0 when ``source`` ends, 2 when ``sink`` cannot
    be written; raises ``BrokenPipeError`` when the client has stopped reading, and ``OSError``
    when ``source`` cannot be read. (The bench passes another ``answer_line`` to time GNU
    Backgammon the same way.)
    """
    reader: BinaryIO = getattr(source, "buffer", source)
    sink.flush()
    writer: BinaryIO = getattr(sink, "buffer", sink)
    for line in _lines(reader, limit):
        if isinstance(line, bytes):
            answer = answer_raw_line(line, answer_line)
        else:
            answer = (
                error_json(f"the line is {line:,} bytes; a query is at most {limit:,} bytes") + "\n"
            ).encode()
        try:
            writer.write(answer)
            writer.flush()
        except BrokenPipeError:  # the client stopped reading: python -m generator ends quietly
            raise
        except OSError as error:
            print(f"generator plays: cannot write standard output: {error}", file=sys.stderr)
            return 2
    return 0


def run_check(paths: Sequence[str], *, quiet: bool = False, lang: str = "en") -> int:
    """The ``check`` contract (DESIGN.md): one line per problem, a summary, exit 0 or 1.

    A file named on its own is checked against the project it belongs to (the folder above it
    with ``mkdocs.yml`` or ``puzzles/``): its ids must not be taken by another file there, and
    its lessons may name the project's puzzles. Only problems in the files named are printed.
    The messages are in ``lang``; the places and ``error:`` are the contract's in any language."""
    from pathlib import Path

    from .locale import _
    from .puzzles import Report, check_files, yaml_files
    from .puzzles.check import SOURCE_SUFFIXES, project_files, project_root, site_languages

    missing = Report()
    if paths:
        given = [Path(p) for p in paths]
        # A dangling link is not missing: reading it says where it points.
        targets = [path for path in given if path.exists() or path.is_symlink()]
        for path in given:
            if path not in targets:
                missing.error(path, 1, 1, _("no such file or folder: check the name"))
        known = project_files(targets)
        root = project_root(targets[0]) if targets else None
        docs = root / "docs" if root is not None else Path("docs")
    else:
        targets = [Path(folder) for folder in ("puzzles", "docs") if Path(folder).is_dir()]
        if not targets:
            nothing = _(
                "no puzzles/ or docs/ folder here: run this in a Tabula project, or "
                "name the files and folders to check"
            )
            print(f"error: {nothing.render(lang)}", file=sys.stderr)
            print(_summary(0, 0, 0, 0, 1, 0, lang))
            return 1
        known = yaml_files([Path("puzzles")]) if Path("puzzles").is_dir() else []
        docs = Path("docs")
    files = [path for path in yaml_files(targets, SOURCE_SUFFIXES) if not _generated(path)]
    colour = sys.stdout.isatty()
    show_progress = sys.stderr.isatty() and not quiet and len(files) > 50

    def progress(index: int, total: int, path: Path) -> None:
        if show_progress and index % 25 == 0:
            words = _("checking {index}/{total} files...", index=index, total=total)
            print(f"\r{words.render(lang)}", end="", file=sys.stderr, flush=True)

    languages = site_languages(docs)
    project = check_files(files, known=known, progress=progress, languages=languages)
    if show_progress:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    report = Report(missing.diagnostics + project.report.diagnostics)
    for diagnostic in report.sorted():
        line = diagnostic.line_in(lang)  # control characters of a file are escaped there
        if colour:
            paint = "31" if diagnostic.severity == "error" else "33"
            line = line.replace(
                f": {diagnostic.severity}: ", f": \033[{paint}m{diagnostic.severity}\033[0m: ", 1
            )
        print(line)
    errors, warnings = len(report.errors), len(report.warnings)
    if errors or warnings or not quiet:
        boards = sum(len(fences) for fences in project.fences.values())
        print(
            _summary(
                project.files,
                len(project.puzzles),
                len(project.lessons),
                boards,
                errors,
                warnings,
                lang,
            )
        )
    return 1 if errors else 0


def _generated(path: Path) -> bool:
    """A page the site plugin wrote (docs/<lang>/puzzles/..., lessons/, gallery/, or a killed
    build's hidden tree): not a source to check. Judged by the page's path inside its project
    (the nearest folder above it with mkdocs.yml, else
    :func:`~generator.puzzles.check.project_root`): the folders the project sits in do not count
    (a site made in ``~/docs/2025/``)."""
    import os

    from .puzzles.check import PROJECT_MARKERS, project_root
    from .site.generate import GENERATED

    if path.suffix != ".md":
        return False
    here = Path(os.path.abspath(path))
    # (Not project_root first: docs/<lang>/ holds a puzzles/ folder of generated pages.)
    marked = (p for p in here.parents if any((p / name).is_file() for name in PROJECT_MARKERS))
    root = next(marked, None) or project_root(here)
    parts = here.relative_to(root).parts if root is not None else here.parts
    return any(
        parts[i] == "docs"
        and (parts[i + 2] in GENERATED or any(part.startswith(".") for part in parts[i + 1 :]))
        for i in range(len(parts) - 2)
    )


def _summary(
    files: int, puzzles: int, lessons: int, boards: int, errors: int, warnings: int, lang: str
) -> str:
    """The summary line of ``check``, in ``lang``.

    >>> print(_summary(3, 2, 1, 4, 1, 0, "en"))
    checked 3 files (2 puzzles, 1 lesson and 4 boards clean): 1 error, 0 warnings
    >>> print(_summary(1, 1, 0, 0, 5, 2, "ru"))
    проверен 1 файл (1 задача, 0 уроков и 0 досок в порядке): 5 ошибок, 2 предупреждения
    """
    from .locale import Message, _

    problems = (
        _(
            "{errors}, {warnings}",
            errors=Message.ngettext("{count} error", "{count} errors", errors, count=errors),
            warnings=Message.ngettext(
                "{count} warning", "{count} warnings", warnings, count=warnings
            ),
        )
        if errors or warnings
        else _("no problems")
    )
    summary = _(
        "{checked} ({puzzles}, {lessons} and {boards} clean): {problems}",
        checked=Message.ngettext(
            "checked {count} file", "checked {count} files", files, count=files
        ),
        puzzles=Message.ngettext("{count} puzzle", "{count} puzzles", puzzles, count=puzzles),
        lessons=Message.ngettext("{count} lesson", "{count} lessons", lessons, count=lessons),
        boards=Message.ngettext("{count} board", "{count} boards", boards, count=boards),
        problems=problems,
    )
    return summary.render(lang)


def run_show(path_text: str, lang: str) -> int:
    """``show``: the puzzle's board, question and the engine's answer, in ``lang``; for a
    lesson, its title, introduction and puzzles in order."""
    from pathlib import Path

    from .puzzles import Report, solve
    from .puzzles.diagnostics import printable
    from .puzzles.show import is_lesson_source, load_draft, show, show_lesson

    path = Path(path_text)
    report = Report()
    text = None
    if is_lesson_source(path):
        text = show_lesson(path, lang, report)
    else:
        # A new puzzle is shown while its texts are still TODO, with a note saying so.
        puzzle, unwritten = load_draft(path, report)
        solution = solve(puzzle, report) if puzzle is not None else None
        if puzzle is not None and solution is not None and not report.errors:
            text = show(puzzle, solution, lang, unwritten=unwritten)
    for diagnostic in report.sorted():
        print(diagnostic.line_in(lang), file=sys.stderr)
    if text is not None:
        # Whatever a file holds is printed escaped: it cannot drive the terminal.
        print("\n".join(printable(line) for line in text.split("\n")))
    return 1 if text is None or report.errors else 0


def run_new(args: argparse.Namespace) -> int:
    """``new``: write a ready-to-edit puzzle file; never overwrite one without --force.

    Exit status 0 when the file is written, 2 (as for any other usage error) when an argument
    or the path is refused; then nothing is written. The messages are in ``args.lang``."""
    import os
    import shlex
    from pathlib import Path

    from .engine import check_dice, from_position_id, from_text, from_xgid
    from .locale import _
    from .puzzles.new import WriteError, default_id, id_problem, new_puzzle, write_files

    lang = args.lang
    path = Path(args.path)
    if args.path.endswith("/") or os.path.isdir(args.path):
        return _usage_error(
            _(
                "{path} is a folder: name the file to write, such as {example}",
                path=args.path,
                example=path / "my-puzzle.yaml",
            ),
            lang,
        )
    if path.suffix not in (".yaml", ".yml"):
        path = path.with_suffix(".yaml")
    puzzle_id = default_id(path.stem) if args.id is None else args.id
    problem = id_problem(puzzle_id)
    if problem is not None:
        return _usage_error(_("--id {problem}", problem=problem), lang)
    try:
        variant = find_variant(args.variant)
        dice = check_dice(args.dice) if args.dice else None
        if args.xgid:
            info = from_xgid(args.xgid, variant)
            position, dice = info.position, dice or info.dice
        elif args.gnubg:
            position = from_position_id(args.gnubg, variant)
        elif args.text:
            position = from_text(variant, args.text)
        else:
            position = variant.start()
    except EngineError as error:
        return _usage_error(str(error), lang)
    text = new_puzzle(variant, position, dice or (6, 3), puzzle_id)
    try:
        write_files({path: text}, force=args.force)
    except WriteError as error:
        return _usage_error(error.words, lang)
    shown = shlex.quote(str(path))
    done = _(
        "wrote {path}: fill in the TODOs, then run: {command}",
        path=path,
        command="python -m generator check " + shown,
    )
    print(done.render(lang))
    return 0


def run_init(folder: str, languages: str, title: str, *, force: bool = False) -> int:
    """``init``: a new lesson site of a teacher's own. Exit status 0 when it is written, 2 (as
    for any other usage error) when an argument or the folder is refused; then nothing is
    written. The messages are in the new site's first language (English when Tabula has no
    catalog for it)."""
    from pathlib import Path

    from .locale import LANGUAGES, _
    from .puzzles.new import WriteError
    from .site.init import init_project

    langs = tuple(part.strip() for part in languages.split(",") if part.strip())
    lang = langs[0] if langs and langs[0] in LANGUAGES else LANGUAGES[0]
    try:
        written = init_project(Path(folder), langs, title, force=force)
    except WriteError as error:
        return _usage_error(error.words, lang)
    except ValueError as error:
        return _usage_error(error.args[0] if error.args else str(error), lang)
    done = _(
        "wrote {count} files into {folder}: a site with three puzzles and a lesson.",
        count=len(written),
        folder=folder,
    )
    print(done.render(lang))
    print(_("next: {commands}", commands=next_commands(folder)).render(lang))
    return 0


def next_commands(folder: str, python: str | None = None) -> str:
    """The commands to paste after ``init``: into the new folder, then check and build it with
    the Python that has the generator (``python`` on the teacher's PATH may be another one, or
    none at all). Both are quoted for the shell.

    >>> print(next_commands("my class", "/home/t/.venv/bin/python"))
    cd 'my class' && /home/t/.venv/bin/python -m generator check && \
/home/t/.venv/bin/python -m mkdocs build
    >>> print(next_commands("club", "/Users/T Ivanova/venv/bin/python"))
    cd club && '/Users/T Ivanova/venv/bin/python' -m generator check && \
'/Users/T Ivanova/venv/bin/python' -m mkdocs build
    """
    import shlex

    interpreter = shlex.quote(python or sys.executable or "python3")
    return (
        f"cd {shlex.quote(folder)} && {interpreter} -m generator check && "
        f"{interpreter} -m mkdocs build"
    )


def _usage_error(message: object, lang: str = "en") -> int:
    """Say why a teacher command refused its arguments, in ``lang`` (a
    :class:`~generator.locale.Message` is worded there, any other text is printed as it is);
    its exit status is argparse's for a usage error."""
    from .locale import Message

    text = message.render(lang) if isinstance(message, Message) else str(message)
    print(f"error: {text}", file=sys.stderr)
    return 2


def _xgid_joined(argv: Sequence[str]) -> list[str]:
    """The arguments with ``--xgid VALUE`` written as ``--xgid=VALUE``.

    An XGID pasted without its ``XGID=`` prefix usually starts with "-" (its first character is
    a bar, most often empty), and argparse would take it for an option and refuse the command.

    >>> _xgid_joined(["new", "--xgid", "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "p"])
    ['new', '--xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10', 'p']
    >>> _xgid_joined(["new", "--xgid", "--force"])
    ['new', '--xgid', '--force']
    """
    joined: list[str] = []
    arguments = iter(argv)
    for argument in arguments:
        if argument == "--":  # everything after it is a positional argument, as written
            joined += [argument, *arguments]
            break
        if argument == "--xgid":
            value = next(arguments, None)
            if value is not None and value.startswith("-") and ":" in value:
                joined.append(f"--xgid={value}")
                continue
            joined += [argument] if value is None else [argument, value]
            continue
        joined.append(argument)
    return joined


def _drill_rules() -> str:
    from .puzzles.drill import rule_list

    return "the rules of each game (--variant GAME --rule RULE):\n\n" + rule_list()


def _add_lang(parser: argparse.ArgumentParser, what: str) -> None:
    from .locale import LANGUAGES

    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=f"{what} (default: the first language of the project here, else en)",
    )


def _lang(args: argparse.Namespace) -> str:
    """The language a command speaks: ``--lang``, else the first language of the project it
    runs in (its mkdocs.yml, else its docs/<lang> folders), else English."""
    if args.lang is not None:
        return str(args.lang)
    from .puzzles.check import project_language

    return project_language()


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _xgid_joined(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m generator",
        description="Tabula: the rules engine and site generator for the backgammon family.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser(
        "plays",
        help="read JSON lines (variant, position, dice) and answer each with its legal plays",
        description="Reads one JSON object per line on standard input and writes one JSON line "
        'per input line: {"count": N, "plays": [...]} or {"error": ...}.',
    )
    check = commands.add_parser(
        "check",
        help="check puzzles and lessons (default: the project's puzzles/ folder)",
        description="Checks every puzzle and lesson file named (folders are searched for "
        ".yaml files): one line per problem as path:line:column: error: message, then a "
        "summary. Exit status 0 when there is no error, 1 otherwise.",
    )
    check.add_argument("paths", nargs="*", metavar="PATH", help="files or folders to check")
    check.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    _add_lang(check, "the language of the messages")
    init = commands.add_parser(
        "init",
        help="create a lesson site of your own: mkdocs.yml, a sample lesson, a README",
        description="Creates a new Tabula project in DIR: its mkdocs.yml (with the Tabula "
        "plugin), a home page per language, three sample puzzles, a lesson and a README with "
        "the two commands to check and build it.",
    )
    init.add_argument("folder", metavar="DIR", help="the folder of the new site")
    init.add_argument("--lang", default="en,ru", help="languages, such as en or en,ru (default)")
    init.add_argument("--title", default="My Tabula lessons", help="the site's name")
    init.add_argument("--force", action="store_true", help="replace files of a site already in DIR")
    offline = commands.add_parser(
        "offline",
        help="make a copy of the built site that opens from a folder or a USB stick, and a zip",
        description="Copies the built site (building it first when it is missing, or with "
        "--build) into a folder that works opened from disk, without a web server: links to "
        "folders name their index.html, instant navigation is off, and the search box says "
        "that search needs a web server. Every link of the copy is checked; then the copy "
        "is zipped to hand out. Exit status 0 when written, 1 when the build failed or a link "
        "leads nowhere (then nothing is written).",
    )
    offline.add_argument(
        "--site-dir", default="site", metavar="DIR", help="the built site (default: site)"
    )
    offline.add_argument(
        "--out", metavar="DIR", help="the folder of the copy (default: site-offline beside it)"
    )
    offline.add_argument(
        "--zip", metavar="FILE", help="the zip to write (default: the copy's folder + .zip)"
    )
    offline.add_argument("--no-zip", action="store_true", help="write the folder only")
    offline.add_argument(
        "--build", action="store_true", help="build the site first (python -m mkdocs build)"
    )
    drill = commands.add_parser(
        "drill",
        help="write new puzzles that each drill one rule, found and checked by the engine",
        # The rules are a table: keep its lines, and wrap the description here instead.
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=textwrap.fill(
            "Searches positions where one rule decides the answer and writes N puzzle files "
            "drilling it, each checked by the engine, with prompts and explanations in both "
            "languages. The same --seed gives the same files.",
            width=88,
        ),
        # Listing the rules imports the drills (80 ms): not for the other commands.
        epilog=_drill_rules() if "drill" in arguments else None,
    )
    drill.add_argument("out_dir", metavar="OUT_DIR", help="the folder to write the puzzles into")
    drill.add_argument("--variant", required=True, help="the game, such as long-nardy")
    drill.add_argument(
        "--rule", required=True, help="the rule, such as head (the rules of each game are below)"
    )
    drill.add_argument("--count", type=int, default=10, help="how many puzzles (default 10)")
    drill.add_argument("--level", type=int, default=None, help="only drills of this level")
    drill.add_argument("--seed", type=int, default=None, help="the seed (default: printed)")
    _add_lang(drill, "the language of the messages")
    show = commands.add_parser(
        "show",
        help="show a puzzle in the terminal: board, question, legal plays, answer",
        description="Draws the puzzle's board as text and prints its question, the legal "
        "plays and the engine's answer in the chosen language.",
    )
    show.add_argument("puzzle", metavar="PUZZLE.yaml", help="the puzzle file")
    _add_lang(show, "the language of the puzzle's texts and of the messages")
    new = commands.add_parser(
        "new",
        help="write a new puzzle file to fill in",
        description="Writes a ready-to-edit puzzle file with every field present and "
        "commented: the starting position, or one given as XGID, GNU Backgammon Position ID "
        "or text form.",
    )
    new.add_argument(
        "path", metavar="PATH", help="the file to write, such as puzzles/backgammon/my-puzzle.yaml"
    )
    new.add_argument("--variant", required=True, help="the game, such as backgammon")
    source = new.add_mutually_exclusive_group()
    source.add_argument("--start", action="store_true", help="the starting position (default)")
    source.add_argument("--xgid", help='a position as XGID, with or without its "XGID=" prefix')
    source.add_argument("--gnubg", help="a GNU Backgammon Position ID")
    source.add_argument("--text", help='a position in text form ("24:2 13:5 / 19:5 1:2")')
    new.add_argument("--dice", nargs=2, type=int, metavar=("D1", "D2"), help="the roll")
    new.add_argument("--id", help="the puzzle's id (default: from the file name)")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    _add_lang(new, "the language of the messages")
    bench = commands.add_parser("bench", help="print the engine's speed figures")
    bench.add_argument(
        "what",
        choices=["engine", "check", "render", "widget", "site"],
        help="what to measure: the engine on random positions, checking generated puzzles, or "
        "drawing boards",
    )
    bench.add_argument(
        "--count", type=int, default=None, help="positions (default 2000) or puzzles (default 1000)"
    )
    bench.add_argument("--seed", type=int, default=None, help="random seed (default: fixed)")
    args = parser.parse_args(arguments)
    if args.command == "plays":
        if sys.stdin is None or sys.stdout is None:  # started with the stream closed
            closed = "read standard input" if sys.stdin is None else "write standard output"
            print(f"generator plays: cannot {closed}: it is closed", file=sys.stderr)
            return 2
        try:
            return run_plays(sys.stdin, sys.stdout)
        except BrokenPipeError:  # not a read error: __main__ ends quietly
            raise
        except OSError as error:
            print(f"generator plays: cannot read standard input: {error}", file=sys.stderr)
            return 2
    if args.command == "init":
        return run_init(args.folder, args.lang, args.title, force=args.force)
    if args.command == "offline":
        from .site.offline import run_offline

        if args.no_zip and args.zip:
            return _usage_error("--zip and --no-zip say opposite things: give one of them")
        return run_offline(
            args.site_dir, args.out, args.zip, build=args.build, zip_it=not args.no_zip
        )
    if args.command == "drill":
        from pathlib import Path

        from .puzzles.drill import run_drill

        return run_drill(
            args.variant,
            args.rule,
            args.count,
            Path(args.out_dir),
            level=args.level,
            seed=args.seed,
            lang=_lang(args),
        )
    if args.command == "show":
        return run_show(args.puzzle, _lang(args))
    if args.command == "new":
        args.lang = _lang(args)
        return run_new(args)
    if args.command == "check":
        return run_check(args.paths, quiet=args.quiet, lang=_lang(args))
    if args.command == "bench":
        from .bench import print_bench, print_check_bench

        seed = {} if args.seed is None else {"seed": args.seed}
        if args.what == "check":
            print_check_bench(count=args.count or 1000, **seed)
        elif args.what == "site":
            from .site.bench import print_site_bench

            print_site_bench(puzzles=args.count or 1000, **seed)
        elif args.what == "widget":
            from .render.widget_bench import print_widget_bench

            print_widget_bench(count=args.count or 500, **seed)
        elif args.what == "render":
            from .render.bench import print_render_bench

            print_render_bench(count=args.count or 1000, **seed)
        else:
            print_bench(count=args.count or 2000, **seed)
        return 0
    return 2  # pragma: no cover - argparse rejects other commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
