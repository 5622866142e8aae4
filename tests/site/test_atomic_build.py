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

REPO = Path(__file__).resolve().parents[2]

# Runs `mkdocs build --strict` and stops it dead at a chosen moment: it writes the marker file
# and sleeps there until the test kills it with SIGKILL.
DRIVER = """\
import os, sys, time
from generator.site import generate, plugin

point, marker = sys.argv[1], sys.argv[2]

def pause():
    open(marker, "w").close()
    time.sleep(120)

if point == "half-a-tree":  # a generated tree of docs/ half written beside the old one
    makedirs = os.makedirs
    def making(path, *args, **kwargs):
        staging = os.path.join("docs", "en", ".puzzles.tabula-new")
        if ".puzzles.tabula-new" in str(path) and any(files for _, _, files in os.walk(staging)):
            pause()
        return makedirs(path, *args, **kwargs)
    os.makedirs = making
elif point == "pages":  # every page of both languages written, no search index yet
    plugin.index_site = lambda site_dir: pause()
elif point == "indexed":  # the search index written, the swap not begun
    index_site = plugin.index_site
    plugin.index_site = lambda site_dir: (index_site(site_dir), pause())
elif point == "renamed":  # where renames cannot swap: the old site aside, the new not in place
    generate._exchange = lambda one, two: False
    rename = os.rename
    def renaming(source, target):
        rename(source, target)
        if str(target).endswith("site.tabula-old"):
            pause()
    os.rename = renaming
elif point == "exchanged":  # the new site in place, the old one not removed yet
    exchange = generate._exchange
    def exchanging(one, two):
        done = exchange(one, two)
        if os.path.basename(two) == "site":
            pause()
        return done
    generate._exchange = exchanging

from mkdocs.__main__ import cli
cli(["build", "--strict"])
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("built") / "club"
    init_project(root, ("en", "ru"))
    config = root / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "  - tabula:\n" in text
    config.write_text(text.replace("  - tabula:\n", "  - tabula:\n      pdf: no\n"), "utf-8")
    done = _build(root)
    assert done.returncode == 0, done.stdout + done.stderr
    return root


@pytest.fixture
def project(built: Path, tmp_path: Path) -> Path:
    """A teacher's site in English and Russian, built once: the "old" site."""
    return Path(shutil.copytree(built, tmp_path / "club", symlinks=True))


def _env() -> dict[str, str]:
    return {**os.environ, "SOURCE_DATE_EPOCH": "1700000000", "NO_MKDOCS_2_WARNING": "1"}


