"""Search finds the rules: for a rule word the first result is a rules page or the glossary,
never the search page or an answer key (which are not indexed at all); the header's box on
every page opens the search with what was typed, and "/" focuses it; Pagefind speaks Russian
right («Результаты по запросу ...: 3», «Показать ещё»).

``make test`` asks a language's rule words in turn on one search page (and reads Pagefind's
Russian words on the last), reads the index's own files for the pages that must not be in it,
and opens the header's box in one language; ``make test-deep`` also asks each word on a search
page of its own and Pagefind's Russian on one more, asks Pagefind itself for the unlisted pages,
and opens the header's box in the other language.
"""

from __future__ import annotations

import gzip
import json
import re
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import in_turn

from .conftest import Site, Tab

pytestmark = pytest.mark.browser

PREFIX = {"en": "", "ru": "ru/"}
RESULT = "#tabula-search .pagefind-ui__result-link"
EXPLAINS = re.compile(r"^(ru/)?(rules/[^/]+|glossary)/$")
"""The pages that explain the rules: a game's rules page and the glossary."""
UNLISTED = re.compile(r"/search/$|/lessons/[^/]+/key/$|404")
"""The pages the index must not hold: the search page, the answer keys and the 404 page."""

RULE_WORDS = [
    ("en", "bear off"),
    ("en", "gammon"),
    ("en", "board"),
    ("en", "checkers"),
    ("ru", "снятие шашек"),
    ("ru", "марс"),
    ("ru", "доске"),
    ("ru", "шашки"),
]
SHOWN = {"en": r"^\d+ results? for {word}$", "ru": r"^Результаты по запросу «{word}»: \d+$"}
"""What Pagefind's message says once it shows the results for ``word``, in each language."""


def paths(page: Page, site: Site) -> list[str]:
    """The pages of the results shown, as paths from the site's top."""
    links: list[str] = page.eval_on_selector_all(RESULT, "links => links.map(link => link.href)")
    return [urlsplit(link).path.removeprefix(urlsplit(site.url).path) for link in links]


def results(page: Page, site: Site, lang: str, query: str) -> list[str]:
    """The search page opened with ``query`` (as the header's box opens it): the pages of the
    results shown, as paths from the site's top."""
    page.goto(site(f"{PREFIX[lang]}search/?q={quote(query)}"))
    page.locator(RESULT).first.wait_for()
    return paths(page, site)


def search_again(page: Page, site: Site, lang: str, query: str) -> list[str]:
    """``query`` searched on the search page already open, as typing it there does: the pages
    of the results shown, once Pagefind says they are the results for it and has loaded them
    all (a result shows a placeholder until its page's fragment arrives)."""
    page.evaluate(
        "query => document.getElementById('tabula-search').tabulaSearch.triggerSearch(query)", query
    )
    page.wait_for_function(
        """([shown, result]) => {
          const message = document.querySelector("#tabula-search .pagefind-ui__message");
          const results = document.querySelector("#tabula-search .pagefind-ui__results");
          return new RegExp(shown).test(message?.textContent.trim() ?? "")
            && results?.querySelector(".pagefind-ui__loading") === null
            && document.querySelector(result) !== null;
        }""",
        arg=[SHOWN[lang].format(word=re.escape(query)), RESULT],
    )
    return paths(page, site)


def explained_first(lang: str, query: str, found: list[str]) -> str | None:
    """What is wrong with the results ``found`` for a rule word, if anything."""
    if not found or not EXPLAINS.match(found[0]):
        return f"first result for {query!r}: {found[:5]}"
    foreign = [path for path in found if not path.startswith(PREFIX[lang])]
    return f"other languages' pages for {query!r}: {foreign}" if foreign else None


@pytest.mark.parametrize("lang", PREFIX)
def test_the_rule_words_find_their_explanations_first(tab: Tab, site: Site, lang: str) -> None:
    # One search page, each word typed in turn (the first opens it, as the header's box does).
    words = [query for language, query in RULE_WORDS if language == lang]
    results(tab.page, site, lang, words[0])
    wrong = [
        explained_first(lang, query, search_again(tab.page, site, lang, query)) for query in words
    ]
    assert [problem for problem in wrong if problem] == []
    assert tab.errors == []
    if lang == "ru":  # and Pagefind's own words there, as the deep test below looks at them
        check_russian_words(tab.page, words[-1])


