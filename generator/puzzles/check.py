"""The engine's answer to every puzzle, and the check of every claim a teacher wrote."""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import yaml

from ..engine import (
    BAR,
    OFF,
    VARIANTS,
    EngineError,
    Play,
    Refusal,
    Result,
    Turn,
    parse_play,
)
from ..engine.board import place_name
from ..engine.errors import DiceFitError, IllegalPlayError, NotationError
from ..engine.moves import _State
from ..engine.notation import claimed_moves
from ..locale import N_, TAG_NAMES, Clause, Message, _
from .diagnostics import Diagnostic, Report, display_path
from .fences import Fence, check_page
from .glossary import GLOSSARY, check_glossaries
from .load import LANGUAGE_NAMES, TAGS_FILE, is_tags_file, load_lesson, load_puzzle, load_tag_labels
from .model import (
    LANGUAGES,
    CountTask,
    CubeTask,
    DestinationsTask,
    LegalTask,
    Lesson,
    PassTask,
    PlayTask,
    Puzzle,
    ResultTask,
    Text,
    Where,
)
from .source import PUZZLE_OR_LESSON, Unreadable, read_file, read_source, read_yaml

T = TypeVar("T")


@dataclass(frozen=True)
class Solution:
    """What the engine says about a puzzle: the fields that its task kind asks for.

    ``plays``: every legal play (tasks with dice); ``accepted``: the plays that solve a play
    puzzle; ``legal`` and ``reason``: the verdict on a claimed play and why not; ``number``:
    the count; ``places``: the destinations; ``result``: the end of the game (``result`` and
    dropped ``cube`` puzzles); ``cube_value``/``cube_owner``: the cube after a take.
    """

    plays: tuple[Play, ...] = ()
    accepted: tuple[Play, ...] = ()
    legal: bool | None = None
    reason: Refusal | None = None
    number: int | None = None
    places: tuple[int, ...] = ()
    result: Result | None = None
    cube_value: int | None = None
    cube_owner: str | None = None
    turn: Turn | None = field(default=None, compare=False, repr=False)

    @property
    def forced(self) -> bool:
        """Only one legal play: the answer needs no choosing."""
        return len(self.plays) == 1


def _where(puzzle: Puzzle, name: str) -> tuple[Path, int, int]:
    line, column = puzzle.where.of(name)
    return puzzle.where.path, line, column


def _roll(puzzle: Puzzle) -> str:
    assert puzzle.dice is not None
    return f"{puzzle.dice[0]}-{puzzle.dice[1]}"


def _some(plays: tuple[Play, ...], most: int = 3) -> str | Message:
    shown = ", ".join(f"'{play.notation}'" for play in plays[:most])
    if len(plays) > most:
        return _("{plays} and {count} more", plays=shown, count=len(plays) - most)
    return shown


def solve(puzzle: Puzzle, report: Report | None = None) -> Solution | None:
    """The engine's answer to ``puzzle``; with a report, every claim that the engine does not
    share is reported there. ``None`` when the puzzle cannot be answered at all."""
    report = report if report is not None else Report()
    task = puzzle.task
    if isinstance(task, ResultTask):
        return _solve_result(puzzle, task, report)
    if isinstance(task, CubeTask):
        return _solve_cube(puzzle, task, report)
    assert puzzle.dice is not None
    turn = puzzle.position.turn(puzzle.dice)
    plays = turn.plays
    if isinstance(task, PlayTask):
        return _solve_play(puzzle, task, turn, report)
    if isinstance(task, LegalTask):
        return _solve_legal(puzzle, task, turn, report)
    if isinstance(task, CountTask):
        number = turn.max_dice if task.what == "dice" else len(plays)
        if task.expect is not None and task.expect != number:
            if task.what == "dice":
                found = Message.ngettext(
                    "{count} die can be played with {roll}",
                    "{count} dice can be played with {roll}",
                    number,
                    count=number,
                    roll=_roll(puzzle),
                )
            else:
                found = Message.ngettext(
                    "{count} different play is legal with {roll}",
                    "{count} different plays are legal with {roll}",
                    number,
                    count=number,
                    roll=_roll(puzzle),
                )
                if plays:
                    found = _("{found} ({examples})", found=found, examples=_some(plays))
            report.error(
                *_where(puzzle, "expect_count"),
                _(
                    "expect_count is {expect}, but {found}: write {number}",
                    expect=task.expect,
                    found=found,
                    number=number,
                ),
            )
        return Solution(plays=plays, number=number, turn=turn)
    if isinstance(task, DestinationsTask):
        return _solve_destinations(puzzle, task, turn, report)
    assert isinstance(task, PassTask)
    passes = not plays
    if task.expect is not None and task.expect != passes:
        if passes:
            problem = _(
                "expect says the turn does not pass, but the turn passes: no checker can move: "
                "write 'expect: yes'"
            )
        else:
            problem = _(
                "expect says the turn passes, but the mover can play, for example '{play}': "
                "write 'expect: no'",
                play=plays[0].notation,
            )
        report.error(*_where(puzzle, "expect"), problem)
    return Solution(plays=plays, legal=not passes, turn=turn)


