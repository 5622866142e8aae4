"""Drills on Turkish Tavla's two home-board limits: no hit-and-run, and no wasted pips."""

from __future__ import annotations

import random

from ...engine import CHECKERS, EngineError, Play, Position, Refusal, Turn
from ...engine.board import HOME
from ...engine.variants import NO_HIT_AND_RUN, WASTED_PIPS, Variant
from .finding import (
    Finding,
    all_home,
    any_roll,
    forced_play,
    illegal_claim,
    legal_claim_finding,
    without_rule,
)
from .words import Dice, Texts, Words, roll_text


def freeze(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    def hits_at_home(play: Play) -> bool:
        return any(step.hit and step.destination in HOME for step in play.steps)

    def words(w: Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("Hit at home and stay: {roll}").format(roll=roll_text(dice)),
            w._("White rolls {roll}. Under Turkish rules, may White play {claim}?").format(
                roll=roll_text(dice), claim=claim
            ),
            w._(
                "No. The hit on the {point}-point freezes that point until the turn ends: in "
                "Turkish Tavla nothing may leave it, though in Western backgammon {claim} would "
                "be legal."
            ).format(point=refusal["point"], claim=claim)
            + " "
            + w.legal_plays(turn.plays, hits_at_home),
        )

    return legal_claim_finding(
        position,
        dice,
        rng,
        frozenset({NO_HIT_AND_RUN}),
        words,
        hits_at_home,
    )


def blot_at_home(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
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
            return variant.position(mover=mover, opponent=opponent), any_roll(rng)
        except EngineError:
            continue


def wasted_pips(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if dice[0] == dice[1] or not all_home(position):
        return None
    turn = position.turn(dice)
    if len(turn.plays) != 1:
        return None
    play = turn.plays[0]
    lenient = without_rule(position, {WASTED_PIPS}).turn(dice).plays
    wasted = illegal_claim(turn, lenient, frozenset({WASTED_PIPS}), rng)
    if wasted is None:
        return None
    other, refusal = wasted

    def words(w: Words) -> Texts:
        return (
            w._("No wasted pips: {roll}").format(roll=roll_text(dice)),
            w._("White is bearing off and rolls {roll}. Play it by Turkish rules.").format(
                roll=roll_text(dice)
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

    return forced_play(position, dice, play, words)
