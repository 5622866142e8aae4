"""PDFs of the lessons' worksheets and answer keys, printed by headless Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
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


def print_sheets(
    chromium: str, site_dir: Path, lessons: list[str], languages: Mapping[str, str]
) -> None:
    """``worksheet.<lang>.pdf`` and ``key.<lang>.pdf`` beside each lesson's page, in each of
    the site's ``languages`` (language: its folder in the site, '' for the one at the root),
    where the lesson's pages are."""
    with tempfile.TemporaryDirectory() as profile:
        for lesson in lessons:
            for lang, prefix in languages.items():
                folder = site_dir / prefix / "lessons" / lesson
                for name in ("worksheet", "key"):
                    page = folder / name / "index.html"
                    if page.is_file():
                        _print(chromium, profile, page, folder / f"{name}.{lang}.pdf")


def _print(chromium: str, profile: str, page: Path, pdf: Path) -> None:
    command = [
        chromium,
        *_FLAGS,
        f"--user-data-dir={profile}",
        f"--print-to-pdf={pdf}",
        page.resolve().as_uri(),
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
