"""A pass puzzle's question and its answers say the same thing: the buttons answer "does the turn
pass?" ("Yes, the turn passes" / "No, a play is possible"), so every pass puzzle of the project
asks that, in English and in Russian, and its explanation does not open with a bare yes or no
that the right answer's line ("Right: yes, the turn passes. ...") has already said."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from generator.locale import translations
from generator.puzzles import Project, check_files, yaml_files
from generator.render.widget import WORDS

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"

ASKS_IF_IT_PASSES = {
    "en": re.compile(r"(turn pass|lose the whole turn)\b[^.]*\?$"),
    "ru": re.compile(r"(Пропускают ли белые (весь )?ход|Пропускают\s+ли белые ход)\?$"),
}
BARE_ANSWER = {"en": re.compile(r"^(Yes|No)[.,!]"), "ru": re.compile(r"^(Да|Нет)[.,!]")}


@cache
def project() -> Project:
    return check_files(yaml_files([PUZZLES]))


def pass_puzzles() -> list[str]:
    return sorted(p.id for p in project().puzzles.values() if p.task.kind == "pass")


def test_the_project_has_pass_puzzles() -> None:
    assert len(pass_puzzles()) >= 11


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_buttons_answer_whether_the_turn_passes(lang: str) -> None:
    _ = translations(lang).gettext
    yes, no = _(WORDS["yes_pass"]), _(WORDS["no_pass"])
    assert BARE_ANSWER[lang].match(yes) and BARE_ANSWER[lang].match(no)
    assert yes.split(",")[0] != no.split(",")[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("puzzle_id", pass_puzzles())
def test_a_pass_puzzle_asks_whether_the_turn_passes(puzzle_id: str, lang: str) -> None:
    puzzle = project().puzzles[puzzle_id]
    prompt = " ".join(puzzle.prompt[lang].split())
    assert ASKS_IF_IT_PASSES[lang].search(prompt), prompt
    if puzzle.explain is not None:
        assert not BARE_ANSWER[lang].match(puzzle.explain[lang]), puzzle.explain[lang]
