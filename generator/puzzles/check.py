"""Checking a whole project: every puzzle, lesson, page and tag file, reported together."""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import yaml

from ..cache import BuildCache
from ..engine import VARIANTS
from ..locale import N_, TAG_NAMES, Message, _
from .diagnostics import Diagnostic, Report, display_path
from .fences import Fence, check_page
from .fields import LANGUAGE_NAMES
from .glossary import GLOSSARY, check_glossaries
from .load import TAGS_FILE, is_tags_file, load_lesson, load_puzzle, load_tag_labels
from .model import LANGUAGES, Lesson, Puzzle, Text, Where

# Re-exported: the package, show and the drills import them from here.
from .solve import Solution as Solution
from .solve import destinations as destinations
from .solve import solve as solve
from .source import PUZZLE_OR_LESSON, Unreadable, read_file, read_source, read_yaml

T = TypeVar("T")


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


_Checked = tuple[bytes, Any, list[Diagnostic]]
_CHECKED: BuildCache[tuple[Path, str, tuple[str, ...], str], _Checked] = BuildCache(
    "checked files", limit=4096
)
"""Each file's content when it was last checked, with the answer and the problems found."""


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
    known = _CHECKED.find(key)
    if known is not None and known[0] == content:
        return known[1], known[2]
    report = Report()
    answer = work(report, content)
    _CHECKED.keep(key, (content, answer, report.diagnostics))
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
