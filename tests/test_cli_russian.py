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
# "проверено 5 файлов (3 задачи, 1 урок и 4 доски): замечаний нет", the kinds with none left out.
RU_KIND = r"\d+ (задач[аи]?|урок(а|ов)?|дос(ка|ки|ок))"
RU_SUMMARY = re.compile(
    rf"^провер(ен|ено) \d+ файл(а|ов)?( \({RU_KIND}((, {RU_KIND})* и {RU_KIND})?\))?: "
    r"(замечаний нет|\d+ ошиб(ка|ки|ок), \d+ предупреждени(е|я|й))$"
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
    assert line == f"проверено 5 файлов (1 задача, 2 урока и 21 доска): {words}"


@pytest.mark.parametrize(
    ("files", "words"),
    [(1, "проверен 1 файл"), (3, "проверено 3 файла"), (5, "проверено 5 файлов")],
)
def test_the_russian_summary_agrees_with_the_number_of_files(files: int, words: str) -> None:
    assert _summary(files, 0, 0, 0, 2, 0, "ru") == f"{words}: 2 ошибки, 0 предупреждений"


@pytest.mark.parametrize(
    ("counts", "english", "russian"),
    [
        (
            (5, 3, 1, 0),
            "checked 5 files (3 puzzles and 1 lesson)",
            "проверено 5 файлов (3 задачи и 1 урок)",
        ),
        ((2, 0, 2, 0), "checked 2 files (2 lessons)", "проверено 2 файла (2 урока)"),
        ((1, 0, 0, 4), "checked 1 file (4 boards)", "проверен 1 файл (4 доски)"),
        (
            (4, 2, 1, 1),
            "checked 4 files (2 puzzles, 1 lesson and 1 board)",
            "проверено 4 файла (2 задачи, 1 урок и 1 доска)",
        ),
        ((3, 0, 0, 0), "checked 3 files", "проверено 3 файла"),
    ],
)
def test_the_summary_names_only_the_kinds_it_found(
    counts: tuple[int, int, int, int], english: str, russian: str
) -> None:
    assert _summary(*counts, 0, 0, "en") == f"{english}: no problems"
    assert _summary(*counts, 0, 0, "ru") == f"{russian}: замечаний нет"
    assert RU_SUMMARY.match(_summary(*counts, 0, 0, "ru"))


def test_the_english_summary_reads_as_a_sentence() -> None:
    assert _summary(1, 1, 1, 1, 1, 1, "en") == (
        "checked 1 file (1 puzzle, 1 lesson and 1 board): 1 error, 1 warning"
    )
    assert _summary(3, 0, 0, 0, 6, 0, "en") == "checked 3 files: 6 errors, 0 warnings"


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
    assert lines[-1] == "checked 1 file: 5 errors, 0 warnings"


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


def test_show_in_a_russian_only_project_asks_for_no_english_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["init", str(tmp_path / "klass"), "--lang", "ru"]) == 0
    capsys.readouterr()
    monkeypatch.chdir(tmp_path / "klass")
    assert main(["show", "puzzles/backgammon/enter-first.yaml"]) == 0
    shown = capsys.readouterr()
    assert shown.err == ""  # not "нет английского текста title: добавьте 'en: ...'"
    assert shown.out.startswith("Сначала вход\nБэкгаммон, уровень 1 · enter-first\n")
    assert main(["show", "puzzles/lessons/first-lesson.yaml"]) == 0
    shown = capsys.readouterr()
    assert shown.err == ""
    lines = shown.out.splitlines()
    assert lines[:3] == [
        "Первый урок",
        "Урок, уровень 1 · first-lesson · Бэкгаммон",
        "Для кого: Начинающие",
    ]
    assert "3 задачи по порядку:" in lines
    assert lines[-1] == "Показать задачу: python -m generator show ЗАДАЧА.yaml"
    # The site has no English texts: asked for English, show gives the site's own language.
    assert main(["show", "puzzles/backgammon/enter-first.yaml", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("Сначала вход\nБэкгаммон, уровень 1")


def test_show_still_asks_a_bilingual_project_for_both_texts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_project(tmp_path, RU_FIRST, ("en", "ru"))
    puzzle = root / "puzzles" / "p.yaml"
    puzzle.write_text(
        "id: p\nvariant: backgammon\ntitle: Бар\nprompt: {ru: Сыграйте.}\nlevel: 1\n"
        "position: {start: true}\ndice: [6, 3]\ntask: play\nanswer: any\n",
        encoding="utf-8",
    )
    assert main(["show", str(puzzle), "--lang", "ru"]) == 1
    assert "нет английского текста prompt" in capsys.readouterr().err


# --- help and argparse's own words -----------------------------------------------------------

# The Latin words a Russian help may hold: commands, options' values, file names, the contract's
# "path:line:column: error:", names of formats and programs.
CODE_WORDS = {
    "Backgammon", "Chromium", "GNU", "ID", "JSON", "Position", "README", "Tabula", "XGID",
    "backgammon", "bench", "build", "check", "column", "drill", "en", "engine", "error",
    "generator", "head", "id", "index", "init", "line", "mkdocs", "new", "offline", "pages", "path",
    "plays", "puzzle", "puzzles", "python", "referee", "render", "ru", "show", "site", "widget",
    "zip", "Lighthouse", "lighthouse",
}  # fmt: skip
LATIN_WORD = re.compile(r"(?<![\w./-])[A-Za-z]{2,}(?![\w-])")


def help_text(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main([*args, "--help"])
    assert stop.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "command", ["", "check", "init", "offline", "drill", "show", "new", "bench"]
)
def test_help_in_russian_has_no_english_sentence(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    args = [command] if command else []
    (tmp_path / "ru").mkdir()
    monkeypatch.chdir(write_project(tmp_path / "ru", None, ("ru",)))
    text = help_text(capsys, *args)
    assert text.startswith(f"использование: python -m generator {command}".rstrip() + " ")
    assert "параметры:\n  -h, --help" in text and "показать эту справку и выйти" in text
    for english in ("usage:", "options:", "positional arguments", "show this help message"):
        assert english not in text
    # drill --help ends with its table of rules, which generator.puzzles.drill words in English.
    ours = text.split("правила каждой игры")[0]
    assert set(LATIN_WORD.findall(ours)) <= CODE_WORDS, text
    monkeypatch.chdir(tmp_path)
    english = help_text(capsys, *args)
    assert english.startswith("usage: python -m generator") and "show this help and exit" in english
    if command != "bench":
        assert help_text(capsys, *args, "--lang", "ru") == text


def test_help_speaks_the_projects_first_language_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(write_project(tmp_path, RU_FIRST, ("ru",)))
    assert help_text(capsys, "check").startswith("использование: python -m generator check ")
    assert "аргументы:\n  ПУТЬ " in help_text(capsys, "check")
    assert help_text(capsys, "init", "--lang", "en,ru").startswith("usage: ")
    # plays is a contract for programs: its help stays as it was.
    assert help_text(capsys, "plays").startswith("usage: python -m generator plays [-h]")


@pytest.mark.parametrize(
    ("args", "russian", "english"),
    [
        (
            ["check", "--lang", "de"],
            "аргумент --lang: недопустимое значение 'de' (можно: 'en', 'ru')",
            "argument --lang: invalid choice: 'de' (choose from 'en', 'ru')",
        ),
        (
            ["drill", "x"],
            "не хватает обязательных аргументов: --variant, --rule",
            "the following arguments are required: --variant, --rule",
        ),
        (
            ["check", "--colour"],
            "неизвестные аргументы: --colour",
            "unrecognized arguments: --colour",
        ),
        (
            ["drill", "x", "--variant", "portes", "--rule", "head", "--count", "ten"],
            "аргумент --count: 'ten' — не целое число",
            "argument --count: invalid int value: 'ten'",
        ),
        (
            ["new", "p.yaml", "--variant", "portes", "--xgid", "x", "--text", "y"],
            "аргумент --text: нельзя вместе с аргументом --xgid",
            "argument --text: not allowed with argument --xgid",
        ),
        (
            [],
            "не хватает обязательных аргументов: КОМАНДА",
            "the following arguments are required: COMMAND",
        ),
        (
            ["chek"],
            "аргумент КОМАНДА: недопустимое значение 'chek' (можно: 'plays', 'check', ",
            "argument COMMAND: invalid choice: 'chek' (choose from 'plays', 'check', ",
        ),
    ],
)
def test_argparse_refuses_arguments_in_the_teachers_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    russian: str,
    english: str,
) -> None:
    for folders, words, usage in ((("ru",), russian, "использование:"), ((), english, "usage:")):
        project = tmp_path / "-".join(folders or ("none",))
        project.mkdir()
        monkeypatch.chdir(write_project(project, None, folders))
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith(f"{usage} python -m generator")
        assert f": error: {words}" in err, err


# --- init writes its files in the site's first language --------------------------------------


def init_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], langs: str) -> dict[str, str]:
    folder = tmp_path / langs.replace(",", "-")
    assert main(["init", str(folder), "--lang", langs]) == 0
    capsys.readouterr()
    names = (
        "README.md",
        "mkdocs.yml",
        ".github/workflows/pages.yml",
        "requirements.txt",
        ".gitignore",
    )
    return {name: (folder / name).read_text(encoding="utf-8") for name in names}


