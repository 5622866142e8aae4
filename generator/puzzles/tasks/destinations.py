"""``task: destinations``: where can the checker on ``point`` (a point or the bar) go with
this roll?"""

from __future__ import annotations

from typing import Any

from ...engine import OFF, Refusal, Turn, Variant
from ...engine.board import place_name
from ...locale import _, explain, translations
from ..diagnostics import Report
from ..fields import Fields, place_field
from ..model import DestinationsTask, Puzzle
from .base import Solution, TaskKind, roll, turn_of, where
from .rules import rule_hint, tag_rule


class DestinationsKind(TaskKind[DestinationsTask]):
    name = "destinations"
    fields = ("point", "expect")

    def read(self, fields: Fields, variant: Variant | None) -> DestinationsTask | None:
        point = fields.read("point", lambda n: place_field(fields, n))
        places: tuple[int, ...] | None = None
        expect = fields.node.value.get("expect")
        if expect is not None:
            if not expect.is_list:
                fields.error(
                    expect, _("'expect' lists places, such as {example}", example="[8, 5, off]")
                )
                return None
            found = [place_field(fields, item) for item in expect.value]
            if any(p is None for p in found):
                return None
            places = tuple(sorted({p for p in found if p is not None}, reverse=True))
        return DestinationsTask(point, places) if point is not None else None

    def solve(self, puzzle: Puzzle, task: DestinationsTask, report: Report) -> Solution | None:
        assert puzzle.dice is not None
        turn = puzzle.position.turn(puzzle.dice)
        point = task.point
        if point == OFF or not puzzle.position.mover[point]:
            report.error(
                *where(puzzle, "point"),
                _(
                    "the mover has no checker on {place}: ask about a point where one stands",
                    place=place_name(point),
                ),
            )
            return None
        places = destinations(turn, point)
        if task.expect is not None and task.expect != places:
            report.error(
                *where(puzzle, "expect"),
                _(
                    "expect lists {expected}, but with {roll} the checker on {place} can reach "
                    "{found}",
                    expected=", ".join(place_name(p) for p in task.expect) or _("nothing"),
                    roll=roll(puzzle),
                    place=place_name(point),
                    found=", ".join(place_name(p) for p in places) or _("nowhere"),
                ),
            )
        return Solution(plays=turn.plays, places=places, turn=turn)

    def key(self, puzzle: Puzzle, task: DestinationsTask, solution: Solution, lang: str) -> str:
        _ = translations(lang).gettext
        ngettext = translations(lang).ngettext
        if not solution.places:
            return _("nowhere: that checker cannot move")
        points = [place_name(p) for p in solution.places if p != OFF]
        if not points:
            return _("off the board")
        text = ngettext("point {places}", "points {places}", len(points)).format(
            places=", ".join(points)
        )
        return (
            _("{points}, or off the board").format(points=text) if OFF in solution.places else text
        )

    def answer(
        self, puzzle: Puzzle, task: DestinationsTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        return {"point": task.point, "places": list(solution.places)}

    def feedback(
        self, puzzle: Puzzle, task: DestinationsTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        """``wrong``: for each place the checker cannot reach (by its number, 0 off), why not,
        in the engine's words; ``missed``: for each place it can reach, how, without naming
        the place."""
        _ = translations(lang).gettext
        turn = turn_of(puzzle, solution)
        source = task.point
        dice = sorted(set(turn.all_dice), reverse=True)
        wrong: dict[str, str] = {}
        for place in [*range(24, 0, -1), OFF]:
            if place in solution.places:
                continue
            if place == source:
                wrong[str(place)] = _("The checker stands there: tick only the places it moves to.")
            else:
                wrong[str(place)] = _why_not(turn, source, place, lang)
        missed: dict[str, str] = {}
        for place in solution.places:
            if place == OFF:
                text = _("A place is missing: this checker can also be borne off.")
            elif source - place in dice:
                text = _("A place is missing: this checker reaches one more with a single die.")
            else:
                text = _(
                    "A place is missing: this checker reaches one more with more than one die."
                )
            missed[str(place)] = text
        return {"wrong": wrong, "missed": missed}

    def hints(
        self, puzzle: Puzzle, task: DestinationsTask, solution: Solution, lang: str
    ) -> list[str]:
        """The rule at stake, then how to find the places (each die alone, then the dice one
        after another), last how many places there are."""
        translated = translations(lang)
        look = translated.gettext(
            "Move the checker with {roll}: by each die alone, then by the dice one after another."
        ).format(roll=roll(puzzle))
        count = len(solution.places)
        last = translated.ngettext(
            "The checker can reach {count} place.", "The checker can reach {count} places.", count
        ).format(count=count)
        return [*rule_hint(tag_rule(puzzle, lang), lang), look, last]


def _why_not(turn: Turn, source: int, place: int, lang: str) -> str:
    """Why the checker on ``source`` reaches ``place`` in no legal play: the engine's refusal
    of the first step on the way that fails, or that no die takes it there."""
    _ = translations(lang).gettext
    if place != OFF and place >= source:
        return _("A checker moves only forward, towards its home: it never goes back.")
    paths = _paths(turn, source, place)
    for path in paths:
        state, at = turn.root, source
        for die in path:
            outcome = turn.try_step(state, at, die)
            if isinstance(outcome, Refusal):
                return explain(outcome, lang)
            step, state = outcome
            at = step.destination
    if paths:  # every step allowed on the way, yet no legal play ends with the checker there
        return _("No legal play leaves this checker there.")
    return _("No die, and no sum of the dice, takes this checker there.")


def _paths(turn: Turn, source: int, place: int) -> list[list[int]]:
    """The orders of dice that would take the checker on ``source`` to ``place`` one step
    after another (each order tried in the engine's order: higher die first)."""
    left = list(turn.all_dice)
    found: list[list[int]] = []

    def walk(at: int, dice: list[int], path: list[int]) -> None:
        for die in sorted(set(dice), reverse=True):
            to = at - die  # the bar is 25: it enters on 25 minus the die
            rest = list(dice)
            rest.remove(die)
            if (place == OFF and to <= 0) or to == place:
                found.append([*path, die])
            elif to > 0:
                walk(to, rest, [*path, die])

    walk(source, left, [])
    return found


def destinations(turn: Turn, source: int) -> tuple[int, ...]:
    """Every place the checker on ``source`` can land on in some legal play (farthest first;
    ``OFF`` last), following it step by step, also after other checkers moved first (a
    checker that may move only once another has entered from the bar).

    >>> from generator.engine import Turn, find_variant, from_text
    >>> text = "bar:1 5:3 4:3 3:2 2:1 / 24:2 23:2 22:3 21:3 20:2 17:2 6:1"
    >>> position = from_text(find_variant("portes"), text)
    >>> destinations(Turn(position, (6, 1)), 5)
    (4,)
    """
    return turn.destinations(source)


KIND = DestinationsKind()
