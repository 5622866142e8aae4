"""python -m generator offline: a copy of a teacher's site that works opened from a folder."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import time
import zipfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit
from urllib.request import url2pathname

import pytest

from generator.cli import main
from generator.site.offline import write_zip
from generator.site.offline_links import SCRIPT_PATH, Layout, broken_links, offline_page

from .offline_project import Offline, make_offline_project


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Offline:
    return make_offline_project(tmp_path_factory.mktemp("offline") / "club")


def run(folder: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.chdir(folder),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        status = main(["offline", *args])
    return status, out.getvalue(), err.getvalue()


class _Links(HTMLParser):
    """Every href, src and srcset of a page's tags, as written."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.links: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("href", "src"):
                self.links.append(value)
            elif name == "srcset":
                self.links += [item.split()[0] for item in value.split(",") if item.split()]


def pages(folder: Path) -> Iterator[tuple[Path, list[str]]]:
    for page in sorted(folder.rglob("*.html")):
        yield page, _Links(page.read_text(encoding="utf-8")).links


def where(page: Path, link: str) -> Path | None:
    """The file ``link`` of ``page`` opens when the page is opened from disk (``None``: not a
    file of the disk, or only an anchor of the page)."""
    url = urlsplit(urljoin(page.as_uri(), link))
    if url.scheme != "file" or link.startswith("#"):
        return None
    return Path(url2pathname(unquote(url.path)))


def files_of(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}


def test_offline_builds_the_missing_site_then_writes_the_copy_and_the_zip(made: Offline) -> None:
    assert made.status == 0, made.err
    assert "building the site first" in made.out
    assert "wrote site-offline/ (" in made.out and "open site-offline/index.html" in made.out
    assert "wrote site-offline.zip (" in made.out
    assert (made.copy / "index.html").is_file() and (made.copy / "ru" / "index.html").is_file()
    assert (made.site / "index.html").is_file()  # the site itself is left as it was built


def test_no_link_of_the_copy_leads_to_a_folder(made: Offline) -> None:
    before = [
        (page, link)
        for page, links in pages(made.site)
        for link in links
        if (target := where(page, link)) is not None and target.is_dir()
    ]
    assert len(before) > 50  # the site has them: worksheet/, ../../puzzles/<id>/, ..
    after = [
        (page.relative_to(made.copy).as_posix(), link)
        for page, links in pages(made.copy)
        for link in links
        if (target := where(page, link)) is not None and (target.is_dir() or link.endswith("/"))
    ]
    assert after == []


def test_every_local_link_and_file_of_the_copy_leads_to_a_file_of_it(made: Offline) -> None:
    checked, broken = 0, []
    top = made.copy.resolve()
    for page, links in pages(made.copy):
        for link in links:
            target = where(page, link)
            if target is None:
                continue
            checked += 1
            if not target.is_file() or top not in target.resolve().parents:
                broken.append((page.relative_to(made.copy).as_posix(), link))
    assert broken == []
    assert checked > 400


def test_links_from_the_servers_root_become_relative(made: Offline) -> None:
    # The 404 page is written for any folder of the site: its links start with site_url's path.
    missing = (made.site / "404.html").read_text(encoding="utf-8")
    assert 'href="/club/ru/"' in missing and 'href="/club/assets/' in missing
    assert 'href="ru/index.html"' in (made.copy / "404.html").read_text(encoding="utf-8")
    for page, links in pages(made.copy):
        assert not [link for link in links if link.startswith("/")], page


def test_the_copy_holds_every_file_of_the_site_and_its_own_script(made: Offline) -> None:
    assert files_of(made.copy) == files_of(made.site) | {SCRIPT_PATH}
    for name in files_of(made.site):
        if not name.endswith(".html"):
            assert (made.copy / name).read_bytes() == (made.site / name).read_bytes(), name
    script = (made.copy / SCRIPT_PATH).read_text(encoding="utf-8")
    assert 'location.protocol !== "file:"' in script
    assert "it needs a web server" in script and "ему нужен веб-сервер" in script
    for page, links in pages(made.copy):
        wanted = os.path.relpath(made.copy / SCRIPT_PATH, page.parent).replace(os.sep, "/")
        assert links[-1] == wanted, page  # loaded last, after the site's own scripts


