"""The teacher's commands: new writes a file that check reads, show prints it in each language."""

import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.cli import main

REPO = Path(__file__).parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m generator ARGS`` in the project's folder, called in this process (a process
    of its own spends most of its time importing): its status and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(REPO), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return subprocess.CompletedProcess(args, status, out.getvalue(), err.getvalue())


def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m generator ARGS`` as a process of its own: what reaches the terminal."""
    command = [sys.executable, "-m", "generator", *args]
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)


def test_new_writes_every_field_and_check_asks_for_the_texts(tmp_path: Path) -> None:
    target = tmp_path / "puzzles" / "backgammon" / "first.yaml"
    assert main(["new", "--variant", "backgammon", "--dice", "5", "2", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    for field in (
        "id: first",
        "variant: backgammon",
        "position:",
        "dice: [5, 2]",
        "task: play",
        "prompt:",
        "answer: any",
        "explain:",
        "level:",
        "tags:",
    ):
        assert field in text
    checked = run("check", str(target))
    assert checked.returncode == 1
    assert "the English title is a placeholder ('TODO'): write the text" in checked.stdout
    filled = text.replace("TODO", "Five-two").replace("ru: Five-two", "ru: Пять-два")
    target.write_text(filled.replace("  ru: Five-two", "  ru: Пять-два"), encoding="utf-8")
    assert run("check", str(target)).returncode == 0


def test_new_never_replaces_a_file_without_force(tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("keep me", encoding="utf-8")
    assert main(["new", "--variant", "portes", str(target)]) == 2
    assert target.read_text(encoding="utf-8") == "keep me"
    assert main(["new", "--variant", "portes", "--force", str(target)]) == 0
    assert [path.name for path in tmp_path.iterdir()] == ["mine.yaml"]


@pytest.mark.parametrize(
    "puzzle_id", ["x\nlevel: 9", "x\n", 'x"', "Bar-Entry", "bar_entry", "-x", "a" * 65, ""]
)
def test_new_refuses_an_id_the_checker_would_refuse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], puzzle_id: str
) -> None:
    target = tmp_path / "p.yaml"
    assert main(["new", "--variant", "backgammon", f"--id={puzzle_id}", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --id {puzzle_id!r} is not an id: use lowercase letters")
    assert err.count("\n") == 1
    assert not target.exists()


@pytest.mark.parametrize(
    ("name", "puzzle_id"),
    [("123", "123"), ("true", "true"), ("null", "null"), ("0x1f", "0x1f"), ("A b", "a-b")],
)
def test_new_writes_the_id_as_a_string_whatever_it_looks_like(
    tmp_path: Path, name: str, puzzle_id: str
) -> None:
    target = tmp_path / f"{name}.yaml"
    assert main(["new", "--variant", "backgammon", str(target)]) == 0
    assert yaml.safe_load(target.read_text(encoding="utf-8"))["id"] == puzzle_id


def test_a_long_file_name_gives_an_id_cut_to_the_longest_the_checker_takes(tmp_path: Path) -> None:
    target = tmp_path / f"{'ab-' * 40}x.yaml"
    assert main(["new", "--variant", "backgammon", str(target)]) == 0
    written = yaml.safe_load(target.read_text(encoding="utf-8"))["id"]
    assert written == ("ab-" * 40)[:64].rstrip("-")


def test_new_takes_an_xgid_with_its_dice(tmp_path: Path) -> None:
    target = tmp_path / "x.yaml"
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    assert main(["new", "--variant", "backgammon", "--xgid", xgid, str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert "dice: [5, 2]" in text and "mover: {24: 2, 13: 5, 8: 3, 6: 5}" in text


def test_new_refuses_a_malformed_position_with_its_reason(tmp_path: Path) -> None:
    assert main(["new", "--variant", "backgammon", "--gnubg", "nonsense", str(tmp_path / "a")]) == 2
    assert not (tmp_path / "a.yaml").exists()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Enter first", "Dice: 6-3", "legal plays", "Answer:"]),
        ("ru", ["Сначала вход", "Кубики: 6-3", "допустимых хода", "Ответ:"]),
    ],
)
def test_show_prints_the_board_question_and_answer(lang: str, words: list[str]) -> None:
    shown = run("show", "puzzles/backgammon/bar-enter-first.yaml", "--lang", lang)
    assert shown.returncode == 0, shown.stderr
    for word in words:
        assert word in shown.stdout
    assert "   X5 " in shown.stdout and "   O5 " in shown.stdout


def test_show_reports_a_broken_puzzle_instead_of_showing_it(tmp_path: Path) -> None:
    broken = tmp_path / "b.yaml"
    broken.write_text("id: b\nvariant: chess\n", encoding="utf-8")
    shown = run("show", str(broken))
    assert shown.returncode == 1
    assert "unknown variant 'chess'" in shown.stderr


def test_check_is_quiet_on_success_with_q() -> None:
    checked = run("check", "-q", "puzzles/backgammon/bar-enter-first.yaml")
    assert checked.returncode == 0 and checked.stdout == ""
    loud = run("check", "puzzles/backgammon/bar-enter-first.yaml")
    assert loud.stdout.strip().endswith("no problems")


SUMMARY_OF_ONE_ERROR = "checked 0 files: 1 error, 0 warnings"


def test_check_of_a_missing_path_says_so_and_prints_the_summary() -> None:
    checked = run("check", "puzzles/no-such-puzzle.yaml")
    assert checked.returncode == 1
    assert checked.stdout.splitlines() == [
        "puzzles/no-such-puzzle.yaml:1:1: error: no such file or folder: check the name",
        SUMMARY_OF_ONE_ERROR,
    ]


CORPUS_SETS = Path("tests/puzzles/corpus/sets")


@pytest.mark.parametrize(
    ("case", "alone"),
    [
        ("duplicate-ids", "puzzles/backgammon/opening.yaml"),
        ("duplicate-ids", "puzzles/backgammon/opening-copy.yaml"),
        ("duplicate-lesson-ids", "puzzles/lessons/first.yaml"),
        ("duplicate-lesson-ids", "puzzles/lessons/second.yaml"),
    ],
)
def test_check_of_one_file_sees_the_ids_of_the_rest_of_its_project(case: str, alone: str) -> None:
    """The file is checked against the project it is part of: the same lines about it as a
    check of the whole project prints, and nothing about the other files."""
    path = CORPUS_SETS / case / alone
    whole = (REPO / CORPUS_SETS / f"{case}.expected").read_text(encoding="utf-8").splitlines()
    checked = run("check", str(path))
    assert checked.returncode == 1
    *lines, summary = checked.stdout.splitlines()
    assert lines == [line for line in whole if line.startswith(f"{path}:")]
    assert summary.endswith(": 1 error, 0 warnings")


def test_check_and_show_print_no_terminal_escape_from_a_file_name(tmp_path: Path) -> None:
    evil = tmp_path / "evil\x1b]0;owned\x07\x1b[2J.yaml"
    evil.write_text("id: evil\nvariant: chess\n", encoding="utf-8")
    # (As a process of its own: what a terminal is given.)
    for command in ("check", "show"):
        done = run_process(command, str(evil))
        assert done.returncode == 1
        printed = done.stdout + done.stderr
        assert "\x1b" not in printed and "\x07" not in printed
        assert "evil\\x1b]0;owned\\x07\\x1b[2J.yaml:2:10: error: unknown variant 'chess'" in printed


def test_show_of_a_lesson_lists_its_puzzles_in_order() -> None:
    shown = run("show", "puzzles/lessons/bar-and-hitting.yaml")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0] == "The bar and hitting"
    assert lines[1] == "Lesson, level 1 · bar-and-hitting · Backgammon, Portes"
    assert "  1. Hit and make the point · bg-point-on-blot · " in shown.stdout
    assert (
        "  3. Enter first · bg-bar-enter-first · puzzles/backgammon/bar-enter-first.yaml" in lines
    )
    assert run("show", "puzzles/lessons/bar-and-hitting.yaml", "--lang", "ru").stdout.startswith(
        "Бар и бой\n"
    )


def test_show_of_a_lesson_that_names_a_missing_puzzle_shows_it_and_says_what_is_wrong() -> None:
    shown = run("show", str(CORPUS_SETS / "lesson-unknown-puzzle" / "lessons" / "first-steps.yaml"))
    assert shown.returncode == 1
    assert "no puzzle has the id 'set-higer-die': did you mean 'set-higher-die'?" in shown.stderr
    assert "  1. set-higer-die: not found (check the lesson)" in shown.stdout.splitlines()
