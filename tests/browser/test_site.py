"""The built site as a reader sees it, in Debian's chromium (fixtures in conftest.py).

Pages carry the right ``lang`` and show their boards; the language switcher lands on the same
page after instant navigation; the dark palette recolours the boards; search finds other forms
of a word, in the reader's language only; and no page asks anything of any host but the site's
own. Each test runs in both languages in ``make test-deep``; ``make test`` runs each in one,
English and Russian in turn, and looks at a puzzle's page, reached by instant navigation and
loaded whole, in the language switcher's test only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from tests.conftest import in_turn

from .conftest import Site, Tab

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "ru")
PREFIX = {"en": "", "ru": "ru/"}
OTHER = {"en": "ru", "ru": "en"}


# --- what the built site holds -----------------------------------------------------------------


def article_words(page_file: Path) -> set[str]:
    """The words a reader (and the search index) sees in a built page's article: no boards,
    no scripts, no tags."""
    html = page_file.read_text(encoding="utf-8")
    found = re.search(r"<article.*?</article>", html, re.S)
    text = found.group(0) if found else ""
    text = re.sub(r"<svg.*?</svg>", " ", text, flags=re.S)
    text = re.sub(r"<script.*?</script>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    return set(re.findall(r"\w+", text.lower()))


@pytest.fixture(scope="package")
def puzzle(site: Site) -> str:
    """The id of a puzzle of the real project (the first in order)."""
    for folder in sorted((site.folder / "puzzles").iterdir()):
        page = folder / "index.html"
        if page.is_file() and 'class="tabula-puzzle"' in page.read_text(encoding="utf-8"):
            return folder.name
    pytest.fail("the built site has no puzzle page")


@pytest.fixture(scope="package")
def content_pages(site: Site) -> list[str]:
    """The home page, and the first hand-written page with a board fence if there is one."""
    generated = {"puzzles", "lessons", "gallery", "search", "ru", "assets", "pagefind"}
    with_boards = [
        path.parent.relative_to(site.folder).as_posix() + "/"
        for path in sorted(site.folder.rglob("index.html"))
        if path.parent != site.folder
        and path.relative_to(site.folder).parts[0] not in generated
        and 'class="tb-board' in path.read_text(encoding="utf-8")
    ]
    return ["", *with_boards[:1]]


# --- helpers -----------------------------------------------------------------------------------


def html_lang(page: Page) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.locator("article h1").first.wait_for()


def click_and_wait(page: Page, selector: str, url: str, then: str) -> None:
    """Click ``selector``, wait until the address is ``url`` and ``then`` is on the page (with
    instant navigation the address changes before the new content arrives)."""
    page.locator(selector).first.click()
    page.wait_for_url(url)
    page.locator(then).first.wait_for()


def switch_language(page: Page, lang: str) -> None:
    """Choose ``lang`` in the header's language menu (it opens on hover)."""
    page.hover(".md-header__option .md-select")
    page.locator(f'a.md-select__link[hreflang="{lang}"]').click()


def puzzle_data(page: Page, puzzle: str) -> dict[str, Any]:
    """The widget's data of ``puzzle`` on the page (JSON in a <template>)."""
    holder = page.locator(f'.tabula-puzzle[data-puzzle-id="{puzzle}"] template.tabula-data')
    assert holder.count() == 1
    data: dict[str, Any] = json.loads(holder.evaluate("holder => holder.content.textContent"))
    return data


def board_felt(page: Page) -> str:
    return str(
        page.evaluate("getComputedStyle(document.querySelector('article svg.tb-board .felt')).fill")
    )


# --- pages -------------------------------------------------------------------------------------


def check_puzzle_page(page: Page, puzzle: str, lang: str) -> None:
    """The page open is ``puzzle``'s in ``lang``, with its board drawn at a size to play on and
    its widget's data."""
    assert html_lang(page) == lang
    board = page.locator(f'.tabula-puzzle[data-puzzle-id="{puzzle}"] svg.tb-board')
    board.wait_for(state="visible")
    assert board.get_attribute("lang") == lang
    box = board.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 200
    assert puzzle_data(page, puzzle)["id"] == puzzle


@pytest.mark.deep  # make test checks the page the language switcher's test comes back to
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_puzzle_page_has_its_language_and_shows_its_board(
    tab: Tab, site: Site, puzzle: str, lang: str
) -> None:
    page = tab.page
    open_page(page, site(f"{PREFIX[lang]}puzzles/{puzzle}/"))
    check_puzzle_page(page, puzzle, lang)
    assert tab.errors == []


