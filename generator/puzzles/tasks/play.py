"""``task: play``: make a play. The answers are plays in notation, or ``any`` legal play."""

from __future__ import annotations

from typing import Any

from ...engine import OFF, Play, Refusal, Turn, Variant, parse_play
from ...engine.errors import IllegalPlayError, NotationError
from ...locale import N_, Message, _, translations
from ..diagnostics import Report, engine_words
from ..fields import Fields
from ..model import PlayTask, Puzzle
from .base import Solution, TaskKind, reason_words, roll, some, where
from .rules import tag_rule

WHY_NOT = {
    "hit": N_("The answer hits more of your opponent's checkers."),
    "pin": N_("The answer pins more of your opponent's checkers."),
    "off": N_("The answer bears off more checkers."),
    "points": N_("The answer holds more points (two or more checkers on a point)."),
    "blots": N_("The answer leaves fewer of your checkers alone on a point."),
    "held": N_("The answer keeps more of your opponent's checkers pinned."),
    "home": N_("The answer holds more points in your home board."),
    "start": N_("The answer moves more of your checkers away from the 24-point."),
}
"""What the answer does better than a legal play that is not the answer, as message ids (a
capture is a hit or a pin, as the game has it)."""

FEATURES = ("hit", "off", "points", "blots", "held", "home", "start")
"""The features of :func:`_features`, in the order they are looked for."""


