"""The referee board's Python side (``referee_bridge.py``), run here under CPython: the same file
and the same zip the browser runs under Pyodide (generator/site/referee.py), without a browser.

The page's markup (referee.py) holds every game and preset, in each language. Every reason it
words is the one generator/locale words, in every language, from the catalog the
zip ships; each way of writing a position sets up the same board; the set-up clicks make the
positions they say. The Python the site ships is bytecode of the Python that Pyodide runs: seen
in the site the other tests look at (``make test``), and compiled afresh by Node.js and Pyodide
(a start of its own, some seconds) in ``make test-deep``.
"""

from __future__ import annotations

import html
import io
import json
import re
import shutil
import string
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.engine import (
    PRESETS,
    VARIANTS,
    Refusal,
    find_variant,
    from_text,
    to_position_id,
    to_text,
    to_xgid,
)
from generator.engine.errors import WORDS as ERROR_WORDS
from generator.engine.errors import PositionError
from generator.engine.reasons import WORDS, Words
from generator.locale import LANGUAGES, RULES_NAMES, VARIANT_NAMES, explain, translations
from generator.puzzles.diagnostics import engine_words
from generator.site.assets import referee_bridge as bridge
from generator.site.referee import (
    FOLDER,
    STDLIB,
    STDLIB_MODULES,
    compiled,
    engine_zip,
    find_pyodide,
    lock_file,
    referee_html,
    referee_stdlib,
    render_referee,
)

from .conftest import Site

SAMPLES: dict[str, Any] = {"play": "13/8 6/5*", "side": "mover", "variant": "Long Nardy"}


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str | None]:
    """Each language's catalog as the zip ships it (``None``: English, the message ids)."""
    folder = tmp_path_factory.mktemp("referee")
    with zipfile.ZipFile(io.BytesIO(engine_zip())) as archive:
        archive.extractall(folder)
        names = set(archive.namelist())
    assert {"referee_bridge.py", "generator/engine/moves.py", "generator/__init__.py"} <= names
    return {
        lang: None if lang == "en" else str(folder / "locale" / f"{lang}.mo") for lang in LANGUAGES
    }


@pytest.fixture
def board() -> Iterator[bridge.Board]:
    bridge.BOARD = bridge.Board()
    yield bridge.BOARD
    bridge.use_catalog(None)


def ask(**request: object) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.ask(json.dumps(request)))
    return answer


def _params(words: Words, count: int) -> dict[str, Any]:
    """A value for each of the words' parameters (``count`` for the count)."""
    texts = (words.singular, words.plural or "")
    names = {field for text in texts for _, field, _, _ in string.Formatter().parse(text) if field}
    names |= {words.number} if words.number else set()
    return {name: SAMPLES.get(name, count if name == "count" else 7) for name in names}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", [1, 2, 5])
def test_every_reason_is_worded_as_the_site_words_it(catalogs, board, lang, count) -> None:
    bridge.use_catalog(catalogs[lang])
    for code, words in WORDS.items():
        refusal = Refusal.of(code, **_params(words, count))
        assert bridge.explain(refusal) == explain(refusal, lang), code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_error_is_worded_as_the_site_words_it(catalogs, board, lang) -> None:
    bridge.use_catalog(catalogs[lang])
    for code, words in ERROR_WORDS.items():
        error = PositionError.of(code, **_params(words, 2))
        assert bridge.explain(error) == engine_words(error).render(lang), code  # type: ignore[union-attr]


def test_every_way_of_writing_a_position_sets_up_the_same_board(board) -> None:
    position = find_variant("backgammon").position(
        mover={"bar": 1, 24: 1, 13: 5, 8: 3, 6: 5}, opponent={1: 2, 12: 5, 17: 3, 19: 5}
    )
    text = to_text(position)
    written = [
        text,
        to_xgid(position),
        to_position_id(position),
        f'position: {{text: "{text}"}}',
        f'position: {{gnubg: "{to_position_id(position)}"}}',
        "position:\n  mover: {bar: 1, 24: 1, 13: 5, 8: 3, 6: 5}\n"
        "  opponent: {1: 2, 12: 5, 17: 3, 19: 5}\ndice: [6, 3]\n",
    ]
    ask(do="game", game="backgammon")
    for each in written:
        ask(do="start")
        answer = ask(do="paste", text=each)
        assert answer["error"] is None and answer["text"] == text, each
    assert answer["dice"] == [6, 3]  # the puzzle's dice came with its position


