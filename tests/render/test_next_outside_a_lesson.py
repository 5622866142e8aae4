"""'Next' from a puzzle opened outside a lesson: the next puzzle of the same game, in the index
pages' order, never the next of one of the lessons the puzzle happens to be in."""

from __future__ import annotations

import json
import re
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from generator.puzzles import Project, check_files, yaml_files
from generator.render.pages import puzzle_order, puzzle_page
from generator.render.svg import board_svg

REPO = Path(__file__).resolve().parents[2]


@cache
def project() -> Project:
    return check_files(yaml_files([REPO / "puzzles"]))


def page_data(text: str) -> dict[str, Any]:
    found = re.search(r'<template class="tabula-data"[^>]*>(.*?)</template>', text, re.DOTALL)
    assert found, text[:400]
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_enter_first_outside_its_lessons_leads_to_the_next_backgammon_puzzle() -> None:
    # "Enter first" is in "The bar and hitting", whose next puzzle is a Portes one, and in
    # "First steps in backgammon": a reader who came from neither goes on in backgammon.
    puzzle_id = "bg-bar-enter-first"
    ordered = sorted(project().puzzles.values(), key=puzzle_order)
    following = next(two.id for one, two in pairwise(ordered) if one.id == puzzle_id)
    assert project().puzzles[following].variant.key == "backgammon"
    lessons = [project().lessons["bar-and-hitting"], project().lessons["first-steps-backgammon"]]
    page = puzzle_page(
        project().puzzles[puzzle_id],
        project().solutions[puzzle_id],
        "en",
        board_svg,
        lessons,
        following=following,
    )
    data = page_data(page.text)
    assert data["next"] == following
    # From a lesson's page, "next" stays in that lesson.
    assert data["lesson_next"]["bar-and-hitting"].startswith("po-")