def _solve_play(puzzle: Puzzle, task: PlayTask, turn: Turn, report: Report) -> Solution | None:
    plays = turn.plays
    if not plays:
        report.error(
            *_where(puzzle, "task"),
            _(
                "no play is possible with {roll} (the turn passes), so there is nothing to "
                "play: use 'task: pass'",
                roll=_roll(puzzle),
            ),
        )
        return None
    if task.expect_forced and len(plays) > 1:
        report.error(
            *_where(puzzle, "expect"),
            Message.ngettext(
                "expect says the play is forced, but {count} play is legal with {roll}: {plays}",
                "expect says the play is forced, but {count} plays are legal with {roll}: {plays}",
                len(plays),
                count=len(plays),
                roll=_roll(puzzle),
                plays=_some(plays),
            ),
        )
    if task.answers is None:
        return Solution(plays=plays, accepted=plays, turn=turn)
    accepted: list[Play] = []
    for index, text in enumerate(task.answers):
        try:
            play = parse_play(puzzle.position, turn.dice, text)
        except IllegalPlayError as error:
            hint = _legal_start_hint(turn, error.reason)
            problem = _(
                "answer '{answer}' is not legal with {roll}: {reason}",
                answer=text,
                roll=_roll(puzzle),
                reason=_reason_words(error),
            )
            if hint is not None:
                problem = _("{problem}; {hint}", problem=problem, hint=hint)
            report.error(*_where(puzzle, f"answer.{index}"), problem)
            continue
        except NotationError as error:
            report.error(
                *_where(puzzle, f"answer.{index}"),
                _("answer '{answer}': {error}", answer=text, error=error),
            )
            continue
        if play in accepted:
            report.warning(
                *_where(puzzle, f"answer.{index}"),
                _(
                    "answer '{answer}' is the same play as an earlier answer ('{play}'): "
                    "remove one",
                    answer=text,
                    play=play.notation,
                ),
            )
            continue
        accepted.append(play)
    if len(accepted) != len(task.answers):
        return None
    return Solution(plays=plays, accepted=tuple(accepted), turn=turn)


def _reason_words(error: IllegalPlayError) -> str | Clause:
    """The reason of an illegal play in words, without the repeated text of the play: the
    engine's refusal in the reader's language (an error with no refusal stays English)."""
    if isinstance(error.reason, Refusal):
        return Clause(error.reason)
    words = str(error).split(": ", 1)[-1]
    return words[:1].lower() + words[1:].rstrip(".")


def _legal_start_hint(turn: Turn, reason: object) -> Message | None:
    """Where the legal plays start, when the reason is about the first step (bar first)."""
    if isinstance(reason, Refusal) and reason.code == "bar_first":
        starts = sorted({str(play.steps[0]) for play in turn.plays})
        return _(
            "legal plays start with {starts}",
            starts=", ".join(f"'{s.rstrip('*')}'" for s in starts),
        )
    if turn.plays:
        return _("legal plays include {plays}", plays=_some(turn.plays, 2))
    return None