@pytest.mark.deep  # each word on a search page of its own; make test asks them on one page
@pytest.mark.parametrize(("lang", "query"), RULE_WORDS, ids=[q for _, q in RULE_WORDS])
def test_a_rule_word_finds_its_explanation_first(
    tab: Tab, site: Site, lang: str, query: str
) -> None:
    found = results(tab.page, site, lang, query)
    assert explained_first(lang, query, found) is None
    assert tab.errors == []


def index_urls(site: Site) -> list[str]:
    """The address of every page in the search index, read from its files: each page is a
    fragment, gzipped JSON behind Pagefind's signature."""
    urls = []
    for fragment in sorted((site.folder / "pagefind" / "fragment").iterdir()):
        data = gzip.decompress(fragment.read_bytes()).removeprefix(b"pagefind_dcd")
        urls.append(str(json.loads(data)["url"]))
    return urls


def test_the_index_holds_neither_the_search_page_nor_the_answer_keys(site: Site) -> None:
    urls = index_urls(site)
    assert {url.startswith("/ru/") for url in urls} == {True, False}, "both languages indexed"
    # The pages to leave out are there to be left out.
    keys = sorted(site.folder.glob("*lessons/*/key/index.html"))
    assert keys and (site.folder / "search" / "index.html").is_file()
    assert [url for url in urls if UNLISTED.search(url)] == []


@pytest.mark.deep  # make test reads the index's files instead (the test above)
@pytest.mark.parametrize("lang", PREFIX)
def test_the_search_page_and_the_answer_keys_are_never_found(
    tab: Tab, site: Site, lang: str
) -> None:
    # Words of the search page's own text and of every answer key, asked of the index itself:
    # every result, not only the first page of them.
    page = tab.page
    page.goto(site(f"{PREFIX[lang]}search/"))
    page.locator("#tabula-search input").wait_for()
    bundle = site("pagefind/pagefind.js")
    words = {"en": ["search", "answer", "checker", "forms"], "ru": ["поиск", "ответ", "шашки"]}
    found: list[str] = page.evaluate(
        """async ([bundle, words]) => {
          const pagefind = await import(bundle);
          const urls = [];
          for (const word of words) {
            const search = await pagefind.search(word);
            for (const result of search.results) urls.push((await result.data()).url);
          }
          return urls;
        }""",
        [bundle, words[lang]],
    )
    assert found, "the index found nothing at all"
    unlisted = [url for url in found if UNLISTED.search(url)]
    assert unlisted == []


@in_turn("lang", list(PREFIX), 0)  # English in make test: test_site.py searches in Russian
def test_the_header_box_opens_the_search_and_slash_focuses_it(
    tab: Tab, site: Site, lang: str
) -> None:
    page = tab.page
    page.goto(site(f"{PREFIX[lang]}rules/backgammon/"))
    box = page.locator("#tabula-header-query")
    expect(box).to_be_visible()
    page.locator("article h1").first.click()  # the page, not a field, has the keyboard
    page.keyboard.press("/")
    expect(box).to_be_focused()
    expect(box).to_have_value("")  # the "/" focused the box, it was not typed into it
    box.fill("gammon")
    box.press("Enter")
    page.wait_for_url(re.compile(re.escape(site(f"{PREFIX[lang]}search/")) + r"\?q=gammon$"))
    expect(page.locator(RESULT).first).to_be_visible()
    assert page.locator("#tabula-search input").input_value() == "gammon"
    # On a phone the box is a button that opens the search page, whose own box has the focus.
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(site(f"{PREFIX[lang]}glossary/"))
    expect(box).to_be_hidden()
    page.locator(".tabula-header-search__button").click()
    page.wait_for_url(re.compile(re.escape(site(f"{PREFIX[lang]}search/"))))
    expect(page.locator("#tabula-search input")).to_be_focused()
    assert tab.errors == []


def check_russian_words(page: Page, query: str) -> None:
    """Pagefind's own words on the search page open, showing the results for ``query``."""
    message = page.locator("#tabula-search .pagefind-ui__message")
    expect(message).to_have_text(re.compile(SHOWN["ru"].format(word=re.escape(query))))
    expect(page.locator("#tabula-search .pagefind-ui__button")).to_have_text("Показать ещё")
    label = page.locator('label[for="tabula-search-input"]')
    expect(label).to_have_text("Поиск по сайту")


@pytest.mark.deep  # make test looks at the words after the Russian rule words' searches
def test_pagefind_speaks_russian_right(tab: Tab, site: Site) -> None:
    results(tab.page, site, "ru", "шашки")
    check_russian_words(tab.page, "шашки")
