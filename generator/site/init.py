"""``python -m generator init DIR``: a lesson site of a teacher's own, ready to build."""

from __future__ import annotations

import html
import re
from pathlib import Path

from ..locale import LANGUAGES
from ..puzzles.new import FilesInTheWay, line_problem, write_files, yaml_string

_NAMES = {"en": "English", "ru": "Русский"}

_HOME = {
    "en": """\
# {title}

Puzzles and lessons for my class, checked by the Tabula rules engine: every diagram, every
answer and every "this move is not allowed" comes from the rules themselves.

- [All puzzles](puzzles/index.md)
- [Lessons, with worksheets to print](lessons/index.md)
""",
    "ru": """\
# {title}

Задачи и уроки для моих учеников. Каждую диаграмму, каждый ответ и каждое «так ходить нельзя»
проверил движок правил Tabula.

- [Все задачи](puzzles/index.md)
- [Уроки и листки с заданиями для печати](lessons/index.md)
""",
}

# Three puzzles to start from: a forced entry, the higher die, the order of the dice.
_PUZZLES = {
    "enter-first": {
        "title": {"en": "Enter first", "ru": "Сначала вход"},
        "prompt": {
            "en": "White has a checker on the bar. Play 6-3.",
            "ru": "У белых шашка на баре. Сыграйте 6-3.",
        },
        "explain": {
            "en": "A checker on the bar enters before any other checker moves.",
            "ru": "Пока шашка на баре, остальные шашки не ходят: сначала вход.",
        },
        "body": """\
position:
  mover: {bar: 1, 24: 1, 13: 5, 8: 3, 6: 5}
  opponent: {1: 2, 12: 5, 17: 3, 19: 5}
dice: [6, 3]
task: legal
claim: "13/7 13/10"
expect: illegal
""",
    },
    "higher-die": {
        "title": {"en": "The higher die", "ru": "Большее число"},
        "prompt": {
            "en": "Only one die can be played. Which one, and how?",
            "ru": "Сыграть можно только один кубик. Какой и как?",
        },
        "explain": {
            "en": "Either die could be played alone, but not both: the higher one must be.",
            "ru": "Любой кубик можно сыграть по отдельности, но не оба: играть нужно больший.",
        },
        "body": """\
position:
  mover: {13: 1}
  opponent: {3: 2, 1: 13}
dice: [6, 4]
task: play
answer: ["13/7"]
expect: forced
""",
    },
    "order-of-dice": {
        "title": {"en": "The order of the dice", "ru": "Порядок кубиков"},
        "prompt": {
            "en": "Play both dice: in which order does it work?",
            "ru": "Сыграйте оба кубика: в каком порядке это возможно?",
        },
        "explain": {
            "en": "The 6 first lands on a closed point; the 1 first opens the way for the 6.",
            "ru": "Шестёрка первой упирается в закрытый пункт, а после единицы шестёрка проходит.",
        },
        "body": """\
position:
  mover: {13: 1, 1: 1}
  opponent: {7: 2, 19: 13}
dice: [6, 1]
task: play
answer: ["13/12/6"]
expect: forced
""",
    },
}


def _text(texts: dict[str, str], languages: tuple[str, ...]) -> str:
    """``{en: "...", ru: "..."}``, each text a YAML double-quoted string."""
    return "{" + ", ".join(f"{lang}: {yaml_string(texts[lang])}" for lang in languages) + "}"


# Python-Markdown reads a backslash before these as the character itself; ``{`` matters
# because the site's attr_list would read ``{: .class}`` at the end of a heading.
_MARKDOWN_MARKUP = re.compile(r"([\\`*_\[\]{}#!])")


def markdown_text(text: str) -> str:
    """``text`` written into Markdown so that it reads as itself: no emphasis, link, HTML or
    attribute a user types comes alive.

    >>> print(markdown_text("Club *1* <b> {: .big}"))
    Club \\*1\\* &lt;b&gt; \\{: .big\\}
    """
    return _MARKDOWN_MARKUP.sub(r"\\\1", html.escape(text, quote=False))


def _mkdocs_yml(title: str, languages: tuple[str, ...]) -> str:
    entries = "\n".join(
        f"        - locale: {lang}\n"
        f"          name: {_NAMES[lang]}\n"
        f"          build: true" + ("\n          default: true" if index == 0 else "")
        for index, lang in enumerate(languages)
    )
    return f"""\
# The site of your lessons, built by MkDocs with the Tabula plugin.
site_name: {yaml_string(title)}
docs_dir: docs
site_dir: site
strict: true

theme:
  name: material
  language: {languages[0]}
  font: false
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      toggle: {{icon: material/brightness-7, name: Dark mode}}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      toggle: {{icon: material/brightness-4, name: Light mode}}

plugins:
  # Checks every puzzle, lesson and board, then writes their pages (puzzles/, lessons/).
  - tabula
  - i18n:
      docs_structure: folder
      languages:
{entries}

nav:
  - index.md
  - puzzles/index.md
  - lessons/index.md
not_in_nav: |
  /puzzles/*/index.md
  /lessons/*/index.md

markdown_extensions:
  - admonition
  - attr_list
  - md_in_html
  - pymdownx.details
  - pymdownx.superfences
"""


