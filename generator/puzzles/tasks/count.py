"""``task: count``: how many dice can be played, or how many different legal plays there are."""

from __future__ import annotations

from typing import Any

from ...engine import BAR, Turn, Variant
from ...engine.moves import PartialPlay
from ...locale import Message, _, translations
from ..diagnostics import Report
from ..fields import Fields
from ..model import CountTask, Puzzle
from .base import Solution, TaskKind, refusals_from, roll, some, turn_of, where
from .rules import RULE_NAMES, quoted, rule_hint, rule_names, tag_rule


class CountKind(TaskKind[CountTask]):
    name = "count"
    fields = ("count", "expect_count")

    def read(self, fields: Fields, variant: Variant | None) -> CountTask | None:
        what = fields.read("count", lambda n: fields.word(n, "count", ("dice", "plays")))
        number = fields.read(
            "expect_count", lambda n: fields.integer(n, "expect_count", 0, 10000), required=False
        )
        return CountTask(what, number) if what is not None else None  # type: ignore[arg-type]

    def solve(self, puzzle: Puzzle, task: CountTask, report: Report) -> Solution | None:
        assert puzzle.dice is not None
        turn = puzzle.position.turn(puzzle.dice)
        plays = turn.plays
        number = turn.max_dice if task.what == "dice" else len(plays)
        if task.expect is not None and task.expect != number:
            if task.what == "dice":
                found = Message.ngettext(
                    "{count} die can be played with {roll}",
                    "{count} dice can be played with {roll}",
                    number,
                    count=number,
                    roll=roll(puzzle),
                )
            else:
                found = Message.ngettext(
                    "{count} different play is legal with {roll}",
                    "{count} different plays are legal with {roll}",
                    number,
                    count=number,
                    roll=roll(puzzle),
                )
                if plays:
                    found = _("{found} ({examples})", found=found, examples=some(plays))
            report.error(
                *where(puzzle, "expect_count"),
                _(
                    "expect_count is {expect}, but {found}: write {number}",
                    expect=task.expect,
                    found=found,
                    number=number,
                ),
            )
        return Solution(plays=plays, number=number, turn=turn)

    def key(self, puzzle: Puzzle, task: CountTask, solution: Solution, lang: str) -> str:
        _ = translations(lang).gettext
        ngettext = translations(lang).ngettext
        if task.what == "dice":
            return ngettext(
                "{count} die can be played", "{count} dice can be played", solution.number or 0
            ).format(count=solution.number)
        plays = ", ".join(play.notation for play in solution.plays)
        if not solution.plays:
            return _("no legal play: the turn passes")
        return ngettext(
            "{count} different play: {plays}",
            "{count} different plays: {plays}",
            len(solution.plays),
        ).format(count=len(solution.plays), plays=plays)

    def answer(
        self, puzzle: Puzzle, task: CountTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        return {"what": task.what, "number": solution.number}

    def feedback(
        self, puzzle: Puzzle, task: CountTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        """``high``: what a count above the answer counted that does not count; ``low``: what
        a count below it missed."""
        if task.what == "dice":
            return _dice_feedback(puzzle, solution, lang)
        return _plays_feedback(puzzle, solution, lang)

    def hints(self, puzzle: Puzzle, task: CountTask, solution: Solution, lang: str) -> list[str]:
        """The rule at stake; then, counting dice, how to try them and whether some play uses
        them all, counting plays, where the plays start and how they are counted."""
        _ = translations(lang).gettext
        turn = turn_of(puzzle, solution)
        rule = tag_rule(puzzle, lang)
        if task.what == "dice":
            dice = len(turn.all_dice)
            look = _("Try the dice in every order, and with other checkers.")
            if turn.max_dice == dice:
                last = _("Some legal play uses every die of the roll.")
            else:
                last = _dice_feedback(puzzle, solution, lang)["high"]
            return [*rule_hint(rule or _(RULE_NAMES["must_use_more"]), lang), look, last]
        if not solution.plays:
            return rule_hint(rule, lang)
        starts = sorted({play.steps[0].source for play in solution.plays}, reverse=True)
        places = ", ".join(_("the bar") if place == BAR else str(place) for place in starts)
        return [
            *rule_hint(rule, lang),
            _("The legal plays start with a checker on: {places}.").format(places=places),
            _(
                "Count each play once, by the position it leaves: the order of its steps makes no "
                "other play."
            ),
        ]


def _dice_feedback(puzzle: Puzzle, solution: Solution, lang: str) -> dict[str, str]:
    _ = translations(lang).gettext
    turn = turn_of(puzzle, solution)
    found: dict[str, str] = {}
    if turn.max_dice < len(turn.all_dice):
        # What refuses the rest of the roll where a legal play ends (or, with no play, at once).
        states = list(turn.stops[:20]) if turn.plays else [turn.root]
        rules = rule_names((r for s in states for r in refusals_from(turn, s)), lang)
        if rules:
            found["high"] = _(
                "Not every die can be played: the rest is refused by {rules}."
            ).format(rules=quoted(rules, lang))
        else:
            found["high"] = _("Not every die can be played: try to play the whole roll.")
    else:
        found["high"] = _("Too many: a roll plays at most its two dice, and a double four.")
    if turn.max_dice:
        found["low"] = _(
            "More dice can be played than that: a play uses as many dice as it can. Try the "
            "dice in the other order, or with other checkers."
        )
    return found


def _plays_feedback(puzzle: Puzzle, solution: Solution, lang: str) -> dict[str, str]:
    _ = translations(lang).gettext
    turn = turn_of(puzzle, solution)
    plays = solution.plays
    found: dict[str, str] = {}
    if plays and _orders(turn.root, {}) > len(plays):
        found["high"] = _(
            "Too many: plays that leave the same position are one play, whatever the order "
            "of their steps or the checkers that make them."
        )
    elif plays and _stops_early(turn):
        found["high"] = _(
            "Too many: a play uses as many dice as it can, so plays that stop early do not count."
        )
    else:
        found["high"] = _("Too many: count each legal play once, by the position it leaves.")
    if plays:
        chained = any(
            later.source == earlier.destination
            for play in plays
            for number, earlier in enumerate(play.steps)
            for later in play.steps[number + 1 :]
        )
        hits = any(step.hit or step.pin for play in plays for step in play.steps)
        if chained:
            found["low"] = _(
                "Too few: did you count the plays that move one checker with more than one die?"
            )
        elif hits:
            found["low"] = _("Too few: did you count the plays that hit or pin?")
        else:
            found["low"] = _("Too few: try each checker with each die.")
    return found


def _orders(state: PartialPlay, counted: dict[int, int]) -> int:
    """How many orders of steps lead from ``state`` to the end of a legal play."""
    if id(state) in counted:
        return counted[id(state)]
    number = 1 if state.ends_play else 0
    for child in state.children.values():
        if child.leads_to_play:
            number += _orders(child, counted)
    counted[id(state)] = number
    return number


def _stops_early(turn: Turn) -> bool:
    """Some partial play ends with no step left to it, though it plays fewer dice than a legal
    play does: a learner might count it as a play."""
    most = turn.max_dice
    seen: set[int] = set()
    pending: list[PartialPlay] = [turn.root]
    while pending:
        state = pending.pop()
        if id(state) in seen:
            continue
        seen.add(id(state))
        if not state.children and not state.ends_play and not state.over and 0 < state.used < most:
            return True
        pending.extend(state.children.values())
    return False


KIND = CountKind()
