"""A puzzle in the terminal: the board, the question and the engine's answer, in one language;
a lesson: its title, introduction and puzzles in order."""

from __future__ import annotations

from pathlib import Path

from ..engine import BAR, OFF, Position
from ..engine.board import place_name
from ..locale import N_, VARIANT_NAMES, explain, translations
from .check import Solution, check_files, is_lesson_file, project_files
from .diagnostics import Report, display_path
from .load import is_tags_file, load_lesson, load_puzzle
from .model import (
    CountTask,
    CubeTask,
    DestinationsTask,
    LegalTask,
    Lesson,
    PassTask,
    PlayTask,
    Puzzle,
    ResultTask,
)
from .source import read_yaml

WIN_WORDS = {
    "single": N_("a single game"),
    "gammon": N_("a gammon"),
    "backgammon": N_("a backgammon"),
    "mars": N_("a mars"),
    "oin": N_("an oin"),
    "mother": N_("the mother pin"),
    "drop": N_("a dropped double"),
    "draw": N_("a draw"),
}
"""How each kind of result reads after "wins" (and a draw on its own), as message ids."""


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


def show(puzzle: Puzzle, solution: Solution, lang: str = "en") -> str:
    """The puzzle as a page of text: title, board, dice, question and the engine's answer."""
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    variant = _(VARIANT_NAMES[puzzle.variant.key])
    lines = [
        f"{puzzle.title[lang]}",
        _("{variant}, level {level} · {id}").format(
            variant=variant, level=puzzle.level, id=puzzle.id
        ),
        "",
        board_text(puzzle.position, lang),
        "",
    ]
    if puzzle.dice is not None:
        lines.append(
            _("Dice: {first}-{second}").format(first=puzzle.dice[0], second=puzzle.dice[1])
        )
    lines.append(_("Question: {prompt}").format(prompt=puzzle.prompt[lang]))
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


def _answer(puzzle: Puzzle, solution: Solution, lang: str) -> str:
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    task = puzzle.task
    if isinstance(task, PlayTask):
        if task.answers is None:
            if solution.forced:
                return _("the only legal play, {play}").format(play=solution.plays[0].notation)
            return _("any legal play")
        return ", ".join(play.notation for play in solution.accepted)
    if isinstance(task, LegalTask):
        if solution.legal:
            return _("legal")
        if solution.reason is None:
            return _("not legal: the distances of this play do not fit the dice")
        return _("not legal. {reason}").format(reason=explain(solution.reason, lang))
    if isinstance(task, CountTask):
        if task.what == "dice":
            return ngettext(
                "{count} die can be played", "{count} dice can be played", solution.number or 0
            ).format(count=solution.number)
        return ngettext(
            "{count} different play", "{count} different plays", solution.number or 0
        ).format(count=solution.number)
    if isinstance(task, DestinationsTask):
        if not solution.places:
            return _("nowhere: that checker cannot move")
        names = ", ".join(
            _("off the board") if p == OFF else place_name(p) for p in solution.places
        )
        return ngettext("point {places}", "points {places}", len(solution.places)).format(
            places=names
        )
    if isinstance(task, PassTask):
        return _("yes, the turn passes") if not solution.legal else _("no, a play is possible")
    if isinstance(task, CubeTask) and solution.cube_value is not None:
        if solution.cube_owner == "opponent":
            text = _("the cube shows {value} and belongs to the opponent, who took")
        else:
            text = _("the cube shows {value} and belongs to the player to move")
        return text.format(value=solution.cube_value)
    assert isinstance(task, ResultTask | CubeTask) and solution.result is not None
    result = solution.result
    if result.winner is None:
        return _("a draw: nobody scores")
    winner = _("the player to move") if result.winner == "mover" else _("the opponent")
    return ngettext(
        "{winner} wins {how}: {points} point",
        "{winner} wins {how}: {points} points",
        result.points,
    ).format(winner=winner, how=_(WIN_WORDS[result.kind]), points=result.points)


# Lessons -----------------------------------------------------------------------------------


def is_lesson_source(path: Path) -> bool:
    """``path`` holds a lesson: it is in a ``lessons`` folder, or it lists ``puzzles`` and
    asks no ``task``."""
    if is_lesson_file(path):
        return True
    node = read_yaml(path, Report())
    return bool(node and node.is_mapping and "puzzles" in node.value and "task" not in node.value)


def show_lesson(path: Path, lang: str, report: Report) -> str | None:
    """The lesson in ``path`` as a page of text, its puzzles found in its project; ``None``
    when the lesson cannot be read. Its problems (a puzzle it names that does not exist, or
    has problems of its own) go to ``report``."""
    known = project_files([path])
    project = check_files([path], known=known)
    report.diagnostics += project.report.diagnostics
    # A lesson that names a missing puzzle is not in the project, but it can still be shown.
    lesson = next(iter(project.lessons.values()), None) or load_lesson(path, Report())
    if lesson is None:
        return None
    puzzles: dict[str, Puzzle] = {}
    for file in known:
        if file.suffix in (".yaml", ".yml") and not is_lesson_file(file) and not is_tags_file(file):
            puzzle = load_puzzle(file, Report())
            if puzzle is not None:
                puzzles.setdefault(puzzle.id, puzzle)
    return lesson_text(lesson, puzzles, lang)


def lesson_text(lesson: Lesson, puzzles: dict[str, Puzzle], lang: str = "en") -> str:
    """The lesson as a page of text: its title, level, games, audience, introduction and its
    puzzles in order, each with its file (to ``show`` it). The lesson's own words are in
    ``lang``; the labels are in English for now."""
    _ = translations(lang).gettext
    games = ", ".join(_(VARIANT_NAMES[variant.key]) for variant in lesson.variants)
    lines = [
        lesson.title[lang],
        f"Lesson, level {lesson.level} · {lesson.id} · {games}",
        f"For: {lesson.audience[lang]}",
        "",
        lesson.intro[lang],
        "",
        f"{len(lesson.puzzles)} puzzle{'' if len(lesson.puzzles) == 1 else 's'}, in order:",
    ]
    for number, puzzle_id in enumerate(lesson.puzzles, start=1):
        puzzle = puzzles.get(puzzle_id)
        if puzzle is None:
            lines.append(f"{number:>3}. {puzzle_id}: not found (check the lesson)")
            continue
        lines.append(
            f"{number:>3}. {puzzle.title[lang]} · {puzzle_id} · {display_path(puzzle.where.path)}"
        )
    lines += ["", "See a puzzle with: python -m generator show PUZZLE.yaml"]
    return "\n".join(lines)
