"""Printed worksheets and answer keys: two puzzles to a page and a key on one page, on A4 and on
Letter, with the PDFs on the paper the site sets."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from generator.site.pdf import PAPER_SIZES, _on_paper, find_chromium, print_sheets
from tests.conftest import in_turn
from tests.site.test_build import REPO, build_project, make_project

LESSON = "seven"
"""The lesson printed: the first seven puzzles of one of the site's lessons."""

# The page's size in points, as Chromium writes it into the PDF.
MEDIA_BOXES = {"A4": rb"\[0 0 59[45]\.\d+ 84[12]\.\d+\]", "Letter": rb"\[0 0 612 792\]"}

needs_chromium = pytest.mark.skipif(
    find_chromium() is None, reason="no headless Chromium to print PDFs"
)


def pages(pdf: Path) -> int:
    """The number of pages of a PDF printed by Chromium (no object streams: each page is an
    object of its own, ``/Type /Page``; the page tree is ``/Type /Pages``)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


def _lesson_project(root: Path, paper: str) -> Path:
    """A small site of one lesson of the real site, with the real puzzles it is made of (and
    none of the small project's own lesson, whose PDFs would only be printed for nothing), its
    PDFs on ``paper``: the plugin's setting, or none for A4 (the default)."""
    make_project(root)
    if paper != "A4":
        config = yaml.safe_load((root / "mkdocs.yml").read_text(encoding="utf-8"))
        config["plugins"][config["plugins"].index("tabula")] = {"tabula": {"paper": paper}}
        (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    (root / "puzzles" / "lessons" / "first.yaml").unlink()
    lesson = yaml.safe_load((REPO / "puzzles/lessons/bar-and-hitting.yaml").read_text("utf-8"))
    lesson["id"] = LESSON
    lesson["puzzles"] = lesson["puzzles"][:7]
    (root / "puzzles" / "lessons" / f"{LESSON}.yaml").write_text(
        yaml.safe_dump(lesson, allow_unicode=True), encoding="utf-8"
    )
    files = {
        re.search(r"^id: (.+)$", path.read_text("utf-8"), re.M).group(1): path  # type: ignore[union-attr]
        for path in (REPO / "puzzles").glob("*/*.yaml")
        if path.parent.name != "lessons"
    }
    for puzzle in lesson["puzzles"]:
        source = files[puzzle]
        target = root / "puzzles" / source.parent.name / source.name
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(source, target)
    return root


@pytest.fixture(scope="module")
def built_on(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """The lesson's site built with its PDFs on a paper, once for each paper asked for."""
    if find_chromium() is None:
        pytest.skip("no headless Chromium to print PDFs")
    sites: dict[str, Path] = {}

    def built(paper: str) -> Path:
        if paper not in sites:
            root = _lesson_project(tmp_path_factory.mktemp(f"print-{paper}"), paper)
            sites[paper] = build_project(root)
        return sites[paper]

    return built


# The default A4 in make test (Letter, set by the plugin's paper setting, in make test-deep):
# tests/site/test_printer.py prints on Letter, and test_the_paper_is_a_setting_of_the_plugin
# reads the setting.
@needs_chromium
@in_turn("paper", PAPER_SIZES, 0)
def test_seven_puzzles_print_on_four_pages_and_their_key_on_one(
    built_on: Callable[[str], Path], paper: str
) -> None:
    built = built_on(paper)
    for prefix, lang in (("", "en"), ("ru/", "ru")):
        folder = built / prefix / "lessons" / LESSON
        sheet = (folder / "worksheet" / "index.html").read_text(encoding="utf-8")
        assert sheet.count('class="tabula-sheet-item"') == 7
        for name, most in (("worksheet", 4), ("key", 1)):
            pdf = folder / f"{name}.{lang}.pdf"
            assert re.search(rb"/MediaBox\s*" + MEDIA_BOXES[paper], pdf.read_bytes()), pdf
            assert 1 <= pages(pdf) <= most, (pdf, pages(pdf))


def test_the_site_sets_no_paper_size_of_its_own() -> None:
    # A worksheet printed from the browser goes on the printer's paper, A4 or Letter; only the
    # PDFs are given a size.
    sheets = (REPO / "generator" / "site" / "assets" / "sheets.css").read_text(encoding="utf-8")
    assert "@page" in sheets and not re.search(r"@page\s*{[^}]*size", sheets)


def test_a_page_is_printed_on_the_paper_asked_for_with_its_links_beside_it(
    tmp_path: Path,
) -> None:
    page = tmp_path / "lessons" / "first" / "worksheet" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text('<html><head><link href="../../../assets/a.css"></head></html>', "utf-8")
    for paper in PAPER_SIZES:
        text = _on_paper(page, paper)
        assert f"@page {{ size: {paper}; }}" in text
        base = f'<base href="{page.parent.as_uri()}/">'
        assert text.index("<head>") < text.index(base) < text.index("<link")
    with pytest.raises(ValueError, match="A4, Letter"):
        print_sheets("chromium", tmp_path, ["first"], {"en": ""}, paper="A5")


def test_the_paper_is_a_setting_of_the_plugin(tmp_path: Path) -> None:
    (tmp_path / "project").mkdir()
    root = make_project(tmp_path / "project")
    config = yaml.safe_load((root / "mkdocs.yml").read_text(encoding="utf-8"))
    config["plugins"][0] = {"tabula": {"paper": "Letter"}}
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    loaded = load_config(str(root / "mkdocs.yml"))
    assert loaded.plugins["tabula"].config.paper == "Letter"
    config["plugins"][0] = {"tabula": {"paper": "A5"}}
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    with pytest.raises(Abort):
        load_config(str(root / "mkdocs.yml"))
