"""A puzzle in the terminal: the board, the question and the engine's answer, in one language;
a lesson: its title, introduction and puzzles in order."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import yaml

from ..engine import BAR, OFF, Position
from ..locale import LANGUAGES, N_, VARIANT_NAMES, translations
from .check import (
    Solution,
    check_files,
    is_lesson_file,
    project_files,
    project_root,
    site_languages,
)
from .diagnostics import Report, display_path
from .load import PLACEHOLDERS, is_tags_file, load_lesson, load_puzzle
from .model import Lesson, Puzzle, Text
from .source import read_source, read_yaml
from .tasks import key_text
from .tasks import question as asked
from .tasks.result import WIN_WORDS as WIN_WORDS
from .tasks.result import WINS as WINS


def question(puzzle: Puzzle, lang: str) -> str:
    """The puzzle's prompt as the learner reads it in ``lang``: a legal task's ends with the
    play it asks about ("Is 13/7 13/10 legal?"), unless the prompt already writes that play.

    >>> from generator.puzzles import load_puzzle
    >>> from generator.puzzles.diagnostics import Report
    >>> text = Path("puzzles/backgammon/bg-hit-and-run.yaml").read_text(encoding="utf-8")
    >>> puzzle = load_puzzle(Path("bg-hit-and-run.yaml"), Report(), text=text)
    >>> question(puzzle, "en").endswith("all with the same checker? Is 6/3*/1 legal?")
    True
    >>> question(puzzle, "ru").endswith("Можно ли сыграть 6/3*/1?")
    True
    """
    return asked(puzzle, lang)


def with_question(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with its prompt as :func:`question` writes it in each language: what a page,
    a worksheet and an answer key show as the question."""
    if question(puzzle, "en") == puzzle.prompt.en and question(puzzle, "ru") == puzzle.prompt.ru:
        return puzzle
    return replace(puzzle, prompt=Text(question(puzzle, "en"), question(puzzle, "ru")))


def _cell(position: Position, point: int) -> str:
    """One point of the board: ``X3`` for three of the mover's checkers, ``O2`` for two of the
    opponent's; a lowercase letter after them is a checker pinned underneath."""
    mover, opponent = position.mover[point], position.opponent[point]
    if point in position.opponent_pinned:
        return f"X{mover}o"
    if point in position.mover_pinned:
        return f"O{opponent}x"
    if mover:
        return f"X{mover}"
    if opponent:
        return f"O{opponent}"
    return "."


def board_text(position: Position, lang: str = "en") -> str:
    """The board as text: the mover's home at the bottom right, points in the mover's
    numbering, X for the mover's checkers and O for the opponent's."""
    _ = translations(lang).gettext

    def row(points: list[int], cells: bool) -> str:
        left = "".join(f"{(_cell(position, p) if cells else str(p)):>5}" for p in points[:6])
        right = "".join(f"{(_cell(position, p) if cells else str(p)):>5}" for p in points[6:])
        return f"{left}  |{right}"

    top, bottom = list(range(13, 25)), list(range(12, 0, -1))
    lines = [row(top, False), row(top, True), "", row(bottom, True), row(bottom, False)]
    mover, opponent = position.mover, position.opponent
    lines.append(
        _("X: the player to move, {bar} on the bar, {off} off").format(
            bar=mover[BAR], off=mover[OFF]
        )
    )
    lines.append(
        _("O: the opponent, {bar} on the bar, {off} off").format(
            bar=opponent[BAR], off=opponent[OFF]
        )
    )
    lines.append(_("Points are numbered for the player to move."))
    return "\n".join(lines)


def show(
    puzzle: Puzzle,
    solution: Solution,
    lang: str = "en",
    *,
    unwritten: Sequence[tuple[str, str]] = (),
) -> str:
    """The puzzle as a page of text: title, board, dice, question and the engine's answer.

    ``unwritten``: the texts still to be written, as ``(field, language)`` (from
    :func:`load_draft`); a note under the title names them."""
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    variant = _(VARIANT_NAMES[puzzle.variant.key])
    lines = [
        f"{puzzle.title[lang]}",
        _("{variant}, level {level} · {id}").format(
            variant=variant, level=puzzle.level, id=puzzle.id
        ),
    ]
    if unwritten:
        lines.append(_unwritten_note(unwritten, lang))
    lines += [
        "",
        board_text(puzzle.position, lang),
        "",
    ]
    if puzzle.dice is not None:
        lines.append(
            _("Dice: {first}-{second}").format(first=puzzle.dice[0], second=puzzle.dice[1])
        )
    lines.append(_("Question: {prompt}").format(prompt=question(puzzle, lang)))
    if puzzle.dice is not None:
        plays = solution.plays
        if plays:
            lines.append(
                ngettext(
                    "{count} legal play: {plays}", "{count} legal plays: {plays}", len(plays)
                ).format(count=len(plays), plays=", ".join(p.notation for p in plays))
            )
        else:
            lines.append(_("No legal play: the turn passes."))
    lines.append(_("Answer: {answer}").format(answer=_answer(puzzle, solution, lang)))
    if puzzle.explain is not None:
        lines.append(_("Why: {explanation}").format(explanation=puzzle.explain[lang]))
    return "\n".join(lines)


