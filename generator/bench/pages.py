"""What a reader's browser fetches on a first visit: ``python -m generator bench pages``.

This project is built once into a temporary folder (both languages, Pagefind's index, no
worksheet PDFs) and served on 127.0.0.1; Debian's Chromium (``/usr/bin/chromium``, driven by
Playwright) opens pages of every type in both languages, each in a fresh browser context (an
empty cache: a first visit), and waits until the network is quiet. Every response is counted
as a host that compresses text sends it: gzipped when it is text (HTML, CSS, JavaScript, JSON,
XML, SVG), as it is otherwise (Pagefind's fragments are gzipped already). The figures per page
type are those of its heaviest page: bytes transferred, the same uncompressed, requests, the
page's own HTML, its DOM nodes and the sitemaps it fetched: one, which Material's instant
navigation reads to know the site's pages (180 KB uncompressed; Material fetched one more for
each language a page linked in ``<head>``, which the site's pages no longer do).

Nothing here asserts: the target (issue 19) is at most 400 KB transferred on any first visit.
Lighthouse's scores are another bench's (``python -m generator bench lighthouse``).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .hosting import sent_size, served
from .site import REPO

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium, as the browser tests use it."""

TARGET_KB = 400.0
"""The most a first visit of any page may transfer, gzipped (issue 19)."""

LANGUAGE_FOLDERS = {"en": "", "ru": "ru/"}

PAGE_TYPES = {
    "home": ("index.html",),
    "rules": ("rules/*/index.html",),
    "examples": ("examples/*/index.html",),
    "faq": ("faq/index.html", "faq/*/index.html"),
    "compare": ("compare/index.html",),
    "glossary": ("glossary/index.html",),
    "puzzles index": (
        "puzzles/index.html",
        "puzzles/rules/index.html",
        "puzzles/levels/index.html",
    ),
    "puzzle": ("puzzles/*/index.html",),
    "lessons index": ("lessons/index.html",),
    "lesson": ("lessons/*/index.html",),
    "worksheet": ("lessons/*/worksheet/index.html",),
    "answer key": ("lessons/*/key/index.html",),
    "teachers": ("teachers/index.html", "teachers/*/index.html"),
    "gallery": ("gallery/index.html",),
    "practice": ("practice/index.html", "progress/index.html"),
    "referee": ("referee/index.html",),
    "search": ("search/index.html",),
    "404": ("404.html",),
}
"""The site's kinds of page, each as the files of one language's folder that are pages of it
(a page named by two is of the first)."""


@dataclass(frozen=True, slots=True)
class Visit:
    """A first visit of one page."""

    path: str
    """The page, from the site's top (``ru/faq/backgammon/``)."""
    transferred: int
    """Bytes of every response, gzipped as a host sends text."""
    uncompressed: int
    requests: int
    html: int
    """The page's own HTML, uncompressed."""
    nodes: int
    """Elements in the page's DOM once it has loaded."""
    sitemaps: int
    """Requests for a sitemap."""


SHOWN: tuple[tuple[str, Callable[[Visit], str]], ...] = (
    ("sent KB", lambda one: f"{one.transferred / 1024:.0f}"),
    ("raw KB", lambda one: f"{one.uncompressed / 1024:.0f}"),
    ("requests", lambda one: str(one.requests)),
    ("HTML KB", lambda one: f"{one.html / 1024:.0f}"),
    ("nodes", lambda one: str(one.nodes)),
    ("sitemaps", lambda one: str(one.sitemaps)),
)


def pages_of(site: Path, lang: str) -> dict[str, list[str]]:
    """The pages of ``site`` in ``lang`` by type (each of the first type whose patterns name
    it), heaviest first, as paths from the site's top (a folder's page as the folder:
    ``ru/faq/``)."""
    folder = site / LANGUAGE_FOLDERS[lang]
    others = [
        site / prefix for other, prefix in LANGUAGE_FOLDERS.items() if prefix and other != lang
    ]
    seen: set[Path] = set()
    by_type: dict[str, list[str]] = {}
    for kind, patterns in PAGE_TYPES.items():
        found = {path for pattern in patterns for path in folder.glob(pattern)} - seen
        found = {path for path in found if not any(path.is_relative_to(o) for o in others)}
        seen |= found
        ordered = sorted(found, key=lambda path: (-path.stat().st_size, str(path)))
        paths = [path.relative_to(site).as_posix().removesuffix("index.html") for path in ordered]
        if paths:
            by_type[kind] = paths
    return by_type


