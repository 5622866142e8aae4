"""Rule drills: new puzzles, each turning on one rule, from positions the engine searches for.

``python -m generator drill --variant V --rule R --count N [--level L] [--seed S] OUT_DIR``
writes N puzzle files. For every drill a seeded search draws positions and rolls (random games
from :func:`generator.bench.random_position`, or positions built for the rule) until the engine
finds one where the rule decides the answer, and proves it:

* a claim the rule refuses is refused with that rule's own refusal code, and it is legal in the
  same game without the rule (a copy of the variant with that one rule switched off);
* a forced play is forced because of the rule: the engine refuses the tempting alternative with
  the rule's code, or the game without the rule has other plays;
* an answer (destinations, dice) differs from the one a player ignoring the rule would give.

The texts (title, question, explanation) come from templates through the gettext catalogs, in
English and Russian, with the position's numbers filled in. Every file is read back and solved
by the checker before it is written, so ``python -m generator check OUT_DIR`` accepts it.

The same seed gives the same files. ``--level`` asks for drills of one level: a rule's drills
start at the rule's own level and rise by one above each of the rule's steps in the number of
places White occupies (``Rule.steps``), so a rule has two or three levels (``Rule.levels``).

>>> sorted(rules_for("long-nardy"))
['bear-off-optional', 'head', 'higher-die', 'order-of-dice', 'oversized-bear-off', 'six-block']
"""

from __future__ import annotations

import dataclasses
import difflib
import random
import sys
import textwrap
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..bench import ROLLS, random_position
from ..engine import (
    BAR,
    CHECKERS,
    OFF,
    VARIANTS,
    EngineError,
    Play,
    Position,
    Refusal,
    Step,
    Turn,
    UnknownVariantError,
    Variant,
    find_variant,
    to_text,
    why_unreachable,
)
from ..engine.board import HOME, POINTS, Side, place_name
from ..engine.errors import IllegalPlayError
from ..engine.fevga import STARTING_QUARTER, Fevga, runner_passed
from ..engine.moves import Context, _State
from ..engine.nardy import HEAD, HEAD_DOUBLES, LongNardy
from ..engine.notation import parse_in_turn
from ..engine.variants import TurkishTavla
from ..locale import LANGUAGES, Message, _, explain, translations
from .check import destinations, solve
from .diagnostics import Report
from .load import load_puzzle
from .new import FilesInTheWay, WriteError, check_targets, write_files, yaml_string

Dice = tuple[int, int]

HITTING = ("backgammon", "tavla-classic", "tavla-modern", "turkish-tavla", "portes")
EVERY_GAME = tuple(VARIANTS)

TRIES_PER_DRILL = 20000
"""Positions the search may draw in a row without finding a drill before it gives up."""
SECONDS_PER_DRILL = 60.0
"""And the time it may search in a row without finding one, whichever runs out first."""


# The games without one rule: what a player who does not know the rule would play -----------------


def _drop(refusal: Refusal | None, codes: frozenset[str]) -> Refusal | None:
    return None if refusal is not None and refusal.code in codes else refusal


class _TurkishWithout(TurkishTavla):
    """Turkish Tavla with some of its limits switched off."""

    ignored: ClassVar[frozenset[str]] = frozenset()

    def step_refusal(
        self, context: Context, before: Side, opponent: Side, step: Step, after: Side
    ) -> Refusal | None:
        return _drop(super().step_refusal(context, before, opponent, step, after), self.ignored)


class _NoFreeze(_TurkishWithout):
    ignored = frozenset({"no_hit_and_run"})


class _NoWastedPips(_TurkishWithout):
    ignored = frozenset({"wasted_pips"})


class _NoHeadLimit(LongNardy):
    """Long Nardy where any number of checkers may leave the head."""

    def turn_context(
        self, position: Position, dice: tuple[int, ...], limits: frozenset[str]
    ) -> Context:
        context = super().turn_context(position, dice, limits)
        return dataclasses.replace(context, may_leave=CHECKERS)  # type: ignore[type-var]


class _NoHeadDoubles(LongNardy):
    """Long Nardy without the first turn's exception: one checker off the head, always."""

    def turn_context(
        self, position: Position, dice: tuple[int, ...], limits: frozenset[str]
    ) -> Context:
        context = super().turn_context(position, dice, limits)
        return dataclasses.replace(context, may_leave=1)  # type: ignore[type-var]


class _NoBlockRule(LongNardy):
    def step_refusal(
        self, context: Context, before: Side, opponent: Side, step: Step, after: Side
    ) -> Refusal | None:
        refusal = super().step_refusal(context, before, opponent, step, after)
        return _drop(refusal, frozenset({"six_block"}))

    def end_refusal(self, mover: Side, opponent: Side) -> Refusal | None:
        return None


class _NoRunnerRule(Fevga):
    def step_refusal(
        self, context: Context, before: Side, opponent: Side, step: Step, after: Side
    ) -> Refusal | None:
        refusal = super().step_refusal(context, before, opponent, step, after)
        return _drop(refusal, frozenset({"runner_not_passed"}))


class _NoQuarterRule(Fevga):
    def step_refusal(
        self, context: Context, before: Side, opponent: Side, step: Step, after: Side
    ) -> Refusal | None:
        refusal = super().step_refusal(context, before, opponent, step, after)
        return _drop(refusal, frozenset({"starting_quarter"}))

    def end_refusal(self, mover: Side, opponent: Side) -> Refusal | None:
        return None


_WITHOUT: dict[str, Variant] = {}


def _without(cls: type[Variant]) -> Variant:
    """The one instance of a game without a rule."""
    if cls.__name__ not in _WITHOUT:
        _WITHOUT[cls.__name__] = cls()
    return _WITHOUT[cls.__name__]


def _in(cls: type[Variant], position: Position) -> Position:
    """The same board in a game without one rule."""
    return Position(
        _without(cls),
        position.mover,
        position.opponent,
        position.mover_pinned,
        position.opponent_pinned,
    )


# Words -------------------------------------------------------------------------------------------


class _Words:
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


Texts = tuple[str, str, str]
"""Title, prompt and explanation in one language."""


