"""Playing a puzzle on the board: with the mouse (the step gliding where motion is welcome)
and with the keyboard alone (then undone and reset with the buttons), refused steps explained
with the engine's words in both languages (one in ``make test``, in turn, both in ``make
test-deep``), a double in four steps, entering from the bar, an oversized die bearing off."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from generator.engine import BAR, Turn
from generator.locale import explain
from tests.conftest import in_turn

from .conftest import Site, Tab

pytestmark = pytest.mark.browser


def turn_of(site: Site, puzzle_id: str) -> Turn:
    solution = site.project.solutions[puzzle_id]
    assert solution.turn is not None
    return solution.turn


def reason(
    site: Site, puzzle_id: str, played: list[tuple[int, int]], source: int, die: int, lang: str
) -> str:
    """The engine's words for a refused step, in ``lang``."""
    refusal = turn_of(site, puzzle_id).refusal(played, source, die)
    assert refusal is not None
    return explain(refusal, lang)


def test_a_puzzle_is_solved_with_the_mouse(tab: Tab) -> None:
    tab.page.emulate_media(reduced_motion="no-preference")  # the step glides (below)
    tab.open("puzzles/bg-higher-die/")
    expect(tab.page.locator(".tw-dice")).to_have_text("Dice to play: 6, 4")
    expect(tab.status).to_contain_text("Tap or click one of your checkers")
    tab.place("13")
    expect(tab.status).to_contain_text("Picked a checker on the 13-point")
    # The legal destination is ringed; the 4 would leave no legal play.
    expect(tab.page.locator('.tw-overlay .ring.destination[data-point="7"]')).to_have_count(1)
    tab.place("9")
    words = reason(tab.site, "bg-higher-die", [], 13, 4, "en")
    # Joined after the colon, the engine's sentence reads on: its first letter lowercase.
    expect(tab.status).to_have_text(f"13/9 is not allowed: {words[0].lower()}{words[1:]}")
    expect(tab.page.locator('.tw-overlay .mark[data-point="13"]')).to_have_count(1)
    assert tab.counts()["13"] == 1, "a refused step moves nothing"
    tab.place("7")
    # Motion is welcome: the checker glides (a ghost of it moves), then lands.
    expect(tab.page.locator(".tabula-puzzle .tw-ghost")).to_have_count(1)
    expect(tab.page.locator(".tabula-puzzle .tw-ghost")).to_have_count(0)
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    expect(tab.status).to_contain_text("Right: 13/7 solves the puzzle.")
    assert "13" not in tab.counts() and tab.counts()["7"] == 1
    expect(tab.page.locator(".tw-badge")).to_be_visible()
    assert tab.page.evaluate("window.tabulaSolved()") == ["bg-higher-die"]


# In English, a reason joined after a colon is also test_a_puzzle_is_solved_with_the_mouse's.
@in_turn("lang, prefix", [("en", ""), ("ru", "ru/")], 1, ids=["english", "russian"])
def test_a_refused_step_shows_the_engines_reason_in_the_pages_language(
    tab: Tab, lang: str, prefix: str
) -> None:
    tab.open(f"{prefix}puzzles/bg-bar-enter-first/")
    tab.place("13")
    words = reason(tab.site, "bg-bar-enter-first", [], 13, 6, lang)
    # "It cannot move now: you have a checker on the bar...": a clause after the colon.
    expect(tab.status).to_contain_text(f": {words[0].lower()}{words[1:]}")
    expect(tab.root).to_have_attribute("data-refused", "bar")
    expect(tab.page.locator('.tw-overlay .mark[data-point="bar"]')).to_have_count(1)
    if lang == "ru":
        expect(tab.status).to_contain_text("шашка на баре")
    # Entering from the bar: the 6 is blocked (the 19-point is closed), the 3 enters.
    tab.place("bar")
    tab.place("19")
    blocked = reason(tab.site, "bg-bar-enter-first", [], BAR, 6, lang)
    # (In English after a colon, in lowercase; in Russian after a full stop, a sentence.)
    first = f"(?i:{re.escape(blocked[0])})"
    expect(tab.status).to_have_text(re.compile(first + re.escape(blocked[1:])))
    tab.place("22")  # the checker on the bar is still picked
    expect(tab.stack("mover", "bar")).to_have_count(0)
    expect(tab.stack("mover", "22")).to_have_count(1)