@in_turn("lang", LANGUAGES, 1)
def test_content_pages_have_their_language_and_show_their_boards(
    tab: Tab, site: Site, content_pages: list[str], lang: str
) -> None:
    page = tab.page
    for path in content_pages:
        open_page(page, site(PREFIX[lang] + path))
        assert html_lang(page) == lang, path
        for board in page.locator("article svg.tb-board").all()[:3]:
            board.scroll_into_view_if_needed()
            assert board.is_visible(), path
    # The header's menus speak the page's language too.
    toggle = page.locator("[data-md-component=palette] label:not([hidden])")
    expected = {"en": "Switch to dark mode", "ru": "Включить тёмную тему"}[lang]
    assert toggle.get_attribute("title") == expected
    # Tabula's own logo and favicon, loaded from the site.
    logo = page.locator(".md-header .md-logo img")
    assert (logo.get_attribute("src") or "").endswith("assets/logo.svg")
    assert logo.evaluate("image => image.complete && image.naturalWidth > 0")
    icon = page.locator("link[rel=icon]")
    assert (icon.get_attribute("href") or "").endswith("assets/favicon.svg")
    assert tab.errors == []


# --- instant navigation and the language switcher ----------------------------------------------


@in_turn("lang", LANGUAGES, 0)  # from English to Russian and back
def test_the_language_switcher_lands_on_the_same_page_after_instant_navigation(
    tab: Tab, site: Site, puzzle: str, lang: str
) -> None:
    page = tab.page
    other = OTHER[lang]
    # The home page is a landing page without the side navigation: start from the glossary.
    open_page(page, site(f"{PREFIX[lang]}glossary/"))
    assert html_lang(page) == lang
    page.evaluate("window.tabulaMarker = 'still here'")
    # Glossary -> the puzzles index (navigation) -> one puzzle (a link in the index).
    index = site(f"{PREFIX[lang]}puzzles/")
    click_and_wait(page, f'nav.md-nav--primary a[href="{index}"]', index, "article .tabula-index")
    target = site(f"{PREFIX[lang]}puzzles/{puzzle}/")
    click_and_wait(
        page, f'article a[href="{target}"]', target, f'[data-puzzle-id="{puzzle}"] svg.tb-board'
    )
    # Instant navigation: the page was never reloaded, and the puzzle's data came along (as
    # test_a_puzzle_reached_by_instant_navigation_keeps_its_data checks from the index alone).
    assert page.evaluate("window.tabulaMarker") == "still here"
    assert puzzle_data(page, puzzle)["id"] == puzzle
    title = page.locator("article h1").first.inner_text()

    # The switcher lands on the same puzzle in the other language, with its lang...
    switch_language(page, other)
    page.wait_for_url(site(f"{PREFIX[other]}puzzles/{puzzle}/"))
    page.locator(f'[data-puzzle-id="{puzzle}"] svg.tb-board').wait_for()
    assert html_lang(page) == other
    assert page.locator("article h1").first.inner_text() != title
    # ...and back again, to the page as a first visit draws it (changing language loads it
    # whole: test_a_puzzle_page_has_its_language_and_shows_its_board opens it alone).
    switch_language(page, lang)
    page.wait_for_url(target)
    page.locator(f'[data-puzzle-id="{puzzle}"] svg.tb-board').wait_for()
    assert page.locator("article h1").first.inner_text() == title
    check_puzzle_page(page, puzzle, lang)
    assert tab.errors == []


@pytest.mark.deep  # make test checks the data in the language switcher's test above
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_puzzle_reached_by_instant_navigation_keeps_its_data(
    tab: Tab, site: Site, puzzle: str, lang: str
) -> None:
    # Material's instant navigation re-creates every <script> of the new page as JavaScript,
    # without its type: the widget's data must not be a <script type="application/json">.
    page = tab.page
    open_page(page, site(f"{PREFIX[lang]}puzzles/"))
    page.evaluate("window.tabulaMarker = 'still here'")
    target = site(f"{PREFIX[lang]}puzzles/{puzzle}/")
    click_and_wait(
        page, f'article a[href="{target}"]', target, f'[data-puzzle-id="{puzzle}"] svg.tb-board'
    )
    assert page.evaluate("window.tabulaMarker") == "still here"
    assert puzzle_data(page, puzzle)["id"] == puzzle
    assert tab.errors == []


# --- dark mode ---------------------------------------------------------------------------------


@in_turn("lang", LANGUAGES, 0)
def test_the_palette_toggle_switches_the_page_and_the_boards_to_dark(
    tab: Tab, site: Site, puzzle: str, lang: str
) -> None:
    page = tab.page
    open_page(page, site(f"{PREFIX[lang]}puzzles/{puzzle}/"))
    body = page.locator("body")
    assert body.get_attribute("data-md-color-scheme") == "default"
    light = board_felt(page)
    toggle = page.locator("[data-md-component=palette] label:not([hidden])")
    toggle.click()
    page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    dark = board_felt(page)
    assert dark != light, "the board kept its light colours in the dark scheme"
    # The choice is kept on the next page, and toggling again brings the light board back.
    open_page(page, site(f"{PREFIX[lang]}puzzles/"))
    assert body.get_attribute("data-md-color-scheme") == "slate"
    open_page(page, site(f"{PREFIX[lang]}puzzles/{puzzle}/"))
    assert board_felt(page) == dark
    toggle.click()
    page.wait_for_function("document.body.dataset.mdColorScheme === 'default'")
    assert board_felt(page) == light
    assert tab.errors == []


