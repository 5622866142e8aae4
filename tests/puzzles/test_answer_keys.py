"""What a learner and a teacher read: the question of a legal task names the claimed play, and
the answer key says the true reason, lists the plays it counts and names the winner, in English
and in Russian. Also a lesson in one language of the site, and drills on boards a game reaches.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.engine import find_variant, why_unreachable
from generator.puzzles import Lesson, Puzzle, Solution
from generator.puzzles.check import solve
from generator.puzzles.diagnostics import Report
from generator.puzzles.drill import _plausible, make_drills
from generator.puzzles.load import load_lesson, load_puzzle
from generator.puzzles.show import _answer, question, show, with_question
from generator.render.pages import puzzle_page, sheet_pages

HEAD = "id: key-{kind}\nvariant: {variant}\ntitle: {{en: A key, ru: Ответ}}\nlevel: 1\n"


def puzzle(kind: str, body: str, variant: str = "backgammon") -> tuple[Puzzle, Solution]:
    report = Report()
    text = HEAD.format(kind=kind, variant=variant) + body
    found = load_puzzle(Path(f"{kind}.yaml"), report, text=text)
    assert found is not None, report.sorted()
    solution = solve(found, report)
    assert solution is not None and not report.diagnostics, report.sorted()
    return found, solution


ENTER_FIRST = """\
position:
  mover: {bar: 1, 24: 1, 13: 5, 8: 3, 6: 5}
  opponent: {1: 2, 12: 5, 17: 3, 19: 5}
