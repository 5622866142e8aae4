"""The puzzle widget's data says what the engine says: every legal play can be walked through
the graph, every refused step carries the engine's reason in the page's language, the end of
each play is judged as the engine judges it, and the data is the same every time and safe
inside the page.

The graph is read here as ``generator/site/assets/widget.js`` reads it: from the start, each state's
tries decoded with the dice still to play, and the board moved by the same arithmetic as
``applyStep`` in ``generator/site/assets/widget-board.js``.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator.cache import new_build
from generator.engine import BAR, OFF, VARIANTS, Position, Refusal, Turn, find_variant
from generator.engine.samples import DEFAULT_SEED, ROLLS, random_position
from generator.locale import LANGUAGES, explain
from generator.puzzles import Project, check_files, yaml_files
from generator.puzzles.model import Text
from generator.render import widget
from generator.render.pages import puzzle_page
from generator.render.widget import (
    MARK_LANDING,
    MARK_TRIED,
    MAX_STATES,
    play_graph,
    widget_data,
    words,
)

REPO = Path(__file__).parent.parent.parent

Try = tuple[int, int, int]  # source, die, outcome


@cache
def project() -> Project:
    found = check_files(yaml_files([REPO / "puzzles"]))
    assert not [d for d in found.report.sorted() if d.severity == "error"]
    return found


def play_puzzles() -> list[str]:
    return sorted(k for k, p in project().puzzles.items() if p.task.kind == "play")


def spread(variant: str, low: int) -> Position:
    """Fifteen of the mover's checkers alone on fifteen points in a row: the most partial
    plays a double can make."""
    mover = {point: 1 for point in range(low, low + 15)}
    others = [p for p in range(1, 25) if p not in mover][:9]
    return find_variant(variant).position(mover=mover, opponent=dict.fromkeys(others, 1))


def random_turns(count: int) -> list[Turn]:
    """Seeded random positions of every variant, with doubles (1-1 and 2-2 most) among the
    rolls, that have a legal play."""
    rng = random.Random(DEFAULT_SEED)
    variants = list(VARIANTS.values())
    turns: list[Turn] = []
    while len(turns) < count:
        variant = variants[len(turns) % len(variants)]
        position = random_position(variant, rng)
        roll = [(1, 1), (2, 2), ROLLS[rng.randrange(len(ROLLS))]][len(turns) % 3]
        turn = position.turn(roll)
        if turn.plays:
            turns.append(turn)
    return turns


TURNS = {
    "backgammon start 6-5": find_variant("backgammon").start().turn((6, 5)),
    "backgammon start 3-3": find_variant("backgammon").start().turn((3, 3)),
    "long nardy start 6-6": find_variant("long-nardy").start().turn((6, 6)),
    "plakoto start 4-4": find_variant("plakoto").start().turn((4, 4)),
    "bar, two on it, 4-4": find_variant("backgammon")
    .position(mover={"bar": 2, 13: 13}, opponent={1: 2, 6: 2, 12: 11})
    .turn((4, 4)),
    "bear-off with an oversized die": find_variant("backgammon")
    .position(mover={5: 2, 3: 3, 1: 1}, opponent={24: 2, 13: 13})
    .turn((6, 2)),
    "only one die playable": find_variant("backgammon")
    .position(mover={13: 1, 2: 7, 1: 7}, opponent={3: 2, 20: 5, 21: 4, 22: 4})
    .turn((6, 4)),
    "plakoto pin": find_variant("plakoto")
    .position(mover={24: 12, 13: 2, 10: 1}, opponent={8: 1, 1: 14})
    .turn((5, 2)),
    **{f"random #{n}": turn for n, turn in enumerate(random_turns(24))},
}


# --- reading the graph as the widget does ----------------------------------------------------


def start_dice(turn: Turn) -> list[int]:
    return list(turn.all_dice)


def decode(node: list[Any], dice: list[int]) -> Iterator[Try]:
    """A state's tries: each place, with each different die still to play, higher first."""
    flat = node[1] if len(node) > 1 else []
    distinct = sorted(set(dice), reverse=True)
    for i in range(0, len(flat), 1 + len(distinct)):
        for k, die in enumerate(distinct):
            yield flat[i], die, flat[i + 1 + k]


def without(dice: list[int], die: int) -> list[int]:
    left = list(dice)
    left.remove(die)
    return left


