"""Options for the whole test suite: the deep sweeps, hypothesis's profiles, and the project's
site built once for every test that looks at it.

Only the standard library and pytest are needed here, so that the engine and puzzle tests run
without the site or browser stack: hypothesis and MkDocs are imported only where they are used,
and the browser fixtures are a plugin of their own (tests/browser_fixtures.py) that only
tests/browser and tests/widget load.

- ``pytest`` (``make test``) deselects the tests marked ``deep`` and runs hypothesis with the
  ``tabula`` profile: derandomized, a fixed and modest number of examples, so two runs test the
  same cases and take the same time.
- ``pytest --deep`` (``make test-deep``) also runs the ``deep`` tests (the sweeps against GNU
  Backgammon and the reference move generators, live and at full size) and switches hypothesis
  to the ``deep`` profile: random, many more examples, failures kept in .hypothesis/ and tried
  first next time. ``--hypothesis-profile NAME`` chooses a profile by hand.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from generator.puzzles import Project

REPO = Path(__file__).parent.parent

EXAMPLES = 50
"""Examples per hypothesis test in ``make test`` (the ``tabula`` profile)."""
DEEP_EXAMPLES = 1000
"""Examples per hypothesis test in ``make test-deep`` (the ``deep`` profile)."""


def _register_hypothesis_profiles() -> None:
    try:
        from hypothesis import settings
    except ImportError:  # not installed: the property tests cannot run anyway
        return
    settings.register_profile(
        "tabula", max_examples=EXAMPLES, derandomize=True, deadline=None, database=None
    )
    settings.register_profile("deep", max_examples=DEEP_EXAMPLES, deadline=None)
    settings.load_profile("tabula")


# Registered and loaded on import, before any test module builds its settings; the hypothesis
# plugin's own --hypothesis-profile (read later, in its pytest_configure) still wins.
_register_hypothesis_profiles()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/render/golden/*.svg from the current drawing code (look at the "
        "gallery first: python -m generator.render.gallery OUT_DIR)",
    )
    parser.addoption(
        "--deep",
        action="store_true",
        default=False,
        help="also run the tests marked deep (the live sweeps against GNU Backgammon and the "
        "reference move generators) and use hypothesis's deep profile (make test-deep)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--deep") and not config.getoption("hypothesis_profile", None):
        with contextlib.suppress(ImportError):
            from hypothesis import settings

            settings.load_profile("deep")


def in_turn(
    names: str, values: Sequence[Any], turn: int, ids: Sequence[str] | None = None
) -> pytest.MarkDecorator:
    """``pytest.mark.parametrize(names, values, ids=ids)``, where ``make test`` runs one of the
    values, the ``turn``-th (counted round), and ``make test-deep`` runs them all (the others
    are marked ``deep``). For a browser test's repetitions that check the same behaviour again
    (its languages, widths, schemes, hostile inputs): tests over the same values take different
    turns, so that ``make test`` still sees every value somewhere.

    >>> [param.marks for param in in_turn("lang", ["en", "ru"], 1).args[1]]
    [(MarkDecorator(mark=Mark(name='deep', args=(), kwargs={})),), ()]
    """
    return pytest.mark.parametrize(names, taken_in_turn(values, turn, ids, unpack="," in names))


def taken_in_turn(
    values: Sequence[Any], turn: int, ids: Sequence[str] | None = None, *, unpack: bool = False
) -> list[Any]:
    """The params of :func:`in_turn`, for a fixture's ``params`` too: the ``turn``-th value
    (counted round) as it is, the others marked ``deep``; with ``unpack``, each value is the
    arguments of one param (a parametrize over several names)."""
    chosen = turn % len(values)
    return [
        pytest.param(
            *(value if unpack else (value,)),
            marks=() if index == chosen else (pytest.mark.deep,),
            id=None if ids is None else ids[index],
        )
        for index, value in enumerate(values)
    ]


SLOWEST = (
    # Four that need no project site come first, about as long in all as its build: the site is
    # being built meanwhile (``project_site``).
    "tests/engine/test_gnubg_agreement.py",
    "tests/site/test_atomic_build.py",
    "tests/engine/test_turkish_tavla_reference.py",
    "tests/engine/test_without.py",
    "tests/browser/test_axe_pages.py",
    "tests/browser/test_axe_pages_ru.py",
    "tests/browser/test_referee.py",
    "tests/browser/test_offline_browser.py",
    "tests/browser/test_site.py",
    "tests/widget/test_practice.py",
    "tests/widget/test_page_layout.py",
    "tests/browser/test_search_ranking.py",
    "tests/widget/test_play.py",
    "tests/browser/test_teacher_paths.py",
    "tests/browser/test_hostile_browser.py",
    "tests/widget/test_feedback.py",
    "tests/puzzles/test_drill.py",
    "tests/browser/test_hostile_text.py",
    "tests/widget/test_progress_store.py",
    "tests/site/test_print.py",
    "tests/engine/test_greek_presets.py",
    "tests/site/test_printer.py",
    "tests/browser/test_teacher_site.py",
    "tests/browser/test_looks.py",
    "tests/widget/test_tasks.py",
)
"""The modules that take longest (``make test`` with ``--durations=0``, summed by module; most
of them drive Chromium or build a site), longest first. They run first: ``make test`` hands whole
modules to its two processes in collection order (``--dist loadscope
--no-loadscope-reorder``), so the long ones start early and both processes finish together on
the many short ones. A module left out of the list only runs later, in its usual order."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    first = {path: rank for rank, path in enumerate(SLOWEST)}
    items.sort(key=lambda item: first.get(item.nodeid.split("::", 1)[0], len(first)))
    if config.getoption("--deep"):
        return
    deep = [item for item in items if item.get_closest_marker("deep")]
    if deep:
        config.hook.pytest_deselected(items=deep)
        items[:] = [item for item in items if not item.get_closest_marker("deep")]


