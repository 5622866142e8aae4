"""The rules drills practise: in which games, at what level, and how the engine finds a position
for each; and finding a rule by the name a teacher types.

>>> sorted(rules_for("long-nardy"))
['bear-off-optional', 'head', 'higher-die', 'order-of-dice', 'oversized-bear-off', 'six-block']
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable
from dataclasses import dataclass

from ...engine import VARIANTS, Position, UnknownVariantError, Variant, find_variant
from ...locale import N_, VARIANT_NAMES, Message, _, translations
from . import bear_off, dice, fevga, nardy, plakoto, turkish
from .finding import Finding, random_game_no_doubles
from .words import Dice

HITTING = ("backgammon", "tavla-classic", "tavla-modern", "turkish-tavla", "portes")
EVERY_GAME = tuple(VARIANTS)


class DrillError(Exception):
    """A drill request that cannot be served, with a message that says what to do (in
    English; ``words`` to word it in another language)."""

    def __init__(self, message: str | Message) -> None:
        self.words = message
        super().__init__(str(message))


Draw = Callable[[Variant, random.Random], tuple[Position, Dice]]
Find = Callable[[Position, Dice, random.Random], Finding | None]


@dataclass(frozen=True)
class Rule:
    """A rule that drills can practise: in which games, at what level, and how the engine
    finds positions for it."""

    key: str
    task: str
    level: int
    variants: tuple[str, ...]
    tags: tuple[str, ...]
    draw: Draw
    find: Find
    summary: str
    steps: tuple[int, ...] = (4, 8)
    """The level rises by one above each of these numbers of places White occupies."""

    @property
    def levels(self) -> range:
        return range(self.level, min(self.level + len(self.steps), 5) + 1)


RULES: dict[str, Rule] = {
    rule.key: rule
    for rule in (
        Rule(
            "higher-die",
            "play",
            1,
            EVERY_GAME,
            ("must-play", "higher-die"),
            random_game_no_doubles,
            dice.higher_die,
            N_("only one die can be played and either could be: play the higher"),
            steps=(2, 3),
        ),
        Rule(
            "order-of-dice",
            "play",
            2,
            EVERY_GAME,
            ("must-play", "order"),
            random_game_no_doubles,
            dice.order_of_dice,
            N_("both dice can be played in one order only"),
            steps=(1, 2),
        ),
        Rule(
            "bar-entry",
            "destinations",
            1,
            HITTING,
            ("bar", "entry"),
            dice.with_bar,
            dice.bar_entry,
            N_("entering from the bar against a partly closed board"),
        ),
        Rule(
            "oversized-bear-off",
            "destinations",
            2,
            EVERY_GAME,
            ("bear-off", "oversized"),
            bear_off.home_board,
            bear_off.oversized,
            N_("a die larger than the highest point bears off from it"),
            steps=(1, 2),
        ),
        Rule(
            "bear-off-optional",
            "legal",
            2,
            EVERY_GAME,
            ("bear-off",),
            bear_off.home_board,
            bear_off.optional_bear_off,
            N_("bearing off is never compulsory"),
            steps=(2, 4),
        ),
        Rule(
            "turkish-freeze",
            "legal",
            3,
            ("turkish-tavla",),
            ("hit", "freeze"),
            turkish.blot_at_home,
            turkish.freeze,
            N_("no hit-and-run in the home board"),
            steps=(3, 5),
        ),
        Rule(
            "wasted-pips",
            "play",
            3,
            ("turkish-tavla",),
            ("bear-off", "wasted-pips"),
            bear_off.home_board,
            turkish.wasted_pips,
            N_("no wasted pips in the bear-off"),
            steps=(2,),
        ),
        Rule(
            "head",
            "legal",
            2,
            ("long-nardy",),
            ("head",),
            nardy.nardy_head,
            nardy.head,
            N_("one checker off the head per turn; two with 6-6, 4-4 or 3-3 on a first turn"),
            steps=(2, 6),
        ),
        Rule(
            "six-block",
            "legal",
            3,
            ("long-nardy",),
            ("block",),
            nardy.nardy_block,
            nardy.six_block,
            N_("no six points in a row with no opposing checker past them"),
            steps=(8,),
        ),
        Rule(
            "runner",
            "legal",
            1,
            ("fevga",),
            ("runner",),
            fevga.fevga_runner,
            fevga.runner,
            N_("no second checker leaves the start before the runner has passed"),
            steps=(),
        ),
        Rule(
            "starting-quarter",
            "legal",
            3,
            ("fevga",),
            ("starting-quarter",),
            fevga.fevga_quarter,
            fevga.starting_quarter,
            N_("a turn may not end holding the whole starting quarter"),
            steps=(6, 7),
        ),
        Rule(
            "pin",
            "legal",
            1,
            ("plakoto",),
            ("pin",),
            plakoto.plakoto_pinned,
            plakoto.pin,
            N_("a pinned checker cannot move, and its point is the pinner's"),
            steps=(4, 6),
        ),
    )
}
"""Every rule drills can practise, by key."""


def rule_list(lang: str = "en") -> str:
    """The rules each game drills, for ``drill --help`` in ``lang``: a paragraph per game (the
    name ``--variant`` takes, then the game's name), a line per rule (the name ``--rule`` takes
    and what the drill practises).

    >>> print(rule_list().split("\\n\\n")[-1])
    fevga (Fevga):
      higher-die          only one die can be played and either could be: play the higher
      order-of-dice       both dice can be played in one order only
      oversized-bear-off  a die larger than the highest point bears off from it
      bear-off-optional   bearing off is never compulsory
      runner              no second checker leaves the start before the runner has passed
      starting-quarter    a turn may not end holding the whole starting quarter
    """
    gettext = translations(lang).gettext
    width = max(len(key) for key in RULES) + 2
    paragraphs = []
    for key in EVERY_GAME:
        lines = [f"{key} ({gettext(VARIANT_NAMES[key])}):"]
        lines += [
            f"  {rule.key:<{width}}{gettext(rule.summary)}"
            for rule in RULES.values()
            if key in rule.variants
        ]
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def rules_for(variant: str) -> list[str]:
    """The rules drilled in ``variant`` (a key or any name of the game)."""
    key = find_variant(variant).key
    return [rule.key for rule in RULES.values() if key in rule.variants]


def find_game(name: str) -> Variant:
    """The variant called ``name``, or a :class:`DrillError` that lists the games."""
    try:
        return find_variant(name)
    except UnknownVariantError as error:
        raise DrillError(str(error)) from None


def find_rule(variant: Variant, rule_key: str) -> Rule:
    """The rule ``rule_key`` if drills of ``variant`` practise it; else a :class:`DrillError`
    that lists the rules they do practise."""
    rule = RULES.get(rule_key)
    offered = rules_for(variant.key)
    if rule is None:
        close = difflib.get_close_matches(rule_key, offered, n=1, cutoff=0.6)
        close = close or difflib.get_close_matches(rule_key, list(RULES), n=1, cutoff=0.6)
        if close:
            raise DrillError(
                _(
                    "unknown rule {rule} (did you mean '{close}'?); the rules drilled in "
                    "{variant} are: {rules}",
                    rule=repr(rule_key),
                    close=close[0],
                    variant=variant.name,
                    rules=", ".join(offered),
                )
            )
        raise DrillError(
            _(
                "unknown rule {rule}; the rules drilled in {variant} are: {rules}",
                rule=repr(rule_key),
                variant=variant.name,
                rules=", ".join(offered),
            )
        )
    if variant.key not in rule.variants:
        raise DrillError(
            _(
                "the rule {rule} is not drilled in {variant} (it is in: {games}); "
                "the rules drilled in {variant} are: {rules}",
                rule=repr(rule_key),
                variant=variant.name,
                games=", ".join(rule.variants),
                rules=", ".join(offered),
            )
        )
    return rule
