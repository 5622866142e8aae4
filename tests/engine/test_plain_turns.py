"""A variant with rules of its own answers a turn they cannot touch with the fast search of
``plain.py`` (``Variant.plain_turn``): Turkish Tavla with neither home-board limit able to
refuse a step, Fevga with the starting quarter beyond holding, Long Nardy with no six-point
block within reach (their limits on leaving the start a count, ``Variant.start_leaving_limit``,
which Fevga's runner lifts once it passes), Plakoto with nothing pinned and no lone checker
within reach. Those turns must be answered as the variant's own rules
answer them: the same plays, notation and order included, reaching the same positions and
counting as many dice."""

from __future__ import annotations

import random

import pytest

from generator.engine import Position, Variant
from generator.engine.dice import dice_to_play
from generator.engine.samples import ROLLS, random_position
from generator.engine.variants import PRESETS

from .helpers import never_plain

WITH_PLAIN_TURNS = [
    variant
    for key in ("turkish-tavla", "fevga", "long-nardy", "plakoto")
    for variant in PRESETS[key].values()
]
SAMPLE, TURNS = 400, 4000
"""Random positions per game and reading (``make test``, ``make test-deep``), the rolls
cycling through all 21."""


@pytest.mark.parametrize(
    "turns", [SAMPLE, pytest.param(TURNS, marks=pytest.mark.deep)], ids=["sample", "all"]
)
@pytest.mark.parametrize("variant", WITH_PLAIN_TURNS, ids=repr)
def test_turns_the_rules_cannot_touch_are_answered_as_by_the_rules(
    variant: Variant, turns: int
) -> None:
    ruled = never_plain(variant)
    rng = random.Random(f"plain-{variant!r}")
    plain_turns = ruled_turns = 0
    for index in range(turns):
        position = random_position(variant, rng)
        dice = ROLLS[index % len(ROLLS)]
        plain = variant.plain_turn(position, dice_to_play(dice))
        plain_turns += plain
        ruled_turns += not plain
        fast = position.turn(dice)
        mover, opponent = position.mover, position.opponent
        pinned = (position.mover_pinned, position.opponent_pinned)
        slow = Position(ruled, mover, opponent, *pinned).turn(dice)
        where = f"{position!r} with {dice}"
        assert [p.notation for p in fast.plays] == [p.notation for p in slow.plays], where
        assert [(p.position.mover, p.position.opponent) for p in fast.plays] == [
            (p.position.mover, p.position.opponent) for p in slow.plays
        ], where
        assert fast.max_dice == slow.max_dice, where
    if getattr(variant, "let_out", None) == "always":
        assert plain_turns == 0, "Fevga's wider duty to let out is asked of every play"
    else:  # both kinds of turn are drawn (in Long Nardy a block within reach is rare)
        assert plain_turns > turns // 10 and ruled_turns > 0, (plain_turns, ruled_turns)