def _solve_legal(puzzle: Puzzle, task: LegalTask, turn: Turn, report: Report) -> Solution | None:
    # The claim's syntax first, then its fit to the dice and to the board: a claim that no
    # roll of these dice could make, or that moves a checker White does not have, asks the
    # learner nothing (the key could only say "not legal"). Then the engine's verdict.
    try:
        moves = claimed_moves(task.claim)
        play = parse_play(puzzle.position, turn.dice, task.claim)
    except DiceFitError as error:
        report.error(
            *_where(puzzle, "claim"),
            _(
                "claim '{claim}' moves {moves}, the dice are {roll}: a claim uses the dice "
                "rolled; write a play of these dice, or change 'dice'",
                claim=task.claim,
                moves=_and(error.moves),
                roll=_roll(puzzle),
            ),
        )
        return None
    except IllegalPlayError as error:
        empty = _empty_source(puzzle, moves)
        if empty is not None:
            report.error(
                *_where(puzzle, "claim"),
                _(
                    "claim '{claim}' moves a checker from {place}, but no checker of White's "
                    "stands there (and no other move of the claim brings one): a claim moves "
                    "White's checkers; check the claim against the position",
                    claim=task.claim,
                    place=empty,
                ),
            )
            return None
        reason = error.reason if isinstance(error.reason, Refusal) else None
        if task.expect is True:
            report.error(
                *_where(puzzle, "expect"),
                _(
                    "expect says '{claim}' is legal, but it is not with {roll}: {reason}",
                    claim=task.claim,
                    roll=_roll(puzzle),
                    reason=_reason_words(error),
                ),
            )
        return Solution(plays=turn.plays, legal=False, reason=reason, turn=turn)
    except NotationError as error:
        report.error(
            *_where(puzzle, "claim"), _("claim '{claim}': {error}", claim=task.claim, error=error)
        )
        return None
    if task.expect is False:
        report.error(
            *_where(puzzle, "expect"),
            _(
                "expect says '{claim}' is illegal, but it is a legal play with {roll} "
                "('{play}'): write 'expect: legal'",
                claim=task.claim,
                roll=_roll(puzzle),
                play=play.notation,
            ),
        )
    return Solution(plays=turn.plays, accepted=(play,), legal=True, turn=turn)


def _and(numbers: tuple[int, ...]) -> str | Message:
    """``3``, ``3 and 3``, ``6, 5 and 3``."""
    words = [str(number) for number in numbers]
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}", first=", ".join(words[:-1]), last=words[-1])


def _empty_source(puzzle: Puzzle, moves: tuple[tuple[int, int], ...]) -> Message | None:
    """The place a move of the claim starts from where the mover has no checker, none being
    brought there by another move of the claim: "the 5-point", "the bar"; ``None`` if none."""
    for index, (source, _to) in enumerate(moves):
        brought = any(to == source for other, (_from, to) in enumerate(moves) if other != index)
        if not puzzle.position.mover[source] and not brought:
            return _("the bar") if source == BAR else _("the {point}-point", point=source)
    return None


def _solve_destinations(
    puzzle: Puzzle, task: DestinationsTask, turn: Turn, report: Report
) -> Solution | None:
    point = task.point
    if point == OFF or not puzzle.position.mover[point]:
        report.error(
            *_where(puzzle, "point"),
            _(
                "the mover has no checker on {place}: ask about a point where one stands",
                place=place_name(point),
            ),
        )
        return None
    places = destinations(turn, point)
    if task.expect is not None and task.expect != places:
        report.error(
            *_where(puzzle, "expect"),
            _(
                "expect lists {expected}, but with {roll} the checker on {place} can reach {found}",
                expected=", ".join(place_name(p) for p in task.expect) or _("nothing"),
                roll=_roll(puzzle),
                place=place_name(point),
                found=", ".join(place_name(p) for p in places) or _("nowhere"),
            ),
        )
    return Solution(plays=turn.plays, places=places, turn=turn)