_README = """\
# {title}

A lesson site made with Tabula: puzzles in `puzzles/`, one folder per game, lessons in
`puzzles/lessons/`, pages in `docs/<language>/`.

With Tabula installed (`pip install` the Tabula project, which brings MkDocs along), two
commands:

```sh
python -m generator check    # check every puzzle, lesson and board: answers, translations, fields
python -m mkdocs build       # build the site into site/ (python -m mkdocs serve to preview it)
```

`check` names the file, the line and the fix for every problem, and the build stops on any of
them, so no wrong answer reaches a class. `python -m generator new --variant backgammon
puzzles/backgammon/my-puzzle.yaml` writes a new puzzle to fill in; each lesson gets a
worksheet and an answer key to print.
"""


def init_project(
    folder: Path,
    languages: tuple[str, ...],
    title: str = "My Tabula lessons",
    *,
    force: bool = False,
) -> list[Path]:
    """Write a new lesson site into ``folder``: its mkdocs.yml, a home page per language, three
    puzzles, a lesson and a README; return the files written.

    A language that is unknown or named twice, or a title that is not one line of text, is a
    ``ValueError``. Files of the site already in ``folder`` are a
    :class:`~generator.puzzles.new.FilesInTheWay` naming each of them (unless ``force``), and a
    folder that cannot be written a :class:`~generator.puzzles.new.WriteError`: either way
    nothing is written.
    """
    _check_languages(languages)
    title = title.strip()
    problem = "it is empty: write the site's name" if not title else line_problem(title)
    if problem is not None:
        raise ValueError(f"--title {title!r}: {problem}")
    files: dict[Path, str] = {
        folder / "mkdocs.yml": _mkdocs_yml(title, languages),
        folder / "README.md": _README.format(title=markdown_text(title)),
        folder / ".gitignore": (
            "site/\ndocs/*/puzzles/\ndocs/*/lessons/\ndocs/*/gallery/\n"
            "# left only by a killed build, cleared by the next one\n*.tabula-new/\n*.tabula-old/\n"
        ),
    }
    for lang in languages:
        files[folder / "docs" / lang / "index.md"] = _HOME[lang].format(title=markdown_text(title))
    for name, puzzle in _PUZZLES.items():
        files[folder / "puzzles" / "backgammon" / f"{name}.yaml"] = (
            f"id: {name}\nvariant: backgammon\nlevel: 1\ntags: [basics]\n"
            f"title: {_text(puzzle['title'], languages)}\n"  # type: ignore[arg-type]
            f"prompt: {_text(puzzle['prompt'], languages)}\n"  # type: ignore[arg-type]
            f"explain: {_text(puzzle['explain'], languages)}\n"  # type: ignore[arg-type]
            f"{puzzle['body']}"
        )
    lesson = {
        "title": {"en": "First lesson", "ru": "Первый урок"},
        "intro": {
            "en": "Three positions about the order of play: the bar, the higher die, the order "
            "of the dice.",
            "ru": "Три позиции о порядке хода: бар, больший кубик, порядок кубиков.",
        },
        "audience": {"en": "Beginners", "ru": "Начинающие"},
    }
    files[folder / "puzzles" / "lessons" / "first-lesson.yaml"] = (
        "id: first-lesson\nlevel: 1\nvariants: [backgammon]\n"
        + "".join(f"{key}: {_text(texts, languages)}\n" for key, texts in lesson.items())
        + f"puzzles: [{', '.join(_PUZZLES)}]\n"
    )
    try:
        return write_files(files, force=force)
    except FilesInTheWay as error:
        names = ", ".join(str(path.relative_to(folder)) for path in error.paths)
        raise FilesInTheWay(
            error.paths,
            f"{folder} already holds {names}: nothing was written; choose an empty folder, or "
            f"add --force to replace {'it' if len(error.paths) == 1 else 'them'}",
        ) from None


def _check_languages(languages: tuple[str, ...]) -> None:
    known = ", ".join(LANGUAGES)
    unknown = [lang for lang in languages if lang not in LANGUAGES]
    if unknown or not languages:
        raise ValueError(f"unknown language {', '.join(unknown) or '(none)'}: choose from {known}")
    repeated = sorted({lang for lang in languages if languages.count(lang) > 1})
    if repeated:
        raise ValueError(
            f"--lang names {', '.join(repeated)} more than once: name each language once, "
            f"from {known}"
        )
