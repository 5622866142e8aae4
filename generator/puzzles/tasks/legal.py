"""``task: legal``: is this play legal? The engine decides; ``expect`` is the teacher's
belief."""

from __future__ import annotations

from typing import Any

from ...engine import BAR, Refusal, Variant, parse_play
from ...engine.errors import DiceFitError, IllegalPlayError, NotationError
from ...engine.notation import claimed_moves
from ...locale import Message, _, explain, translations
from ..diagnostics import Report, engine_words, listed
from ..fields import Fields
from ..model import LegalTask, Puzzle
from .base import Solution, TaskKind, reason_words, roll, turn_of, where
from .rules import rule_hint, rule_name, tag_rule


class LegalKind(TaskKind[LegalTask]):
    name = "legal"
    fields = ("claim", "expect")
    lists_plays = True

    def read(self, fields: Fields, variant: Variant | None) -> LegalTask | None:
        claim = fields.get("claim")
        if claim is None:
            return None
        if not isinstance(claim.value, str):
            fields.error(claim, _("'claim' is a play in notation, such as '13/8 6/5'"))
            return None
        verdict = None
        expect = fields.node.value.get("expect")
        if expect is not None:
            verdict = fields.word(expect, "expect", ("legal", "illegal"))
        return LegalTask(claim.value, None if verdict is None else verdict == "legal")

    def solve(self, puzzle: Puzzle, task: LegalTask, report: Report) -> Solution | None:
        # The claim's syntax first, then its fit to the dice and to the board: a claim that no
        # roll of these dice could make, or that moves a checker White does not have, asks the
        # learner nothing (the key could only say "not legal"). Then the engine's verdict.
        assert puzzle.dice is not None
        turn = puzzle.position.turn(puzzle.dice)
        try:
            moves = claimed_moves(task.claim)
            play = parse_play(puzzle.position, turn.dice, task.claim)
        except DiceFitError as error:
            report.error(
                *where(puzzle, "claim"),
                _(
                    "claim '{claim}' moves {moves}, the dice are {roll}: a claim uses the dice "
                    "rolled; write a play of these dice, or change 'dice'",
                    claim=task.claim,
                    moves=listed(error.moves),
                    roll=roll(puzzle),
                ),
            )
            return None
        except IllegalPlayError as error:
            empty = _empty_source(puzzle, moves)
            if empty is not None:
                report.error(
                    *where(puzzle, "claim"),
                    _(
                        "claim '{claim}' moves a checker from {place}, but no checker of "
                        "White's stands there (and no other move of the claim brings one): a "
                        "claim moves White's checkers; check the claim against the position",
                        claim=task.claim,
                        place=empty,
                    ),
                )
                return None
            reason = error.reason if isinstance(error.reason, Refusal) else None
            if task.expect is True:
                report.error(
                    *where(puzzle, "expect"),
                    _(
                        "expect says '{claim}' is legal, but it is not with {roll}: {reason}",
                        claim=task.claim,
                        roll=roll(puzzle),
                        reason=reason_words(error),
                    ),
                )
            return Solution(plays=turn.plays, legal=False, reason=reason, turn=turn)
        except NotationError as error:
            report.error(
                *where(puzzle, "claim"),
                _("claim '{claim}': {error}", claim=task.claim, error=engine_words(error)),
            )
            return None
        if task.expect is False:
            report.error(
                *where(puzzle, "expect"),
                _(
                    "expect says '{claim}' is illegal, but it is a legal play with {roll} "
                    "('{play}'): write 'expect: legal'",
                    claim=task.claim,
                    roll=roll(puzzle),
                    play=play.notation,
                ),
            )
        return Solution(plays=turn.plays, accepted=(play,), legal=True, turn=turn)

    def question(self, puzzle: Puzzle, task: LegalTask, lang: str) -> str:
        """The prompt, ending with the play it asks about ("Is 13/7 13/10 legal?") unless it
        already writes that play."""
        prompt = puzzle.prompt[lang]
        if not prompt:
            return prompt
        claim = " ".join(task.claim.split())
        if claim in " ".join(prompt.split()):
            return prompt
        asked = translations(lang).gettext("Is {claim} legal?").format(claim=claim)
        return f"{prompt} {asked}"

    def key(self, puzzle: Puzzle, task: LegalTask, solution: Solution, lang: str) -> str:
        _ = translations(lang).gettext
        if solution.legal:
            return _("legal")
        if solution.reason is None:
            return _("not legal: the distances of this play do not fit the dice")
        return _("not legal. {reason}").format(reason=explain(solution.reason, lang))

    def answer(
        self, puzzle: Puzzle, task: LegalTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        reason = explain(solution.reason, lang) if solution.reason else None
        return {"claim": task.claim, "legal": bool(solution.legal), "reason": reason}

    def feedback(
        self, puzzle: Puzzle, task: LegalTask, solution: Solution, lang: str
    ) -> dict[str, Any]:
        """The message for the wrong choice (``"yes"`` or ``"no"``): the rule at stake."""
        _ = translations(lang).gettext
        if solution.legal:
            rule = tag_rule(puzzle, lang)
            if rule is None:
                text = _(
                    "Look again: no rule refuses a step of this play, and it plays as many "
                    "dice as the roll allows."
                )
            else:
                text = _(
                    "Look again at the rule at stake, “{rule}”: here it allows every step of "
                    "this play."
                ).format(rule=rule)
            return {"no": text}
        rule = rule_name(solution.reason, lang) or tag_rule(puzzle, lang)
        if rule is None:
            return {"yes": _("A rule refuses a step of this play: check each step again.")}
        text = _("A rule refuses this play: “{rule}”. Check each step against it.")
        return {"yes": text.format(rule=rule)}

    def hints(self, puzzle: Puzzle, task: LegalTask, solution: Solution, lang: str) -> list[str]:
        """The rule at stake; then, for a refused play, the point its refusal is about, for a
        legal one how many steps it moves beside the most the roll can play; last, what the
        wrong choice is told."""
        translated = translations(lang)
        if solution.legal:
            rule = tag_rule(puzzle, lang)
            play = solution.accepted[0]
            most = turn_of(puzzle, solution).max_dice
            look: str | None = translated.ngettext(
                "The play moves {count} step; the most this roll can play is {most}.",
                "The play moves {count} steps; the most this roll can play is {most}.",
                len(play.steps),
            ).format(count=len(play.steps), most=most)
        else:
            rule = rule_name(solution.reason, lang) or tag_rule(puzzle, lang)
            point = dict(solution.reason.params).get("point") if solution.reason else None
            look = None
            if isinstance(point, int) and 1 <= point <= 24:
                look = translated.gettext("Look at the {point}-point.").format(point=point)
        last = self.feedback(puzzle, task, solution, lang)
        return [*rule_hint(rule, lang), *([look] if look else []), *last.values()]


def _empty_source(puzzle: Puzzle, moves: tuple[tuple[int, int], ...]) -> Message | None:
    """The place a move of the claim starts from where the mover has no checker, none being
    brought there by another move of the claim: "the 5-point", "the bar"; ``None`` if none."""
    for index, (source, _to) in enumerate(moves):
        brought = any(to == source for other, (_from, to) in enumerate(moves) if other != index)
        if not puzzle.position.mover[source] and not brought:
            return _("the bar") if source == BAR else _("the {point}-point", point=source)
    return None


KIND = LegalKind()