def destinations(turn: Turn, source: int) -> tuple[int, ...]:
    """Every place the checker on ``source`` can land on in some legal play (farthest first;
    ``OFF`` last), following it step by step, also after other checkers moved first (a
    checker that may move only once another has entered from the bar).

    >>> from generator.engine import Turn, find_variant, from_text
    >>> text = "bar:1 5:3 4:3 3:2 2:1 / 24:2 23:2 22:3 21:3 20:2 17:2 6:1"
    >>> position = from_text(find_variant("portes"), text)
    >>> destinations(Turn(position, (6, 1)), 5)
    (4,)
    """
    if not turn.stops:
        return ()
    found: set[int] = set()
    pending: list[tuple[_State, int]] = [(turn.root, source)]
    seen: set[tuple[int, int]] = set()
    while pending:
        state, place = pending.pop()
        for step, child in state.children.items():
            if not child.good:
                continue
            after = []
            if step.source == place:
                after.append(step.destination)  # the followed checker moves
            if step.source != place or state.mover[place] > 1:
                after.append(place)  # another checker moves
            for where in after:
                if (id(child), where) in seen:
                    continue
                seen.add((id(child), where))
                if where != place:
                    found.add(where)
                if where != OFF:
                    pending.append((child, where))
    return tuple(sorted(found, key=lambda p: (p == OFF, -p)))


def _solve_result(puzzle: Puzzle, task: ResultTask, report: Report) -> Solution | None:
    variant = puzzle.variant
    try:
        result = variant.result(puzzle.position, task.cube)
    except EngineError as error:
        report.error(*_where(puzzle, "cube"), _("{error}: remove 'cube'", error=error))
        return None
    if result is None:
        report.error(
            *_where(puzzle, "position"),
            _(
                "the game is not over in this position: a result puzzle needs a side with "
                "every checker borne off (or, in Plakoto, a pinned mother)"
            ),
        )
        return None
    if result.unconfirmed:
        # The seed's authority does not confirm this rule: no answer may rest on it.
        report.error(
            *_where(puzzle, "position"),
            _(
                "the answer depends on a rule {variant}'s source does not confirm (a {kind} win "
                "for a loser with a checker in the winner's home or on the bar): take that "
                "checker off the position, or choose 'rules: western-triple'",
                variant=variant.key,
                kind=result.unconfirmed,
            ),
        )
        return None
    winner = result.winner or "none"
    for name, claimed, actual in (
        ("winner", task.expect_winner, winner),
        ("kind", task.expect_kind, result.kind),
        ("points", task.expect_points, result.points),
    ):
        if claimed is not None and claimed != actual:
            report.error(
                *_where(puzzle, f"expect.{name}"),
                _(
                    "expect says the {name} is {claimed}, but the engine finds {actual} "
                    "({winner} wins a {kind} for {points}): write '{name}: {actual}'",
                    name=name,
                    claimed=claimed,
                    actual=actual,
                    winner=winner,
                    kind=result.kind,
                    points=result.points,
                ),
            )
    return Solution(result=result)


def _solve_cube(puzzle: Puzzle, task: CubeTask, report: Report) -> Solution | None:
    try:
        if task.action == "drop":
            result = task.cube.drop("mover")
            if task.expect_points is not None and task.expect_points != result.points:
                report.error(
                    *_where(puzzle, "expect.points"),
                    _(
                        "expect says the drop scores {claimed}, but a dropped double wins the "
                        "cube's value before the double, {points}: write 'points: {points}'",
                        claimed=task.expect_points,
                        points=result.points,
                    ),
                )
            return Solution(result=result)
        taken = task.cube.take("mover")
    except EngineError as error:
        report.error(*_where(puzzle, "cube"), f"{error}")
        return None
    if task.expect_value is not None and task.expect_value != taken.value:
        report.error(
            *_where(puzzle, "expect.value"),
            _(
                "expect says the cube shows {claimed} after the take, but it shows {value}: "
                "write 'value: {value}'",
                claimed=task.expect_value,
                value=taken.value,
            ),
        )
    if task.expect_owner is not None and task.expect_owner != taken.owner:
        report.error(
            *_where(puzzle, "expect.owner"),
            _(
                "expect says the {claimed} owns the cube after the take, but the taker, the "
                "{owner}, does: write 'owner: {owner}'",
                claimed=task.expect_owner,
                owner=taken.owner,
            ),
        )
    return Solution(cube_value=taken.value, cube_owner=taken.owner)


# The whole project -----------------------------------------------------------------------------


