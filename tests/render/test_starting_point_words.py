"""Fevga has no head: its boards name the starting point; Long Nardy's name the head.

Long Nardy's head is a rule (one checker off it per turn); Fevga starts from the same point with
no such rule (RULES.md 2.4, 2.6), so its words and its drawing say "starting point".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from generator.engine import Position, find_variant
from generator.render.describe import describe
from generator.render.svg import board_svg

from .helpers import SVG, parse

HEAD_WORDS = re.compile(r"head|голов", re.IGNORECASE)


def fevga_boards() -> Iterator[Position]:
    fevga = find_variant("fevga")
    yield fevga.start()
    # A runner out, both starts still held.
    yield fevga.position(mover={24: 14, 10: 1}, opponent={12: 13, 1: 1, 3: 1})


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_fevga_board_never_says_head(lang: str) -> None:
    for position in fevga_boards():
        words = describe(position, dice=(6, 5), lang=lang)
        assert not HEAD_WORDS.search(words.title + words.desc), words.desc
        svg = parse(board_svg(position, dice=(6, 5), lang=lang))
        text = "".join(svg.findtext(f"{SVG}{tag}", "") for tag in ("title", "desc"))
        assert not HEAD_WORDS.search(text), text


def test_a_fevga_board_names_both_starting_points() -> None:
    start = find_variant("fevga").start()
    assert "15 checkers on the starting point (the 24-point)" in describe(start).desc
    assert "15 checkers on the starting point (the 12-point)" in describe(start).desc
    russian = describe(start, lang="ru").desc
    assert "15 шашек на стартовом пункте (пункт 24)" in russian
    assert "15 шашек на стартовом пункте (пункт 12)" in russian


def test_a_fevga_runner_has_one_checker_left_on_the_starting_point() -> None:
    fevga = find_variant("fevga")
    position = fevga.position(mover={24: 1, 10: 14}, opponent={12: 15})
    assert "1 шашка на стартовом пункте (пункт 24)" in describe(position, lang="ru").desc
    assert "1 checker on the starting point (the 24-point)" in describe(position).desc


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "15 checkers on the head (the 24-point)"),
        ("ru", "15 шашек на голове (пункт 24)"),
    ],
)
def test_long_nardy_keeps_its_head(lang: str, words: str) -> None:
    desc = describe(find_variant("long-nardy").start(), lang=lang).desc
    assert words in desc
    assert "starting point" not in desc and "стартов" not in desc


def test_the_start_tabs_are_labelled_as_the_start_in_fevga_only() -> None:
    def tabs(key: str) -> list[dict[str, str]]:
        root = parse(board_svg(find_variant(key).start()))
        return [
            dict(rect.attrib)
            for rect in root.iter(f"{SVG}rect")
            if "head-mark" in rect.get("class", "").split()
        ]

    # Drawn in this order too: one board's cached frame never stands in for the other's.
    for _ in range(2):
        nardy, fevga = tabs("long-nardy"), tabs("fevga")
        assert len(nardy) == len(fevga) == 2
        assert all("data-mark" not in tab for tab in nardy)
        assert all(tab["data-mark"] == "start" for tab in fevga)


@pytest.mark.parametrize("key", ["backgammon", "plakoto", "portes"])
def test_games_that_start_apart_have_no_start_tab(key: str) -> None:
    root = parse(board_svg(find_variant(key).start()))
    assert not [r for r in root.iter(f"{SVG}rect") if "head-mark" in r.get("class", "")]