def comments(text: str) -> list[str]:
    return [line.split("#", 1)[1] for line in text.splitlines() if line.lstrip().startswith("#")]


def test_init_writes_its_readme_and_comments_in_russian_for_a_russian_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = init_files(tmp_path, capsys, "ru")
    readme = files["README.md"]
    assert readme.startswith("# Мои уроки нард\n\nСайт с уроками, сделанный в Tabula")
    assert "## Публикация" in readme and "python -m generator offline" in readme
    assert "## Publishing" not in readme and " the " not in readme
    for name in ("mkdocs.yml", ".github/workflows/pages.yml", "requirements.txt", ".gitignore"):
        said = [line for line in comments(files[name]) if LATIN_WORD.search(line)]
        assert said and all(CYRILLIC.search(line) for line in said if "git+https" not in line), name
    english = init_files(tmp_path, capsys, "en")
    flow = "pages.yml"
    yaml = pytest.importorskip("yaml")
    assert yaml.safe_load(files[f".github/workflows/{flow}"]) == yaml.safe_load(
        english[f".github/workflows/{flow}"]
    )
    assert yaml.safe_load(files["mkdocs.yml"])["plugins"][0] == {
        "tabula": {"answer_keys": "private", "keys_dir": "keys", "paper": "A4"}
    }
    assert files[".gitignore"].replace("#", "").split() != english[".gitignore"].split()
    assert [line for line in files[".gitignore"].splitlines() if not line.startswith("#")] == [
        line for line in english[".gitignore"].splitlines() if not line.startswith("#")
    ]


