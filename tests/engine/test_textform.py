"""The compact text form of positions: every variant, pins included, round trips."""

import pytest
from hypothesis import given, settings

from generator.engine import VARIANTS, PositionError, find_variant
from generator.engine.textform import from_text, to_text

from .strategies import positions


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_starting_position_reads_back_as_itself(key):
    start = find_variant(key).start()
    assert from_text(start.variant, to_text(start)) == start


def test_the_forms_are_as_documented():
    nardy = find_variant("long-nardy")
    assert to_text(nardy.start()) == "24:15 / 12:15"
    bar = find_variant("backgammon").position(mover={"bar": 2, 6: 3}, opponent={})
    assert to_text(bar) == "bar:2 6:3 / -"
    assert from_text(bar.variant, "BAR:2 6:3 / -") == bar


def test_a_pin_is_a_caret_on_the_pinned_side():
    plakoto = find_variant("plakoto")
    position = plakoto.position(
        mover={24: 13, 8: 2}, opponent={8: 1, 1: 14}, pinned=[("opponent", 8)]
    )
    assert to_text(position) == "24:13 8:2 / 8:1^ 1:14"
    assert from_text(plakoto, to_text(position)) == position


@settings(deadline=None)
@given(positions("backgammon"))
def test_random_positions_survive_the_round_trip(position):
    assert from_text(position.variant, to_text(position)) == position


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("24:15", "then '/'"),
        ("24:15 / 12:15 / 1:1", "then '/'"),
        ("24x15 / 12:15", "not 'point:count'"),
        ("24:15 24:1 / -", "written twice"),
        ("25:1 / -", "not a point"),
        ("24:16 / -", "16 checkers"),
        ("bar:1^ / -", "cannot be pinned"),
        ("6:1 / 6:1", "both sides"),
    ],
)
def test_malformed_text_says_what_is_wrong(text, message):
    with pytest.raises(PositionError, match=message):
        from_text(find_variant("backgammon"), text)
