"""How fast the whole site builds: ``python -m generator bench site``.

A throw-away project of ``puzzles`` generated puzzles of every game and ``lessons`` lessons
naming them (:func:`generator.bench.check.bench_puzzles`, with the few puzzles the checker refuses
replaced), with this project's ``mkdocs.yml`` and hand-written pages, is built with
``mkdocs build`` in a child process: both languages, Pagefind's index, no worksheet PDFs. In
the same run a plain Material project (the same i18n set-up, no tabula plugin) is built from the
very pages the plugin wrote (the same number of pages, each puzzle page with its 8-10 KB inline
SVG), so the ratio of the two times is the plugin's whole cost. Peak memory is the largest
resident set of each build's process tree (``wait4``); CPU times are printed too, steadier than
the wall clock on a busy machine. Last, a child process builds the Tabula project once, changes
one puzzle and builds again as ``mkdocs serve`` would (a fresh config, the same process and its
caches): that second time is the rebuild; then once more as ``mkdocs serve --dirty`` would.

Nothing here asserts a time; the targets (issue 6) are a ratio under 2.0, a peak under 1 GB
and a rebuild under 3 s.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from resource import RUSAGE_CHILDREN, RUSAGE_SELF, getrusage
from typing import TypedDict

from generator.engine import VARIANTS
from generator.engine.samples import DEFAULT_SEED
from generator.site.generate import GENERATED

from .check import bench_puzzles

REPO = Path(__file__).resolve().parent.parent.parent
"""Where ``mkdocs.yml`` and ``docs/`` of this project are."""

PUZZLES_PER_LESSON = 10

TARGETS = {"ratio": 2.0, "peak_mb": 1024.0, "rebuild_seconds": 3.0}


class Build(TypedDict):
    """One timed build in a child process."""

    seconds: float
    cpu_seconds: float
    """User and system time of the whole process tree: steadier than the wall clock on a
    machine that does other work at the same time."""
    peak_mb: float
    pages: int


class SiteFigures(TypedDict):
    """What :func:`bench_site` measured."""

    puzzles: int
    lessons: int
    tabula: Build
    plain: Build
    ratio: float
    cpu_ratio: float
    first_build_seconds: float
    rebuild_seconds: float
    rebuild_cpu_seconds: float
    dirty_rebuild_seconds: float
    dirty_rebuild_cpu_seconds: float
    rebuild_peak_mb: float


# The projects ----------------------------------------------------------------------------------


def _edit_config(text: str, tabula: bool) -> str:
    """This project's mkdocs.yml for a bench project: never strict (pages being written may
    have a broken link), no worksheet PDFs, the theme's overrides (``custom_dir``) found in this
    project; without the tabula plugin and its overrides when ``tabula`` is off."""
    text, strict = re.subn(r"(?m)^strict:.*$", "strict: false", text)
    overrides = re.compile(r"(?m)^(\s*)custom_dir:\s*(\S+)\s*$")
    if tabula:
        text = overrides.sub(lambda m: f"{m.group(1)}custom_dir: {REPO / m.group(2)}", text)
    else:
        text = overrides.sub("", text)
    plugin = re.compile(r"(?m)^(\s*)- tabula\s*$")
    if not plugin.search(text):
        raise RuntimeError("bench site: mkdocs.yml has no '- tabula' plugin line to work with")
    if tabula:
        text = plugin.sub(lambda m: f'{m.group(1)}- tabula:\n{m.group(1)}    pdf: "no"', text)
    else:
        text = plugin.sub("", text)
    return text if strict else "strict: false\n" + text


def _copy_docs(source: Path, target: Path, with_generated: bool) -> None:
    def ignore(folder: str, names: list[str]) -> set[str]:
        if with_generated or Path(folder).parent != source:
            return set()
        return {name for name in names if name in GENERATED}

    shutil.copytree(source, target, ignore=ignore)


def _clean_puzzles(folder: Path, count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` generated puzzles that the checker accepts, as (id, variant key), in order.
    A few random positions make a task that cannot be asked (no play possible): those files
    are removed, and a tenth more are generated to make up for them."""
    from generator.puzzles import check_files

    paths = bench_puzzles(folder, math.ceil(count * 1.1) + 10, seed)
    project = check_files(paths)
    kept: list[tuple[str, str]] = []
    for path in paths:
        puzzle_id = f"bench-{int(path.stem[1:])}"
        if len(kept) < count and puzzle_id in project.puzzles:
            kept.append((puzzle_id, path.parent.name))
        else:
            path.unlink()
    if len(kept) < count:
        raise RuntimeError(f"bench site: only {len(kept)} of {count} generated puzzles are clean")
    return kept


