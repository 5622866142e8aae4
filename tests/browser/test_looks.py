"""How the site looks, measured in Debian's chromium (fixtures in conftest.py): the home page's
boards and ways in, text and boards that stand out from the page in both schemes, gallery boards
of one size, previous and next links on the rules pages, and a 404 page in each language.

A test repeated over the languages, the schemes or the widths checks one of them in ``make
test``, taken in turn (``in_turn``: English for the home page, Russian for the rules pages and
the 404 page, the light scheme, a phone's width), and every one in ``make test-deep``."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from tests.conftest import in_turn

from .conftest import Site, Tab

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "ru")
PREFIX = {"en": "", "ru": "ru/"}
SCHEMES = {"light": "default", "dark": "slate"}


def rgb(colour: str) -> tuple[float, float, float, float]:
    """A computed CSS colour ("rgb(1, 2, 3)", "rgba(1, 2, 3, 0.5)") as red, green, blue (0-1)
    and alpha."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", colour)]
    assert len(numbers) in (3, 4), colour
    red, green, blue = (n / 255 for n in numbers[:3])
    return red, green, blue, numbers[3] if len(numbers) == 4 else 1.0


def contrast(colour: str, background: str) -> float:
    """WCAG's contrast ratio of ``colour`` (blended over ``background`` when translucent)."""
    *front, alpha = rgb(colour)
    *back, _ = rgb(background)
    seen = [alpha * f + (1 - alpha) * b for f, b in zip(front, back, strict=True)]

    def luminance(channels: list[float]) -> float:
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(seen), luminance(back)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def open_in(page: Page, url: str, scheme: str) -> None:
    """Open ``url`` in the colour scheme ``light`` or ``dark`` (the reader's system setting)."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(url)
    page.locator("article h1").first.wait_for()
    assert page.locator("body").get_attribute("data-md-color-scheme") == SCHEMES[scheme]


def style(page: Page, selector: str, prop: str) -> str:
    value = page.evaluate(
        "([selector, prop]) => getComputedStyle(document.querySelector(selector))[prop]",
        [selector, prop],
    )
    return str(value)


@in_turn("lang", LANGUAGES, 0)
def test_the_home_page_draws_each_family_and_opens_four_ways_in(
    tab: Tab, site: Site, lang: str
) -> None:
    page = tab.page
    open_in(page, site(PREFIX[lang]), "light")
    families = page.locator("article .tabula-family")
    assert families.count() == 3
    for n in range(3):
        assert families.nth(n).locator("svg.tb-board").count() == 1
        assert families.nth(n).locator("a[href*='rules/']").count() >= 1
    starts = page.locator("article .tabula-starts > ul > li")
    assert starts.count() == 4
    for n in range(4):
        assert starts.nth(n).locator("a").count() >= 1
    # Four boxes side by side at 1280 px, one above the other on a phone.
    tops = {round(starts.nth(n).bounding_box()["y"]) for n in range(4)}  # type: ignore[index]
    assert len(tops) == 1, tops
    page.set_viewport_size({"width": 360, "height": 800})
    tops = {round(starts.nth(n).bounding_box()["y"]) for n in range(4)}  # type: ignore[index]
    assert len(tops) == 4, tops
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert tab.errors == []


@in_turn("scheme", list(SCHEMES), 0)  # the dark scheme's page: the test after
def test_text_and_links_are_at_least_4_5_to_1_on_the_page(
    tab: Tab, site: Site, scheme: str
) -> None:
    page = tab.page
    open_in(page, site("rules/backgammon/"), scheme)
    background = style(page, "body", "backgroundColor")
    for selector in ("article p", "article a[href]:not(.headerlink)", ".md-nav__link"):
        colour = style(page, selector, "color")
        assert contrast(colour, background) >= 4.5, (selector, colour, background)
    header = style(page, ".md-header", "backgroundColor")
    assert contrast(style(page, ".md-header__title", "color"), header) >= 4.5
    footer = style(page, ".md-footer-meta", "backgroundColor")
    assert contrast(style(page, ".md-copyright", "color"), footer) >= 4.5


def test_in_dark_the_board_has_an_edge_and_its_checkers_stand_out(tab: Tab, site: Site) -> None:
    page = tab.page
    open_in(page, site("rules/backgammon/"), "dark")
    background = style(page, "body", "backgroundColor")
    board = "article svg.tb-board"
    frame = style(page, f"{board} .frame", "fill")
    felt = style(page, f"{board} .felt", "fill")
    assert contrast(frame, background) >= 3, (frame, background)
    dark = f"{board} .opponent circle"
    light = f"{board} .mover circle"
    # A checker's rim is wide (3 units of a 596-unit board) and 3:1 against the felt; dark
    # checkers' own colour stands apart from the felt too.
    for checker in (dark, light):
        rim = style(page, checker, "stroke")
        assert float(style(page, checker, "strokeWidth").removesuffix("px")) >= 3, checker
        assert contrast(rim, felt) >= 3 or contrast(style(page, checker, "fill"), felt) >= 3
    assert contrast(style(page, dark, "fill"), felt) >= 2.5
    assert contrast(style(page, dark, "stroke"), style(page, dark, "fill")) >= 4.5
    assert tab.errors == []


@in_turn("width", [1280, 360], 1)  # (the home page's test sees both)
def test_the_gallery_boards_are_all_one_size(tab: Tab, site: Site, width: int) -> None:
    page = tab.page
    page.set_viewport_size({"width": width, "height": 900})
    open_in(page, site("gallery/"), "light")
    widths = page.evaluate(
        "[...document.querySelectorAll('article figure svg.tb-board')]"
        ".map(svg => Math.round(svg.getBoundingClientRect().width))"
    )
    assert len(widths) > 10 and len(set(widths)) == 1, widths
    assert widths[0] >= min(300, width - 40)


@in_turn(
    "lang, previous, following",
    [
        ("en", "Backgammon rules", "Turkish Tavla rules"),
        ("ru", "Правила бэкгаммона", "Правила турецкой тавлы"),
    ],
    1,
)
def test_a_rules_page_links_to_the_previous_and_the_next(
    tab: Tab, site: Site, lang: str, previous: str, following: str
) -> None:
    page = tab.page
    open_in(page, site(f"{PREFIX[lang]}rules/tavla/"), "light")
    back = page.locator("a.md-footer__link--prev")
    on = page.locator("a.md-footer__link--next")
    # (Relative in the page; instant navigation makes them whole addresses.)
    assert back.get_attribute("href") in (
        "../backgammon/",
        site(f"{PREFIX[lang]}rules/backgammon/"),
    )
    assert on.get_attribute("href") in (
        "../turkish-tavla/",
        site(f"{PREFIX[lang]}rules/turkish-tavla/"),
    )
    assert previous in back.inner_text() and following in on.inner_text()
    # The direction in the page's language.
    directions = {"en": ("Previous", "Next"), "ru": ("Назад", "Вперёд")}[lang]
    assert (back.get_attribute("aria-label") or "").startswith(directions[0] + ":")
    assert (on.get_attribute("aria-label") or "").startswith(directions[1] + ":")


@in_turn("lang, heading", [("en", "Page not found"), ("ru", "Страница не найдена")], 1)
def test_an_address_with_no_page_gets_a_404_page_in_its_language(
    tab: Tab, site: Site, lang: str, heading: str
) -> None:
    page = tab.page
    page.goto(site(f"{PREFIX[lang]}404.html"))
    assert page.evaluate("document.documentElement.lang") == lang
    assert heading in page.locator("article h1").inner_text()
    # The way home, to this language's home page ("/." is Material's own spelling of "/").
    home = page.locator("article a.md-button--primary").get_attribute("href") or ""
    assert home.removesuffix(".") in (site(PREFIX[lang]), f"/{PREFIX[lang]}")