# --- search ------------------------------------------------------------------------------------

SEARCHES = [
    # (language, what the reader types, the stem the pages share). The typed form need not be
    # on any page: a page with another form of the word must be found, in the reader's language.
    ("ru", "шашкам", "шашк"),
    ("en", "entered", "enter"),
]


@in_turn(
    "lang,typed,stem", SEARCHES, 0, ids=[f"{lang}-{typed}" for lang, typed, _ in SEARCHES]
)  # Russian in make test: test_search_ranking.py opens the header's box in English
def test_search_finds_other_forms_of_a_word_in_the_readers_language(
    tab: Tab, site: Site, lang: str, typed: str, stem: str
) -> None:
    page = tab.page
    # The search page reached by instant navigation from a page, as a reader would.
    open_page(page, site(f"{PREFIX[lang]}glossary/"))
    search = site(f"{PREFIX[lang]}search/")
    click_and_wait(page, f'nav.md-nav--primary a[href="{search}"]', search, "#tabula-search input")
    page.locator("#tabula-search input").fill(typed)
    # The pages of the first results (the rules pages, which hold the word in every form, come
    # first; "load more" twice reaches the pages that hold only another form of it).
    results = "#tabula-search .pagefind-ui__result"
    page.wait_for_function(f"document.querySelectorAll('{results}-link').length >= 5")
    for shown in (5, 10):
        more = page.locator("#tabula-search .pagefind-ui__button")
        if not more.count():
            break
        more.first.click()
        page.wait_for_function(f"document.querySelectorAll('{results}').length > {shown}")
    hrefs: list[str] = page.eval_on_selector_all(
        f"{results}-link", "links => links.map(link => link.href)"
    )
    links = list(dict.fromkeys(href.split("#")[0] for href in hrefs))
    ours = site(PREFIX[lang])
    foreign = site(PREFIX[OTHER[lang]])
    for link in links:
        assert link.startswith(site.url), link
        if lang == "ru":
            assert link.startswith(ours), f"an English page in Russian results: {link}"
        else:
            assert not link.startswith(foreign), f"a Russian page in English results: {link}"

    # At least one result was found through another form of the word only.
    def other_form_only(link: str) -> bool:
        path = urlsplit(link).path.lstrip("/")
        words = article_words(site.folder / path / "index.html")
        return typed not in words and any(word.startswith(stem) for word in words)

    found = [link for link in links if other_form_only(link)]
    assert found, f"no result for {typed!r} shows another form of it: {links}"
    assert tab.errors == []

    # A result opens its page, in the same language.
    page.eval_on_selector_all(
        f"{results}-link", "(links, url) => links.find(link => link.href === url).click()", found[0]
    )
    page.wait_for_url(found[0])
    page.locator("article h1").first.wait_for()
    assert html_lang(page) == lang


# --- files and privacy (the last test reads what the earlier tests recorded too) ----------------


def visit_pages(page: Page, site: Site, puzzle: str, lang: str) -> None:
    """The home page, a puzzle and a search, in ``lang``."""
    open_page(page, site(PREFIX[lang]))
    open_page(page, site(f"{PREFIX[lang]}puzzles/{puzzle}/"))
    open_page(page, site(f"{PREFIX[lang]}search/"))
    page.locator("#tabula-search input").fill("1")
    page.locator("#tabula-search .pagefind-ui__result-link").first.wait_for()


@in_turn("lang", LANGUAGES, 1)  # Russian in make test: its pages' links climb out of ru/
def test_every_file_a_first_visit_asks_for_exists_on_the_site(
    fresh_tab: Tab, site: Site, puzzle: str, lang: str
) -> None:
    tab = fresh_tab  # a first visit: a file in the cache would ask the server nothing
    # Material fetches the sitemap.xml of each alternate language (<link rel=alternate>):
    # /ru/sitemap.xml must exist too, not only the root one that mkdocs-static-i18n writes.
    visit_pages(tab.page, site, puzzle, lang)
    assert len(site.requests) > 20
    local = ("127.0.0.1", urlsplit(site.url).port)
    outside = sorted(
        {
            url
            for url in site.requests
            if urlsplit(url).scheme not in ("data", "blob")
            and (urlsplit(url).hostname, urlsplit(url).port) != local
        }
    )
    problems = {"missing files": tab.missing, "requests outside the site": outside}
    assert problems == {"missing files": [], "requests outside the site": []}
