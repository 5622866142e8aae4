"""The registry of task kinds (generator/puzzles/tasks) and what each kind tells a wrong answer:
the engine's own message, true for the position, naming the rule or the condition at stake and
not the answer, in English and in Russian."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.locale import translations
from generator.puzzles import load_puzzle, solve
from generator.puzzles.diagnostics import Report
from generator.puzzles.load import NO_DICE, TASK_FIELDS
from generator.puzzles.model import Puzzle, Task
from generator.puzzles.tasks import KINDS, kind_of
from generator.puzzles.tasks.base import Solution

HEAD = "id: {id}\nvariant: {variant}\ntitle: {{en: A puzzle, ru: Задача}}\nlevel: 1\n"
ASK = "prompt: {en: What now?, ru: Что теперь?}\n"


def puzzle(body: str, *, id: str = "p", variant: str = "backgammon") -> tuple[Puzzle, Solution]:
    report = Report()
    found = load_puzzle(
        Path(f"{id}.yaml"), report, text=HEAD.format(id=id, variant=variant) + ASK + body
    )
    assert found is not None, report.diagnostics
    solution = solve(found, report)
    assert solution is not None and not report.diagnostics, report.diagnostics
    return found, solution


def feedback(found: Puzzle, solution: Solution, lang: str) -> dict[str, Any]:
    return kind_of(found).feedback(found, found.task, solution, lang)


def gettext(text: str, lang: str) -> str:
    return translations(lang).gettext(text)


def test_every_task_kind_is_one_entry_of_the_registry() -> None:
    assert tuple(KINDS) == ("play", "legal", "count", "destinations", "result", "cube", "pass")
    # Each kind's typed value names its kind by the word after ``task:``.
    assert {kind.kind for kind in Task.__args__} == set(KINDS)
    # The puzzle reader asks the registry for each kind's fields and whether it has dice.
    assert {name: kind.fields for name, kind in KINDS.items()} == TASK_FIELDS
    assert set(NO_DICE) == {"result", "cube"}
    assert [name for name, kind in KINDS.items() if kind.on_board] == ["play"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_legal_names_the_rule_that_refuses_the_play(lang: str) -> None:
    found, solution = puzzle(
        "position: {start: true}\ndice: [6, 5]\ntask: legal\nclaim: 24/18 24/19\n"
    )
    assert solution.legal is False
    told = feedback(found, solution, lang)
    assert set(told) == {"yes"}  # only "yes, it is legal" is wrong
    rule = gettext("a checker cannot land on a point the opponent holds", lang)
    assert rule in told["yes"]
    assert "19" not in told["yes"]  # the rule, not the point that decides it


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_legal_on_a_legal_play_points_to_the_rule_it_is_filed_under(lang: str) -> None:
    found, solution = puzzle(
        "tags: [hit]\nposition: {start: true}\ndice: [6, 5]\ntask: legal\nclaim: 24/13\n"
    )
    assert solution.legal is True
    told = feedback(found, solution, lang)
    assert set(told) == {"no"}
    assert gettext("Hitting", lang) in told["no"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_pass_names_every_rule_that_refuses_a_step(lang: str) -> None:
    found, solution = puzzle(
        "position:\n  mover: {bar: 1, 6: 14}\n"
        "  opponent: {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 1: 3}\n"
        "dice: [6, 5]\ntask: pass\n"
    )
    told = feedback(found, solution, lang)["no"]
    for rule in (
        "a checker cannot land on a point the opponent holds",
        "a checker on the bar enters first",
    ):
        assert gettext(rule, lang) in told
    open_board, open_solution = puzzle(
        "position: {start: true}\ndice: [6, 5]\ntask: pass\n", id="q"
    )
    can = feedback(open_board, open_solution, lang)["yes"]
    assert str(open_solution.plays[0].steps[0].die) in can


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_count_says_what_was_counted_twice_or_missed(lang: str) -> None:
    found, solution = puzzle("position: {start: true}\ndice: [2, 1]\ntask: count\ncount: plays\n")
    told = feedback(found, solution, lang)
    # 13/11/10 and 13/12/10 leave one position: orders (and checkers) that meet are one play.
    assert told["high"] == gettext(
        "Too many: plays that leave the same position are one play, whatever the order of "
        "their steps or the checkers that make them.",
        lang,
    )
    assert told["low"] == gettext(
        "Too few: did you count the plays that move one checker with more than one die?", lang
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_count_of_dice_says_which_rule_refuses_the_rest(lang: str) -> None:
    found, solution = puzzle(
        "position:\n  mover: {bar: 1, 6: 14}\n"
        "  opponent: {20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 14: 2, 1: 3}\n"
        "dice: [6, 5]\ntask: count\ncount: dice\n"
    )
    assert solution.number == 1  # bar/19 with the 6; then 19/14 and 6/1 land on closed points
    told = feedback(found, solution, lang)
    assert gettext("a checker cannot land on a point the opponent holds", lang) in told["high"]
    assert "low" in told
    every, all_played = puzzle(
        "position: {start: true}\ndice: [6, 5]\ntask: count\ncount: dice\n", id="e"
    )
    assert all_played.number == 2
    assert feedback(every, all_played, lang)["high"] == gettext(
        "Too many: a roll plays at most its two dice, and a double four.", lang
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_destination_gets_the_engines_refusal(lang: str) -> None:
    found, solution = puzzle(
        "position: {start: true}\ndice: [6, 5]\ntask: destinations\npoint: 24\n"
    )
    assert solution.places == (18, 13)
    told = feedback(found, solution, lang)
    closed = (
        translations(lang)
        .ngettext(
            "The {point}-point is closed: an opposing checker stands there.",
            "The {point}-point is closed: {count} opposing checkers stand there.",
            5,
        )
        .format(point=19, count=5)
    )
    assert told["wrong"]["19"] == closed
    assert told["wrong"]["16"] == gettext(
        "No die, and no sum of the dice, takes this checker there.", lang
    )
    assert set(told["wrong"]) == {str(p) for p in range(0, 25) if p not in (18, 13)}
    assert "tick only the places it moves to" in feedback(found, solution, "en")["wrong"]["24"]
    assert set(told["missed"]) == {"18", "13"}
    assert all("13" not in text and "18" not in text for text in told["missed"].values())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_result_names_the_condition_that_decides_it(lang: str) -> None:
    found, solution = puzzle('position: {text: "- / 22:4 20:5 18:3 15:3"}\ntask: result\ncube: 4\n')
    told = feedback(found, solution, lang)
    ngettext = translations(lang).ngettext
    borne = ngettext(
        "The loser has borne off {count} checker.", "The loser has borne off {count} checkers.", 0
    ).format(count=0)
    assert told["kind"].startswith(borne)
    assert "4" in told["points"] and "8" not in told["points"]
    assert set(told) == {"winner", "kind", "points"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_wrong_cube_answer_names_the_rule_of_the_cube(lang: str) -> None:
    position = (
        "position:\n  mover: {13: 3, 8: 3, 6: 4, 5: 2, 4: 2, 3: 1}\n"
        "  opponent: {1: 2, 12: 3, 17: 4, 19: 3, 20: 3}\ntask: cube\n"
    )
    take, taken = puzzle(position + "cube: {value: 4, owner: mover}\naction: take\n")
    told = feedback(take, taken, lang)
    assert told["owner"] == gettext(
        "After a take, the cube belongs to the player who took it.", lang
    )
    assert "8" not in told["value"]
    drop, dropped = puzzle(position + "cube: {value: 2, owner: mover}\naction: drop\n", id="d")
    assert set(feedback(drop, dropped, lang)) == {"points"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_legal_play_that_is_not_the_answer_is_told_what_the_answer_does_better(lang: str) -> None:
    found, solution = puzzle(
        "position:\n  mover: {24: 2, 13: 5, 8: 3, 6: 5}\n"
        "  opponent: {1: 2, 12: 5, 17: 3, 19: 4, 7: 1}\n"
        "dice: [6, 1]\ntask: play\nanswer: [13/7* 8/7]\n"
    )
    told = feedback(found, solution, lang)
    notations = [play.notation for play in solution.plays]
    why = dict(zip(notations, told["why"], strict=True))
    assert why["13/7* 8/7"] == -1  # the answer
    assert told["texts"][why["24/18 24/23"]] == gettext(
        "The answer hits more of your opponent's checkers.", lang
    )
    assert told["texts"][why["13/7* 6/5"]] == gettext(
        "The answer holds more points (two or more checkers on a point).", lang
    )
    assert told["rule"] is None  # filed under no rule: the first hint is the checker


def test_the_first_hint_is_the_rule_the_puzzle_is_filed_under() -> None:
    found, solution = puzzle(
        "tags: [basics, entry]\nposition: {start: true}\ndice: [6, 5]\ntask: play\nanswer: any\n"
    )
    assert feedback(found, solution, "en")["rule"] == "Entering"
    assert feedback(found, solution, "ru")["rule"] == "Вход с бара"
    assert "why" not in feedback(found, solution, "en")  # any play is right: nothing to tell


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_with_nothing_simple_to_count_a_play_is_pointed_to_the_rule_at_stake(lang: str) -> None:
    found, solution = puzzle(
        "tags: [doubles]\nposition:\n  mover: {13: 2, 8: 2, 6: 11}\n"
        "  opponent: {1: 2, 12: 5, 17: 3, 19: 5}\n"
        "dice: [3, 3]\ntask: play\nanswer: [13/10(2) 8/5(2)]\n"
    )
    told = feedback(found, solution, lang)
    number = [play.notation for play in solution.plays].index("13/10(2) 6/3(2)")
    rule = gettext("Doubles", lang)
    expected = gettext("Think again about the rule at stake, “{rule}”.", lang).format(rule=rule)
    assert told["texts"][told["why"][number]] == expected