@dataclass
class Project:
    """Every puzzle and lesson read, with the engine's solutions; the report holds all
    problems."""

    puzzles: dict[str, Puzzle] = field(default_factory=dict)
    lessons: dict[str, Lesson] = field(default_factory=dict)
    solutions: dict[str, Solution] = field(default_factory=dict)
    report: Report = field(default_factory=Report)
    files: int = 0
    fences: dict[Path, list[Fence]] = field(default_factory=dict)
    tag_labels: dict[str, Text] = field(default_factory=dict)
    """The labels of the project's own tags (``puzzles/tags.yaml``)."""


def site_languages(docs_dir: Path) -> tuple[str, ...]:
    """The site's languages: those of Tabula with a folder in ``docs_dir`` (both when there
    is none).

    >>> site_languages(Path("no-such-folder"))
    ('en', 'ru')
    """
    found = tuple(lang for lang in LANGUAGES if (docs_dir / lang).is_dir())
    return found or LANGUAGES


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml for its languages: the tags MkDocs configs use (``!!python/name:``,
    ``!ENV``) are read as nothing, never followed."""


_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def project_language(folder: Path | None = None) -> str:
    """The language a teacher working in ``folder`` (default: here) reads messages in: the
    first language of the project's ``mkdocs.yml`` (its i18n plugin's ``languages``), else the
    first of its ``docs/<lang>`` folders; English outside a project or for a language Tabula
    has no catalog for.

    >>> project_language(Path("/"))
    'en'
    """
    root = project_root(Path.cwd() if folder is None else folder)
    if root is None:
        return LANGUAGES[0]
    for name in PROJECT_MARKERS:
        config = root / name
        if config.is_file():
            try:
                found = _first_config_language(yaml.load(read_file(config), _ConfigLoader))
            except (Unreadable, yaml.YAMLError, UnicodeDecodeError, RecursionError):
                found = None
            if found is not None:
                return found if found in LANGUAGES else LANGUAGES[0]
            break
    folders = [lang for lang in LANGUAGES if (root / "docs" / lang).is_dir()]
    return folders[0] if folders else LANGUAGES[0]


def _first_config_language(config: Any) -> str | None:
    plugins = config.get("plugins") if isinstance(config, dict) else None
    for plugin in plugins if isinstance(plugins, list) else []:
        options = plugin.get("i18n") if isinstance(plugin, dict) else None
        languages = options.get("languages") if isinstance(options, dict) else None
        for language in languages if isinstance(languages, list) else []:
            locale = language.get("locale") if isinstance(language, dict) else None
            if isinstance(locale, str):
                return locale
    return None


def is_lesson_file(path: Path) -> bool:
    """A lesson set rather than a puzzle: a file in a ``lessons`` folder of its project
    (``puzzles/lessons/``), judged by its path inside the project (see :func:`project_root`),
    so that the folders the project itself sits in (a site made in ``~/lessons/``) do not count.
    A file outside any project is a lesson when its own folder is named ``lessons``.

    >>> is_lesson_file(Path("puzzles/lessons/first-steps-backgammon.yaml"))
    True
    >>> is_lesson_file(Path("puzzles/backgammon/bar-enter-first.yaml"))
    False
    """
    here = Path(os.path.abspath(path))
    root = project_root(here)
    if root is None:
        return here.parent.name == "lessons"
    return "lessons" in here.relative_to(root).parts[:-1]


SOURCE_SUFFIXES = (".yaml", ".yml", ".md")


def yaml_files(paths: list[Path], suffixes: tuple[str, ...] = (".yaml", ".yml")) -> list[Path]:
    """The files with ``suffixes`` among ``paths`` and below the folders among them, sorted;
    files named directly are kept whatever their suffix."""
    found: set[Path] = set()
    for path in paths:
        if not path.is_dir():
            found.add(path)
            continue
        for folder, _folders, names in os.walk(path):
            found.update(Path(folder, name) for name in names if name.endswith(suffixes))
    return sorted(found)


def check_files(
    paths: list[Path],
    *,
    known: list[Path] | None = None,
    progress: object = None,
    languages: tuple[str, ...] = LANGUAGES,
) -> Project:
    """Read and check the puzzle and lesson files ``paths``. ``known``: the other files of the
    project (see :func:`project_files`), whose puzzle ids lessons may name and whose puzzle and
    lesson ids the files checked must not take again (their own problems are not reported);
    ``languages``: the languages every text must be written in."""
    project = Project()
    report = project.report
    loaded: list[Puzzle] = []
    broken: dict[str, Path] = {}
    lessons: list[Lesson] = []
    for index, path in enumerate(paths):
        if callable(progress):
            progress(index, len(paths), path)
        project.files += 1
        if path.suffix == ".md":
            no_fences: list[Fence] = []
            fences, problems = _checked(
                path, languages, "page", partial(_read_page, path), no_fences, _("a page")
            )
            project.fences[path] = fences
            report.diagnostics += problems
            continue
        if is_tags_file(path):
            project.tag_labels.update(load_tag_labels(path, report, languages=languages))
            continue
        if is_lesson_file(path):
            lesson = load_lesson(path, report, languages=languages)
            if lesson is not None:
                lessons.append(lesson)
            continue
        puzzle, problems = _checked(
            path, languages, "puzzle", partial(_read_puzzle, path, languages=languages), None
        )
        report.diagnostics += problems
        if puzzle is None:
            broken_id = _id_of(path)
            if broken_id:
                broken.setdefault(broken_id, path)
            continue
        loaded.append(puzzle)
    seen_ids: dict[str, Puzzle] = {}
    for puzzle in loaded:
        seen_ids.setdefault(puzzle.id, puzzle)
    others: dict[str, Puzzle] = {}
    other_lessons: list[Lesson] = []
    asked = {os.path.abspath(path) for path in paths}
    for path in known or []:
        if os.path.abspath(path) in asked or path.suffix not in (".yaml", ".yml"):
            continue
        if is_lesson_file(path):
            other = load_lesson(path, Report(), languages=languages)
            if other is not None:
                other_lessons.append(other)
        elif is_tags_file(path):
            project.tag_labels.update(load_tag_labels(path, Report(), languages=languages))
        else:
            quiet, _problems = _checked(
                path, languages, "puzzle", partial(_read_puzzle, path, languages=languages), None
            )
            if quiet is not None:
                others.setdefault(quiet.id, quiet)
                loaded.append(quiet)
    twice = _check_unique([(p.id, p.where) for p in loaded], asked, "puzzle", report)
    for puzzle in seen_ids.values():
        solution, problems = _checked(
            puzzle.where.path, languages, "solution", partial(_solve, puzzle), None
        )
        report.diagnostics += problems
        clean = not any(p.severity == "error" for p in problems) and puzzle.id not in twice
        if solution is not None and clean:
            project.puzzles[puzzle.id] = puzzle
            project.solutions[puzzle.id] = solution
    for puzzle in seen_ids.values():
        _check_tags(puzzle, project.tag_labels, report)
    _check_twins([p for p in paths if p.suffix == ".md"], languages, report)
    # The glossaries' term ids: a link to glossary.md#<id> must work in every language.
    glossaries = [p for p in paths if p.name == GLOSSARY and p.parent.name in languages]
    if glossaries:
        report.diagnostics += check_glossaries(glossaries[0].parent.parent, languages)
    twice = _check_unique(
        [(lesson.id, lesson.where) for lesson in lessons + other_lessons],
        asked,
        "lesson",
        report,
    )
    for lesson in lessons:
        if _check_lesson(lesson, {**others, **seen_ids}, broken, report) and lesson.id not in twice:
            project.lessons[lesson.id] = lesson
    return project


def _check_unique(
    ids: list[tuple[str, Where]], asked: set[str], what: str, report: Report
) -> set[str]:
    """Report, at each of the files ``asked`` about, an id that another file of the project
    uses too (every file of a clash is told, not only the later one); the ids reported."""
    reported: set[str] = set()
    where_of: dict[str, list[Where]] = {}
    for one_id, where in ids:
        where_of.setdefault(one_id, []).append(where)
    for one_id, places in where_of.items():
        if len(places) < 2:
            continue
        for where in places:
            if os.path.abspath(where.path) not in asked:
                continue
            line, column = where.of("id")
            also = ", ".join(
                f"{display_path(other.path)}:{other.of('id')[0]}"
                for other in sorted(places, key=lambda w: str(w.path))
                if other is not where
            )
            template = _TAKEN_ID[what]
            report.error(where.path, line, column, _(template, id=one_id, also=also))
            reported.add(one_id)
    return reported


_TAKEN_ID = {
    "puzzle": N_(
        "the puzzle id '{id}' is also used by {also}: ids are unique across the project; give "
        "each puzzle its own id"
    ),
    "lesson": N_(
        "the lesson id '{id}' is also used by {also}: ids are unique across the project; give "
        "each lesson its own id"
    ),
}
"""An id that another file takes too, for puzzles and for lessons, as message ids."""

PROJECT_MARKERS = ("mkdocs.yml", "mkdocs.yaml")


def project_root(path: Path) -> Path | None:
    """The folder of the project that ``path`` belongs to: the nearest folder above it that
    holds ``mkdocs.yml`` or a ``puzzles`` folder (``None`` when there is none).

    >>> project_root(Path("puzzles/backgammon/bar-enter-first.yaml")) == Path.cwd()
    True
    """
    here = Path(os.path.abspath(path))
    for folder in (here, *here.parents) if here.is_dir() else here.parents:
        if any((folder / name).is_file() for name in PROJECT_MARKERS):
            return folder
        if (folder / "puzzles").is_dir():
            return folder
    return None


def project_files(paths: list[Path]) -> list[Path]:
    """The puzzle, lesson and tags files of the projects ``paths`` belong to (each project's
    ``puzzles`` folder), named relative to the working directory when they are inside it:
    checking one file checks it against the rest of its project."""
    found: set[Path] = set()
    for root in {project_root(path) for path in paths}:
        if root is not None and (root / "puzzles").is_dir():
            for file in yaml_files([root / "puzzles"]):
                found.add(Path(display_path(file)))
    return sorted(found)


_CACHE: dict[tuple[Path, str, tuple[str, ...], str], tuple[bytes, Any, list[Diagnostic]]] = {}


def _checked(
    path: Path,
    languages: tuple[str, ...],
    kind: str,
    work: Callable[[Report, bytes], T],
    failed: T,
    what: Message = PUZZLE_OR_LESSON,
) -> tuple[T, list[Diagnostic]]:
    """``work``'s answer about the file ``path`` (given its content) and the problems it
    reported, remembered for as long as the file's content stays the same: ``mkdocs serve``
    and the per-language builds then re-check only the files that changed. A file that cannot
    be read is not remembered: ``failed`` is the answer then, with the reason."""
    try:
        content = read_file(path, what)
    except Unreadable as error:
        report = Report()
        report.error(path, 1, 1, error.words)
        return failed, report.diagnostics
    key = (path, kind, languages, os.getcwd())
    known = _CACHE.get(key)
    if known is not None and known[0] == content:
        return known[1], known[2]
    report = Report()
    answer = work(report, content)
    _CACHE[key] = (content, answer, report.diagnostics)
    return answer, report.diagnostics


def _solve(puzzle: Puzzle, report: Report, raw: bytes) -> Solution | None:
    return solve(puzzle, report)


def _read_page(path: Path, report: Report, raw: bytes) -> list[Fence]:
    text = read_source(path, report, raw=raw)
    return [] if text is None else check_page(path, report, text)


def _read_puzzle(
    path: Path, report: Report, raw: bytes, languages: tuple[str, ...]
) -> Puzzle | None:
    puzzle = load_puzzle(path, report, languages=languages, raw=raw)
    if puzzle is not None:
        _check_folder(puzzle, report)
    return puzzle


_NO_TWIN = {
    "en": N_(
        "this page has no English twin: write {path} (every page exists in each language of "
        "the site)"
    ),
    "ru": N_(
        "this page has no Russian twin: write {path} (every page exists in each language of "
        "the site)"
    ),
}
"""A page missing in one language, as message ids."""


def _check_twins(pages: list[Path], languages: tuple[str, ...], report: Report) -> None:
    """Every page of ``docs/<lang>/`` has its twin, the same file in each other language's
    folder: a missing one would be shown in the wrong language."""
    for page in pages:
        parts = page.parts
        for index, part in enumerate(parts[:-1]):
            root = Path(*parts[:index]) if index else Path(".")
            if part not in languages or not all((root / lang).is_dir() for lang in languages):
                continue
            rest = Path(*parts[index + 1 :])
            for lang in languages:
                twin = root / lang / rest
                # Something that is there but not a file is reported as unreadable itself.
                if lang != part and not os.path.lexists(twin):
                    report.error(
                        page,
                        1,
                        1,
                        _(
                            _NO_TWIN[lang],
                            path=display_path(twin),
                        )
                        if lang in _NO_TWIN
                        else f"this page has no {LANGUAGE_NAMES.get(lang, lang)} twin: write "
                        f"{display_path(twin)} (every page exists in each language of the site)",
                    )
            break


def _check_tags(puzzle: Puzzle, labels: dict[str, Text], report: Report) -> None:
    """Every tag of the puzzle has a label in each language: the site's own or the project's."""
    for index, tag in enumerate(puzzle.tags):
        if tag in TAG_NAMES or tag in labels:
            continue
        line, column = puzzle.where.of(f"tags.{index}")
        close = difflib.get_close_matches(tag, [*TAG_NAMES, *labels], n=1, cutoff=0.7)
        label = f"{tag}: {{en: ..., ru: ...}}"
        where = f"puzzles/{TAGS_FILE}"
        if close:
            problem = _(
                "the tag '{tag}' has no label for the index pages: did you mean '{close}'? Or "
                "add '{label}' to {file}",
                tag=tag,
                close=close[0],
                label=label,
                file=where,
            )
        else:
            problem = _(
                "the tag '{tag}' has no label for the index pages: add '{label}' to {file}",
                tag=tag,
                label=label,
                file=where,
            )
        report.error(puzzle.where.path, line, column, problem)


def _check_folder(puzzle: Puzzle, report: Report) -> None:
    folder = Path(os.path.abspath(puzzle.where.path)).parent.name
    if folder in VARIANTS and folder != puzzle.variant.key:
        line, column = puzzle.where.of("variant")
        report.warning(
            puzzle.where.path,
            line,
            column,
            _(
                "a {variant} puzzle in the folder {folder}: move it to {right}",
                variant=puzzle.variant.key,
                folder="puzzles/" + folder + "/",
                right="puzzles/" + puzzle.variant.key + "/",
            ),
        )


def _id_of(path: Path) -> str | None:
    """The id written in a puzzle file that could not be read as a puzzle, if any."""
    node = read_yaml(path, Report())
    if node is None or not node.is_mapping or "id" not in node.value:
        return None
    value = node.value["id"].value
    return value if isinstance(value, str) else None


def _check_lesson(
    lesson: Lesson, puzzles: dict[str, Puzzle], broken: dict[str, Path], report: Report
) -> bool:
    ok = True
    announced = {variant.key for variant in lesson.variants}
    for index, puzzle_id in enumerate(lesson.puzzles):
        line, column = lesson.where.of(f"puzzles.{index}")
        puzzle = puzzles.get(puzzle_id)
        if puzzle is None and puzzle_id in broken:
            report.error(
                lesson.where.path,
                line,
                column,
                _(
                    "puzzle '{id}' has problems of its own ({path}): fix them, and the lesson "
                    "can use it",
                    id=puzzle_id,
                    path=display_path(broken[puzzle_id]),
                ),
            )
            ok = False
        elif puzzle is None:
            close = difflib.get_close_matches(puzzle_id, list(puzzles), n=1, cutoff=0.6)
            problem = (
                _(
                    "no puzzle has the id '{id}': did you mean '{close}'?",
                    id=puzzle_id,
                    close=close[0],
                )
                if close
                else _("no puzzle has the id '{id}'", id=puzzle_id)
            )
            report.error(lesson.where.path, line, column, problem)
            ok = False
        elif puzzle.variant.key not in announced:
            report.error(
                lesson.where.path,
                line,
                column,
                _(
                    "puzzle '{id}' is {variant}, which the lesson does not announce: add it to "
                    "'variants' or choose another puzzle",
                    id=puzzle_id,
                    variant=puzzle.variant.key,
                ),
            )
            ok = False
    return ok
