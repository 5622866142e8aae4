"""check_files remembers each file's answer while its content stays the same (mkdocs serve
re-checks only what changed), and never answers from a file's old content."""

from __future__ import annotations

from pathlib import Path

from generator.puzzles import check_files

PUZZLE = """\
id: cached
variant: backgammon
title: {{en: Cached, ru: Запомненная}}
level: 1
position: {{start: true}}
dice: [{dice}]
task: count
count: plays
expect_count: {count}
prompt: {{en: How many plays?, ru: Сколько ходов?}}
"""


def test_an_unchanged_file_is_answered_from_memory(tmp_path: Path) -> None:
    path = tmp_path / "cached.yaml"
    path.write_text(PUZZLE.format(dice="3, 1", count=16))
    first = check_files([path])
    second = check_files([path])
    assert not first.report.diagnostics and not second.report.diagnostics
    assert second.puzzles["cached"] is first.puzzles["cached"]
    assert second.solutions["cached"] is first.solutions["cached"]


def test_a_changed_file_is_checked_again_with_its_problems(tmp_path: Path) -> None:
    path = tmp_path / "cached.yaml"
    path.write_text(PUZZLE.format(dice="3, 1", count=16))
    assert check_files([path]).solutions["cached"].number == 16
    path.write_text(PUZZLE.format(dice="6, 6", count=16))
    again = check_files([path])
    assert [d.line for d in again.report.errors] == [9]
    assert "cached" not in again.solutions
    # The problems are reported every time, not only the first time the content is seen.
    assert [d.message for d in check_files([path]).report.errors] == [
        d.message for d in again.report.errors
    ]


def test_a_board_fence_page_is_checked_again_after_a_change(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    fence = (
        '```board\nvariant: backgammon\nposition: {start: true}\ndice: [6, 5]\narrows: "%s"\n```\n'
    )
    page.write_text(fence % "24/13")
    assert not check_files([page]).report.diagnostics
    page.write_text(fence % "24/12")
    assert check_files([page]).report.errors