@dataclass(frozen=True)
class Finding:
    """A position and roll where the rule decides, with the question it answers.

    ``fields`` are the task's own YAML lines after ``task:``; ``words`` writes the title, the
    prompt and the explanation in one language."""

    position: Position
    dice: Dice
    task: str
    fields: tuple[tuple[str, str], ...]
    words: Callable[[_Words], Texts]
    tags: tuple[str, ...] = ()


_q = yaml_string  # the one way the teacher commands write a text into YAML


def _roll(dice: Dice) -> str:
    return f"{dice[0]}-{dice[1]}"


def _step_text(source: int, die: int) -> str:
    return f"{place_name(source)}/{place_name(max(source - die, OFF))}"


def _sources(position: Position) -> list[int]:
    return [place for place in range(BAR, 0, -1) if position.mover[place]]


def _all_home(position: Position) -> bool:
    mover = position.mover
    return not any(mover[place] for place in range(HOME[-1] + 1, BAR + 1)) and mover[OFF] < CHECKERS


def _board(position: Position) -> tuple[object, ...]:
    return (position.mover, position.opponent, position.mover_pinned, position.opponent_pinned)


def _illegal_claim(
    turn: Turn, lenient: Iterable[Play], codes: frozenset[str], rng: random.Random
) -> tuple[Play, Refusal] | None:
    """A play of the game without a rule, drawn at random among those that make a board no
    legal play of ``turn`` makes and that the engine refuses with one of ``codes``."""
    legal = {_board(play.position) for play in turn.plays}
    others = [play for play in lenient if _board(play.position) not in legal]
    rng.shuffle(others)
    for play in others[:12]:
        try:
            parse_in_turn(turn, play.notation)
        except IllegalPlayError as error:
            if isinstance(error.reason, Refusal) and error.reason.code in codes:
                return play, error.reason
        except EngineError:
            continue
    return None


def _legal_claim_finding(
    position: Position,
    dice: Dice,
    rng: random.Random,
    lenient: type[Variant],
    codes: frozenset[str],
    words: Callable[[_Words, str, Refusal, Turn], Texts],
    keep: Callable[[Play], bool] = lambda play: True,
) -> Finding | None:
    """A ``legal`` drill: a play of the game without the rule, which the rule refuses."""
    turn = position.turn(dice)
    if not turn.plays:
        return None
    candidates = [play for play in _in(lenient, position).turn(dice).plays if keep(play)]
    found = _illegal_claim(turn, candidates, codes, rng)
    if found is None:
        return None
    play, refusal = found
    claim = play.notation
    return Finding(
        position,
        dice,
        "legal",
        (("claim", _q(claim)), ("expect", "illegal")),
        lambda w: words(w, claim, refusal, turn),
    )


def _claim_prompt(w: _Words, dice: Dice, claim: str) -> str:
    return w._("White rolls {roll}. May White play {claim}?").format(roll=_roll(dice), claim=claim)


# Higher die --------------------------------------------------------------------------------------


