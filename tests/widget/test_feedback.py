"""What the widget tells a wrong answer, in every kind of task and in both languages: the
engine's message for that answer (generator/puzzles/tasks), never the bare "not right", and not
the teacher's explanation, which waits until the puzzle is solved or given up.

The words are the engine's and the page only carries them: the first test reads both
languages' pages as built, without a browser. Each browser test then answers one kind of task
in one language, the languages in turn (``make test``), both in ``make test-deep``."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from generator.locale import explain, translations
from generator.puzzles.tasks import kind_of
from tests.conftest import in_turn

from .conftest import Site, Tab

LANGS = ["en", "ru"]

PUZZLES = {
    "legal": "fe-starting-quarter",
    "pass": "po-closed-board",
    "count": "fe-runner-opening",
    "destinations": "tc-oversized-bear-off",
    "result": "bg-gammon-on-four",
    "cube": "bg-redouble-take",
    "play": "bg-point-on-blot",
}
"""A puzzle of each kind of task, whose wrong answers the browser tests give."""


def told(site: Site, puzzle_id: str, lang: str) -> dict[str, Any]:
    """What the engine tells each wrong answer to the puzzle, in ``lang``."""
    puzzle = site.project.puzzles[puzzle_id]
    solution = site.project.solutions[puzzle_id]
    return kind_of(puzzle).feedback(puzzle, puzzle.task, solution, lang)


def wrong(message: str, lang: str) -> str:
    return translations(lang).gettext("Not right. {why}").format(why=message)


def page_of(puzzle_id: str, lang: str) -> str:
    return ("" if lang == "en" else f"{lang}/") + f"puzzles/{puzzle_id}/"


_DATA = re.compile(r'<template class="tabula-data"[^>]*>(.*?)</template>', re.S)


def test_each_languages_page_carries_the_engines_words_for_every_wrong_answer(site: Site) -> None:
    """The built page's data, in each language: the engine's messages for that puzzle's wrong
    answers and the words the widget wraps them in, all in the page's language."""
    for puzzle_id in PUZZLES.values():
        carried = {}
        for lang in LANGS:
            html = (site.folder / page_of(puzzle_id, lang) / "index.html").read_text("utf-8")
            found = _DATA.findall(html)
            assert len(found) == 1, (puzzle_id, lang)
            data = json.loads(found[0])
            _ = translations(lang).gettext
            assert data["lang"] == lang, (puzzle_id, lang)
            assert data["feedback"] == told(site, puzzle_id, lang), (puzzle_id, lang)
            assert data["words"]["wrong_why"] == _("Not right. {why}"), (puzzle_id, lang)
            assert data["words"]["not_answer"] == _("{play} is legal, but it is not the answer.")
            carried[lang] = json.dumps(data["feedback"], ensure_ascii=False)
        assert carried["en"] != carried["ru"], puzzle_id
        assert re.search("[а-яё]", carried["ru"]) and not re.search("[а-яё]", carried["en"])


# In the browser: one language a test, in turn --------------------------------------------------


def open_in(tab: Tab, puzzle_id: str, lang: str) -> None:
    tab.open(page_of(puzzle_id, lang))


def expect_wrong(tab: Tab, message: str, lang: str) -> None:
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    expect(tab.status).to_have_text(wrong(message, lang))


def choose(tab: Tab, number: int, value: str) -> None:
    tab.page.locator(".tabula-puzzle .tw-field select").nth(number).select_option(value)


def type_number(tab: Tab, number: int, value: str) -> None:
    tab.page.locator(".tabula-puzzle .tw-field input").nth(number).fill(value)


@pytest.mark.browser
@in_turn("lang", LANGS, 1)
def test_a_wrong_legal_names_the_rule(tab: Tab, lang: str) -> None:
    _ = translations(lang).gettext
    open_in(tab, "fe-starting-quarter", lang)
    expect(tab.page.locator(".tw-choice-no")).to_have_text(_("No, it is not legal"))
    tab.button("choice-yes")
    expect_wrong(tab, told(tab.site, "fe-starting-quarter", lang)["yes"], lang)
    expect(tab.status).to_contain_text(_("the starting quarter"))
    # The right answer is told the rule's reason, and then the teacher's explanation.
    reason = tab.site.project.solutions["fe-starting-quarter"].reason
    explanation = tab.site.project.puzzles["fe-starting-quarter"].explain
    assert reason is not None and explanation is not None
    tab.button("choice-no")
    expect(tab.root).to_have_attribute("data-verdict", "right")
    expect(tab.status).to_contain_text(_("Right: {answer}.").split("{")[0])
    expect(tab.status).to_contain_text(explain(reason, lang))
    expect(tab.status).to_contain_text(explanation[lang].split(". ")[1][:40])


