"""The puzzle widget on the built site, in Debian's chromium driven by Playwright.

The site is the project's with a few puzzles of its own beside the project's (``EXTRA`` in
tests/conftest.py: a double played in four steps, an oversized die bearing off, the largest
graph measured), built once per session (``project_site``, shared with tests/browser) and
served on 127.0.0.1. The tests take turns on one page of the one browser of
tests/browser_fixtures.py (``tab``), put back before each as a new context would start it: no
progress, no practice session, no window size of one test leaks into the next. A test that
changes the context (routes, init scripts, dialogs) has a context of its own (``fresh_tab``).

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

from tests.browser_fixtures import (
    TIMEOUT_MS,
    ReusedPage,
    Window,
    error_listeners,
    listening,
)
from tests.conftest import BLANK, EXTRA, REPO, Site, load_browser_fixtures

__all__ = ["EXTRA", "REPO", "TIMEOUT_MS", "WINDOW", "Site", "Tab", "watched"]

WINDOW = Window(1100, 1000, reduced_motion="reduce")
"""The widget's tests start in a window that fits a puzzle page whole, without motion (the
steps land at once; one test asks for the glide)."""


def pytest_configure(config: pytest.Config) -> None:
    load_browser_fixtures(config)


@pytest.fixture(scope="session")
def site(project_site: Site) -> Site:
    """The built copy of the project: its sources, its pages, its puzzles and where they are
    served."""
    return project_site


@dataclass
class Tab:
    """A page put back as a new context would start it, the script errors seen in it, and the
    widget's helpers."""

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


@contextlib.contextmanager
def watched(tab: Tab) -> Iterator[Tab]:
    """``tab``, its script errors recorded while the test runs; none may have been seen."""
    with listening(tab.page, error_listeners(tab.errors)):
        yield tab
    assert not tab.errors, tab.errors


@pytest.fixture(scope="session")
def reused(browser: Browser, site: Site) -> Iterator[ReusedPage]:
    """The page the widget's tests take in turn, in this process."""
    page = ReusedPage(browser, WINDOW, site(BLANK))
    try:
        yield page
    finally:
        page.close()


@pytest.fixture
def tab(reused: ReusedPage, site: Site) -> Iterator[Tab]:
    with watched(Tab(reused.fresh(), site)) as tab:
        yield tab


@pytest.fixture
def fresh_tab(browser: Browser, site: Site) -> Iterator[Tab]:
    """A page of a context of its own, for a test that changes the context (a route, an init
    script, a dialog answered)."""
    context = WINDOW.new_context(browser)
    try:
        with watched(Tab(context.new_page(), site)) as tab:
            yield tab
    finally:
        with contextlib.suppress(PlaywrightError):
            context.close()
