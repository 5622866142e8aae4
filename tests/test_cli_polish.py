"""What a teacher reads from the commands: a next step to paste as it is, an XGID taken as the
other programs copy it, the rules each game drills, and a new puzzle shown before its texts are
written."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.engine import VARIANTS, find_variant
from generator.puzzles import Report, load_puzzle
from generator.puzzles.drill import RULES, rules_for

START_XGID = "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
"""Backgammon's starting position with 5-2 to play, as XGID without its ``XGID=`` prefix."""


# init ------------------------------------------------------------------------------------------


def next_line(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("next: "))[len("next: ") :]


def test_the_next_step_of_init_quotes_the_folder_and_names_this_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "executable", "/opt/My Python/bin/python3")
    assert main(["init", "my class", "--lang", "en"]) == 0
    assert next_line(capsys.readouterr().out) == (
        "cd 'my class' && '/opt/My Python/bin/python3' -m generator check && "
        "'/opt/My Python/bin/python3' -m mkdocs build"
    )


def test_the_next_step_of_init_runs_as_pasted_into_a_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init", "my class", "--lang", "en"]) == 0
    line = next_line(capsys.readouterr().out)
    assert f"{shlex.quote(sys.executable)} -m generator check" in line
    check_only = line.rsplit(" && ", 1)[0]  # the build is the site tests' business
    pasted = subprocess.run(
        ["sh", "-c", check_only], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert pasted.returncode == 0, pasted.stderr
    assert "no problems" in pasted.stdout


# XGID without its prefix -----------------------------------------------------------------------


def test_new_takes_an_xgid_pasted_without_its_prefix(tmp_path: Path) -> None:
    target = tmp_path / "x.yaml"
    # Its first character is "-": argparse alone would take it for an option and refuse.
    assert main(["new", "--variant", "backgammon", "--xgid", START_XGID, str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert "dice: [5, 2]" in text and "mover: {24: 2, 13: 5, 8: 3, 6: 5}" in text


@pytest.mark.parametrize(
    "position",
    [
        f"position:\n  xgid: {START_XGID}\n",
        f"position: {{xgid: {START_XGID}}}\n",
        f'position: {{xgid: "XGID={START_XGID}"}}\n',
    ],
    ids=["block", "flow", "with-prefix"],
)
def test_a_puzzle_reads_an_xgid_with_or_without_its_prefix(tmp_path: Path, position: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "id: p\nvariant: backgammon\ntitle: {en: Start, ru: Начало}\nlevel: 1\n"
        + position
        + "task: play\nprompt: {en: Play the 5-2., ru: Сыграйте 5-2.}\nanswer: any\n",
        encoding="utf-8",
    )
    report = Report()
    puzzle = load_puzzle(path, report)
    assert puzzle is not None, [str(d) for d in report.diagnostics]
    assert puzzle.position == find_variant("backgammon").start()
    assert puzzle.dice == (5, 2)


# drill --help ----------------------------------------------------------------------------------


def test_drill_help_lists_the_rules_of_each_game_with_what_each_drills(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["drill", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    paragraphs = {
        block.splitlines()[0]: block.splitlines()[1:] for block in out.split("\n\n") if block
    }
    for variant in VARIANTS:
        heading = f"{variant} ({find_variant(variant).name}):"
        assert heading in paragraphs, heading
        listed = [re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in paragraphs[heading]]
        assert listed == [[rule, RULES[rule].summary] for rule in rules_for(variant)]


def test_the_other_commands_do_not_import_the_drills() -> None:
    # The drills' list of rules is for drill's help only: plays starts as fast as it did.
    probe = "import sys; from generator.cli import main; main(['check', '-q', 'x.yaml'])"
    ran = subprocess.run(
        [sys.executable, "-c", probe + "; print('generator.puzzles.drill' in sys.modules)"],
        cwd=Path(__file__).parent.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.stdout.strip().splitlines()[-1] == "False", ran.stdout + ran.stderr


# show of a new puzzle --------------------------------------------------------------------------


@pytest.fixture
def new_puzzle(tmp_path: Path) -> Path:
    target = tmp_path / "first.yaml"
    assert main(["new", "--variant", "backgammon", "--dice", "5", "2", str(target)]) == 0
    return target


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "Still to be written: title, question, explanation.",
                "Question: (text still to be written)",
                "Dice: 5-2",
                "8 legal plays: ",
                "Answer: any legal play",
            ],
        ),
        (
            "ru",
            [
                "Ещё не написано: название, вопрос, пояснение.",
                "Вопрос: (текст ещё не написан)",
                "Кубики: 5-2",
                "8 допустимых ходов: ",
            ],
        ),
    ],
)
def test_show_draws_a_new_puzzle_whose_texts_are_still_todo(
    new_puzzle: Path, capsys: pytest.CaptureFixture[str], lang: str, words: list[str]
) -> None:
    assert main(["show", str(new_puzzle), "--lang", lang]) == 0
    shown = capsys.readouterr()
    assert shown.err == ""
    for word in words:
        assert word in shown.out
    assert "   X5 " in shown.out and "   O5 " in shown.out  # the board
    # check still refuses the puzzle until the texts are written
    assert main(["check", str(new_puzzle)]) == 1


def test_show_names_a_text_missing_in_one_language_only(
    new_puzzle: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = new_puzzle.read_text(encoding="utf-8")
    text = text.replace("title: {en: TODO, ru: TODO}", "title: {en: Five-two, ru: Пять-два}")
    text = text.replace("prompt:\n  en: TODO", "prompt:\n  en: Play the 5-2.")
    new_puzzle.write_text(text, encoding="utf-8")
    assert main(["show", str(new_puzzle)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Five-two\n")
    assert "Still to be written: question (in Russian), explanation." in out
    assert "Question: Play the 5-2." in out


def test_show_of_a_new_puzzle_reports_its_other_problems_at_their_lines(
    new_puzzle: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = new_puzzle.read_text(encoding="utf-8")
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("answer: any")) + 1
    new_puzzle.write_text(text.replace("answer: any", "answer: [13/7]"), encoding="utf-8")
    assert main(["show", str(new_puzzle)]) == 1
    shown = capsys.readouterr()
    assert shown.out == ""
    assert re.search(rf"first\.yaml:{row}:\d+: error: .*13/7", shown.err), shown.err
