"""Read and check every source of the site, then write the generated pages (two phases).

Nothing here imports MkDocs: ``plugin.py`` adapts it to MkDocs' events.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from ..engine import Position
from ..puzzles import Diagnostic, Lesson, Project, Puzzle, Solution, check_files, yaml_files
from ..puzzles.check import site_languages
from ..puzzles.fences import Fence
from ..puzzles.model import Text
from ..render.pages import (
    Page,
    fence_html,
    gallery_page,
    index_pages,
    lesson_page,
    puzzle_order,
    puzzle_page,
    sheet_pages,
)

GENERATED = ("puzzles", "lessons", "gallery")
"""The folders of each language's tree that the generator owns: never edit files there."""


@cache
def board(position: Position, **options: Any) -> str:
    """The board SVG, computed once per position and options for every build of a process."""
    from ..render.svg import board_svg

    clean = {k: v for k, v in options.items() if v not in (None, (), False)}
    return board_svg(position, **clean)


def _board(position: Position, **options: Any) -> str:
    frozen = {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}
    return board(position, **frozen)


@dataclass
class Site:
    """Everything checked and rendered: the pages of each language and each page's fences."""

    project: Project
    pages: dict[str, list[Page]] = field(default_factory=dict)
    fences: dict[Path, list[Fence]] = field(default_factory=dict)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.project.report.sorted() if d.severity == "error"]


