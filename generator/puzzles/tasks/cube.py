"""``task: cube``: the mover doubles and the opponent takes or drops: what happens to the cube
and the score."""

from __future__ import annotations

from typing import Any

from ...engine import Cube, EngineError, Variant
from ...locale import _, translations
from ..diagnostics import Report, engine_words
from ..fields import Fields
from ..model import CubeTask, Puzzle
from ..source import Node
from .base import Solution, TaskKind, where
from .result import result_words
from .rules import rule_hint, tag_rule


class CubeKind(TaskKind[CubeTask]):
    name = "cube"
    fields = ("cube", "action", "expect")
    dice = False

    def read(self, fields: Fields, variant: Variant | None) -> CubeTask | None:
        start = fields.read("cube", lambda n: _cube(fields, n))
        action = fields.read("action", lambda n: fields.word(n, "action", ("take", "drop")))
        value = owner = points = None
        expect = fields.node.value.get("expect")
        if expect is not None:
            sub = Fields(expect, fields.path, fields.report, "expectation")
            sub.unknown(("value", "owner", "points"), _("a cube expectation has"))
            value = sub.read("value", lambda n: sub.integer(n, "value", 2, 2**16), required=False)
            owner = sub.read(
                "owner", lambda n: sub.word(n, "owner", ("mover", "opponent")), required=False
            )
            points = sub.read(
                "points", lambda n: sub.integer(n, "points", 1, 2**16), required=False
            )
            fields.ok = fields.ok and sub.ok
        if start is None or action is None:
            return None
        if variant is not None and not (variant.has_cube or variant.cube_optional):
            fields.error(
                fields.node.value["task"],
                _(
                    "{variant} is played without a doubling cube: a cube puzzle needs "
                    "backgammon, Tavla Modern or Long Nardy",
                    variant=variant.name,
                ),
            )
            return None
        return CubeTask(start, action, value, owner, points)  # type: ignore[arg-type]

    def solve(self, puzzle: Puzzle, task: CubeTask, report: Report) -> Solution | None:
        try:
            if task.action == "drop":
                result = task.cube.drop("mover")
                if task.expect_points is not None and task.expect_points != result.points:
                    report.error(
                        *where(puzzle, "expect.points"),
                        _(
                            "expect says the drop scores {claimed}, but a dropped double wins "
                            "the cube's value before the double, {points}: write 'points: "
                            "{points}'",
                            claimed=task.expect_points,
                            points=result.points,
                        ),
                    )
                return Solution(result=result)
            taken = task.cube.take("mover")
        except EngineError as error:
            report.error(*where(puzzle, "cube"), engine_words(error))
            return None
        if task.expect_value is not None and task.expect_value != taken.value:
            report.error(
                *where(puzzle, "expect.value"),
                _(
                    "expect says the cube shows {claimed} after the take, but it shows {value}: "
                    "write 'value: {value}'",
                    claimed=task.expect_value,
                    value=taken.value,
                ),
            )
        if task.expect_owner is not None and task.expect_owner != taken.owner:
            report.error(
                *where(puzzle, "expect.owner"),
                _(
                    "expect says the {claimed} owns the cube after the take, but the taker, the "
                    "{owner}, does: write 'owner: {owner}'",
                    claimed=task.expect_owner,
                    owner=taken.owner,
                ),
            )
        return Solution(cube_value=taken.value, cube_owner=taken.owner)

    def key(self, puzzle: Puzzle, task: CubeTask, solution: Solution, lang: str) -> str:
        _ = translations(lang).gettext
        if solution.cube_value is None:
            assert solution.result is not None
            return result_words(solution.result, lang)
        if solution.cube_owner == "opponent":
            text = _("the cube shows {value} and belongs to Black, who took")
        else:
            text = _("the cube shows {value} and belongs to White")
        return text.format(value=solution.cube_value)

    def answer(
        self, puzzle: Puzzle, task: CubeTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        if solution.cube_value is not None:
            return {"action": "take", "value": solution.cube_value, "owner": solution.cube_owner}
        assert solution.result is not None
        return {"action": "drop", "points": solution.result.points}

    def feedback(
        self, puzzle: Puzzle, task: CubeTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        """The message for the first wrong field (``value``, ``owner``; ``points`` after a
        drop): the rule of the cube that decides it."""
        _ = translations(lang).gettext
        if task.action == "drop":
            return {
                "points": _(
                    "A dropped double ends the game at once: the doubler wins what the cube was "
                    "worth before the double."
                )
            }
        return {
            "value": _("A take doubles the cube: it shows twice what it showed before."),
            "owner": _("After a take, the cube belongs to the player who took it."),
        }

    def hints(self, puzzle: Puzzle, task: CubeTask, solution: Solution, lang: str) -> list[str]:
        """The rule at stake, then the rules of the cube that decide each answer."""
        told = self.feedback(puzzle, task, solution, lang).values()
        return [*rule_hint(tag_rule(puzzle, lang), lang), *told]


def _cube(fields: Fields, node: Node) -> Cube | None:
    if not node.is_mapping:
        fields.error(
            node,
            _(
                "'cube' is {example} (owner: centre, mover or opponent)",
                example="{value: 1, owner: centre}",
            ),
        )
        return None
    sub = Fields(node, fields.path, fields.report, "cube")
    sub.unknown(("value", "owner"), _("a cube has"))
    value = sub.read("value", lambda n: sub.integer(n, "value", 1, 2**15))
    owner = sub.read(
        "owner", lambda n: sub.word(n, "owner", ("centre", "center", "mover", "opponent"))
    )
    fields.ok = fields.ok and sub.ok
    if value is None or owner is None:
        return None
    try:
        return Cube(value, "centre" if owner == "center" else owner)  # type: ignore[arg-type]
    except EngineError as error:
        fields.error(node, _("impossible cube: {error}", error=engine_words(error)))
        return None


KIND = CubeKind()