def walk(graph: dict[str, Any], turn: Turn) -> tuple[dict[int, list[tuple[int, int]]], dict]:
    """Each state's first path from the start, (source, die) steps, and its dice left."""
    paths: dict[int, list[tuple[int, int]]] = {0: []}
    left = {0: start_dice(turn)}
    order = [0]
    for index in order:
        for source, die, outcome in decode(graph["s"][index], left[index]):
            if outcome >= 0 and outcome not in paths:
                paths[outcome] = [*paths[index], (source, die)]
                left[outcome] = without(left[index], die)
                order.append(outcome)
    return paths, left


def example(graph: dict[str, Any], turn: Turn, index: int) -> str:
    node = graph["s"][index]
    return turn.plays[node[0] if node[0] >= 0 else node[3]].notation


def words_of(graph: dict[str, Any], turn: Turn, index: int, outcome: int) -> tuple[str, int]:
    text, mark = graph["r"][-outcome - 1]
    return text.replace("{play}", example(graph, turn, index)), mark


Board = tuple[list[int], list[int], set[int], set[int]]


def board_of(position: Position) -> Board:
    return (
        list(position.mover),
        list(position.opponent),
        set(position.mover_pinned),
        set(position.opponent_pinned),
    )


def apply_step(board: Board, source: int, die: int, capture: str | None) -> Board:
    """``applyStep`` of generator/site/assets/widget-board.js."""
    mover, opponent, mover_pinned, opponent_pinned = (
        list(board[0]),
        list(board[1]),
        set(board[2]),
        set(board[3]),
    )
    to = max(source - die, OFF)
    if to != OFF and opponent[to] == 1 and mover[to] == 0 and capture:
        if capture == "hit":
            opponent[to] -= 1
            opponent[BAR] += 1
        else:
            opponent_pinned.add(to)
    mover[source] -= 1
    mover[to] += 1
    if mover[source] == 0:
        opponent_pinned.discard(source)
    return mover, opponent, mover_pinned, opponent_pinned


def capture_of(turn: Turn) -> str | None:
    variant = turn.position.variant
    return None if variant.same_direction else "hit" if variant.has_bar else "pin"


# The place the widget marks when it shows a refused step, by the rule the refusal names: the
# point the checker would land on when that point is closed to it, the checker that may not
# move, the bar when a checker must enter first, the checker standing higher than the one borne
# off, the place a parameter names when the rule is about it; where the landing decides (a
# forbidden block) the landing point, and where no place is at fault the checker tried.
# Worked out here from the step and the board, not from generator.render.widget.
NO_PLACE = frozenset(
    {
        "die_not_available",
        "game_over",
        "bar_empty",
        "must_use_both",
        "must_use_more",
        "must_use_higher",
        "head_once",
        "head_once_first_turn",
        "head_once_not_first_turn",
        "head_twice",
        "starting_quarter",
    }
)
NAMED_PLACE = {
    "wasted_pips": "source",  # the point the die could have borne the checker off from
    "runner_not_passed": "point",  # the runner
    "must_unblock": "point",  # the trapped opposing checkers
    "pinned_cannot_bear_off": "point",  # the mover's pinned checker
}


def expected_mark(refusal: Refusal, state: Any, source: int, die: int) -> int:
    code, mover = refusal.code, state.mover
    if code in ("blocked_landing", "held_over_pin"):
        return source - die
    if code in ("no_checker", "checker_pinned", "no_hit_and_run"):
        return source
    if code == "bar_first":
        return BAR
    if code == "overshoot":
        return max(point for point in range(1, 25) if mover[point])
    if code == "not_all_home":
        return max(point for point in range(7, 25) if mover[point])
    if code == "six_block":
        return MARK_LANDING
    if code in NAMED_PLACE:
        return int(dict(refusal.params)[NAMED_PLACE[code]])
    assert code in NO_PLACE, f"which place should the widget mark for {refusal}? (add {code!r})"
    return MARK_TRIED


# --- the graph says what the engine says ---------------------------------------------------


@pytest.mark.parametrize("name", sorted(TURNS))
def test_every_legal_play_can_be_walked_through_the_graph_to_its_own_end(name: str) -> None:
    turn = TURNS[name]
    graph = play_graph(turn, "en")
    start = turn.position
    for number, play in enumerate(turn.plays):
        index, dice = 0, start_dice(turn)
        board = board_of(start)
        for step in play.steps:
            outcome = {(s, d): o for s, d, o in decode(graph["s"][index], dice)}[
                (step.source, step.die)
            ]
            assert outcome >= 0, f"{play}: {step} is refused: {graph['r'][-outcome - 1]}"
            board = apply_step(board, step.source, step.die, capture_of(turn))
            index, dice = outcome, without(dice, step.die)
        assert graph["s"][index][0] == number, f"{play} ends in a state of another play"
        assert board == board_of(play.position), f"the widget would draw {play} wrong"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(TURNS))
