"""A teacher's path end to end (issue 15): ``init`` in a folder named ``lessons`` or
``my class``, with each language set (``en``, ``ru``, ``en,ru``, ``ru,en``; the first at the
root), then ``check``, a build (with the PDFs for ``ru,en``, the order that once broke them), and
in Chromium a puzzle solved over http and from file://; every worksheet, key and PDF link of
every lesson page leads to a file, and the answer keys (private, as init sets them) are in
``keys/`` and nowhere in the published site.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from generator.cli import main
from generator.site.pdf import find_chromium
from tests.browser.test_teacher_site import solve_the_higher_die
from tests.browser_fixtures import ReusedPage, listening
from tests.conftest import serving, taken_in_turn

pytestmark = pytest.mark.browser

CASES = taken_in_turn(
    [("lessons", "en,ru"), ("my class", "ru,en"), ("lessons", "en"), ("my class", "ru")],
    1,
    ids=["lessons-en,ru", "my class-ru,en", "lessons-en", "my class-ru"],
)
"""``make test`` walks the path of ``ru,en`` in a folder named ``my class``: two languages,
a space in the folder's name, the real PDFs in the order that once broke them. The others
only in ``make test-deep``: English at the root of a bilingual site (its links, names and
search are checked by tests/site/test_teacher_site.py, each in one language set in turn, and
tests/browser/test_offline_browser.py opens such a site from disk), and the sites of one
language (which tests/site/test_init.py builds and checks too)."""


@pytest.fixture(
    scope="module",
    params=CASES,
)
def teacher(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Path, tuple[str, ...], str]]:
    name, langs = request.param
    folder = tmp_path_factory.mktemp("path") / name
    assert main(["init", str(folder), "--lang", langs]) == 0
    if langs != "ru,en":  # real PDFs for the order that broke them; the others print none
        config = folder / "mkdocs.yml"
        text = config.read_text(encoding="utf-8")
        assert "  - tabula:\n" in text
        config.write_text(text.replace("  - tabula:\n", "  - tabula:\n      pdf: no\n"), "utf-8")
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        assert main(["check"]) == 0
        build(load_config("mkdocs.yml"))
    finally:
        os.chdir(cwd)
    with serving(folder / "site") as url:
        yield folder, tuple(langs.split(",")), url


def _prefix(langs: tuple[str, ...], lang: str) -> str:
    return "" if lang == langs[0] else f"{lang}/"


def test_a_puzzle_is_solved_in_every_language_over_http_and_from_disk(
    reused: ReusedPage, teacher: tuple[Path, tuple[str, ...], str]
) -> None:
    folder, langs, url = teacher
    page = reused.fresh()
    errors: list[str] = []
    with listening(page, {"pageerror": lambda error: errors.append(str(error))}):
        for lang in langs:
            path = f"{_prefix(langs, lang)}puzzles/higher-die/"
            page.goto(url + path)
            assert page.locator("html").get_attribute("lang") == lang
            assert "13/7" in solve_the_higher_die(page)
            page.goto((folder / "site" / path / "index.html").as_uri())
            assert "13/7" in solve_the_higher_die(page)
    assert errors == []


def test_every_sheet_and_pdf_link_leads_to_a_file_and_keys_stay_private(
    teacher: tuple[Path, tuple[str, ...], str],
) -> None:
    folder, langs, _ = teacher
    site = folder / "site"
    for lang in langs:
        lesson = site / _prefix(langs, lang) / "lessons" / "first-lesson"
        html = (lesson / "index.html").read_text("utf-8")
        links = re.findall(r'href="((?:worksheet|key)[^"]*)"', html)
        assert "worksheet/" in links
        if find_chromium() is not None and langs == ("ru", "en"):
            assert f"worksheet.{lang}.pdf" in links
        for link in links:
            target = lesson / link / "index.html" if link.endswith("/") else lesson / link
            assert target.is_file(), (lang, link)
        assert not (lesson / "key").exists() and not list(lesson.glob("key.*.pdf"))
        kept = folder / "keys" / _prefix(langs, lang) / "lessons" / "first-lesson"
        assert (kept / "key" / "index.html").is_file()
    assert not [p for p in site.rglob("*") if p.name == "key" or p.name.startswith("key.")]
