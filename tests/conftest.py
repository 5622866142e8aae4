"""Options for the whole test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from generator.site.pdf import QUIET_FLAGS

CHROMIUM = os.environ.get("TABULA_CHROMIUM", "/usr/bin/chromium")
"""Debian's chromium, which `make test` installs (TABULA_CHROMIUM names another Chromium)."""

_SKIPPED: list[str] = []
"""Why the browser tests were skipped, if they were: told at the end of the run."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/render/golden/*.svg from the current drawing code (look at the "
        "gallery first: python -m generator.render.gallery OUT_DIR)",
    )


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _SKIPPED:
        terminalreporter.write_line(
            f"warning: the browser tests were skipped: {_SKIPPED[0]}", yellow=True, bold=True
        )


def _skip(reason: str) -> None:
    _SKIPPED.append(reason)
    pytest.skip(reason)


# One Playwright and one Chromium for the whole run: the sync API allows one Playwright per
# process, and the site tests (tests/browser) and the widget tests (tests/widget) share them.
@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        _skip(
            f"Debian's chromium is not installed at {CHROMIUM} (make test installs it as root "
            "with apt-get install chromium)"
        )
    try:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=list(QUIET_FLAGS))
    except PlaywrightError as error:
        _skip(f"{CHROMIUM} cannot be started: {_why(str(error))}")
    try:
        yield chromium
    finally:
        chromium.close()


def _why(message: str) -> str:
    """Playwright's first line and what the browser itself wrote on stderr, without the long
    command lines."""
    lines = message.strip().splitlines() or ["(no message)"]
    said = [line.split("[err]", 1)[1].strip() for line in lines if "[err]" in line]
    return "; ".join([lines[0], *dict.fromkeys(said)][:4])
