"""The command line: ``python -m generator COMMAND``.

``plays``  the engine's JSON-lines contract (DESIGN.md, served by :mod:`generator.plays`).
``bench``  prints the engine's speed figures.
``offline`` a copy of the built site that opens from a folder, and its zip.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .engine import EngineError, find_variant


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
    """The summary line of ``check``, in ``lang``: the files, what they hold (puzzles, lessons
    and boards found sound, the kinds with none left out), and the problems.

    >>> print(_summary(3, 2, 1, 4, 1, 0, "en"))
    checked 3 files (2 puzzles, 1 lesson and 4 boards): 1 error, 0 warnings
    >>> print(_summary(5, 3, 1, 0, 0, 0, "ru"))
    проверено 5 файлов (3 задачи и 1 урок): замечаний нет
    >>> print(_summary(3, 0, 0, 0, 6, 0, "ru"))
    проверено 3 файла: 6 ошибок, 0 предупреждений
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
    checked = Message.ngettext("checked {count} file", "checked {count} files", files, count=files)
    every_kind = (
        Message.ngettext("{count} puzzle", "{count} puzzles", puzzles, count=puzzles),
        Message.ngettext("{count} lesson", "{count} lessons", lessons, count=lessons),
        Message.ngettext("{count} board", "{count} boards", boards, count=boards),
    )
    kinds = [kind for kind in every_kind if kind.number]
    if not kinds:
        return _("{checked}: {problems}", checked=checked, problems=problems).render(lang)
    held = kinds[0]
    if len(kinds) > 1:
        rest = ", ".join(kind.render(lang) for kind in kinds[:-1])
        held = _("{kinds} and {last}", kinds=rest, last=kinds[-1])
    summary = _("{checked} ({kinds}): {problems}", checked=checked, kinds=held, problems=problems)
    return summary.render(lang)


def run_show(path_text: str, lang: str) -> int:
    """``show``: the puzzle's board, question and the engine's answer, in ``lang``; for a
    lesson, its title, introduction and puzzles in order."""
    from pathlib import Path

    from .puzzles import Report, solve
    from .puzzles.diagnostics import printable
    from .puzzles.show import is_lesson_source, load_draft, show, show_lesson, site_languages_of

    path = Path(path_text)
    report = Report()
    text = None
    # The texts a puzzle must have are those of its site's languages, as for check; a language
    # the site does not have shows the puzzle in the site's first.
    languages = site_languages_of(path)
    shown = lang if lang in languages else languages[0]
    if is_lesson_source(path):
        text = show_lesson(path, shown, report, languages=languages)
    else:
        # A new puzzle is shown while its texts are still TODO, with a note saying so.
        puzzle, unwritten = load_draft(path, report, languages=languages)
        solution = solve(puzzle, report) if puzzle is not None else None
        if puzzle is not None and solution is not None and not report.errors:
            text = show(puzzle, solution, shown, unwritten=unwritten)
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


def _drill_rules(lang: str) -> str:
    from .puzzles.drill import rule_list

    return rule_list(lang)


def main(argv: Sequence[str] | None = None) -> int:
    from .cli_parser import argv_language, build_parser

    arguments = _xgid_joined(sys.argv[1:] if argv is None else argv)
    # The language a command speaks: --lang, else the first language of the project it runs
    # in, else English; known before the arguments are read, so that --help and argparse's
    # refusals speak it too.
    lang = argv_language(arguments)
    # Listing the rules imports the drills (80 ms): not for the other commands.
    parser = build_parser(lang, drill_rules=_drill_rules if "drill" in arguments else None)
    args = parser.parse_args(arguments)
    if args.command == "plays":
        from .plays import serve

        return serve()
    if args.command == "init":
        return run_init(args.folder, args.lang, args.title, force=args.force)
    if args.command == "offline":
        from .locale import _
        from .site.offline import run_offline

        if args.no_zip and args.zip:
            opposite = _("--zip and --no-zip say opposite things: give one of them")
            return _usage_error(opposite, lang)
        return run_offline(
            args.site_dir, args.out, args.zip, build=args.build, zip_it=not args.no_zip, lang=lang
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
            lang=lang,
        )
    if args.command == "show":
        return run_show(args.puzzle, lang)
    if args.command == "new":
        args.lang = lang
        return run_new(args)
    if args.command == "check":
        return run_check(args.paths, quiet=args.quiet, lang=lang)
    if args.command == "bench":
        from pathlib import Path

        from .bench import run_bench

        site = Path(args.site) if args.site else None
        return run_bench(args.what, args.count, args.seed, site=site, desktop=args.desktop)
    return 2  # pragma: no cover - argparse rejects other commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
