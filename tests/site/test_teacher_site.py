"""A teacher's own site (``python -m generator init``) is as good as ours: it checks and builds
in whatever folder it is made, it carries every asset its pages need from the plugin (no copy in
docs/), its worksheet, key and PDF links lead to files in the page's language whatever its
languages and their order, each language has its own site name and search page, and its answer
keys stay out of the published site when they are private.

The worksheets are "printed" by a stand-in for Chromium (tests/site/devtools_stand_in.py) that
writes which page it was given, in which language: tests/site/test_print.py prints real PDFs.
"""

from __future__ import annotations

import fnmatch
import gzip
import json
import re
import shutil
import subprocess
import tomllib
from collections.abc import Callable, Iterator
from importlib.resources import files
from pathlib import Path

import pytest
import yaml
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort, PluginError

from generator.cli import main
from generator.puzzles.check import is_lesson_file
from generator.site.init import init_project
from generator.site.plugin import ASSETS, KEYS_MARK, KEYS_NOTE, SCRIPTS, STYLESHEETS, asset_texts
from tests.conftest import in_turn
from tests.site.devtools_stand_in import printing_with_the_stand_in

REPO = Path(__file__).resolve().parents[2]

TITLES = {"en": "My Tabula lessons", "ru": "Мои уроки нард"}
"""The name a new site has in each language when the teacher gives none."""


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def new_site(folder: Path, languages: tuple[str, ...], *, keys: str = "private") -> Path:
    """A new site in ``folder`` whose worksheets are printed by the stand-in, its answer keys
    ``keys`` (public or private)."""
    init_project(folder, languages)
    config = folder / "mkdocs.yml"
    text = read(config)
    assert "  - tabula:\n" in text and "      answer_keys: private\n" in text
    text = text.replace("  - tabula:\n", "  - tabula:\n      pdf: yes\n")
    config.write_text(text.replace("answer_keys: private", f"answer_keys: {keys}"), "utf-8")
    return folder


@pytest.fixture(scope="module")
def printer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The stand-in for Chromium, first on the PATH for the module's builds."""
    with printing_with_the_stand_in(tmp_path_factory.mktemp("bin")):
        yield


def build_site(folder: Path) -> Path:
    build(load_config(str(folder / "mkdocs.yml")))
    return folder / "site"


def folders_of(languages: tuple[str, ...]) -> dict[str, str]:
    """Each language's folder in the site: the first language at the root."""
    return {lang: "" if index == 0 else lang for index, lang in enumerate(languages)}


# --- wherever the site is made -----------------------------------------------------------------

PLACES = [
    "lessons",
    "lessons-parent/lessons/club",
    "docs",
    "puzzles",
    "my class",
    "docs/2025/lessons",
    "docs/.old/club",
]


