"""The puzzle widget on the built site, in Debian's chromium driven by Playwright.

The site is the project's with a few puzzles of its own beside the project's (``EXTRA`` in
tests/conftest.py: a double played in four steps, an oversized die bearing off, the largest
graph measured), built once per session (``project_site``, shared with tests/browser) and
served on 127.0.0.1. Each test gets a fresh browser context (fresh storage: no progress leaks
between tests) of the one browser of tests/browser_fixtures.py.

No browser is downloaded: the tests launch ``/usr/bin/chromium`` (``make test`` installs
Debian's package) and are skipped, saying why, when it is missing or cannot start.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.conftest import EXTRA, REPO, Site, load_browser_fixtures

__all__ = ["EXTRA", "REPO", "TIMEOUT_MS", "Site", "Tab"]

TIMEOUT_MS = 15_000


def pytest_configure(config: pytest.Config) -> None:
    load_browser_fixtures(config)


@pytest.fixture(scope="session")
def site(project_site: Site) -> Site:
    """The built copy of the project: its sources, its pages, its puzzles and where they are
    served."""
    return project_site


@dataclass
class Tab:
    """A page in a fresh context, the script errors seen in it, and the widget's helpers."""

    page: Page
    site: Site
    errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> None:
        self.page.goto(self.site(path))
        self.page.wait_for_selector(".tabula-puzzle.tw-ready")

    @property
    def root(self) -> Any:
        return self.page.locator(".tabula-puzzle")

    @property
    def status(self) -> Any:
        return self.page.locator('.tabula-puzzle [role="status"]')

    def place(self, place: str) -> None:
        """Click a place of the board: a point's triangle, the bar or the tray."""
        self.page.locator(f'.tabula-puzzle svg g.board [data-point="{place}"]').click(force=True)

    def stack(self, side: str, place: str, extra: str = "") -> Any:
        """The checkers of ``side`` ("mover", "opponent") that the board shows on ``place``."""
        return self.page.locator(
            f".tabula-puzzle svg > g.checker.{side}{extra}[data-point='{place}']"
        )

    def button(self, name: str) -> None:
        self.page.locator(f".tabula-puzzle .tw-{name}").click()

    def data(self) -> dict[str, Any]:
        text = self.page.eval_on_selector(
            ".tabula-puzzle template.tabula-data", "t => t.content.textContent"
        )
        return dict(json.loads(text))

    def counts(self, side: str = "mover") -> dict[str, int]:
        """The checkers the board shows now: place -> count."""
        found = self.page.eval_on_selector_all(
            f".tabula-puzzle svg > g.checker.{side}:not(.tw-ghost)",
            "groups => groups.map(g => [g.dataset.point, Number(g.dataset.count),"
            " g.classList.contains('pinned')])",
        )
        shown: dict[str, int] = {}
        for place, count, _pinned in found:
            shown[place] = shown.get(place, 0) + count
        return shown


@pytest.fixture
def tab(browser: Browser, site: Site) -> Iterator[Tab]:
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    tab = Tab(page, site)
    page.on("pageerror", lambda error: tab.errors.append(f"page error: {error}"))
    page.on(
        "console",
        lambda message: (
            message.type == "error"
            and not message.text.startswith("Failed to load resource")
            and tab.errors.append(message.text)
        ),
    )
    try:
        yield tab
        assert not tab.errors, tab.errors
    finally:
        with contextlib.suppress(PlaywrightError):
            context.close()