GAME_LINKS = [
    ("backgammon", "bar:1 24:1 13:5 8:3 6:5 / 19:5 17:3 12:5 1:2"),
    ("tavla-classic", "6:5 5:5 4:5 / 19:15"),
    ("tavla-modern", "13:15 / 12:15"),
    ("turkish-tavla", "8:1 6:4 5:5 4:5 / 24:15"),
    ("portes", "24:2 13:5 8:3 6:5 / 19:5 17:3 12:5 1:2"),
    ("long-nardy", "24:14 20:1 / 12:13 5:1 3:1"),
    ("plakoto", "24:12 16:1 12:1 10:1^ / 10:1 1:14"),
    ("fevga", "24:14 18:1 / 12:14 6:1"),
]
"""A position of each game, as a link to the referee page carries it (test_referee.py opens
them in the browser)."""


@pytest.mark.parametrize(("game", "text"), GAME_LINKS)
def test_a_links_game_position_and_dice_set_up_the_board(board, game: str, text: str) -> None:
    # What the page asks for a link "#game=...&position=...&dice=5-2" (fromFragment).
    ask(do="game", game=game, rules=None, start=False)
    assert ask(do="paste", text=text)["error"] is None
    answer = ask(do="dice", dice=[5, 2])
    position = from_text(find_variant(game), text)
    assert (answer["game"], answer["text"]) == (game, to_text(position))
    assert answer["pips"] == [position.pip_count(), position.opponent_pip_count()]
    assert answer["left"] == [5, 2]


def test_a_position_that_cannot_stand_is_refused_with_the_engines_words(board) -> None:
    ask(do="game", game="long-nardy")
    answer = ask(do="paste", text="24:16 / 12:15")
    assert answer["error"] == "the mover has 16 checkers on the board and bar; a side has 15"
    assert answer["text"] == "24:15 / 12:15"  # the board stays as it was


def test_a_plakoto_pin_both_ways_and_lifted_again(board) -> None:
    ask(do="game", game="plakoto")
    ask(do="empty")
    ask(do="edit", tool="add-opponent", place=7)
    answer = ask(do="edit", tool="pin", place=7)
    assert (answer["text"], answer["opponentPinned"]) == ("7:1 / 7:1^", [7])
    ask(do="edit", tool="add", place=3)
    answer = ask(do="edit", tool="pin", place=3)
    assert answer["text"] == "7:1 3:1^ / 7:1^ 3:1" and answer["moverPinned"] == [3]
    answer = ask(do="edit", tool="pin", place=7)  # the pinning checker lifted off
    assert answer["text"] == "3:1^ / 7:1 3:1"
    answer = ask(do="edit", tool="remove", place=3)  # the top checker: the pinning one
    assert (answer["text"], answer["moverPinned"]) == ("3:1 / 7:1", [])


def test_a_turn_step_by_step_then_the_board_turned(board) -> None:
    ask(do="game", game="long-nardy")
    ask(do="dice", dice=[6, 5])
    assert ask(do="step", source=24, die=6)["kind"] == "accepted"
    refused = ask(do="step", source=24, die=5)
    assert refused["kind"] == "refused"
    assert refused["message"] == Refusal.of("head_once_first_turn").message()
    done = ask(do="step", source=18, die=5)
    assert (done["done"], done["play"], done["left"]) == (True, "24/18/13", [])
    assert ask(do="undo")["played"] == ["24/18"]
    turned = ask(do="play", play="24/18/13") and ask(do="next")
    assert turned["text"] == "24:15 / 12:14 1:1" and turned["dice"] is None


def test_the_zip_is_the_same_from_build_to_build() -> None:
    assert engine_zip() == engine_zip()
    assert Path(bridge.__file__).name == "referee_bridge.py"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_list_holds_every_game_and_preset(lang: str) -> None:
    options = re.findall(r'<option value="([^"]+)">([^<]+)</option>', referee_html(lang, "a/"))
    say = translations(lang).gettext
    expected = []
    for game in VARIANTS:
        for rules in PRESETS[game]:
            name = say(VARIANT_NAMES[game])
            if rules == "default":
                expected.append((game, name))
            else:
                expected.append(
                    (f"{game}:{rules}", html.escape(f"{name} — {say(RULES_NAMES[rules])}"))
                )
    assert options == expected
    assert len(options) > len(VARIANTS)  # the presets are there