def test_every_try_is_legal_or_refused_with_the_engines_reason(name: str, lang: str) -> None:
    turn = TURNS[name]
    graph = play_graph(turn, lang)
    paths, left = walk(graph, turn)
    assert len(paths) == len(graph["s"]), "every state is reached from the start"
    for index, path in paths.items():
        state = turn.state_after(path)
        tries = list(decode(graph["s"][index], left[index]))
        sources = [place for place in range(BAR, OFF, -1) if state.mover[place]]
        if not state.dice or state.over:
            sources = []
        assert sorted({source for source, _, _ in tries}, reverse=True) == sources
        for source, die, outcome in tries:
            refusal = turn.refusal(path, source, die)
            if refusal is None:
                assert outcome >= 0, (path, source, die)
                target = turn.state_after(paths[outcome])
                assert turn.state_after([*path, (source, die)]) is target
            else:
                assert outcome < 0, (path, source, die, refusal)
                text, mark = words_of(graph, turn, index, outcome)
                assert text == explain(refusal, lang)
                assert mark == expected_mark(refusal, state, source, die), refusal


@pytest.mark.parametrize("name", sorted(TURNS))
def test_a_state_ends_a_play_exactly_where_the_engine_may_stop(name: str) -> None:
    turn = TURNS[name]
    graph = play_graph(turn, "ru")
    paths, _ = walk(graph, turn)
    for index, path in paths.items():
        state = turn.state_after(path)
        node = graph["s"][index]
        if state in turn.stops:
            assert turn.plays[node[0]] == turn.play_at(state)
        else:
            assert node[0] == -1
            text = graph["r"][node[2]][0].replace("{play}", example(graph, turn, index))
            assert text == explain(turn.unfinished_refusal(state), "ru")
    assert {graph["s"][i][0] for i in paths} >= set(range(len(turn.plays)))


def test_a_refused_step_names_the_place_to_mark() -> None:
    turn = TURNS["backgammon start 6-5"]
    graph = play_graph(turn, "en")
    tries = {(s, d): o for s, d, o in decode(graph["s"][0], start_dice(turn))}
    assert words_of(graph, turn, 0, tries[(24, 5)]) == (
        "The 19-point is closed: 5 opposing checkers stand there.",
        19,
    )
    bar = TURNS["bar, two on it, 4-4"]
    graph = play_graph(bar, "ru")
    tries = {(s, d): o for s, d, o in decode(graph["s"][0], start_dice(bar))}
    text, mark = words_of(graph, bar, 0, tries[(13, 4)])
    assert text.startswith("У вас 2 шашки на баре") and mark == BAR
    over = TURNS["bear-off with an oversized die"]
    graph = play_graph(over, "en")
    tries = {(s, d): o for s, d, o in decode(graph["s"][0], start_dice(over))}
    assert tries[(5, 6)] >= 0, "the 6 bears off the highest checker, from the 5-point"
    assert tries[(3, 6)] < 0 and words_of(graph, over, 0, tries[(3, 6)])[1] == 5


# --- puzzles of the project -------------------------------------------------------------------


@pytest.mark.parametrize("puzzle_id", play_puzzles())
def test_each_play_puzzle_accepts_exactly_its_answers(puzzle_id: str) -> None:
    puzzle, solution = project().puzzles[puzzle_id], project().solutions[puzzle_id]
    data = widget_data(puzzle, solution, "en")
    graph = data["graph"]
    assert graph is not None and data["too_big"] is None
    assert [solution.plays[i] for i in graph["a"]] == list(solution.accepted)
    ends = {node[0] for node in graph["s"] if node[0] >= 0}
    assert ends == set(range(len(solution.plays)))


@pytest.mark.parametrize("puzzle_id", sorted(project().puzzles))
def test_each_puzzle_carries_the_answer_its_control_checks(puzzle_id: str) -> None:
    puzzle, solution = project().puzzles[puzzle_id], project().solutions[puzzle_id]
    answer = widget_data(puzzle, solution, "ru")["answer"]
    kind = puzzle.task.kind
    if kind == "legal":
        assert answer["legal"] == solution.legal
        assert (answer["reason"] is None) == (solution.reason is None)
    elif kind == "count":
        assert answer["number"] == solution.number
    elif kind == "destinations":
        assert answer["places"] == list(solution.places)
    elif kind == "pass":
        assert answer["passes"] == (not solution.plays)
    elif kind == "result":
        assert solution.result is not None
        assert (answer["winner"], answer["kind"], answer["points"]) == (
            solution.result.winner,
            solution.result.kind,
            solution.result.points,
        )
        assert answer["kind"] in [kind for kind, _ in answer["kinds"]]
    elif kind == "cube":
        assert answer["action"] in ("take", "drop")
    else:
        assert kind == "play"