def _higher_die(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    high, low = dice
    if high == low:
        return None
    turn = position.turn(dice)
    if turn.max_dice != 1 or len(turn.plays) != 1:
        return None
    play = turn.plays[0]
    if play.steps[0].die != high:
        return None
    answer = (play.position.mover, play.position.opponent)
    tempting = [
        step
        for step, child in turn.root.children.items()
        if step.die == low
        and (child.mover, child.opponent) != answer
        and _code(turn.refusal([], step.source, low)) == "must_use_higher"
    ]
    if not tempting:
        return None
    low_play = str(tempting[0])

    def words(w: _Words) -> Texts:
        return (
            w._("One die only: {roll}").format(roll=_roll(dice)),
            w._("White rolls {roll}. Find the only legal play.").format(roll=_roll(dice)),
            w._(
                "The {high} and the {low} cannot both be played this turn. Either could be "
                "played on its own: the {high} as {play}, the {low} as {low_play}. When only one "
                "die can be played and either could be, the higher one must be played: {play}."
            ).format(high=high, low=low, play=play.notation, low_play=low_play),
        )

    return Finding(
        position, dice, "play", (("answer", f"[{_q(play.notation)}]"), ("expect", "forced")), words
    )


def _code(refusal: Refusal | None) -> str | None:
    return None if refusal is None else refusal.code


# Order of the dice -------------------------------------------------------------------------------


def _order_of_dice(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if dice[0] == dice[1] or position.mover[BAR]:
        return None
    turn = position.turn(dice)
    if turn.max_dice != 2 or len(turn.plays) != 1:
        return None
    first = {step.die for step in turn.legal_steps()}
    if len(first) != 1:
        return None
    right = first.pop()
    wrong = dice[0] if right == dice[1] else dice[1]
    play = turn.plays[0]
    moved = {step.source for step in play.steps}
    attempts: list[tuple[int, Refusal]] = []
    for source in _sources(position):
        refusal = turn.refusal([], source, wrong)
        if refusal is not None and refusal.code in ("blocked_landing", "must_use_both"):
            attempts.append((source, refusal))
    if not attempts:
        return None
    # The checker that moves in the answer is the one a player would try first.
    source, refusal = min(attempts, key=lambda item: (item[0] not in moved, -item[0]))
    attempt = _step_text(source, wrong)

    def words(w: _Words) -> Texts:
        if refusal.code == "blocked_landing":
            why = w._("The {wrong} cannot go first: {attempt} is not allowed. {reason}").format(
                wrong=wrong, attempt=attempt, reason=w.reason(refusal)
            )
        else:
            why = w._(
                "The {wrong} cannot go first: after {attempt} the {right} could not be played."
            ).format(wrong=wrong, attempt=attempt, right=right)
        return (
            w._("The order of the dice: {roll}").format(roll=_roll(dice)),
            w._("White rolls {roll}. Which die goes first? Make the play.").format(
                roll=_roll(dice)
            ),
            why
            + " "
            + w._(
                "Starting with the {right}, both dice are played: {play}. Both dice must be "
                "played whenever some order allows it, so the {right} goes first."
            ).format(right=right, play=play.notation),
        )

    return Finding(
        position, dice, "play", (("answer", f"[{_q(play.notation)}]"), ("expect", "forced")), words
    )


# Entering from the bar ---------------------------------------------------------------------------


def _bar_entry(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    high, low = dice
    on_bar = position.mover[BAR]
    if high == low or not on_bar:
        return None
    turn = position.turn(dice)
    refusals = {die: turn.refusal([], BAR, die) for die in dice}
    blocked = [die for die in dice if _code(refusals[die]) == "blocked_landing"]
    open_ = [die for die in dice if refusals[die] is None]
    if len(blocked) != 1 or len(open_) != 1:
        return None
    shut, enter = blocked[0], open_[0]
    refusal = refusals[shut]
    assert refusal is not None
    entry = BAR - enter
    if on_bar == 1:
        places = destinations(turn, BAR)
        if entry not in places:
            return None
        onward = [place for place in places if place != entry]

        def words(w: _Words) -> Texts:
            text = w._(
                "A checker on the bar enters in Black's home board: the {die} enters on the "
                "{point}-point."
            ).format(die=enter, point=entry)
            text += " " + w._("The {die} cannot enter. {reason}").format(
                die=shut, reason=w.reason(refusal)
            )
            if onward:
                text += " " + w._("Once in, the checker may go on to: {places}.").format(
                    places=", ".join(place_name(p) for p in onward)
                )
            return (
                w._("Enter from the bar: {roll}").format(roll=_roll(dice)),
                w._(
                    "White has a checker on the bar and rolls {roll}. Where can that checker "
                    "go this turn?"
                ).format(roll=_roll(dice)),
                text,
            )

        listed = ", ".join("off" if p == OFF else str(p) for p in places)
        return Finding(
            position, dice, "destinations", (("point", "bar"), ("expect", f"[{listed}]")), words
        )
    # Two or more on the bar: one enters, the other die is lost though the board could use it.
    if turn.max_dice != 1 or len(turn.plays) != 1:
        return None
    mover, opponent = position.mover, position.opponent
    free = [
        source
        for source in POINTS
        if mover[source] and source - shut > 0 and opponent[source - shut] < 2
    ]
    if not free:
        return None
    play = turn.plays[0]
    elsewhere = _step_text(free[-1], shut)

    def many_words(w: _Words) -> Texts:
        text = w._(
            "Only the {die} can enter, on the {point}-point. The {other} cannot. {reason}"
        ).format(die=enter, point=entry, other=shut, reason=w.reason(refusal))
        text += " " + w._(
            "A checker is still on the bar, so no other checker may move: the {other} is lost, "
            "although {elsewhere} would be open. White plays {play}."
        ).format(other=shut, elsewhere=elsewhere, play=play.notation)
        return (
            w._("Checkers on the bar: {roll}").format(roll=_roll(dice)),
            w.ngettext(
                "White has {count} checker on the bar and rolls {roll}. Make the play.",
                "White has {count} checkers on the bar and rolls {roll}. Make the play.",
                on_bar,
            ).format(count=on_bar, roll=_roll(dice)),
            text,
        )

    return Finding(
        position,
        dice,
        "play",
        (("answer", f"[{_q(play.notation)}]"), ("expect", "forced")),
        many_words,
    )


def _with_bar(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    while True:
        position = random_position(variant, rng)
        if position.mover[BAR]:
            return position, _any_roll(rng, doubles=False)


# Bearing off -------------------------------------------------------------------------------------


def _ways_off(turn: Turn, source: int) -> list[tuple[Step, ...]]:
    """Every way, in legal plays, for the checker on ``source`` to be borne off: its own
    steps, as :func:`generator.puzzles.check.destinations` follows them."""
    found: list[tuple[Step, ...]] = []
    pending: list[tuple[_State, int, tuple[Step, ...]]] = [(turn.root, source, ())]
    seen: set[tuple[int, int]] = set()
    while pending:
        state, place, chain = pending.pop()
        for step, child in state.children.items():
            if step.source != place or not child.good or (id(child), step.destination) in seen:
                continue
            seen.add((id(child), step.destination))
            if step.destination == OFF:
                found.append((*chain, step))
            else:
                pending.append((child, step.destination, (*chain, step)))
    return found


def _oversized(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if not _all_home(position) or position.mover_pinned:
        return None
    turn = position.turn(dice)
    if not turn.plays:
        return None
    highest = _sources(position)[0]
    places = destinations(turn, highest)
    ways = _ways_off(turn, highest)
    if OFF not in places or not ways:
        return None
    # Only a die larger than the point takes this checker off: a player who bears off with
    # the exact number only would not list "off".
    if any(way[-1].die <= way[-1].source for way in ways):
        return None
    direct = sorted({way[0].die for way in ways if len(way) == 1})
    walks = sorted((way for way in ways if len(way) > 1), key=len)

    def words(w: _Words) -> Texts:
        text = w._(
            "A die bears off a checker from the point of its number; when that point is empty "
            "and no checker stands higher, it bears off a checker from the highest point."
        )
        if direct:
            text += " " + w._(
                "No checker stands above the {point}-point, so the {die} bears this checker "
                "off at once."
            ).format(point=highest, die=direct[-1])
        if walks:
            way = walks[0]
            text += " " + w._(
                "After {steps} the checker stands on the {point}-point, now the highest, and "
                "the {die} bears it off from there."
            ).format(
                steps=" ".join(str(step) for step in way[:-1]),
                point=way[-1].source,
                die=way[-1].die,
            )
        return (
            w._("A die larger than the point: {roll}").format(roll=_roll(dice)),
            w._(
                "White is bearing off and rolls {roll}. Where can the checker on the "
                "{point}-point go this turn?"
            ).format(roll=_roll(dice), point=highest),
            text,
        )

    listed = ", ".join("off" if p == OFF else str(p) for p in places)
    return Finding(
        position, dice, "destinations", (("point", str(highest)), ("expect", f"[{listed}]")), words
    )


def _optional_bear_off(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if not _all_home(position):
        return None
    turn = position.turn(dice)
    taking = [play for play in turn.plays if any(s.destination == OFF for s in play.steps)]
    staying = [play for play in turn.plays if all(s.destination != OFF for s in play.steps)]
    if not taking or not staying:
        return None
    claim = rng.choice(staying).notation
    example = taking[0].notation

    def words(w: _Words) -> Texts:
        return (
            w._("Must White bear off? {roll}").format(roll=_roll(dice)),
            w._(
                "White rolls {roll} and could bear a checker off. Is {claim} legal, taking "
                "nothing off?"
            ).format(roll=_roll(dice), claim=claim),
            w._(
                "Yes. {claim} plays as many dice as the roll allows, and that is all the rules "
                "demand: no rule forces a checker off while the dice can be played inside the "
                "home board. White could also bear off, for example {example}."
            ).format(claim=claim, example=example),
        )

    return Finding(position, dice, "legal", (("claim", _q(claim)), ("expect", "legal")), words)


def _home_board(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """A random position of ``variant`` where White has every checker home."""
    while True:
        position = random_position(variant, rng)
        if _all_home(position) and not position.mover_pinned:
            return position, _any_roll(rng)


# Turkish Tavla -----------------------------------------------------------------------------------


def _freeze(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    def hits_at_home(play: Play) -> bool:
        return any(step.hit and step.destination in HOME for step in play.steps)

    def words(w: _Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("Hit at home and stay: {roll}").format(roll=_roll(dice)),
            w._("White rolls {roll}. Under Turkish rules, may White play {claim}?").format(
                roll=_roll(dice), claim=claim
            ),
            w._(
                "No. The hit on the {point}-point freezes that point until the turn ends: in "
                "Turkish Tavla nothing may leave it, though in Western backgammon {claim} would "
                "be legal."
            ).format(point=refusal["point"], claim=claim)
            + " "
            + w.legal_plays(turn.plays, hits_at_home),
        )

    return _legal_claim_finding(
        position,
        dice,
        rng,
        _NoFreeze,
        frozenset({"no_hit_and_run"}),
        words,
        hits_at_home,
    )


def _blot_at_home(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """Black has left a lone checker in White's home board, and White's checkers stand
    within reach of it."""
    while True:
        opponent: dict[int | str, int] = {rng.randint(1, 6): 1}
        if rng.random() < 0.4:
            opponent[rng.randint(1, 6)] = rng.choice((1, 2, 2))
        spots = rng.sample(range(13, 25), rng.randint(3, 5))
        for _count in range(CHECKERS - sum(opponent.values()) - rng.randint(0, 3)):
            point = rng.choice(spots)
            opponent[point] = opponent.get(point, 0) + 1
        free = [p for p in range(1, 15) if p not in opponent]
        spots = rng.sample(free, rng.randint(2, 6))
        mover: dict[int | str, int] = {}
        for _count in range(CHECKERS - rng.randint(0, 6)):
            point = rng.choice(spots)
            mover[point] = mover.get(point, 0) + 1
        try:
            return variant.position(mover=mover, opponent=opponent), _any_roll(rng)
        except EngineError:
            continue


def _wasted_pips(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if dice[0] == dice[1] or not _all_home(position):
        return None
    turn = position.turn(dice)
    if len(turn.plays) != 1:
        return None
    play = turn.plays[0]
    lenient = _in(_NoWastedPips, position).turn(dice).plays
    wasted = _illegal_claim(turn, lenient, frozenset({"wasted_pips"}), rng)
    if wasted is None:
        return None
    other, refusal = wasted

    def words(w: _Words) -> Texts:
        return (
            w._("No wasted pips: {roll}").format(roll=_roll(dice)),
            w._("White is bearing off and rolls {roll}. Play it by Turkish rules.").format(
                roll=_roll(dice)
            ),
            w._(
                "The {die} could bear off the checker on the {source}-point at once, so that "
                "checker may not first walk down with the other die: {wasted} wastes pips, "
                "which Turkish Tavla forbids. The only legal play is {play}."
            ).format(
                die=refusal["die"],
                source=refusal["source"],
                wasted=other.notation,
                play=play.notation,
            ),
        )

    return Finding(
        position, dice, "play", (("answer", f"[{_q(play.notation)}]"), ("expect", "forced")), words
    )


# Long Nardy --------------------------------------------------------------------------------------

HEAD_CODES = frozenset({"head_once", "head_once_first_turn", "head_once_not_first_turn"})


def _head(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if position.mover[HEAD] == CHECKERS and dice[0] == dice[1] and dice[0] in HEAD_DOUBLES:
        return _head_first_turn(position, dice)

    def two_off_the_head(play: Play) -> bool:
        return sum(step.source == HEAD for step in play.steps) >= 2

    def words(w: _Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("One checker off the head: {roll}").format(roll=_roll(dice)),
            _claim_prompt(w, dice, claim),
            w._(
                "No. {claim} takes two checkers off the head, the 24-point, but only one may "
                "leave it each turn; a second may follow only on a first turn with 6-6, 4-4 or "
                "3-3."
            ).format(claim=claim)
            + " "
            + w.legal_plays(turn.plays, lambda play: any(s.source == HEAD for s in play.steps)),
        )

    return _legal_claim_finding(
        position, dice, rng, _NoHeadLimit, HEAD_CODES, words, two_off_the_head
    )


def _head_first_turn(position: Position, dice: Dice) -> Finding | None:
    turn = position.turn(dice)
    most = turn.max_dice
    alone = _in(_NoHeadDoubles, position).turn(dice).max_dice
    if most == alone or not turn.plays:
        return None
    play = turn.plays[0]

    def words(w: _Words) -> Texts:
        return (
            w._("First turn: {roll}").format(roll=_roll(dice)),
            w._(
                "It is White's first turn: all fifteen checkers are on the head. White rolls "
                "{roll}. How many of the four dice can White play?"
            ).format(roll=_roll(dice)),
            w._(
                "A single checker off the head could play only {alone} of the four: Black's "
                "head on the 12-point stops it. On a first turn, 6-6, 4-4 and 3-3 let a second "
                "checker leave the head, and it must, since more dice are then played: White "
                "plays {most} of the four, for example {play}."
            ).format(alone=alone, most=most, play=play.notation),
        )

    return Finding(
        position,
        dice,
        "count",
        (("count", "dice"), ("expect_count", str(most))),
        words,
        ("first-turn",),
    )


def _nardy_head(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """A later turn with checkers still on the head, or, one time in four, the second
    player's first turn with 6-6, 4-4 or 3-3 (the first player has moved one checker)."""
    if rng.random() < 0.25:
        moved = rng.randint(3, 11)
        die = rng.choice(HEAD_DOUBLES)
        position = variant.position(mover={HEAD: CHECKERS}, opponent={12: 14, 12 - moved: 1})
        return position, (die, die)
    while True:
        position = random_position(variant, rng)
        # Only a board a game comes to: most random ones with checkers on the head have
        # borne off too, which no Long Nardy game allows.
        if 2 <= position.mover[HEAD] < CHECKERS and why_unreachable(position) is None:
            return position, _any_roll(rng)


def _six_block(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    def words(w: _Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("Six in a row: {roll}").format(roll=_roll(dice)),
            _claim_prompt(w, dice, claim),
            w._(
                "No. {claim} builds {count} points in a row, from the {first}-point to the "
                "{last}-point, with no Black checker past them. Such a block is allowed only "
                "once at least one opposing checker has got past it, and not even for a single "
                "step before that."
            ).format(
                claim=claim,
                count=refusal["count"],
                first=refusal["first"],
                last=refusal["last"],
            )
            + " "
            + w.legal_plays(turn.plays),
        )

    return _legal_claim_finding(position, dice, rng, _NoBlockRule, frozenset({"six_block"}), words)


def _nardy_block(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """Half the time a random game; else five points in a row between White's 23 and 13, with
    checkers behind them that could make a sixth, and every Black checker still behind."""
    if rng.random() < 0.5:
        return _random(variant, rng)
    while True:
        low = rng.randint(13, 18)
        mover: dict[int | str, int] = {HEAD: rng.randint(3, 9)}
        for point in range(low, low + 5):
            mover[point] = rng.choice((1, 1, 2))
        # Checkers that could close the sixth point above the run, the rest past Black's head.
        above = [p for p in range(low + 6, low + 12) if p < HEAD]
        for point in rng.sample(above, min(len(above), rng.randint(1, 2))):
            mover[point] = 1
        left = CHECKERS - sum(mover.values())
        if left < 0:
            continue
        spots = rng.sample(range(1, 12), rng.randint(1, 3))
        for _count in range(left):
            point = rng.choice(spots)
            mover[point] = mover.get(point, 0) + 1
        opponent: dict[int | str, int] = {12: rng.randint(8, 15)}
        free = rng.sample([p for p in range(1, 12) if p not in mover], 3)
        for _count in range(CHECKERS - opponent[12]):
            point = rng.choice(free)
            opponent[point] = opponent.get(point, 0) + 1
        return variant.position(mover=mover, opponent=opponent), _any_roll(rng)


# Fevga -------------------------------------------------------------------------------------------


def _runner(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    # The rule allows only this: the runner out, every other checker on the start.
    if runner_passed(position.mover) or position.mover[HEAD] != CHECKERS - 1:
        return None

    def words(w: _Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("The runner goes first: {roll}").format(roll=_roll(dice)),
            _claim_prompt(w, dice, claim),
            w._(
                "No. White's runner on the {point}-point has not yet passed Black's starting "
                "point, the 12-point, so no other checker may leave White's start. The runner "
                "has passed once it stands on the 11-point or lower."
            ).format(point=refusal["point"])
            + " "
            + w.legal_plays(turn.plays),
        )

    return _legal_claim_finding(
        position, dice, rng, _NoRunnerRule, frozenset({"runner_not_passed"}), words
    )


def _fevga_runner(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """White's runner on its way, not yet past Black's start, more checkers on the start."""
    if rng.random() < 0.2:
        while True:
            position = random_position(variant, rng)
            if position.mover[HEAD] == CHECKERS - 1 and not runner_passed(position.mover):
                return position, _any_roll(rng)
    # Black has left its start with a few checkers, which stand between its start and White's.
    opponent: dict[int | str, int] = {12: rng.randint(8, 14)}
    spots = rng.sample(range(1, 12), rng.randint(1, 4))
    for _count in range(CHECKERS - opponent[12]):
        point = rng.choice(spots)
        opponent[point] = opponent.get(point, 0) + 1
    mover: dict[int | str, int] = {HEAD: CHECKERS - 1, rng.randint(13, 23): 1}
    return variant.position(mover=mover, opponent=opponent), _any_roll(rng)


def _starting_quarter(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if all(position.mover[point] for point in STARTING_QUARTER):
        return None  # no turn can have ended so

    def words(w: _Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("The starting quarter: {roll}").format(roll=_roll(dice)),
            _claim_prompt(w, dice, claim),
            w._(
                "No. After {claim} White would hold all six points from the 19-point to the "
                "24-point, the starting quarter, and in Fevga no turn may end so."
            ).format(claim=claim)
            + " "
            + w.legal_plays(turn.plays),
        )

    return _legal_claim_finding(
        position, dice, rng, _NoQuarterRule, frozenset({"starting_quarter"}), words
    )


def _fevga_quarter(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """White holds three or four of the points 19..23 besides the start; the runner has
    passed Black's start, so more checkers may leave White's."""
    while True:
        mover: dict[int | str, int] = {HEAD: rng.randint(2, 8)}
        for point in rng.sample(range(19, 24), rng.choice((3, 4, 4))):
            mover[point] = rng.choice((1, 1, 2))
        runner = rng.randint(1, 11)
        mover[runner] = 1
        left = CHECKERS - sum(mover.values())
        if left < 0:
            continue
        others = [p for p in range(1, 19) if p not in (12, runner)]
        spots = [runner, *rng.sample(others, rng.randint(0, 4))]
        for _count in range(left):
            point = rng.choice(spots)
            mover[point] = mover.get(point, 0) + 1
        opponent: dict[int | str, int] = {}
        free = [p for p in POINTS if p not in mover]
        spots = rng.sample(free, rng.randint(2, 6))
        for _count in range(CHECKERS - rng.randint(0, 4)):
            point = rng.choice(spots)
            opponent[point] = opponent.get(point, 0) + 1
        return variant.position(mover=mover, opponent=opponent), _any_roll(rng)


# Plakoto -----------------------------------------------------------------------------------------

PIN_CODES = frozenset({"checker_pinned", "held_over_pin", "pinned_cannot_bear_off"})


def _pin(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    pinned = position.mover_pinned
    if not pinned:
        return None
    # The board a player who forgets the pins sees: the pinned checkers free, their pinners gone.
    opponent = list(position.opponent)
    for point in pinned:
        opponent[OFF] += opponent[point]
        opponent[point] = 0
    if opponent[OFF] >= CHECKERS:
        return None
    unpinned = Position(
        position.variant, position.mover, tuple(opponent), frozenset(), position.opponent_pinned
    )

    def touches_a_pin(play: Play) -> bool:
        return any(
            step.source in pinned or step.destination in pinned or step.destination == OFF
            for step in play.steps
        )

    turn = position.turn(dice)
    if not turn.plays:
        return None
    candidates = [play for play in unpinned.turn(dice).plays if touches_a_pin(play)]
    found = _illegal_claim(turn, candidates, PIN_CODES, rng)
    if found is None:
        return None
    play, refusal = found
    claim = play.notation

    def words(w: _Words) -> Texts:
        return (
            w._("A pinned checker: {roll}").format(roll=_roll(dice)),
            _claim_prompt(w, dice, claim),
            w._(
                "No. White's checker on the {point}-point is pinned: it cannot move until the "
                "Black checker on top of it leaves; until then no White checker may land on "
                "that point, and White may not bear off."
            ).format(point=refusal["point"])
            + " "
            + w.legal_plays(turn.plays),
        )

    return Finding(position, dice, "legal", (("claim", _q(claim)), ("expect", "illegal")), words)


def _plakoto_pinned(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    while True:
        position = random_position(variant, rng)
        if position.mover_pinned and not variant.result(position):
            return position, _any_roll(rng)


# The rules ---------------------------------------------------------------------------------------


NON_DOUBLES = tuple(roll for roll in ROLLS if roll[0] != roll[1])


def _any_roll(rng: random.Random, doubles: bool = True) -> Dice:
    return rng.choice(ROLLS if doubles else NON_DOUBLES)


def _random(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    return random_position(variant, rng), _any_roll(rng)


def _random_no_doubles(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    return random_position(variant, rng), _any_roll(rng, doubles=False)


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
            _random_no_doubles,
            _higher_die,
            "only one die can be played and either could be: play the higher",
            steps=(2, 3),
        ),
        Rule(
            "order-of-dice",
            "play",
            2,
            EVERY_GAME,
            ("must-play", "order"),
            _random_no_doubles,
            _order_of_dice,
            "both dice can be played in one order only",
            steps=(1, 2),
        ),
        Rule(
            "bar-entry",
            "destinations",
            1,
            HITTING,
            ("bar", "entry"),
            _with_bar,
            _bar_entry,
            "entering from the bar against a partly closed board",
        ),
        Rule(
            "oversized-bear-off",
            "destinations",
            2,
            EVERY_GAME,
            ("bear-off", "oversized"),
            _home_board,
            _oversized,
            "a die larger than the highest point bears off from it",
            steps=(1, 2),
        ),
        Rule(
            "bear-off-optional",
            "legal",
            2,
            EVERY_GAME,
            ("bear-off",),
            _home_board,
            _optional_bear_off,
            "bearing off is never compulsory",
            steps=(2, 4),
        ),
        Rule(
            "turkish-freeze",
            "legal",
            3,
            ("turkish-tavla",),
            ("hit", "freeze"),
            _blot_at_home,
            _freeze,
            "no hit-and-run in the home board",
            steps=(3, 5),
        ),
        Rule(
            "wasted-pips",
            "play",
            3,
            ("turkish-tavla",),
            ("bear-off", "wasted-pips"),
            _home_board,
            _wasted_pips,
            "no wasted pips in the bear-off",
            steps=(2,),
        ),
        Rule(
            "head",
            "legal",
            2,
            ("long-nardy",),
            ("head",),
            _nardy_head,
            _head,
            "one checker off the head per turn; two with 6-6, 4-4 or 3-3 on a first turn",
            steps=(2, 6),
        ),
        Rule(
            "six-block",
            "legal",
            3,
            ("long-nardy",),
            ("block",),
            _nardy_block,
            _six_block,
            "no six points in a row with no opposing checker past them",
            steps=(8,),
        ),
        Rule(
            "runner",
            "legal",
            1,
            ("fevga",),
            ("runner",),
            _fevga_runner,
            _runner,
            "no second checker leaves the start before the runner has passed",
            steps=(),
        ),
        Rule(
            "starting-quarter",
            "legal",
            3,
            ("fevga",),
            ("starting-quarter",),
            _fevga_quarter,
            _starting_quarter,
            "a turn may not end holding the whole starting quarter",
            steps=(6, 7),
        ),
        Rule(
            "pin",
            "legal",
            1,
            ("plakoto",),
            ("pin",),
            _plakoto_pinned,
            _pin,
            "a pinned checker cannot move, and its point is the pinner's",
            steps=(4, 6),
        ),
    )
}
"""Every rule drills can practise, by key."""


def rule_list() -> str:
    """The rules each game drills, for ``drill --help``: a paragraph per game (the name
    ``--variant`` takes, then the game's name), a line per rule (the name ``--rule`` takes and
    what the drill practises).

    >>> print(rule_list().split("\\n\\n")[-1])
    fevga (Fevga):
      higher-die          only one die can be played and either could be: play the higher
      order-of-dice       both dice can be played in one order only
      oversized-bear-off  a die larger than the highest point bears off from it
      bear-off-optional   bearing off is never compulsory
      runner              no second checker leaves the start before the runner has passed
      starting-quarter    a turn may not end holding the whole starting quarter
    """
    width = max(len(key) for key in RULES) + 2
    paragraphs = []
    for key in EVERY_GAME:
        lines = [f"{key} ({find_variant(key).name}):"]
        lines += [
            f"  {rule.key:<{width}}{rule.summary}"
            for rule in RULES.values()
            if key in rule.variants
        ]
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def rules_for(variant: str) -> list[str]:
    """The rules drilled in ``variant`` (a key or any name of the game)."""
    key = find_variant(variant).key
    return [rule.key for rule in RULES.values() if key in rule.variants]


# Writing the files -------------------------------------------------------------------------------


class DrillError(Exception):
    """A drill request that cannot be served, with a message that says what to do (in
    English; ``words`` to word it in another language)."""

    def __init__(self, message: str | Message) -> None:
        self.words = message
        super().__init__(str(message))


@dataclass(frozen=True)
class Drill:
    """A drill ready to write: its id and the text of its file."""

    id: str
    text: str
    finding: Finding
    tries: int


def _plausible(position: Position) -> bool:
    """Whether a game could have come to ``position`` with White to move: random boards may
    break rules that every earlier turn obeyed, and a drill on such a board would mislead."""
    if position.mover[OFF] > CHECKERS - 2:
        return False  # a drill is about a choice: the last checker leaves little to choose
    if position.variant.result(position) is not None:
        return False
    # The engine's reachability: the marks every earlier turn leaves (six-point blocks, the
    # starting quarter, the runner, bearing off with a checker outside, pins on a start).
    return why_unreachable(position) is None


def _level(rule: Rule, position: Position) -> int:
    places = len(_sources(position))
    return min(rule.level + sum(places > step for step in rule.steps), 5)


def _side(counts: Side) -> str:
    items = [f"bar: {counts[BAR]}"] if counts[BAR] else []
    items += [f"{point}: {counts[point]}" for point in reversed(POINTS) if counts[point]]
    return "{" + ", ".join(items) + "}"


def _block(name: str, text: str) -> list[str]:
    lines = [f"  {name}: >-"]
    lines += [
        f"    {line}"
        for line in textwrap.wrap(text, 92, break_long_words=False, break_on_hyphens=False)
    ]
    return lines


def drill_text(drill_id: str, rule: Rule, finding: Finding, level: int, command: str) -> str:
    """The YAML of one drill."""
    position = finding.position
    texts = {lang: finding.words(_Words(lang)) for lang in LANGUAGES}
    tags = ("drill", *rule.tags, *finding.tags)
    lines = [
        f"# A {rule.key} drill, made by:",
        f"#   {command}",
        "# The engine found this position and checks every answer; edit the words freely.",
        f"id: {drill_id}",
        f"variant: {position.variant.key}",
        f"title: {{en: {_q(texts['en'][0])}, ru: {_q(texts['ru'][0])}}}",
        f"level: {level}",
        f"tags: [{', '.join(tags)}]",
        "position:",
        f"  mover: {_side(position.mover)}",
        f"  opponent: {_side(position.opponent)}",
    ]
    pins = [f"{{side: mover, point: {p}}}" for p in sorted(position.mover_pinned)]
    pins += [f"{{side: opponent, point: {p}}}" for p in sorted(position.opponent_pinned)]
    if pins:
        lines.append(f"  pinned: [{', '.join(pins)}]")
    lines += [f"dice: [{finding.dice[0]}, {finding.dice[1]}]", f"task: {finding.task}"]
    lines += [f"{name}: {value}" for name, value in finding.fields]
    lines.append("prompt:")
    for lang in LANGUAGES:
        lines += _block(lang, texts[lang][1])
    lines.append("explain:")
    for lang in LANGUAGES:
        lines += _block(lang, texts[lang][2])
    return "\n".join(lines) + "\n"


def _verified(path: Path, text: str) -> bool:
    """Whether the checker reads ``text`` and agrees with every claim in it."""
    report = Report()
    puzzle = load_puzzle(path, report, text=text)
    if puzzle is None:
        return False
    solve(puzzle, report)
    return not report.diagnostics


def drill_name(variant: str, rule: str, seed: int, level: int | None, number: int) -> str:
    """The id of the ``number``-th drill of a run, which is also its file's name.

    >>> drill_name("backgammon", "higher-die", 7, None, 1)
    'drill-backgammon-higher-die-7-1'
    >>> drill_name("fevga", "runner", 7, 2, 3)
    'drill-fevga-runner-7-level2-3'
    """
    asked = "" if level is None else f"-level{level}"
    return f"drill-{variant}-{rule}-{seed}{asked}-{number}"


def _variant(name: str) -> Variant:
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


def make_drills(
    variant_name: str,
    rule_key: str,
    count: int,
    *,
    level: int | None = None,
    seed: int = 0,
    say: Callable[[Message], None] | None = None,
    tries_per_drill: int | None = None,
    seconds_per_drill: float | None = None,
) -> list[Drill]:
    """Search for ``count`` drills of one rule; as many as the search found in its budget.

    The search gives up when ``tries_per_drill`` positions in a row, or ``seconds_per_drill``
    seconds, bring no new drill (by default :data:`TRIES_PER_DRILL` and
    :data:`SECONDS_PER_DRILL`). The same arguments give the same drills. Each drill has been
    read back and solved by the checker with no problem reported; ``say`` hears of each drill
    found, and of a long search.
    """
    variant = _variant(variant_name)
    rule = find_rule(variant, rule_key)
    if count < 1:
        raise DrillError(
            _("--count is how many drills to write: 1 or more, not {count}", count=count)
        )
    if seed < 0:
        raise DrillError(_("--seed is a whole number, 0 or more, not {seed}", seed=seed))
    if level is not None and level not in rule.levels:
        raise DrillError(
            _(
                "{rule} drills come at levels {low} to {high}; --level {level} is outside them",
                rule=rule.key,
                low=rule.levels[0],
                high=rule.levels[-1],
                level=level,
            )
        )
    rng = random.Random(f"tabula drill {variant.key} {rule.key} {seed}")
    command = (
        f"python -m generator drill --variant {variant.key} --rule {rule.key} "
        f"--count {count}{'' if level is None else f' --level {level}'} --seed {seed}"
    )
    most_tries = TRIES_PER_DRILL if tries_per_drill is None else tries_per_drill
    most_seconds = SECONDS_PER_DRILL if seconds_per_drill is None else seconds_per_drill
    drills: list[Drill] = []
    seen: set[str] = set()
    since = 0
    started = last_word = time.monotonic()
    while len(drills) < count:
        if since >= most_tries or time.monotonic() - started > most_seconds:
            break
        since += 1
        if say is not None and time.monotonic() - last_word > 10:
            last_word = time.monotonic()
            say(
                _(
                    "  searching for drill {number}: {tries} positions tried",
                    number=len(drills) + 1,
                    tries=since,
                )
            )
        position, dice = rule.draw(variant, rng)
        key = to_text(position)
        if key in seen or not _plausible(position):
            continue
        finding = rule.find(position, dice, rng)
        if finding is None:
            continue
        drill_level = _level(rule, position)
        if level is not None and drill_level != level:
            continue
        seen.add(key)
        drill_id = drill_name(variant.key, rule.key, seed, level, len(drills) + 1)
        text = drill_text(drill_id, rule, finding, drill_level, command)
        if not _verified(Path(f"{drill_id}.yaml"), text):
            raise AssertionError(f"the checker disagrees with the drill it was given:\n{text}")
        drills.append(Drill(drill_id, text, finding, since))
        if say is not None:
            say(
                _(
                    "{done}/{count} {id}: {position}, {roll} (level {level}, {tries} positions "
                    "tried)",
                    done=len(drills),
                    count=count,
                    id=drill_id,
                    position=key,
                    roll=_roll(dice),
                    level=drill_level,
                    tries=since,
                )
            )
        since = 0
        started = last_word = time.monotonic()
    return drills


def write_drills(
    variant: str,
    rule: str,
    count: int,
    out_dir: Path,
    *,
    level: int | None = None,
    seed: int = 0,
    say: Callable[[Message], None] | None = None,
) -> list[Path]:
    """Find drills and write each as ``OUT_DIR/<id>.yaml``; never replaces a file.

    Returns the paths written, which are fewer than ``count`` when the search ran out of its
    budget (the caller says so). A target that cannot be written (a drill's file already there,
    a folder that is a file or may not be written in) is a :class:`DrillError` before the
    search begins; the files are written all or none."""
    game = _variant(variant)
    key = find_rule(game, rule).key
    out_dir = Path(out_dir)
    targets = [
        out_dir / f"{drill_name(game.key, key, seed, level, number)}.yaml"
        for number in range(1, count + 1)
    ]
    _check_out_dir(out_dir, targets, seed)
    drills = make_drills(variant, rule, count, level=level, seed=seed, say=say)
    files = {out_dir / f"{drill.id}.yaml": drill.text for drill in drills}
    try:
        return write_files(files) if files else []
    except WriteError as error:  # the folder changed during the search
        raise _target_error(error, seed) from None


def _check_out_dir(out_dir: Path, targets: list[Path], seed: int) -> None:
    """Refuse, before a long search, an ``out_dir`` the drills could not be written into."""
    try:
        if out_dir.exists() and not out_dir.is_dir():
            raise WriteError(
                _("{path} is a file, not a folder: choose another OUT_DIR", path=out_dir)
            )
        check_targets(targets)
    except WriteError as error:
        raise _target_error(error, seed) from None
    except OSError as error:
        raise DrillError(
            _("cannot write in {path}: {reason}", path=out_dir, reason=error.strerror or error)
        ) from None


def _target_error(error: WriteError, seed: int) -> DrillError:
    if isinstance(error, FilesInTheWay):
        return DrillError(
            Message.ngettext(
                "{paths} exists: drills with seed {seed} were written there before; choose "
                "another --seed or another folder",
                "{paths} exist: drills with seed {seed} were written there before; choose "
                "another --seed or another folder",
                len(error.paths),
                paths=", ".join(map(str, error.paths)),
                seed=seed,
            )
        )
    return DrillError(error.words)


def run_drill(
    variant: str,
    rule: str,
    count: int,
    out_dir: Path,
    *,
    level: int | None = None,
    seed: int | None = None,
    lang: str = LANGUAGES[0],
) -> int:
    """``drill``: write ``count`` drills of ``rule`` in ``variant`` to ``out_dir``; print
    progress, and errors to stderr, in ``lang``. Exit status 0 when every drill was written, 1
    when the search found fewer (those found are written), 2 (as for any other usage error)
    when the request or the folder is refused; then nothing is searched or written."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 100000)
        print(
            _("seed {seed} (use --seed {seed} to make the same drills again)", seed=seed).render(
                lang
            )
        )

    def say(line: str | Message) -> None:
        print(line.render(lang) if isinstance(line, Message) else line, flush=True)

    started = time.monotonic()
    try:
        paths = write_drills(variant, rule, count, Path(out_dir), level=level, seed=seed, say=say)
    except DrillError as error:
        words = error.words
        print(
            f"error: {words.render(lang) if isinstance(words, Message) else words}", file=sys.stderr
        )
        return 2
    seconds = time.monotonic() - started
    if len(paths) < count:
        found = _(
            "found only {found} of {count} {rule} drills", found=len(paths), count=count, rule=rule
        )
        if level is not None:
            found = _("{found} at level {level}", found=found, level=level)
        written = _("wrote them to {path}", path=out_dir) if paths else _("wrote nothing")
        advice = (
            _("Ask for fewer, or try another --seed or --level.")
            if level is not None
            else _("Ask for fewer, or try another --seed.")
        )
        gave_up = _(
            "{found} in {seconds} s: the search gives up after {tries} positions (or {most} s) "
            "in a row without a new drill; {written}. {advice}",
            found=found,
            seconds=format(seconds, ".0f"),
            tries=TRIES_PER_DRILL,
            most=format(SECONDS_PER_DRILL, ".0f"),
            written=written,
            advice=advice,
        )
        print(f"error: {gave_up.render(lang)}", file=sys.stderr)
        return 1
    wrote = _(
        "wrote {count} drills to {path}; check them with: {command}",
        count=len(paths),
        path=out_dir,
        command="python -m generator check " + str(out_dir),
    )
    print(wrote.render(lang))
    return 0
