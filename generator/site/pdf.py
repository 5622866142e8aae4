"""PDFs of the lessons' worksheets and answer keys, printed by headless Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

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
_FLAGS = ("--headless", *QUIET_FLAGS, "--no-pdf-header-footer")
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


PRINTERS = 3
"""How many Chromiums print at once: each spends most of its second waiting, not computing."""

PAPER_SIZES = ("A4", "Letter")
"""The paper sizes a site's PDFs can be printed on (the plugin's ``paper`` option)."""


def print_sheets(
    chromium: str,
    site_dir: Path,
    lessons: list[str],
    languages: Mapping[str, str],
    paper: str = "A4",
) -> None:
    """``worksheet.<lang>.pdf`` and ``key.<lang>.pdf`` beside each lesson's page, in each of
    the site's ``languages`` (language: its folder in the site, '' for the one at the root),
    where the lesson's pages are, on ``paper`` (one of :data:`PAPER_SIZES`)."""
    if paper not in PAPER_SIZES:
        raise ValueError(f"paper is one of {', '.join(PAPER_SIZES)}, not {paper!r}")
    sheets = [
        (folder / name / "index.html", folder / f"{name}.{lang}.pdf")
        for lesson in lessons
        for lang, prefix in languages.items()
        for folder in [site_dir / prefix / "lessons" / lesson]
        for name in ("worksheet", "key")
        if (folder / name / "index.html").is_file()
    ]
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(PRINTERS) as printers:
        jobs = []
        for number, (page, pdf) in enumerate(sheets):
            folder = Path(scratch) / str(number)  # two Chromiums cannot share a profile
            folder.mkdir()
            jobs.append(printers.submit(_print, chromium, folder, page, pdf, paper))
        for job in jobs:
            job.result()  # the first failure, if any, stops the build


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


def _print(chromium: str, scratch: Path, page: Path, pdf: Path, paper: str) -> None:
    copy = scratch / "page.html"
    copy.write_text(_on_paper(page, paper), encoding="utf-8")
    command = [
        chromium,
        *_FLAGS,
        f"--user-data-dir={scratch / 'profile'}",
        f"--print-to-pdf={pdf}",
        copy.as_uri(),
    ]
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise PluginError(f"Tabula: printing {page} to PDF failed: {error}") from None
    if run.returncode != 0 or not pdf.is_file():
        raise PluginError(
            f"Tabula: printing {page} to PDF failed: {run.stderr.strip()[-500:]} (set pdf: no "
            "in mkdocs.yml to build without the PDFs)"
        )
    data = pdf.read_bytes()
    pdf.write_bytes(
        _DATES.sub(lambda m: m.group(0)[: -len(m.group(2))] + b"0" * len(m.group(2)), data)
    )
