"""A build replaces the site whole or not at all: the new site is built beside the old one and
swapped in when complete, so that a build killed at any moment, or stopped by strict mode or an
error, leaves the old site byte for byte; the generated page trees of docs/ likewise."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path, PurePosixPath

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort
from mkdocs.structure.files import get_files

from generator.render.pages import Page
from generator.site import generate
from generator.site.generate import GENERATED, Site, write_pages
from generator.site.init import init_project
from tests.conftest import in_turn

REPO = Path(__file__).resolve().parents[2]

# Runs `mkdocs build --strict` and has it wait at each of the points it is given in turn: it
# writes the point's marker file and waits there until the test removes it (or kills it). What
# a build has written when it waits at a point is what it leaves when killed right there: a
# SIGKILL runs nothing more.
DRIVER = """\
import os, sys, time
from generator.site import generate, plugin

waiting, folder = set(sys.argv[1].split(",")), sys.argv[2]

def pause(point):
    if point in waiting:
        waiting.remove(point)
        marker = os.path.join(folder, "paused-" + point)
        open(marker, "w").close()
        while os.path.exists(marker):
            time.sleep(0.005)

makedirs = os.makedirs
def making(path, *args, **kwargs):
    # half-a-tree: a generated tree of docs/ half written beside the old one
    staging = os.path.join("docs", "en", ".puzzles.tabula-new")
    if "half-a-tree" in waiting and ".puzzles.tabula-new" in str(path):
        if any(files for _, _, files in os.walk(staging)):
            pause("half-a-tree")
    return makedirs(path, *args, **kwargs)
os.makedirs = making

index_site = plugin.index_site
def indexing(site_dir):
    pause("pages")  # every page of both languages written, no search index yet
    index_site(site_dir)
    pause("indexed")  # the search index written, the swap not begun
plugin.index_site = indexing

if "renamed" in waiting:  # where renames cannot swap: the old site aside, the new not in place
    generate._exchange = lambda one, two: False
rename = os.rename
def renaming(source, target):
    rename(source, target)
    if str(target).endswith("site.tabula-old"):
        pause("renamed")
os.rename = renaming

exchange = generate._exchange
def exchanging(one, two):
    done = exchange(one, two)
    if done and os.path.basename(two) == "site":
        pause("exchanged")  # the new site in place, the old one not removed yet
    return done
generate._exchange = exchanging

from mkdocs.__main__ import cli
cli(["build", "--strict"])
"""

ENV = {"SOURCE_DATE_EPOCH": "1700000000", "NO_MKDOCS_2_WARNING": "1"}
"""The builds' environment: two builds of the same sources are byte-identical."""


def _build_here(root: Path) -> None:
    """MkDocs called from Python, as `mkdocs build` calls it (strict: mkdocs.yml says so) but
    without on_shutdown at the end (the plugin is one for the whole process: on_startup says
    which command this is), in the builds' environment (:data:`ENV`)."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in ENV.items():
            patch.setenv(name, value)
        config = load_config(str(root / "mkdocs.yml"))
        config.plugins.on_startup(command="build", dirty=False)
        build(config)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("built") / "club"
    init_project(root, ("en", "ru"))
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "  - tabula:\n" in text
    config.write_text(text.replace("  - tabula:\n", "  - tabula:\n      pdf: no\n"), "utf-8")
    _build_here(root)
    return root


@pytest.fixture
def project(built: Path, tmp_path: Path) -> Path:
    """A teacher's site in English and Russian, built once: the "old" site."""
    return Path(shutil.copytree(built, tmp_path / "club", symlinks=True))


def _env() -> dict[str, str]:
    return {**os.environ, **ENV}


