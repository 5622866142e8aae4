"""``task: pass``: can the mover move at all? ``expect``: ``yes`` when the teacher says the turn
passes."""

from __future__ import annotations

from typing import Any

from ...engine import BAR, Variant
from ...locale import _, translations
from ..diagnostics import Report
from ..fields import Fields
from ..model import PassTask, Puzzle
from .base import Solution, TaskKind, refusals_from, roll, turn_of, where
from .rules import quoted, rule_hint, rule_names, tag_rule


class PassKind(TaskKind[PassTask]):
    name = "pass"
    fields = ("expect",)

    def read(self, fields: Fields, variant: Variant | None) -> PassTask | None:
        says = None
        expect = fields.node.value.get("expect")
        if expect is not None:
            word = fields.word(expect, "expect", ("yes", "no", "true", "false"))
            if word is None:
                return None
            says = word in ("yes", "true")
        return PassTask(says)

    def solve(self, puzzle: Puzzle, task: PassTask, report: Report) -> Solution | None:
        assert puzzle.dice is not None
        turn = puzzle.position.turn(puzzle.dice)
        plays = turn.plays
        passes = not plays
        if task.expect is not None and task.expect != passes:
            if passes:
                problem = _(
                    "expect says the turn does not pass, but the turn passes: no checker can "
                    "move: write 'expect: yes'"
                )
            else:
                problem = _(
                    "expect says the turn passes, but the mover can play, for example '{play}': "
                    "write 'expect: no'",
                    play=plays[0].notation,
                )
            report.error(*where(puzzle, "expect"), problem)
        return Solution(plays=plays, legal=not passes, turn=turn)

    def key(self, puzzle: Puzzle, task: PassTask, solution: Solution, lang: str) -> str:
        _ = translations(lang).gettext
        return _("yes, the turn passes") if not solution.legal else _("no, a play is possible")

    def answer(
        self, puzzle: Puzzle, task: PassTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        return {"passes": not solution.legal}

    def feedback(
        self, puzzle: Puzzle, task: PassTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        """The message for the wrong choice: the rules that refuse every step when the turn
        passes; the die that can be played when it does not."""
        _ = translations(lang).gettext
        turn = turn_of(puzzle, solution)
        if solution.legal:
            die = solution.plays[0].steps[0].die
            text = _("A checker can move: at least one step with the {die} is allowed.")
            return {"yes": text.format(die=die)}
        rules = rule_names(refusals_from(turn, turn.root), lang)
        if not rules:
            return {"no": _("Every step is refused: try each checker with each die.")}
        text = _("Every step is refused by a rule: {rules}.")
        return {"no": text.format(rules=quoted(rules, lang))}

    def hints(self, puzzle: Puzzle, task: PassTask, solution: Solution, lang: str) -> list[str]:
        """The rule at stake, then where to start trying (the bar, when a checker waits
        there), last what the wrong choice is told."""
        _ = translations(lang).gettext
        if puzzle.position.mover[BAR]:
            look = _("Start with your checker on the bar: it enters before any other moves.")
        else:
            look = _("Try each of your checkers with each die of {roll}.").format(roll=roll(puzzle))
        last = self.feedback(puzzle, task, solution, lang)
        return [*rule_hint(tag_rule(puzzle, lang), lang), look, *last.values()]


KIND = PassKind()
