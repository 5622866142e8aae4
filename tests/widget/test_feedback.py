"""What the widget tells a wrong answer, in every kind of task and in both languages: the
engine's message for that answer (generator/puzzles/tasks), never the bare "not right", and not
the teacher's explanation, which waits until the puzzle is solved or given up."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from generator.locale import translations
from generator.puzzles.tasks import kind_of

from .conftest import Tab

pytestmark = pytest.mark.browser

LANGS = ["en", "ru"]


def told(tab: Tab, puzzle_id: str, lang: str) -> dict[str, Any]:
    """What the engine tells each wrong answer to the puzzle, in ``lang``."""
    puzzle = tab.site.project.puzzles[puzzle_id]
    solution = tab.site.project.solutions[puzzle_id]
    return kind_of(puzzle).feedback(puzzle, puzzle.task, solution, lang)


def wrong(message: str, lang: str) -> str:
    return translations(lang).gettext("Not right. {why}").format(why=message)


def open_in(tab: Tab, puzzle_id: str, lang: str) -> None:
    tab.open(("" if lang == "en" else f"{lang}/") + f"puzzles/{puzzle_id}/")


def expect_wrong(tab: Tab, message: str, lang: str) -> None:
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    expect(tab.status).to_have_text(wrong(message, lang))


def choose(tab: Tab, number: int, value: str) -> None:
    tab.page.locator(".tabula-puzzle .tw-field select").nth(number).select_option(value)


def type_number(tab: Tab, number: int, value: str) -> None:
    tab.page.locator(".tabula-puzzle .tw-field input").nth(number).fill(value)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_legal_names_the_rule(tab: Tab, lang: str) -> None:
    open_in(tab, "fe-starting-quarter", lang)
    tab.button("choice-yes")
    expect_wrong(tab, told(tab, "fe-starting-quarter", lang)["yes"], lang)
    rule = translations(lang).gettext("the starting quarter")
    expect(tab.status).to_contain_text(rule)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_pass_names_the_rules_that_refuse_every_step(tab: Tab, lang: str) -> None:
    open_in(tab, "po-closed-board", lang)
    tab.button("choice-no")
    expect_wrong(tab, told(tab, "po-closed-board", lang)["no"], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_too_high_and_too_low(tab: Tab, lang: str) -> None:
    open_in(tab, "fe-runner-opening", lang)
    number = tab.site.project.solutions["fe-runner-opening"].number
    assert number is not None and number > 0
    messages = told(tab, "fe-runner-opening", lang)
    type_number(tab, 0, str(number + 1))
    tab.button("check")
    expect_wrong(tab, messages["high"], lang)
    type_number(tab, 0, str(number - 1))
    tab.button("check")
    expect_wrong(tab, messages["low"], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_destination_says_why_and_a_missing_one_says_how(tab: Tab, lang: str) -> None:
    open_in(tab, "tc-oversized-bear-off", lang)
    messages = told(tab, "tc-oversized-bear-off", lang)
    tab.place("4")
    tab.place("3")
    tab.button("check")
    expect_wrong(tab, messages["wrong"]["4"], lang)
    tab.place("4")  # unticked: the 3 is right, off the board is missing
    tab.button("check")
    expect_wrong(tab, messages["missed"]["0"], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_result_names_the_condition_that_decides_it(tab: Tab, lang: str) -> None:
    open_in(tab, "bg-gammon-on-four", lang)
    messages = told(tab, "bg-gammon-on-four", lang)
    # The first wrong field is told: the winner, then how, then the points.
    for winner, how, points, field in (
        ("opponent", "gammon", "8", "winner"),
        ("mover", "single", "8", "kind"),
        ("mover", "gammon", "2", "points"),
    ):
        choose(tab, 0, winner)
        choose(tab, 1, how)
        type_number(tab, 0, points)
        tab.button("check")
        expect_wrong(tab, messages[field], lang)
    type_number(tab, 0, "8")
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "right")


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_cube_answer_names_the_rule_of_the_cube(tab: Tab, lang: str) -> None:
    open_in(tab, "bg-redouble-take", lang)
    messages = told(tab, "bg-redouble-take", lang)
    choose(tab, 0, "4")
    choose(tab, 1, "opponent")
    tab.button("check")
    expect_wrong(tab, messages["value"], lang)
    choose(tab, 0, "8")
    choose(tab, 1, "mover")
    tab.button("check")
    expect_wrong(tab, messages["owner"], lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_legal_play_that_is_not_the_answer_is_told_why_not_and_not_the_explanation(
    tab: Tab, lang: str
) -> None:
    open_in(tab, "bg-point-on-blot", lang)
    messages = told(tab, "bg-point-on-blot", lang)
    solution = tab.site.project.solutions["bg-point-on-blot"]
    number = [play.notation for play in solution.plays].index("13/11 6/2")
    for source, target in (("6", "2"), ("13", "11")):
        tab.place(source)
        tab.place(target)
    expect(tab.root).to_have_attribute("data-verdict", "legal")
    not_answer = translations(lang).gettext("{play} is legal, but it is not the answer.")
    why = messages["texts"][messages["why"][number]]
    expect(tab.status).to_have_text(f"{not_answer.format(play='13/11 6/2')} {why}")
    explanation = tab.site.project.puzzles["bg-point-on-blot"].explain
    assert explanation is not None
    expect(tab.status).not_to_contain_text(explanation[lang][:30])