class PlayKind(TaskKind[PlayTask]):
    name = "play"
    fields = ("answer", "expect")
    lists_plays = True
    on_board = True

    def read(self, fields: Fields, variant: Variant | None) -> PlayTask | None:
        answer = fields.get("answer")
        if answer is None:
            return None
        answers: tuple[str, ...] | None
        if answer.value == "any":
            answers = None
        elif (
            answer.is_list and answer.value and all(isinstance(a.value, str) for a in answer.value)
        ):
            answers = tuple(a.value for a in answer.value)
        elif isinstance(answer.value, str):
            answers = (answer.value,)
        else:
            fields.error(
                answer,
                _(
                    "'answer' is 'any' or a list of plays, such as {example}",
                    example="['13/8 6/5']",
                ),
            )
            return None
        forced = False
        expect = fields.node.value.get("expect")
        if expect is not None:
            forced = fields.word(expect, "expect", ("forced",)) == "forced"
        return PlayTask(answers, forced)

    def solve(self, puzzle: Puzzle, task: PlayTask, report: Report) -> Solution | None:
        assert puzzle.dice is not None
        turn = puzzle.position.turn(puzzle.dice)
        plays = turn.plays
        if not plays:
            report.error(
                *where(puzzle, "task"),
                _(
                    "no play is possible with {roll} (the turn passes), so there is nothing to "
                    "play: use 'task: pass'",
                    roll=roll(puzzle),
                ),
            )
            return None
        if task.expect_forced and len(plays) > 1:
            report.error(
                *where(puzzle, "expect"),
                Message.ngettext(
                    "expect says the play is forced, but {count} play is legal with {roll}: "
                    "{plays}",
                    "expect says the play is forced, but {count} plays are legal with {roll}: "
                    "{plays}",
                    len(plays),
                    count=len(plays),
                    roll=roll(puzzle),
                    plays=some(plays),
                ),
            )
        if task.answers is None:
            return Solution(plays=plays, accepted=plays, turn=turn)
        accepted: list[Play] = []
        for index, text in enumerate(task.answers):
            try:
                play = parse_play(puzzle.position, turn.dice, text)
            except IllegalPlayError as error:
                hint = _legal_start_hint(turn, error.reason)
                problem = _(
                    "answer '{answer}' is not legal with {roll}: {reason}",
                    answer=text,
                    roll=roll(puzzle),
                    reason=reason_words(error),
                )
                if hint is not None:
                    problem = _("{problem}; {hint}", problem=problem, hint=hint)
                report.error(*where(puzzle, f"answer.{index}"), problem)
                continue
            except NotationError as error:
                report.error(
                    *where(puzzle, f"answer.{index}"),
                    _("answer '{answer}': {error}", answer=text, error=engine_words(error)),
                )
                continue
            if play in accepted:
                report.warning(
                    *where(puzzle, f"answer.{index}"),
                    _(
                        "answer '{answer}' is the same play as an earlier answer ('{play}'): "
                        "remove one",
                        answer=text,
                        play=play.notation,
                    ),
                )
                continue
            accepted.append(play)
        if len(accepted) != len(task.answers):
            return None
        return Solution(plays=plays, accepted=tuple(accepted), turn=turn)

    def key(self, puzzle: Puzzle, task: PlayTask, solution: Solution, lang: str) -> str:
        _ = translations(lang).gettext
        if task.answers is None:
            if solution.forced:
                return _("the only legal play, {play}").format(play=solution.plays[0].notation)
            return _("any legal play")
        return ", ".join(play.notation for play in solution.accepted)

    def answer(
        self, puzzle: Puzzle, task: PlayTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        return {"any": task.answers is None}

    def feedback(
        self, puzzle: Puzzle, task: PlayTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        """``why``: for each legal play (by its index in the page's plays), what the answer
        does better (an index into ``texts``), else the rule at stake, -1 where there is
        neither (or the play is an answer); ``rule``: the first hint, the rule at stake."""
        _ = translations(lang).gettext
        texts: list[str] = []
        why: list[int] = []
        capture = "hit" if puzzle.variant.has_bar else "pin"
        rule = tag_rule(puzzle, lang)
        answers = [_features(play) for play in solution.accepted]
        solved = {play.position for play in solution.accepted}  # what an answer leaves
        for play in solution.plays:
            if play.position in solved:
                why.append(-1)
                continue
            better = _better(answers, _features(play))
            if better is not None:
                text = _(WHY_NOT[capture if better == "hit" else better])
            elif rule is not None:  # nothing simple to count: point to the rule at stake
                text = _("Think again about the rule at stake, “{rule}”.").format(rule=rule)
            else:
                why.append(-1)
                continue
            if text not in texts:
                texts.append(text)
            why.append(texts.index(text))
        found: dict[str, Any] = {"rule": rule}
        if any(number >= 0 for number in why):
            found |= {"why": why, "texts": texts}
        return found


def _features(play: Play) -> dict[str, int]:
    """What a play does, each counted so that more is better: checkers hit (or pinned), borne
    off, points held, blots left (counted negative), the opponent's checkers it leaves
    pinned, points held in the home board, and checkers left on the 24-point, where the back
    checkers (or all of them, in the games that start from one point) begin (negative)."""
    position = play.position
    mover = position.mover
    return {
        "hit": sum(1 for step in play.steps if step.hit or step.pin),
        "off": mover[OFF],
        "points": sum(1 for point in range(1, 25) if mover[point] >= 2),
        "blots": -sum(1 for point in range(1, 25) if mover[point] == 1),
        "held": len(position.opponent_pinned),
        "home": sum(1 for point in range(1, 7) if mover[point] >= 2),
        "start": -mover[24],
    }


def _better(answers: list[dict[str, int]], play: dict[str, int]) -> str | None:
    """The first thing every answer does better than ``play``, if there is one."""
    for feature in FEATURES:
        if answers and all(answer[feature] > play[feature] for answer in answers):
            return feature
    return None


def _legal_start_hint(turn: Turn, reason: object) -> Message | None:
    """Where the legal plays start, when the reason is about the first step (bar first)."""
    if isinstance(reason, Refusal) and reason.code == "bar_first":
        starts = sorted({str(play.steps[0]) for play in turn.plays})
        return _(
            "legal plays start with {starts}",
            starts=", ".join(f"'{s.rstrip('*')}'" for s in starts),
        )
    if turn.plays:
        return _("legal plays include {plays}", plays=some(turn.plays, 2))
    return None


KIND = PlayKind()
