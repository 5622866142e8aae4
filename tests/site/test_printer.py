"""The printer of the worksheets' PDFs: one Chromium for a whole build, driven over DevTools,
printing as Chromium's own --print-to-pdf does, stopped with all its processes whatever happens,
and never waiting past its time when something goes wrong."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from generator.site import pdf
from generator.site.pdf import find_chromium, print_sheets
from tests.site.devtools_stand_in import FAKE_CHROMIUM

needs_chromium = pytest.mark.skipif(
    find_chromium() is None, reason="no headless Chromium to print PDFs"
)
needs_proc = pytest.mark.skipif(
    not Path("/proc/self/stat").is_file(), reason="no /proc to see which processes run"
)

SHEET = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{name}</title>
<style>@page {{ margin: 12mm; }} .board {{ background: #c8a060; height: 40mm; }}</style></head>
<body><h1>{name}</h1><div class="board"></div><p>Кубики: 4-2</p>{more}</body></html>"""


def _site(root: Path, more: str = "") -> Path:
    """A site of one lesson, ``first``, in English and Russian: its worksheet (with ``more`` in
    it) and its key."""
    for lang, prefix in (("en", ""), ("ru", "ru")):
        for name in ("worksheet", "key"):
            page = root / prefix / "lessons" / "first" / name / "index.html"
            page.parent.mkdir(parents=True)
            text = SHEET.format(lang=lang, name=name, more=more if name == "worksheet" else "")
            page.write_text(text, encoding="utf-8")
    return root


def _pdfs(site: Path) -> list[Path]:
    return sorted(site.rglob("*.pdf"))


def _fake_chromium(tmp_path: Path, script: str) -> str:
    """A "Chromium" that runs ``script`` instead (a shell script, unless it says otherwise)."""
    fake = tmp_path / "fake-chromium"
    fake.write_text(script if script.startswith("#!") else "#!/bin/sh\n" + script, "utf-8")
    fake.chmod(0o755)
    return str(fake)


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie has stopped: it only waits to be counted)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


def _still_running(group: int) -> list[int]:
    """The processes of process ``group`` still running, after a few seconds' grace for the
    killed to die."""
    deadline = time.monotonic() + 5
    while True:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text(encoding="utf-8").rpartition(")")[2].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(fields[2]) == group and fields[0] not in ("Z", "X"):
                found.append(int(stat.parent.name))
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def _recording_starts(patch: pytest.MonkeyPatch) -> list[subprocess.Popen[bytes]]:
    """The Chromiums the printer starts from now on, as it starts them."""
    browsers: list[subprocess.Popen[bytes]] = []
    start: Callable[..., subprocess.Popen[bytes]] = pdf._start

    def recorded(*args: object) -> subprocess.Popen[bytes]:
        browsers.append(start(*args))
        return browsers[-1]

    patch.setattr(pdf, "_start", recorded)
    return browsers


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[subprocess.Popen[bytes]]:
    """The Chromiums the printer starts, as it starts them."""
    return _recording_starts(monkeypatch)


@pytest.fixture(scope="module")
def printed(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, list[subprocess.Popen[bytes]]]:
    """The one lesson's site with every sheet printed by the real Chromium, on Letter paper
    (tests/site/test_print.py prints on the default A4), and the Chromiums it started: printed
    once, for the tests that read what it printed."""
    chromium = find_chromium()
    if chromium is None:
        pytest.skip("no headless Chromium to print PDFs")
    site = _site(tmp_path_factory.mktemp("printed") / "site")
    with pytest.MonkeyPatch.context() as patch:
        browsers = _recording_starts(patch)
        print_sheets(chromium, site, ["first"], {"en": "", "ru": "ru"}, paper="Letter")
    return site, browsers


