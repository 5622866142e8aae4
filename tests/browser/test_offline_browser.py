"""The offline copy of a teacher's site, opened from disk (file://) in Debian's chromium.

A classroom without a web server opens the site from a folder or a USB stick: every link, the
puzzle widget and the progress it keeps, a practice session, work there, and the search page
says that search needs a web server (in the page's language). Served by a web server, the same
copy searches. The tests take turns on the package's one page (``reused``), which forgets what
pages opened from disk stored before each test.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, Request, expect

from tests.browser_fixtures import Listener, ReusedPage, error_listeners, listening
from tests.conftest import in_turn, serving
from tests.site.offline_project import make_offline_project

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = make_offline_project(tmp_path_factory.mktemp("offline-browser") / "club")
    assert made.status == 0, made.err
    blank_page(made.copy).write_text("<!doctype html><title>blank</title>", "utf-8")
    return made.copy


def blank_page(copy: Path) -> Path:
    """A page opened from disk, beside the copy, where no script runs."""
    return copy.parent.parent / "blank.html"


@dataclass
class Tab:
    """The tests' page, and what went wrong in it."""

    page: Page
    copy: Path
    errors: list[str] = field(default_factory=list)
    """Uncaught script errors and console errors (a request file:// refuses is one)."""
    missing: list[str] = field(default_factory=list)
    """Every file a page asked for that could not be read."""

    def url(self, path: str) -> str:
        return (self.copy / path).as_uri()

    def open(self, path: str) -> None:
        self.page.goto(self.url(path))
        self.page.locator("article h1").first.wait_for()

    def follow(self, selector: str, path: str) -> None:
        """Click the link ``selector`` and land on the page ``path`` of the copy."""
        self.page.locator(selector).first.click()
        self.page.wait_for_url(self.url(path))
        self.page.locator("article h1").first.wait_for()

    def failed(self, request: Request) -> None:
        # A request the browser itself gave up because the page moved on (a favicon still
        # loading when the next link is clicked, on a busy machine) is not a missing file.
        if request.failure != "net::ERR_ABORTED":
            self.missing.append(request.url)


@pytest.fixture
def tab(reused: ReusedPage, copy: Path) -> Iterator[Tab]:
    """The package's reused page, with nothing stored for pages opened from disk either (all
    such pages share their storage): it forgets on a blank page beside the copy."""
    page = reused.fresh()
    page.goto(blank_page(copy).as_uri())
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    tab = Tab(page, copy)
    listeners: dict[str, Listener] = {
        **error_listeners(tab.errors, failed_loads=True),
        "requestfailed": tab.failed,
    }
    with listening(page, listeners):
        yield tab


