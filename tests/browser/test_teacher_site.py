"""A teacher's own site (``python -m generator init``) in Debian's chromium: its puzzles are
solved with the widget, served or opened from disk (file://, where a browser runs no module
script); its language switcher lands on the same page in the other language, whichever
language is at the site's root and whatever order the switcher lists them in; its search box
finds pages in the reader's language.

The site is built once for this module, in Russian (at the root) and English, the switcher
listing English first; it does not use the real site that conftest.py builds. Where a test
is repeated in each language, ``make test`` tries one language (Russian for the widget,
English for search) and ``make test-deep`` both; tests/browser/test_teacher_paths.py solves the
puzzle in both languages of another such site, over http and from disk.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from playwright.sync_api import Page, Response

from generator.site.init import init_project
from tests.browser_fixtures import Listener, ReusedPage, Window, listening
from tests.conftest import BLANK, in_turn, serving

pytestmark = pytest.mark.browser

WINDOW = Window(1100, 900, reduced_motion="reduce")
"""The window the tests see the teacher's site in: a puzzle page whole, the steps landing at
once."""


@dataclass
class Served:
    folder: Path
    url: str

    def __call__(self, path: str = "") -> str:
        return self.url + path.lstrip("/")


@pytest.fixture(scope="module")
def teacher_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    root = tmp_path_factory.mktemp("teacher") / "my class"
    init_project(root, ("ru", "en"))
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    text = text.replace("  - tabula:\n", "  - tabula:\n      pdf: no\n")
    russian = "    - {name: Русский, link: ./, lang: ru}\n"
    english = "    - {name: English, link: en/, lang: en}\n"
    assert russian + english in text
    config.write_text(text.replace(russian + english, english + russian), encoding="utf-8")
    build(load_config(str(config)))
    folder = root / "site"
    with serving(folder) as url:
        yield Served(folder, url)


@dataclass
class Tab:
    page: Page
    errors: list[str] = field(default_factory=list)
    """Uncaught script errors."""
    missing: list[str] = field(default_factory=list)
    """Requests answered with an HTTP error."""

    def page_error(self, error: Exception) -> None:
        self.errors.append(str(error))

    def response(self, answer: Response) -> None:
        if answer.status >= 400:
            self.missing.append(f"{answer.status} {answer.url}")


def forget(page: Page, blank: str) -> None:
    """Empty the storage of the origin of ``blank`` (a server's blank page), from there."""
    page.goto(blank)
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


@pytest.fixture
def tab(reused: ReusedPage, teacher_site: Served) -> Iterator[Tab]:
    """The package's reused page, the teacher's site having stored nothing yet: the widget's
    tests need no context of their own."""
    page = reused.fresh()
    WINDOW.restore(page)  # the next test's fresh() puts the package's window back
    forget(page, teacher_site(BLANK))
    tab = Tab(page)
    listeners: dict[str, Listener] = {"pageerror": tab.page_error, "response": tab.response}
    with listening(page, listeners):
        yield tab


def solve_the_higher_die(page: Page) -> str:
    """Play 13/7 on the puzzle "The higher die" with the mouse; the widget's message."""
    page.wait_for_selector(".tabula-puzzle.tw-ready")
    for place in ("13", "7"):
        page.locator(f'.tabula-puzzle svg g.board [data-point="{place}"]').click(force=True)
    root = page.locator('.tabula-puzzle[data-puzzle-id="higher-die"]')
    assert root.get_attribute("data-verdict") == "accepted"
    assert root.get_attribute("data-solved") == "yes"
    return str(page.locator('.tabula-puzzle [role="status"]').text_content())


@in_turn(
    "path,words",
    [("en/", "Right: 13/7 solves the puzzle."), ("", "Верно: 13/7 — решение задачи.")],
    1,  # Russian, at the site's root, in make test; English in the search below
    ids=["en", "ru"],
)
def test_a_puzzle_of_a_teachers_site_is_solved_with_the_widget(
    tab: Tab, teacher_site: Served, path: str, words: str
) -> None:
    tab.page.goto(teacher_site(f"{path}puzzles/higher-die/"))
    assert solve_the_higher_die(tab.page).startswith(words)
    assert tab.page.evaluate("window.tabulaSolved()") == ["higher-die"]
    assert tab.errors == [] and tab.missing == []


@pytest.mark.deep  # make test solves it from disk in tests/browser/test_teacher_paths.py
def test_the_widget_works_in_a_site_opened_from_disk(tab: Tab, teacher_site: Served) -> None:
    page = teacher_site.folder / "en" / "puzzles" / "higher-die" / "index.html"
    tab.page.goto(page.as_uri())
    assert "13/7" in solve_the_higher_die(tab.page)
    assert tab.errors == []


def test_the_language_switcher_leads_to_the_same_page_whichever_language_is_at_the_root(
    tab: Tab, teacher_site: Served
) -> None:
    expected = {
        "ru": teacher_site("puzzles/higher-die/"),
        "en": teacher_site("en/puzzles/higher-die/"),
    }
    for here in expected.values():
        tab.page.goto(here)
        tab.page.wait_for_selector(".tabula-puzzle.tw-ready")
        links = tab.page.eval_on_selector_all(
            "a.md-select__link[hreflang]", "links => links.map(l => [l.hreflang, l.href])"
        )
        assert [lang for lang, _ in links] == ["en", "ru"]  # the order of the switcher
        assert dict(links) == expected, here
    assert tab.errors == [] and tab.missing == []


@in_turn(
    "path,typed,found",
    [("search/", "кубика", "puzzles/higher-die/"), ("en/search/", "checkers", "en/puzzles/")],
    1,  # English; Russian in the solving above
    ids=["ru", "en"],
)
def test_the_search_box_finds_pages_in_the_readers_language(
    tab: Tab, teacher_site: Served, path: str, typed: str, found: str
) -> None:
    page = tab.page
    page.goto(teacher_site(path))
    page.locator("#tabula-search input").fill(typed)
    # (Pagefind shows its results one by one, as their pages' fragments arrive.)
    page.wait_for_function(
        """found => [...document.querySelectorAll('#tabula-search .pagefind-ui__result-link')]
            .some(link => link.href.startsWith(found))""",
        arg=teacher_site(found),
    )
    links: list[str] = page.eval_on_selector_all(
        "#tabula-search .pagefind-ui__result-link", "links => links.map(link => link.href)"
    )
    english = teacher_site("en/")
    assert all(link.startswith(english) == path.startswith("en/") for link in links), links
    assert tab.errors == [] and tab.missing == []
