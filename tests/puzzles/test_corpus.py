"""The corpus of malformed and wrong puzzle and lesson files (issue 4).

Each case is a file ``corpus/**/NAME.yaml`` (checked on its own) or a folder ``corpus/sets/NAME/``
(checked as a whole: duplicate ids, lessons and the puzzles they name). Next to it,
``NAME.expected`` holds the exact lines ``python -m generator check`` prints for it when run from
the repository root, sorted as the report sorts them. A case with a ``NAME.xfail`` file shows a
known bug: its expected lines are what the checker should print, the file says what it prints
instead, and the test fails loudly once the bug is fixed so that the marker can go.

After a message is reworded, ``TABULA_UPDATE_CORPUS=1 pytest tests/puzzles`` rewrites every
``.expected`` file from what the checker prints; review the diff before committing it.

Files that should not live in the repository (over 1 MiB, not UTF-8) are written by the tests;
their expected lines are templates in ``corpus/generated/`` with ``{path}`` for the file.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.cli import run_check
from generator.puzzles import check_files, yaml_files
from generator.puzzles.check import SOURCE_SUFFIXES

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parent / "corpus"
SETS = CORPUS / "sets"
GENERATED = CORPUS / "generated"
SUMMARY = re.compile(r"^checked \d+ files?( \(.*\))?: (no problems|\d+ errors?, \d+ warnings?)$")
MIB = 1024 * 1024


def _single_files() -> list[Path]:
    return sorted(path for path in CORPUS.rglob("*.yaml") if SETS not in path.parents)


def _folders() -> list[Path]:
    return sorted(path for path in SETS.iterdir() if path.is_dir())


CASES = _single_files() + _folders()


def _beside(case: Path, suffix: str) -> Path:
    """The file next to a case that shares its name: ``NAME.expected``, ``NAME.xfail``."""
    return case.parent / f"{case.stem if case.is_file() else case.name}{suffix}"


def _expected_path(case: Path) -> Path:
    return _beside(case, ".expected")


def _param(case: Path) -> object:
    marker = _beside(case, ".xfail")
    name = str(case.relative_to(CORPUS))
    if marker.exists():
        reason = marker.read_text(encoding="utf-8").strip()
        return pytest.param(case, id=name, marks=pytest.mark.xfail(strict=True, reason=reason))
    return pytest.param(case, id=name)


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _check(*paths: Path) -> list[str]:
    """What ``check`` reports for ``paths``, one line per problem, as it prints them (the
    working directory must be the repository root)."""
    project = check_files(yaml_files(list(paths), SOURCE_SUFFIXES))
    return [str(diagnostic) for diagnostic in project.report.sorted()]


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(REPO)
    return REPO


# The corpus ------------------------------------------------------------------------------------


def test_the_corpus_is_large_enough():
    assert len(CASES) >= 45


def test_every_case_has_its_expected_lines_and_every_expectation_its_case():
    missing = [str(case.relative_to(REPO)) for case in CASES if not _expected_path(case).exists()]
    assert not missing, f"cases without a .expected file: {missing}"
    cases = {_expected_path(case) for case in CASES}
    orphans = [
        str(path.relative_to(REPO))
        for path in CORPUS.rglob("*.expected")
        if path not in cases and GENERATED not in path.parents
    ]
    assert not orphans, f".expected files without a case: {orphans}"


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_the_case_gives_exactly_its_expected_lines(case: Path, at_root: Path):
    if os.environ.get("TABULA_UPDATE_CORPUS") and not _beside(case, ".xfail").exists():
        # After rewording messages: rewrite every .expected, then read the diff line by line.
        found = _check(case.relative_to(at_root))
        _expected_path(case).write_text("".join(f"{line}\n" for line in found), "utf-8")
    expected = _lines(_expected_path(case))
    if not _beside(case, ".xfail").exists():
        assert expected, "a corpus case is wrong in some way: its .expected names the problem"
    assert _check(case.relative_to(at_root)) == expected


# Hostile and huge input, written by the tests ----------------------------------------------


def _template(name: str, path: Path, **more: object) -> list[str]:
    return [line.format(path=path, **more) for line in _lines(GENERATED / f"{name}.expected")]


@pytest.mark.parametrize(
    ("name", "size"), [("too-big", MIB + 1), ("ten-mib", 10 * MIB)], ids=["1-MiB", "10-MiB"]
)
def test_a_file_over_one_mebibyte_is_refused_unread(
    name: str, size: int, tmp_path: Path, at_root: Path
):
    path = tmp_path / f"{name}.yaml"
    head = b"id: huge\n# "
    path.write_bytes(head + b"x" * (size - len(head) - 1) + b"\n")
    assert path.stat().st_size == size
    started = time.perf_counter()
    assert _check(path) == _template(name, path)
    assert time.perf_counter() - started < 1.0


def test_a_file_of_exactly_one_mebibyte_is_read(tmp_path: Path, at_root: Path):
    path = tmp_path / "limit.yaml"
    head = b"id: 12-3\n# "
    path.write_bytes(head + b"x" * (MIB - len(head) - 1) + b"\n")
    assert path.stat().st_size == MIB
    assert not any("MiB" in line for line in _check(path))


def test_a_file_that_is_not_utf8_is_refused_with_its_line(tmp_path: Path, at_root: Path):
    path = tmp_path / "not-utf8.yaml"
    # "Café" saved as Latin-1: the byte 0xE9 cannot start a UTF-8 character.
    path.write_bytes(b"id: latin-one\nvariant: backgammon\ntitle: {en: Caf\xe9, ru: x}\n")
    assert _check(path) == _template("not-utf8", path)


def test_python_tags_never_build_objects_or_run_code(tmp_path: Path, at_root: Path):
    marker = tmp_path / "ran"
    path = tmp_path / "payload.yaml"
    path.write_text(
        "id: payload\n"
        f'title: !!python/object/apply:os.system ["touch {marker}"]\n'
        f'prompt: !!python/object/new:subprocess.Popen [["touch", "{marker}"]]\n',
        encoding="utf-8",
    )
    lines = _check(path)
    assert not marker.exists()
    assert lines == [
        f"{path}:2:8: error: the YAML tag 'tag:yaml.org,2002:python/object/apply:os.system' is "
        "not allowed: puzzles hold plain text, numbers, lists and mappings only"
    ]


def test_a_billion_laughs_is_refused_at_once(tmp_path: Path, at_root: Path):
    # 10 ** 40 strings if the aliases were followed.
    rows = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 40)]
    path = tmp_path / "laughs.yaml"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    started = time.perf_counter()
    lines = _check(path, CORPUS / "puzzles" / "yaml" / "billion-laughs.yaml")
    assert time.perf_counter() - started < 1.0
    assert len(lines) == 2
    assert all("anchors and aliases" in line for line in lines)


def test_nesting_far_beyond_any_limit_is_refused_without_a_crash(tmp_path: Path, at_root: Path):
    path = tmp_path / "deep.yaml"
    path.write_text("tags: " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    lines = _check(path)
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}:1:")
    assert "nest" in lines[0]


# Invisible characters, written by the tests: the repository keeps no file with a raw control
# character. Each case's lines are a template in corpus/generated/NAME.expected.

PUZZLE = (REPO / "puzzles" / "backgammon" / "bar-enter-first.yaml").read_text(encoding="utf-8")
"""A puzzle that checks clean, to put one character into."""
TITLE = "title: {en: Enter first, ru: Сначала вход}"

CHARACTERS = {
    # One case per kind of character: where it is, what it is, and the fix.
    "nul-in-title": PUZZLE.replace(TITLE, "title: {en: Enter\x00 first, ru: Сначала вход}"),
    "del-in-title": PUZZLE.replace(TITLE, "title: {en: Enter first\x7f, ru: Сначала вход}"),
    "escape-sequence-in-prompt": PUZZLE.replace(
        "  en: White has", "  en: \x1b[2J\x1b]0;owned\x07White has"
    ),
    "next-line-in-title": PUZZLE.replace(TITLE, "title: {en: Enter\x85first, ru: Сначала вход}"),
    "line-separator-in-title": PUZZLE.replace(
        TITLE, "title: {en: Enter\u2028first, ru: Сначала\u2029вход}"
    ),
    "bidi-override-in-title": PUZZLE.replace(
        TITLE, "title: {en: Enter \u202efirst, ru: Сначала вход}"
    ),
    "a-thousand-nuls": "id: nuls\n" + "\x00" * 1000 + "\n",
}


@pytest.mark.parametrize("name", sorted(CHARACTERS))
def test_an_invisible_character_is_reported_at_its_line_and_column_with_its_fix(
    name: str, tmp_path: Path, at_root: Path
):
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(CHARACTERS[name].encode("utf-8"))
    assert _check(path) == _template(name, path)


def test_an_invisible_character_in_a_page_is_reported_at_its_line(tmp_path: Path, at_root: Path):
    path = tmp_path / "page.md"
    path.write_text("# Rules\n\nA blot\x7f is a single checker.\n", encoding="utf-8")
    assert _check(path) == _template("del-in-page", path)


def test_a_glossary_that_is_not_utf8_is_reported_not_a_traceback(tmp_path: Path, at_root: Path):
    for lang in ("en", "ru"):
        (tmp_path / "docs" / lang).mkdir(parents=True)
    english = tmp_path / "docs" / "en" / "glossary.md"
    english.write_bytes(b"# Glossary\n\n## Caf\xe9 {#cafe}\n")
    (tmp_path / "docs" / "ru" / "glossary.md").write_text("# Словарь\n", encoding="utf-8")
    assert _check(tmp_path / "docs") == _template("not-utf8-glossary", english)


# Things that are not files, written by the tests -----------------------------------------


def test_a_link_to_a_device_is_refused_unread(tmp_path: Path, at_root: Path):
    path = tmp_path / "zero.yaml"
    path.symlink_to("/dev/zero")  # its size reads as 0 and it never ends
    started = time.perf_counter()
    assert _check(path) == _template("link-to-device", path)
    assert time.perf_counter() - started < 1.0


def test_a_dangling_link_says_where_it_points(tmp_path: Path, at_root: Path):
    path = tmp_path / "gone.yaml"
    path.symlink_to(tmp_path / "moved.yaml")
    assert _check(path) == _template("dangling-link", path, target=tmp_path / "moved.yaml")


def test_a_named_pipe_does_not_block_check_or_the_build(tmp_path: Path):
    """A FIFO is refused without being opened: opening one waits for a writer, forever."""
    puzzles = tmp_path / "puzzles" / "backgammon"
    puzzles.mkdir(parents=True)
    os.mkfifo(puzzles / "pipe.yaml")
    expected = _template("named-pipe", Path("puzzles/backgammon/pipe.yaml"))
    checked = subprocess.run(
        [sys.executable, "-m", "generator", "check"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert checked.returncode == 1
    assert checked.stdout.splitlines()[:-1] == expected
    built = subprocess.run(
        [sys.executable, "-c", BUILD],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert built.returncode == 0, built.stderr
    assert built.stdout.splitlines() == expected


BUILD = """
from pathlib import Path
from generator.site.generate import prepare
for diagnostic in prepare(Path("puzzles"), Path("docs")).errors:
    print(diagnostic)
