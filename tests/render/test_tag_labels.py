"""Tags reach the pages as labels in the page's language: the site's own vocabulary from the
catalogs, a project's other tags from its ``puzzles/tags.yaml``."""

from __future__ import annotations

from pathlib import Path

from generator.puzzles import check_files
from generator.render.pages import index_pages, puzzle_page

PUZZLE = """\
id: {id}
variant: backgammon
title: {{en: Puzzle {id}, ru: Задача {id}}}
level: 1
tags: [{tags}]
position: {{start: true}}
dice: [3, 1]
task: play
prompt: {{en: Play the 3-1., ru: Сыграйте 3-1.}}
answer: any
"""


def _project(tmp_path: Path) -> list[Path]:
    (tmp_path / "tags.yaml").write_text("openings-club: {en: Club openings, ru: Клубные начала}\n")
    (tmp_path / "one.yaml").write_text(PUZZLE.format(id="one", tags="bear-off, openings-club"))
    (tmp_path / "two.yaml").write_text(PUZZLE.format(id="two", tags="hit"))
    return sorted(tmp_path.iterdir())


def _by_rule(tmp_path: Path, lang: str) -> str:
    project = check_files(_project(tmp_path))
    assert not project.report.errors
    pages = index_pages(list(project.puzzles.values()), [], lang, project.tag_labels)
    return next(page.text for page in pages if str(page.path) == "puzzles/rules/index.md")


def test_the_index_by_rule_is_headed_by_labels_in_the_pages_language(tmp_path: Path) -> None:
    russian = _by_rule(tmp_path, "ru")
    english = _by_rule(tmp_path, "en")
    assert "Снятие шашек" in russian and "Клубные начала" in russian and "Бой" in russian
    assert "Bearing off" in english and "Club openings" in english and "Hitting" in english
    for text in (russian, english):
        assert "bear-off" not in text and "openings-club" not in text


def test_the_index_orders_the_rules_by_their_label(tmp_path: Path) -> None:
    english = _by_rule(tmp_path, "en")
    positions = [english.index(label) for label in ("Bearing off", "Club openings", "Hitting")]
    assert positions == sorted(positions)


def test_a_puzzle_page_shows_its_tags_labelled(tmp_path: Path) -> None:
    project = check_files(_project(tmp_path))
    text = puzzle_page(
        project.puzzles["one"],
        project.solutions["one"],
        "ru",
        lambda *a, **k: "<svg></svg>",
        tag_labels=project.tag_labels,
    ).text
    assert '<span class="tabula-tag">Снятие шашек</span>' in text
    assert '<span class="tabula-tag">Клубные начала</span>' in text
