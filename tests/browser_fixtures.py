"""One Playwright and one Chromium for the browser tests (tests/browser) and the widget tests
(tests/widget): a pytest plugin that only their conftests load.

The sync API allows one Playwright per process, so the two packages must share these fixtures
rather than each define its own: whichever conftest is collected first registers this module
(``load_browser_fixtures`` in tests/conftest.py), once per run, and its fixtures are then seen
by every test. The engine, puzzle and render tests never load it, so they run without
Playwright installed; Playwright itself is imported only when a test first asks for a browser.

No browser is ever downloaded: ``make test`` installs Debian's ``chromium`` package (as root,
with apt-get) and the tests launch ``/usr/bin/chromium``. When it is missing or cannot start,
the tests that need it are skipped and say why (tests/conftest.py repeats the reason at the
end of the run).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

CHROMIUM = os.environ.get("TABULA_CHROMIUM", "/usr/bin/chromium")
"""Debian's chromium, which `make test` installs (TABULA_CHROMIUM names another Chromium)."""

SKIP_PREFIX = "no browser: "
"""How every skip for a missing or broken Chromium begins (tests/conftest.py looks for it)."""


def _skip(reason: str) -> None:
    pytest.skip(SKIP_PREFIX + reason)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    from playwright.sync_api import Error as PlaywrightError

    from generator.site.pdf import QUIET_FLAGS

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
