"""Building a small project with the plugin: pages in both languages, escaping, fences, and a
build that stops before writing anything when a source is wrong."""

from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

import pytest
import yaml
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, PluginError

from tests.site.devtools_stand_in import printing_with_the_stand_in

REPO = Path(__file__).parent.parent.parent

HOSTILE = "<script>alert(1)</script>"

PUZZLE = f"""\
id: bg-hostile
variant: backgammon
title: {{en: "{HOSTILE}", ru: "{HOSTILE} по-русски"}}
level: 1
position: {{start: true}}
dice: [6, 5]
task: play
prompt: {{en: "Play <b>this</b> & that", ru: Сыграйте 6-5}}
answer: [24/13]
explain: {{en: Run a back checker., ru: Убегайте задней шашкой.}}
"""

LESSON = """\
id: first
title: {en: First lesson, ru: Первый урок}
intro: {en: Start here., ru: Начните отсюда.}
audience: {en: Beginners, ru: Новички}
level: 1
variants: [backgammon]
puzzles: [bg-hostile]
"""

FENCE = """\
```board
variant: backgammon
position: {start: true}
dice: [6, 5]
show: plays
expect: [24/13, 13/2, 13/7 13/8, 13/7 8/3, 24/18 13/8, 24/18 8/3, 8/2 8/3]
```
"""


def make_project(root: Path, fence: str = FENCE, puzzle: str = PUZZLE, pdf: bool = True) -> Path:
    """A small project of one puzzle and one lesson, with the project's own configuration
    (without its navigation, which names the real pages); without ``pdf``, a build prints no
    PDFs (headless Chromium takes most of a small build's time)."""
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    config.pop("nav", None)
    if not pdf:
        plugins = config["plugins"]
        plugins[plugins.index("tabula")] = {"tabula": {"pdf": "no"}}
    config.pop("not_in_nav", None)
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    for lang, words in (("en", "Welcome"), ("ru", "Добро пожаловать")):
        page = root / "docs" / lang / "index.md"
        page.parent.mkdir(parents=True)
        page.write_text(f"# {words}\n\nText.\n\n{fence}", encoding="utf-8")
        (root / "docs" / lang / "search.md").write_text("# Search\n", encoding="utf-8")
    shutil.copytree(REPO / "docs" / "assets", root / "docs" / "assets")
    (root / "puzzles" / "backgammon").mkdir(parents=True)
    (root / "puzzles" / "backgammon" / "hostile.yaml").write_text(puzzle, encoding="utf-8")
    (root / "puzzles" / "lessons").mkdir()
    (root / "puzzles" / "lessons" / "first.yaml").write_text(LESSON, encoding="utf-8")
    return root


