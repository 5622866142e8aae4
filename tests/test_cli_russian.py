"""The teacher's commands speak the teacher's language: ``--lang ru``, or by default the first
language of the project they run in. Only the words of a message change: the places, the
``error:``/``warning:`` words, the count of lines and the exit status are the contract's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cli import _summary, main
from generator.locale import Message
from generator.puzzles import Report
from generator.puzzles.check import project_language

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "tests" / "puzzles" / "corpus"
PLACE = re.compile(r"^(\S+:\d+:\d+: (?:error|warning): )(.*)$")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
RU_SUMMARY = re.compile(
    r"^провер(ен|ено) \d+ файл(а|ов)? \(\d+ задач[аи]?, \d+ урок(а|ов)? и \d+ дос(ка|ки|ок) "
    r"в порядке\): (замечаний нет|\d+ ошиб(ка|ки|ок), \d+ предупреждени(е|я|й))$"
)


def check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    status = main(["check", *args])
    return status, capsys.readouterr().out.splitlines()


# --- check ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "folder", ["puzzles/fields", "puzzles/positions", "puzzles/claims", "puzzles/yaml", "sets"]
)
def test_check_in_russian_reports_the_same_places_as_in_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, folder: str
) -> None:
    monkeypatch.chdir(REPO)
    target = str((CORPUS / folder).relative_to(REPO))
    english_status, english = check(capsys, target, "--lang", "en")
    russian_status, russian = check(capsys, target, "--lang", "ru")
    assert russian_status == english_status == 1
    assert len(russian) == len(english)
    places = [PLACE.match(line) for line in english[:-1]]
    assert all(places), english
    translated = 0
    for place, line in zip(places, russian[:-1], strict=True):
        assert place is not None
        assert line.startswith(place.group(1)), (place.group(0), line)
        translated += bool(CYRILLIC.search(line[len(place.group(1)) :]))
    # The engine's own errors (an impossible position, a notation) are quoted in English.
    assert translated >= len(places) * 3 // 4, "\n".join(russian)
    assert RU_SUMMARY.match(russian[-1]), russian[-1]


def test_check_in_russian_words_the_commonest_mistakes_as_a_teacher_would(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    fields = "tests/puzzles/corpus/puzzles/fields"
    _, lines = check(capsys, "--lang", "ru", f"{fields}/missing-fields.yaml")
    missing = "error: в задаче нет поля 'id': добавьте 'id: ...'"
    assert f"{fields}/missing-fields.yaml:1:1: {missing}" in lines
    _, lines = check(capsys, "--lang", "ru", f"{fields}/unknown-variant.yaml")
    assert lines[0].endswith("error: неизвестная игра 'long-nardi': может быть, 'long-nardy'?")
    _, lines = check(capsys, "--lang", "ru", f"{fields}/dice-out-of-range.yaml")
    assert lines[0].endswith("error: на кубике от 1 до 6, а не 7")


def test_an_illegal_answer_gives_the_engines_reason_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "puzzles" / "backgammon" / "bar.yaml"
    puzzle.parent.mkdir(parents=True)
    puzzle.write_text(
        "id: bar\nvariant: backgammon\ntitle: {en: Bar, ru: Бар}\n"
        "prompt: {en: Play., ru: Сыграйте.}\nlevel: 1\n"
        "position: {mover: {bar: 1, 13: 14}, opponent: {19: 15}}\ndice: [6, 3]\n"
        "task: play\nanswer: ['13/7 13/10']\n",
        encoding="utf-8",
    )
    status, lines = check(capsys, "--lang", "ru", str(puzzle))
    assert status == 1
    assert lines[0].startswith(
        f"{puzzle}:9:10: error: ответ '13/7 13/10' при 6-3 невозможен: у вас"
    )
    assert "шашка на баре" in lines[0] and "возможные ходы начинаются с 'bar/22'" in lines[0]


@pytest.mark.parametrize(
    ("errors", "warnings", "words"),
    [
        (1, 0, "1 ошибка, 0 предупреждений"),
        (2, 1, "2 ошибки, 1 предупреждение"),
        (5, 2, "5 ошибок, 2 предупреждения"),
        (11, 5, "11 ошибок, 5 предупреждений"),
        (21, 22, "21 ошибка, 22 предупреждения"),
    ],
)
def test_the_russian_summary_counts_with_the_right_plural(
    errors: int, warnings: int, words: str
) -> None:
    line = _summary(5, 1, 2, 21, errors, warnings, "ru")
    assert line == f"проверено 5 файлов (1 задача, 2 урока и 21 доска в порядке): {words}"


@pytest.mark.parametrize(
    ("files", "words"),
    [(1, "проверен 1 файл"), (3, "проверено 3 файла"), (5, "проверено 5 файлов")],
)
def test_the_russian_summary_agrees_with_the_number_of_files(files: int, words: str) -> None:
    assert _summary(files, 0, 0, 0, 0, 0, "ru") == (
        f"{words} (0 задач, 0 уроков и 0 досок в порядке): замечаний нет"
    )


def test_the_english_summary_is_unchanged() -> None:
    assert _summary(1, 1, 1, 1, 1, 1, "en") == (
        "checked 1 file (1 puzzle, 1 lesson and 1 board clean): 1 error, 1 warning"
    )
    assert _summary(2, 0, 2, 0, 0, 0, "en") == (
        "checked 2 files (0 puzzles, 2 lessons and 0 boards clean): no problems"
    )


def test_a_diagnostic_keeps_its_english_text_and_words_it_in_russian() -> None:
    report = Report()
    report.error("p.yaml", 2, 3, Message("no problems"))
    report.error("p.yaml", 4, 1, "an engine error, in English only")
    first, second = report.sorted()
    assert first.message == "no problems" and str(first) == "p.yaml:2:3: error: no problems"
    assert first.line_in("ru") == "p.yaml:2:3: error: замечаний нет"
    assert second.line_in("ru") == "p.yaml:4:1: error: an engine error, in English only"


# --- the project's language ---------------------------------------------------------------


def write_project(root: Path, config: str | None, folders: tuple[str, ...] = ()) -> Path:
    if config is not None:
        (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    for lang in folders:
        (root / "docs" / lang).mkdir(parents=True)
    (root / "puzzles").mkdir(exist_ok=True)
    return root


RU_FIRST = """\
site_name: Кружок
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
plugins:
  - search
  - i18n:
      docs_structure: folder
      languages:
        - locale: ru
          default: true
          name: Русский
        - locale: en
          name: English
