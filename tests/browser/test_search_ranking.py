"""Search finds the rules: for a rule word the first result is a rules page or the glossary,
never the search page or an answer key (which are not indexed at all); the header's box on
every page opens the search with what was typed, and "/" focuses it; Pagefind speaks Russian
right («Результаты по запросу ...: 3», «Показать ещё»).
"""

from __future__ import annotations

import re
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Page, expect

from .conftest import Site, Tab

pytestmark = pytest.mark.browser

PREFIX = {"en": "", "ru": "ru/"}
RESULT = "#tabula-search .pagefind-ui__result-link"
EXPLAINS = re.compile(r"^(ru/)?(rules/[^/]+|glossary)/$")
"""The pages that explain the rules: a game's rules page and the glossary."""

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


def results(page: Page, site: Site, lang: str, query: str) -> list[str]:
    """The search page opened with ``query`` (as the header's box opens it): the pages of the
    results shown, as paths from the site's top."""
    page.goto(site(f"{PREFIX[lang]}search/?q={quote(query)}"))
    page.locator(RESULT).first.wait_for()
    links: list[str] = page.eval_on_selector_all(RESULT, "links => links.map(link => link.href)")
    return [urlsplit(link).path.removeprefix(urlsplit(site.url).path) for link in links]


@pytest.mark.parametrize(("lang", "query"), RULE_WORDS, ids=[q for _, q in RULE_WORDS])
def test_a_rule_word_finds_its_explanation_first(
    tab: Tab, site: Site, lang: str, query: str
) -> None:
    found = results(tab.page, site, lang, query)
    assert EXPLAINS.match(found[0]), f"first result for {query!r}: {found[:5]}"
    assert all(path.startswith(PREFIX[lang]) for path in found), found
    assert tab.errors == []


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
    unlisted = [url for url in found if re.search(r"/search/$|/lessons/[^/]+/key/$|404", url)]
    assert unlisted == []


@pytest.mark.parametrize("lang", PREFIX)
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


def test_pagefind_speaks_russian_right(tab: Tab, site: Site) -> None:
    page = tab.page
    results(page, site, "ru", "шашки")
    message = page.locator("#tabula-search .pagefind-ui__message")
    expect(message).to_have_text(re.compile(r"^Результаты по запросу «шашки»: \d+$"))
    expect(page.locator("#tabula-search .pagefind-ui__button")).to_have_text("Показать ещё")
    label = page.locator('label[for="tabula-search-input"]')
    expect(label).to_have_text("Поиск по сайту")
