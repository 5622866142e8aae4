"""The teacher's commands: new writes a file that check reads, show prints it in each language."""

import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main

REPO = Path(__file__).parent.parent


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


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
    assert main(["new", "--variant", "portes", str(target)]) == 1
    assert target.read_text(encoding="utf-8") == "keep me"
    assert main(["new", "--variant", "portes", "--force", str(target)]) == 0


def test_new_takes_an_xgid_with_its_dice(tmp_path: Path) -> None:
    target = tmp_path / "x.yaml"
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    assert main(["new", "--variant", "backgammon", "--xgid", xgid, str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert "dice: [5, 2]" in text and "mover: {24: 2, 13: 5, 8: 3, 6: 5}" in text


def test_new_refuses_a_malformed_position_with_its_reason(tmp_path: Path) -> None:
    assert main(["new", "--variant", "backgammon", "--gnubg", "nonsense", str(tmp_path / "a")]) == 1
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