def test_a_bilingual_sites_readme_is_in_both_languages_its_first_one_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    russian_first = init_files(tmp_path, capsys, "ru,en")["README.md"]
    assert russian_first.startswith("# Мои уроки нард\n")
    assert 0 < russian_first.index("## Публикация") < russian_first.index("\n# My Tabula lessons\n")
    assert russian_first.index("\n# My Tabula lessons\n") < russian_first.index("## Publishing")
    english_first = init_files(tmp_path, capsys, "en,ru")
    assert english_first["README.md"].startswith("# My Tabula lessons\n\nA lesson site made with")
    assert "\n# Мои уроки нард\n" in english_first["README.md"]
    assert not any(CYRILLIC.search(line) for line in comments(english_first["mkdocs.yml"]))


def comment_above(text: str, setting: str) -> str:
    """The comment lines right above the line that starts with ``setting``, as one text."""
    lines = text.splitlines()
    at = next(index for index, line in enumerate(lines) if line.strip().startswith(setting))
    above: list[str] = []
    while lines[at - 1 - len(above)].lstrip().startswith("#"):
        above.insert(0, lines[at - 1 - len(above)].split("#", 1)[1].strip())
    return " ".join(above)


@pytest.mark.parametrize(("langs", "words"), [("en", LATIN_WORD), ("ru,en", CYRILLIC)])
def test_init_tells_the_teacher_of_the_paper_and_the_palette_in_the_sites_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], langs: str, words: re.Pattern[str]
) -> None:
    config = init_files(tmp_path, capsys, langs)["mkdocs.yml"]
    yaml = pytest.importorskip("yaml")
    settings = yaml.safe_load(config)
    assert settings["plugins"][0]["tabula"]["paper"] == "A4"
    assert [entry["scheme"] for entry in settings["theme"]["palette"]] == ["default", "slate"]
    paper = comment_above(config, "paper:")
    assert '"A4"' in paper and '"Letter"' in paper and words.search(paper), paper
    palette = comment_above(config, "palette:").lower()
    assert "palette" in palette and words.search(palette), palette
    if words is CYRILLIC:
        assert "тёмн" in palette and "светл" in palette
    else:
        assert not CYRILLIC.search(paper + palette) and "dark" in palette and "light" in palette


