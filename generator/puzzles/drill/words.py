"""The words of drills: one language's catalogs, and the phrases and numbers every drill uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...engine import OFF, Play, Refusal
from ...engine.board import place_name
from ...locale import explain, translations

Dice = tuple[int, int]

Texts = tuple[str, str, str]
"""Title, prompt and explanation in one language."""


class Words:
    """The catalogs of one language, and the phrases every drill uses."""

    def __init__(self, lang: str) -> None:
        catalog = translations(lang)
        self.lang = lang
        self._ = catalog.gettext
        self.ngettext = catalog.ngettext

    def reason(self, refusal: Refusal) -> str:
        """The engine's reason in this language: a sentence."""
        return explain(refusal, self.lang)

    def legal_plays(self, plays: Sequence[Play], like: Callable[[Play], bool] | None = None) -> str:
        """Two legal plays, those ``like`` the claim first (they show the rule's way)."""
        if len(plays) == 1:
            return self._("The only legal play here is {play}.").format(play=plays[0].notation)
        if like is not None:
            plays = sorted(plays, key=lambda play: not like(play))
        shown = ", ".join(play.notation for play in plays[:2])
        return self._("Legal plays here include {plays}.").format(plays=shown)

    def claim_prompt(self, dice: Dice, claim: str) -> str:
        """The question of a ``legal`` drill: may White play the claim?"""
        return self._("White rolls {roll}. May White play {claim}?").format(
            roll=roll_text(dice), claim=claim
        )


def roll_text(dice: Dice) -> str:
    """
    >>> roll_text((6, 5))
    '6-5'
    """
    return f"{dice[0]}-{dice[1]}"


def step_text(source: int, die: int) -> str:
    """One step as the notation writes it.

    >>> step_text(3, 5), step_text(13, 5)
    ('3/off', '13/8')
    """
    return f"{place_name(source)}/{place_name(max(source - die, OFF))}"
