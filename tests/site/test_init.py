"""python -m generator init: a teacher's own lesson site that checks clean and builds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from generator.cli import main


def test_a_new_site_checks_clean_and_builds_in_its_one_language(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert main(["init", str(folder), "--lang", "ru", "--title", "Кружок"]) == 0
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "python -m generator check" in readme and "python -m mkdocs build" in readme
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        assert main(["check"]) == 0
        build(load_config("mkdocs.yml", site_dir=str(folder / "site")))
    finally:
        os.chdir(cwd)
    page = (folder / "site" / "puzzles" / "enter-first" / "index.html").read_text("utf-8")
    assert '<html lang="ru"' in page and "Сначала вход" in page
    assert (folder / "site" / "lessons" / "first-lesson" / "key" / "index.html").is_file()
    assert (folder / "site" / "assets" / "tabula-board.css").is_file()


def test_a_new_site_in_two_languages_has_every_text_in_both(tmp_path: Path) -> None:
    folder = tmp_path / "both"
    assert main(["init", str(folder)]) == 0
    puzzle = (folder / "puzzles" / "backgammon" / "enter-first.yaml").read_text("utf-8")
    assert 'en: "Enter first"' in puzzle and 'ru: "Сначала вход"' in puzzle
    assert (folder / "docs" / "en" / "index.md").is_file()
    assert (folder / "docs" / "ru" / "index.md").is_file()


def test_init_never_overwrites_a_site_and_refuses_unknown_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path / "a")]) == 0
    assert main(["init", str(tmp_path / "a")]) == 1
    assert "exists: choose an empty folder" in capsys.readouterr().err
    assert main(["init", str(tmp_path / "b"), "--lang", "de"]) == 1
    assert "unknown language de" in capsys.readouterr().err
