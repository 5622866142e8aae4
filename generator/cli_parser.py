"""The command line's arguments, read and explained in the teacher's language.

``python -m generator --help``, each command's ``--help`` and every refusal of its arguments
are worded in the language the command speaks (:func:`argv_language`): our help texts come from
the catalogs, and argparse's own words (``usage:``, the headings, "the following arguments are
required") are replaced through its public API: a parser with our own ``-h`` and our own
argument groups, a help formatter that writes our ``usage:``, and an ``error()`` that rewords
argparse's message (:func:`argparse_words`).
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NoReturn

from .locale import LANGUAGES, N_, gettext

# argparse's messages (Python 3.11 to 3.13), as message ids: the English is argparse's own
# sentence, its %-fields written as {name}, so the English text stays exactly argparse's.
ARGPARSE_MESSAGES = (
    N_("the following arguments are required: {names}"),
    N_("unrecognized arguments: {names}"),
    N_("argument {name}: {problem}"),
    N_("invalid choice: {value} (choose from {choices})"),
    N_("invalid int value: {value}"),
    N_("invalid {kind} value: {value}"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("expected {count} arguments"),
    N_("not allowed with argument {name}"),
    N_("one of the arguments {names} is required"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("ignored explicit argument {value}"),
)


def _pattern(message: str) -> re.Pattern[str]:
    fields = re.split(r"\{(\w+)\}", message)
    parts = [
        f"(?P<{part}>.+?)" if index % 2 else re.escape(part) for index, part in enumerate(fields)
    ]
    return re.compile("".join(parts) + "$", re.DOTALL)


_PATTERNS = tuple((message, _pattern(message)) for message in ARGPARSE_MESSAGES)


def argparse_words(message: str, lang: str) -> str:
    """One of argparse's error messages in ``lang``; a message it does not know stays as it is.

    >>> argparse_words("the following arguments are required: --variant, --rule", "ru")
    'не хватает обязательных аргументов: --variant, --rule'
    >>> argparse_words("argument --lang: invalid choice: 'de' (choose from 'en', 'ru')", "ru")
    "аргумент --lang: недопустимое значение 'de' (можно: 'en', 'ru')"
    >>> argparse_words("unrecognized arguments: --colour", "en")
    'unrecognized arguments: --colour'
    """
    if lang == LANGUAGES[0]:
        return message
    for text, pattern in _PATTERNS:
        found = pattern.match(message)
        if found is None:
            continue
        fields = found.groupdict()
        if "problem" in fields:  # "argument --lang: ..." holds another of argparse's messages
            fields["problem"] = argparse_words(fields["problem"], lang)
        return gettext(text, lang).format(**fields)
    return message


def argv_language(argv: Sequence[str]) -> str:
    """The language a command speaks, found before its arguments are read: the first language
    of ``--lang`` (``init --lang ru,en`` speaks Russian), else the first language of the project
    it runs in, else English. ``plays``, a contract for programs, always speaks English.

    >>> argv_language(["check", "--lang", "ru"]), argv_language(["init", "x", "--lang=ru,en"])
    ('ru', 'ru')
    >>> argv_language(["plays", "--lang", "ru"])
    'en'
    """
    given = [argument for argument in argv[: _end(argv)] if not argument.startswith("-")]
    if given[:1] == ["plays"]:
        return LANGUAGES[0]
    for index, argument in enumerate(argv[: _end(argv)]):
        value = None
        if argument.startswith("--lang="):
            value = argument.removeprefix("--lang=")
        elif argument == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        first = value.split(",")[0].strip() if value is not None else None
        if first in LANGUAGES:
            return str(first)
    from .puzzles.check import project_language

    return project_language()


def _end(argv: Sequence[str]) -> int:
    return list(argv).index("--") if "--" in argv else len(argv)


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help layout with our ``usage:``; descriptions are wrapped here, so that a
    table (the drill rules) keeps its lines."""

    def __init__(self, prog: str, *, lang: str) -> None:
        super().__init__(prog)
        self.lang = lang

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        if prefix is None:
            prefix = gettext("usage: ", self.lang)
        super().add_usage(usage, actions, groups, prefix)


