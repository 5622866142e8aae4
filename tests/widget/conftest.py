"""The puzzle widget on the built site, in Debian's chromium driven by Playwright.

A copy of the project (mkdocs.yml, docs/, puzzles/) is built once per session into a temporary
folder, with a few puzzles of its own beside the project's (:data:`EXTRA`: a double played in
four steps, an oversized die bearing off, the largest graph measured), and served on 127.0.0.1
by a threaded ``http.server``. Building a copy leaves the work tree's generated pages alone.
Each test gets a fresh browser context (fresh storage: no progress leaks between tests).

No browser is downloaded: the tests launch ``/usr/bin/chromium`` (``make test`` installs
Debian's package) and are skipped, saying why, when it is missing or cannot start.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from generator.puzzles import Project, check_files, yaml_files

REPO = Path(__file__).parent.parent.parent
TIMEOUT_MS = 15_000

EXTRA = {
    "backgammon/zz-widget-double.yaml": """\
id: zz-widget-double
variant: backgammon
title: {en: Four threes, ru: Четыре тройки}
level: 1
position:
  mover: {13: 2, 8: 2, 6: 11}
  opponent: {1: 2, 12: 5, 17: 3, 19: 5}
dice: [3, 3]
task: play
prompt: {en: Make two new points with 3-3., ru: Займите 3-3 два новых пункта.}
answer: [13/10(2) 8/5(2)]
explain: {en: Both points at once., ru: Сразу два пункта.}
""",
    "backgammon/zz-widget-bear-off.yaml": """\
id: zz-widget-bear-off
variant: backgammon
title: {en: An oversized six, ru: Шестёрка больше пункта}
level: 2
position:
  mover: {5: 2, 3: 3, 1: 1}
  opponent: {24: 2, 13: 13}
dice: [6, 2]
task: play
prompt: {en: Bear off with 6-2., ru: Снимите шашки с 6-2.}
answer: any
""",
    "backgammon/zz-widget-spread.yaml": """\
id: zz-widget-spread
variant: backgammon
title: {en: Fifteen lone checkers, ru: Пятнадцать одиноких шашек}
level: 5
position:
  text: "16:1 15:1 14:1 13:1 12:1 11:1 10:1 9:1 8:1 7:1 6:1 5:1 4:1 3:1 2:1 / 21:5 20:5 19:5"
dice: [1, 1]
task: play
prompt: {en: Play 1-1 any way., ru: Сыграйте 1-1 как угодно.}
answer: any
""",
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "browser: drives the built site in Debian's chromium (deselect: -m 'not browser')",
    )


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@dataclass
class Site:
    """The built copy of the project: its sources, its pages, and where they are served."""

    root: Path
    folder: Path
    url: str
    project: Project

    def __call__(self, path: str = "") -> str:
        return self.url + path.lstrip("/")


def _copy_project(root: Path) -> None:
    from generator.site.generate import GENERATED

    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "puzzles", root / "puzzles")
    shutil.copytree(REPO / "docs", root / "docs")
    for lang in ("en", "ru"):
        for folder in GENERATED:
            shutil.rmtree(root / "docs" / lang / folder, ignore_errors=True)
    for name, text in EXTRA.items():
        (root / "puzzles" / name).write_text(text, encoding="utf-8")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = tmp_path_factory.mktemp("widget-project")
    _copy_project(root)
    folder = root / "site"
    folder.mkdir()
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    # site_url is the server's: Material's instant navigation takes over only the links found
    # in sitemap.xml, whose addresses come from site_url.
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(folder), site_url=url, strict=False)
    tabula = config.plugins["tabula"].config
    if "pdf" in tabula:
        tabula["pdf"] = "no"  # no worksheet PDFs: a Chromium run each, and no test opens one
    build(config)
    project = check_files(yaml_files([root / "puzzles"]))
    thread = threading.Thread(target=server.serve_forever, name="widget-site", daemon=True)
    thread.start()
    try:
        yield Site(root, folder, url, project)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


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
