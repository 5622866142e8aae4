"""Graded hints in every kind of task answered in a form: the rule at stake first, then what on
the board to look at, and only the last may all but say the answer; worked out by the engine in
both languages, and shown one a press of Hint, numbered (in the browser, one language in
``make test``, in turn, both in ``make test-deep``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from generator.locale import translations
from generator.puzzles import check_files, yaml_files
from generator.puzzles.tasks import kind_of
from generator.puzzles.tasks.rules import tag_rule
from tests.conftest import in_turn

from .conftest import REPO, Tab

LANGS = ["en", "ru"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_form_puzzle_has_graded_hints(lang: str) -> None:
    project = check_files(yaml_files([REPO / "puzzles"]))
    kinds = set()
    template = translations(lang).gettext("The rule at stake is “{rule}”.")
    first = re.compile(re.escape(template).replace(re.escape("{rule}"), ".+"))
    for puzzle_id, puzzle in project.puzzles.items():
        kind = kind_of(puzzle)
        solution = project.solutions.get(puzzle_id)
        if kind.on_board or solution is None:
            continue
        kinds.add(kind.name)
        hints = kind.hints(puzzle, puzzle.task, solution, lang)
        assert len(hints) >= 2, (puzzle_id, hints)
        assert len(set(hints)) == len(hints), (puzzle_id, hints)
        # A puzzle filed under a rule names a rule first: that one, or the engine's own name
        # of the rule that refuses the play (a refused legal? claim).
        if tag_rule(puzzle, lang) is not None:
            assert first.fullmatch(hints[0]), (puzzle_id, hints)
        # What a wrong yes or no is told says the verdict: it is the last hint, never before.
        if puzzle.task.kind in ("legal", "pass"):
            told = kind.feedback(puzzle, puzzle.task, solution, lang)
            assert hints[-1] in told.values(), (puzzle_id, hints)
            assert not set(hints[:-1]) & set(told.values()), (puzzle_id, hints)
        if puzzle.task.kind == "count" and solution.number is not None:
            for hint in hints[:-1]:
                assert str(solution.number) not in hint.split(), (puzzle_id, hint)
    assert kinds == {"count", "cube", "destinations", "legal", "pass", "result"}


@pytest.mark.browser
@in_turn("lang", LANGS, 0)
def test_hint_shows_the_hints_one_a_press(tab: Tab, lang: str) -> None:
    puzzle_id = "fe-starting-quarter"
    tab.open(("" if lang == "en" else f"{lang}/") + f"puzzles/{puzzle_id}/")
    puzzle = tab.site.project.puzzles[puzzle_id]
    solution = tab.site.project.solutions[puzzle_id]
    hints = kind_of(puzzle).hints(puzzle, puzzle.task, solution, lang)
    count = len(hints)
    assert count >= 2
    # The first names the rule the puzzle is filed under, in the page's language.
    assert translations(lang).gettext("the starting quarter") in hints[0], hints
    numbered = translations(lang).gettext("Hint {number} of {count}.")
    for press in [*range(1, count + 1), count]:  # past the last, the last again
        tab.button("hint")
        expect(tab.status).to_have_text(
            f"{numbered.format(number=press, count=count)} {hints[press - 1]}"
        )
    assert not tab.errors, tab.errors