def pytest_report_header(config: pytest.Config) -> str:
    if config.getoption("--deep"):
        return "tabula: deep run (tests marked deep included)"
    return "tabula: tests marked deep are deselected (run them with --deep, or make test-deep)"


BROWSER_FIXTURES = "tests.browser_fixtures"


def load_browser_fixtures(config: pytest.Config) -> None:
    """Register the browser fixtures (tests/browser_fixtures.py) as a plugin, once: the
    conftests of tests/browser and tests/widget call this from their pytest_configure."""
    if config.pluginmanager.has_plugin(BROWSER_FIXTURES):
        return
    module = sys.modules.get(BROWSER_FIXTURES)
    if module is None:
        config.pluginmanager.import_plugin(BROWSER_FIXTURES)
    else:  # already imported (its doctests were collected first)
        config.pluginmanager.register(module, BROWSER_FIXTURES)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    # Read from the reports, not from the fixture, so that it works when pytest-xdist runs the
    # browser tests in other processes.
    from tests.browser_fixtures import SKIP_PREFIX

    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else ""
        if SKIP_PREFIX in reason:
            why = reason.split(SKIP_PREFIX, 1)[1]
            terminalreporter.write_line(
                f"warning: the browser tests were skipped: {why}", yellow=True, bold=True
            )
            return


# --- the project's site, built once ------------------------------------------------------------

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
"""Puzzles the widget tests (tests/widget) add to the project's own: a double played in four
steps, an oversized die bearing off, and the largest graph measured."""


BLANK = "__blank__"
"""Where the test server answers with an empty page: the browser tests' reused page waits there
between tests, on the site's own origin (its storage; tests/browser_fixtures.py)."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the built site without a log line a request, and an empty page at :data:`BLANK`."""

    def do_GET(self) -> None:
        if self.path != f"/{BLANK}":
            super().do_GET()
            return
        body = b"<!doctype html><title>blank</title>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@dataclass
class Site:
    """The built copy of the project: its sources, its pages, and where they are served."""

    root: Path
    """The copy's sources: mkdocs.yml, docs/, puzzles/ (with :data:`EXTRA`)."""
    folder: Path
    """The built pages."""
    url: str
    requests: list[str] = field(default_factory=list)
    """Every URL a page of tests/browser requested, in every test of the session."""

    def __call__(self, path: str = "") -> str:
        """The address of ``path`` (``"ru/puzzles/"``) on the test server."""
        return self.url + path.lstrip("/")

    @functools.cached_property
    def project(self) -> Project:
        """The copy's puzzles and lessons, checked."""
        from generator.puzzles import check_files, yaml_files

        return check_files(yaml_files([self.root / "puzzles"]))


def _copy_project(root: Path) -> None:
    """The project's sources into ``root``, without the pages a build of the work tree wrote
    (or is writing) into each language's tree, and :data:`EXTRA`."""
    from generator.site.generate import copy_sources

    copy_sources(REPO, root)
    for name, text in EXTRA.items():
        (root / "puzzles" / name).write_text(text, encoding="utf-8")


def build_project_site(root: Path, folder: Path, url: str) -> None:
    """The project and :data:`EXTRA` copied into ``root`` and built into ``folder``, for
    pages served at ``url``.

    site_url is the server's, as `mkdocs serve` does: Material's instant navigation only takes
    over links found in sitemap.xml, whose addresses come from site_url (and Material keeps
    their port, so https://tabula.example.org/ would match no link on the test server).
    Not strict: warnings (a broken link in a page being written) are the strict build's
    business in ``make test``; here they would hide what the browser sees. No worksheet PDFs
    (a Chromium run each, and no test here opens one).
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    _copy_project(root)
    config = load_config(str(root / "mkdocs.yml"), site_dir=str(folder), site_url=url, strict=False)
    tabula = config.plugins["tabula"].config
    if "pdf" in tabula:
        tabula["pdf"] = "no"
    build(config)


@contextlib.contextmanager
def serving(
    folder: Path, handler_class: type[http.server.SimpleHTTPRequestHandler] = _Quiet
) -> Iterator[str]:
    """``folder`` (made if missing: the site may be built after its server starts) served on
    127.0.0.1 by the benchmarks' host (:func:`generator.bench.hosting.served`), answering as
    ``handler_class`` does: a quiet one that also serves :data:`BLANK`, unless a test needs
    another host's manners. The address given is ``http://127.0.0.1:PORT/``."""
    from generator.bench.hosting import served

    folder.mkdir(parents=True, exist_ok=True)
    with served(folder, handler=handler_class) as url:
        yield url


