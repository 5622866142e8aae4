"""Any position of any variant draws as well-formed SVG holding exactly its checkers."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import VARIANTS
from generator.engine.samples import ROLLS, random_position
from generator.render import board_svg

from .helpers import (
    SVG,
    check_stacks_show_their_counts,
    data_points,
    drawn_counts,
    expected_counts,
    parse,
)

POINTS = {str(point) for point in range(1, 25)}


@settings(deadline=None)
@given(
    key=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 2**32 - 1),
    roll=st.sampled_from(ROLLS),
    lang=st.sampled_from(["en", "ru"]),
    mirrored=st.booleans(),
    both_numbers=st.booleans(),
    with_play=st.booleans(),
)
def test_a_random_position_draws_as_svg_with_every_checker(
    key: str,
    seed: int,
    roll: tuple[int, int],
    lang: str,
    mirrored: bool,
    both_numbers: bool,
    with_play: bool,
) -> None:
    variant = VARIANTS[key]
    position = random_position(variant, random.Random(seed))
    plays = position.legal_plays(roll) if with_play else ()
    steps = plays[0].steps if plays else ()
    svg = board_svg(
        position,
        dice=roll,
        arrows=steps,
        lang=lang,
        mirrored=mirrored,
        both_numbers=both_numbers,
    )
    root = parse(svg)
    assert drawn_counts(root) == expected_counts(position)
    check_stacks_show_their_counts(root)
    assert POINTS | {"off"} <= data_points(root)
    assert root.findtext(f"{SVG}title") and root.findtext(f"{SVG}desc")
    assert len([g for g in root.iter(f"{SVG}g") if "arrow" in g.get("class", "")]) == len(steps)
    assert svg == board_svg(
        position,
        dice=roll,
        arrows=steps,
        lang=lang,
        mirrored=mirrored,
        both_numbers=both_numbers,
    )
