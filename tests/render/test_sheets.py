"""Worksheets and answer keys, and the games' names on the Russian pages.

A worksheet's heading reads as one title even when the lesson's own title has a colon; each
question has a box to write the answer in, which the printed page keeps; and every Russian page
calls the two Tavla modes by their Russian names, never «Тавла Classic».
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from generator.puzzles import Lesson, Project, check_files, yaml_files
from generator.render.pages import (
    Page,
    gallery_page,
    index_pages,
    lesson_page,
    puzzle_page,
    sheet_pages,
)
from generator.render.svg import board_svg
from generator.site.generate import GENERATED

REPO = Path(__file__).parent.parent.parent
SHEETS_CSS = REPO / "generator" / "site" / "assets" / "sheets.css"
LATIN_MODE = re.compile(r"\b(Classic|Modern)\b")


@cache
def project() -> Project:
    """The site's own puzzles and lessons, checked: those the engine answers. (Whether the
    whole site checks clean is tests/puzzles' business, not the renderer's.)"""
    checked = check_files(yaml_files([REPO / "puzzles"]))
    answered = {key: p for key, p in checked.puzzles.items() if key in checked.solutions}
    lessons = {
        key: lesson
        for key, lesson in checked.lessons.items()
        if all(p in answered for p in lesson.puzzles)
    }
    assert len(answered) > 100 and len(lessons) > 5
    return Project(answered, lessons, checked.solutions, tag_labels=checked.tag_labels)


def lesson_with_a_colon() -> Lesson:
    lessons = [lesson for lesson in project().lessons.values() if ":" in lesson.title.en]
    assert lessons, "the site has a lesson whose title has a colon"
    return lessons[0]


def sheets(lesson: Lesson, lang: str) -> tuple[Page, Page]:
    members = [project().puzzles[p] for p in lesson.puzzles]
    worksheet, key = sheet_pages(lesson, members, project().solutions, lang, board_svg)
    return worksheet, key


def heading(page: Page) -> str:
    return next(line[2:] for line in page.text.splitlines() if line.startswith("# "))


def front_matter_title(page: Page) -> str:
    line = next(line for line in page.text.splitlines() if line.startswith("title: "))
    return str(json.loads(line[len("title: ") :]))


@pytest.mark.parametrize(
    ("lang", "worksheet_word", "key_word"),
    [("en", "Worksheet", "Answer key"), ("ru", "Листок с заданиями", "Ответы")],
)
def test_a_sheet_heading_names_the_sheet_first_and_has_no_second_colon(
    lang: str, worksheet_word: str, key_word: str
) -> None:
    lesson = lesson_with_a_colon()
    worksheet, key = sheets(lesson, lang)
    for page, word in ((worksheet, worksheet_word), (key, key_word)):
        for title in (heading(page), front_matter_title(page)):
            assert not re.search(r": .*: ", title), title
        assert heading(page) == f"{word} — {lesson.title[lang]}"


@pytest.mark.parametrize(("lang", "label"), [("en", "Your answer:"), ("ru", "Ваш ответ:")])
def test_every_question_of_a_worksheet_has_a_box_with_lines_to_write_on(
    lang: str, label: str
) -> None:
    lesson = lesson_with_a_colon()
    worksheet, key = sheets(lesson, lang)
    boxes = re.findall(
        r'<div class="tabula-answer-space">(.*?)</div></div>', worksheet.text, flags=re.S
    )
    assert len(boxes) == len(lesson.puzzles)
    for box in boxes:
        assert f'<p class="tabula-answer-label">{label}</p>' in box
        assert box.count('<div class="tabula-answer-line">') >= 3
    assert "tabula-answer-space" not in key.text  # the key prints the answers instead


def css_rules(css: str) -> dict[str, str]:
    """``selector -> declarations`` of a flat list of rules (comments removed)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return {selector.strip(): body for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)}


def print_rules() -> dict[str, str]:
    css = SHEETS_CSS.read_text(encoding="utf-8")
    start = css.index("@media print")
    body_start = css.index("{", start) + 1
    depth, end = 1, body_start
    while depth:
        depth += {"{": 1, "}": -1}.get(css[end], 0)
        end += 1
    return css_rules(css[body_start : end - 1])


def test_the_printed_answer_box_has_a_height_and_a_border_a_printer_keeps() -> None:
    rules = print_rules()
    box = rules[".tabula-answer-space"]
    height = re.search(r"min-height:\s*([\d.]+)(cm|mm)", box)
    assert height, box
    assert float(height[1]) * (10 if height[2] == "cm" else 1) >= 25  # at least 2.5 cm
    # A border, not a background: browsers leave backgrounds out of print by default.
    assert re.search(r"(?<![-\w])border:\s*[\d.]+(mm|px|pt)\s+solid\s+#", box), box
    assert "background" not in box
    assert "border-bottom" in rules[".tabula-answer-line"]


@cache
def russian_pages() -> list[Page]:
    """Every page the generator writes for the Russian site, drawn with the real boards."""
    site = project()
    lessons_of: dict[str, list[Lesson]] = {}
    for lesson in site.lessons.values():
        for puzzle_id in lesson.puzzles:
            lessons_of.setdefault(puzzle_id, []).append(lesson)
    pages = [
        puzzle_page(
            puzzle,
            site.solutions[puzzle_id],
            "ru",
            board_svg,
            lessons_of.get(puzzle_id, []),
            tag_labels=site.tag_labels,
        )
        for puzzle_id, puzzle in sorted(site.puzzles.items())
    ]
    for lesson in site.lessons.values():
        members = [site.puzzles[p] for p in lesson.puzzles]
        pages.append(lesson_page(lesson, members, "ru", with_pdf=True))
        pages += sheet_pages(lesson, members, site.solutions, "ru", board_svg)
    pages += index_pages(list(site.puzzles.values()), list(site.lessons.values()), "ru")
    pages.append(gallery_page("ru"))
    return pages


def test_russian_generated_pages_call_the_tavla_modes_by_their_russian_names() -> None:
    pages = russian_pages()
    assert len(pages) > len(project().puzzles)
    latin = [
        (str(page.path), match.group(0))
        for page in pages
        for match in LATIN_MODE.finditer(page.text)
    ]
    assert not latin, latin[:10]
    text = "\n".join(page.text for page in pages)
    assert "Классическая тавла" in text and "Современная тавла" in text


def hand_written_russian_pages() -> list[Path]:
    root = REPO / "docs" / "ru"
    return sorted(
        path
        for path in root.rglob("*.md")
        if path.relative_to(root).parts[0] not in GENERATED
        and not any(part.startswith(".") for part in path.relative_to(root).parts)
    )


def prose(markdown: str) -> str:
    """The text of a page without its code: fenced blocks (board fences, commands) and inline
    code, where an English message of the checker is quoted as it is printed."""
    markdown = re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", markdown)


def test_hand_written_russian_pages_call_the_tavla_modes_by_their_russian_names() -> None:
    pages = hand_written_russian_pages()
    assert any(path.name == "tavla.md" for path in pages)
    latin = [
        f"{path.relative_to(REPO)}: {line.strip()}"
        for path in pages
        for line in prose(path.read_text(encoding="utf-8")).splitlines()
        if LATIN_MODE.search(line) or re.search(r"Tavla (Classic|Modern)", line)
    ]
    assert not latin, "\n".join(latin[:10])
