"""The destinations of a checker: every place it can land on in some legal play, also when it
may move only after another checker (one on the bar) has moved first."""

from __future__ import annotations

import random

from generator.engine import BAR, OFF, Turn, find_variant, from_text
from generator.engine.samples import random_position
from generator.puzzles.check import destinations


def test_a_checker_that_moves_after_the_entry_has_destinations() -> None:
    position = from_text(
        find_variant("portes"), "bar:1 5:3 4:3 3:2 2:1 / 24:2 23:2 22:3 21:3 20:2 17:2 6:1"
    )
    turn = Turn(position, (6, 1))
    assert destinations(turn, BAR) == (19, 18)  # enters, and may go on with the 1
    assert destinations(turn, 5) == (4,)


def test_every_landing_of_every_legal_play_is_a_destination() -> None:
    rng = random.Random(11)
    for key in ("backgammon", "portes", "plakoto", "long-nardy"):
        variant = find_variant(key)
        for _ in range(25):
            position = random_position(variant, rng)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            turn = Turn(position, dice)
            sources = {step.source for play in turn.plays for step in play.steps}
            for source in sources:
                landings: set[int] = set()
                for play in turn.plays:
                    followed = {source}
                    for step in play.steps:
                        if step.source in followed:
                            landings.add(step.destination)
                            followed.add(step.destination)
                found = destinations(turn, source)
                assert landings <= set(found), (key, position, dice, source)
                assert all(place == OFF or place < source for place in found)