def test_the_zip_holds_the_copy_under_one_folder_and_is_the_same_each_time(
    made: Offline, tmp_path: Path
) -> None:
    with zipfile.ZipFile(made.zip) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        assert set(names) == {f"site-offline/{name}" for name in files_of(made.copy)}
        for info in archive.infolist():
            assert info.date_time == archive.infolist()[0].date_time
            name = info.filename.removeprefix("site-offline/")
            assert archive.read(info) == (made.copy / name).read_bytes()
    # Another copy of the same files, made later, zips to the same bytes.
    later = tmp_path / "site-offline"
    shutil.copytree(made.copy, later)
    an_hour_later = time.time() + 3600
    os.utime(later / "index.html", (an_hour_later, an_hour_later))
    write_zip(later, tmp_path / "again.zip")
    assert (tmp_path / "again.zip").read_bytes() == made.zip.read_bytes()


def test_a_second_run_replaces_the_copy_and_keeps_nothing_of_the_old_one(
    made: Offline, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    shutil.copytree(made.site, project / "site")
    shutil.copytree(made.copy, project / "site-offline")
    (project / "site-offline" / "left-over.html").write_text("old", encoding="utf-8")
    status, out, err = run(project, "--no-zip")
    assert status == 0, err
    assert "building" not in out  # the site is there: it is read, not built again
    assert not (project / "site-offline" / "left-over.html").exists()
    assert files_of(project / "site-offline") == files_of(made.copy)
    assert not (project / "site-offline.zip").exists()


def test_a_folder_that_is_not_an_offline_copy_is_never_replaced(
    made: Offline, tmp_path: Path
) -> None:
    (tmp_path / "site-offline").mkdir()
    (tmp_path / "site-offline" / "homework.txt").write_text("mine", encoding="utf-8")
    status, _out, err = run(tmp_path, "--site-dir", str(made.site), "--out", "site-offline")
    assert status == 2
    assert err.startswith("error: site-offline already exists and is not an offline copy")
    assert "nothing was written; choose another --out" in err
    assert files_of(tmp_path / "site-offline") == {"homework.txt"}
    assert not (tmp_path / "site-offline.zip").exists()


def test_a_link_that_leads_nowhere_is_an_error_and_nothing_is_written(
    made: Offline, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(made.site, site)
    page = site / "lessons" / "index.html"
    text = page.read_text(encoding="utf-8")
    page.write_text(
        text.replace("</article>", '<a href="../missing/">x</a><img src="gone.png"></article>', 1),
        encoding="utf-8",
    )
    status, out, err = run(tmp_path, "--out", "copy")
    assert status == 1
    assert "site-offline" not in out and "wrote" not in out
    assert (
        'copy/lessons/index.html: error: "../missing/" leads to missing/, which is not in the '
        'site\ncopy/lessons/index.html: error: "gone.png" leads to lessons/gone.png, which is '
        "not in the site\n"
    ) in err
    assert err.rstrip().endswith("fix the links in your pages, build again and run offline again")
    assert "2 links of the copy lead to no file: nothing was written" in err
    assert not (tmp_path / "copy").exists() and not (tmp_path / "copy.zip").exists()
    assert not list(tmp_path.glob("*.tabula-new"))


def test_without_a_site_or_a_mkdocs_yml_it_says_where_to_run_it(tmp_path: Path) -> None:
    status, out, err = run(tmp_path)
    assert status == 2 and out == ""
    assert err == (
        "error: no mkdocs.yml here and no site to copy: run this in your site's folder, or "
        "name the built site with --site-dir\n"
    )
    status, _out, err = run(tmp_path, "--site-dir", str(tmp_path))
    assert status == 2 and "has no index.html, so it is not a built site" in err


def test_a_site_older_than_its_sources_is_copied_with_a_warning(
    made: Offline, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    shutil.copytree(made.project, project, ignore=shutil.ignore_patterns("site-offline*"))
    puzzle = project / "puzzles" / "backgammon" / "higher-die.yaml"
    later = time.time() + 60
    os.utime(puzzle, (later, later))
    status, _out, err = run(project, "--no-zip")
    assert status == 0
    assert (
        f"warning: {Path('puzzles/backgammon/higher-die.yaml')} changed after site was built" in err
    )
    assert "add --build to build it again first" in err


# --- one page ----------------------------------------------------------------------------------

LAYOUT = Layout.of(
    {
        "index.html",
        "lessons/index.html",
        "lessons/one/index.html",
        "lessons/one/worksheet/index.html",
        "lessons/one/board.png",
        "ru/index.html",
    },
    "/club/",
)

PAGE = """\
<html><head>
<link rel="alternate" href="/club/ru/" hreflang="ru">
<meta http-equiv="refresh" content="0; url=../">
<script id="__config" type="application/json">{"base": "../..", "features": \
["navigation.instant", "navigation.instant.progress", "navigation.top"], "search": null}</script>
</head><body>
<a href="worksheet/">sheet</a> <a href='..'>up</a> <a href=../../>home</a>
<a href="/club/ru/#top">ru</a> <a href="https://example.org/x/">away</a> <a href="#here">here</a>
<img srcset="board.png 1x, board.png 2x" src="board.png">
<pre><code>&lt;a href="worksheet/"&gt;</code></pre>
<script>const link = '<a href="worksheet/">';</script>
</body></html>
"""


def test_a_page_links_to_index_pages_and_has_no_instant_navigation() -> None:
    text, changed = offline_page(PAGE, "lessons/one/index.html", LAYOUT)
    assert changed == 5
    assert '<meta http-equiv="refresh" content="0; url=../index.html">' in text
    assert (
        '<a href="worksheet/index.html">sheet</a> <a href="../index.html">up</a> '
        '<a href="../../index.html">home</a>'
    ) in text
    assert '<a href="../../ru/index.html#top">ru</a>' in text
    assert '<a href="https://example.org/x/">away</a> <a href="#here">here</a>' in text
    assert '<img srcset="board.png 1x, board.png 2x" src="board.png">' in text
    # What a page shows as text, or a script writes, is not a link of the page.
    assert '<pre><code>&lt;a href="worksheet/"&gt;</code></pre>' in text
    assert "const link = '<a href=\"worksheet/\">';" in text
    assert '"features": ["navigation.top"]' in text and "navigation.instant" not in text
    assert 'hreflang="ru"' not in text  # Material would fetch the sitemap beside it
    assert text.endswith('<script src="../../assets/tabula-offline.js"></script>\n</body></html>\n')


def test_each_link_that_leads_nowhere_says_where_it_leads() -> None:
    links = ["worksheet/", "../../ru/", "gone/", "../../../x.html", "board.png", "#top", "//cdn/x"]
    found = [str(link) for link in broken_links("lessons/one/index.html", links, LAYOUT)]
    assert found == [
        'lessons/one/index.html: error: "worksheet/" leads to the folder lessons/one/worksheet/, '
        "which opened from disk shows a list of files: link to lessons/one/worksheet/index.html",
        'lessons/one/index.html: error: "../../ru/" leads to the folder ru/, which opened from '
        "disk shows a list of files: link to ru/index.html",
        'lessons/one/index.html: error: "gone/" leads to lessons/one/gone/, which is not in the '
        "site",
        'lessons/one/index.html: error: "../../../x.html" leads out of the site\'s folder',
    ]
