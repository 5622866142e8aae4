"""The real site in a real browser: Debian's chromium driven by Playwright.

The site is the project's, built once per session (``project_site`` in tests/conftest.py, shared
with tests/widget) and served on 127.0.0.1 by a threaded ``http.server``; one browser serves
every test (tests/browser_fixtures.py), each test gets its own context (fresh storage, so the
colour scheme chosen in one test does not leak into the next). Every request of every page is
recorded for the privacy test.

No browser is ever downloaded: ``make test`` installs Debian's ``chromium`` package (as root,
with apt-get) and the tests launch ``/usr/bin/chromium``. When it is missing or cannot start,
the tests are skipped and say why.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Request,
    Response,
)
from playwright.sync_api import Error as PlaywrightError

from tests.conftest import Site, load_browser_fixtures

__all__ = ["TIMEOUT_MS", "Site", "Tab"]

TIMEOUT_MS = 15_000
"""How long any one wait may take: a page change, a selector, a search result."""


def pytest_configure(config: pytest.Config) -> None:
    load_browser_fixtures(config)


@pytest.fixture(scope="session")
def site(project_site: Site) -> Site:
    """The built site: where its files are and where it is served."""
    return project_site


# --- the browser -------------------------------------------------------------------------------


@dataclass
class Tab:
    """One page of a fresh browser context, with what went wrong in it."""

    page: Page
    errors: list[str] = field(default_factory=list)
    """Uncaught script errors and console errors, in order."""
    missing: list[str] = field(default_factory=list)
    """Every request answered with an HTTP error (404 and the like), or not answered at all
    (but for those the browser cancelled itself when the page moved on)."""


@pytest.fixture
def tab(browser: Browser, site: Site) -> Iterator[Tab]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    context.on("request", lambda request: site.requests.append(request.url))
    page = context.new_page()
    tab = Tab(page)
    page.on("pageerror", lambda error: tab.errors.append(f"page error: {error}"))

    def console(message: ConsoleMessage) -> None:
        # A file that failed to load is reported in `missing`, with its address.
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            tab.errors.append(f"console: {message.text} ({message.location.get('url')})")

    page.on("console", console)

    def response(answer: Response) -> None:
        if answer.status >= 400:
            tab.missing.append(f"{answer.status} {answer.url}")

    page.on("response", response)

    def failed(request: Request) -> None:
        # A request the browser itself dropped because the page moved on (the favicon of a
        # page left at once) is no missing file; a 404 comes as a response above.
        if request.failure != "net::ERR_ABORTED":
            tab.missing.append(f"failed {request.url} ({request.failure})")

    page.on("requestfailed", failed)
    try:
        yield tab
    finally:
        with contextlib.suppress(PlaywrightError):
            context.close()
