"""The fast searches (``plain.py`` for the hitting games, ``running.py`` for the games where
nobody is hit) leave no cycle behind: what a turn's search built goes when it returns, not at
the garbage collector's next pass, which would cost every caller time (the engine answers
thousands of turns a second for the widgets, ``check`` and the referee)."""

from __future__ import annotations

import gc
import random

import pytest

from generator.engine import Turn, Variant
from generator.engine.samples import ROLLS, random_position
from generator.engine.variants import PRESETS

FAST = [
    variant
    for presets in PRESETS.values()
    for variant in presets.values()
    if variant.plain or not (variant.has_bar or variant.limits_yield_by_step)
]


@pytest.mark.parametrize("variant", FAST, ids=repr)
def test_a_turn_answered_by_a_fast_search_leaves_no_cyclic_garbage(variant: Variant):
    rng = random.Random(f"garbage-{variant!r}")
    turns = [Turn(random_position(variant, rng), roll) for roll in ROLLS]  # each roll once
    found = 0
    # With the collector off, what the turns make stays in the youngest generation: collecting
    # that one alone, before and after, counts the cycles they left, without going through
    # the whole heap of a process that has run other tests (which takes far longer).
    gc.disable()
    try:
        gc.collect(0)
        for turn in turns:
            found += len(turn.legal_plays)
        left = gc.collect(0)
    finally:
        gc.enable()
    assert found, "some turn has a play"
    assert left == 0, f"{left} objects in cycles after {len(turns)} turns"
