"""Drills on Fevga's rules of its own: the runner, and the starting quarter."""

from __future__ import annotations

import random

from ...engine import CHECKERS, Position, Refusal, Turn
from ...engine.board import POINTS
from ...engine.fevga import STARTING_QUARTER, runner_passed
from ...engine.nardy import HEAD
from ...engine.samples import random_position
from ...engine.variants import Variant
from .finding import Finding, any_roll, legal_claim_finding
from .words import Dice, Texts, Words, roll_text


def runner(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    # The rule allows only this: the runner out, every other checker on the start.
    if runner_passed(position.mover) or position.mover[HEAD] != CHECKERS - 1:
        return None

    def words(w: Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("The runner goes first: {roll}").format(roll=roll_text(dice)),
            w.claim_prompt(dice, claim),
            w._(
                "No. White's runner on the {point}-point has not yet passed Black's starting "
                "point, the 12-point, so no other checker may leave White's start. The runner "
                "has passed once it stands on the 11-point or lower."
            ).format(point=refusal["point"])
            + " "
            + w.legal_plays(turn.plays),
        )

    return legal_claim_finding(position, dice, rng, frozenset({"runner_not_passed"}), words)


def fevga_runner(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """White's runner on its way, not yet past Black's start, more checkers on the start."""
    if rng.random() < 0.2:
        while True:
            position = random_position(variant, rng)
            if position.mover[HEAD] == CHECKERS - 1 and not runner_passed(position.mover):
                return position, any_roll(rng)
    # Black has left its start with a few checkers, which stand between its start and White's.
    opponent: dict[int | str, int] = {12: rng.randint(8, 14)}
    spots = rng.sample(range(1, 12), rng.randint(1, 4))
    for _count in range(CHECKERS - opponent[12]):
        point = rng.choice(spots)
        opponent[point] = opponent.get(point, 0) + 1
    mover: dict[int | str, int] = {HEAD: CHECKERS - 1, rng.randint(13, 23): 1}
    return variant.position(mover=mover, opponent=opponent), any_roll(rng)


def starting_quarter(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if all(position.mover[point] for point in STARTING_QUARTER):
        return None  # no turn can have ended so

    def words(w: Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("The starting quarter: {roll}").format(roll=roll_text(dice)),
            w.claim_prompt(dice, claim),
            w._(
                "No. After {claim} White would hold all six points from the 19-point to the "
                "24-point, the starting quarter, and in Fevga no turn may end so."
            ).format(claim=claim)
            + " "
            + w.legal_plays(turn.plays),
        )

    return legal_claim_finding(position, dice, rng, frozenset({"starting_quarter"}), words)


def fevga_quarter(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
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
        return variant.position(mover=mover, opponent=opponent), any_roll(rng)