def html_lang(page: Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def test_a_class_clicks_through_the_copy_opened_from_disk(tab: Tab) -> None:
    page = tab.page
    tab.open("index.html")
    tab.follow('article a[href="lessons/index.html"]', "lessons/index.html")
    tab.follow('article a[href="first-lesson/index.html"]', "lessons/first-lesson/index.html")
    tab.follow(
        'article a[href="worksheet/index.html"]', "lessons/first-lesson/worksheet/index.html"
    )
    assert "worksheet" in page.title().lower()
    tab.follow('article a[href="../index.html"]', "lessons/first-lesson/index.html")
    page.go_back()
    page.wait_for_url(tab.url("lessons/first-lesson/worksheet/index.html"))
    page.go_back()
    page.wait_for_url(tab.url("lessons/first-lesson/index.html"))
    # A puzzle of the lesson, then the whole site's navigation back to the home page.
    tab.follow(
        'article a[href="../../puzzles/higher-die/index.html"]', "puzzles/higher-die/index.html"
    )
    tab.follow(".md-header a.md-logo", "index.html")
    assert tab.errors == [] and tab.missing == []


def test_the_language_switcher_leads_to_the_same_page_in_the_other_language(tab: Tab) -> None:
    page = tab.page
    tab.open("lessons/first-lesson/index.html")
    # The site's script points the switcher at this page in each language, at run time.
    page.hover(".md-header__option .md-select")
    page.locator('a.md-select__link[hreflang="ru"]').click()
    page.wait_for_url(tab.url("ru/lessons/first-lesson/index.html"))
    page.locator("article h1").first.wait_for()
    assert html_lang(page) == "ru"
    page.hover(".md-header__option .md-select")
    page.locator('a.md-select__link[hreflang="en"]').click()
    page.wait_for_url(tab.url("lessons/first-lesson/index.html"))
    assert tab.errors == [] and tab.missing == []


@pytest.mark.deep  # in make test, the widget's "next puzzle" (below) is such a link
def test_a_link_the_page_builds_to_a_folder_opens_its_index_page(tab: Tab) -> None:
    page = tab.page
    tab.open("lessons/index.html")
    # As the site's scripts build links for a web server: a folder, which file:// would list.
    page.evaluate(
        """() => {
            const link = document.createElement("a");
            link.id = "built";
            link.href = "../puzzles/";
            link.textContent = "puzzles";
            document.querySelector("article").append(link);
        }"""
    )
    tab.follow("#built", "puzzles/index.html")
    assert tab.errors == [] and tab.missing == []


def _widget_runs_from_disk(copy: Path) -> bool:
    """The widget's scripts are classic ones (a browser runs no module script from file://)."""
    page = (copy / "puzzles" / "higher-die" / "index.html").read_text(encoding="utf-8")
    return "widget.js" in page and 'type="module"' not in page


def test_a_puzzle_opened_from_disk_can_be_solved_and_its_progress_is_kept(
    tab: Tab, copy: Path
) -> None:
    if not _widget_runs_from_disk(copy):
        pytest.fail("the puzzle widget is not loaded as a classic script: it cannot run from disk")
    page = tab.page
    tab.open("puzzles/higher-die/index.html")
    root = page.locator('.tabula-puzzle[data-puzzle-id="higher-die"]')
    page.wait_for_selector(".tabula-puzzle.tw-ready.tw-interactive")
    for point in ("13", "7"):
        root.locator(f'svg g.board [data-point="{point}"]').click(force=True)
    page.wait_for_selector('.tabula-puzzle[data-solved="yes"]')
    assert "13/7" in root.locator('[role="status"]').inner_text()
    # Another page of the copy, later: the puzzle is still solved, in this browser.
    tab.follow('.md-nav a[href="../index.html"]', "puzzles/index.html")
    page.wait_for_selector('[data-puzzle-id="higher-die"][data-solved]')
    assert page.locator("[data-puzzle-id][data-solved]").count() == 1
    tab.open("ru/puzzles/higher-die/index.html")
    page.locator(".tabula-puzzle .tw-badge").wait_for()  # "solved", shown on a later visit
    assert page.evaluate("window.tabulaSolved()") == ["higher-die"]
    # The widget's "next puzzle" link, built at run time as a folder, opens the next page.
    tab.follow(".tabula-puzzle a.tw-next", "ru/puzzles/order-of-dice/index.html")
    page.wait_for_selector(".tabula-puzzle.tw-ready")
    assert tab.errors == [] and tab.missing == []


@in_turn(
    "prefix,words",
    [("", "it needs a web server"), ("ru/", "ему нужен веб-сервер")],
    0,  # the Russian pages in make test: the switcher's and the puzzle's
    ids=["en", "ru"],
)
def test_the_search_page_opened_from_disk_says_search_needs_a_web_server(
    tab: Tab, prefix: str, words: str
) -> None:
    page = tab.page
    tab.open(f"{prefix}index.html")
    tab.follow('.md-nav a[href="search/index.html"]', f"{prefix}search/index.html")
    box = page.locator("#tabula-search")
    assert words in box.inner_text()
    assert box.locator("input").count() == 0  # no search box that would find nothing
    page.wait_for_timeout(300)  # time for the site's script to have started search, were it to
    assert box.locator("input").count() == 0
    assert not [url for url in tab.missing if "pagefind" in url]
    assert tab.errors == [] and tab.missing == []


def test_the_copy_served_by_a_web_server_still_searches(reused: ReusedPage, copy: Path) -> None:
    page = reused.fresh()
    with serving(copy) as url:
        page.goto(url + "search/index.html")
        page.locator("#tabula-search input").fill("bar")
        page.locator("#tabula-search .pagefind-ui__result-link").first.wait_for()
        assert "web server" not in page.locator("#tabula-search").inner_text()


def test_a_practice_session_works_in_the_copy_opened_from_disk(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.url("practice/index.html"))
    page.wait_for_selector(".tabula-practice-start")
    page.evaluate(
        """() => { for (const box of document.querySelectorAll(
             'input[name=game], input[name=rule]')) box.checked = false; }"""
    )
    # The new site's three puzzles: backgammon's, tagged basics.
    page.locator('input[name=game][value="backgammon"]').check()
    page.locator('input[name=rule][value="basics"]').check()
    page.locator(".tabula-practice-start").click()
    page.wait_for_selector(".tabula-session")
    ids = page.evaluate("JSON.parse(localStorage.getItem('tabula.practice')).ids")
    assert sorted(ids) == ["enter-first", "higher-die", "order-of-dice"]
    assert page.url == tab.url(f"puzzles/{ids[0]}/index.html")
    page.locator(".tabula-session-next").click()
    page.wait_for_url(tab.url(f"puzzles/{ids[1]}/index.html"))
    expect(page.locator(".tabula-session-where")).to_have_text("Practice: puzzle 2 of 3")
    page.goto(tab.url("progress/index.html"))
    expect(page.locator('.tabula-progress-table tr[data-key="backgammon"]')).to_be_visible()
    assert tab.errors == [] and tab.missing == []
