"""Read and check every source of the site, then write the generated pages (two phases).

Nothing here imports MkDocs: ``plugin.py`` adapts it to MkDocs' events.
"""

from __future__ import annotations

import ctypes
import errno
import gzip
import hashlib
import os
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path, PurePosixPath
from typing import Any

from ..cache import BuildCache
from ..engine import Position
from ..locale import translations
from ..puzzles import Diagnostic, Lesson, Project, Puzzle, Solution, check_files, yaml_files
from ..puzzles.check import site_languages
from ..puzzles.fences import Fence
from ..puzzles.model import Text
from ..puzzles.source import Unreadable, read_file
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
from ..render.practice import practice_index_page, practice_pages

GENERATED = ("puzzles", "lessons", "gallery", "search", "practice", "progress")
"""The folders of each language's tree that the generator owns: never edit files there.
(``search/`` holds the search page of a site that has no ``search.md`` of its own,
``practice/`` and ``progress/`` the practice and progress pages of a site that has no
``practice.md``.)"""


def copy_sources(project: Path, root: Path) -> None:
    """The sources of the site at ``project`` (mkdocs.yml, puzzles/, docs/) copied into
    ``root``, without what a build writes into each language's tree (:data:`GENERATED`) nor a
    build's staging folders (``*.tabula-new``, ``*.tabula-old``): a copy to build elsewhere."""
    docs = project / "docs"

    def written(folder: str, names: list[str]) -> list[str]:
        generated = GENERATED if Path(folder).parent == docs else ()
        return [name for name in names if name in generated or ".tabula-" in name]

    shutil.copy(project / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(project / "puzzles", root / "puzzles")
    shutil.copytree(docs, root / "docs", ignore=written)


KEYS = ("key",)
"""The folder of a lesson's answer key, beside its page (``lessons/<id>/key/``); its PDFs are
``key.<lang>.pdf``."""


def board(position: Position, **options: Any) -> str:
    """The board SVG of a page of the site, drawn once per position and options in a build.
    Its colours and fonts are in the site's stylesheet (``assets/tabula-styles.css``), once for
    every board, not in each board."""
    from ..render.svg import board_svg

    clean = {k: v for k, v in options.items() if v not in (None, (), False)}
    key = (position, tuple(sorted(clean.items())))
    return _BOARDS.get(key, lambda: board_svg(position, standalone=False, **clean))


_BOARDS: BuildCache[tuple[Position, tuple[tuple[str, Any], ...]], str] = BuildCache(
    "boards", limit=10_000
)


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
    """A digest of the sources' names and contents. A source that cannot be read (a dangling
    link, a named pipe, a device, a file over 1 MiB) counts by its reason: the check that
    follows reports it, at its path."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path).encode())
        try:
            digest.update(read_file(path))
        except Unreadable as error:
            digest.update(f"unreadable: {error}".encode())
    return digest.hexdigest()


_BUILT: dict[str, Site] = {}
"""The site last prepared, by the digest of its sources: one site, which the languages' builds
and the unchanged reloads share. (Not a cache to bound: it is the site being built.)"""

# Boards and long index lists are set aside before Markdown and put back after it: Markdown's
# HTML parser would otherwise walk every element of every SVG (half of a build's time) and of
# every list of a thousand puzzles, only to pass them through unchanged.
SET_ASIDE: dict[str, str] = {}
"""The HTML set aside for the site last prepared (its generated pages, and the board fences of
its pages built since), by the key its mark carries (a hash of the HTML). It belongs to that
site, as ``_BUILT`` does: the next site prepared starts it again."""
_HEAVY = re.compile(r'<svg\b.*?</svg>|<ul class="tabula-index">.*?</ul>', re.DOTALL)
_MARK = re.compile(r"<!--tabula:([0-9a-f]{20})-->")


def set_aside(text: str) -> str:
    """``text`` with each board SVG and puzzle list replaced by a short mark (an HTML comment,
    which Markdown passes through); :func:`put_back` restores them in the HTML."""
    marked, heavy = _ASIDE.get(text, lambda: _set_aside(text))
    SET_ASIDE.update(heavy)
    return marked


_ASIDE: BuildCache[str, tuple[str, dict[str, str]]] = BuildCache("set aside", limit=10_000)
"""The pages already set aside, by their text, with the HTML taken out of each: unchanged pages
cost a lookup on rebuilds."""


def _set_aside(text: str) -> tuple[str, dict[str, str]]:
    heavy: dict[str, str] = {}

    def mark(match: re.Match[str]) -> str:
        html = match.group(0)
        key = hashlib.blake2b(html.encode(), digest_size=10).hexdigest()
        heavy[key] = html
        return f"<!--tabula:{key}-->"

    return _HEAVY.sub(mark, text), heavy


def put_back(html: str) -> str:
    """The page's HTML with what :func:`set_aside` took out put back in place."""
    return _MARK.sub(lambda match: SET_ASIDE[match.group(1)], html)


def prepare(
    puzzles_dir: Path, docs_dir: Path, *, with_pdf: bool = False, public_keys: bool = True
) -> Site:
    """Check every puzzle, lesson and board fence, then render the generated pages of every
    language. The result is cached by the content of the sources, so the per-language builds
    and unchanged reloads do no work twice. Without ``public_keys`` the answer keys are still
    rendered (they are built, then set apart by :func:`set_keys_apart`), but no other page
    links to them."""
    hand_written = hand_written_pages(docs_dir)
    sources = yaml_files([puzzles_dir]) if puzzles_dir.is_dir() else []
    key = _signature(sources + hand_written) + str(with_pdf) + str(public_keys)
    if key in _BUILT:
        return _BUILT[key]
    # A new site: the last one, and the HTML its pages set aside, go.
    _BUILT.clear()
    SET_ASIDE.clear()
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
            # A lesson written in one language only is listed in that language only.
            lessons_here = {
                key: lesson for key, lesson in project.lessons.items() if lang in lesson.languages
            }
            pages = [
                _puzzle_page(
                    puzzle,
                    project.solutions[puzzle_id],
                    lang,
                    [
                        lesson
                        for lesson in lessons_of.get(puzzle_id, [])
                        if lang in lesson.languages
                    ],
                    following.get(puzzle_id),
                    project.tag_labels,
                )
                for puzzle_id, puzzle in sorted(project.puzzles.items())
            ]
            for _, lesson in sorted(lessons_here.items()):
                members = [project.puzzles[p] for p in lesson.puzzles]
                sheets = [lesson_page(lesson, members, lang, with_pdf=with_pdf)]
                sheets += sheet_pages(lesson, members, project.solutions, lang, _board)
                pages += sheets if public_keys else [_without_key_links(page) for page in sheets]
            pages += index_pages(
                list(project.puzzles.values()),
                list(lessons_here.values()),
                lang,
                project.tag_labels,
            )
            pages.append(
                practice_index_page(list(project.puzzles.values()), lang, project.tag_labels)
            )
            pages.append(gallery_page(lang))
            if not (docs_dir / lang / "search.md").is_file():
                pages.append(search_page(lang))
            if not (docs_dir / lang / "practice.md").is_file():
                pages += practice_pages(lang)
            site.pages[lang] = [Page(page.path, set_aside(page.text)) for page in pages]
    _BUILT[key] = site
    return site


def search_page(lang: str) -> Page:
    """The site's search page in ``lang`` (``search/``): the box that the site's script
    (``assets/tabula.js``) fills with Pagefind's, searching this language's pages only."""
    _ = translations(lang).gettext
    title = _("Search")
    intro = _(
        "Search every page of this site: puzzles, lessons and the rest. Words are found in all "
        "their forms: “points” finds “point” too."
    )
    return Page(
        PurePosixPath("search", "index.md"),
        f'# {title}\n\n{intro}\n\n<div id="tabula-search"></div>\n',
    )


# A link to an answer key, with the " · " that parts it from its neighbour: on a lesson's page
# (key/, key.<lang>.pdf) and on its worksheet (../key/).
_KEY_LINK = re.compile(
    r'(?: · )?<a href="(?:\.\./)?key(?:/|\.[\w-]+\.pdf)">[^<]*</a>|'
    r'<a href="(?:\.\./)?key(?:/|\.[\w-]+\.pdf)">[^<]*</a> · '
)
# The links at the top of an answer key (to its lesson and its worksheet): in the keys folder,
# away from the site, they would lead nowhere.
_SHEET_LINKS = re.compile(r'<div class="tabula-sheet-links"[^>]*>.*?</div>\n*', re.DOTALL)


def _without_key_links(page: Page) -> Page:
    """A lesson's page, worksheet or answer key for a site whose keys are kept private: no
    link to the key, and the key itself without links back into the site."""
    if len(page.path.parts) == 4 and page.path.parts[2] in KEYS:  # lessons/<id>/key/index.md
        return Page(page.path, _SHEET_LINKS.sub("", page.text, count=1))
    return Page(page.path, _KEY_LINK.sub("", page.text))


def set_keys_apart(
    site_dir: Path, keys_dir: Path | None, folders: list[str], lessons: list[str]
) -> None:
    """Take the answer keys out of the built site: each lesson's ``key/`` page and
    ``key.<lang>.pdf``, in each language's ``folders`` ('' for the root), go to the same place
    in ``keys_dir`` with the stylesheets and images they need (``assets/``), and
    ``sitemap.xml`` forgets them. ``None``: the keys are only taken out (a dirty rebuild, which
    built only some of them)."""
    for folder in folders:
        for lesson in lessons:
            where = Path(folder, "lessons", lesson)
            if not (site_dir / where).is_dir():
                continue
            for item in sorted((site_dir / where).iterdir()):
                if item.name not in KEYS and not any(
                    item.name.startswith(f"{key}.") and item.suffix == ".pdf" for key in KEYS
                ):
                    continue
                if keys_dir is None:
                    _remove(str(item))
                    continue
                (keys_dir / where).mkdir(parents=True, exist_ok=True)
                os.replace(item, keys_dir / where / item.name)
    _drop_keys_from_sitemap(site_dir)
    if keys_dir is not None and (site_dir / "assets").is_dir():
        keys_dir.mkdir(parents=True, exist_ok=True)
        shutil.copytree(
            site_dir / "assets",
            keys_dir / "assets",
            ignore=shutil.ignore_patterns("lunr", "workers", "*.map"),
            dirs_exist_ok=True,
        )


_SITEMAP_KEY = re.compile(
    # (Without a site_url, i18n's sitemap writes "None" before each path: "Nonelessons/...".)
    r"[ \t]*<url>\s*<loc>[^<]*?lessons/[^/<]+/(?:" + "|".join(KEYS) + r")/</loc>.*?</url>\n?",
    re.DOTALL,
)


def _drop_keys_from_sitemap(site_dir: Path) -> None:
    """``sitemap.xml`` (and its ``.gz``, with the same time inside) without the answer keys."""
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.is_file():
        return
    text = sitemap.read_text(encoding="utf-8")
    kept = _SITEMAP_KEY.sub("", text)
    if kept == text:
        return
    sitemap.write_text(kept, encoding="utf-8")
    packed = site_dir / "sitemap.xml.gz"
    if packed.is_file():
        mtime = int.from_bytes(packed.read_bytes()[4:8], "little")
        with (
            open(packed, "wb") as file,
            gzip.GzipFile(fileobj=file, filename=str(packed), mode="wb", mtime=mtime) as out,
        ):
            out.write(kept.encode("utf-8"))


_PAGES: BuildCache[tuple[str, str], tuple[object, object, object, Page]] = BuildCache(
    "puzzle pages", limit=10_000
)


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
    known = _PAGES.find((puzzle.id, lang))
    if known is not None and known[0] is puzzle and known[1] is solution and known[2] == context:
        return known[3]
    page = puzzle_page(
        puzzle, solution, lang, _board, lessons, following=following, tag_labels=tag_labels
    )
    _PAGES.keep((puzzle.id, lang), (puzzle, solution, context, page))
    return page


def hand_written_pages(docs_dir: Path) -> list[Path]:
    """The Markdown pages of ``docs_dir`` that people write, sorted: every ``.md`` file except
    the generated folders of each language (not even walked through: they hold thousands) and,
    as MkDocs does, hidden files and folders (a killed build's page tree among them)."""
    found: list[Path] = []
    for folder, subfolders, names in os.walk(docs_dir):
        here = Path(folder)
        subfolders[:] = [name for name in subfolders if not name.startswith(".")]
        if here.parent == docs_dir:
            subfolders[:] = [name for name in subfolders if name not in GENERATED]
        found += [here / name for name in names if name.endswith(".md") and name[0] != "."]
    return sorted(found)


def write_pages(site: Site, docs_dir: Path) -> int:
    """Write the generated pages into each language's tree, only those whose text changed, and
    remove generated pages whose puzzle is gone. Returns how many files were written.

    A tree with any change is made whole beside the old one, its unchanged files linked over
    (their times stay: ``mkdocs serve --dirty`` rebuilds a page by them), then swapped in by
    :func:`replace_tree`: a build stopped at any moment leaves each tree all old or all new."""
    written = 0
    with _locked(str(docs_dir)):
        for lang, pages in site.pages.items():
            root = os.path.join(docs_dir, lang)
            trees: dict[str, dict[str, str]] = {folder: {} for folder in GENERATED}
            for page in pages:
                if page.path.parts[0] not in trees:
                    raise ValueError(f"{page.path}: a generated page outside {GENERATED}")
                trees[page.path.parts[0]][os.path.join(root, page.path)] = page.text
            for folder, wanted in trees.items():
                written += _write_tree(os.path.join(root, folder), wanted)
    return written


def recover_pages(docs_dir: Path) -> None:
    """Clear what a killed build left of its work on the generated trees (see
    :func:`recover_tree`), before anything reads them."""
    with _locked(str(docs_dir)):
        for lang in sorted(os.listdir(docs_dir)):
            if os.path.isdir(os.path.join(docs_dir, lang)):
                for folder in GENERATED:
                    recover_tree(os.path.join(docs_dir, lang, folder), hidden=True)


def _write_tree(tree: str, wanted: dict[str, str]) -> int:
    """Make ``tree`` hold the pages ``wanted`` (path: text) besides the other files it holds,
    swapped in whole when anything changed; returns how many pages were written."""
    recover_tree(tree, hidden=True)
    kept: list[str] = []
    gone = False
    for where, _, names in os.walk(tree):
        for name in names:
            path = os.path.join(where, name)
            if name.endswith(".md") and path not in wanted:
                gone = True
            else:
                kept.append(path)
    changed = {path: text for path, text in wanted.items() if not _unchanged(path, text)}
    if not changed and not gone:
        return 0
    staging = sidecars(tree, hidden=True)[0]
    made: set[str] = set()

    def place(path: str) -> str:
        new = staging + path[len(tree) :]
        folder = os.path.dirname(new)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        return new

    os.makedirs(staging)
    for path in kept:
        if path not in changed:
            _carry(path, place(path))
    for path, text in changed.items():
        with open(place(path), "w", encoding="utf-8") as file:
            file.write(text)
    replace_tree(tree, hidden=True)
    for path, text in changed.items():
        _WRITTEN.keep(path, (text, os.stat(path).st_mtime_ns))
    return len(changed)


def _carry(old: str, new: str) -> None:
    """The unchanged file ``old`` at ``new`` too: a hard link (the same file and time; nothing
    writes into a generated file in place), or a copy with its time where links fail."""
    try:
        os.link(old, new, follow_symlinks=False)
    except OSError:
        shutil.copy2(old, new, follow_symlinks=False)


_WRITTEN: BuildCache[str, tuple[str, int]] = BuildCache("written pages", limit=20_000)
"""What this process last wrote to each generated page, and the file's time then (a page not
known is read back). (Plain strings and ``os`` here: a rebuild goes over every generated page,
thousands of them.)"""


def _unchanged(path: str, text: str) -> bool:
    """The page already holds ``text``: known from what this process wrote, if the file was
    not touched since, else read back."""
    try:
        mtime = os.stat(path).st_mtime_ns
    except OSError:
        return False
    known = _WRITTEN.find(path)
    if known is not None and known[1] == mtime:
        return known[0] == text
    with open(path, encoding="utf-8") as file:
        if file.read() != text:
            return False
    _WRITTEN.keep(path, (text, mtime))
    return True


# --- swapping a whole tree in ------------------------------------------------------------------
# A build writes a tree (the site, or a generated folder of docs/) beside the old one and swaps
# it in at the end, so that the old tree stays whole until the new one is complete. Both sit in
# the same folder (a rename never leaves its filesystem), and a killed build's leftovers are
# cleared by the next one (recover_tree).


def sidecars(target: str, *, hidden: bool = False) -> tuple[str, str]:
    """The folders beside ``target`` where its next version is built, and where the old one
    waits while they change places: ``site.tabula-new``, ``site.tabula-old``; ``hidden``
    puts a dot first (``.puzzles.tabula-new``: MkDocs reads no dot-folder of docs/)."""
    head, name = os.path.split(os.path.normpath(target))
    dot = "." if hidden else ""
    return (
        os.path.join(head, f"{dot}{name}.tabula-new"),
        os.path.join(head, f"{dot}{name}.tabula-old"),
    )


def replace_tree(target: str, *, hidden: bool = False) -> None:
    """Put the complete new tree (the first of :func:`sidecars`) in the place of ``target``,
    then remove the old one. On Linux the two change places in one step (renameat2's
    RENAME_EXCHANGE); elsewhere the old tree is first renamed aside (the second of
    :func:`sidecars`), which :func:`recover_tree` puts back if the process dies between the
    two renames."""
    new, aside = sidecars(target, hidden=hidden)
    if not os.path.lexists(target):
        os.rename(new, target)
    elif _exchange(new, target):
        _remove(new)
    else:
        os.rename(target, aside)
        os.rename(new, target)
        _remove(aside)


def recover_tree(target: str, *, hidden: bool = False) -> None:
    """Undo what a build killed before its :func:`replace_tree` ended left beside ``target``:
    the old tree goes back in place if it was renamed aside, and a half-built new one is
    removed."""
    new, aside = sidecars(target, hidden=hidden)
    if os.path.lexists(aside) and not os.path.lexists(target):
        os.rename(aside, target)
    for leftover in (new, aside):
        if os.path.lexists(leftover):
            _remove(leftover)


def _remove(path: str) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.unlink(path)


def _exchange(one: str, two: str) -> bool:
    """Swap two paths in one step; ``False`` where the system cannot (not Linux, or a
    filesystem without RENAME_EXCHANGE)."""
    if _RENAMEAT2 is None:
        return False
    if _RENAMEAT2(_AT_FDCWD, os.fsencode(one), _AT_FDCWD, os.fsencode(two), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), one, None, two)


def _renameat2() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None
    number, path = ctypes.c_int, ctypes.c_char_p
    function.argtypes = (number, path, number, path, ctypes.c_uint)
    function.restype = ctypes.c_int
    return function


_RENAMEAT2 = _renameat2()
_AT_FDCWD = -100  # <fcntl.h>: paths relative to the working folder
_RENAME_EXCHANGE = 2  # <linux/fs.h>


def lock_folder(folder: str, waiting: Callable[[], None] | None = None) -> int | None:
    """Wait for, then hold, an exclusive lock on ``folder``: two builds never work on the same
    trees at once. The lock ends with :func:`unlock_folder`, or with the process however it
    ends (even killed). ``waiting`` is called once if another process holds it. ``None``
    where the system has no such locks."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        return None
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting is not None:
                waiting()
            fcntl.flock(handle, fcntl.LOCK_EX)
    except OSError:  # a filesystem without locks
        os.close(handle)
        return None
    return handle


def unlock_folder(handle: int | None) -> None:
    """End a lock of :func:`lock_folder`."""
    if handle is not None:
        os.close(handle)


@contextmanager
def _locked(folder: str) -> Iterator[None]:
    handle = lock_folder(folder)
    try:
        yield
    finally:
        unlock_folder(handle)


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