"""


def test_a_project_whose_first_language_is_russian_gets_russian_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = write_project(tmp_path, RU_FIRST, ("en", "ru"))
    (root / "puzzles" / "bad.yaml").write_text("id: bad\nlevel: 9\n", encoding="utf-8")
    monkeypatch.chdir(root)
    assert project_language() == "ru"
    status, lines = check(capsys)
    assert status == 1
    assert "puzzles/bad.yaml:2:8: error: 'level' — целое число от 1 до 5, а не 9" in lines
    assert RU_SUMMARY.match(lines[-1]), lines[-1]
    status, lines = check(capsys, "--lang", "en")
    assert "puzzles/bad.yaml:2:8: error: 'level' is a whole number from 1 to 5, not 9" in lines
    assert lines[-1].startswith("checked 1 file (0 puzzles")


@pytest.mark.parametrize(
    ("config", "folders", "lang"),
    [
        (None, ("ru",), "ru"),
        (None, ("en", "ru"), "en"),
        (None, (), "en"),
        ("site_name: x\n", ("ru",), "ru"),
        (RU_FIRST.replace("locale: ru", "locale: xx"), ("ru",), "en"),
        ("site_name: [unclosed\n", ("ru",), "ru"),
    ],
)
def test_the_projects_language_comes_from_mkdocs_yml_or_its_docs_folders(
    tmp_path: Path, config: str | None, folders: tuple[str, ...], lang: str
) -> None:
    root = write_project(tmp_path, config, folders)
    assert project_language(root) == lang
    assert project_language(root / "puzzles") == lang


def test_outside_a_project_the_messages_are_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert project_language() == "en"
    assert main(["check", "nothing.yaml"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("nothing.yaml:1:1: error: no such file or folder: check the name\n")


# --- show, new, init, drill ------------------------------------------------------------------


def test_show_in_russian_prints_its_problems_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text("id: p\nvariant: backgammon\nlevel: 9\n", encoding="utf-8")
    assert main(["show", str(puzzle), "--lang", "ru"]) == 1
    err = capsys.readouterr().err
    assert f"{puzzle}:3:8: error: 'level' — целое число от 1 до 5, а не 9" in err
    assert f"{puzzle}:1:1: error: в задаче нет поля 'title': добавьте 'title: ...'" in err


def test_show_in_russian_prints_the_puzzle_in_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    assert main(["show", "puzzles/backgammon/bar-enter-first.yaml", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Кубики: " in out or "Вопрос: " in out


def test_new_speaks_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "first.yaml"
    assert main(["new", "--variant", "backgammon", "--lang", "ru", str(target)]) == 0
    assert capsys.readouterr().out.startswith(f"записан файл {target}: заполните все TODO")
    assert main(["new", "--variant", "backgammon", "--lang", "ru", str(target)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"error: {target} уже есть: ничего не записано; выберите другое имя или добавьте "
        "--force, чтобы заменить файл\n"
    )
    assert main(["new", "--variant", "backgammon", "--lang", "ru", "--id", "Bad Id", "x"]) == 2
    assert capsys.readouterr().err.startswith("error: --id 'Bad Id' — не id: пишите строчные")


def test_init_speaks_the_new_sites_first_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "club"
    assert main(["init", str(folder), "--lang", "ru,en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"в папку {folder} записано файлов: ")
    assert out[0].endswith("— сайт с тремя задачами и уроком.")
    assert out[1].startswith("дальше: cd ")
    assert main(["init", str(folder), "--lang", "ru"]) == 2
    assert capsys.readouterr().err.startswith(f"error: в {folder} уже есть ")
    assert main(["init", str(tmp_path / "other"), "--lang", "ru", "--title", ""]) == 2
    assert capsys.readouterr().err == "error: --title '': оно пустое: напишите название сайта\n"


def test_drill_speaks_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["drill", str(tmp_path), "--variant", "backgammon", "--rule", "hihger-die", "--lang", "ru"]
    )
    assert status == 2
    err = capsys.readouterr().err
    assert err.startswith("error: неизвестное правило 'hihger-die' (может быть, 'higher-die'?)")
    args = ["drill", str(tmp_path), "--variant", "backgammon", "--rule", "higher-die"]
    assert main([*args, "--count", "0", "--seed", "1", "--lang", "ru"]) == 2
    assert capsys.readouterr().err == (
        "error: --count — сколько тренировок записать: 1 или больше, а не 0\n"
    )
    assert main([*args, "--count", "0", "--seed", "1", "--lang", "en"]) == 2
    assert capsys.readouterr().err == (
        "error: --count is how many drills to write: 1 or more, not 0\n"
    )
