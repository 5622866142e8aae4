"""``task: result``: the game is over: who won, how, and for how many points."""

from __future__ import annotations

from typing import Any

from ...engine import BAR, CHECKERS, OFF, EngineError, Result, Variant
from ...locale import N_, _, translations
from ..diagnostics import Report, engine_words
from ..fields import Fields
from ..model import Puzzle, ResultTask
from ..source import Node
from .base import Solution, TaskKind, where
from .rules import rule_hint, tag_rule

WIN_WORDS = {
    "single": N_("a single game"),
    "gammon": N_("a gammon"),
    "backgammon": N_("a backgammon"),
    "mars": N_("a mars"),
    "oin": N_("an oin"),
    "mother": N_("the mother pin"),
    "drop": N_("a dropped double"),
    "draw": N_("a draw"),
}
"""How each kind of result reads after "wins" (and a draw on its own), as message ids."""

# The player to move is White on every board of the site, the opponent Black (RULES.md).
WINS = {
    ("mover", "single"): N_("White wins a single game"),
    ("mover", "gammon"): N_("White wins a gammon"),
    ("mover", "backgammon"): N_("White wins a backgammon"),
    ("mover", "mars"): N_("White wins a mars"),
    ("mover", "oin"): N_("White wins an oin"),
    ("mover", "mother"): N_("White wins by pinning the mother"),
    ("mover", "drop"): N_("White wins a dropped double"),
    ("opponent", "single"): N_("Black wins a single game"),
    ("opponent", "gammon"): N_("Black wins a gammon"),
    ("opponent", "backgammon"): N_("Black wins a backgammon"),
    ("opponent", "mars"): N_("Black wins a mars"),
    ("opponent", "oin"): N_("Black wins an oin"),
    ("opponent", "mother"): N_("Black wins by pinning the mother"),
    ("opponent", "drop"): N_("Black wins a dropped double"),
}
"""Who wins and how, as an answer key says it, as message ids: a sentence each, so that each
language says it in its own grammar ("Белые выигрывают марс")."""

RESULT_KINDS = ("single", "gammon", "backgammon", "mars", "oin", "mother", "draw")
"""The words ``expect: {kind: ...}`` takes."""


