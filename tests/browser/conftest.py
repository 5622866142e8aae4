"""The real site in a real browser: Debian's chromium driven by Playwright.

The site is built once into a temporary folder and served on 127.0.0.1 by a threaded
``http.server``; one browser serves every test, each test gets its own context (fresh storage,
so the colour scheme chosen in one test does not leak into the next). Every request of every
page is recorded for the privacy test. The fixtures live as long as this package's tests: one
process can run only one Playwright (sync API) at a time, and tests/widget starts its own.

No browser is ever downloaded: ``make test`` installs Debian's ``chromium`` package (as root,
with apt-get) and the tests launch ``/usr/bin/chromium``. When it is missing or cannot start,
the tests are skipped and say why.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Response,
)
from playwright.sync_api import Error as PlaywrightError

REPO = Path(__file__).parent.parent.parent

TIMEOUT_MS = 15_000
"""How long any one wait may take: a page change, a selector, a search result."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "browser: drives the built site in Debian's chromium (deselect: -m 'not browser')",
    )


# --- the site ----------------------------------------------------------------------------------


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@dataclass
class Site:
    """The built site: where its files are and where it is served."""

    folder: Path
    url: str
    requests: list[str] = field(default_factory=list)
    """Every URL any page requested, in every test of the session."""

    def __call__(self, path: str = "") -> str:
        """The address of ``path`` (``"ru/puzzles/"``) on the test server."""
        return self.url + path.lstrip("/")


@pytest.fixture(scope="package")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    folder = tmp_path_factory.mktemp("browser-site")
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    # site_url is the server's, as `mkdocs serve` does: Material's instant navigation only
    # takes over links found in sitemap.xml, whose addresses come from site_url (and Material
    # keeps their port, so https://tabula.example.org/ would match no link on this server).
    # Not strict: warnings (a broken link in a page being written) are the strict build's
    # business in `make test`; here they would hide what the browser sees.
    config = load_config(str(REPO / "mkdocs.yml"), site_dir=str(folder), site_url=url, strict=False)
    # No worksheet PDFs (a Chromium run each, and no test here opens one).
    config.plugins["tabula"].config["pdf"] = "no"
    build(config)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield Site(folder, url)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --- the browser -------------------------------------------------------------------------------


@dataclass
class Tab:
    """One page of a fresh browser context, with what went wrong in it."""

    page: Page
    errors: list[str] = field(default_factory=list)
    """Uncaught script errors and console errors, in order."""
    missing: list[str] = field(default_factory=list)
    """Every request answered with an HTTP error (404 and the like), or not answered at all."""


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
    page.on("requestfailed", lambda request: tab.missing.append(f"failed {request.url}"))
    try:
        yield tab
    finally:
        with contextlib.suppress(PlaywrightError):
            context.close()
