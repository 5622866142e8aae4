"""Practice: the puzzle index the practice and progress pages read, "next" inside a lesson, and
rules pages' boards to try (``try: true``).

A learner who opens a puzzle from a lesson's page and presses "Next puzzle" stays in that lesson
(the lesson's list names the lesson, which the tab remembers, and each puzzle page knows the next
puzzle of every lesson it is in); the practice page chooses puzzles by game, rule and level from
an index that is a script, because a site opened from disk may run scripts but not fetch files.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator.locale import translations
from generator.puzzles import Project, Report, check_files, yaml_files
from generator.puzzles.fences import check_page
from generator.render.pages import fence_html, lesson_next, lesson_page, puzzle_page
from generator.render.practice import INDEX_PATH, practice_index, practice_index_page
from generator.render.svg import board_svg

REPO = Path(__file__).parent.parent.parent


@cache
def project() -> Project:
    checked = check_files(yaml_files([REPO / "puzzles"]))
    answered = {key: p for key, p in checked.puzzles.items() if key in checked.solutions}
    lessons = {
        key: lesson
        for key, lesson in checked.lessons.items()
        if all(p in answered for p in lesson.puzzles)
    }
    return Project(answered, lessons, checked.solutions, tag_labels=checked.tag_labels)


def page_data(text: str) -> dict[str, Any]:
    found = re.search(r'<template class="tabula-data"[^>]*>(.*?)</template>', text, re.DOTALL)
    assert found, text[:400]
    data: dict[str, Any] = json.loads(found.group(1))
    return data


# --- "Next" inside a lesson ------------------------------------------------------------------


def test_a_puzzle_in_two_lessons_knows_the_next_puzzle_of_each():
    # "Enter first" is the third puzzle of "First steps in backgammon" and of "The bar and
    # hitting"; after it, the first lesson goes on with backgammon, the second with Portes.
    puzzle_id = "bg-bar-enter-first"
    lessons = [
        project().lessons["bar-and-hitting"],
        project().lessons["first-steps-backgammon"],
    ]
    first_steps = list(project().lessons["first-steps-backgammon"].puzzles)
    bar = list(project().lessons["bar-and-hitting"].puzzles)
    expected = {
        "first-steps-backgammon": first_steps[first_steps.index(puzzle_id) + 1],
        "bar-and-hitting": bar[bar.index(puzzle_id) + 1],
    }
    assert expected["first-steps-backgammon"].startswith("bg-")
    assert expected["bar-and-hitting"].startswith("po-")
    page = puzzle_page(
        project().puzzles[puzzle_id], project().solutions[puzzle_id], "en", board_svg, lessons
    )
    assert page_data(page.text)["lesson_next"] == expected


def test_the_last_puzzle_of_a_lesson_has_no_next_in_it():
    lesson = project().lessons["first-steps-backgammon"]
    assert lesson_next(lesson.puzzles[-1], [lesson]) == {lesson.id: None}
    assert lesson_next("not-in-it", [lesson]) == {}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_lessons_list_says_which_lesson_its_puzzles_are_opened_from(lang: str):
    lesson = project().lessons["first-steps-backgammon"]
    members = [project().puzzles[p] for p in lesson.puzzles]
    text = lesson_page(lesson, members, lang).text
    listed = re.search(r'<ol class="tabula-lesson" data-lesson-id="([^"]*)">(.*?)</ol>', text, re.S)
    assert listed and listed.group(1) == lesson.id
    links = re.findall(r'<a href="([^"]*)" data-puzzle-id="([^"]*)"', listed.group(2))
    assert links == [(f"../../puzzles/{p}/", p) for p in lesson.puzzles]


# --- the practice index ------------------------------------------------------------------------


def test_the_index_lists_every_puzzle_with_what_it_practises():
    puzzles = list(project().puzzles.values())
    index = practice_index(puzzles, "en", project().tag_labels)
    listed = {item["id"]: item for item in index["puzzles"]}
    assert set(listed) == set(project().puzzles)
    for puzzle in puzzles:
        item = listed[puzzle.id]
        assert item["game"] == puzzle.variant.key
        assert item["rules"] == list(puzzle.tags)
        assert item["level"] == puzzle.level
        assert item["title"] == puzzle.title.en
        assert item["href"] == f"puzzles/{puzzle.id}/"
    games = [game["key"] for game in index["games"]]
    assert games[0] == "backgammon" and set(games) == {p.variant.key for p in puzzles}
    assert {rule["key"] for rule in index["rules"]} == {t for p in puzzles for t in p.tags}
    assert index["levels"] == sorted({p.level for p in puzzles})


def test_the_russian_index_names_games_and_rules_in_russian_with_every_plural_form():
    puzzles = list(project().puzzles.values())
    index = practice_index(puzzles, "ru", project().tag_labels)
    names = {game["key"]: game["name"] for game in index["games"]}
    assert names["long-nardy"] == "Длинные нарды"
    assert {item["title"] for item in index["puzzles"]} == {p.title.ru for p in puzzles}
    matching = index["words"]["matching"]
    assert matching["one"].replace("{count}", "21") == "Под ваш выбор подходит 21 задача."
    assert matching["few"].replace("{count}", "3") == "Под ваш выбор подходят 3 задачи."
    assert matching["many"].replace("{count}", "11") == "Под ваш выбор подходят 11 задач."
    english = practice_index(puzzles, "en", project().tag_labels)["words"]["matching"]
    assert english["one"] == "{count} puzzle matches your choice."
    assert english["other"] == "{count} puzzles match your choice."


def test_the_index_is_a_script_no_title_can_break_out_of():
    puzzles = list(project().puzzles.values())
    title = "</script><!-- & more"
    hostile = [puzzles[0].__class__(**{**_fields(puzzles[0]), "title": {"en": title, "ru": title}})]
    page = practice_index_page(hostile, "en")
    assert page.path == INDEX_PATH
    assert "</script>" not in page.text and "<!--" not in page.text
    head, data = page.text.split(" = ", 1)
    assert head.endswith('(window.TabulaPracticeIndex ??= {})["en"]')
    assert json.loads(data.rstrip().rstrip(";"))["puzzles"][0]["title"] == title


def _fields(puzzle: Any) -> dict[str, Any]:
    return {name: getattr(puzzle, name) for name in puzzle.__slots__}


# --- a board to try on a rules page --------------------------------------------------------


TRY = """# Entering

