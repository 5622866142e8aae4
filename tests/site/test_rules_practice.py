"""The rules pages lead to practice: each section's link to the practice page selects puzzles of
that page's game and rule, and every rules page has a board to try (``try: true``).

A link names the games and rules to tick (``../practice.md?game=...&rule=...``); the practice
page (assets/practice.js) keeps every box ticked when a link names nothing it knows, so a link
to a rule without puzzles in that game would start a session of something else, or of nothing.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from generator.puzzles import Project, Report, check_files, yaml_files
from generator.puzzles.fences import check_page

REPO = Path(__file__).resolve().parents[2]
RULES_PAGES = sorted((REPO / "docs").glob("*/rules/*.md"))
PRACTICE_LINK = re.compile(r"\]\((\.\./practice\.md\?[^)\s]*)\)")


@cache
def project() -> Project:
    return check_files(yaml_files([REPO / "puzzles"]))


def practice_links(page: Path) -> list[str]:
    return PRACTICE_LINK.findall(page.read_text(encoding="utf-8"))


def selected(link: str) -> tuple[set[str], set[str], list[str]]:
    """The games and rules a link ticks, and the puzzles the practice page then offers."""
    asked = parse_qs(urlsplit(link).query)
    assert set(asked) <= {"game", "rule", "level"}, link
    games = set(asked["game"][0].split(","))
    rules = set(asked["rule"][0].split(",")) if "rule" in asked else None
    found = [
        p.id
        for p in project().puzzles.values()
        if p.variant.key in games and (rules is None or rules & set(p.tags))
    ]
    return games, rules or set(), found


def test_there_are_rules_pages_in_both_languages() -> None:
    assert {page.parent.parent.name for page in RULES_PAGES} == {"en", "ru"}
    assert len(RULES_PAGES) == 14


@pytest.mark.parametrize("page", RULES_PAGES, ids=lambda page: f"{page.parts[-3]}/{page.stem}")
def test_every_practice_link_of_a_rules_page_selects_puzzles_of_each_rule_it_names(
    page: Path,
) -> None:
    links = practice_links(page)
    assert len(links) >= 5, page
    for link in links:
        games, rules, found = selected(link)
        assert found, f"{page.name}: {link} selects no puzzle"
        for rule in rules:
            assert any(
                p.variant.key in games and rule in p.tags for p in project().puzzles.values()
            ), f"{page.name}: {link}: no puzzle of {sorted(games)} practises {rule!r}"


@pytest.mark.parametrize("name", sorted({page.name for page in RULES_PAGES}))
def test_both_languages_link_the_same_sections_to_the_same_practice(name: str) -> None:
    english = practice_links(REPO / "docs" / "en" / "rules" / name)
    russian = practice_links(REPO / "docs" / "ru" / "rules" / name)
    assert english == russian


def test_a_link_to_a_rule_without_puzzles_in_the_game_is_caught() -> None:
    # Plakoto has no hitting, so no puzzle of it practises "hit".
    _, _, found = selected("../practice.md?game=plakoto&rule=hit")
    assert found == []


@pytest.mark.parametrize("page", RULES_PAGES, ids=lambda page: f"{page.parts[-3]}/{page.stem}")
def test_every_rules_page_has_a_board_to_try(page: Path) -> None:
    report = Report()
    fences = check_page(page, report, page.read_text(encoding="utf-8"))
    assert not report.diagnostics
    assert [fence for fence in fences if fence.playable], page
