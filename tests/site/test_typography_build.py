"""A built Russian page has its non-breaking spaces in its text, and only there; an English page
is built as it always was (``generator/render/typography.py``, called from the plugin)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from mkdocs.commands.build import build
from mkdocs.config import load_config

from generator.engine import find_variant
from generator.render.svg import board_svg

REPO = Path(__file__).parent.parent.parent
NBSP = "\u00a0"

PAGES = {
    "en": (
        "# Spaces\n\nIn 2025 the 15 checkers stand on the 6-point — a head, and `2 checkers — in`"
        " stays.\n\n[A link](#spaces 'in 2 words — a title')\n\n"
    ),
    "ru": (
        "# Пробелы\n\nВ 2025 году 15 шашек встают на 6-й пункт — и `2 шашки — в доме` остаются."
        "\n\n[Ссылка](#пробелы 'в 2 словах — заголовок')\n\n"
    ),
}

FENCE = """\
```board
variant: backgammon
position: {start: true}
dice: [6, 5]
```
"""

PUZZLE = """\
id: bg-spaces
variant: backgammon
title: {en: Spaces, ru: Пробелы}
level: 1
position: {start: true}
dice: [6, 5]
task: play
prompt: {en: Run 1 checker — now., ru: Уведите 1 шашку — и быстро.}
answer: [24/13]
explain: {en: Run., ru: Бегите в дом.}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("typography")
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    config.pop("nav", None)
    config.pop("not_in_nav", None)
    config.setdefault("plugins", [])
    config["plugins"] = [
        {"tabula": {"pdf": "no"}} if plugin == "tabula" else plugin for plugin in config["plugins"]
    ]
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    for lang, text in PAGES.items():
        folder = root / "docs" / lang
        folder.mkdir(parents=True)
        (folder / "index.md").write_text(text + FENCE, encoding="utf-8")
        (folder / "search.md").write_text("# Search\n", encoding="utf-8")
    shutil.copytree(REPO / "docs" / "assets", root / "docs" / "assets")
    (root / "puzzles" / "backgammon").mkdir(parents=True)
    (root / "puzzles" / "backgammon" / "spaces.yaml").write_text(PUZZLE, encoding="utf-8")
    build(load_config(str(root / "mkdocs.yml"), site_dir=str(root / "site")))
    return root / "site"


def content(page: Path) -> str:
    """The page's article: what the Markdown and the plugin made of the page's source."""
    html = page.read_text(encoding="utf-8")
    article = r'<article class="md-content__inner[^"]*"[^>]*>(.*?)</article>'
    found = re.search(article, html, re.DOTALL)
    assert found, page
    return found.group(1)


def test_a_russian_page_has_non_breaking_spaces_in_its_text(built: Path) -> None:
    html = content(built / "ru" / "index.html")
    assert (
        f"В{NBSP}2025{NBSP}году 15{NBSP}шашек встают на 6-й{NBSP}пункт{NBSP}— и{NBSP}<code>" in html
    )
    assert '<h1 id="пробелы">Пробелы<a' in html


def test_a_russian_page_keeps_code_attributes_and_boards_as_they_are(built: Path) -> None:
    html = content(built / "ru" / "index.html")
    assert "<code>2 шашки — в доме</code>" in html
    assert 'title="в 2 словах — заголовок"' in html
    start = find_variant("backgammon").start()
    board = board_svg(start, dice=(6, 5), lang="ru", standalone=False)  # the site's stylesheet
    assert board in html
    for svg in re.findall(r"<svg\b.*?</svg>", html, re.DOTALL):
        assert NBSP not in svg


def test_the_widget_data_of_a_russian_puzzle_is_untouched(built: Path) -> None:
    html = content(built / "ru" / "puzzles" / "bg-spaces" / "index.html")
    templates = re.findall(r"<template\b.*?</template>", html, re.DOTALL)
    assert templates and all(NBSP not in t for t in templates)
    # The explanation is both in the widget's data and in the page's text.
    assert '"explain":"Бегите в дом."' in templates[0]
    outside = re.sub(r"<template\b.*?</template>|<svg\b.*?</svg>", "", html, flags=re.DOTALL)
    assert f"Бегите в{NBSP}дом." in outside
    assert f"Уведите 1{NBSP}шашку{NBSP}— и{NBSP}быстро." in outside


def test_an_english_page_is_not_changed(built: Path) -> None:
    for page in (built / "index.html", built / "puzzles" / "bg-spaces" / "index.html"):
        assert NBSP not in page.read_text(encoding="utf-8"), page
    html = content(built / "index.html")
    assert "In 2025 the 15 checkers stand on the 6-point — a head, and " in html