class Parser(argparse.ArgumentParser):
    """An argument parser that speaks ``lang``: its ``-h``, its headings, its ``usage:`` and
    its errors. Its commands (:meth:`add_subparsers`) speak the same language."""

    def __init__(self, *args: Any, lang: str = LANGUAGES[0], **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", partial(_Formatter, lang=lang))
        kwargs["add_help"] = False  # our own -h, in our words
        super().__init__(*args, **kwargs)
        self.lang = lang
        self.arguments = self.add_argument_group(gettext("arguments", lang))
        self.options = self.add_argument_group(gettext("options", lang))
        self.options.add_argument(
            "-h", "--help", action="help", help=gettext("show this help and exit", lang)
        )

    def add_argument(self, *args: Any, **kwargs: Any) -> Any:
        """An argument, under our heading for its kind (argparse's own headings are English)."""
        positional = bool(args) and not args[0].startswith(tuple(self.prefix_chars))
        return (self.arguments if positional else self.options).add_argument(*args, **kwargs)

    def add_mutually_exclusive_group(self, **kwargs: Any) -> Any:
        return self.options.add_mutually_exclusive_group(**kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        kwargs.setdefault("parser_class", partial(Parser, lang=self.lang))
        return super().add_subparsers(**kwargs)

    def error(self, message: str) -> NoReturn:
        """Print the usage and argparse's ``message`` in our language; exit 2."""
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {argparse_words(message, self.lang)}\n")


def _wrapped(text: str) -> str:
    return textwrap.fill(text, width=88)


def build_parser(lang: str, *, drill_rules: Callable[[str], str] | None = None) -> Parser:
    """The parser of ``python -m generator``, every help text in ``lang``.

    ``drill_rules``: the table of the drills' rules for ``drill --help`` (listing them imports
    the drills, which the other commands do not need)."""
    _ = partial(gettext, lang=lang)
    messages_language = _(
        "the language of the messages (default: the first language of the project here, else en)"
    )
    parser = Parser(
        prog="python -m generator",
        lang=lang,
        description=_wrapped(
            _("Tabula: the rules engine and site generator for the backgammon family.")
        ),
    )
    # (Each command takes --lang too; this one lets "python -m generator --lang ru --help" speak.)
    parser.add_argument("--lang", dest="help_lang", choices=LANGUAGES, help=messages_language)
    commands = parser.add_subparsers(
        dest="command", required=True, metavar=_("COMMAND"), title=_("commands")
    )
    commands.add_parser(
        "plays",
        help=_("read JSON lines (variant, position, dice) and answer each with its legal plays"),
        description=_wrapped(
            _(
                "Reads one JSON object per line on standard input and writes one JSON line per "
                "input line: {answer} or {error}."
            ).format(answer='{"count": N, "plays": [...]}', error='{"error": ...}')
        ),
    )
    check = commands.add_parser(
        "check",
        help=_("check puzzles, lessons and the boards of pages (default: the whole project)"),
        description=_wrapped(
            _(
                "Checks every puzzle, lesson and page named (folders are searched for them): one "
                "line per problem as path:line:column: error: message, then a summary. Exit "
                "status 0 when there is no error, 1 otherwise."
            )
        ),
    )
    check.add_argument("paths", nargs="*", metavar=_("PATH"), help=_("files or folders to check"))
    check.add_argument("-q", "--quiet", action="store_true", help=_("print nothing on success"))
    check.add_argument("--lang", choices=LANGUAGES, help=messages_language)
    init = commands.add_parser(
        "init",
        help=_("create a lesson site of your own: mkdocs.yml, a sample lesson, a README"),
        description=_wrapped(
            _(
                "Creates a new Tabula project in a folder: its mkdocs.yml (with the Tabula "
                "plugin), a home page per language, three sample puzzles, a lesson and a README "
                "with the two commands to check and build it."
            )
        ),
    )
    init.add_argument("folder", metavar=_("DIR"), help=_("the folder of the new site"))
    init.add_argument(
        "--lang",
        default="en,ru",
        metavar=_("LANGUAGES"),
        help=_("languages, such as en or en,ru (default); the first is the site's main one"),
    )
    init.add_argument(
        "--title", default="My Tabula lessons", metavar=_("TITLE"), help=_("the site's name")
    )
    init.add_argument(
        "--force", action="store_true", help=_("replace the files of a site already there")
    )
    offline = commands.add_parser(
        "offline",
        help=_("make a copy of the built site that opens from a folder or a USB stick, and a zip"),
        description=_wrapped(
            _(
                "Copies the built site (building it first when it is missing, or with --build) "
                "into a folder that works opened from disk, without a web server: links to "
                "folders name their index.html, instant navigation is off, and the search box "
                "says that search needs a web server. Every link of the copy is checked; then "
                "the copy is zipped to hand out. Exit status 0 when written, 1 when the build "
                "failed or a link leads nowhere (then nothing is written)."
            )
        ),
    )
    offline.add_argument(
        "--site-dir", default="site", metavar=_("DIR"), help=_("the built site (default: site)")
    )
    offline.add_argument(
        "--out",
        metavar=_("DIR"),
        help=_("the folder of the copy (default: site-offline beside it)"),
    )
    offline.add_argument(
        "--zip", metavar=_("FILE"), help=_("the zip to write (default: the copy's folder + .zip)")
    )
    offline.add_argument("--no-zip", action="store_true", help=_("write the folder only"))
    offline.add_argument(
        "--build", action="store_true", help=_("build the site first (python -m mkdocs build)")
    )
    offline.add_argument("--lang", choices=LANGUAGES, help=messages_language)
    rules = None
    if drill_rules is not None:
        heading = _("the rules of each game (--variant GAME --rule RULE):")
        rules = heading + "\n\n" + drill_rules(lang)
    drill = commands.add_parser(
        "drill",
        help=_("write new puzzles that each drill one rule, found and checked by the engine"),
        description=_wrapped(
            _(
                "Searches positions where one rule decides the answer and writes N puzzle files "
                "drilling it, each checked by the engine, with prompts and explanations in both "
                "languages. The same --seed gives the same files."
            )
        ),
        epilog=rules,
    )
    drill.add_argument(
        "out_dir", metavar=_("OUT_DIR"), help=_("the folder to write the puzzles into")
    )
    drill.add_argument(
        "--variant", required=True, metavar=_("GAME"), help=_("the game, such as long-nardy")
    )
    drill.add_argument(
        "--rule",
        required=True,
        metavar=_("RULE"),
        help=_("the rule, such as head (the rules of each game are below)"),
    )
    drill.add_argument(
        "--count", type=int, default=10, metavar="N", help=_("how many puzzles (default 10)")
    )
    drill.add_argument(
        "--level", type=int, default=None, metavar="N", help=_("only drills of this level")
    )
    drill.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="N",
        help=_("the seed of the search (default: a new one, printed)"),
    )
    drill.add_argument("--lang", choices=LANGUAGES, help=messages_language)
    show = commands.add_parser(
        "show",
        help=_("show a puzzle in the terminal: board, question, legal plays, answer"),
        description=_wrapped(
            _(
                "Draws the puzzle's board as text and prints its question, the legal plays and "
                "the engine's answer in the chosen language; for a lesson, its puzzles in order."
            )
        ),
    )
    show.add_argument(
        "puzzle", metavar=_("PUZZLE.yaml"), help=_("the puzzle file (or a lesson's file)")
    )
    show.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=_(
            "the language of the puzzle's texts and of the messages (default: the first "
            "language of the project here, else en)"
        ),
    )
    new = commands.add_parser(
        "new",
        help=_("write a new puzzle file to fill in"),
        description=_wrapped(
            _(
                "Writes a ready-to-edit puzzle file with every field present and commented: the "
                "starting position, or one given as XGID, GNU Backgammon Position ID or text "
                "form."
            )
        ),
    )
    new.add_argument(
        "path",
        metavar=_("PATH"),
        help=_("the file to write, such as puzzles/backgammon/my-puzzle.yaml"),
    )
    new.add_argument(
        "--variant", required=True, metavar=_("GAME"), help=_("the game, such as backgammon")
    )
    source = new.add_mutually_exclusive_group()
    source.add_argument("--start", action="store_true", help=_("the starting position (default)"))
    source.add_argument(
        "--xgid", metavar="XGID", help=_('a position as XGID, with or without its "XGID=" prefix')
    )
    source.add_argument("--gnubg", metavar="ID", help=_("a GNU Backgammon Position ID"))
    source.add_argument(
        "--text",
        metavar=_("TEXT"),
        help=_('a position in text form ("24:2 13:5 / 19:5 1:2")'),
    )
    new.add_argument("--dice", nargs=2, type=int, metavar=("D1", "D2"), help=_("the roll"))
    new.add_argument("--id", metavar="ID", help=_("the puzzle's id (default: from the file name)"))
    new.add_argument("--force", action="store_true", help=_("replace an existing file"))
    new.add_argument("--lang", choices=LANGUAGES, help=messages_language)
    bench = commands.add_parser("bench", help=_("print the engine's speed figures"))
    bench.add_argument(
        "what",
        choices=["engine", "check", "render", "widget", "site", "referee", "pages", "lighthouse"],
        help=_(
            "what to measure: the engine on random positions, checking generated puzzles, "
            "drawing boards, the widget's data, building a site, the referee board, the "
            "weight of pages or Lighthouse's scores of pages (the last three in Chromium)"
        ),
    )
    bench.add_argument(
        "--count",
        type=int,
        default=None,
        metavar="N",
        help=_(
            "how many positions, puzzles, boards, referee steps, pages of each kind or "
            "Lighthouse runs of each page (each bench has its own default)"
        ),
    )
    bench.add_argument(
        "--seed", type=int, default=None, metavar="N", help=_("random seed (default: fixed)")
    )
    bench.add_argument(
        "--site",
        default=None,
        metavar=_("DIR"),
        help=_("lighthouse: rate this built site instead of building this project"),
    )
    bench.add_argument(
        "--desktop",
        action="store_true",
        help=_("lighthouse: rate pages as a desktop computer would show them (default: a phone)"),
    )
    return parser
