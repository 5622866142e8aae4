"""The widget's data says which legal steps hit or pin as the engine's steps say it
(generator/render/widget.py, ``captures``): the widget reads it and never works it out."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.engine import VARIANTS, Turn, find_variant
from generator.engine.samples import DEFAULT_SEED, ROLLS, random_position
from generator.render.widget import play_graph


def turns() -> dict[str, Turn]:
    found = {
        "backgammon hit": find_variant("backgammon")
        .position(mover={24: 2, 13: 5, 8: 3, 6: 5}, opponent={1: 2, 12: 5, 17: 3, 19: 4, 7: 1})
        .turn((6, 1)),
        "plakoto pin": find_variant("plakoto")
        .position(mover={24: 12, 13: 2, 10: 1}, opponent={8: 1, 1: 14})
        .turn((5, 2)),
    }
    rng = random.Random(DEFAULT_SEED)
    variants = sorted(VARIANTS)
    while len(found) < 2 + 3 * len(variants):
        variant = VARIANTS[variants[len(found) % len(variants)]]
        turn = random_position(variant, rng).turn(ROLLS[rng.randrange(len(ROLLS))])
        if turn.plays:
            found[f"random {variant.key} #{len(found)}"] = turn
    return found


TURNS = turns()


def captured(node: list[Any], dice: list[int], source: int, die: int) -> tuple[int, bool]:
    """The outcome of trying ``source`` with ``die`` in a state, and whether it captures."""
    flat, captures = node[1], node[4] if len(node) > 4 else []
    distinct = sorted(set(dice), reverse=True)
    for i in range(0, len(flat), 1 + len(distinct)):
        if flat[i] == source:
            offset = i + 1 + distinct.index(die)
            return flat[offset], offset in captures
    raise AssertionError(f"no try of {source} with {die}")


@pytest.mark.parametrize("name", sorted(TURNS))
def test_each_step_of_each_play_captures_as_the_engines_step_says(name: str) -> None:
    turn = TURNS[name]
    graph = play_graph(turn, "en")
    for play in turn.plays:
        index, dice = 0, list(turn.all_dice)
        for step in play.steps:
            outcome, captures = captured(graph["s"][index], dice, step.source, step.die)
            assert outcome >= 0, (play.notation, step)
            assert captures == (step.hit or step.pin), (play.notation, str(step))
            index = outcome
            dice.remove(step.die)
    if name in ("backgammon hit", "plakoto pin"):
        assert any(len(node) > 4 for node in graph["s"]), "a step captures"
