"""The real site in a real browser: Debian's chromium driven by Playwright.

The site is the project's, built once per session (``project_site`` in tests/conftest.py, shared
with tests/widget) and served on 127.0.0.1 by a threaded ``http.server``; one browser serves
every test (tests/browser_fixtures.py). The tests take turns on one page (``tab``), put back
before each as a new context would start it (no storage, so the colour scheme chosen in one
test does not leak into the next); a test that counts requests, which a warm cache would hide,
has a context of its own (``fresh_tab``). Every request of every page is recorded for the
privacy test.

No browser is ever downloaded: ``make test`` installs Debian's ``chromium`` package (as root,
with apt-get) and the tests launch ``/usr/bin/chromium``. When it is missing or cannot start,
the tests are skipped and say why.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, Response
from playwright.sync_api import Error as PlaywrightError

from tests.browser_fixtures import (
    TIMEOUT_MS,
    Listener,
    ReusedPage,
    Window,
    error_listeners,
    listening,
)
from tests.conftest import BLANK, Site, load_browser_fixtures

__all__ = ["TIMEOUT_MS", "WINDOW", "Site", "Tab"]

WINDOW = Window(1280, 900)
"""A laptop's window, in the light scheme, motion welcome."""


def pytest_configure(config: pytest.Config) -> None:
    load_browser_fixtures(config)


@pytest.fixture(scope="session")
def site(project_site: Site) -> Site:
    """The built site: where its files are and where it is served."""
    return project_site


# --- the browser -------------------------------------------------------------------------------


@dataclass
class Tab:
    """A page that starts as a new context's would, with what went wrong in it."""

    page: Page
    errors: list[str] = field(default_factory=list)
    """Uncaught script errors and console errors, in order."""
    missing: list[str] = field(default_factory=list)
    """Every request answered with an HTTP error (404 and the like), or not answered at all
    (but for those the browser cancelled itself when the page moved on)."""

    def response(self, answer: Response) -> None:
        if answer.status >= 400:
            self.missing.append(f"{answer.status} {answer.url}")

    def failed(self, request: Request) -> None:
        # A request the browser itself dropped because the page moved on (the favicon of a
        # page left at once) is no missing file; a 404 comes as a response above.
        if request.failure != "net::ERR_ABORTED":
            self.missing.append(f"failed {request.url} ({request.failure})")


@contextlib.contextmanager
def watched(tab: Tab, context: BrowserContext, site: Site) -> Iterator[Tab]:
    """``tab`` with what goes wrong in it recorded while the test runs, and every request of
    its context in ``site.requests``."""
    problems: dict[str, Listener] = {
        **error_listeners(tab.errors),
        "response": tab.response,
        "requestfailed": tab.failed,
    }
    requests: dict[str, Listener] = {"request": lambda request: site.requests.append(request.url)}
    with listening(tab.page, problems), listening(context, requests):
        yield tab


@pytest.fixture(scope="session")
def reused(browser: Browser, site: Site) -> Iterator[ReusedPage]:
    """The page the tests of tests/browser take in turn, in this process."""
    page = ReusedPage(browser, WINDOW, site(BLANK))
    try:
        yield page
    finally:
        page.close()


@pytest.fixture
def tab(reused: ReusedPage, site: Site) -> Iterator[Tab]:
    with watched(Tab(reused.fresh()), reused.context, site) as tab:
        yield tab


@pytest.fixture
def fresh_tab(browser: Browser, site: Site) -> Iterator[Tab]:
    """A page of a context of its own, whose HTTP cache is empty: for a test that counts the
    requests of a first visit."""
    context = WINDOW.new_context(browser)
    try:
        with watched(Tab(context.new_page()), context, site) as tab:
            yield tab
    finally:
        with contextlib.suppress(PlaywrightError):
            context.close()
