"""python -m generator init: a teacher's own lesson site that checks clean and builds."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import markdown
import pytest
import yaml
from mkdocs.commands.build import build
from mkdocs.config import load_config

from generator.cli import main


def test_a_new_site_checks_clean_and_builds_in_its_one_language(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert main(["init", str(folder), "--lang", "ru", "--title", "Кружок"]) == 0
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "python -m generator check" in readme and "python -m mkdocs build" in readme
    # (No PDFs: headless Chromium would take most of the build's time; tests/site/test_print.py
    # and test_printer.py print real worksheets.)
    config = folder / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "  - tabula:\n" in text
    config.write_text(text.replace("  - tabula:\n", "  - tabula:\n      pdf: no\n"), "utf-8")
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        assert main(["check"]) == 0
        build(load_config("mkdocs.yml", site_dir=str(folder / "site")))
    finally:
        os.chdir(cwd)
    page = (folder / "site" / "puzzles" / "enter-first" / "index.html").read_text("utf-8")
    assert '<html lang="ru"' in page and "Сначала вход" in page
    # A new site keeps its answer keys to the teacher (answer_keys: private).
    assert (folder / "keys" / "lessons" / "first-lesson" / "key" / "index.html").is_file()
    assert not (folder / "site" / "lessons" / "first-lesson" / "key").exists()
    assert (folder / "site" / "assets" / "tabula-styles.css").is_file()


def test_a_new_site_in_two_languages_has_every_text_in_both(tmp_path: Path) -> None:
    folder = tmp_path / "both"
    assert main(["init", str(folder)]) == 0
    puzzle = (folder / "puzzles" / "backgammon" / "enter-first.yaml").read_text("utf-8")
    assert 'en: "Enter first"' in puzzle and 'ru: "Сначала вход"' in puzzle
    assert (folder / "docs" / "en" / "index.md").is_file()
    assert (folder / "docs" / "ru" / "index.md").is_file()


def files_under(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): path.read_text(encoding="utf-8")
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_init_never_overwrites_a_site_and_refuses_unknown_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path / "a")]) == 0
    assert main(["init", str(tmp_path / "a")]) == 2
    assert "nothing was written; choose an empty folder" in capsys.readouterr().err
    assert main(["init", str(tmp_path / "b"), "--lang", "de"]) == 2
    assert "unknown language de: choose from en, ru" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


def test_init_names_every_file_in_its_way_and_writes_none_of_its_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "repo"
    (folder / "docs" / "en").mkdir(parents=True)
    mine = {"README.md": "my readme", ".gitignore": "*.pyc\n", "docs/en/index.md": "# Mine"}
    for name, text in mine.items():
        (folder / name).write_text(text, encoding="utf-8")
    assert main(["init", str(folder), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"{folder} already holds README.md, .gitignore, docs/en/index.md:" in err
    assert "add --force to replace them" in err
    assert files_under(folder) == mine
    assert main(["init", str(folder), "--lang", "en", "--force"]) == 0
    assert "Puzzles and lessons for my class" in (folder / "docs/en/index.md").read_text("utf-8")
    assert (folder / "mkdocs.yml").is_file()


def test_init_refuses_a_language_named_twice_naming_the_known_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path / "a"), "--lang", "en,en"]) == 2
    assert "--lang names en more than once: name each language once, from en, ru" in (
        capsys.readouterr().err
    )
    assert main(["init", str(tmp_path / "a"), "--lang", ","]) == 2
    assert "unknown language (none): choose from en, ru" in capsys.readouterr().err
    assert not (tmp_path / "a").exists()


TRICKY_TITLE = 'Club: "A" # <b>*one*</b> [x](y) {: .big} & \\ ok'


def test_a_title_is_written_as_itself_into_mkdocs_yml_and_every_page(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert main(["init", str(folder), "--lang", "en", "--title", TRICKY_TITLE]) == 0
    config = yaml.safe_load((folder / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_name"] == TRICKY_TITLE
    for page in ("docs/en/index.md", "README.md"):
        rendered = markdown.markdown(
            (folder / page).read_text(encoding="utf-8"),
            extensions=config["markdown_extensions"],
        )
        heading = re.search(r"<h1>(.*?)</h1>", rendered)
        assert heading is not None and html.unescape(heading[1]) == TRICKY_TITLE, rendered


@pytest.mark.parametrize(
    "title", ["two\nlines", 'x"\rsite_url: http://evil', "", "  ", "a\x00", "a\u2028b", "\x85"]
)
def test_a_title_that_is_not_one_line_of_text_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], title: str
) -> None:
    assert main(["init", str(tmp_path / "a"), "--title", title]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --title") and err.count("\n") == 1
    assert not (tmp_path / "a").exists()
