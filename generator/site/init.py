"""``python -m generator init DIR``: a lesson site of a teacher's own, ready to build."""

from __future__ import annotations

import html
import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit
from urllib.request import url2pathname

from ..locale import LANGUAGES, Message, _
from ..puzzles.new import FilesInTheWay, line_problem, write_files, yaml_string

_NAMES = {"en": "English", "ru": "Русский"}

DEFAULT_TITLE = "My Tabula lessons"
"""The site's name when the teacher gives none: each language has its own (``_TITLES``)."""
_TITLES = {"en": DEFAULT_TITLE, "ru": "Мои уроки нард"}

_HOME = {
    "en": """\
# {title}

Puzzles and lessons for my class, checked by the Tabula rules engine: every diagram, every
answer and every "this move is not allowed" comes from the rules themselves.

- [All puzzles](puzzles/index.md)
- [Lessons, with worksheets to print](lessons/index.md)
- [Practice: puzzles one after another, by game, rule and level](practice/index.md)
""",
    "ru": """\
# {title}

Задачи и уроки для моих учеников. Каждую диаграмму, каждый ответ и каждое «так ходить нельзя»
проверил движок правил Tabula.

- [Все задачи](puzzles/index.md)
- [Уроки и листки с заданиями для печати](lessons/index.md)
- [Тренировка: задачи одна за другой, по играм, правилам и уровням](practice/index.md)
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


# The palette toggle's words in each language: light, then dark.
_TOGGLES = {
    "en": ("Switch to dark mode", "Switch to light mode"),
    "ru": ("Включить тёмную тему", "Включить светлую тему"),
}


def _palette(lang: str, indent: str) -> str:
    """Material's light and dark palettes, their toggle named in ``lang``."""
    dark, light = _TOGGLES[lang]
    return (
        f'{indent}- media: "(prefers-color-scheme: light)"\n'
        f"{indent}  scheme: default\n"
        f"{indent}  toggle: {{icon: material/brightness-7, name: {yaml_string(dark)}}}\n"
        f'{indent}- media: "(prefers-color-scheme: dark)"\n'
        f"{indent}  scheme: slate\n"
        f"{indent}  toggle: {{icon: material/brightness-4, name: {yaml_string(light)}}}"
    )


# The comments of mkdocs.yml, in the site's first language: the teacher edits that file.
_CONFIG_COMMENTS = {
    "en": {
        "site": "# The site of your lessons, built by MkDocs with the Tabula plugin.\n"
        "# (Each language's half of the site has its own name: site_name under each language "
        "below.)",
        "tabula": "  # Checks every puzzle, lesson and board, then writes their pages (puzzles/, "
        "lessons/,\n  # search/, practice/, progress/), with the puzzles' widget, the search box "
        "and the\n  # language switcher.",
        "keys": "      # The lessons' answer keys (pages and PDFs) are built into keys/, for you "
        "alone: the\n      # published site (site/) neither holds nor links them. Write "
        '"answer_keys: public" to\n      # publish them with the lessons.',
        "paper": "      # The paper the worksheets' and answer keys' PDFs are printed on: "
        '"A4" (the\n      # default) or "Letter".',
        "palette": "  # Light and dark: the site follows the reader's device, and the toggle in "
        "the header\n  # switches it. The toggle's words are in each language's palette below.",
        "i18n": "      # The language switcher is set below (extra), each language's words in its "
        "entry here.",
    },
    "ru": {
        "site": "# Сайт ваших уроков: его собирает MkDocs с плагином Tabula.\n"
        "# (У каждой языковой половины сайта своё название: site_name у каждого языка ниже.)",
        "tabula": "  # Проверяет все задачи, уроки и доски, затем пишет их страницы (puzzles/, "
        "lessons/,\n  # search/, practice/, progress/) с виджетом задач, полем поиска и "
        "переключателем\n  # языка.",
        "keys": "      # Ключи с ответами к урокам (страницы и PDF) собираются в keys/, только для "
        "вас:\n      # на опубликованном сайте (site/) их нет, как нет и ссылок на них. "
        'Напишите\n      # "answer_keys: public", чтобы публиковать их вместе с уроками.',
        "paper": "      # Бумага, на которой печатаются PDF рабочих листов и ключей с ответами: "
        '"A4"\n      # (по умолчанию) или "Letter".',
        "palette": "  # Светлая и тёмная темы: сайт следует настройке устройства читателя, "
        "а кнопка\n  # в шапке переключает тему. Подписи кнопки — в palette каждого языка ниже.",
        "i18n": "      # Переключатель языка задан ниже (extra), слова каждого языка — в его "
        "записи здесь.",
    },
}


def _mkdocs_yml(titles: dict[str, str], languages: tuple[str, ...]) -> str:
    entries = "\n".join(
        f"        - locale: {lang}\n"
        f"          name: {_NAMES[lang]}\n"
        f"          site_name: {yaml_string(titles[lang])}\n"
        f"          build: true\n"
        + ("          default: true\n" if index == 0 else "")
        + f"          theme:\n            language: {lang}\n"
        f"            palette:\n{_palette(lang, ' ' * 14)}"
        for index, lang in enumerate(languages)
    )
    # The language switcher: each language's home, relative to the site's root (the plugin's
    # script points each link at the same page in the other language).
    homes = {lang: "./" if index == 0 else f"{lang}/" for index, lang in enumerate(languages)}
    switcher = "".join(
        f"    - {{name: {_NAMES[lang]}, link: {homes[lang]}, lang: {lang}}}\n" for lang in languages
    )
    extra = f"\nextra:\n  alternate:\n{switcher}" if len(languages) > 1 else ""
    comment = _CONFIG_COMMENTS[languages[0]]
    return f"""\
{comment["site"]}
site_name: {yaml_string(titles[languages[0]])}
docs_dir: docs
site_dir: site
strict: true

theme:
  name: material
  language: {languages[0]}
  font: false
{comment["palette"]}
  palette:
{_palette(languages[0], "    ")}

plugins:
{comment["tabula"]}
  - tabula:
{comment["keys"]}
      answer_keys: private
      keys_dir: keys
{comment["paper"]}
      paper: A4
  - i18n:
      docs_structure: folder
{comment["i18n"]}
      reconfigure_material: false
      languages:
{entries}

nav:
  - index.md
  - puzzles/index.md
  - lessons/index.md
  - practice/index.md
  - progress/index.md
  - search/index.md
not_in_nav: |
  /puzzles/*/index.md
  /lessons/*/index.md

markdown_extensions:
  - admonition
  - attr_list
  - md_in_html
  - pymdownx.details
  - pymdownx.superfences
{extra}"""


# The README of a new site, in each language: a bilingual site's README has both, its first
# language first.
_README = {
    "en": """\
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

The answer keys are yours alone: they are built into `keys/`, beside `site/`, and the
published site neither holds nor links them (`answer_keys: private` in `mkdocs.yml`;
`answer_keys: public` publishes them with the lessons). `.gitignore` keeps `keys/` out of git.

## Publishing

`requirements.txt` says where Tabula comes from: `python -m pip install -r requirements.txt`
installs it on any computer. (When `init` could not tell where your Tabula came from, the
comment in that file says what to write.)

- **GitHub Pages**: put this folder in a GitHub repository, and on GitHub choose *Settings →
  Pages → Source: GitHub Actions*. Each push then checks, builds and publishes the site
  (`.github/workflows/pages.yml`). Set `site_url` in `mkdocs.yml` to the site's address.
- **Any web server or static host**: copy the contents of `site/` after a build.
- **No web server** (a classroom, a USB stick): `python -m generator offline` writes
  `site-offline/`, a copy that works opened from the folder (open its `index.html`), and
  `site-offline.zip` to hand out.

Tabula's teacher guide ("Publishing your site") explains each of them step by step.
""",
    "ru": """\
# {title}

Сайт с уроками, сделанный в Tabula: задачи лежат в `puzzles/`, по папке на каждую игру, уроки —
в `puzzles/lessons/`, страницы — в `docs/<язык>/`.

Когда Tabula установлена (`pip install` проекта Tabula, вместе с ней ставится и MkDocs), нужны
две команды:

```sh
python -m generator check    # проверить все задачи, уроки и доски: ответы, переводы, поля
python -m mkdocs build       # собрать сайт в site/ (посмотреть его: python -m mkdocs serve)
```

`check` называет файл, строку и способ исправить каждую ошибку, а сборка останавливается на
любой из них, так что неверный ответ не дойдёт до учеников. `python -m generator new --variant
backgammon puzzles/backgammon/my-puzzle.yaml` создаёт новую задачу, которую остаётся заполнить;
к каждому уроку собираются листок с заданиями и ключ с ответами для печати.

Ключи с ответами — только для вас: они собираются в `keys/`, рядом с `site/`, а на
опубликованном сайте их нет, как нет и ссылок на них (`answer_keys: private` в `mkdocs.yml`; с
`answer_keys: public` они публикуются вместе с уроками). `.gitignore` не пускает `keys/` в git.

## Публикация

В `requirements.txt` записано, откуда берётся Tabula: `python -m pip install -r
requirements.txt` установит её на любом компьютере. (Если `init` не смогла определить, откуда
взялась ваша Tabula, комментарий в этом файле подскажет, что в него вписать.)

- **GitHub Pages**: положите эту папку в репозиторий на GitHub и там выберите *Settings → Pages
  → Source: GitHub Actions*. Тогда после каждого push сайт проверяется, собирается и публикуется
  (`.github/workflows/pages.yml`). Впишите адрес сайта в `site_url` в `mkdocs.yml`.
- **Любой веб-сервер или хостинг статических сайтов**: после сборки скопируйте туда содержимое
  `site/`.
- **Без веб-сервера** (в классе, на флешке): `python -m generator offline` записывает
  `site-offline/` — копию, которая работает, открытая из папки (откройте её `index.html`), — и
  `site-offline.zip`, чтобы раздать.

В руководстве Tabula для учителя (раздел «Публикация сайта») каждый способ описан по шагам.
""",
}


def readme(titles: dict[str, str], languages: tuple[str, ...]) -> str:
    """The new site's README.md: its text in each of ``languages``, the first one first."""
    return "\n---\n\n".join(
        _README[lang].format(title=markdown_text(titles[lang])) for lang in languages
    )


# The GitHub Pages workflow (.github/workflows/pages.yml): GitHub's own actions only.
_WORKFLOW = """\
%(header)s
name: Publish the site

on:
  push:
    branches: [main]  %(branch)s
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

%(concurrency)s
concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - name: Get the site's files
        uses: actions/checkout@v6
      %(pages)s
      - name: Set up GitHub Pages
        id: pages
        uses: actions/configure-pages@v6
      - name: Install Python
        uses: actions/setup-python@v6
        with:
          python-version: "3.12"
          cache: pip
      - name: Install Tabula (from requirements.txt)
        run: |
          if ! grep -Eiq '^[^#]*tabula' requirements.txt; then
            echo "::error file=requirements.txt::requirements.txt does not say where to" \\
              "install Tabula from: see the comment at its top"
            exit 1
          fi
          python -m pip install -r requirements.txt
      - name: Check the puzzles, lessons and pages
        run: python -m generator check
      %(chrome)s
      - name: Build the site
        run: python -m mkdocs build
      - name: Is site_url set?
        env:
          ADDRESS: ${{ steps.pages.outputs.base_url }}
        run: |
          if ! grep -Eq '^site_url:' mkdocs.yml; then
            echo "::warning file=mkdocs.yml::mkdocs.yml has no site_url: add the line" \\
              "'site_url: $ADDRESS/' near its top"
          fi
      - name: Upload the site
        uses: actions/upload-pages-artifact@v5
        with:
          path: site

  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - name: Publish the site
        id: deployment
        uses: actions/deploy-pages@v5
"""

# The workflow's comments, in the site's first language: the teacher reads and edits them.
# (Its steps' names and messages stay in English, as GitHub's own pages around them are.)
_WORKFLOW_COMMENTS = {
    "en": {
        "header": """\
# Publishes the site on GitHub Pages each time you push to the main branch, or when you start
# it by hand (on GitHub: Actions -> Publish the site -> Run workflow). Written by
# `python -m generator init`; Tabula's teacher guide ("Publishing your site") explains it.
#
# Once, before the first run: on GitHub, open the repository's Settings -> Pages and choose
# "GitHub Actions" as the Source.
#
# Tabula is installed from requirements.txt, which must name where Tabula comes from (see the
# comment at its top): the Python Package Index's "tabula" is another project, so that line
# installs Tabula from its Git repository, at a fixed commit or tag.
#
# The steps use GitHub's own actions, at the versions current when this file was written;
# when GitHub retires one, the run's summary says so: raise the number after its @.""",
        "branch": "# the branch you publish from: change it if yours has another name",
        "concurrency": "# One publication at a time: a newer push waits for the one that is "
        "running.",
        "pages": "# Fails, saying so, while Settings -> Pages does not have "
        '"GitHub Actions" as the Source.',
        "chrome": "# The runner has Chrome, so the worksheets' PDFs are printed too.",
    },
    "ru": {
        "header": """\
# Публикует сайт на GitHub Pages при каждом push в ветку main или когда вы запускаете его
# вручную (на GitHub: Actions -> Publish the site -> Run workflow). Файл написала команда
# `python -m generator init`; он объяснён в руководстве Tabula для учителя («Публикация сайта»).
#
# Один раз, до первого запуска: на GitHub откройте в репозитории Settings -> Pages и выберите
# "GitHub Actions" в поле Source.
#
# Tabula ставится из requirements.txt, где должно быть записано, откуда её брать (см. комментарий
# в начале того файла): "tabula" в Python Package Index — другой проект, поэтому та строка ставит
# Tabula из её Git-репозитория, на определённом коммите или теге.
#
# Шаги используют собственные actions GitHub тех версий, что были актуальны, когда писался этот
# файл; когда GitHub снимет какую-то с поддержки, это будет сказано в сводке запуска: увеличьте
# число после её @.""",
        "branch": "# ветка, из которой вы публикуете: поменяйте, если ваша называется иначе",
        "concurrency": "# Публикации идут по одной: новый push ждёт, пока закончится текущая.",
        "pages": "# Останавливается с объяснением, пока в Settings -> Pages в поле Source "
        'не выбрано "GitHub Actions".',
        "chrome": "# На машине GitHub есть Chrome, поэтому PDF листков тоже печатаются.",
    },
}


def workflow(lang: str) -> str:
    """The GitHub Pages workflow (.github/workflows/pages.yml), its comments in ``lang``."""
    return _WORKFLOW % _WORKFLOW_COMMENTS[lang]


# requirements.txt, its comments in the site's first language.
_REQUIREMENTS = {
    "en": """\
# What building this site needs, on GitHub Pages (.github/workflows/pages.yml) or on any other
# computer: python -m pip install -r requirements.txt. Tabula brings MkDocs, Material and the
# i18n plugin along.
#
# Tabula is installed from its Git repository (the Python Package Index's "tabula" is another
# project), at one commit or tag, so that every build uses the same Tabula.
""",
    "ru": """\
# Что нужно для сборки этого сайта на GitHub Pages (.github/workflows/pages.yml) или на любом
# другом компьютере: python -m pip install -r requirements.txt. Вместе с Tabula ставятся MkDocs,
# Material и плагин i18n.
#
# Tabula ставится из её Git-репозитория ("tabula" в Python Package Index — другой проект), на
# одном коммите или теге, чтобы каждая сборка шла с одной и той же Tabula.
""",
}

_FOUND = {
    "en": """\
# This is the Tabula the site was made with; for a newer one, write another commit or a tag
# after the @.
{line}
""",
    "ru": """\
# Это Tabula, с которой сделан сайт; для более новой впишите после @ другой коммит или тег.
{line}
""",
}

_NOT_FOUND = {
    "en": """\
# Write the address of the Tabula repository you use on the line below, with a tag or a
# commit after the @, and remove the "# " before it.
# tabula @ git+https://github.com/OWNER/tabula.git@TAG
""",
    "ru": """\
# Впишите в строку ниже адрес репозитория Tabula, которым вы пользуетесь, с тегом или коммитом
# после @, и уберите "# " в её начале.
# tabula @ git+https://github.com/OWNER/tabula.git@TAG
""",
}


def requirements_txt(line: str | None, lang: str = LANGUAGES[0]) -> str:
    """requirements.txt for a new site: ``line`` installs Tabula (see :func:`tabula_requirement`);
    without one, a commented example says what to write. The comments are in ``lang``."""
    found = _NOT_FOUND[lang] if line is None else _FOUND[lang].format(line=line)
    return _REQUIREMENTS[lang] + found


# .gitignore, its comments in the site's first language.
_GITIGNORE = {
    "en": (
        "# the answer keys, for you alone (answer_keys: private in mkdocs.yml)",
        "# pages the build writes",
        "# the copy to open from a folder (python -m generator offline)",
        "# left only by a killed build, cleared by the next one",
    ),
    "ru": (
        "# ключи с ответами, только для вас (answer_keys: private в mkdocs.yml)",
        "# страницы, которые пишет сборка",
        "# копия, которая открывается из папки (python -m generator offline)",
        "# остаются только от прерванной сборки, следующая их убирает",
    ),
}


def gitignore(lang: str) -> str:
    """The new site's .gitignore: what the build writes, the answer keys and the offline copy."""
    keys, pages, offline, killed = _GITIGNORE[lang]
    return (
        f"site/\n{keys}\nkeys/\n"
        f"{pages}\ndocs/*/puzzles/\ndocs/*/lessons/\ndocs/*/gallery/\ndocs/*/search/\n"
        "docs/*/practice/\ndocs/*/progress/\n"
        f"{offline}\nsite-offline/\nsite-offline.zip\n"
        f"{killed}\n*.tabula-new/\n*.tabula-old/\n"
    )


def tabula_requirement() -> str | None:
    """The requirement line that installs, on another computer, the Tabula running now: the
    Git repository and commit it was installed from (``pip install git+https://...``), or those
    of the clone it was installed from, when that commit is pushed to a public (https) remote.
    ``None`` when that cannot be told."""
    from importlib import metadata

    try:
        text = metadata.distribution("tabula").read_text("direct_url.json")
        direct = json.loads(text) if text else None
    except (metadata.PackageNotFoundError, OSError, ValueError):
        return None
    return requirement_from(direct)


def requirement_from(
    direct: object, *, clone: Callable[[Path], tuple[str, str] | None] | None = None
) -> str | None:
    """The requirement line for the Tabula that pip installed as ``direct`` (PEP 610's
    direct_url.json); ``clone(folder)`` gives the public address and the pushed commit of a
    local Git clone (default :func:`pushed_commit`).

    >>> requirement_from({"url": "https://github.com/club/tabula.git",
    ...                   "vcs_info": {"vcs": "git", "commit_id": "0123abcd"}})
    'tabula @ git+https://github.com/club/tabula.git@0123abcd'
    >>> requirement_from({"url": "file:///home/t/tabula", "dir_info": {"editable": True}},
    ...                  clone=lambda folder: ("https://github.com/club/tabula.git", "0123abcd"))
    'tabula @ git+https://github.com/club/tabula.git@0123abcd'
    >>> requirement_from({"url": "file:///home/t/tabula", "dir_info": {}}, clone=lambda f: None)
    >>> requirement_from(None)
    """
    if not isinstance(direct, dict) or not isinstance(direct.get("url"), str):
        return None
    url: str = direct["url"]
    vcs = direct.get("vcs_info")
    if isinstance(vcs, dict):
        public = public_address(url)
        commit = vcs.get("commit_id")
        if vcs.get("vcs") == "git" and public and isinstance(commit, str) and commit:
            return f"tabula @ git+{public}@{commit}"
        return None
    if isinstance(direct.get("dir_info"), dict) and url.startswith("file://"):
        found = (clone or pushed_commit)(Path(url2pathname(urlsplit(url).path)))
        if found is not None:
            return f"tabula @ git+{found[0]}@{found[1]}"
    return None


def public_address(remote: str) -> str | None:
    """The https address of a Git remote, which GitHub's runners can clone without a key;
    ``None`` for a remote that has none (a folder, an unknown scheme).

    >>> public_address("git@github.com:club/tabula.git")
    'https://github.com/club/tabula.git'
    >>> public_address("https://user:secret@github.com/club/tabula")
    'https://github.com/club/tabula'
    >>> public_address("/home/t/tabula.git")
    """
    scp = re.fullmatch(r"[\w.-]+@([\w.-]+):(?!/)(.+)", remote)
    if scp:
        return f"https://{scp[1]}/{scp[2]}"
    parts = urlsplit(remote)
    if parts.scheme not in ("https", "ssh", "git") or not parts.hostname or not parts.path:
        return None
    return urlunsplit(("https", parts.hostname, parts.path, "", ""))


def pushed_commit(folder: Path) -> tuple[str, str] | None:
    """The public address of the clone ``folder``'s ``origin`` and its current commit, when a
    remote branch holds that commit (a commit never pushed cannot be installed elsewhere)."""

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(folder), *args],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
        return done.stdout.strip() if done.returncode == 0 else ""

    try:
        commit = git("rev-parse", "HEAD")
        origin = public_address(git("remote", "get-url", "origin"))
        pushed = commit and origin and git("branch", "--remotes", "--contains", commit)
    except (OSError, subprocess.SubprocessError):
        return None
    return (origin, commit) if pushed and origin else None