def _write_lessons(folder: Path, puzzles: list[tuple[str, str]], count: int) -> None:
    """``count`` lessons of one game each, naming ten of its puzzles."""
    folder.mkdir(parents=True, exist_ok=True)
    by_variant: dict[str, list[str]] = {}
    for puzzle_id, variant in puzzles:
        by_variant.setdefault(variant, []).append(puzzle_id)
    variants = [key for key in VARIANTS if key in by_variant]
    for index in range(count):
        variant = variants[index % len(variants)]
        start = (index // len(variants)) * PUZZLES_PER_LESSON
        chosen = by_variant[variant][start : start + PUZZLES_PER_LESSON] or by_variant[variant][:1]
        names = "".join(f"  - {puzzle_id}\n" for puzzle_id in chosen)
        (folder / f"bench-lesson-{index:02d}.yaml").write_text(
            f"id: bench-lesson-{index:02d}\n"
            f"title: {{en: Generated lesson {index}, ru: Сгенерированный урок {index}}}\n"
            "intro: {en: Ten generated positions., ru: Десять сгенерированных позиций.}\n"
            "audience: {en: Anyone, ru: Все}\n"
            f"level: {1 + index % 5}\nvariants: [{variant}]\npuzzles:\n{names}",
            encoding="utf-8",
        )


def make_tabula_project(root: Path, puzzles: int, lessons: int, seed: int = DEFAULT_SEED) -> None:
    """This project's mkdocs.yml and hand-written pages, ``puzzles`` generated puzzles and
    ``lessons`` lessons, in ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    (root / "mkdocs.yml").write_text(_edit_config(config, tabula=True), encoding="utf-8")
    _copy_docs(REPO / "docs", root / "docs", with_generated=False)
    kept = _clean_puzzles(root / "puzzles", puzzles, seed)
    _write_lessons(root / "puzzles" / "lessons", kept, lessons)


def make_plain_project(tabula_root: Path, root: Path) -> None:
    """A Material project with the same pages as the built ``tabula_root`` (the Markdown the
    plugin wrote) and the same i18n set-up, without the tabula plugin."""
    root.mkdir(parents=True, exist_ok=True)
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    (root / "mkdocs.yml").write_text(_edit_config(config, tabula=False), encoding="utf-8")
    _copy_docs(tabula_root / "docs", root / "docs", with_generated=True)
    # The generated pages hold marks where the plugin puts boards and lists back after
    # Markdown: the plain project gets the HTML itself, as a site without the plugin would.
    from generator.site.generate import prepare, put_back

    prepare(tabula_root / "puzzles", tabula_root / "docs")
    for page in (root / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        if "<!--tabula:" in text:
            page.write_text(put_back(text), encoding="utf-8")


# Timing ----------------------------------------------------------------------------------------


def _environment() -> dict[str, str]:
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0"}


def _run(command: list[str], cwd: Path) -> tuple[float, float, float, str]:
    """Run ``command``; its wall time, its process tree's CPU time, the tree's peak resident
    set in MB (its largest process: ``wait4``'s ``ru_maxrss``) and what it printed."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=err, env=_environment())
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        printed, problems = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    if child.returncode != 0:
        tail = "\n".join(problems.strip().splitlines()[-15:])
        raise RuntimeError(f"bench site: {' '.join(command[:4])}... failed:\n{tail}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, printed


def _pages(site: Path) -> int:
    return sum(1 for _ in site.rglob("index.html"))


def timed_build(root: Path) -> Build:
    """``mkdocs build`` of the project in ``root`` in a child process (into ``root/site``)."""
    site = root / "site"
    command = [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(site)]
    seconds, cpu, peak, _ = _run(command, root)
    return {"seconds": seconds, "cpu_seconds": cpu, "peak_mb": peak, "pages": _pages(site)}


def timed_rebuild(root: Path) -> tuple[dict[str, float], float]:
    """A build, then rebuilds after one puzzle changed, in one child process as under
    ``mkdocs serve`` (see :func:`_serve_rebuilds`): the times and the process's peak memory
    in MB."""
    command = [sys.executable, "-m", "generator.bench.site", "rebuild", str(root)]
    _, _, peak, printed = _run(command, root)
    times: dict[str, float] = json.loads(printed.strip().splitlines()[-1])
    return times, peak


def _serve_rebuilds(root: Path) -> dict[str, float]:
    """What ``mkdocs serve`` does at start and after one puzzle changed: a fresh config, the
    plugins' ``on_startup``, a build into the same folder, in one process. Then the same after
    another change as ``mkdocs serve --dirty`` does it (only changed pages are rendered;
    mkdocs-static-i18n looks for ``--dirty`` in ``sys.argv`` for the other language)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    site = root / "serve-site"
    changed = sorted((root / "puzzles").glob("*/p*.yaml"))[0]

    def cpu() -> float:
        mine, children = (getrusage(who) for who in (RUSAGE_SELF, RUSAGE_CHILDREN))
        return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime

    def change(title: str) -> None:
        text = re.sub(r"title: \{en: [^,]*,", f"title: {{en: {title},", changed.read_text("utf-8"))
        changed.write_text(text, encoding="utf-8")

    def serve_build(dirty: bool = False) -> tuple[float, float]:
        start, start_cpu = time.perf_counter(), cpu()
        config = load_config(str(root / "mkdocs.yml"), site_dir=str(site))
        config.site_url = "http://127.0.0.1:8000/"
        config.plugins.on_startup(command="serve", dirty=dirty)
        build(config, serve_url="http://127.0.0.1:8000/", dirty=dirty)
        return time.perf_counter() - start, cpu() - start_cpu

    first, _ = serve_build()
    change("A changed puzzle")
    rebuild, rebuild_cpu = serve_build()
    change("A puzzle changed again")
    sys.argv.append("--dirty")
    dirty, dirty_cpu = serve_build(dirty=True)
    return {
        "first": first,
        "rebuild": rebuild,
        "rebuild_cpu": rebuild_cpu,
        "dirty": dirty,
        "dirty_cpu": dirty_cpu,
    }


# The bench -------------------------------------------------------------------------------------


def bench_site(puzzles: int = 1000, lessons: int = 20, seed: int = DEFAULT_SEED) -> SiteFigures:
    """Make both projects in a temporary folder, build and rebuild them; the figures."""
    with tempfile.TemporaryDirectory(prefix="tabula-bench-") as folder:
        tabula_root, plain_root = Path(folder) / "tabula", Path(folder) / "plain"
        make_tabula_project(tabula_root, puzzles, lessons, seed)
        tabula = timed_build(tabula_root)
        make_plain_project(tabula_root, plain_root)
        plain = timed_build(plain_root)
        times, rebuild_peak = timed_rebuild(tabula_root)
    return {
        "puzzles": puzzles,
        "lessons": lessons,
        "tabula": tabula,
        "plain": plain,
        "ratio": tabula["seconds"] / plain["seconds"],
        "cpu_ratio": tabula["cpu_seconds"] / plain["cpu_seconds"],
        "first_build_seconds": times["first"],
        "rebuild_seconds": times["rebuild"],
        "rebuild_cpu_seconds": times["rebuild_cpu"],
        "dirty_rebuild_seconds": times["dirty"],
        "dirty_rebuild_cpu_seconds": times["dirty_cpu"],
        "rebuild_peak_mb": rebuild_peak,
    }


def _mark(value: float, target: float) -> str:
    return "ok" if value < target else "OVER"


def print_site_bench(
    puzzles: int = 1000, lessons: int = 20, seed: int = DEFAULT_SEED
) -> SiteFigures:
    """Run :func:`bench_site`, print its figures and return them."""
    print(
        f"building a project of {puzzles} generated puzzles and {lessons} lessons (both "
        "languages), then a plain Material project of the same pages, then a rebuild...",
        flush=True,
    )
    figures = bench_site(puzzles, lessons, seed)
    tabula, plain = figures["tabula"], figures["plain"]
    peak = max(tabula["peak_mb"], figures["rebuild_peak_mb"])
    ratio = figures["ratio"]
    print(
        f"Tabula build: {tabula['seconds']:.1f} s ({tabula['cpu_seconds']:.1f} s of CPU), "
        f"{tabula['pages']} pages, peak {tabula['peak_mb']:.0f} MB\n"
        f"plain Material build: {plain['seconds']:.1f} s ({plain['cpu_seconds']:.1f} s of CPU), "
        f"{plain['pages']} pages, peak {plain['peak_mb']:.0f} MB\n"
        f"ratio: {ratio:.2f}, in CPU time {figures['cpu_ratio']:.2f} (target: under "
        f"{TARGETS['ratio']:.1f}, {_mark(ratio, TARGETS['ratio'])})\n"
        f"peak memory: {peak:.0f} MB (target: under 1 GB, {_mark(peak, TARGETS['peak_mb'])})\n"
        f"rebuild after changing one puzzle, as `make serve` does it (mkdocs serve --dirty: "
        f"the changed pages only): {figures['dirty_rebuild_seconds']:.1f} s "
        f"({figures['dirty_rebuild_cpu_seconds']:.1f} s of CPU; target: under "
        f"{TARGETS['rebuild_seconds']:.0f} s, "
        f"{_mark(figures['dirty_rebuild_seconds'], TARGETS['rebuild_seconds'])})\n"
        f"the same rebuilding every page (mkdocs serve without --dirty): "
        f"{figures['rebuild_seconds']:.1f} s ({figures['rebuild_cpu_seconds']:.1f} s of CPU; "
        f"the first build in that process took {figures['first_build_seconds']:.1f} s)"
    )
    return figures


def main(argv: list[str]) -> int:
    """The child process of :func:`timed_rebuild`: ``rebuild ROOT`` prints the two times."""
    if len(argv) == 2 and argv[0] == "rebuild":
        print(json.dumps(_serve_rebuilds(Path(argv[1]))))
        return 0
    print("usage: python -m generator.bench.site rebuild PROJECT", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
