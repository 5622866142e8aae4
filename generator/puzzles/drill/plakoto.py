"""Drills on Plakoto's pins."""

from __future__ import annotations

import random

from ...engine import CHECKERS, OFF, Play, Position
from ...engine.samples import random_position
from ...engine.variants import Variant
from .finding import Finding, any_roll, illegal_claim, illegal_finding
from .words import Dice, Texts, Words, roll_text

PIN_CODES = frozenset({"checker_pinned", "held_over_pin", "pinned_cannot_bear_off"})


def pin(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
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
    found = illegal_claim(turn, candidates, PIN_CODES, rng)
    if found is None:
        return None
    play, refusal = found
    claim = play.notation

    def words(w: Words) -> Texts:
        return (
            w._("A pinned checker: {roll}").format(roll=roll_text(dice)),
            w.claim_prompt(dice, claim),
            w._(
                "No. White's checker on the {point}-point is pinned: it cannot move until the "
                "Black checker on top of it leaves; until then no White checker may land on "
                "that point, and White may not bear off."
            ).format(point=refusal["point"])
            + " "
            + w.legal_plays(turn.plays),
        )

    return illegal_finding(position, dice, claim, words)


def plakoto_pinned(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    while True:
        position = random_position(variant, rng)
        if position.mover_pinned and not variant.result(position):
            return position, any_roll(rng)