def init_project(
    folder: Path,
    languages: tuple[str, ...],
    title: str = DEFAULT_TITLE,
    *,
    force: bool = False,
) -> list[Path]:
    """Write a new lesson site into ``folder``: its mkdocs.yml, a home page per language, three
    puzzles, a lesson and a README; return the files written. The site is named ``title`` in
    every language; left at :data:`DEFAULT_TITLE`, each language has its own name.

    A language that is unknown or named twice, or a title that is not one line of text, is a
    ``ValueError``. Files of the site already in ``folder`` are a
    :class:`~generator.puzzles.new.FilesInTheWay` naming each of them (unless ``force``), and a
    folder that cannot be written a :class:`~generator.puzzles.new.WriteError`: either way
    nothing is written.
    """
    _check_languages(languages)
    title = title.strip()
    problem = _("it is empty: write the site's name") if not title else line_problem(title)
    if problem is not None:
        raise ValueError(_("--title {title}: {problem}", title=repr(title), problem=problem))
    titles = {lang: _TITLES[lang] if title == DEFAULT_TITLE else title for lang in languages}
    files: dict[Path, str] = {
        folder / "mkdocs.yml": _mkdocs_yml(titles, languages),
        folder / "README.md": readme(titles, languages),
        folder / ".gitignore": gitignore(languages[0]),
    }
    for lang in languages:
        files[folder / "docs" / lang / "index.md"] = _HOME[lang].format(
            title=markdown_text(titles[lang])
        )
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
    # Publishing: GitHub Pages builds and publishes the site with the Tabula named there.
    files[folder / ".github" / "workflows" / "pages.yml"] = workflow(languages[0])
    files[folder / "requirements.txt"] = requirements_txt(tabula_requirement(), languages[0])
    try:
        return write_files(files, force=force)
    except FilesInTheWay as error:
        names = ", ".join(str(path.relative_to(folder)) for path in error.paths)
        raise FilesInTheWay(
            error.paths,
            Message.ngettext(
                "{folder} already holds {names}: nothing was written; choose an empty folder, "
                "or add --force to replace it",
                "{folder} already holds {names}: nothing was written; choose an empty folder, "
                "or add --force to replace them",
                len(error.paths),
                folder=folder,
                names=names,
            ),
        ) from None


def _check_languages(languages: tuple[str, ...]) -> None:
    known = ", ".join(LANGUAGES)
    unknown = [lang for lang in languages if lang not in LANGUAGES]
    if unknown or not languages:
        raise ValueError(
            _(
                "unknown language {languages}: choose from {known}",
                languages=", ".join(unknown) or _("(none)"),
                known=known,
            )
        )
    repeated = sorted({lang for lang in languages if languages.count(lang) > 1})
    if repeated:
        raise ValueError(
            _(
                "--lang names {languages} more than once: name each language once, from {known}",
                languages=", ".join(repeated),
                known=known,
            )
        )
