"""Practice sessions, mistakes that come back, "next" inside a lesson, progress saved to a file
and loaded on another device, and a rules page's board to try, in Chromium.

A session is started on the practice page by choosing games and rules. Long Nardy's "six-point
block" puzzles are five "is this play legal?" questions, so a session of exactly those five is
answered with the Yes and No buttons, right or wrong as a test wants; Plakoto's "pin" puzzles are
more than five, so a puzzle missed in one session has to be chosen again to come back in the
next. (A session in the offline copy opened from disk: tests/browser/test_offline_browser.py.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from generator.engine import Refusal
from generator.locale import explain
from generator.puzzles import Report
from generator.puzzles.fences import check_page
from generator.render.pages import fence_html
from generator.render.svg import board_svg
from generator.site.plugin import asset_texts
from tests.conftest import BLANK, in_turn

from .conftest import Site, Tab

pytestmark = pytest.mark.browser

BLOCK = ("long-nardy", "block")
PINS = ("plakoto", "pin")


def start_session(
    tab: Tab, game: str, rule: str, lang: str = "", *, there: bool = False
) -> tuple[list[str], str]:
    """Opens the practice page (unless the tab is ``there`` already), ticks only ``game`` and
    ``rule``, starts a session; returns the session's puzzles, in their order, and what the
    page said of the choice."""
    page = tab.page
    if not there:
        page.goto(tab.site(f"{lang}practice/"))
    page.wait_for_selector(".tabula-practice-start")
    page.evaluate(
        """() => { for (const box of document.querySelectorAll(
             '.tabula-practice-choose input[name=game], .tabula-practice-choose input[name=rule]'))
             box.checked = false; }"""
    )
    page.locator(f'input[name=game][value="{game}"]').check()
    page.locator(f'input[name=rule][value="{rule}"]').check()
    chosen = page.locator(".tabula-practice-count").inner_text()
    page.locator(".tabula-practice-start").click()
    page.wait_for_selector(".tabula-session")
    session = page.evaluate("JSON.parse(localStorage.getItem('tabula.practice'))")
    ids: list[str] = session["ids"]
    assert page.url.endswith(f"/puzzles/{ids[0]}/")
    return ids, chosen


def answer_legal(tab: Tab, puzzle_id: str, *, right: bool) -> None:
    legal = tab.site.project.solutions[puzzle_id].legal
    assert legal is not None
    choice = "yes" if legal == right else "no"
    tab.button(f"choice-{choice}")
    expect(tab.root).to_have_attribute("data-verdict", "right" if right else "wrong")


def bar(tab: Tab) -> Any:
    return tab.page.locator(".tabula-session")


def test_a_session_of_five_puzzles_counts_the_streak_and_ends_with_a_summary(tab: Tab) -> None:
    page = tab.page
    ids, chosen = start_session(tab, *BLOCK)
    assert chosen == "5 puzzles match your choice."
    block = {
        p.id
        for p in tab.site.project.puzzles.values()
        if p.variant.key == "long-nardy" and "block" in p.tags
    }
    assert len(ids) == 5 and set(ids) == block
    for number, puzzle_id in enumerate(ids, start=1):
        page.wait_for_selector(f'.tabula-puzzle.tw-ready[data-puzzle-id="{puzzle_id}"]')
        expect(bar(tab).locator(".tabula-session-where")).to_have_text(
            f"Practice: puzzle {number} of 5"
        )
        # The third is missed at the first try: right at the second does not count.
        answer_legal(tab, puzzle_id, right=number != 3)
        if number == 3:
            answer_legal(tab, puzzle_id, right=True)
        streak = bar(tab).locator(".tabula-session-streak")
        expected = {1: 1, 2: 2, 3: 0, 4: 1, 5: 2}[number]
        expect(streak).to_have_text(f"Streak: {expected}")
        # One "next" on the page: the session's.
        expect(page.locator(".tabula-puzzle .tw-next")).to_have_count(0)
        link = bar(tab).locator(".tabula-session-next")
        expect(link).to_have_text("See the summary" if number == 5 else "Next in practice")
        link.click()
    page.wait_for_url("**/practice/")
    result = page.locator(".tabula-practice-summary")
    expect(result).to_contain_text("Solved at the first try: 4 of 5 puzzles.")
    expect(result).to_contain_text("Best streak: 2")
    missed = result.locator(".tabula-practice-missed a")
    expect(missed).to_have_count(1)
    expect(missed).to_have_attribute("data-puzzle-id", ids[2])
    review = page.evaluate("JSON.parse(localStorage.getItem('tabula.review'))")
    assert review[ids[2]]["misses"] == 1 and review[ids[2]]["box"] == 0
    assert all(review[i]["box"] == 1 and review[i]["misses"] == 0 for i in ids if i != ids[2])
    assert sorted(page.evaluate("window.tabulaSolved()")) == sorted(ids)


def test_a_missed_puzzle_comes_back_in_the_next_session(tab: Tab) -> None:
    page = tab.page
    pins = [
        p.id
        for p in tab.site.project.puzzles.values()
        if p.variant.key == "plakoto" and "pin" in p.tags
    ]
    assert len(pins) > 5
    first, _ = start_session(tab, *PINS)
    missed = first[0]
    # Given up: the solution shown counts as a miss.
    page.wait_for_selector(f'.tabula-puzzle.tw-ready[data-puzzle-id="{missed}"]')
    tab.button("solution")
    expect(bar(tab).locator(".tabula-session-streak")).to_have_text("Streak: 0")
    for puzzle_id in first[1:]:
        bar(tab).locator(".tabula-session-next").click()
        page.wait_for_selector(f'.tabula-puzzle.tw-ready[data-puzzle-id="{puzzle_id}"]')
    bar(tab).locator(".tabula-session-next").click()
    page.wait_for_url("**/practice/")
    page.locator(".tabula-practice-again").click()
    # Tried once more, with the same choice: the missed puzzle is due, and is in it.
    page.locator('input[name=game][value="plakoto"]').wait_for()
    second, _ = start_session(tab, *PINS, there=True)
    assert missed in second
    page.goto(tab.site("practice/"))
    expect(page.locator(".tabula-practice-resume a")).to_have_text(
        "Continue the session: puzzle 1 of 5"
    )


def test_the_russian_practice_page_speaks_russian(tab: Tab) -> None:
    ids, chosen = start_session(tab, *BLOCK, lang="ru/")
    expect(bar(tab).locator(".tabula-session-where")).to_have_text("Тренировка: задача 1 из 5")
    assert chosen == "Под ваш выбор подходят 5 задач."
    answer_legal(tab, ids[0], right=True)
    expect(bar(tab).locator(".tabula-session-streak")).to_have_text("Серия: 1")
    expect(bar(tab).locator(".tabula-session-next")).to_have_text("Следующая задача тренировки")


@in_turn(
    "lesson,after",
    [("first-steps-backgammon", "bg-backgammon-triple"), ("bar-and-hitting", "po-enter-and-go-on")],
    1,  # the lesson whose next (a Portes puzzle) cannot be the page's own (the next backgammon)
    ids=["first-steps-backgammon-bg-backgammon-triple", "bar-and-hitting-po-enter-and-go-on"],
)
def test_next_stays_in_the_lesson_the_puzzle_was_opened_from(
    tab: Tab, lesson: str, after: str
) -> None:
    # "Enter first" is in both lessons: after it, one goes on with backgammon, the other with
    # Portes.
    page = tab.page
    page.goto(tab.site(f"lessons/{lesson}/"))
    page.locator('a[data-puzzle-id="bg-bar-enter-first"]').click()
    page.wait_for_url("**/puzzles/bg-bar-enter-first/")
    page.wait_for_selector('.tabula-puzzle.tw-ready[data-puzzle-id="bg-bar-enter-first"]')
    page.locator(".tabula-puzzle .tw-next").click()
    page.wait_for_url(f"**/puzzles/{after}/")
    page.wait_for_selector(f'.tabula-puzzle.tw-ready[data-puzzle-id="{after}"]')
    # Opened from the index, the tab forgets the lesson: "next" is the page's own.
    page.goto(tab.site("puzzles/"))
    page.locator('a[data-puzzle-id="bg-bar-enter-first"]').click()
    page.wait_for_url("**/puzzles/bg-bar-enter-first/")
    page.wait_for_selector('.tabula-puzzle.tw-ready[data-puzzle-id="bg-bar-enter-first"]')
    own = tab.data()["next"]
    expect(page.locator(".tabula-puzzle .tw-next")).to_have_attribute("href", f"../{own}/")


def test_progress_by_game_and_rule_is_saved_to_a_file_and_loaded_elsewhere(
    tab: Tab, site: Site, tmp_path: Path
) -> None:
    page = tab.page
    solved, missed = sorted(
        p.id
        for p in site.project.puzzles.values()
        if p.variant.key == "long-nardy" and "block" in p.tags
    )[:2]
    tab.open(f"puzzles/{solved}/")
    answer_legal(tab, solved, right=True)
    tab.open(f"puzzles/{missed}/")
    answer_legal(tab, missed, right=False)
    page.goto(site("progress/"))
    row = page.locator('.tabula-progress-table tr[data-key="long-nardy"]')
    expect(row).to_have_attribute("data-solved", "1")
    expect(row).to_have_attribute("data-due", "1")
    expect(page.locator('.tabula-progress-table tr[data-key="block"]')).to_have_attribute(
        "data-due", "1"
    )
    expect(page.locator('.tabula-progress-table tr[data-key="portes"]')).to_have_attribute(
        "data-solved", "0"
    )
    with page.expect_download() as download:
        page.locator(".tabula-progress-save").click()
    saved = tmp_path / "progress.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "tabula-progress" and data["solved"] == [solved]
    assert set(data["review"]) == {solved, missed}

    # Another device: a browser that has solved something else already (this one, its
    # storage emptied: all that the practice and progress pages remember).
    page.evaluate(
        """() => { localStorage.clear(); sessionStorage.clear();
             localStorage.setItem('tabula.solved', JSON.stringify(['bg-higher-die'])); }"""
    )
    page.goto(site("ru/progress/"))
    status = page.locator(".tabula-progress-status")
    bad = tmp_path / "notes.json"
    bad.write_text('{"solved": ["bg-higher-die"]}', encoding="utf-8")
    page.locator(".tabula-progress-file").set_input_files(bad)
    expect(status).to_have_text("Это не файл прогресса Tabula: ничего не загружено.")
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps({**data, "solved": ["Not An Id"]}), encoding="utf-8")
    page.locator(".tabula-progress-file").set_input_files(damaged)
    expect(status).to_contain_text("повреждён")
    page.locator(".tabula-progress-file").set_input_files(saved)
    expect(status).to_have_text(
        "Прогресс загружен и объединён с прогрессом этого браузера: в файле 1 решённая задача."
    )
    row = page.locator('.tabula-progress-table tr[data-key="long-nardy"]')
    expect(row).to_have_attribute("data-solved", "1")
    expect(row).to_have_attribute("data-due", "1")
    merged = page.evaluate("JSON.parse(localStorage.getItem('tabula.solved'))")
    assert sorted(merged) == sorted(["bg-higher-die", solved])


TRY = """```board
variant: backgammon
position: {mover: {bar: 1, 13: 14}, opponent: {1: 2, 12: 5, 17: 3, 19: 5}}
dice: [6, 3]
try: true
```
"""


def test_a_board_to_try_refuses_a_step_with_its_reason_and_accepts_any_legal_play(
    tab: Tab,
) -> None:
    report = Report()
    (fence,) = check_page(Path("rules.md"), report, TRY)
    assert not report.diagnostics
    scripts = "".join(
        f"<script>{text}</script>"
        for name, text in asset_texts().items()
        if name.endswith(".js") and "widget" in name
    )
    html = fence_html(fence, "en", board_svg)
    page = tab.page
    # A page of the site's origin (its storage: the test server's blank page, where the tab
    # starts) with the fence and the widget's scripts only.
    assert page.url == tab.site(BLANK)
    page.set_content(f"<!doctype html><html lang='en'><body>{html}{scripts}</body></html>")
    page.wait_for_selector(".tabula-puzzle.tw-ready")
    status = page.locator('.tabula-puzzle [role="status"]')
    expect(page.locator(".tabula-puzzle .tw-solution")).to_have_count(0)
    expect(page.locator(".tabula-puzzle .tw-hint")).to_have_count(0)
    # A checker on the bar enters first: the one on 13 cannot move, and the rule says why.
    tab.place("13")
    reason = explain(Refusal.of("bar_first", count=1), "en")
    expect(status).to_contain_text(re.compile(re.escape(reason), re.IGNORECASE))
    expect(page.locator(".tabula-puzzle")).to_have_attribute("data-refused", "bar")
    tab.place("bar")
    tab.place("22")
    tab.place("13")
    tab.place("7")
    expect(page.locator(".tabula-puzzle")).to_have_attribute("data-verdict", "accepted")
    expect(status).to_have_text("bar/22 13/7 is a legal play with this roll.")
    # Nothing to remember: a board to try is no puzzle.
    assert page.evaluate("window.tabulaSolved()") == []