def _build(root: Path, *options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", *options]
    return subprocess.run(command, cwd=root, env=_env(), capture_output=True, text=True)


def _killed_at(root: Path, point: str) -> None:
    """Run a build and SIGKILL it (with its children) once it reaches ``point``."""
    marker = root.parent / f"paused-{point}"
    with open(root.parent / f"{point}.log", "w") as log:
        build = subprocess.Popen(
            [sys.executable, "-c", DRIVER, point, str(marker)],
            cwd=root,
            env=_env(),
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert build.poll() is None, (root.parent / f"{point}.log").read_text()
            assert time.monotonic() < deadline, f"the build never reached {point}"
            time.sleep(0.005)
    finally:
        os.killpg(build.pid, signal.SIGKILL)
        build.wait()


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

    # Killed while the first generated tree is half written beside the old one: every tree of
    # docs/ is still the old one; the next build clears the half-written one.
    _killed_at(project, "half-a-tree")
    assert (project / "docs" / "en" / ".puzzles.tabula-new").is_dir()
    assert _trees(project) == old_trees
    assert _hashes(project / "site") == old
    for point in ("pages", "indexed"):
        _killed_at(project, point)
        assert (project / "site.tabula-new").is_dir(), point
        assert _hashes(project / "site") == old, point
        assert _hashes(project / "keys") == old_keys, point
        seen_trees.append(_trees(project))
    assert (project / "keys.tabula-new" / "lessons" / "first-lesson" / "key").is_dir()
    # Unprompted kills, at the moment a file of the build appears (a build that ended first
    # has swapped its complete site in).
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
    assert "Bar first" in (project / "site" / "puzzles" / "enter-first" / "index.html").read_text()
    keys = _hashes(project / "keys")
    assert keys != old_keys and keys.keys() == old_keys.keys()
    # The site after all these kills is the one a build from scratch makes.
    assert _build(project, "--site-dir", str(project.parent / "fresh")).returncode == 0
    assert _hashes(project / "site") == _hashes(project.parent / "fresh")
    assert _hashes(project / "keys") == keys
    # Each generated tree was at every moment either the old one or the new one.
    new_trees = _trees(project)
    for trees in seen_trees:
        for name, tree in trees.items():
            assert tree in (old_trees[name], new_trees[name]), name


def _break_a_link(root: Path, lang: str) -> None:
    for one in ("en", "ru"):
        link = "missing.md" if one == lang else "index.md"
        page = root / "docs" / one / "notes.md"
        page.write_text(f"# Notes\n\n[A link]({link})\n", encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_strict_build_that_fails_leaves_the_old_site_and_no_staging_folder(
    project: Path, lang: str
) -> None:
    # (The Russian build runs inside i18n's on_post_build of the English one: its abort is
    # the other way a strict build stops.)
    old = _hashes(project / "site")
    _retitle(project)
    _break_a_link(project, lang)
    failed = _build(project)
    assert failed.returncode == 1
    assert "Aborted with 1 warnings in strict mode" in failed.stdout + failed.stderr
    assert _hashes(project / "site") == old
    assert _leftovers(project) == []


def test_a_build_stopped_by_strict_mode_or_an_error_in_process_leaves_the_old_site(
    project: Path,
) -> None:
    # MkDocs called from Python, as `mkdocs build` calls it but without on_shutdown at the end
    # (the plugin is one for the whole process: on_startup says which command this is).
    def build_here() -> None:
        config = load_config(str(project / "mkdocs.yml"))
        config.plugins.on_startup(command="build", dirty=False)
        build(config)

    old = _hashes(project / "site")
    _break_a_link(project, "en")
    with pytest.raises(Abort):
        build_here()
    assert _hashes(project / "site") == old
    assert _leftovers(project) == []
    (project / "docs" / "en" / "notes.md").unlink()
    (project / "docs" / "ru" / "notes.md").unlink()
    puzzle = project / "puzzles" / "backgammon" / "higher-die.yaml"
    puzzle.write_text(puzzle.read_text("utf-8").replace('["13/7"]', '["13/9"]'), "utf-8")
    with pytest.raises(Abort):
        build_here()
    assert _hashes(project / "site") == old
    assert _leftovers(project) == []


def test_the_next_build_clears_what_a_killed_one_left(project: Path) -> None:
    for leftover in ("site.tabula-new", "site.tabula-old", "docs/en/.puzzles.tabula-new"):
        (project / leftover / "deep").mkdir(parents=True)
        (project / leftover / "deep" / "stale.md").write_text("# Stale\n", encoding="utf-8")
    done = _build(project)
    assert done.returncode == 0, done.stderr
    assert _leftovers(project) == []
    _complete(project / "site")
    assert not list((project / "site").rglob("stale*"))


def test_a_build_killed_between_the_two_renames_gets_the_old_site_back(project: Path) -> None:
    # Where the system cannot swap two folders in one step, the old site is renamed aside
    # first: killed right then, there is no site/ until the next build puts the old one back,
    # before anything else (so that it stays even if that build fails).
    old = _hashes(project / "site")
    _retitle(project)
    _killed_at(project, "renamed")
    assert not (project / "site").exists()
    assert _hashes(project / "site.tabula-old") == old
    _break_a_link(project, "ru")
    assert _build(project).returncode == 1
    assert _hashes(project / "site") == old
    assert _leftovers(project) == []
    (project / "docs" / "ru" / "notes.md").write_text("# Notes\n", encoding="utf-8")
    assert _build(project).returncode == 0
    assert "Bar first" in (project / "site" / "puzzles" / "enter-first" / "index.html").read_text()


def test_a_build_killed_after_the_swap_leaves_the_new_site(project: Path) -> None:
    old = _hashes(project / "site")
    _retitle(project)
    _killed_at(project, "exchanged")
    new = _hashes(project / "site")
    assert new != old and _hashes(project / "site.tabula-new") == old
    _complete(project / "site")
    assert _build(project).returncode == 0
    assert _hashes(project / "site") == new
    assert _leftovers(project) == []


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
