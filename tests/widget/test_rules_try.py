"""A rules page's board to try (``try: true``) on the built site, in both languages: the reader
plays the roll in place and is told why a step is refused. (A test in both languages takes
one in ``make test``, in turn, and both in ``make test-deep``.)"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from generator.engine import Refusal
from generator.locale import explain
from tests.conftest import in_turn

from .conftest import Tab

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}


def open_board(tab: Tab, path: str) -> None:
    """Opens a rules page on a phone's screen and brings its board to try to the middle of the
    window (a point at the top of the window is under the site's header)."""
    tab.page.set_viewport_size(PHONE)
    tab.open(path)
    tab.page.eval_on_selector(".tabula-puzzle", "board => board.scrollIntoView({block: 'center'})")


@in_turn("lang", ["en", "ru"], 0)
def test_the_backgammon_rules_page_lets_the_reader_try_entering_from_the_bar(
    tab: Tab, lang: str
) -> None:
    page = tab.page
    open_board(tab, f"{'' if lang == 'en' else 'ru/'}rules/backgammon/")
    board = page.locator(".tabula-puzzle.tabula-try")
    expect(board).to_have_count(1)
    # The checker on 13 waits while one is on the bar: the rule says why, in the page's language.
    tab.place("13")
    reason = explain(Refusal.of("bar_first", count=1), lang)
    expect(tab.status).to_contain_text(re.compile(re.escape(reason), re.IGNORECASE))
    expect(board).to_have_attribute("data-refused", "bar")
    tab.place("bar")
    tab.place("22")
    tab.place("13")
    tab.place("7")
    expect(board).to_have_attribute("data-verdict", "accepted")
    assert not tab.errors, tab.errors


def test_the_long_nardy_rules_page_refuses_a_second_checker_off_the_head(tab: Tab) -> None:
    page = tab.page
    open_board(tab, "ru/rules/long-nardy/")
    board = page.locator(".tabula-puzzle.tabula-try")
    expect(board).to_have_count(1)
    tab.place("24")
    tab.place("18")
    tab.place("24")
    expect(tab.status).to_contain_text("голов")
    expect(board).to_have_attribute("data-refused", re.compile(r"."))
    assert not tab.errors, tab.errors


def test_a_board_to_try_far_down_a_rules_page_is_drawn_on_a_wide_screen(tab: Tab) -> None:
    tab.page.set_viewport_size({"width": 1280, "height": 800})
    tab.open("rules/backgammon/")
    width = tab.page.eval_on_selector(
        ".tabula-puzzle .tabula-board", "board => board.getBoundingClientRect().width"
    )
    assert width > 300


@in_turn("lang", ["en", "ru"], 1)
def test_a_rules_sections_practice_link_opens_a_session_of_that_rule(tab: Tab, lang: str) -> None:
    page = tab.page
    page.goto(tab.site(f"{'' if lang == 'en' else 'ru/'}rules/plakoto/"))
    page.locator('a[href$="practice/?game=plakoto&rule=pin"]').click()
    page.wait_for_selector(".tabula-practice-start")
    pins = [
        p.id
        for p in tab.site.project.puzzles.values()
        if p.variant.key == "plakoto" and "pin" in p.tags
    ]
    ticked = page.eval_on_selector_all(
        ".tabula-practice-choose input:checked", "boxes => boxes.map(b => b.name + '=' + b.value)"
    )
    assert {"game=plakoto", "rule=pin"} <= set(ticked)
    assert not [name for name in ticked if name.startswith("game=") and name != "game=plakoto"]
    assert [name for name in ticked if name.startswith("rule=")] == ["rule=pin"]
    expect(page.locator(".tabula-practice-count")).to_have_attribute("data-count", str(len(pins)))
    assert not tab.errors, tab.errors