def drawn_checkers(tab: Tab) -> list[str]:
    return list(
        tab.page.eval_on_selector_all(
            ".tabula-puzzle svg > g.checker", "gs => gs.map(g => g.outerHTML)"
        )
    )


def normal(markup: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """An element's tags with their attributes in order, whatever order they were written."""
    return [
        (tag, tuple(sorted(re.findall(r'([\w-]+)="([^"]*)"', attributes))))
        for tag, attributes in re.findall(r"<(\w+)([^>]*)>", markup)
    ]


def test_the_play_is_judged_unfinished_legal_or_accepted(tab: Tab) -> None:
    tab.open("puzzles/zz-widget-double/")
    expect(tab.page.locator(".tw-dice")).to_have_text("Dice to play: 3, 3, 3, 3")
    tab.button("done")
    expect(tab.root).to_have_attribute("data-verdict", "unfinished")
    expect(tab.status).to_contain_text("Not finished: you can still play 3, 3, 3, 3.")
    expect(tab.status).to_contain_text("4 dice can be played this turn, so all 4 must be")
    # A double in four steps, each checker picked and moved with a click.
    for source, target in (("13", "10"), ("13", "10"), ("8", "5")):
        tab.place(source)
        tab.place(target)
    expect(tab.page.locator(".tw-dice")).to_have_text("Dice to play: 3")
    tab.button("done")
    expect(tab.status).to_contain_text("Not finished: you can still play the 3.")
    tab.place("8")
    tab.place("5")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    assert tab.counts() == {"10": 2, "6": 11, "5": 2}
    # Another legal play is legal, but not the answer.
    tab.button("reset")
    for source, target in (("13", "10"), ("13", "10"), ("6", "3"), ("6", "3")):
        tab.place(source)
        tab.place(target)
    expect(tab.root).to_have_attribute("data-verdict", "legal")
    # Not the teacher's explanation ("Both points at once."): it would give the answer away.
    expect(tab.status).to_have_text("13/10(2) 6/3(2) is legal, but it is not the answer.")


def test_an_oversized_die_bears_off_only_the_highest_checker(tab: Tab) -> None:
    tab.open("puzzles/zz-widget-bear-off/")
    tab.place("3")
    tab.place("off")
    words = reason(tab.site, "zz-widget-bear-off", [], 3, 6, "en")
    expect(tab.status).to_have_text(f"3/off is not allowed: {words[0].lower()}{words[1:]}")
    expect(tab.page.locator('.tw-overlay .mark[data-point="5"]')).to_have_count(1)
    tab.place("5")
    expect(tab.page.locator('.tw-overlay .ring.destination[data-point="off"]')).to_have_count(1)
    tab.place("off")
    expect(tab.status).to_have_text("Played 5/off.")
    assert tab.counts()["off"] == 10
    tab.place("5")
    tab.place("3")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")


def press_to(tab: Tab, place: str) -> None:
    """Move the keyboard's cursor to ``place`` with the arrow keys only."""
    page = tab.page
    for _ in range(40):
        # Where the cursor is, and where the two places are drawn: one look a key.
        at, row, (x_here, _), (x_there, y_there) = page.evaluate(
            "place => { const cursor = document.querySelector('.tw-overlay .tw-cursor');"
            " const at = cursor.dataset.point;"
            " const box = p => document.querySelector("
            "`.tabula-puzzle svg g.board [data-point='${p}']`).getBBox();"
            " return [at, cursor.dataset.row, [box(at).x, box(at).y],"
            " [box(place).x, box(place).y]]; }",
            place,
        )
        if at == place:
            return
        wanted = row if place in ("bar", "off") else "top" if y_there < 200 else "bottom"
        if wanted != row:
            page.keyboard.press("ArrowUp" if wanted == "top" else "ArrowDown")
        else:
            page.keyboard.press("ArrowRight" if x_there > x_here else "ArrowLeft")
    raise AssertionError(f"the cursor never reached {place}")


def test_a_puzzle_is_solved_with_the_keyboard_alone_and_undo_and_reset_put_the_checkers_back(
    tab: Tab,
) -> None:
    tab.open("puzzles/bg-order-of-dice/")
    page = tab.page
    start, server = tab.counts(), drawn_checkers(tab)
    board = page.locator(".tabula-puzzle .tabula-board")
    for _ in range(60):  # Tab through the page until the board has the focus
        page.keyboard.press("Tab")
        if board.evaluate("b => b === document.activeElement"):
            break
    else:
        raise AssertionError("the board never takes the keyboard's focus")
    expect(board).to_have_attribute("role", "application")
    expect(board).to_have_attribute("aria-label", re.compile("arrow keys"))
    page.keyboard.press("ArrowLeft")  # the cursor appears on the farthest checker
    expect(page.locator(".tw-overlay .tw-cursor")).to_have_count(1)
    expect(page.locator(".tabula-puzzle .tw-sr")).to_contain_text("checkers")
    press_to(tab, "13")
    page.keyboard.press("Enter")
    expect(tab.status).to_contain_text("Picked a checker on the 13-point")
    press_to(tab, "7")
    page.keyboard.press("Enter")  # 13/7 first is refused: the 1 would then be unplayable
    expect(tab.status).to_contain_text("13/7 is not allowed")
    press_to(tab, "12")
    page.keyboard.press("Enter")
    expect(tab.status).to_have_text("Played 13/12.")
    after_one = tab.counts()
    assert after_one != start and after_one.get("12", 0) == start.get("12", 0) + 1
    page.keyboard.press("Backspace")
    expect(tab.status).to_have_text("Step taken back.")
    assert tab.counts() == start
    press_to(tab, "13")
    page.keyboard.press("Enter")
    press_to(tab, "12")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the cursor is on the 12-point: pick the checker there
    press_to(tab, "6")
    page.keyboard.press("Enter")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    # The buttons: Undo takes the last step back, Reset starts the turn again.
    tab.button("undo")
    expect(tab.status).to_have_text("Step taken back.")
    assert tab.counts() == after_one
    expect(tab.root).not_to_have_attribute("data-verdict", "accepted")
    tab.button("reset")
    expect(tab.status).to_have_text("The turn starts again.")
    assert tab.counts() == start
    # The widget draws the checkers exactly as the server drew them.
    assert [normal(g) for g in drawn_checkers(tab)] == [normal(g) for g in server]


def test_hint_and_solution_lead_to_the_answer(tab: Tab) -> None:
    tab.open("puzzles/pl-mother-win/")
    tab.place("7")
    tab.place("4")
    tab.button("hint")
    expect(tab.status).to_have_text("No answer can be reached from here: take a step back.")
    tab.button("undo")
    tab.place("6")
    tab.place("3")
    # Graded: the rule the puzzle is filed under, then the checker, then the step.
    tab.button("hint")
    expect(tab.status).to_have_text("Hint: the rule at stake is “Pinning”.")
    tab.button("hint")
    expect(tab.status).to_have_text("Hint: move the checker on the 7-point.")
    tab.button("hint")
    expect(tab.status).to_have_text("Hint: try 7/1.")
    expect(tab.page.locator('.tw-overlay .ring.destination[data-point="1"]')).to_have_count(1)
    # With the widget, the no-JavaScript fold-out waits for the button instead of showing twice.
    expect(tab.page.locator("details.tabula-solution")).to_be_hidden()
    tab.button("solution")
    expect(tab.status).to_have_text("The solution: 7/1^.")
    expect(tab.page.locator("details.tabula-solution")).to_have_attribute("open", "")
    expect(tab.page.locator("details.tabula-solution")).to_be_visible()
    expect(tab.stack("opponent", "1", ".pinned")).to_have_count(1)
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    assert tab.page.evaluate("window.tabulaSolved()") == [], "a shown solution is not solved"


def test_the_largest_graph_is_played_to_the_end_by_clicks(tab: Tab) -> None:
    """The largest graph (about 2,100 states): 1-1 played by eight clicks is accepted. (How
    long a click takes there is a benchmark's question, not a test's.)"""
    tab.open("puzzles/zz-widget-spread/")
    for source, destination in (("16", "15"), ("15", "14"), ("9", "8"), ("8", "7")):
        tab.place(source)
        tab.place(destination)
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    assert tab.counts() == {
        **{str(point): 1 for point in (15, 13, 12, 11, 10, 8, 6, 5, 4, 3, 2)},
        "14": 2,
        "7": 2,
    }