# A new puzzle, its texts still TODO -----------------------------------------------------------

TEXT_FIELDS = {"title": N_("title"), "prompt": N_("question"), "explain": N_("explanation")}
"""The texts of a puzzle that ``show`` can stand in for, and how its note names them."""
IN_LANGUAGE = {"en": N_("in English"), "ru": N_("in Russian")}
STAND_IN = N_("(text still to be written)")
"""What ``show`` prints in place of a text that is still a placeholder."""


def _is_placeholder(text: str) -> bool:
    """The test of the puzzle reader (``generator.puzzles.load``): "TODO", "...", "?"."""
    words = text.strip().lower()
    return words.strip(".!? ") in PLACEHOLDERS or words in PLACEHOLDERS


def _placeholders(text: str, languages: tuple[str, ...]) -> list[tuple[str, str, int, int]]:
    """``(field, language, start, end)`` of each text of the puzzle in ``text``, in one of
    ``languages``, that is still a placeholder; the offsets are those of its YAML scalar
    (quotes and block indicator included)."""
    try:
        document = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return []  # the reader says what is wrong
    if not isinstance(document, yaml.MappingNode):
        return []
    found = []
    for key, value in document.value:
        if key.value not in TEXT_FIELDS or not isinstance(value, yaml.MappingNode):
            continue
        for lang_node, text_node in value.value:
            if (
                lang_node.value in languages
                and isinstance(text_node, yaml.ScalarNode)
                and text_node.tag == "tag:yaml.org,2002:str"
                and _is_placeholder(text_node.value)
            ):
                found.append(
                    (
                        key.value,
                        lang_node.value,
                        text_node.start_mark.index,
                        text_node.end_mark.index,
                    )
                )
    return found


def load_draft(
    path: Path, report: Report, *, languages: tuple[str, ...] = LANGUAGES
) -> tuple[Puzzle | None, tuple[tuple[str, str], ...]]:
    r"""The puzzle in ``path`` for ``show``, also while its texts are still placeholders (the
    TODOs that ``new`` writes): each such text reads "(text still to be written)", and the
    texts are returned as ``(field, language)`` for show's note. ``check`` still refuses such a
    puzzle. Its texts are required in ``languages``, the site's (see :func:`site_languages_of`).
    Every other problem of the file goes to ``report``, at its own line.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "new.yaml")
    ...     _ = path.write_text(
    ...         "id: new\nvariant: portes\ntitle: {en: TODO, ru: TODO}\nlevel: 1\n"
    ...         "position: {start: true}\ndice: [6, 5]\ntask: play\n"
    ...         "prompt:\n  en: Play the 6-5.\n  ru: >-\n    TODO\nanswer: any\n",
    ...         encoding="utf-8",
    ...     )
    ...     puzzle, unwritten = load_draft(path, Report())
    >>> puzzle.title.ru, puzzle.prompt.en
    ('(текст ещё не написан)', 'Play the 6-5.')
    >>> unwritten
    (('title', 'en'), ('title', 'ru'), ('prompt', 'ru'))
    """
    source = read_source(path, Report())
    spans = _placeholders(source, languages) if source is not None else []
    if source is None or not spans:
        return load_puzzle(path, report, languages=languages), ()
    draft = source
    for _field, lang, start, end in sorted(spans, key=lambda span: span[2], reverse=True):
        # The stand-in keeps the scalar's line breaks, so every other line keeps its number.
        stand_in = json.dumps(translations(lang).gettext(STAND_IN), ensure_ascii=False)
        draft = draft[:start] + stand_in + "\n" * source.count("\n", start, end) + draft[end:]
    seen = Report()
    puzzle = load_puzzle(path, seen, text=draft, languages=languages)
    if puzzle is None:  # something else is wrong too: report the file as it is written
        load_puzzle(path, report, text=source, languages=languages)
        return None, ()
    report.diagnostics += seen.diagnostics
    return puzzle, tuple((field, lang) for field, lang, _start, _end in spans)


