"""The rule at stake behind an engine's refusal, named as a teacher names it: what a wrong
answer's message and a first hint point the learner to, without saying the answer."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import Refusal
from ...locale import N_, TAG_NAMES, translations
from ..model import Puzzle

RULE_NAMES = {
    "bar_first": N_("a checker on the bar enters first"),
    "blocked_landing": N_("a checker cannot land on a point the opponent holds"),
    "held_over_pin": N_("a checker cannot land on a point the opponent holds"),
    "not_all_home": N_("bearing off"),
    "overshoot": N_("bearing off"),
    "wasted_pips": N_("bearing off"),
    "pinned_cannot_bear_off": N_("bearing off"),
    "must_use_both": N_("a play uses as many dice as it can"),
    "must_use_more": N_("a play uses as many dice as it can"),
    "must_use_higher": N_("when only one die can be played, it is the higher one"),
    "too_many_moves": N_("one move for each die"),
    "too_many_moves_double": N_("one move for each die"),
    "no_hit_and_run": N_("a checker that hits in your home board stays there"),
    "head_once": N_("the head"),
    "head_once_first_turn": N_("the head"),
    "head_once_not_first_turn": N_("the head"),
    "head_twice": N_("the head"),
    "head_once_first_player": N_("the head"),
    "head_once_roll_playable": N_("the head"),
    "head_twice_first_turn": N_("the head"),
    "six_block": N_("the six-point block"),
    "must_unblock": N_("the six-point block"),
    "must_let_out": N_("letting your opponent move"),
    "runner_not_passed": N_("the runner"),
    "runner_not_in_quarter": N_("the runner"),
    "starting_quarter": N_("the starting quarter"),
    "starting_quarter_mid_turn": N_("the starting quarter"),
    "checker_pinned": N_("a pinned checker cannot move"),
    "game_over": N_("a won game ends the turn"),
}
"""The rule each refusal of a step or a play applies, as message ids (lowercase: the name
stands inside a sentence)."""

DISTANCES = N_("the numbers on the dice")
"""The rule at stake when a play's distances do not fit the dice (no refusal to name)."""

NOT_RULES = ("basics", "drill", "opening")
"""Tags that name no rule: a first hint does not point to them."""


def rule_name(refusal: Refusal | None, lang: str) -> str | None:
    """The rule ``refusal`` applies, in ``lang``; ``None`` when it names none (no checker
    there, no such die). A missing refusal: the play's distances do not fit the dice."""
    _ = translations(lang).gettext
    if refusal is None:
        return _(DISTANCES)
    name = RULE_NAMES.get(refusal.code)
    return _(name) if name else None


def rule_names(refusals: Iterable[Refusal], lang: str) -> list[str]:
    """The different rules ``refusals`` apply, in their order, each once."""
    names = (rule_name(refusal, lang) for refusal in refusals)
    return list(dict.fromkeys(name for name in names if name))


def tag_rule(puzzle: Puzzle, lang: str) -> str | None:
    """The rule the teacher filed the puzzle under (its first tag that names a rule), as the
    site's index of rules names it; ``None`` when no tag names one."""
    _ = translations(lang).gettext
    for tag in puzzle.tags:
        if tag in TAG_NAMES and tag not in NOT_RULES:
            return _(TAG_NAMES[tag])
    return None


def rule_hint(rule: str | None, lang: str) -> list[str]:
    """The first of a task's graded hints: the rule at stake, when one is named."""
    if rule is None:
        return []
    return [translations(lang).gettext("The rule at stake is “{rule}”.").format(rule=rule)]


def quoted(names: Iterable[str], lang: str) -> str:
    """Rule names in the quotation marks of ``lang``, one after another: “a”; “b”."""
    marks = ("«", "»") if lang == "ru" else ("“", "”")
    return "; ".join(f"{marks[0]}{name}{marks[1]}" for name in names)
