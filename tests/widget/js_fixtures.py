"""The puzzles the widget's unit tests (tests/widget/js) play, as their pages carry them.

Each puzzle below is checked by the project's checker and rendered by the project's page code
(generator/render/pages.py, which calls generator/render/widget.py); the JSON in its page's
``<template class="tabula-data">`` is written to ``tests/widget/js/puzzles.json``, keyed by
the puzzle's id. So the graphs the JavaScript tests walk are the engine's, never written by
hand. After a change to the engine or to the widget's data, write the file again with

    .venv/bin/python -m tests.widget.js_fixtures

(``tests/widget/test_js_fixtures.py`` fails while the file is not what this writes).
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

from generator.puzzles import check_files, yaml_files
from generator.render.pages import puzzle_page

FIXTURES = Path(__file__).parent / "js" / "puzzles.json"

PUZZLES = {
    # A step that hits, a blocked point, a step that leaves no legal play (13/12 first).
    "backgammon/js-hit.yaml": """\
id: js-hit
variant: backgammon
title: {en: Point on the blot, ru: Займите пункт с блотом}
level: 1
position:
  mover: {24: 2, 13: 5, 8: 3, 6: 5}
  opponent: {1: 2, 12: 5, 17: 3, 19: 4, 7: 1}
dice: [6, 1]
task: play
prompt: {en: Make the 7-point., ru: Займите пункт 7.}
answer: [13/7* 8/7]
""",
    # A double in four steps.
    "backgammon/js-double.yaml": """\
id: js-double
variant: backgammon
title: {en: Four threes, ru: Четыре тройки}
level: 1
position:
  mover: {13: 2, 8: 2, 6: 11}
  opponent: {1: 2, 12: 5, 17: 3, 19: 5}
dice: [3, 3]
task: play
prompt: {en: Make two new points with 3-3., ru: Займите 3-3 два новых пункта.}
answer: [13/10(2) 8/5(2)]
""",
    # An oversized die: it bears off only the highest checker.
    "backgammon/js-bear-off.yaml": """\
id: js-bear-off
variant: backgammon
title: {en: An oversized six, ru: Шестёрка больше пункта}
level: 2
position:
  mover: {5: 2, 3: 3, 1: 1}
  opponent: {24: 2, 13: 13}
dice: [6, 2]
task: play
prompt: {en: Bear off with 6-2., ru: Снимите шашки с 6-2.}
answer: any
""",
    # The last checker borne off with one die: the game is over, the other die is not played.
    "backgammon/js-last-checker.yaml": """\
id: js-last-checker
variant: backgammon
title: {en: The last checker, ru: Последняя шашка}
level: 1
position:
  mover: {3: 1}
  opponent: {24: 2, 13: 13}
dice: [6, 5]
task: play
prompt: {en: Win the game., ru: Выиграйте партию.}
answer: any
""",
    # Plakoto: a step that pins.
    "plakoto/js-pin.yaml": """\
id: js-pin
variant: plakoto
title: {en: Pin it, ru: Зажмите шашку}
level: 1
position:
  mover: {24: 12, 13: 2, 10: 1}
  opponent: {8: 1, 1: 14}
dice: [5, 2]
task: play
prompt: {en: Pin the lone checker., ru: Зажмите одинокую шашку.}
answer: [13/8^ 10/8]
""",
    # The answer forms (widget-answers.js): a play that lands on a closed point.
    "backgammon/js-legal.yaml": """\
id: js-legal
variant: backgammon
title: {en: Is it legal, ru: Можно ли так}
level: 1
tags: [hit]
position: {start: true}
dice: [6, 5]
task: legal
claim: 24/18 24/19
prompt: {en: Can White play both back checkers?, ru: Можно ли сыграть обеими задними шашками?}
""",
    # A checker on the bar against a closed board: the turn passes.
    "backgammon/js-pass.yaml": """\
id: js-pass
variant: backgammon
title: {en: Shut out, ru: Дом закрыт}
level: 1
position:
  mover: {bar: 1, 6: 14}
  opponent: {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3}
dice: [6, 5]
task: pass
prompt: {en: Does the turn pass?, ru: Пропускают ли белые ход?}
""",
    # How many different plays: orders of the same steps meet in one play.
    "backgammon/js-count.yaml": """\
id: js-count
variant: backgammon
title: {en: Count the plays, ru: Посчитайте ходы}
level: 1
position: {start: true}
dice: [2, 1]
task: count
count: plays
prompt: {en: How many different plays?, ru: Сколько разных ходов?}
""",
    # Where the back checker can go: one die blocked.
    "backgammon/js-destinations.yaml": """\
id: js-destinations
variant: backgammon
title: {en: Where to, ru: Куда}
level: 1
position: {start: true}
dice: [6, 5]
task: destinations
point: 24
prompt: {en: Where can a back checker go?, ru: Куда может пойти задняя шашка?}
""",
    # A gammon on a cube of 4.
    "backgammon/js-result.yaml": """\
id: js-result
variant: backgammon
title: {en: The score, ru: Счёт}
level: 1
position: {text: "- / 22:4 20:5 18:3 15:3"}
task: result
cube: 4
prompt: {en: "Who wins, and how many points?", ru: Кто выиграл и сколько очков?}
""",
    # A redouble taken, and a double dropped.
    "backgammon/js-cube-take.yaml": """\
id: js-cube-take
variant: backgammon
title: {en: Taken, ru: Принято}
level: 1
position:
  mover: {13: 3, 8: 3, 6: 4, 5: 2, 4: 2, 3: 1}
  opponent: {1: 2, 12: 3, 17: 4, 19: 3, 20: 3}
task: cube
cube: {value: 4, owner: mover}
action: take
prompt: {en: "What does the cube show, and who owns it?", ru: Что на кубе и у кого он?}
""",
    "backgammon/js-cube-drop.yaml": """\
id: js-cube-drop
variant: backgammon
title: {en: Dropped, ru: Отказ}
level: 1
position:
  mover: {13: 3, 8: 3, 6: 4, 5: 2, 4: 2, 3: 1}
  opponent: {1: 2, 12: 3, 17: 4, 19: 3, 20: 3}
task: cube
cube: {value: 2, owner: mover}
action: drop
prompt: {en: How many points does White win?, ru: Сколько очков выигрывают белые?}
""",
}

_DATA = re.compile(r'<template class="tabula-data"[^>]*>(.*?)</template>', re.S)


def fixtures() -> dict[str, Any]:
    """Each puzzle's page data in English, by the puzzle's id."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for name, text in PUZZLES.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text, encoding="utf-8")
        project = check_files(yaml_files([root]))
    errors = [d for d in project.report.sorted() if d.severity == "error"]
    assert not errors, errors
    found: dict[str, Any] = {}
    for puzzle_id in sorted(project.puzzles):
        puzzle, solution = project.puzzles[puzzle_id], project.solutions[puzzle_id]
        page = puzzle_page(puzzle, solution, "en", lambda *a, **k: "<svg></svg>").text
        block = _DATA.search(page)
        assert block is not None, puzzle_id
        found[puzzle_id] = json.loads(block.group(1))
    return found


def text() -> str:
    """What ``tests/widget/js/puzzles.json`` holds."""
    return json.dumps(fixtures(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    FIXTURES.write_text(text(), encoding="utf-8")
    print(f"wrote {FIXTURES}")