def _unwritten_note(unwritten: Sequence[tuple[str, str]], lang: str) -> str:
    _ = translations(lang).gettext
    names = []
    for field in TEXT_FIELDS:
        langs = [language for name, language in unwritten if name == field]
        if not langs:
            continue
        name = _(TEXT_FIELDS[field])
        if len(langs) < len(LANGUAGES):
            name += " (" + ", ".join(_(IN_LANGUAGE[language]) for language in langs) + ")"
        names.append(name)
    return _(
        "Still to be written: {texts}. The board and the engine's answer are shown; check "
        "refuses the puzzle until every TODO is replaced by the text."
    ).format(texts=", ".join(names))


def answer_text(puzzle: Puzzle, solution: Solution, lang: str) -> str:
    """The engine's answer in words, in ``lang``: what the answer key and the solution say."""
    return key_text(puzzle, solution, lang)


_answer = answer_text  # the name the answer keys' tests know it by


# Lessons -----------------------------------------------------------------------------------


def is_lesson_source(path: Path) -> bool:
    """``path`` holds a lesson: it is in a ``lessons`` folder, or it lists ``puzzles`` and
    asks no ``task``."""
    if is_lesson_file(path):
        return True
    node = read_yaml(path, Report())
    return bool(node and node.is_mapping and "puzzles" in node.value and "task" not in node.value)


def site_languages_of(path: Path) -> tuple[str, ...]:
    """The languages of the site that the puzzle or lesson in ``path`` belongs to, as ``check``
    reads them (the ``docs/<lang>`` folders of its project); both outside a project."""
    root = project_root(path)
    return site_languages(root / "docs") if root is not None else LANGUAGES


def show_lesson(
    path: Path, lang: str, report: Report, *, languages: tuple[str, ...] = LANGUAGES
) -> str | None:
    """The lesson in ``path`` as a page of text, its puzzles found in its project; ``None``
    when the lesson cannot be read. Its problems (a puzzle it names that does not exist, or
    has problems of its own) go to ``report``; its texts are required in ``languages``."""
    known = project_files([path])
    project = check_files([path], known=known, languages=languages)
    report.diagnostics += project.report.diagnostics
    # A lesson that names a missing puzzle is not in the project, but it can still be shown.
    lesson = next(iter(project.lessons.values()), None) or load_lesson(
        path, Report(), languages=languages
    )
    if lesson is None:
        return None
    puzzles: dict[str, Puzzle] = {}
    for file in known:
        if file.suffix in (".yaml", ".yml") and not is_lesson_file(file) and not is_tags_file(file):
            puzzle = load_puzzle(file, Report(), languages=languages)
            if puzzle is not None:
                puzzles.setdefault(puzzle.id, puzzle)
    return lesson_text(lesson, puzzles, lang)


def lesson_text(lesson: Lesson, puzzles: dict[str, Puzzle], lang: str = "en") -> str:
    """The lesson as a page of text: its title, level, games, audience, introduction and its
    puzzles in order, each with its file (to ``show`` it), all in ``lang``."""
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    games = ", ".join(_(VARIANT_NAMES[variant.key]) for variant in lesson.variants)
    count = len(lesson.puzzles)
    lines = [
        lesson.title[lang],
        _("Lesson, level {level} · {id} · {games}").format(
            level=lesson.level, id=lesson.id, games=games
        ),
        _("For: {audience}").format(audience=lesson.audience[lang]),
        "",
        lesson.intro[lang],
        "",
        ngettext("{count} puzzle, in order:", "{count} puzzles, in order:", count).format(
            count=count
        ),
    ]
    for number, puzzle_id in enumerate(lesson.puzzles, start=1):
        puzzle = puzzles.get(puzzle_id)
        if puzzle is None:
            missing = _("{id}: not found (check the lesson)").format(id=puzzle_id)
            lines.append(f"{number:>3}. {missing}")
            continue
        lines.append(
            f"{number:>3}. {puzzle.title[lang]} · {puzzle_id} · {display_path(puzzle.where.path)}"
        )
    command = "python -m generator show " + _("PUZZLE.yaml")
    lines += ["", _("See a puzzle with: {command}").format(command=command)]
    return "\n".join(lines)
