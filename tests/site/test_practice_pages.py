"""Every Tabula site has a practice page and a progress page, as it has a search page: the
plugin writes them (``practice/``, ``progress/``) for a site without a ``practice.md`` of its
own, so a site made by ``python -m generator init`` needs no copy of them."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from generator.cli import main
from generator.render.practice import practice_pages
from generator.site.generate import prepare


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_practice_and_progress_pages_link_each_other_and_read_the_index(lang: str) -> None:
    practice, progress = practice_pages(lang)
    assert practice.path == PurePosixPath("practice", "index.md")
    assert progress.path == PurePosixPath("progress", "index.md")
    assert "](../progress/index.md)" in practice.text
    assert "](../practice/index.md)" in progress.text
    assert '<div id="tabula-practice" data-index="../puzzles/practice-index.js"' in practice.text
    assert '<div id="tabula-progress" data-index="../puzzles/practice-index.js"' in progress.text
    titles = {"en": ("# Practice\n", "# Progress\n"), "ru": ("# Тренировка\n", "# Прогресс\n")}
    assert progress.text.startswith(titles[lang][1]) and practice.text.startswith(titles[lang][0])


def test_a_new_site_has_the_practice_and_progress_pages_in_its_navigation(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert main(["init", str(folder), "--lang", "ru", "--title", "Кружок"]) == 0
    assert "docs/*/practice/" in (folder / ".gitignore").read_text(encoding="utf-8")
    config = folder / "mkdocs.yml"  # no PDFs: headless Chromium takes most of a build's time
    text = config.read_text(encoding="utf-8")
    assert "  - tabula:\n" in text
    config.write_text(text.replace("  - tabula:\n", "  - tabula:\n      pdf: no\n"), "utf-8")
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        build(load_config("mkdocs.yml", site_dir=str(folder / "site"), strict=True))
    finally:
        os.chdir(cwd)
    practice = (folder / "site" / "practice" / "index.html").read_text(encoding="utf-8")
    assert '<div id="tabula-practice"' in practice and "<h1 id=" in practice
    assert "Тренировка" in practice and 'href="../progress/"' in practice
    progress = (folder / "site" / "progress" / "index.html").read_text(encoding="utf-8")
    assert '<div id="tabula-progress"' in progress and "Прогресс" in progress
    assert (folder / "site" / "puzzles" / "practice-index.js").is_file()
    home = (folder / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="practice/"' in home


def test_a_site_with_a_practice_page_of_its_own_gets_none_written(tmp_path: Path) -> None:
    folder = tmp_path / "own"
    assert main(["init", str(folder), "--lang", "en"]) == 0
    docs, puzzles = folder / "docs", folder / "puzzles"
    written = {str(page.path) for page in prepare(puzzles, docs).pages["en"]}
    assert {"practice/index.md", "progress/index.md"} <= written
    (docs / "en" / "practice.md").write_text("# Our practice\n", encoding="utf-8")
    written = {str(page.path) for page in prepare(puzzles, docs).pages["en"]}
    assert not written & {"practice/index.md", "progress/index.md"}
