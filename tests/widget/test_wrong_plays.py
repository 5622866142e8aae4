"""Every legal play that is not the answer, in every play puzzle of the project, is told
something specific that the answer does better (worked out from the two positions), never only
"think again about the rule" nor the bare "not right"; and what it is told is true."""

from __future__ import annotations

from functools import cache

import pytest

from generator.engine import Play
from generator.locale import translations
from generator.puzzles import Puzzle, Solution, check_files, solve, yaml_files
from generator.puzzles.model import PlayTask
from generator.puzzles.tasks import kind_of
from generator.puzzles.tasks.play import WHY_NOT

from .conftest import REPO


@cache
def play_puzzles() -> tuple[tuple[Puzzle, Solution], ...]:
    found = []
    for puzzle in check_files(yaml_files([REPO / "puzzles"])).puzzles.values():
        solution = solve(puzzle)
        if isinstance(puzzle.task, PlayTask) and solution is not None:
            found.append((puzzle, solution))
    return tuple(found)


def wrong_plays(solution: Solution) -> list[tuple[int, Play]]:
    solved = {play.position for play in solution.accepted}
    return [(i, play) for i, play in enumerate(solution.plays) if play.position not in solved]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_wrong_play_is_told_what_the_answer_does_better(lang: str) -> None:
    _ = translations(lang).gettext
    specific = {_(text) for text in WHY_NOT.values()}
    told = 0
    for puzzle, solution in play_puzzles():
        feedback = kind_of(puzzle).feedback(puzzle, puzzle.task, solution, lang)
        for index, play in wrong_plays(solution):
            assert "why" in feedback and feedback["why"][index] >= 0, (puzzle.id, play.notation)
            text = feedback["texts"][feedback["why"][index]]
            assert text in specific, (puzzle.id, play.notation, text)
            told += 1
    assert told >= 175


def test_what_a_wrong_play_is_told_is_true() -> None:
    """Each message compares the answers with the play as it says: the opponent's checkers
    left pinned, points held in the home board, checkers left on the 24-point."""
    checks = {
        WHY_NOT["held"]: lambda play: len(play.position.opponent_pinned),
        WHY_NOT["home"]: lambda play: sum(1 for p in range(1, 7) if play.position.mover[p] >= 2),
        WHY_NOT["start"]: lambda play: -play.position.mover[24],
    }
    seen = set()
    for puzzle, solution in play_puzzles():
        feedback = kind_of(puzzle).feedback(puzzle, puzzle.task, solution, "en")
        for index, play in wrong_plays(solution):
            text = feedback["texts"][feedback["why"][index]]
            if text in checks:
                seen.add(text)
                count = checks[text]
                assert all(count(answer) > count(play) for answer in solution.accepted), (
                    puzzle.id,
                    play.notation,
                )
    assert seen == set(checks), "the project's puzzles use each of these messages"