@pytest.mark.parametrize("place", PLACES)
def test_a_file_is_a_lesson_by_its_path_inside_the_project(tmp_path: Path, place: str) -> None:
    root = tmp_path / place
    (root / "puzzles" / "lessons").mkdir(parents=True)
    (root / "puzzles" / "backgammon").mkdir()
    (root / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    assert is_lesson_file(root / "puzzles" / "lessons" / "first.yaml")
    assert not is_lesson_file(root / "puzzles" / "backgammon" / "first.yaml")
    # Outside any project, a file is a lesson when its folder is named lessons.
    loose = tmp_path.parent / f"{tmp_path.name}-loose"
    assert is_lesson_file(loose / "lessons" / "first.yaml")
    assert not is_lesson_file(loose / "lessons" / "puzzles" / "first.yaml")


# Built in one of the places in make test (a hidden folder under docs/), in every place in make
# test-deep: the test above tells lessons from puzzles in every place.
@in_turn("place", PLACES, PLACES.index("docs/.old/club"))
def test_a_site_checks_clean_and_builds_in_any_folder(
    tmp_path: Path, place: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / place
    init_project(folder, ("en",))
    config = folder / "mkdocs.yml"
    config.write_text(read(config).replace("  - tabula:\n", "  - tabula:\n      pdf: no\n"))
    clean = "checked 5 files (3 puzzles and 1 lesson): no problems"
    monkeypatch.chdir(folder)
    assert main(["check"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == clean
    site = build_site(folder)
    lesson = read(site / "lessons" / "first-lesson" / "index.html")
    for puzzle in ("enter-first", "higher-die", "order-of-dice"):
        assert f'href="../../puzzles/{puzzle}/"' in lesson, puzzle
        assert (site / "puzzles" / puzzle / "index.html").is_file(), puzzle
    # Named by its full path from elsewhere, after the build wrote its pages into docs/: the
    # same sources, the same answer (the written pages are not sources).
    monkeypatch.chdir(tmp_path)
    assert main(["check", str(folder / "puzzles"), str(folder / "docs")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == clean


# --- every language set: links, names, search --------------------------------------------------

LANGUAGE_SETS = [("en",), ("ru",), ("en", "ru"), ("ru", "en")]
NAMES = [",".join(languages) for languages in LANGUAGE_SETS]


def in_turn_languages(turn: int) -> pytest.MarkDecorator:
    """The test over each language set (:data:`LANGUAGE_SETS`), ``make test`` taking the
    ``turn``-th (the others are make test-deep's)."""
    return in_turn("languages", LANGUAGE_SETS, turn, ids=NAMES)


@pytest.fixture(scope="module")
def built_in(
    printer: None, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[tuple[str, ...]], Path]:
    """A new site in the languages given, its answer keys public, built once for each language
    set asked for: its built site."""
    sites: dict[tuple[str, ...], Path] = {}

    def built(languages: tuple[str, ...]) -> Path:
        if languages not in sites:
            folder = new_site(tmp_path_factory.mktemp("langs") / "club", languages, keys="public")
            sites[languages] = build_site(folder)
        return sites[languages]

    return built


def sheet_links(page: Path) -> list[str]:
    """The links of a lesson's page, worksheet or key to the others and their PDFs."""
    block = re.search(r'class="tabula-sheet-links"[^>]*>(.*?)</(?:p|div)>', read(page), re.S)
    assert block is not None, page
    return re.findall(r'<a href="([^"]+)"', block[1])


# make test builds two of the sets: Russian and English (Russian at the root), and Russian alone.
@in_turn_languages(3)
def test_every_sheet_and_pdf_link_leads_to_a_file_in_the_pages_language(
    built_in: Callable[[tuple[str, ...]], Path], languages: tuple[str, ...]
) -> None:
    site = built_in(languages)
    for lang, folder in folders_of(languages).items():
        lesson = site / folder / "lessons" / "first-lesson"
        links = sheet_links(lesson / "index.html")
        assert set(links) >= {"worksheet/", "key/", f"worksheet.{lang}.pdf", f"key.{lang}.pdf"}
        pages = [lesson / "index.html", lesson / "worksheet/index.html", lesson / "key/index.html"]
        for page in pages:
            assert f'<html lang="{lang}"' in read(page), page
            for link in sheet_links(page):
                target = (page.parent / link).resolve()
                if link.endswith("/"):
                    assert f'<html lang="{lang}"' in read(target / "index.html"), (page, link)
                else:
                    name, pdf_lang, _ = target.name.split(".")
                    assert pdf_lang == lang, (page, link)
                    assert read(target) == f"%PDF-1.4 lang={lang} page={name}\n", (page, link)
        assert sorted(p.name for p in lesson.glob("*.pdf")) == [
            f"key.{lang}.pdf",
            f"worksheet.{lang}.pdf",
        ]


@in_turn_languages(1)
def test_each_language_has_its_own_site_name_home_and_404_page(
    built_in: Callable[[tuple[str, ...]], Path], languages: tuple[str, ...]
) -> None:
    site = built_in(languages)
    for lang, folder in folders_of(languages).items():
        home = read(site / folder / "index.html")
        assert f'<html lang="{lang}"' in home
        assert f"<title>{TITLES[lang]}</title>" in home, lang
        assert re.search(rf"<h1[^>]*>{TITLES[lang]}</h1>", home), lang
        assert f'<html lang="{lang}"' in read(site / folder / "404.html"), lang
        if folder:  # Material's instant navigation reads each language's sitemap
            assert (site / folder / "sitemap.xml").is_file()


@in_turn_languages(3)
def test_each_language_has_a_search_page_in_its_navigation(
    built_in: Callable[[tuple[str, ...]], Path], languages: tuple[str, ...]
) -> None:
    site = built_in(languages)
    heading = {"en": "Search", "ru": "Поиск"}
    for lang, folder in folders_of(languages).items():
        page = read(site / folder / "search" / "index.html")
        assert f'<html lang="{lang}"' in page
        assert '<div id="tabula-search"></div>' in page
        assert re.search(rf"<h1[^>]*>{heading[lang]}</h1>", page), lang
        assert 'href="search/"' in read(site / folder / "index.html"), lang
    entry = json.loads(read(site / "pagefind" / "pagefind-entry.json"))
    assert sorted(entry["languages"]) == sorted(languages)


def test_the_plugin_lists_the_search_page_in_a_navigation_that_lacks_it(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    init_project(folder, ("en", "ru"))
    config_file = folder / "mkdocs.yml"
    config_file.write_text(read(config_file).replace("  - search/index.md\n", ""), "utf-8")

    def nav() -> list[object]:
        config = load_config(str(config_file))
        config.plugins.on_config(config)
        config.plugins["tabula"].on_shutdown()
        return list(config.nav or [])

    assert nav()[-1] == "search/index.md"
    # A site with a search page of its own: that one (and the plugin writes none).
    for lang in ("en", "ru"):
        (folder / "docs" / lang / "search.md").write_text("# Search\n", encoding="utf-8")
    assert nav()[-1] == "search.md"
    assert nav().count("search.md") == 1


# --- the assets ----------------------------------------------------------------------------------


STALE_KEY = Path("lessons", "gone", "key")
"""The answer key of a lesson that is gone, left in the keys folder by an earlier build."""


@pytest.fixture(scope="module")
def private_site(printer: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new site in English and Russian, its answer keys private (as init writes it), built
    over the keys folder of an earlier build that had a lesson more (:data:`STALE_KEY`)."""
    folder = new_site(tmp_path_factory.mktemp("private") / "club", ("en", "ru"))
    (folder / "keys" / STALE_KEY).mkdir(parents=True)
    (folder / "keys" / KEYS_MARK).write_text(KEYS_NOTE, encoding="utf-8")
    build_site(folder)
    return folder


def test_every_asset_the_pages_need_comes_from_the_package(private_site: Path) -> None:
    site = private_site / "site"
    for name, text in asset_texts().items():
        assert read(site / name) == text, name
    assert not (private_site / "docs" / "assets").exists()
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        html = read(page)
        styles = re.findall(r'<link rel="stylesheet" href="(?:\.\./)*/?([^"]+)"', html)
        assert [name for name in styles if name in STYLESHEETS] == list(STYLESHEETS), page
        scripts = re.findall(r'<script src="(?:\.\./)*/?([^"]+)"([^>]*)>', html)
        ours = [(name, attributes) for name, attributes in scripts if name in SCRIPTS]
        # Classic scripts, deferred, in order: module scripts do not run from file://.
        assert ours == [(name, " defer") for name in SCRIPTS], page


def test_the_installed_package_carries_every_asset() -> None:
    setup = tomllib.loads(read(REPO / "pyproject.toml"))["tool"]["setuptools"]["package-data"]
    folder = REPO / "generator" / "site" / "assets"
    for path in sorted(folder.iterdir()):
        name = f"site/assets/{path.name}"
        assert any(fnmatch.fnmatch(name, glob) for glob in setup["generator"]), name


def test_the_widget_is_classic_scripts_sharing_one_namespace() -> None:
    folder = files("generator.site").joinpath("assets")
    for name in ("tabula.js", "widget-board.js", "widget.js"):
        text = folder.joinpath(name).read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|export)\b", text, re.M), name
    board = folder.joinpath("widget-board.js").read_text(encoding="utf-8")
    widget = folder.joinpath("widget.js").read_text(encoding="utf-8")
    assert "Object.assign((window.TabulaWidget ??= {})" in board
    assert "const shared = window.TabulaWidget;" in widget
    node = shutil.which("node")
    if node is not None:  # read as a classic script, an import or export is a syntax error
        for name in ("tabula.js", "widget-board.js", "widget.js"):
            path = Path(str(folder.joinpath(name)))
            done = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
            assert done.returncode == 0, (name, done.stderr)


def test_our_site_has_no_second_copy_of_the_plugins_assets() -> None:
    for name in ("widget.js", "widget-board.js", "widget.css", "tabula.js"):
        assert not (REPO / "docs" / "assets" / name).exists(), name
    config = yaml.safe_load(read(REPO / "mkdocs.yml"))
    listed = [
        str(item) for item in config.get("extra_css", []) + config.get("extra_javascript", [])
    ]
    assert not [name for name in listed if "widget" in name or name in ASSETS], listed


# --- private answer keys -------------------------------------------------------------------------

KEY_LINK = re.compile(r'href="(?:[^"]*/)?key(?:/|\.\w+\.pdf)"')


def test_private_keys_leave_no_key_page_pdf_or_link_in_the_site(private_site: Path) -> None:
    site = private_site / "site"
    keyed = [p for p in site.rglob("*") if p.name == "key" or p.name.startswith("key.")]
    assert keyed == []
    for page in site.rglob("*.html"):
        assert not KEY_LINK.search(read(page)), page
    # The worksheet and its PDF are still there, linked.
    for lang, folder in folders_of(("en", "ru")).items():
        lesson = site / folder / "lessons" / "first-lesson"
        assert sheet_links(lesson / "index.html") == ["worksheet/", f"worksheet.{lang}.pdf"]
        assert sheet_links(lesson / "worksheet" / "index.html") == ["../"]
        assert (lesson / f"worksheet.{lang}.pdf").is_file()
    for sitemap in (site / "sitemap.xml", site / "ru" / "sitemap.xml"):
        assert "first-lesson/worksheet/" in read(sitemap)
        assert "/key/" not in read(sitemap)
        assert (
            "/key/"
            not in gzip.decompress((sitemap.parent / "sitemap.xml.gz").read_bytes()).decode()
        )
    # Nor does the search index know them.
    urls = []
    for fragment in (site / "pagefind" / "fragment").iterdir():
        data = gzip.decompress(fragment.read_bytes()).removeprefix(b"pagefind_dcd")
        urls.append(json.loads(data)["url"])
    assert any("/worksheet/" in url for url in urls)
    assert not [url for url in urls if "/key/" in url]


def test_private_keys_are_built_into_the_keys_folder(private_site: Path) -> None:
    keys = private_site / "keys"
    assert (keys / ".tabula-keys").is_file()
    for lang, folder in folders_of(("en", "ru")).items():
        lesson = keys / folder / "lessons" / "first-lesson"
        page = lesson / "key" / "index.html"
        html = read(page)
        assert f'<html lang="{lang}"' in html and "13/7" in html and "13/12/6" in html
        assert read(lesson / f"key.{lang}.pdf") == f"%PDF-1.4 lang={lang} page=key\n"
        # The key opens from the folder with its styles.
        for sheet in re.findall(r'<link rel="stylesheet" href="([^"]+)"', html):
            assert (page.parent / sheet).is_file(), sheet
    assert "\nkeys/\n" in read(private_site / ".gitignore")
    # A build replaces the last one's folder whole: no key of a lesson that is gone stays.
    assert not (keys / STALE_KEY).parent.exists()


@pytest.mark.parametrize(
    ("keys_dir", "says"),
    [
        ("notes", "holds files that are not answer keys made by Tabula"),
        ("site/keys", "overlaps the site"),
        ("docs", "overlaps docs"),
        ("puzzles/keys", "overlaps the puzzles"),
        (".", "overlaps the site"),
    ],
)
def test_a_keys_folder_that_is_not_one_of_its_own_is_refused(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, keys_dir: str, says: str
) -> None:
    folder = new_site(tmp_path / "club", ("en",))
    (folder / "notes").mkdir()
    (folder / "notes" / "mine.txt").write_text("my notes\n", encoding="utf-8")
    config = folder / "mkdocs.yml"
    config.write_text(read(config).replace("keys_dir: keys", f"keys_dir: {keys_dir}"), "utf-8")
    with pytest.raises((PluginError, Abort)):
        build_site(folder)
    assert f"Tabula: keys_dir {(folder / keys_dir).resolve()} {says}" in caplog.text
    assert read(folder / "notes" / "mine.txt") == "my notes\n"
    assert not (folder / "site").exists()