# With pytest-xdist (``make test``) the controller builds the site once, in a process of its
# own, as soon as a worker has collected a test of tests/browser or tests/widget, and serves it
# for the whole run; a worker waits for it only when a test first asks for it, and runs other
# tests meanwhile (the first modules of SLOWEST need no site). Without xdist, ``project_site``
# builds and serves it itself.

_SHARED = pytest.StashKey["SharedSite"]()
SITE_USERS = ("tests/browser/", "tests/widget/")
"""Where the tests that look at the project's site are (their conftests ask for it)."""
SITE_WAIT_S = 900
"""How long a worker waits for the controller's build before it gives up."""


@dataclass
class SharedSite:
    """The controller's one build of the project's site and its server: where the copy, the
    pages and the build's log are, and the file that says the build ended (its exit code)."""

    root: Path
    url: str
    server: contextlib.ExitStack
    build: subprocess.Popen[bytes] | None = None

    @property
    def folder(self) -> Path:
        return self.root / "site"

    @property
    def log(self) -> Path:
        return self.root.parent / "build.log"

    @property
    def ended(self) -> Path:
        return self.root.parent / "build.rc"

    def start(self) -> None:
        """Build in a process of its own; a thread notes its exit code when it ends."""
        if self.build is not None:
            return
        command = [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from tests.conftest import build_project_site;"
            " build_project_site(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])",
            str(self.root),
            str(self.folder),
            self.url,
        ]
        with self.log.open("wb") as log:
            self.build = subprocess.Popen(command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
        build = self.build

        def note_the_end() -> None:
            self.ended.write_text(str(build.wait()), encoding="utf-8")

        threading.Thread(target=note_the_end, name="project-site-build", daemon=True).start()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """On the xdist controller, for each worker: where the shared site will be."""
    config = node.config
    shared = config.stash.get(_SHARED, None)
    if shared is None:
        root = Path(tempfile.mkdtemp(prefix="tabula-site-")) / "project"
        root.mkdir()
        server = contextlib.ExitStack()
        url = server.enter_context(serving(root / "site"))
        shared = config.stash[_SHARED] = SharedSite(root, url, server)
    node.workerinput["tabula_site"] = [str(shared.root), shared.url]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    shared = node.config.stash.get(_SHARED, None)
    if shared is not None and any(id.startswith(SITE_USERS) for id in ids):
        shared.start()


def pytest_unconfigure(config: pytest.Config) -> None:
    shared = config.stash.get(_SHARED, None)
    if shared is None:
        return
    if shared.build is not None and shared.build.poll() is None:
        shared.build.kill()
        shared.build.wait()
    shared.server.close()
    shutil.rmtree(shared.root.parent, ignore_errors=True)


def _wait_for_the_controllers_site(root: Path, url: str) -> Site:
    ended = root.parent / "build.rc"
    deadline = time.monotonic() + SITE_WAIT_S
    while not ended.is_file():
        if time.monotonic() > deadline:
            pytest.fail(f"the project's site was not built within {SITE_WAIT_S} s", False)
        time.sleep(0.1)
    code = ended.read_text(encoding="utf-8").strip()
    if code != "0":
        log = (root.parent / "build.log").read_text(encoding="utf-8", errors="replace")
        pytest.fail(f"building the project's site failed (exit {code}):\n{log[-3000:]}", False)
    return Site(root, root / "site", url)


@pytest.fixture(scope="session")
def project_site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    """The project (mkdocs.yml, docs/, puzzles/ and :data:`EXTRA`) built once for the run
    (:func:`build_project_site`) into a temporary folder and served on 127.0.0.1, for the
    browser and widget tests: by the xdist controller for all its workers, or here. Building a
    copy leaves the work tree's generated pages alone."""
    shared = getattr(request.config, "workerinput", {}).get("tabula_site")
    if shared is not None:
        root, url = shared
        yield _wait_for_the_controllers_site(Path(root), url)
        return
    root = tmp_path_factory.mktemp("project")
    folder = root / "site"
    with serving(folder) as url:
        build_project_site(root, folder, url)
        yield Site(root, folder, url)