```board
variant: backgammon
position: {mover: {bar: 1, 13: 14}, opponent: {1: 2, 12: 5, 17: 3, 19: 5}}
dice: [6, 3]
try: true
```
"""


def fences(text: str) -> tuple[list[Any], Report]:
    report = Report()
    return check_page(Path("page.md"), report, text), report


def test_a_board_to_try_becomes_a_widget_in_free_play():
    (fence,), report = fences(TRY)
    assert report.diagnostics == [] and fence.playable
    html = fence_html(fence, "ru", board_svg)
    assert 'class="tabula-puzzle tabula-try" data-puzzle-id="try-3"' in html
    data = page_data(html)
    assert data["free"] is True and data["task"] == "play" and data["graph"]
    # Any legal play is accepted: every one of them ends the puzzle well.
    assert sorted(data["accepted"]) == sorted(data["plays"]) and data["plays"]
    assert data["words"]["accepted"] == translations("ru").gettext(
        "{play} is a legal play with this roll."
    )


def test_a_board_that_is_not_to_try_stays_a_picture():
    (fence,), _ = fences(TRY.replace("try: true", "try: false"))
    assert not fence.playable
    assert "tabula-puzzle" not in fence_html(fence, "en", board_svg)


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ("dice: [6, 3]\n", "page.md:6:6: error: 'try' needs the roll: add 'dice: [6, 3]'"),
        (
            "position: {mover: {bar: 1, 13: 14}, opponent: {1: 2, 12: 5, 17: 3, 19: 5}}",
            "page.md:7:6: error: 'try: true' needs a roll with a legal play, and no play is "
            "legal with 6-3",
        ),
        (
            "try: true",
            "page.md:8:11: error: a board to try is drawn as the puzzles' boards are: leave "
            "out 'mirrored' or 'try: true'",
        ),
    ],
    ids=["no dice", "no legal play", "mirrored"],
)
def test_a_board_to_try_that_cannot_be_played_is_an_error(change: str, error: str):
    if change.startswith("dice"):
        text = TRY.replace(change, "")
    elif change.startswith("position"):
        text = TRY.replace(change, "position: {mover: {bar: 1, 13: 14}, opponent: {19: 2, 22: 2}}")
    else:
        text = TRY.replace(change, "try: true\nmirrored: true")
    _, report = fences(text)
    assert [str(d) for d in report.diagnostics] == [error]