def _build(root: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` run in ``root``, as a teacher runs it."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict"]
    return subprocess.run(command, cwd=root, env=_env(), capture_output=True, text=True)


class _PausedBuild:
    """A build (:data:`DRIVER`) that waits at each of ``points`` in turn, killed (with its
    children) when the ``with`` block ends."""

    def __init__(self, root: Path, *points: str) -> None:
        self.folder = root.parent
        self.log = root.parent / "paused-build.log"
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", DRIVER, ",".join(points), str(self.folder)],
                cwd=root,
                env=_env(),
                stdout=log,
                stderr=log,
                start_new_session=True,
            )

    def __enter__(self) -> _PausedBuild:
        return self

    def __exit__(self, *exc: object) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def at(self, point: str) -> None:
        """Wait until the build waits at ``point``."""
        deadline = time.monotonic() + 60
        while not (self.folder / f"paused-{point}").exists():
            assert self.process.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, f"the build never reached {point}"
            time.sleep(0.005)

    def go_on(self, point: str) -> None:
        """Let the build waiting at ``point`` go on."""
        (self.folder / f"paused-{point}").unlink()


def _killed_when(root: Path, path: Path) -> bool:
    """Run a plain build and SIGKILL it as soon as ``path`` appears; ``False`` if the build
    ended first."""
    build = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "--strict"],
        cwd=root,
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    while not path.exists() and build.poll() is None:
        time.sleep(0.002)
    killed = build.poll() is None
    os.killpg(build.pid, signal.SIGKILL)
    build.wait()
    return killed


def _hashes(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by its path, with a hash of its content."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _trees(root: Path) -> dict[str, dict[str, str]]:
    return {
        f"{lang}/{folder}": _hashes(root / "docs" / lang / folder)
        for lang in ("en", "ru")
        for folder in GENERATED
    }


def _leftovers(root: Path) -> list[str]:
    found = [p.name for p in root.iterdir() if ".tabula-" in p.name]
    found += [p.name for lang in ("en", "ru") for p in (root / "docs" / lang).iterdir()]
    return sorted(name for name in found if ".tabula-" in name)


def _retitle(root: Path) -> None:
    puzzle = root / "puzzles" / "backgammon" / "enter-first.yaml"
    text = puzzle.read_text(encoding="utf-8")
    puzzle.write_text(text.replace('en: "Enter first"', 'en: "Bar first"'), encoding="utf-8")


def _complete(site: Path) -> None:
    for name in ("index.html", "404.html", "ru/index.html", "sitemap.xml"):
        assert (site / name).is_file(), name
    assert (site / "pagefind" / "pagefind-entry.json").is_file()
    assert (site / "ru" / "puzzles" / "enter-first" / "index.html").is_file()


def test_a_build_killed_at_any_moment_leaves_the_old_site_and_whole_page_trees(
    project: Path,
) -> None:
    old, old_trees = _hashes(project / "site"), _trees(project)
    # The answer keys, kept out of the site (answer_keys: private), are built beside their
    # folder too, and swapped in with the site.
    old_keys = _hashes(project / "keys")
    assert "lessons/first-lesson/key/index.html" in old_keys
    _retitle(project)
    seen_trees = []

    # One build, looked at where it waits at each moment in turn, killed at the last.
    with _PausedBuild(project, "half-a-tree", "pages", "indexed", "exchanged") as paused:
        # The first generated tree half written beside the old one: every tree of docs/ is
        # still the old one.
        paused.at("half-a-tree")
        assert (project / "docs" / "en" / ".puzzles.tabula-new").is_dir()
        assert _trees(project) == old_trees
        assert _hashes(project / "site") == old
        paused.go_on("half-a-tree")
        for point in ("pages", "indexed"):
            paused.at(point)
            assert (project / "site.tabula-new").is_dir(), point
            assert _hashes(project / "site") == old, point
            assert _hashes(project / "keys") == old_keys, point
            seen_trees.append(_trees(project))
            paused.go_on(point)
        assert (project / "keys.tabula-new" / "lessons" / "first-lesson" / "key").is_dir()
        # Killed after the swap: the new site is in place, the old one not removed yet.
        paused.at("exchanged")
    new, new_keys = _hashes(project / "site"), _hashes(project / "keys.tabula-new")
    assert new != old and _hashes(project / "site.tabula-new") == old
    _complete(project / "site")
    seen_trees.append(_trees(project))

    # The next build clears what killed builds left (the old site beside the new one, a tree
    # half written), with a stale file in each.
    for leftover in ("site.tabula-new", "site.tabula-old", "docs/en/.puzzles.tabula-new"):
        (project / leftover / "deep").mkdir(parents=True)
        (project / leftover / "deep" / "stale.md").write_text("# Stale\n", encoding="utf-8")
    _build_here(project)
    assert _leftovers(project) == []
    _complete(project / "site")
    assert not list((project / "site").rglob("stale*"))
    # The site after all this is the one a build from scratch made: the killed one, whose
    # staging folders were new and which was killed once they were whole (the site in place).
    assert _hashes(project / "site") == new
    assert "Bar first" in (project / "site" / "puzzles" / "enter-first" / "index.html").read_text()
    keys = _hashes(project / "keys")
    assert keys != old_keys and keys.keys() == old_keys.keys()
    assert keys == new_keys
    # Each generated tree was at every moment either the old one or the new one.
    new_trees = _trees(project)
    for trees in seen_trees:
        for name, tree in trees.items():
            assert tree in (old_trees[name], new_trees[name]), name


@pytest.mark.deep
def test_a_build_killed_the_moment_a_file_of_it_appears_leaves_the_old_site(
    project: Path,
) -> None:
    # Unprompted kills, at the moment a file of the build appears (a build that ended first
    # has swapped its complete site in).
    old_trees = _trees(project)
    _retitle(project)
    seen_trees = []
    staging = project / "site.tabula-new"
    for path in (staging, staging / "ru" / "index.html", staging / "pagefind"):
        shutil.rmtree(staging, ignore_errors=True)  # (the last kill's, or it would be there)
        before = _hashes(project / "site")
        if _killed_when(project, path):
            assert _hashes(project / "site") == before, path
        seen_trees.append(_trees(project))
    done = _build(project)
    assert done.returncode == 0, done.stderr
    assert _leftovers(project) == []
    _complete(project / "site")
    new_trees = _trees(project)
    for trees in seen_trees:
        for name, tree in trees.items():
            assert tree in (old_trees[name], new_trees[name]), name


def _break_a_link(root: Path, lang: str) -> None:
    for one in ("en", "ru"):
        link = "missing.md" if one == lang else "index.md"
        page = root / "docs" / one / "notes.md"
        page.write_text(f"# Notes\n\n[A link]({link})\n", encoding="utf-8")


# Russian in make test; the English build stopping is also the in-process test's below. (In
# process: `mkdocs build` exits with 1 on this Abort; the paused builds above run the command.)
@in_turn("lang", ["en", "ru"], 1)
def test_a_strict_build_that_fails_leaves_the_old_site_and_no_staging_folder(
    project: Path, lang: str
) -> None:
    # (The Russian build runs inside i18n's on_post_build of the English one: its abort is
    # the other way a strict build stops.)
    old = _hashes(project / "site")
    _retitle(project)
    _break_a_link(project, lang)
    with pytest.raises(Abort, match="Aborted with 1 warnings in strict mode"):
        _build_here(project)
    assert _hashes(project / "site") == old
    assert _leftovers(project) == []


def _break_a_puzzle(root: Path) -> Path:
    """A wrong answer in a puzzle: the build stops at its first step. The puzzle's file."""
    puzzle = root / "puzzles" / "backgammon" / "higher-die.yaml"
    puzzle.write_text(puzzle.read_text("utf-8").replace('["13/7"]', '["13/9"]'), "utf-8")
    return puzzle


def test_a_build_stopped_by_strict_mode_or_an_error_in_process_leaves_the_old_site(
    project: Path,
) -> None:
    old = _hashes(project / "site")
    _break_a_link(project, "en")
    with pytest.raises(Abort):
        _build_here(project)
    assert _hashes(project / "site") == old
    assert _leftovers(project) == []
    (project / "docs" / "en" / "notes.md").unlink()
    (project / "docs" / "ru" / "notes.md").unlink()
    _break_a_puzzle(project)
    with pytest.raises(Abort):
        _build_here(project)
    assert _hashes(project / "site") == old
    assert _leftovers(project) == []


def test_a_build_killed_between_the_two_renames_gets_the_old_site_back(project: Path) -> None:
    # Where the system cannot swap two folders in one step, the old site is renamed aside
    # first: killed right then, there is no site/ until the next build puts the old one back,
    # before anything else (so that it stays even if that build fails at its first step).
    old = _hashes(project / "site")
    _retitle(project)
    with _PausedBuild(project, "renamed") as paused:
        paused.at("renamed")
    assert not (project / "site").exists()
    assert _hashes(project / "site.tabula-old") == old
    puzzle = _break_a_puzzle(project)
    with pytest.raises(Abort):
        _build_here(project)
    assert _hashes(project / "site") == old
    assert _leftovers(project) == []
    puzzle.write_text(puzzle.read_text("utf-8").replace('["13/9"]', '["13/7"]'), "utf-8")
    _build_here(project)
    assert "Bar first" in (project / "site" / "puzzles" / "enter-first" / "index.html").read_text()


def _site(pages: dict[str, str]) -> Site:
    site = Site(project=None)  # type: ignore[arg-type]  # write_pages reads only the pages
    site.pages["en"] = [Page(PurePosixPath(path), text) for path, text in pages.items()]
    return site


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "two-renames"])
def test_a_tree_is_swapped_whole_and_unchanged_pages_keep_their_times(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exchange: bool
) -> None:
    if not exchange:
        monkeypatch.setattr(generate, "_exchange", lambda one, two: False)
    docs = tmp_path / "docs"
    (docs / "en").mkdir(parents=True)
    pages = {"puzzles/a/index.md": "A", "puzzles/b/index.md": "B", "gallery/index.md": "G"}
    assert write_pages(_site(pages), docs) == 3
    puzzles = docs / "en" / "puzzles"
    (puzzles / "a" / "picture.png").write_bytes(b"kept")  # not a page: the generator keeps it
    old = {name: os.stat(puzzles / name / "index.md") for name in ("a", "b")}
    gallery = os.stat(docs / "en" / "gallery" / "index.md")
    time.sleep(0.01)

    assert write_pages(_site(pages), docs) == 0
    assert os.stat(puzzles / "a" / "index.md").st_ino == old["a"].st_ino
    pages = {"puzzles/a/index.md": "A", "puzzles/c/index.md": "C", "gallery/index.md": "G"}
    assert write_pages(_site(pages), docs) == 1
    assert _hashes(puzzles) == {
        name: hashlib.sha256(text).hexdigest()
        for name, text in (("a/index.md", b"A"), ("a/picture.png", b"kept"), ("c/index.md", b"C"))
    }
    kept = os.stat(puzzles / "a" / "index.md")
    assert kept.st_mtime_ns == old["a"].st_mtime_ns and kept.st_ino == old["a"].st_ino
    # A tree without a change is not touched at all.
    assert os.stat(docs / "en" / "gallery" / "index.md").st_ino == gallery.st_ino
    assert sorted(os.listdir(docs / "en")) == ["gallery", "puzzles"]


def test_staging_folders_are_neither_pages_nor_tracked(tmp_path: Path) -> None:
    root = tmp_path / "club"
    init_project(root, ("en", "ru"))
    staging = root / "docs" / "en" / ".puzzles.tabula-new"
    staging.mkdir()
    (staging / "index.md").write_text("# Half written\n", encoding="utf-8")
    files = get_files(load_config(str(root / "mkdocs.yml")))
    found = files.get_file_from_path("en/.puzzles.tabula-new/index.md")
    assert found is not None and found.inclusion.is_excluded()
    for path in (
        "site.tabula-new/index.html",
        "site.tabula-old/index.html",
        "docs/en/.puzzles.tabula-new/a.md",
        "docs/ru/.gallery.tabula-old/index.md",
    ):
        ignored = ["git", "-C", str(REPO), "check-ignore", "-q", "--no-index", path]
        assert subprocess.run(ignored).returncode == 0, path


def test_mkdocs_serve_builds_in_place(project: Path) -> None:
    # `mkdocs serve` has a temporary folder of its own: the plugin leaves site_dir alone.
    config = load_config(str(project / "mkdocs.yml"))
    plugin = config.plugins["tabula"]
    plugin.on_startup(command="serve", dirty=True)
    try:
        site_dir = config.site_dir
        config.plugins.on_config(config)
        assert config.site_dir == site_dir
    finally:
        plugin.on_startup(command="build", dirty=False)
    config.plugins.on_config(config)
    assert config.site_dir.endswith("site.tabula-new")
    plugin.on_shutdown()
    assert config.site_dir == site_dir