def build_project(root: Path, site: str = "site") -> Path:
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(root / site))
    build(config)
    return root / site


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small project, built with its PDFs printed by the stand-in for Chromium (real PDFs
    on paper: tests/site/test_print.py and tests/site/test_printer.py)."""
    with printing_with_the_stand_in(tmp_path_factory.mktemp("bin")):
        return build_project(make_project(tmp_path_factory.mktemp("project")))


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_every_puzzle_and_lesson_has_a_page_in_both_languages(built: Path) -> None:
    for prefix in ("", "ru/"):
        for page in (
            "puzzles/bg-hostile",
            "lessons/first",
            "puzzles",
            "puzzles/rules",
            "puzzles/levels",
            "lessons",
        ):
            assert (built / prefix / page / "index.html").is_file(), prefix + page
    assert '<html lang="ru"' in read(built / "ru/puzzles/bg-hostile/index.html")
    assert '<html lang="en"' in read(built / "puzzles/bg-hostile/index.html")


def test_every_lesson_has_a_worksheet_and_an_answer_key_in_both_languages(built: Path) -> None:
    sheet = read(built / "lessons/first/worksheet/index.html")
    key = read(built / "lessons/first/key/index.html")
    assert sheet.count('class="tabula-sheet-item"') == 1 and "tabula-answer-space" in sheet
    assert "24/18/13" not in sheet and "24/18/13" in key
    assert "Run a back checker." in key
    russian = read(built / "ru/lessons/first/key/index.html")
    assert "Ответы — Первый урок" in russian and "Убегайте задней шашкой." in russian
    lesson = read(built / "lessons/first/index.html")
    assert 'href="worksheet/"' in lesson and 'href="key/"' in lesson


def test_worksheets_and_keys_are_printed_to_pdf(built: Path) -> None:
    # Each from its own page, in its language (the stand-in's "PDF" says which), and linked.
    for prefix, lang in (("", "en"), ("ru/", "ru")):
        for name in ("worksheet", "key"):
            pdf = built / f"{prefix}lessons/first/{name}.{lang}.pdf"
            assert read(pdf) == f"%PDF-1.4 lang={lang} page={name}\n", pdf
        assert f'href="worksheet.{lang}.pdf"' in read(built / f"{prefix}lessons/first/index.html")


def test_teacher_text_is_shown_as_text_and_never_runs(built: Path) -> None:
    for page in (
        "puzzles/bg-hostile/index.html",
        "ru/puzzles/bg-hostile/index.html",
        "lessons/first/index.html",
        "puzzles/index.html",
    ):
        html = read(built / page)
        assert "<script>alert(1)" not in html, page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, page
    assert "Play &lt;b&gt;this&lt;/b&gt; &amp; that" in read(
        built / "puzzles/bg-hostile/index.html"
    )


def test_a_puzzle_page_has_the_board_the_widget_root_and_a_hidden_solution(built: Path) -> None:
    html = read(built / "puzzles/bg-hostile/index.html")
    assert 'class="tabula-puzzle" data-puzzle-id="bg-hostile"' in html
    assert "<svg" in html and 'role="status"' in html
    assert "<details" in html and "24/18/13" in html
    russian = read(built / "ru/puzzles/bg-hostile/index.html")
    assert "Показать решение" in russian and "Кубики: 6-5" in russian


def test_a_board_fence_becomes_a_diagram_with_its_plays(built: Path) -> None:
    html = read(built / "index.html")
    assert "```board" not in html and "<svg" in html
    assert "7 legal plays: 13/7 13/8" in html
    assert "7\u00a0допустимых ходов" in read(built / "ru/index.html")  # typography.py


def test_boards_and_lists_set_aside_for_markdown_are_all_put_back(built: Path) -> None:
    pages = sorted(built.rglob("*.html"))
    assert pages
    for page in pages:
        assert "<!--tabula:" not in read(page), page
    index = read(built / "puzzles/index.html")
    assert '<ul class="tabula-index">' in index and "bg-hostile/" in index
    svg = read(built / "puzzles/bg-hostile/index.html")
    assert svg.count("<svg") >= 1 and svg.count("</svg>") == svg.count("<svg")


def test_heading_links_are_titled_in_the_pages_language(built: Path) -> None:
    assert 'title="Ссылка на этот раздел"' in read(built / "ru/index.html")
    assert 'title="Link to this section"' in read(built / "index.html")


def test_the_search_index_has_one_part_per_language(built: Path) -> None:
    entry = read(built / "pagefind/pagefind-entry.json")
    assert '"en"' in entry and '"ru"' in entry


def test_a_wrong_expectation_in_a_fence_stops_the_build_naming_the_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = make_project(tmp_path, fence=FENCE.replace("24/13, ", ""))
    with pytest.raises((PluginError, Abort)):
        build_project(root)
    assert "docs/en/index.md:10:9: error: expect leaves out 1 legal play with 6-5: 24/18/13" in (
        caplog.text
    )
    assert "docs/ru/index.md:10:9: error:" in caplog.text
    assert not (root / "site").exists()


def test_a_broken_puzzle_stops_the_build_with_nothing_written(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = make_project(tmp_path, puzzle=PUZZLE.replace("answer: [24/13]", "answer: [24/14]"))
    with pytest.raises((PluginError, Abort)):
        build_project(root)
    assert "hostile.yaml:9:10: error: answer '24/14'" in caplog.text
    assert not (root / "site").exists()
    assert not (root / "docs" / "en" / "puzzles").exists()


def test_two_builds_of_the_same_sources_are_identical(built: Path, tmp_path: Path) -> None:
    # The module's build is the first of the two (no test changes its sources). (Two real
    # Chromium prints of a sheet are the same bytes: tests/site/test_printer.py compares one
    # with Chromium's own --print-to-pdf.)
    with printing_with_the_stand_in(tmp_path):
        first, second = built, build_project(built.parent, "two")
    comparison = filecmp.dircmp(first, second)

    def differences(cmp: filecmp.dircmp[str]) -> list[str]:
        found = list(cmp.diff_files) + list(cmp.left_only) + list(cmp.right_only)
        for sub in cmp.subdirs.values():
            found += differences(sub)
        return found

    assert differences(comparison) == []


def test_a_dirty_serve_rebuild_shows_the_changed_puzzle_in_both_languages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What `make serve` does after an edit: mkdocs serve --dirty rebuilds only changed pages
    # (mkdocs-static-i18n reads --dirty from the command line for the other language).
    root = make_project(tmp_path, pdf=False)
    site = root / "site"

    def serve_build(dirty: bool) -> None:
        # (--no-strict, as `make serve` runs it: MkDocs warns about every dirty build.)
        config = load_config(str(root / "mkdocs.yml"), site_dir=str(site), strict=False)
        config.plugins.on_startup(command="serve", dirty=dirty)
        build(config, dirty=dirty)

    serve_build(dirty=False)
    monkeypatch.setattr("sys.argv", ["mkdocs", "serve", "--dirty"])
    puzzle = root / "puzzles" / "backgammon" / "hostile.yaml"
    text = read(puzzle)
    renamed = text.replace('title: {en: "', 'title: {en: "Renamed ', 1)
    renamed = renamed.replace('ru: "', 'ru: "Новое имя ', 1)
    assert renamed.count("Renamed") == renamed.count("Новое имя") == 1
    puzzle.write_text(renamed, encoding="utf-8")
    serve_build(dirty=True)
    assert "Renamed" in read(site / "puzzles/bg-hostile/index.html")
    assert "Renamed" in read(site / "puzzles/index.html")
    assert "Новое имя" in read(site / "ru/puzzles/bg-hostile/index.html")
    for page in site.rglob("*.html"):
        assert "<!--tabula:" not in read(page), page