def visit(browser: Browser, url: str, path: str) -> Visit:
    """Open ``url + path`` in a fresh context and count what it fetched."""
    context = browser.new_context(viewport={"width": 360, "height": 780})
    sizes: list[tuple[int, int]] = []
    sitemaps = 0
    try:
        page = context.new_page()

        def answered(response: object) -> None:
            nonlocal sitemaps
            from playwright.sync_api import Error, Response

            assert isinstance(response, Response)
            if "sitemap" in response.url:
                sitemaps += 1
            try:
                body = response.body()
            except Error:  # a redirect, or a request the page gave up
                return
            sizes.append((sent_size(body, response.headers.get("content-type", "")), len(body)))

        page.on("response", answered)
        answer = page.goto(url + path, wait_until="load")
        page.wait_for_load_state("networkidle")
        html = len(answer.body()) if answer is not None else 0
        nodes = int(page.evaluate("document.getElementsByTagName('*').length"))
    finally:
        context.close()
    return Visit(
        path=path,
        transferred=sum(sent for sent, _ in sizes),
        uncompressed=sum(raw for _, raw in sizes),
        requests=len(sizes),
        html=html,
        nodes=nodes,
        sitemaps=sitemaps,
    )


def build_project(root: Path, url: str) -> Path:
    """This project (mkdocs.yml, docs/, puzzles/) built into ``root/site`` for ``url``."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from generator.site.generate import copy_sources

    copy_sources(REPO, root)
    site = root / "site"
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(site), site_url=url, strict=False)
    config.plugins["tabula"].config["pdf"] = "no"
    build(config)
    return site


def bench_pages(count: int = 3, site: Path | None = None) -> dict[str, list[Visit]]:
    """First visits of the heaviest ``count`` pages (by HTML) of each type and language, of
    ``site`` (a built site) or of this project, built for the occasion: by type, the heaviest
    visit of each language."""
    if site is not None:
        return _bench_folder(site, count)
    with tempfile.TemporaryDirectory(prefix="tabula-bench-pages-") as temp:
        folder = Path(temp) / "site"
        folder.mkdir()
        return _bench_folder(folder, count, build_in=Path(temp))


def _bench_folder(site: Path, count: int, build_in: Path | None = None) -> dict[str, list[Visit]]:
    from playwright.sync_api import sync_playwright

    from generator.site.pdf import QUIET_FLAGS

    figures: dict[str, list[Visit]] = {}
    with served(site) as url, sync_playwright() as driver:
        if build_in is not None:
            build_project(build_in, url)
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=list(QUIET_FLAGS))
        try:
            by_language = {lang: pages_of(site, lang) for lang in LANGUAGE_FOLDERS}
            for kind in PAGE_TYPES:
                for pages in by_language.values():
                    visits = [visit(browser, url, path) for path in pages.get(kind, [])[:count]]
                    if visits:
                        figures.setdefault(kind, []).append(max(visits, key=_sent))
        finally:
            browser.close()
    return figures


def _sent(one: Visit) -> int:
    return one.transferred


def format_figures(figures: dict[str, list[Visit]]) -> str:
    """The figures as a table, one line per page type and language, and the target."""
    lines = [f"{'page':<56}" + "".join(f" {title:>9}" for title, _ in SHOWN)]
    visits = [(kind, one) for kind, ones in figures.items() for one in ones]
    for kind, one in visits:
        lines.append(f"{kind + ': /' + one.path:<56}" + "".join(f" {v(one):>9}" for _, v in SHOWN))
    worst = max((one.transferred for _, one in visits), default=0) / 1024
    mark = "met" if worst <= TARGET_KB else "NOT met"
    lines.append(
        f"heaviest first visit: {worst:.0f} KB sent, gzipped (target: at most "
        f"{TARGET_KB:.0f} KB, {mark})\n"
        "(Lighthouse's performance and accessibility scores: python -m generator bench lighthouse.)"
    )
    return "\n".join(lines)


def print_pages_bench(count: int = 3) -> dict[str, list[Visit]]:
    """Run :func:`bench_pages`, print its figures and return them."""
    print(
        f"building this project, then opening the heaviest {count} pages of each type in "
        "both languages, each as a first visit in Chromium...",
        flush=True,
    )
    figures = bench_pages(count)
    print(format_figures(figures))
    return figures
