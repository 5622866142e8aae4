"""Every kind of page passes axe-core with no serious or critical violation, in both languages,
both colour schemes and at a phone's and a desktop's width; and a page fetches one sitemap at
most, the one Material's instant navigation reads to know the site's pages (it fetched three:
one more for each language linked in <head>, links this site does not need).

One loop a language (this module English, test_axe_pages_ru.py Russian, so the two test
processes share the sweep), on the shared page (``tab``): each page opened once in each scheme
it is checked in, as a first visit would see it (no palette remembered: Material follows the
system's scheme), and checked at each width in turn; axe reports violations only, not what
passed, which keeps it to about a second a check. The sitemaps are counted in every page
opened, once Material has started (:data:`MATERIAL_STARTED`): no wait for the network to fall
idle is needed.

``make test`` checks every kind of page once, in one language (every other kind in each) and
in one of the four pairs of scheme and width, taken in turn; ``make test-deep`` checks every
kind of page in both languages and all four pairs.
axe-core is the npm package the Makefile installs (.installed-axe); without it the test skips,
saying why.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, Request

from tests.browser_fixtures import listening

from .conftest import Site, Tab

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
AXE = Path(os.environ.get("TABULA_AXE", REPO / ".venv/axe/node_modules/axe-core/axe.min.js"))

LANGUAGES = {"en": "", "ru": "ru/"}
WIDTHS = (360, 1280)
"""Narrowest first (see the loop)."""
SCHEMES = ("light", "dark")

PAGES = {
    "home": "",
    "rules": "rules/backgammon/",
    "FAQ": "faq/backgammon/",
    "compare": "compare/",
    "glossary": "glossary/",
    "examples": "examples/tavla/",
    "gallery": "gallery/",
    "puzzles": "puzzles/",
    "puzzle": "puzzles/bg-bar-enter-first/",
    "lesson": "lessons/bearing-off/",
    "worksheet": "lessons/bearing-off/worksheet/",
    "teachers": "teachers/",
    # The search page with results shown, and its "Load more" button.
    "search": "search/?q=checker",
    "404": "404.html",
}
"""A page of every kind, as a path from a language's top."""

# What axe reports, as short lines: the rule, its impact, and where (a few nodes).
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.id} (${v.impact}): ` +
      v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
}"""


MATERIAL_STARTED = "() => new Promise(started => window.document$.subscribe(() => started()))"
"""Waits until Material's ``document$`` has told its subscribers of the page: Material asks for
its sitemaps then (instant navigation's, and one for each language linked in <head>), so every
request for one has been made (and seen here) when this returns."""


def settle(page: Page, path: str) -> None:
    """Wait until the page shows what a reader would check (the search's results) and is at
    rest: no transition under way (a drawer sliding, a colour fading), whose halfway colours
    axe would measure."""
    page.locator("article h1").first.wait_for()
    if path.startswith("search/"):
        page.locator("#tabula-search .pagefind-ui__result-link").first.wait_for()
    at_rest(page)


def at_rest(page: Page) -> None:
    page.wait_for_function(
        "document.getAnimations().every(animation => animation.playState !== 'running')"
    )


WHOLE = pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.deep)], ids=["in-turn", "all"]
)


@WHOLE
def test_no_english_page_has_a_serious_accessibility_violation_nor_fetches_every_sitemap(
    tab: Tab, site: Site, whole: bool
) -> None:
    check_pages(tab.page, site, "en", whole)


def pairs_checked(lang: str, whole: bool) -> dict[str, set[tuple[str, int]]]:
    """For each kind of page checked in ``lang``, the pairs of scheme and width it is checked
    in: every kind in all four when ``whole``, else every other kind (English the first,
    Russian the second), each in one pair, taken in turn.

    >>> pairs_checked("en", False)["home"], pairs_checked("ru", False)["rules"]
    ({('light', 360)}, {('light', 1280)})
    >>> sorted(set(pairs_checked("en", False)) | set(pairs_checked("ru", False))) == sorted(PAGES)
    True
    >>> len({pair for pairs in pairs_checked("ru", False).values() for pair in pairs})
    4
    """
    every = [(scheme, width) for scheme in SCHEMES for width in WIDTHS]
    first = list(LANGUAGES).index(lang)
    if whole:
        return {kind: set(every) for kind in PAGES}
    return {
        kind: {every[(index // 2 + first) % len(every)]}
        for index, kind in enumerate(PAGES)
        if index % 2 == first
    }


def check_pages(page: Page, site: Site, lang: str, whole: bool) -> None:
    """Every kind of page of ``lang``, in the pairs of scheme and width of
    :func:`pairs_checked`. One module a language, so that the two test processes share the
    sweep (tests/browser/test_axe_pages_ru.py)."""
    if not AXE.is_file():
        pytest.skip(
            f"axe-core is not installed at {AXE} (make .venv/.installed-axe, or point "
            "TABULA_AXE at axe.min.js)"
        )
    for path in PAGES.values():
        file = site.folder / path.split("?")[0]
        assert (file / "index.html").is_file() or file.is_file(), f"no page {path} in the site"
    found: list[str] = []
    sitemaps: list[str] = []
    too_many: list[str] = []
    prefix = LANGUAGES[lang]
    checked = pairs_checked(lang, whole)

    def asked(request: Request) -> None:
        if "sitemap" in request.url:
            sitemaps.append(request.url)

    with listening(page, {"request": asked}):
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            for kind, path in PAGES.items():
                widths = [width for width in WIDTHS if (scheme, width) in checked.get(kind, ())]
                if not widths:
                    continue
                # A first visit's palette: the one the last page remembered forgotten.
                page.evaluate("localStorage.clear()")
                sitemaps.clear()
                # Opened at the narrowest width checked: widening shows the sidebars as they
                # are, narrowing would catch the drawer on its way out of sight.
                page.set_viewport_size({"width": widths[0], "height": 800})
                page.goto(site(prefix + path))
                settle(page, path)
                page.evaluate(MATERIAL_STARTED)
                if len(sitemaps) > 1:
                    too_many.append(f"{kind} ({lang}, {scheme}): {sitemaps}")
                page.add_script_tag(path=str(AXE))
                for width in widths:
                    page.set_viewport_size({"width": width, "height": 800})
                    at_rest(page)
                    where = f"{kind} ({lang}, {scheme}, {width}px)"
                    found += [f"{where}: {line}" for line in page.evaluate(RUN_AXE)]
    assert not found, "\n".join(found)
    assert not too_many, "\n".join(too_many)
