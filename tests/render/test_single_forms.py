"""One checker, one die, one play: the words a player would use, not "1 шашка" or "1 legal
play" (the review of the Russian text, M2, M3 and G5), and a board under another table's
reading that says which reading it follows."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.engine import Refusal, find_variant
from generator.locale import explain, translations
from generator.puzzles.diagnostics import Report
from generator.puzzles.fences import Fence, check_page
from generator.render.pages import fence_html, legal_plays_text


def board(position: object, **options: object) -> str:
    return "<svg></svg>"


def fence(body: str) -> Fence:
    report = Report()
    [checked] = check_page(Path("page.md"), report, text=f"```board\n{body}\n```\n")
    assert not report.diagnostics
    return checked


@pytest.mark.parametrize(
    ("code", "params", "words"),
    [
        (
            "bar_first",
            {"count": 1},
            "У вас шашка на баре: пока она не войдёт в игру, другими шашками ходить нельзя.",
        ),
        (
            "blocked_landing",
            {"count": 1, "point": 13},
            "Пункт 13 закрыт: на нём стоит шашка соперника.",
        ),
        (
            "must_use_more",
            {"count": 1, "play": "13/7"},
            "В этом ходу можно сыграть только один кубик, значит, сыграть его обязательно: "
            "например, 13/7.",
        ),
    ],
)
def test_a_single_checker_or_die_is_named_without_the_digit(
    code: str, params: dict[str, int | str], words: str
) -> None:
    assert explain(Refusal.of(code, **params), "ru") == words


@pytest.mark.parametrize(
    ("code", "params", "words"),
    [
        ("bar_first", {"count": 2}, "У вас 2 шашки на баре:"),
        (
            "blocked_landing",
            {"count": 5, "point": 13},
            "Пункт 13 закрыт: на нём 5 шашек соперника.",
        ),
        ("must_use_more", {"count": 3, "play": "6/2(3)"}, "В этом ходу можно сыграть 3 кубика,"),
    ],
)
def test_more_than_one_still_names_the_number(
    code: str, params: dict[str, int | str], words: str
) -> None:
    assert explain(Refusal.of(code, **params), "ru").startswith(words)


def test_the_drill_and_the_answer_say_one_checker_and_one_die_in_words() -> None:
    ngettext = translations("ru").ngettext
    bar = ngettext(
        "White has {count} checker on the bar and rolls {roll}. Make the play.",
        "White has {count} checkers on the bar and rolls {roll}. Make the play.",
        1,
    )
    assert bar.format(count=1, roll="6-5") == "У белых шашка на баре, выпало 6-5. Сделайте ход."
    dice = ngettext("{count} die can be played", "{count} dice can be played", 1)
    assert dice.format(count=1) == "можно сыграть только один кубик"


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (1, "1 вариант хода"),
        (3, "3 варианта хода"),
        (5, "5 вариантов хода"),
        (21, "21 вариант хода"),
    ],
)
def test_different_plays_are_counted_as_variants_of_a_play(count: int, words: str) -> None:
    text = translations("ru").ngettext(
        "{count} different play: {plays}", "{count} different plays: {plays}", count
    )
    assert text.format(count=count, plays="13/7") == f"{words}: 13/7"


def test_a_lone_legal_play_is_the_only_one() -> None:
    [play] = find_variant("backgammon").start().turn((6, 1)).plays[:1]
    assert legal_plays_text((play,), "en") == f"The only legal play: {play.notation}"
    assert legal_plays_text((play,), "ru") == f"Единственный допустимый ход: {play.notation}"


def test_many_legal_plays_are_counted_and_21_takes_the_singular_form() -> None:
    """Form [0] of the count still names it: 21 plays read "21 допустимый ход"."""
    nardy = find_variant("long-nardy", rules="block-at-turn-end")
    position = nardy.position(
        mover={24: 9, 14: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, opponent={12: 15}
    )
    plays = position.turn((3, 2)).plays
    assert len(plays) == 37
    assert legal_plays_text(plays[:2], "ru").startswith("2 допустимых хода: ")
    assert legal_plays_text(plays[:21], "ru").startswith("21 допустимый ход: ")
    assert legal_plays_text(plays[:21], "en").startswith("21 legal plays: ")


def test_a_board_with_one_legal_play_says_it_is_the_only_one() -> None:
    html = fence_html(
        fence(
            'variant: fevga\nposition: {text: "3:1 2:1 / 18:4 17:4 16:4 15:2 20:1"}\n'
            "dice: [6, 5]\nshow: plays"
        ),
        "en",
        board,
    )
    assert '<p class="tabula-plays">The only legal play: 3/off 2/off</p>' in html
    assert "1 legal play" not in html


def test_a_board_under_another_tables_reading_names_the_reading() -> None:
    body = (
        'variant: long-nardy\n{rules}position: {{text: "24:15 / 12:15"}}\ndice: [6, 6]\nshow: plays'
    )
    preset = fence(body.format(rules="rules: head-second-player\n"))
    english, russian = fence_html(preset, "en", board), fence_html(preset, "ru", board)
    assert (
        '<p class="tabula-rules">Long Nardy · Head exception for the second player only</p>'
        in english
    )
    assert "The only legal play: 24/18</p>" in english
    assert (
        '<p class="tabula-rules">Длинные нарды · исключение для головы только у второго игрока</p>'
        in russian
    )
    default = fence_html(fence(body.format(rules="")), "en", board)
    assert "tabula-rules" not in default
    assert "The only legal play: 24/18(2)</p>" in default