@needs_chromium
@needs_proc
def test_one_chromium_prints_every_sheet_and_none_of_it_is_left_running(
    printed: tuple[Path, list[subprocess.Popen[bytes]]],
) -> None:
    site, started = printed
    assert [sheet.relative_to(site).as_posix() for sheet in _pdfs(site)] == [
        "lessons/first/key.en.pdf",
        "lessons/first/worksheet.en.pdf",
        "ru/lessons/first/key.ru.pdf",
        "ru/lessons/first/worksheet.ru.pdf",
    ]
    for sheet in _pdfs(site):
        data = sheet.read_bytes()
        assert data.startswith(b"%PDF-") and len(re.findall(rb"/Type\s*/Page[^s]", data)) == 1
        assert re.search(rb"/MediaBox\s*\[0 0 612 792\]", data), sheet  # Letter
        assert b"/CreationDate (D:00000000000000" in data  # the time of printing is zeroed
    assert len(started) == 1
    assert _still_running(started[0].pid) == []


@needs_chromium
def test_a_sheet_is_printed_as_chromiums_own_print_to_pdf_prints_it(
    printed: tuple[Path, list[subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    # The command line Chromium printed with before: the same paper, margins, backgrounds (the
    # board's colour), no header or footer, to the byte once the dates are zeroed.
    site, _ = printed
    page = site / "lessons" / "first" / "worksheet" / "index.html"
    copy = tmp_path / "copy.html"
    copy.write_text(pdf._on_paper(page, "Letter"), encoding="utf-8")
    by_hand = tmp_path / "by-hand.pdf"
    subprocess.run(
        [
            find_chromium() or "",
            "--headless",
            *pdf.QUIET_FLAGS,
            f"--user-data-dir={tmp_path / 'profile'}",
            "--no-pdf-header-footer",
            f"--print-to-pdf={by_hand}",
            copy.as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=True,
    )
    expected = pdf._DATES.sub(pdf._zeroed, by_hand.read_bytes())
    assert (site / "lessons" / "first" / "worksheet.en.pdf").read_bytes() == expected


@needs_proc
def test_the_stand_in_for_chromium_prints_what_each_page_is(
    tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    # The stand-in the site tests build with: the whole pipe, without a browser.
    site = _site(tmp_path / "site")
    print_sheets(_fake_chromium(tmp_path, FAKE_CHROMIUM), site, ["first"], {"en": "", "ru": "ru"})
    assert {p.relative_to(site).as_posix(): p.read_text("utf-8") for p in _pdfs(site)} == {
        "lessons/first/key.en.pdf": "%PDF-1.4 lang=en page=key\n",
        "lessons/first/worksheet.en.pdf": "%PDF-1.4 lang=en page=worksheet\n",
        "ru/lessons/first/key.ru.pdf": "%PDF-1.4 lang=ru page=key\n",
        "ru/lessons/first/worksheet.ru.pdf": "%PDF-1.4 lang=ru page=worksheet\n",
    }
    assert _still_running(started[0].pid) == []


def test_a_caller_running_an_event_loop_still_gets_its_sheets(tmp_path: Path) -> None:
    # As the browser tests build a teacher's site beside Playwright's sync API, whose event
    # loop runs in their thread.
    site = _site(tmp_path / "site")
    chromium = _fake_chromium(tmp_path, FAKE_CHROMIUM)

    async def build() -> None:
        print_sheets(chromium, site, ["first"], {"en": "", "ru": "ru"})

    # In a thread of its own: this one may run Playwright's loop already (a browser test ran
    # in this process).
    with ThreadPoolExecutor(1) as caller:
        caller.submit(asyncio.run, build()).result()
    assert len(_pdfs(site)) == 4


def test_a_chromium_that_will_not_start_stops_the_build_saying_why(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    chromium = _fake_chromium(tmp_path, "echo 'Missing X server or $DISPLAY' >&2\nexit 1\n")
    with pytest.raises(PluginError) as raised:
        print_sheets(chromium, site, ["first"], {"en": ""})
    message = str(raised.value)
    assert re.search(
        r"printing \S+/lessons/first/(worksheet|key)/index\.html to PDF failed", message
    )
    assert "Chromium quit: Missing X server or $DISPLAY" in message
    assert "set pdf: no in mkdocs.yml" in message
    assert _pdfs(site) == []


def test_a_chromium_that_cannot_be_found_stops_the_build_too(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    found = r"(worksheet|key)/index\.html to PDF failed: Chromium quit: .*(not found|No such file)"
    with pytest.raises(PluginError, match=found):
        print_sheets(str(tmp_path / "no-chromium"), site, ["first"], {"en": ""})


@needs_proc
def test_a_chromium_that_never_answers_is_killed_when_its_time_is_up(tmp_path: Path) -> None:
    # It has a process of its own too, as Chromium has: both are killed.
    chromium = _fake_chromium(
        tmp_path,
        f"sleep 600 &\necho $! > {tmp_path / 'child'}\necho $$ > {tmp_path / 'itself'}\n"
        "exec sleep 600\n",
    )
    began = time.monotonic()
    with pytest.raises(PluginError, match=r"did not print it within 0.5 s \(set pdf: no"):
        print_sheets(chromium, _site(tmp_path / "site"), ["first"], {"en": ""}, timeout=0.5)
    assert time.monotonic() - began < 30
    pids = [int((tmp_path / name).read_text(encoding="utf-8")) for name in ("itself", "child")]
    assert _still_running(pids[0]) == []  # the group of both
    assert not any(_running(pid) for pid in pids)


# In make test-deep. In make test, test_a_page_that_will_not_open_or_crashes_fails_at_once sees a
# page that never loads, and a Chromium that never answers fails the build in time.
@pytest.mark.deep
@needs_chromium
@needs_proc
def test_a_sheet_that_never_finishes_loading_fails_the_build_in_time(
    tmp_path: Path, started: list[subprocess.Popen[bytes]]
) -> None:
    # The worksheet shows a picture that is a pipe nobody writes to: its page never loads. (It
    # is the only sheet, so that a slow start on a busy machine cannot make another one late;
    # so slow a start that it fills the whole time fails the same way.)
    site = _site(tmp_path / "site", more='<img src="never.fifo">')
    shutil.rmtree(site / "ru")
    (site / "lessons" / "first" / "key" / "index.html").unlink()
    os.mkfifo(site / "lessons" / "first" / "worksheet" / "never.fifo")
    with pytest.raises(PluginError) as raised:
        print_sheets(find_chromium() or "", site, ["first"], {"en": ""}, timeout=1.0)
    assert re.search(
        r"printing \S+/lessons/first/worksheet/index\.html to PDF failed: Chromium did not print "
        r"it within 1 s",
        str(raised.value),
    )
    assert _still_running(started[0].pid) == []


@needs_chromium
def test_a_page_that_will_not_open_or_crashes_fails_at_once(tmp_path: Path) -> None:
    async def failures(browser: subprocess.Popen[bytes]) -> list[str]:
        devtools = await pdf._DevTools.connect(browser)
        try:
            async with asyncio.timeout(60):  # each fails long before
                session = await pdf._open_page(devtools)
                with pytest.raises(pdf._Failure) as missing:
                    await pdf._print_page(devtools, session, tmp_path / "missing.html")
                with pytest.raises(pdf._Failure) as refused:
                    await devtools.call("Page.noSuchCommand", session)
                # A page that never finishes loading (a picture that is a pipe nobody writes
                # to) never says it has: only the printer's time limit ends the wait (the
                # build it fails: test_a_sheet_that_never_finishes_loading_fails_the_build_in_time).
                never = tmp_path / "never.html"
                never.write_text('<img src="never.fifo">', encoding="utf-8")
                os.mkfifo(tmp_path / "never.fifo")
                with pytest.raises(TimeoutError):
                    async with asyncio.timeout(0.5):
                        await pdf._print_page(devtools, session, never)
                await devtools.call("Page.navigate", session, url="chrome://crash")
                with pytest.raises(pdf._Failure) as crashed:
                    await devtools.event(session, "Page.lifecycleEvent", name="never comes")
        finally:
            devtools.close()
        return [str(failure.value) for failure in (missing, refused, crashed)]

    with tempfile.TemporaryFile() as log:
        browser = pdf._start(find_chromium() or "", tmp_path / "profile", log)
        try:
            with ThreadPoolExecutor(1) as caller:  # as above: a loop of its own
                said = caller.submit(asyncio.run, failures(browser)).result()
        finally:
            pdf._stop(browser)
    assert said == [
        "Chromium could not open it: net::ERR_FILE_NOT_FOUND",
        "Chromium refused Page.noSuchCommand: 'Page.noSuchCommand' wasn't found",
        "Chromium's page crashed",
    ]