class ResultKind(TaskKind[ResultTask]):
    name = "result"
    fields = ("cube", "expect")
    dice = False

    def read(self, fields: Fields, variant: Variant | None) -> ResultTask | None:
        cube = fields.read("cube", lambda n: fields.integer(n, "cube", 1, 2**15), required=False)
        winner, how, points = _expect_result(fields, fields.node.value.get("expect"))
        return ResultTask(cube or 1, winner, how, points)

    def solve(self, puzzle: Puzzle, task: ResultTask, report: Report) -> Solution | None:
        variant = puzzle.variant
        try:
            result = variant.result(puzzle.position, task.cube)
        except EngineError as error:
            report.error(
                *where(puzzle, "cube"), _("{error}: remove 'cube'", error=engine_words(error))
            )
            return None
        if result is None:
            report.error(
                *where(puzzle, "position"),
                _(
                    "the game is not over in this position: a result puzzle needs a side with "
                    "every checker borne off (or, in Plakoto, a pinned mother)"
                ),
            )
            return None
        if result.unconfirmed:
            # The seed's authority does not confirm this rule: no answer may rest on it.
            report.error(
                *where(puzzle, "position"),
                _(
                    "the answer depends on a rule {variant}'s source does not confirm (a {kind} "
                    "win for a loser with a checker in the winner's home or on the bar): take "
                    "that checker off the position, or choose 'rules: western-triple'",
                    variant=variant.key,
                    kind=result.unconfirmed,
                ),
            )
            return None
        winner = result.winner or "none"
        for name, claimed, actual in (
            ("winner", task.expect_winner, winner),
            ("kind", task.expect_kind, result.kind),
            ("points", task.expect_points, result.points),
        ):
            if claimed is not None and claimed != actual:
                report.error(
                    *where(puzzle, f"expect.{name}"),
                    _(
                        "expect says the {name} is {claimed}, but the engine finds {actual} "
                        "({winner} wins a {kind} for {points}): write '{name}: {actual}'",
                        name=name,
                        claimed=claimed,
                        actual=actual,
                        winner=winner,
                        kind=result.kind,
                        points=result.points,
                    ),
                )
        return Solution(result=result)

    def key(self, puzzle: Puzzle, task: ResultTask, solution: Solution, lang: str) -> str:
        assert solution.result is not None
        return result_words(solution.result, lang)

    def answer(
        self, puzzle: Puzzle, task: ResultTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        _ = translations(lang).gettext
        result = solution.result
        assert result is not None
        kinds = list(puzzle.variant.win_words)
        if result.kind not in kinds:
            kinds.append(result.kind)
        return {
            "winner": result.winner,
            "kind": result.kind,
            "points": result.points,
            "kinds": [[kind, _(WIN_WORDS[kind])] for kind in kinds],
            "draw": result.winner is None,
        }

    def feedback(
        self, puzzle: Puzzle, task: ResultTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        """The message for the first wrong field (``winner``, ``kind``, ``points``): the
        condition on the board that decides it."""
        _ = translations(lang).gettext
        ngettext = translations(lang).ngettext
        result = solution.result
        assert result is not None
        if result.kind in ("mother", "draw"):
            decides = _(
                "What decides it: a mother, the last checker on its starting point, is pinned."
            )
            return {"winner": decides, "kind": decides, "points": _points(task.cube, lang)}
        position = puzzle.position
        loser = position.opponent if result.winner == "mover" else position.mover
        home = range(1, 7) if result.winner == "mover" else range(19, 25)
        off = loser[OFF]
        kind = ngettext(
            "The loser has borne off {count} checker.",
            "The loser has borne off {count} checkers.",
            off,
        ).format(count=off)
        if puzzle.variant.counts_triple and not off:
            back = loser[BAR] + sum(loser[point] for point in home)
            kind += " " + ngettext(
                "{count} of the loser's checkers is on the bar or in the winner's home board.",
                "{count} of the loser's checkers are on the bar or in the winner's home board.",
                back,
            ).format(count=back)
        return {
            "winner": _("The winner is the side that has borne off all {count} checkers.").format(
                count=CHECKERS
            ),
            "kind": kind,
            "points": _points(task.cube, lang),
        }

    def hints(self, puzzle: Puzzle, task: ResultTask, solution: Solution, lang: str) -> list[str]:
        """The rule at stake, then the conditions that decide the winner, the kind of win and
        the points, in that order."""
        told = self.feedback(puzzle, task, solution, lang).values()
        return [*rule_hint(tag_rule(puzzle, lang), lang), *dict.fromkeys(told)]


def _points(cube: int, lang: str) -> str:
    _ = translations(lang).gettext
    return _("The score is the win's value times the cube's, and the cube shows {value}.").format(
        value=cube
    )


def result_words(result: Result, lang: str) -> str:
    """Who wins, how and for how many points, as an answer key says it."""
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    if result.winner is None:
        return _("a draw: nobody scores")
    score = ngettext("{points} point", "{points} points", result.points)
    wins = _(WINS[result.winner, result.kind])
    return f"{wins}: {score.format(points=result.points)}"


def _expect_result(fields: Fields, expect: Node | None) -> tuple[Any, Any, Any]:
    if expect is None:
        return None, None, None
    if not expect.is_mapping:
        fields.error(
            expect, _("'expect' is {example}", example="{winner: mover, kind: gammon, points: 2}")
        )
        return None, None, None
    sub = Fields(expect, fields.path, fields.report, "expectation")
    sub.unknown(("winner", "kind", "points"), _("a result expectation has"))
    winner = sub.read(
        "winner", lambda n: sub.word(n, "winner", ("mover", "opponent", "none")), required=False
    )
    how = sub.read("kind", lambda n: sub.word(n, "kind", RESULT_KINDS), required=False)
    points = sub.read("points", lambda n: sub.integer(n, "points", 0, 2**17), required=False)
    fields.ok = fields.ok and sub.ok
    return winner, how, points


KIND = ResultKind()