def test_the_page_gets_the_board_where_its_placeholder_stands() -> None:
    page = '# Судья\n\nText.\n\n<div class="tabula-referee"></div>\n\n## Как пользоваться\n'
    done = render_referee(page, "ru", "ru/referee/")
    assert done.startswith('# Судья\n\nText.\n\n<link rel="stylesheet" href="../../assets/referee/')
    assert '<div class="tabula-referee" data-ready="false">' in done
    assert '<script src="../../assets/referee/referee.js"></script>\n\n## Как пользоваться' in done
    assert "Начальная позиция" in done
    assert len(done.split("\n\n")) == 4  # one block of HTML, which Markdown passes through
    assert render_referee("# No board\n", "en", "x/") == "# No board\n"


def test_the_board_before_the_engine_is_the_engines_opening_position(board: bridge.Board) -> None:
    held = re.search(r'<template class="tr-opening">(.*?)</template>', referee_html("en", "a/"))
    assert held is not None
    answer = ask(do="game", game="backgammon")  # what the page asks the engine first
    del answer["error"]
    assert json.loads(html.unescape(held.group(1))) == answer


def test_the_standard_library_shipped_is_the_part_the_referee_imports() -> None:
    full = io.BytesIO()
    with zipfile.ZipFile(full, "w") as archive:
        for name in (
            "json/__init__.py",
            "email/parser.py",
            "encodings/utf_8.py",
            "encodings/cp1251.py",
            "typing.py",
            "tkinter/__init__.py",
        ):
            archive.writestr(name, "")
    with zipfile.ZipFile(io.BytesIO(referee_stdlib(full.getvalue()))) as kept:
        assert kept.namelist() == ["json/__init__.py", "encodings/utf_8.py", "typing.py"]
    assert {"json", "gettext", "re", "dataclasses"} <= STDLIB_MODULES
    lock = json.loads(lock_file('{"info": {"python": "3.14.2"}, "packages": {"numpy": {}}}'))
    assert lock == {"info": {"python": "3.14.2"}, "packages": {}}


PYTHON_3_14 = 3627
"""The magic number of Python 3.14's bytecode, the interpreter Pyodide runs."""


def _is_bytecode_of_pyodides_python(pyc: bytes) -> bool:
    """Python 3.14's bytecode, unchecked hash-based (flags 0b01): no source to compare with."""
    return int.from_bytes(pyc[:2], "little") == PYTHON_3_14 and pyc[4] == 1


def _compiles() -> Path:
    """The Pyodide release that compiles the referee's Python; skips without it or Node.js."""
    found = find_pyodide(Path(__file__).resolve().parents[2])
    if found is None or shutil.which("node") is None:
        pytest.skip("Pyodide (make site) and Node.js compile the referee's Python")
    return found


def _as_shipped(name: str) -> str:
    return name.removesuffix(".py") + ".pyc" if name.endswith(".py") else name


def test_the_site_ships_the_referees_python_compiled(site: Site) -> None:
    _compiles()
    folder = site.folder / FOLDER
    with (
        zipfile.ZipFile(io.BytesIO(engine_zip())) as source,
        zipfile.ZipFile(folder / "engine.zip") as shipped,
    ):
        assert shipped.namelist() == [_as_shipped(name) for name in source.namelist()]
        for name in source.namelist():
            if name.endswith(".py"):
                assert _is_bytecode_of_pyodides_python(shipped.read(_as_shipped(name))), name
            else:  # the catalogs, as they were
                assert shipped.read(name) == source.read(name), name
    with zipfile.ZipFile(folder / "pyodide" / STDLIB) as stdlib:
        assert [name for name in stdlib.namelist() if name.endswith(".py")] == []
        assert _is_bytecode_of_pyodides_python(stdlib.read("json/__init__.pyc"))


@pytest.mark.deep  # a start of Pyodide under Node.js (the test above sees what it made)
def test_the_python_shipped_is_compiled_by_the_pyodide_the_page_runs() -> None:
    found = _compiles()
    source = io.BytesIO()
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("board/__init__.py", "POINTS = 24\n")
        archive.writestr("locale/ru.mo", b"\0\1")
    (made,) = compiled(found, [source.getvalue()]) or [b""]
    with zipfile.ZipFile(io.BytesIO(made)) as archive:
        assert archive.namelist() == ["board/__init__.pyc", "locale/ru.mo"]
        pyc = archive.read("board/__init__.pyc")
        assert archive.read("locale/ru.mo") == b"\0\1"
    assert _is_bytecode_of_pyodides_python(pyc)