@pytest.mark.browser
@in_turn("lang", LANGS, 1)
def test_a_wrong_pass_names_the_rules_that_refuse_every_step(tab: Tab, lang: str) -> None:
    open_in(tab, "po-closed-board", lang)
    tab.button("choice-no")
    expect_wrong(tab, told(tab.site, "po-closed-board", lang)["no"], lang)
    tab.button("choice-yes")
    expect(tab.root).to_have_attribute("data-verdict", "right")


@pytest.mark.browser
@in_turn("lang", LANGS, 0)
def test_a_count_too_high_and_too_low(tab: Tab, lang: str) -> None:
    open_in(tab, "fe-runner-opening", lang)
    number = tab.site.project.solutions["fe-runner-opening"].number
    assert number is not None and number > 0
    messages = told(tab.site, "fe-runner-opening", lang)
    type_number(tab, 0, str(number + 1))
    tab.button("check")
    expect_wrong(tab, messages["high"], lang)
    # Enter in the field checks the answer as the button does.
    field = tab.page.locator(".tabula-puzzle .tw-field input")
    type_number(tab, 0, str(number - 1))
    field.press("Enter")
    expect_wrong(tab, messages["low"], lang)
    type_number(tab, 0, str(number))
    field.press("Enter")
    expect(tab.root).to_have_attribute("data-verdict", "right")


@pytest.mark.browser
@in_turn("lang", LANGS, 1)
def test_a_wrong_destination_says_why_and_a_missing_one_says_how(tab: Tab, lang: str) -> None:
    _ = translations(lang).gettext
    open_in(tab, "tc-oversized-bear-off", lang)
    assert tab.site.project.solutions["tc-oversized-bear-off"].places == (3, 0)
    messages = told(tab.site, "tc-oversized-bear-off", lang)
    expect(tab.page.locator('.tw-overlay .ring.source[data-point="5"]')).to_have_count(1)
    tab.place("4")
    tab.place("3")
    tab.button("check")
    expect_wrong(tab, messages["wrong"]["4"], lang)
    tab.place("4")  # a second click unticks: the 3 is right, off the board is missing
    tab.button("check")
    expect_wrong(tab, messages["missed"]["0"], lang)
    # The ticked places are named under the board, and both of them are the answer.
    ticked = tab.page.locator(".tw-ticked")
    three, off = _("the {point}-point").format(point=3), _("off the board")
    tab.place("off")
    expect(ticked).to_have_text(_("Ticked: {places}").format(places=f"{three}, {off}"))
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "right")
    tab.place("3")
    expect(ticked).to_have_text(_("Ticked: {places}").format(places=off))


@pytest.mark.browser
@in_turn("lang", LANGS, 0)
def test_a_wrong_result_names_the_condition_that_decides_it(tab: Tab, lang: str) -> None:
    open_in(tab, "bg-gammon-on-four", lang)
    messages = told(tab.site, "bg-gammon-on-four", lang)
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


@pytest.mark.browser
@in_turn("lang", LANGS, 1)
def test_a_wrong_cube_answer_names_the_rule_of_the_cube(tab: Tab, lang: str) -> None:
    open_in(tab, "bg-redouble-take", lang)
    messages = told(tab.site, "bg-redouble-take", lang)
    take = tab.site.project.solutions["bg-redouble-take"]
    assert (take.cube_value, take.cube_owner) == (8, "opponent")
    choose(tab, 0, "4")
    choose(tab, 1, "opponent")
    tab.button("check")
    expect_wrong(tab, messages["value"], lang)
    choose(tab, 0, "8")
    choose(tab, 1, "mover")
    tab.button("check")
    expect_wrong(tab, messages["owner"], lang)
    choose(tab, 1, "opponent")
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "right")


@pytest.mark.browser
@in_turn("lang", LANGS, 0)
def test_a_legal_play_that_is_not_the_answer_is_told_why_not_and_not_the_explanation(
    tab: Tab, lang: str
) -> None:
    open_in(tab, "bg-point-on-blot", lang)
    messages = told(tab.site, "bg-point-on-blot", lang)
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
