"""Addresses a reader did not choose: the links Tabula's script builds stay on the site.

Many hosts answer an unknown path with the site's 404.html, and some fold runs of slashes
(``//search/`` is served as ``/search/``). A path like ``///evil.example/x/`` then reaches a
page whose scripts read ``location.pathname``: every link generator/site/assets/tabula.js
builds from it (the language switcher, Pagefind's files and result links) must be a path on the
same origin, never ``//evil.example/x/`` (another host) or ``javascript:`` (a script).

The built site of conftest.py is served again by :class:`_Lenient`, which answers like such a
host. The tests take turns on one page of a context of their own (this server's origin, not the
one of the other browser tests), and record no requests in ``site.requests`` (test_site.py
checks those for requests that leave the site, and this server has another port).

``make test`` reaches the search page by a doubled slash in English, ``make test-deep`` in both
languages.
"""

from __future__ import annotations

import contextlib
import http.server
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.browser_fixtures import Listener, listening
from tests.conftest import in_turn, serving

from .conftest import WINDOW, Site

pytestmark = pytest.mark.browser


class _Lenient(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files, and its 404.html (status 404) for every unknown path, as
    GitHub Pages, Netlify and most web servers configured for MkDocs do. (http.server itself
    folds a leading ``//`` into ``/``: ``//search/`` is the search page.)"""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def lenient(site: Site) -> Iterator[str]:
    """The origin (``http://127.0.0.1:PORT``, no slash) of the site served like such a host."""
    with serving(site.folder, _Lenient) as url:
        yield url.rstrip("/")


@pytest.fixture(scope="module")
def window(browser: Browser) -> Iterator[Page]:
    """The page this module's tests take in turn: each opens an address of its own in it."""
    context = WINDOW.new_context(browser)
    try:
        yield context.new_page()
    finally:
        with contextlib.suppress(PlaywrightError):
            context.close()


@dataclass
class Visit:
    """The module's page, with what this test saw happen in it."""

    page: Page
    errors: list[str] = field(default_factory=list)
    """Uncaught script errors, in order."""
    requests: list[str] = field(default_factory=list)
    """Every address the page asked for."""


@pytest.fixture
def visit(window: Page) -> Iterator[Visit]:
    visit = Visit(window)
    listeners: dict[str, Listener] = {
        "pageerror": lambda error: visit.errors.append(str(error)),
        "request": lambda request: visit.requests.append(request.url),
    }
    with listening(window, listeners):
        yield visit


def page_addresses(page: Page, site: Site) -> list[str]:
    """Every address the page links to or loads (<a href>, <link href>, <script src>, resolved),
    but for those MkDocs wrote from site_url (canonical and alternate links: the build's server,
    another port)."""
    found: list[str] = page.evaluate(
        """() => [
          ...[...document.querySelectorAll("a[href], link[href]")].map((node) => node.href),
          ...[...document.querySelectorAll("script[src]")].map((node) => node.src),
        ]"""
    )
    return [address for address in found if not address.startswith(site.url)]


def off_site(page: Page, addresses: list[str], *, plain: bool = True) -> list[str]:
    """The addresses among ``addresses`` that are not on the page's origin, or, when ``plain``,
    whose path is not a plain one: "http://site//evil.example/" is on the site, but its path
    taken alone (as Pagefind takes its base) is a link to another host."""
    origin = str(page.evaluate("location.origin"))
    bad = []
    for address in addresses:
        parts = urlsplit(address)
        same = f"{parts.scheme}://{parts.netloc}" == origin
        if not same or (plain and (parts.path.startswith("//") or "\\" in parts.path)):
            bad.append(address)
    return bad


def switcher(page: Page) -> dict[str, str]:
    """The language switcher's links once tabula.js has rewritten them: lang -> address."""
    page.locator('a.md-select__link[hreflang][target="_self"]').nth(1).wait_for(state="attached")
    links: list[list[str]] = page.eval_on_selector_all(
        "a.md-select__link[hreflang]", "links => links.map(l => [l.hreflang, l.href])"
    )
    return dict((lang, href) for lang, href in links)


HOSTILE = [
    # (the path asked for, the page's path in the switcher's English link).
    pytest.param("///evil.example/x/", "/evil.example/x/", id="three-slashes"),
    pytest.param("////evil.example/x/?q=1#top", "/evil.example/x/", id="four-slashes"),
    pytest.param("/\\evil.example/", "/evil.example/", id="backslash"),
    pytest.param("/\\\\evil.example/x/", "/evil.example/x/", id="backslashes"),
    pytest.param("/%2F%2Fevil.example/", "/%2F%2Fevil.example/", id="encoded-slashes"),
    pytest.param(
        "/javascript:alert(document.domain)//",
        "/javascript:alert(document.domain)/",
        id="javascript",
    ),
    pytest.param("/evil.example:8080/x/", "/evil.example:8080/x/", id="scheme-like"),
    pytest.param("/ru///evil.example/x/", "/evil.example/x/", id="russian-three-slashes"),
    pytest.param("/x/#//evil.example/", "/x/", id="hash"),
]


@pytest.mark.parametrize(("path", "expected"), HOSTILE)
def test_the_404_pages_language_switcher_stays_on_the_site(
    visit: Visit, site: Site, lenient: str, path: str, expected: str
) -> None:
    page = visit.page
    response = page.goto(lenient + path)
    assert response is not None and response.status == 404, "the 404 page answers"
    links = switcher(page)
    assert set(links) == {"en", "ru"}
    assert off_site(page, list(links.values())) == [], links
    # The switcher still means "this path in the other language".
    hash_ = str(page.evaluate("location.hash"))
    assert links["en"] == lenient + expected + hash_
    assert links["ru"] == lenient + "/ru" + expected + hash_
    assert off_site(page, page_addresses(page, site), plain=False) == []
    assert visit.errors == []


@in_turn("lang", ["", "ru/"], 0, ids=["english", "russian"])
def test_the_search_page_reached_by_a_doubled_slash_keeps_its_links_on_the_site(
    visit: Visit, site: Site, lenient: str, lang: str
) -> None:
    # http.server serves //search/ as /search/: the page's relative "base" (..) then resolves
    # to "//", which made Pagefind fetch http://pagefind/pagefind-entry.json (the host
    # "pagefind") and would make its result links //puzzles/... (the host "puzzles").
    page = visit.page
    response = page.goto(f"{lenient}//{lang}search/")
    assert response is not None and response.ok
    page.locator("#tabula-search input").fill("1")
    result = page.locator("#tabula-search .pagefind-ui__result-link").first
    with contextlib.suppress(PlaywrightError):
        result.wait_for()  # no result is a failure below, after the requests say why
    fetched = [url for url in visit.requests if urlsplit(url).scheme not in ("data", "blob")]
    assert off_site(page, fetched, plain=False) == [], "requests outside the site"
    assert result.count() == 1, visit.errors
    results: list[str] = page.eval_on_selector_all(
        "#tabula-search .pagefind-ui__result-link", "links => links.map(l => l.href)"
    )
    assert off_site(page, results) == [], results[:5]
    assert all(urlsplit(link).path.startswith(f"/{lang}") for link in results), results[:5]
    links = switcher(page)
    assert links == {"en": f"{lenient}/search/", "ru": f"{lenient}/ru/search/"}
    pagefind: list[str] = page.evaluate(
        """() => [
          document.getElementById("tabula-pagefind-css").href,
          ...[...document.scripts].map((s) => s.src).filter((s) => s.includes("pagefind")),
        ]"""
    )
    assert len(pagefind) >= 2 and off_site(page, pagefind) == [], pagefind
    # Material's own links are relative, resolved against the address asked for: on the site,
    # though with its doubled slash.
    assert off_site(page, page_addresses(page, site), plain=False) == []
    assert visit.errors == []