def test_the_next_puzzle_outside_a_lesson_is_the_next_of_its_game() -> None:
    # "Next" for a reader who came from no lesson ignores the lessons the puzzle is in (their
    # next is the page's lesson_next): it is the next puzzle of the game's list.
    lesson = next(iter(project().lessons.values()))
    first, second = lesson.puzzles[:2]
    puzzle, solution = project().puzzles[first], project().solutions[first]
    assert widget_data(puzzle, solution, "en", lessons=[lesson])["next"] is None
    data = widget_data(puzzle, solution, "en", lessons=[lesson], following="x-y")
    assert data["next"] == "x-y" != second


# --- words -------------------------------------------------------------------------------------


def test_every_word_of_the_widget_is_in_both_languages() -> None:
    english, russian = words("en"), words("ru")
    assert english.keys() == russian.keys()
    for key, text in russian.items():
        forms = text if isinstance(text, list) else [text]
        assert all(re.search("[а-яё]", form) for form in forms), (key, text)
        placeholders = [set(re.findall(r"\{(\w+)\}", f)) for f in forms]
        english_forms = english[key] if isinstance(english[key], list) else [english[key]]
        assert placeholders == [set(re.findall(r"\{(\w+)\}", f)) for f in english_forms], key
    assert len(russian["unfinished"]) == 4


# --- size, fall-back, determinism, escaping ----------------------------------------------------


def test_the_largest_graphs_stay_small() -> None:
    """Fifteen lone checkers and small doubles: the worst cases measured (see ``bench
    widget``); they stay well inside the limit and the size budget (60 KB gzipped)."""
    for variant, low, roll in (("backgammon", 2, (1, 1)), ("portes", 10, (3, 3))):
        turn = spread(variant, low).turn(roll)
        graph = play_graph(turn, "ru")
        raw = json.dumps(graph, ensure_ascii=False, separators=(",", ":")).encode()
        assert 1500 < len(graph["s"]) < MAX_STATES
        assert len(gzip.compress(raw)) < 40_000


def test_a_graph_over_the_limit_falls_back_to_the_solution_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle_id = play_puzzles()[0]
    puzzle, solution = project().puzzles[puzzle_id], project().solutions[puzzle_id]
    size = len(widget_data(puzzle, solution, "en")["graph"]["s"])
    monkeypatch.setattr(widget, "MAX_STATES", size - 1)
    data = widget_data(puzzle, solution, "en")
    assert data["graph"] is None and data["too_big"] == size
    assert str(size) in data["words"]["too_big"].format(count=size)


def test_the_data_is_the_same_every_time() -> None:
    puzzle_id = play_puzzles()[-1]
    puzzle, solution = project().puzzles[puzzle_id], project().solutions[puzzle_id]
    first = json.dumps(widget_data(puzzle, solution, "ru"), ensure_ascii=False, sort_keys=True)
    new_build()  # twice: every build cache forgets everything,
    new_build()  # the graph walked above included
    fresh = dataclasses.replace(solution, turn=puzzle.position.turn(puzzle.dice))
    again = json.dumps(widget_data(puzzle, fresh, "ru"), ensure_ascii=False, sort_keys=True)
    assert first == again
    turn = TURNS["random #3"]
    assert play_graph(turn, "en") == play_graph(turn.position.turn(turn.dice), "en")


HOSTILE = '</script><script>alert("x")</script> & <!-- {play} -->'


def test_teachers_words_and_reasons_are_escaped_inside_the_pages_json() -> None:
    puzzle_id = play_puzzles()[0]
    puzzle, solution = project().puzzles[puzzle_id], project().solutions[puzzle_id]
    hostile = dataclasses.replace(puzzle, explain=Text(HOSTILE, HOSTILE))
    text = puzzle_page(hostile, solution, "en", lambda *a, **k: "<svg></svg>").text
    block = re.search(r'<template class="tabula-data"[^>]*>(.*?)</template>', text, re.S)
    assert block is not None
    assert "<" not in block.group(1) and ">" not in block.group(1) and "&" not in block.group(1)
    data = json.loads(block.group(1))
    assert data["explain"] == HOSTILE
    assert data["graph"]["s"] and data["words"]["refused"] == "{play} is not allowed: {reason}"
