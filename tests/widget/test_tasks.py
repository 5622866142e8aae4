"""The other kinds of task, progress in the browser, the page without JavaScript, and an
automated accessibility check.

Some tests here run only in ``make test-deep``: what they check, ``make test`` checks in
another test that opens the same kind of page (each says which), and the accessibility check
takes its pages and colour schemes in turn."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from generator.locale import explain
from tests.browser_fixtures import listening
from tests.conftest import in_turn

from .conftest import REPO, Site, Tab

pytestmark = pytest.mark.browser


@pytest.mark.deep  # make test: test_feedback's test_a_wrong_legal_names_the_rule (in turn)
def test_is_this_play_legal_is_answered_with_yes_or_no(tab: Tab) -> None:
    tab.open("puzzles/fe-starting-quarter/")
    solution = tab.site.project.solutions["fe-starting-quarter"]
    assert solution.legal is False and solution.reason is not None
    tab.button("choice-yes")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    expect(tab.status).to_have_text("Not right. " + tab.data()["feedback"]["yes"])
    tab.button("choice-no")
    expect(tab.root).to_have_attribute("data-verdict", "right")
    expect(tab.status).to_contain_text(explain(solution.reason, "en"))


@pytest.mark.deep  # make test: test_feedback's test_a_wrong_legal_names_the_rule[ru]
def test_the_russian_page_asks_and_answers_in_russian(tab: Tab) -> None:
    tab.open("ru/puzzles/fe-starting-quarter/")
    solution = tab.site.project.solutions["fe-starting-quarter"]
    assert solution.reason is not None
    expect(tab.page.locator(".tw-choice-no")).to_have_text("Нет, ход недопустим")
    tab.button("choice-no")
    expect(tab.status).to_contain_text("Верно")
    expect(tab.status).to_contain_text(explain(solution.reason, "ru"))
    # The teacher's explanation follows the verdict, as it does for a play.
    explanation = tab.site.project.puzzles["fe-starting-quarter"].explain
    assert explanation is not None
    expect(tab.status).to_contain_text(explanation["ru"].split(". ")[1][:40])


@pytest.mark.deep  # make test: test_feedback's test_a_wrong_pass_names_the_rules_that_...
def test_a_turn_that_passes(tab: Tab) -> None:
    tab.open("puzzles/po-closed-board/")
    tab.button("choice-no")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    tab.button("choice-yes")
    expect(tab.root).to_have_attribute("data-verdict", "right")


@pytest.mark.deep  # make test: test_feedback's test_a_count_too_high_and_too_low
def test_a_count_is_typed(tab: Tab) -> None:
    tab.open("puzzles/fe-runner-opening/")
    number = tab.site.project.solutions["fe-runner-opening"].number
    assert number is not None
    field = tab.page.locator(".tabula-puzzle .tw-field input")
    field.fill(str(number + 1))
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    field.fill(str(number))
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "right")


@pytest.mark.deep  # make test: test_feedback's test_a_wrong_destination_says_why_and_a_...
def test_destinations_are_ticked_on_the_board(tab: Tab) -> None:
    tab.open("puzzles/tc-oversized-bear-off/")
    assert tab.site.project.solutions["tc-oversized-bear-off"].places == (3, 0)
    expect(tab.page.locator('.tw-overlay .ring.source[data-point="5"]')).to_have_count(1)
    tab.place("3")
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    tab.place("off")
    expect(tab.page.locator(".tw-ticked")).to_have_text("Ticked: the 3-point, off the board")
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "right")
    tab.place("3")  # a second click unticks
    expect(tab.page.locator(".tw-ticked")).to_have_text("Ticked: off the board")


@pytest.mark.deep  # make test: test_feedback's test_a_wrong_result_names_the_condition_...
def test_a_result_is_chosen(tab: Tab) -> None:
    tab.open("puzzles/bg-backgammon-triple/")
    result = tab.site.project.solutions["bg-backgammon-triple"].result
    assert result is not None
    selects = tab.page.locator(".tabula-puzzle .tw-field select")
    selects.nth(0).select_option(result.winner or "none")
    selects.nth(1).select_option("gammon")
    tab.page.locator(".tabula-puzzle .tw-field input").fill(str(result.points))
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    selects.nth(1).select_option(result.kind)
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "right")


# make test: the take in test_feedback's test_a_wrong_cube_answer_names_the_rule_of_the_cube; the
# drop is typed in a number field as test_feedback's test_a_count_too_high_and_too_low types
# one, and judged in tests/widget/js/answers.test.js.
@pytest.mark.deep
def test_the_cube_after_a_take_and_a_drop(tab: Tab) -> None:
    tab.open("puzzles/tm-cube-take/")
    take = tab.site.project.solutions["tm-cube-take"]
    selects = tab.page.locator(".tabula-puzzle .tw-field select")
    selects.nth(0).select_option(str(take.cube_value))
    selects.nth(1).select_option(str(take.cube_owner))
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "right")
    tab.open("puzzles/bg-cube-drop/")
    drop = tab.site.project.solutions["bg-cube-drop"].result
    assert drop is not None
    tab.page.locator(".tabula-puzzle .tw-field input").fill(str(drop.points))
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "right")


def test_progress_survives_a_reload_shows_ticks_and_can_be_cleared(tab: Tab) -> None:
    page = tab.page
    tab.open("puzzles/bg-higher-die/")
    tab.place("13")
    tab.place("7")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    page.reload()
    page.wait_for_selector(".tabula-puzzle.tw-ready")
    expect(tab.status).to_have_text("You have solved this puzzle before.")
    expect(page.locator(".tw-badge")).to_be_visible()
    # Ticks in the index and the lesson; instant navigation sets up the next puzzle's widget.
    page.goto(tab.site("puzzles/"))
    expect(page.locator('a[data-puzzle-id="bg-higher-die"]')).to_have_class("tabula-solved")
    page.goto(tab.site("lessons/first-steps-backgammon/"))
    link = page.locator('a[data-puzzle-id="bg-higher-die"]')
    expect(link).to_have_class("tabula-solved")
    expect(page.locator('a[data-puzzle-id="bg-order-of-dice"]')).not_to_have_class("tabula-solved")
    page.evaluate("window.tabulaMarker = 'same page'")
    page.locator('a[data-puzzle-id="bg-order-of-dice"]').click()
    page.wait_for_url("**/puzzles/bg-order-of-dice/")
    page.wait_for_selector(".tabula-puzzle.tw-ready")
    assert page.evaluate("window.tabulaMarker") == "same page", "instant navigation"
    expect(tab.page.locator(".tw-badge")).to_be_hidden()
    # Clear, on the page instant navigation set up. (The reused page's dialog listener goes
    # with the test.)
    with listening(page, {"dialog": lambda dialog: dialog.accept()}):
        tab.button("clear")
        expect(tab.status).to_have_text("Your solved puzzles are forgotten.")
    assert page.evaluate("window.tabulaSolved()") == []
    page.goto(tab.site("puzzles/"))
    expect(page.locator('a[data-puzzle-id="bg-higher-die"]')).not_to_have_class("tabula-solved")


def test_without_javascript_the_solution_waits_behind_a_details_element(
    browser: Browser, site: Site
) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site("puzzles/bg-order-of-dice/"))
        expect(page.locator(".tabula-puzzle svg.tb-board")).to_have_count(1)
        expect(page.locator(".tabula-puzzle .tw-controls")).to_have_count(0)
        details = page.locator("details.tabula-solution")
        expect(details).not_to_have_attribute("open", "")
        expect(details.locator(".tabula-answer")).to_be_hidden()
        details.locator("summary").click()
        expect(details.locator(".tabula-answer")).to_have_text("Answer: 13/12/6")
    finally:
        context.close()


AXE = Path(os.environ.get("TABULA_AXE", REPO / ".venv/axe/node_modules/axe-core/axe.min.js"))


AXE_PAGES = [
    "puzzles/bg-bar-enter-first/",
    "ru/puzzles/tm-cube-take/",
    "puzzles/tc-oversized-bear-off/",
]


# make test: the board with a refused step's mark, in the dark scheme.
@in_turn("scheme", ["light", "dark"], 1)
@in_turn("path", AXE_PAGES, 0, ids=AXE_PAGES)
def test_axe_finds_no_serious_accessibility_violation(tab: Tab, path: str, scheme: str) -> None:
    if not AXE.is_file():
        pytest.skip(
            f"axe-core is not installed at {AXE} (npm install --prefix .venv/axe axe-core@4, "
            "or point TABULA_AXE at axe.min.js)"
        )
    tab.page.emulate_media(color_scheme=scheme)  # Material follows the system's scheme
    tab.open(path)
    if "bar-enter" in path:
        tab.place("13")  # a refused step: a mark on the board, a message in the status
    tab.page.add_script_tag(path=str(AXE))
    found = tab.page.evaluate(
        """async () => {
          const result = await axe.run(document.querySelector('.tabula-puzzle'));
          return result.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3)}));
        }"""
    )
    serious = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not serious, serious