dice: [6, 3]
task: legal
claim: "13/7 13/10"
expect: illegal
prompt: {en: White has a checker on the bar. Play 6-3., ru: У белых шашка на баре. Сыграйте 6-3.}
"""


def board(position: object, **options: object) -> str:
    return "<svg></svg>"


# The question names the claim -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "asked"), [("en", "Is 13/7 13/10 legal?"), ("ru", "Можно ли сыграть 13/7 13/10?")]
)
def test_a_legal_task_asks_about_the_claimed_play(lang: str, asked: str) -> None:
    legal, solution = puzzle("legal", ENTER_FIRST)
    assert question(legal, lang) == f"{legal.prompt[lang]} {asked}"
    assert with_question(legal).prompt[lang] == question(legal, lang)
    assert f"{asked}" in show(legal, solution, lang)


@pytest.mark.parametrize(
    ("lang", "asked"), [("en", "Is 13/7 13/10 legal?"), ("ru", "Можно ли сыграть 13/7 13/10?")]
)
def test_the_page_the_worksheet_and_the_key_show_the_claim(lang: str, asked: str) -> None:
    legal, solution = puzzle("legal", ENTER_FIRST)
    assert asked in puzzle_page(legal, solution, lang, board).text
    lesson = Lesson(
        "one", legal.title, legal.title, legal.title, 1, (legal.variant,), (legal.id,), legal.where
    )
    worksheet, key = sheet_pages(lesson, [legal], {legal.id: solution}, lang, board)
    assert asked in worksheet.text and asked in key.text


def test_a_prompt_that_writes_the_claim_is_asked_as_it_is() -> None:
    body = ENTER_FIRST.replace("Play 6-3.", "May White play 13/7 13/10?").replace(
        "Сыграйте 6-3.", "Можно ли сыграть 13/7  13/10?"
    )
    legal, _ = puzzle("legal", body)
    assert question(legal, "en") == legal.prompt.en
    assert question(legal, "ru") == legal.prompt.ru
    play, _ = puzzle("play", "position: {start: true}\ndice: [6, 3]\ntask: play\nanswer: any\n"
                     "prompt: {en: Play., ru: Сыграйте.}\n")  # fmt: skip
    assert with_question(play) is play


# The key's reason is the first rule broken -------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("en", "not legal. A 5 bears off from the 5-point, or from a lower point only when no "
               "checker of yours stands higher; your checker on the 6-point does."),
        ("ru", "ход недопустим. Кубиком 5 снимают шашку с пункта 5, а с более низкого пункта — "
               "только если выше нет ни одной вашей шашки; у вас же шашка стоит на пункте 6."),
    ],
)  # fmt: skip
def test_the_key_gives_the_rule_the_claim_breaks(lang: str, reason: str) -> None:
    # 6/off plays the 6; the 5 cannot take the 4-point's checker off past the other 6.
    legal, solution = puzzle(
        "bear-off",
        "position:\n  mover: {6: 2, 4: 2, 1: 1}\n  opponent: {24: 2, 22: 1}\ndice: [6, 5]\n"
        'task: legal\nclaim: "6/off 4/off"\nexpect: illegal\n'
        "prompt: {en: White bears off., ru: Белые снимают шашки.}\n",
    )
    assert _answer(legal, solution, lang) == reason


def test_three_moves_on_two_dice_are_refused_for_that() -> None:
    legal, solution = puzzle(
        "three",
        'position: {start: true}\ndice: [6, 1]\ntask: legal\nclaim: "13/7 8/7 6/5"\n'
        "expect: illegal\nprompt: {en: White rolls 6-1., ru: У белых 6-1.}\n",
    )
    assert _answer(legal, solution, "en") == (
        "not legal. Two different numbers on the dice give two moves, one for each die; this "
        "play makes 3."
    )
    assert _answer(legal, solution, "ru") == (
        "ход недопустим. Два разных числа на кубиках — это два хода шашками, по одному на "
        "каждый кубик, а здесь их 3."
    )


# Count keys list the plays, result keys name the winner ------------------------------------------


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "4 different plays: 13/8(4), 13/8/3 13/8(2), 13/8/3 8/3(2), 13/8/3(2)"),
        ("ru", "4 варианта хода: 13/8(4), 13/8/3 13/8(2), 13/8/3 8/3(2), 13/8/3(2)"),
    ],
)
def test_a_count_key_lists_the_plays(lang: str, text: str) -> None:
    count, solution = puzzle(
        "count",
        "position: {start: true}\ndice: [5, 5]\ntask: count\ncount: plays\nexpect_count: 4\n"
        "prompt: {en: How many plays?, ru: Сколько ходов?}\n",
    )
    assert _answer(count, solution, lang) == text


LONG_NARDY_MARS = """\
position: {text: "- / 13:5 14:5 15:5"}
task: result
expect: {winner: mover, kind: mars}
prompt: {en: Who wins?, ru: Кто выиграл?}
"""


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "White wins a mars: 2 points"), ("ru", "Белые выигрывают марс: 2 очка")],
)
def test_a_result_key_names_the_winner(lang: str, text: str) -> None:
    result, solution = puzzle("mars", LONG_NARDY_MARS, "long-nardy")
    assert _answer(result, solution, lang) == text


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "Black wins a single game: 1 point"), ("ru", "Чёрные выигрывают партию: 1 очко")],
)
def test_a_result_key_names_black_when_black_has_won(lang: str, text: str) -> None:
    result, solution = puzzle(
        "black",
        'position: {text: "6:3 5:2 / -"}\ntask: result\nexpect: {winner: opponent}\n'
        "prompt: {en: Who wins?, ru: Кто выиграл?}\n",
    )
    assert _answer(result, solution, lang) == text


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "the cube shows 4 and belongs to Black, who took"),
        ("ru", "на кубе 4, он у чёрных: они приняли удвоение"),
    ],
)
def test_a_cube_key_names_the_taker(lang: str, text: str) -> None:
    cube, solution = puzzle(
        "cube",
        "position: {start: true}\ntask: cube\ncube: {value: 2, owner: mover}\naction: take\n"
        "prompt: {en: What now?, ru: Что теперь?}\n",
    )
    assert _answer(cube, solution, lang) == text


# A lesson in one language of a bilingual site ---------------------------------------------------

LESSON = """\
id: my-lesson
title: {title}
intro: {intro}
audience: {audience}
level: 1
variants: [backgammon]
puzzles: [bg-bar-enter-first]
"""


def lesson(tmp_path: Path, languages: tuple[str, ...] = ("en", "ru"), **texts: str):
    path = tmp_path / "lessons" / "my-lesson.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(LESSON.format(**texts), encoding="utf-8")
    report = Report()
    return load_lesson(path, report, languages=languages), [str(d) for d in report.sorted()]


def test_a_lesson_in_russian_only_is_listed_in_russian_only(tmp_path: Path) -> None:
    found, problems = lesson(
        tmp_path, title="{ru: Шаги}", intro="{ru: Введение.}", audience="{ru: Дети}"
    )
    assert found is not None and found.languages == ("ru",)
    assert (found.title.ru, found.title.en) == ("Шаги", "")
    assert len(problems) == 1 and ": warning: the lesson is written in Russian only" in problems[0]
    assert "'en: ...'" in problems[0] and problems[0].split(":")[1] == "2"


def test_a_lesson_in_both_languages_is_listed_in_both(tmp_path: Path) -> None:
    found, problems = lesson(
        tmp_path,
        title="{en: Steps, ru: Шаги}",
        intro="{en: Intro., ru: Введение.}",
        audience="{en: Children, ru: Дети}",
    )
    assert found is not None and found.languages == ("en", "ru") and not problems


def test_a_lesson_half_in_one_language_is_still_an_error(tmp_path: Path) -> None:
    found, problems = lesson(
        tmp_path, title="{ru: Шаги}", intro="{en: Intro., ru: Введение.}", audience="{ru: Дети}"
    )
    assert found is None
    assert any("the English title is missing" in line for line in problems)


def test_a_lesson_of_a_one_language_site_is_no_warning(tmp_path: Path) -> None:
    found, problems = lesson(
        tmp_path, ("en",), title="{en: Steps}", intro="{en: Intro.}", audience="{en: Children}"
    )
    assert found is not None and found.languages == ("en",) and not problems


# Drills only on boards a game comes to ----------------------------------------------------------


def test_a_drill_is_never_drawn_on_a_board_no_game_comes_to() -> None:
    fevga = find_variant("fevga")
    # Black has borne off three checkers while one of theirs is still on their 10-point.
    impossible = fevga.position(
        mover={6: 2, 4: 1, 2: 2}, opponent={22: 1, 18: 3, 17: 3, 16: 3, 15: 2}
    )
    possible = fevga.position(
        mover={6: 2, 4: 1, 2: 2}, opponent={18: 3, 17: 3, 16: 3, 15: 2, 14: 1}
    )
    assert not _plausible(impossible)
    assert _plausible(possible)
    nardy = find_variant("long-nardy")
    assert not _plausible(nardy.position(mover={24: 12, 6: 2}, opponent={12: 15}))
    assert _plausible(nardy.start())


@pytest.mark.parametrize(
    ("variant", "rule"),
    [("fevga", "bear-off-optional"), ("long-nardy", "head"), ("fevga", "runner")],
)
def test_drills_are_written_on_boards_a_game_comes_to(variant: str, rule: str) -> None:
    drills = make_drills(variant, rule, 3, seed=3)
    assert len(drills) == 3
    assert [why_unreachable(drill.finding.position) for drill in drills] == [None] * 3
