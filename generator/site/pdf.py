"""PDFs of the lessons' worksheets and answer keys, printed by one headless Chromium.

The build starts Chromium once and drives it over the DevTools protocol through a pipe
(``--remote-debugging-pipe``): JSON messages, each ended by a NUL byte, commands written to its
fd 3, replies and events read from its fd 4. A few pages (tabs) print at once, each loading one
sheet after another and printing it as Chromium's own ``--print-to-pdf --no-pdf-header-footer``
does.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections import defaultdict
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any, NamedTuple

from mkdocs.exceptions import PluginError

_CHROMIUM = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
QUIET_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""Chromium without a sandbox (containers have none), a GPU or network chatter: how the
build prints worksheets and how the browser tests run it."""
_FLAGS = ("--headless", *QUIET_FLAGS, "--remote-debugging-pipe")
# Chromium talks DevTools on its fds 3 and 4; subprocess can only hand a child its 0, 1 and 2,
# so a shell moves the two pipes there before it becomes Chromium.
_ON_FDS_3_AND_4 = ("/bin/sh", "-c", 'exec "$@" 3<&0 4>&1 </dev/null >/dev/null', "sh")
# What Chromium's --print-to-pdf asks of Page.printToPDF (components/headless/command_handler/
# headless_command.js), --no-pdf-header-footer turning the header and footer off: the page's
# own @page size and margins, its backgrounds (the boards' colours), tagged for screen readers.
_PRINT = {
    "displayHeaderFooter": False,
    "printBackground": True,
    "preferCSSPageSize": True,
    "generateTaggedPDF": True,
}
# Chromium stamps the time of printing into a PDF; the digits are zeroed (same length, so the
# file's cross-reference offsets stay right) to keep two builds byte-identical.
_DATES = re.compile(rb"/(CreationDate|ModDate) ?\(D:([0-9]+)")


def find_chromium() -> str | None:
    """The headless Chromium to print with, if one is installed."""
    for name in _CHROMIUM:
        found = shutil.which(name)
        if found:
            return found
    return None


PAGES_AT_ONCE = 3
"""How many pages (tabs) print sheets at once: a page spends part of its time waiting on another
of Chromium's processes. On two busy cores the site's 36 sheets took 15-16 s in one page, 12-14 s
in three, and no less in four."""

TIMEOUT = 120.0
"""Seconds a sheet may take, from asking for a page to having its PDF, before the build stops."""

PAPER_SIZES = ("A4", "Letter")
"""The paper sizes a site's PDFs can be printed on (the plugin's ``paper`` option)."""


def print_sheets(
    chromium: str,
    site_dir: Path,
    lessons: list[str],
    languages: Mapping[str, str],
    paper: str = "A4",
    timeout: float = TIMEOUT,
) -> None:
    """``worksheet.<lang>.pdf`` and ``key.<lang>.pdf`` beside each lesson's page, in each of
    the site's ``languages`` (language: its folder in the site, '' for the one at the root),
    where the lesson's pages are, on ``paper`` (one of :data:`PAPER_SIZES`), each sheet
    within ``timeout`` seconds (:data:`TIMEOUT`)."""
    if paper not in PAPER_SIZES:
        raise ValueError(f"paper is one of {', '.join(PAPER_SIZES)}, not {paper!r}")
    pages = [
        (folder / name / "index.html", folder / f"{name}.{lang}.pdf")
        for lesson in lessons
        for lang, prefix in languages.items()
        for folder in [site_dir / prefix / "lessons" / lesson]
        for name in ("worksheet", "key")
        if (folder / name / "index.html").is_file()
    ]
    if not pages:
        return
    with (
        tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as scratch,
        tempfile.TemporaryFile() as log,
    ):
        sheets = []
        for number, (page, pdf) in enumerate(pages):
            copy = Path(scratch) / f"sheet-{number}.html"
            copy.write_text(_on_paper(page, paper), encoding="utf-8")
            sheets.append(_Sheet(page, copy, pdf))
        try:
            browser = _start(chromium, Path(scratch) / "profile", log)
        except OSError as error:  # no /bin/sh to start it with
            raise _failed(sheets[0].page, f"Chromium could not be started: {error}") from None
        try:
            # In a thread of its own: asyncio.run needs one with no event loop running, and the
            # caller's may have one (Playwright's sync API runs one in the tests' thread).
            with ThreadPoolExecutor(1, "tabula-printer") as printer:
                printer.submit(asyncio.run, _print_all(browser, log, sheets, timeout)).result()
        finally:
            _stop(browser)


