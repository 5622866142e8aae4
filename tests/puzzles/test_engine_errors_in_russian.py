"""Engine errors reach the teacher as data, worded in the teacher's language.

``check`` in Russian says an engine error wholly in Russian (a side named by its YAML key, the
plural that fits the count), and in English exactly as the engine says it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.engine import find_variant
from generator.engine.dice import check_dice
from generator.engine.errors import DiceError, IdError, NotationError, PositionError
from generator.puzzles.check import check_files
from generator.puzzles.diagnostics import engine_words

HEAD = """\
id: {id}
variant: backgammon
title: {{en: A position, ru: Позиция}}
level: 1
prompt: {{en: Can White move?, ru: Могут ли белые сходить?}}
"""

CASES = {
    "sixteen": (
        "task: pass\nposition:\n  mover: {24: 2, 13: 6, 8: 3, 6: 5}\n"
        "  opponent: {1: 2, 12: 5, 17: 3, 19: 5}\ndice: [6, 3]\n",
        "impossible position: the mover has 16 checkers on the board and bar; a side has 15: "
        "remove 1 checker from the mover's 13",
        "невозможная позиция: в 'mover' 16 шашек на доске и на баре, а у стороны их 15: "
        "уберите 1 шашку из 'mover' с 13",
    ),
    "bad-xgid": (
        'task: pass\nposition:\n  xgid: "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0"\n'
        "dice: [6, 3]\n",
        "impossible position: XGID 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0' has 8 "
        "fields separated by ':'; an XGID has 10: position:cube:cube owner:turn:dice:bottom "
        "score:top score:Crawford/Jacoby:match length:max cube",
        "невозможная позиция: в XGID 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0' 8 полей "
        "через ':', а в XGID их 10: position:cube:cube owner:turn:dice:bottom score:top "
        "score:Crawford/Jacoby:match length:max cube",
    ),
    "not-notation": (
        "task: legal\nclaim: 13-x\nposition: {start: true}\ndice: [6, 3]\n",
        "claim '13-x': '13-x' in '13-x' is not a step; write from/to with points 1..24, bar or "
        "off, such as 13/8, bar/22, 6/off, 24/18/13, 8/3*/1 or 13/7(2)",
        "claim '13-x': '13-x' в '13-x' — не ход шашки: пишите откуда/куда пунктами 1..24, bar "
        "или off, например 13/8, bar/22, 6/off, 24/18/13, 8/3*/1 или 13/7(2)",
    ),
    "no-bar": (
        "variant: long-nardy\ntask: pass\nposition:\n  mover: {bar: 2, 24: 13}\n"
        "  opponent: {12: 15}\ndice: [6, 3]\n",
        "impossible position: Long Nardy has no bar, but the mover has 2 checkers on it: "
        'remove "bar" or set it to 0',
        "невозможная позиция: в игре «Длинные нарды» нет бара, а у 'mover' на нём 2 шашки: "
        'уберите "bar" или поставьте 0',
    ),
}

# English that must not be left in a Russian message (quoted input and YAML keys aside).
ENGLISH = re.compile(r"\b(the|has|is|not|with|checkers?|side|write|point|legal|dice|roll)\b")


XGID_FIELDS = "position:cube:cube owner:turn:dice:bottom score:top score:Crawford/Jacoby:"


def unquoted(text: str) -> str:
    """``text`` without what the teacher wrote (quoted) and the XGID format's field names."""
    return re.sub(r"'[^']*'|\"[^\"]*\"", "", text).replace(XGID_FIELDS, "")


def check(tmp_path: Path, name: str) -> tuple[str, str]:
    body, _, _ = CASES[name]
    text = HEAD.format(id=name) + body
    if body.startswith("variant:"):
        text = text.replace("variant: backgammon\n", "")
    path = tmp_path / "puzzles" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    (problem,) = check_files([path], languages=("en", "ru")).report.errors
    return problem.text("en"), problem.text("ru")


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_says_an_engine_error_wholly_in_russian(tmp_path: Path, name: str) -> None:
    _, russian = check(tmp_path, name)
    assert russian == CASES[name][2]
    assert not ENGLISH.search(unquoted(russian)), russian


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_english_message_is_the_engines_sentence(tmp_path: Path, name: str) -> None:
    english, _ = check(tmp_path, name)
    assert english == CASES[name][1]


def error_of(call: object, *args: object) -> Exception:
    with pytest.raises(Exception) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value


def test_a_dice_error_is_said_in_russian() -> None:
    error = error_of(check_dice, [7, 2])
    assert isinstance(error, DiceError)
    assert (error.code, error["die"]) == ("die_out_of_range", "7")
    assert str(error) == "a die shows 1 to 6; got 7 in [7, 2]"
    assert engine_words(error).render("ru") == "на кубике от 1 до 6, а в [7, 2] стоит 7"  # type: ignore[union-attr]


@pytest.mark.parametrize(("count", "words"), [(16, "16 шашек"), (21, "21 шашка"), (22, "22 шашки")])
def test_russian_counts_the_checkers_of_a_side_with_the_right_form(count: int, words: str) -> None:
    backgammon = find_variant("backgammon")
    error = error_of(lambda: backgammon.position(mover={6: count}, opponent={19: 2}))
    assert isinstance(error, PositionError)
    assert error["count"] == count
    said = engine_words(error).render("ru")  # type: ignore[union-attr]
    assert said == f"в 'mover' {words} на доске и на баре, а у стороны их 15"


def test_an_xgid_error_carries_its_fields_and_the_error_inside() -> None:
    from generator.engine import from_xgid

    text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    error = error_of(from_xgid, text.replace("-b--", "-b-bb"), "backgammon")
    assert isinstance(error, IdError)
    assert error.code == "xgid_position_length"
    assert (error["count"], error["most"]) == (27, 26)


def test_a_notation_error_names_what_was_written() -> None:
    from generator.engine import parse_play

    start = find_variant("backgammon").start()
    error = error_of(parse_play, start, (6, 3), "13/30")
    assert isinstance(error, NotationError)
    assert (error.code, error["point"]) == ("not_a_point", 30)


FENCES = """\
# Т

```board
variant: backgammon
position: {start: true}
dice: [6, 1]
refuse: 24/18 24/18
```
"""


def test_a_board_fence_says_the_engines_error_in_russian(tmp_path: Path) -> None:
    page = tmp_path / "docs" / "ru" / "page.md"
    page.parent.mkdir(parents=True)
    page.write_text(FENCES, encoding="utf-8")
    (problem,) = check_files([page]).report.errors
    assert problem.text("en") == (
        "'refuse: 24/18 24/18': '24/18 24/18' cannot be played with 6-1: the distances do not "
        "add up to the dice (it moves 6 and 6)"
    )
    assert problem.text("ru") == (
        "'refuse: 24/18 24/18': '24/18 24/18' нельзя сыграть при 6-1: расстояния не "
        "складываются из кубиков (ход на 6 и 6)"
    )
