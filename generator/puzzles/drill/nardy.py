"""Drills on Long Nardy's two rules of its own: the head, and the six-point block."""

from __future__ import annotations

import random

from ...engine import CHECKERS, Play, Position, Refusal, Turn, why_unreachable
from ...engine.nardy import HEAD, HEAD_DOUBLES
from ...engine.samples import random_position
from ...engine.variants import Variant
from .finding import Finding, any_roll, legal_claim_finding, random_game
from .words import Dice, Texts, Words, roll_text

HEAD_CODES = frozenset({"head_once", "head_once_first_turn", "head_once_not_first_turn"})


def head(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if position.mover[HEAD] == CHECKERS and dice[0] == dice[1] and dice[0] in HEAD_DOUBLES:
        return head_first_turn(position, dice)

    def two_off_the_head(play: Play) -> bool:
        return sum(step.source == HEAD for step in play.steps) >= 2

    def words(w: Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("One checker off the head: {roll}").format(roll=roll_text(dice)),
            w.claim_prompt(dice, claim),
            w._(
                "No. {claim} takes two checkers off the head, the 24-point, but only one may "
                "leave it each turn; a second may follow only on a first turn with 6-6, 4-4 or "
                "3-3."
            ).format(claim=claim)
            + " "
            + w.legal_plays(turn.plays, lambda play: any(s.source == HEAD for s in play.steps)),
        )

    return legal_claim_finding(position, dice, rng, HEAD_CODES, words, two_off_the_head)


def dice_one_off_the_head(turn: Turn) -> int:
    """How many dice of ``turn`` a single checker off the head could play: the longest partial
    play the rules allow with at most one step from the head, which is what a player who does
    not know the first turn's exception for 6-6, 4-4 and 3-3 would play."""
    most = 0
    pending = [(turn.root, 0, 0)]
    seen: set[tuple[int, int]] = set()
    while pending:
        state, played, off_head = pending.pop()
        most = max(most, played)
        for step, child in state.children.items():
            left = off_head + (step.source == HEAD)
            if left <= 1 and (id(child), left) not in seen:
                seen.add((id(child), left))
                pending.append((child, played + 1, left))
    return most


def head_first_turn(position: Position, dice: Dice) -> Finding | None:
    turn = position.turn(dice)
    most = turn.max_dice
    alone = dice_one_off_the_head(turn)
    if most == alone or not turn.plays:
        return None
    play = turn.plays[0]

    def words(w: Words) -> Texts:
        return (
            w._("First turn: {roll}").format(roll=roll_text(dice)),
            w._(
                "It is White's first turn: all fifteen checkers are on the head. White rolls "
                "{roll}. How many of the four dice can White play?"
            ).format(roll=roll_text(dice)),
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


def nardy_head(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
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
            return position, any_roll(rng)


def six_block(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    def words(w: Words, claim: str, refusal: Refusal, turn: Turn) -> Texts:
        return (
            w._("Six in a row: {roll}").format(roll=roll_text(dice)),
            w.claim_prompt(dice, claim),
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

    return legal_claim_finding(position, dice, rng, frozenset({"six_block"}), words)


def nardy_block(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """Half the time a random game; else five points in a row between White's 23 and 13, with
    checkers behind them that could make a sixth, and every Black checker still behind."""
    if rng.random() < 0.5:
        return random_game(variant, rng)
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
        return variant.position(mover=mover, opponent=opponent), any_roll(rng)