def _start(chromium: str, profile: Path, log: IO[bytes]) -> subprocess.Popen[bytes]:
    """Headless Chromium with its DevTools on the pipe, saying what it says into ``log``."""
    return subprocess.Popen(
        [*_ON_FDS_3_AND_4, chromium, *_FLAGS, f"--user-data-dir={profile}"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=log,
        start_new_session=True,  # a process group of its own, to be stopped as one
    )


def _stop(browser: subprocess.Popen[bytes]) -> None:
    """``browser`` killed with all its processes, done or failed: it holds nothing worth a
    polite goodbye. The group is killed before its first process is waited for, while its
    number is still its own."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(browser.pid, signal.SIGKILL)
    browser.wait()
    for pipe in (browser.stdin, browser.stdout):
        if pipe is not None:
            pipe.close()


def _on_paper(page: Path, paper: str) -> str:
    """The page's HTML, to be read from elsewhere, set on ``paper``: its links still lead
    beside it, and an ``@page`` rule gives the size (the site's own stylesheets set none, so
    that a page printed from the browser takes the printer's paper)."""
    text = page.read_text(encoding="utf-8")
    setting = (
        f'<base href="{page.parent.resolve().as_uri()}/"><style>@page {{ size: {paper}; }}</style>'
    )
    head = text.find("<head>")
    if head < 0:
        return setting + text
    return text[: head + len("<head>")] + setting + text[head + len("<head>") :]


class _Sheet(NamedTuple):
    """One sheet to print: the site's ``page``, its ``copy`` set on paper, and the ``pdf``."""

    page: Path
    copy: Path
    pdf: Path


class _Failure(Exception):
    """Chromium refused a command, failed to load a page, or quit."""


async def _print_all(
    browser: subprocess.Popen[bytes], log: IO[bytes], sheets: list[_Sheet], timeout: float
) -> None:
    """Every sheet printed by ``browser``, in :data:`PAGES_AT_ONCE` pages, each printing one
    sheet after another within ``timeout`` seconds; the first failure stops the others and is
    raised, as a PluginError naming its page."""
    devtools = await _DevTools.connect(browser)
    unprinted = iter(sheets)  # shared by the pages: each takes the next sheet when it is free

    async def print_in_a_page() -> None:
        session = ""
        for sheet in unprinted:
            try:
                async with asyncio.timeout(timeout):
                    session = session or await _open_page(devtools)
                    data = await _print_page(devtools, session, sheet.copy)
            except (TimeoutError, _Failure) as failure:
                raise _failed(sheet.page, _why(failure, timeout, devtools.gone, log)) from None
            sheet.pdf.write_bytes(_DATES.sub(_zeroed, data))

    pages = [asyncio.create_task(print_in_a_page()) for _ in sheets[:PAGES_AT_ONCE]]
    try:
        await asyncio.gather(*pages)
    finally:
        for page in pages:
            page.cancel()
        await asyncio.gather(*pages, return_exceptions=True)
        devtools.close()


async def _open_page(devtools: _DevTools) -> str:
    """The session of a new blank page, telling when what it shows has loaded."""
    target = (await devtools.call("Target.createTarget", url="about:blank"))["targetId"]
    attached = await devtools.call("Target.attachToTarget", targetId=target, flatten=True)
    session: str = attached["sessionId"]
    await devtools.call("Inspector.enable", session)  # to hear if it crashes
    await devtools.call("Page.enable", session)
    await devtools.call("Page.setLifecycleEventsEnabled", session, enabled=True)
    return session


async def _print_page(devtools: _DevTools, session: str, copy: Path) -> bytes:
    """The PDF of the file ``copy``, shown in the page of ``session`` and printed once loaded."""
    opened = await devtools.call("Page.navigate", session, url=copy.as_uri())
    if "errorText" in opened:
        raise _Failure(f"Chromium could not open it: {opened['errorText']}")
    # The load event of this navigation, as Chromium's --print-to-pdf waits for it: not that of
    # the sheet the page showed before, nor of the blank page it started with.
    await devtools.event(session, "Page.lifecycleEvent", name="load", loaderId=opened["loaderId"])
    printed = await devtools.call("Page.printToPDF", session, **_PRINT)
    return base64.b64decode(printed["data"])


def _why(failure: Exception, timeout: float, gone: bool, log: IO[bytes]) -> str:
    """What went wrong, for the build's error: when Chromium quit, the last of what it said."""
    if isinstance(failure, TimeoutError):
        return f"Chromium did not print it within {timeout:g} s"
    if not gone:
        return str(failure)
    log.seek(0)
    said = log.read().decode("utf-8", "replace").strip()[-500:]
    return f"{failure}: {said}" if said else str(failure)


def _failed(page: Path, reason: str) -> PluginError:
    return PluginError(
        f"Tabula: printing {page} to PDF failed: {reason} (set pdf: no in mkdocs.yml to build "
        "without the PDFs)"
    )


def _zeroed(date: re.Match[bytes]) -> bytes:
    digits = len(date.group(2))
    return date.group(0)[:-digits] + b"0" * digits


class _DevTools(asyncio.Protocol):
    """Chromium's DevTools protocol, spoken through its pipe: commands written to ``writer``,
    replies and events read as this protocol's data. ``session`` '' is the browser's own."""

    def __init__(self, writer: asyncio.WriteTransport) -> None:
        self.writer = writer
        self.reader: asyncio.BaseTransport | None = None
        self.gone = False
        self._unread = bytearray()
        self._sent = 0
        self._replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._events: defaultdict[str, asyncio.Queue[dict[str, Any] | None]] = defaultdict(
            asyncio.Queue
        )

    @classmethod
    async def connect(cls, browser: subprocess.Popen[bytes]) -> _DevTools:
        """The DevTools of ``browser``, started by :func:`_start`."""
        assert browser.stdin is not None and browser.stdout is not None
        loop = asyncio.get_running_loop()
        writer, _ = await loop.connect_write_pipe(asyncio.BaseProtocol, browser.stdin)
        devtools = cls(writer)
        await loop.connect_read_pipe(lambda: devtools, browser.stdout)
        return devtools

    def close(self) -> None:
        self.writer.close()
        if self.reader is not None:
            self.reader.close()

    async def call(self, method: str, session: str = "", **params: Any) -> dict[str, Any]:
        """The result of the command ``method`` with ``params``, sent to ``session``."""
        if self.gone:
            raise _Failure("Chromium quit")
        self._sent += 1
        message: dict[str, Any] = {"id": self._sent, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        reply = self._replies[self._sent] = asyncio.get_running_loop().create_future()
        self.writer.write(json.dumps(message).encode() + b"\0")
        answer = await reply
        if "error" in answer:
            raise _Failure(f"Chromium refused {method}: {answer['error'].get('message')}")
        result: dict[str, Any] = answer["result"]
        return result

    async def event(self, session: str, method: str, **params: Any) -> dict[str, Any]:
        """The parameters of the next event ``method`` of ``session`` that has ``params``;
        a failure if the page crashes or Chromium quits first."""
        while True:
            event = None if self.gone else await self._events[session].get()
            if event is None:
                raise _Failure("Chromium quit")
            if event["method"] == "Inspector.targetCrashed":  # no more events will come
                raise _Failure("Chromium's page crashed")
            found: dict[str, Any] = event.get("params", {})
            if event["method"] == method and all(found.get(k) == v for k, v in params.items()):
                return found

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.reader = transport

    def data_received(self, data: bytes) -> None:
        self._unread += data
        *messages, self._unread = self._unread.split(b"\0")
        for text in messages:
            message = json.loads(text)
            if "id" in message:
                reply = self._replies.pop(message["id"], None)
                if reply is not None and not reply.done():
                    reply.set_result(message)
            else:
                self._events[message.get("sessionId", "")].put_nowait(message)

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        for reply in self._replies.values():
            if not reply.done():
                reply.set_exception(_Failure("Chromium quit"))
        self._replies.clear()
        for events in self._events.values():
            events.put_nowait(None)