def _signature(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


_BUILT: dict[str, Site] = {}

# Boards and long index lists are set aside before Markdown and put back after it: Markdown's
# HTML parser would otherwise walk every element of every SVG (half of a build's time) and of
# every list of a thousand puzzles, only to pass them through unchanged.
SET_ASIDE: dict[str, str] = {}
"""The HTML set aside, by the key its mark carries (a hash of the HTML)."""
_HEAVY = re.compile(r'<svg\b.*?</svg>|<ul class="tabula-index">.*?</ul>', re.DOTALL)
_MARK = re.compile(r"<!--tabula:([0-9a-f]{20})-->")


def set_aside(text: str) -> str:
    """``text`` with each board SVG and puzzle list replaced by a short mark (an HTML comment,
    which Markdown passes through); :func:`put_back` restores them in the HTML."""
    known = _ASIDE.get(text)
    if known is None:
        if len(_ASIDE) > 50_000:
            _ASIDE.clear()
        known = _ASIDE[text] = _set_aside(text)
    return known


_ASIDE: dict[str, str] = {}
"""The pages already set aside, by their text: unchanged pages cost a lookup on rebuilds."""


def _set_aside(text: str) -> str:

    def mark(match: re.Match[str]) -> str:
        html = match.group(0)
        key = hashlib.blake2b(html.encode(), digest_size=10).hexdigest()
        SET_ASIDE[key] = html
        return f"<!--tabula:{key}-->"

    return _HEAVY.sub(mark, text)


def put_back(html: str) -> str:
    """The page's HTML with what :func:`set_aside` took out put back in place."""
    return _MARK.sub(lambda match: SET_ASIDE[match.group(1)], html)


def prepare(puzzles_dir: Path, docs_dir: Path, *, with_pdf: bool = False) -> Site:
    """Check every puzzle, lesson and board fence, then render the generated pages of every
    language. The result is cached by the content of the sources, so the per-language builds
    and unchanged reloads do no work twice."""
    hand_written = hand_written_pages(docs_dir)
    sources = yaml_files([puzzles_dir]) if puzzles_dir.is_dir() else []
    key = _signature(sources + hand_written) + str(with_pdf)
    if key in _BUILT:
        return _BUILT[key]
    languages = site_languages(docs_dir)
    project = check_files(sources + hand_written, languages=languages)
    site = Site(project, fences=dict(project.fences))
    if not site.errors:
        lessons_of: dict[str, list[Any]] = {}
        for lesson in project.lessons.values():
            for puzzle_id in lesson.puzzles:
                lessons_of.setdefault(puzzle_id, []).append(lesson)
        # "Next puzzle" outside a lesson: the next of the same game, in the index's order.
        following: dict[str, str] = {}
        ordered = sorted(project.puzzles.values(), key=puzzle_order)
        for one, two in pairwise(ordered):
            if one.variant is two.variant:
                following[one.id] = two.id
        for lang in languages:
            pages = [
                _puzzle_page(
                    puzzle,
                    project.solutions[puzzle_id],
                    lang,
                    lessons_of.get(puzzle_id, []),
                    following.get(puzzle_id),
                    project.tag_labels,
                )
                for puzzle_id, puzzle in sorted(project.puzzles.items())
            ]
            for _, lesson in sorted(project.lessons.items()):
                members = [project.puzzles[p] for p in lesson.puzzles]
                pages.append(lesson_page(lesson, members, lang, with_pdf=with_pdf))
                pages += sheet_pages(lesson, members, project.solutions, lang, _board)
            pages += index_pages(
                list(project.puzzles.values()),
                list(project.lessons.values()),
                lang,
                project.tag_labels,
            )
            pages.append(gallery_page(lang))
            site.pages[lang] = [Page(page.path, set_aside(page.text)) for page in pages]
    _BUILT.clear()
    _BUILT[key] = site
    return site


_PAGES: dict[tuple[str, str], tuple[object, object, object, Page]] = {}


def _puzzle_page(
    puzzle: Puzzle,
    solution: Solution,
    lang: str,
    lessons: list[Lesson],
    following: str | None,
    tag_labels: dict[str, Text],
) -> Page:
    """The puzzle's page, rendered again only when what it shows changed: the checker hands
    back the same puzzle and solution objects for an unchanged file (``mkdocs serve``)."""
    context = (
        following,
        [(lesson.id, lesson.title) for lesson in lessons],
        [tag_labels.get(tag) for tag in puzzle.tags],
    )
    known = _PAGES.get((puzzle.id, lang))
    if known is not None and known[0] is puzzle and known[1] is solution and known[2] == context:
        return known[3]
    page = puzzle_page(
        puzzle, solution, lang, _board, lessons, following=following, tag_labels=tag_labels
    )
    _PAGES[(puzzle.id, lang)] = (puzzle, solution, context, page)
    return page


def hand_written_pages(docs_dir: Path) -> list[Path]:
    """The Markdown pages of ``docs_dir`` that people write, sorted: every ``.md`` file except
    the generated folders of each language (not even walked through: they hold thousands)."""
    found: list[Path] = []
    for folder, subfolders, names in os.walk(docs_dir):
        here = Path(folder)
        if here.parent == docs_dir:
            subfolders[:] = [name for name in subfolders if name not in GENERATED]
        found += [here / name for name in names if name.endswith(".md")]
    return sorted(found)


def write_pages(site: Site, docs_dir: Path) -> int:
    """Write the generated pages into each language's tree, only those whose text changed, and
    remove generated pages whose puzzle is gone. Returns how many files were written."""
    written = 0
    for lang, pages in site.pages.items():
        root = os.path.join(docs_dir, lang)
        wanted = {os.path.join(root, page.path): page.text for page in pages}
        for folder in GENERATED:
            for where, _, names in os.walk(os.path.join(root, folder)):
                for name in names:
                    old = os.path.join(where, name)
                    if name.endswith(".md") and old not in wanted:
                        os.unlink(old)
        for path, text in wanted.items():
            if _unchanged(path, text):
                continue
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
            _WRITTEN[path] = (text, os.stat(path).st_mtime_ns)
            written += 1
    return written


_WRITTEN: dict[str, tuple[str, int]] = {}
"""What this process last wrote to each generated page, and the file's time then. (Plain
strings and ``os`` here: a rebuild goes over every generated page, thousands of them.)"""


def _unchanged(path: str, text: str) -> bool:
    """The page already holds ``text``: known from what this process wrote, if the file was
    not touched since, else read back."""
    try:
        mtime = os.stat(path).st_mtime_ns
    except OSError:
        return False
    known = _WRITTEN.get(path)
    if known is not None and known[1] == mtime:
        return known[0] == text
    with open(path, encoding="utf-8") as file:
        if file.read() != text:
            return False
    _WRITTEN[path] = (text, mtime)
    return True


def render_fences(site: Site, path: Path, markdown: str, lang: str) -> str:
    """``markdown`` with each board fence replaced by its diagram, in ``lang``."""
    from ..puzzles.fences import find_fences

    fences = site.fences.get(path, [])
    raws = find_fences(markdown)
    if not raws:
        return markdown
    lines = markdown.splitlines()
    for raw, fence in reversed(list(zip(raws, fences, strict=False))):
        html = set_aside(fence_html(fence, lang, _board))
        lines[raw.line - 1 : raw.end_line] = ["", html, ""]
    return "\n".join(lines) + ("\n" if markdown.endswith("\n") else "")
