"""Drills on the dice that every game shares: the higher die, the order of the dice, and
entering from the bar in the hitting games."""

from __future__ import annotations

import random

from ...engine import BAR, OFF, Position, Refusal
from ...engine.board import POINTS, place_name
from ...engine.samples import random_position
from ...engine.variants import Variant
from ..solve import destinations
from .finding import Finding, any_roll, code, forced_play, sources
from .words import Dice, Texts, Words, roll_text, step_text

# Higher die --------------------------------------------------------------------------------------


def higher_die(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
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
        and code(turn.refusal([], step.source, low)) == "must_use_higher"
    ]
    if not tempting:
        return None
    low_play = str(tempting[0])

    def words(w: Words) -> Texts:
        return (
            w._("One die only: {roll}").format(roll=roll_text(dice)),
            w._("White rolls {roll}. Find the only legal play.").format(roll=roll_text(dice)),
            w._(
                "The {high} and the {low} cannot both be played this turn. Either could be "
                "played on its own: the {high} as {play}, the {low} as {low_play}. When only one "
                "die can be played and either could be, the higher one must be played: {play}."
            ).format(high=high, low=low, play=play.notation, low_play=low_play),
        )

    return forced_play(position, dice, play, words)


# Order of the dice -------------------------------------------------------------------------------


def order_of_dice(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
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
    for source in sources(position):
        refusal = turn.refusal([], source, wrong)
        if refusal is not None and refusal.code in ("blocked_landing", "must_use_both"):
            attempts.append((source, refusal))
    if not attempts:
        return None
    # The checker that moves in the answer is the one a player would try first.
    source, refusal = min(attempts, key=lambda item: (item[0] not in moved, -item[0]))
    attempt = step_text(source, wrong)

    def words(w: Words) -> Texts:
        if refusal.code == "blocked_landing":
            why = w._("The {wrong} cannot go first: {attempt} is not allowed. {reason}").format(
                wrong=wrong, attempt=attempt, reason=w.reason(refusal)
            )
        else:
            why = w._(
                "The {wrong} cannot go first: after {attempt} the {right} could not be played."
            ).format(wrong=wrong, attempt=attempt, right=right)
        return (
            w._("The order of the dice: {roll}").format(roll=roll_text(dice)),
            w._("White rolls {roll}. Which die goes first? Make the play.").format(
                roll=roll_text(dice)
            ),
            why
            + " "
            + w._(
                "Starting with the {right}, both dice are played: {play}. Both dice must be "
                "played whenever some order allows it, so the {right} goes first."
            ).format(right=right, play=play.notation),
        )

    return forced_play(position, dice, play, words)


# Entering from the bar ---------------------------------------------------------------------------


def bar_entry(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    high, low = dice
    on_bar = position.mover[BAR]
    if high == low or not on_bar:
        return None
    turn = position.turn(dice)
    refusals = {die: turn.refusal([], BAR, die) for die in dice}
    blocked = [die for die in dice if code(refusals[die]) == "blocked_landing"]
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

        def words(w: Words) -> Texts:
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
                w._("Enter from the bar: {roll}").format(roll=roll_text(dice)),
                w._(
                    "White has a checker on the bar and rolls {roll}. Where can that checker "
                    "go this turn?"
                ).format(roll=roll_text(dice)),
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
    elsewhere = step_text(free[-1], shut)

    def many_words(w: Words) -> Texts:
        text = w._(
            "Only the {die} can enter, on the {point}-point. The {other} cannot. {reason}"
        ).format(die=enter, point=entry, other=shut, reason=w.reason(refusal))
        text += " " + w._(
            "A checker is still on the bar, so no other checker may move: the {other} is lost, "
            "although {elsewhere} would be open. White plays {play}."
        ).format(other=shut, elsewhere=elsewhere, play=play.notation)
        return (
            w._("Checkers on the bar: {roll}").format(roll=roll_text(dice)),
            w.ngettext(
                "White has {count} checker on the bar and rolls {roll}. Make the play.",
                "White has {count} checkers on the bar and rolls {roll}. Make the play.",
                on_bar,
            ).format(count=on_bar, roll=roll_text(dice)),
            text,
        )

    return forced_play(position, dice, play, many_words)


def with_bar(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    while True:
        position = random_position(variant, rng)
        if position.mover[BAR]:
            return position, any_roll(rng, doubles=False)