# --- offline ---------------------------------------------------------------------------------


def built_site(root: Path, *pages: tuple[str, str]) -> Path:
    for name, body in pages:
        page = root / "site" / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f'<html lang="ru"><body>{body}</body></html>\n', encoding="utf-8")
    return root


def test_offline_says_what_it_wrote_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(
        built_site(
            tmp_path,
            ("index.html", '<a href="lessons/">Уроки</a>'),
            ("lessons/index.html", '<a href="../">Домой</a>'),
        )
    )
    assert main(["offline", "--lang", "ru"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "копирую 2 файла из site в site-offline..."
    assert re.fullmatch(
        r"переписаны 2 ссылки на 2 страницах, чтобы они открывались из папки; "
        r"проверен[аоы]? \d+ ссыл(ка|ки|ок): каждая ведёт к файлу",
        out[1],
    ), out[1]
    assert re.fullmatch(
        r"записана папка site-offline/ \(3 файла, \d+ (байт|байта|КБ)\): "
        r"откройте site-offline/index.html",
        out[2],
    ), out[2]
    assert out[3].startswith("записан site-offline.zip (")
    assert out[3].endswith(
        "распакуйте его на любом компьютере или флешке и откройте site-offline/index.html"
    )


def test_offline_refuses_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["offline", "--lang", "ru"]) == 2
    assert capsys.readouterr().err == (
        "error: здесь нет ни mkdocs.yml, ни site для копирования: запустите команду в папке "
        "своего сайта или укажите собранный сайт в --site-dir\n"
    )
    built_site(tmp_path, ("index.html", '<a href="gone/">?</a> <a href="lessons/">Уроки</a>'))
    (tmp_path / "site" / "lessons").mkdir()
    (tmp_path / "site" / "lessons" / "board.svg").write_text("<svg/>", encoding="utf-8")
    assert main(["offline", "--lang", "ru", "--no-zip"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-3:] == [
        'site-offline/index.html: error: "gone/" ведёт к gone/, а такого файла на сайте нет',
        'site-offline/index.html: error: "lessons/" ведёт к папке lessons/, где нет index.html',
        "error: 2 ссылки копии не ведут ни к какому файлу: ничего не записано; исправьте ссылки "
        "на своих страницах, соберите сайт заново и запустите offline ещё раз",
    ]
    assert main(["offline", "--zip", "x.zip", "--no-zip"]) == 2  # English outside a project
    assert capsys.readouterr().err == (
        "error: --zip and --no-zip say opposite things: give one of them\n"
    )
