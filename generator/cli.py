"""The command line: ``python -m generator COMMAND``.

``plays``  the engine's JSON-lines contract (DESIGN.md): one answer line per input line.
``bench``  prints the engine's speed figures.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .engine import EngineError, Position, check_dice, find_variant
from .engine.board import BAR, POINTS, Side
from .engine.jsonform import position_from_json
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
        return _answer(json.loads(line))
    except json.JSONDecodeError as error:
        message = f"not valid JSON: {error.msg} at column {error.colno}"
    except RecursionError:
        message = "not valid JSON here: nested too deeply"
    except EngineError as error:
        message = str(error)
    return json.dumps({"error": message}, ensure_ascii=False)


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
    variant = find_variant(query["variant"])
    dice = query["dice"]
    if not isinstance(dice, list):
        raise EngineError(f'"dice" is a list of two dice, such as [5, 2]; got {dice!r}')
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


def run_plays(source: TextIO, sink: TextIO, answer_line: Callable[[str], str] = answer_line) -> int:
    """Answer every line of ``source`` on ``sink``, flushing each answer for tools that wait.
    (The bench passes another ``answer_line`` to time GNU Backgammon the same way.)"""
    for line in source:
        text = line.strip()
        answer = (
            answer_line(text)
            if text
            else json.dumps({"error": "empty line: expected a JSON object"})
        )
        sink.write(answer + "\n")
        sink.flush()
    return 0


def run_check(paths: Sequence[str], *, quiet: bool = False) -> int:
    """The ``check`` contract (DESIGN.md): one line per problem, a summary, exit 0 or 1."""
    from pathlib import Path

    from .puzzles import check_files, yaml_files
    from .puzzles.check import SOURCE_SUFFIXES, site_languages

    if paths:
        targets = [Path(p) for p in paths]
        missing = [p for p in targets if not p.exists()]
        for path in missing:
            print(f"{path}:1:1: error: no such file or folder", file=sys.stderr)
        if missing:
            return 1
    else:
        targets = [Path(folder) for folder in ("puzzles", "docs") if Path(folder).is_dir()]
        if not targets:
            print(
                "error: no puzzles/ or docs/ folder here: run this in a Tabula project, or "
                "name the files and folders to check",
                file=sys.stderr,
            )
            return 1
    files = [path for path in yaml_files(targets, SOURCE_SUFFIXES) if not _generated(path)]
    known = yaml_files([Path("puzzles")]) if Path("puzzles").is_dir() else []
    colour = sys.stdout.isatty()
    show_progress = sys.stderr.isatty() and not quiet and len(files) > 50

    def progress(index: int, total: int, path: Path) -> None:
        if show_progress and index % 25 == 0:
            print(f"\rchecking {index}/{total} files...", end="", file=sys.stderr, flush=True)

    languages = site_languages(Path("docs"))
    project = check_files(files, known=known, progress=progress, languages=languages)
    if show_progress:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    diagnostics = project.report.sorted()
    for diagnostic in diagnostics:
        line = str(diagnostic)
        if colour:
            paint = "31" if diagnostic.severity == "error" else "33"
            line = line.replace(
                f": {diagnostic.severity}: ", f": \033[{paint}m{diagnostic.severity}\033[0m: ", 1
            )
        print(line)
    errors, warnings = len(project.report.errors), len(project.report.warnings)
    if errors or warnings or not quiet:
        boards = sum(len(fences) for fences in project.fences.values())
        print(
            _summary(
                project.files, len(project.puzzles), len(project.lessons), boards, errors, warnings
            )
        )
    return 1 if errors else 0


def _generated(path: Path) -> bool:
    """A page the site plugin wrote (docs/<lang>/puzzles/..., lessons/, gallery/): not a
    source to check."""
    from .site.generate import GENERATED

    parts = path.parts
    return path.suffix == ".md" and any(
        parts[i] == "docs" and parts[i + 2] in GENERATED for i in range(len(parts) - 2)
    )


def _summary(
    files: int, puzzles: int, lessons: int, boards: int, errors: int, warnings: int
) -> str:
    def count(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    problems = (
        f"{count(errors, 'error')}, {count(warnings, 'warning')}"
        if errors or warnings
        else "no problems"
    )
    return (
        f"checked {count(files, 'file')} ({count(puzzles, 'puzzle')}, {count(lessons, 'lesson')}"
        f" and {count(boards, 'board')} clean): {problems}"
    )


def run_show(path_text: str, lang: str) -> int:
    """``show``: the puzzle's board, question and the engine's answer, in ``lang``."""
    from pathlib import Path

    from .puzzles import Report, load_puzzle, solve
    from .puzzles.show import show

    path = Path(path_text)
    report = Report()
    puzzle = load_puzzle(path, report) if path.is_file() else None
    if not path.is_file():
        report.error(path, 1, 1, "no such file: name a puzzle's .yaml file")
    solution = solve(puzzle, report) if puzzle is not None else None
    for diagnostic in report.sorted():
        print(diagnostic, file=sys.stderr)
    if puzzle is None or solution is None or report.errors:
        return 1
    print(show(puzzle, solution, lang))
    return 0


def run_new(args: argparse.Namespace) -> int:
    """``new``: write a ready-to-edit puzzle file; never overwrite one without --force."""
    import re
    from pathlib import Path

    from .engine import check_dice, from_position_id, from_text, from_xgid
    from .puzzles.new import new_puzzle

    path = Path(args.path)
    if path.suffix not in (".yaml", ".yml"):
        path = path.with_suffix(".yaml")
    if path.exists() and not args.force:
        print(
            f"error: {path} exists: choose another name, or add --force to replace it",
            file=sys.stderr,
        )
        return 1
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
        print(f"error: {error}", file=sys.stderr)
        return 1
    puzzle_id = args.id or re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-") or "puzzle"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new_puzzle(variant, position, dice or (6, 3), puzzle_id), encoding="utf-8")
    print(f"wrote {path}: fill in the TODOs, then run: python -m generator check {path}")
    return 0


def run_init(folder: str, languages: str, title: str) -> int:
    """``init``: a new lesson site of a teacher's own."""
    from pathlib import Path

    from .site.init import init_project

    langs = tuple(part.strip() for part in languages.split(",") if part.strip())
    try:
        written = init_project(Path(folder), langs, title)
    except (ValueError, FileExistsError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"wrote {len(written)} files into {folder}: a site with three puzzles and a lesson.")
    print(f"next: cd {folder} && python -m generator check && python -m mkdocs build")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
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
    drill = commands.add_parser(
        "drill",
        help="write new puzzles that each drill one rule, found and checked by the engine",
        description="Searches positions where one rule decides the answer and writes N puzzle "
        "files drilling it, each checked by the engine, with prompts and explanations in both "
        "languages. The same --seed gives the same files.",
    )
    drill.add_argument("out_dir", metavar="OUT_DIR", help="the folder to write the puzzles into")
    drill.add_argument("--variant", required=True, help="the game, such as long-nardy")
    drill.add_argument("--rule", required=True, help="the rule, such as head (see the list)")
    drill.add_argument("--count", type=int, default=10, help="how many puzzles (default 10)")
    drill.add_argument("--level", type=int, default=None, help="only drills of this level")
    drill.add_argument("--seed", type=int, default=None, help="the seed (default: printed)")
    show = commands.add_parser(
        "show",
        help="show a puzzle in the terminal: board, question, legal plays, answer",
        description="Draws the puzzle's board as text and prints its question, the legal "
        "plays and the engine's answer in the chosen language.",
    )
    show.add_argument("puzzle", metavar="PUZZLE.yaml", help="the puzzle file")
    show.add_argument("--lang", choices=["en", "ru"], default="en", help="language (default en)")
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
    source.add_argument("--xgid", help='a position as XGID ("XGID=...")')
    source.add_argument("--gnubg", help="a GNU Backgammon Position ID")
    source.add_argument("--text", help='a position in text form ("24:2 13:5 / 19:5 1:2")')
    new.add_argument("--dice", nargs=2, type=int, metavar=("D1", "D2"), help="the roll")
    new.add_argument("--id", help="the puzzle's id (default: from the file name)")
    new.add_argument("--force", action="store_true", help="replace an existing file")
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
    args = parser.parse_args(argv)
    if args.command == "plays":
        try:
            return run_plays(sys.stdin, sys.stdout)
        except (OSError, UnicodeDecodeError) as error:
            print(f"generator plays: cannot read standard input: {error}", file=sys.stderr)
            return 2
    if args.command == "init":
        return run_init(args.folder, args.lang, args.title)
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
        )
    if args.command == "show":
        return run_show(args.puzzle, args.lang)
    if args.command == "new":
        return run_new(args)
    if args.command == "check":
        return run_check(args.paths, quiet=args.quiet)
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
