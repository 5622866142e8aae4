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

Most tests share one page (:class:`ReusedPage`: a package's own, in each test process), put
back before each test as a new context would start it: a page opened there costs a third of a
new context's first page, whose set-up was most of a browser test's time. A test that changes
the context itself, or needs what only a first visit shows, has a context of its own
(:meth:`Window.new_context`). Either way, the listeners a test's fixture attaches
(:func:`listening`) are removed when the test ends, so nothing a test registers outlives it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        ConsoleMessage,
        Error,
        Page,
        Playwright,
    )

CHROMIUM = os.environ.get("TABULA_CHROMIUM", "/usr/bin/chromium")
"""Debian's chromium, which `make test` installs (TABULA_CHROMIUM names another Chromium)."""

TIMEOUT_MS = 15_000
"""How long any one wait may take: a page change, a selector, a search result."""

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


# --- the window a test starts in, and the page it reuses ---------------------------------------


@dataclass(frozen=True)
class Window:
    """How a package's tests find the browser: the window's size and what a page is told of the
    reader's system (the colour scheme, whether motion is welcome)."""

    width: int
    height: int
    reduced_motion: Literal["reduce", "no-preference"] = "no-preference"
    color_scheme: Literal["light", "dark"] = "light"

    def new_context(self, browser: Browser, **options: Any) -> BrowserContext:
        """A context of its own in this window; ``options`` are Playwright's (``has_touch``,
        ``java_script_enabled``, or a ``viewport`` of another size)."""
        settings: dict[str, Any] = {
            "viewport": {"width": self.width, "height": self.height},
            "color_scheme": self.color_scheme,
            "reduced_motion": self.reduced_motion,
        }
        context = browser.new_context(**{**settings, **options})
        context.set_default_timeout(TIMEOUT_MS)
        return context

    def restore(self, page: Page) -> None:
        """Put ``page`` back in this window: a test may have resized it, or emulated another
        colour scheme, less motion or print media."""
        page.set_viewport_size({"width": self.width, "height": self.height})
        page.emulate_media(
            media="null",
            color_scheme=self.color_scheme,
            reduced_motion=self.reduced_motion,
            forced_colors="none",
            contrast="no-preference",
        )


class ReusedPage:
    """One page of one context, which the tests of a package take in turn (in one process).

    :meth:`fresh` puts it back before each test: it leaves the last test's page (whose unload
    handlers run then, and may write storage), goes to the server's blank page, clears the
    origin's localStorage and sessionStorage there (all that the widget and the practice pages
    remember), lets go of a mouse button that a failed drag left pressed, and restores the
    window. It keeps the HTTP and code caches and the renderer process: a test that counts
    requests or depends on a first visit needs a context of its own, as does one that changes
    the context (routes, init scripts, dialogs, a touch screen, JavaScript off).
    """

    def __init__(self, browser: Browser, window: Window, blank: str) -> None:
        self.window = window
        self.blank = blank
        """The address of the test server's blank page (``BLANK`` in tests/conftest.py)."""
        self.context = window.new_context(browser)
        self.page = self.context.new_page()

    def fresh(self) -> Page:
        if self.page.is_closed():  # a test closed it
            self.page = self.context.new_page()
        page = self.page
        page.goto(self.blank)
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.mouse.up()
        self.window.restore(page)
        return page

    def close(self) -> None:
        from playwright.sync_api import Error as PlaywrightError

        with contextlib.suppress(PlaywrightError):
            self.context.close()


Listener = Callable[[Any], object]


@contextlib.contextmanager
def listening(target: Page | BrowserContext, listeners: Mapping[str, Listener]) -> Iterator[None]:
    """``listeners`` (event name: listener) attached to ``target`` for the block, and removed
    after it: on a reused page, a listener left behind would go on hearing the next tests."""
    for event, listener in listeners.items():
        target.on(event, listener)  # type: ignore[call-overload]  # a name known at run time
    try:
        yield
    finally:
        for event, listener in listeners.items():
            target.remove_listener(event, listener)


def error_listeners(errors: list[str], *, failed_loads: bool = False) -> dict[str, Listener]:
    """Listeners for a page that write its uncaught script errors and its console errors into
    ``errors``, in order. A file that failed to load is no script error (the console says
    "Failed to load resource"): a test that cares about files records responses, or counts
    them as errors with ``failed_loads`` (a copy opened from disk, where file:// refuses)."""

    def page_error(error: Error) -> None:
        errors.append(f"page error: {error}")

    def console(message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        if failed_loads or not message.text.startswith("Failed to load resource"):
            errors.append(f"console: {message.text} ({message.location.get('url')})")

    return {"pageerror": page_error, "console": console}