"""


def test_the_build_reports_what_cannot_be_read_and_never_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    puzzles = tmp_path / "puzzles" / "backgammon"
    puzzles.mkdir(parents=True)
    (puzzles / "bar-enter-first.yaml").write_text(PUZZLE, encoding="utf-8")
    (puzzles / "gone.yaml").symlink_to(tmp_path / "moved.yaml")
    (puzzles / "zero.yaml").symlink_to("/dev/zero")
    monkeypatch.chdir(tmp_path)
    from generator.site.generate import prepare

    site = prepare(Path("puzzles"), Path("docs"))
    assert [str(d) for d in site.errors] == [
        *_template(
            "dangling-link", Path("puzzles/backgammon/gone.yaml"), target=tmp_path / "moved.yaml"
        ),
        *_template("link-to-device", Path("puzzles/backgammon/zero.yaml")),
    ]
    assert not site.pages


# The command line ----------------------------------------------------------------------------


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
    }


def test_a_run_with_errors_prints_every_line_and_the_summary_writes_nothing_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    project = tmp_path / "project"
    claims = CORPUS / "puzzles" / "claims"
    target = project / "puzzles" / "claims"
    target.mkdir(parents=True)
    expected: list[str] = []
    for case in sorted(claims.glob("*.yaml")):
        (target / case.name).write_bytes(case.read_bytes())
        old = str(case.relative_to(REPO))
        new = f"puzzles/claims/{case.name}"
        expected += [line.replace(old, new, 1) for line in _lines(_expected_path(case))]
    before = _snapshot(project)
    monkeypatch.chdir(project)
    status = run_check([])
    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert _snapshot(project) == before
    *problems, summary = out
    assert sorted(problems) == sorted(expected)
    assert SUMMARY.match(summary), summary
    errors = sum(": error: " in line for line in expected)
    warnings = sum(": warning: " in line for line in expected)
    assert summary.endswith(
        f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    )


def test_the_command_exits_1_on_the_corpus_and_leaves_the_tree_alone():
    before = _snapshot(CORPUS), _snapshot(REPO / "puzzles")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", str(CORPUS.relative_to(REPO))],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    assert SUMMARY.match(done.stdout.splitlines()[-1])
    assert (_snapshot(CORPUS), _snapshot(REPO / "puzzles")) == before


def test_the_project_puzzles_check_clean_and_exit_0():
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and SUMMARY.match(lines[0]), done.stdout
    assert lines[0].endswith(": no problems")


def test_the_project_puzzles_check_clean_in_process(at_root: Path, capsys):
    assert run_check(["puzzles"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(": no problems")
