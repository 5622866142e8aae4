"""A position's repr is Python that rebuilds it: paste it back and get an equal position."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from generator.engine import PRESETS, VARIANTS, Position, find_variant

from .strategies import fevga_positions, long_nardy_positions, plakoto_positions, positions

HITTING = [key for key in VARIANTS if key not in ("long-nardy", "fevga", "plakoto")]


def rebuilt(position: Position) -> object:
    return eval(repr(position), {"find_variant": find_variant})  # the engine's own text


def any_position() -> st.SearchStrategy[Position]:
    return st.one_of(
        *(positions(key) for key in HITTING),
        long_nardy_positions(),
        fevga_positions(),
        plakoto_positions(),
    )


@given(any_position())
def test_the_repr_of_a_position_of_any_game_rebuilds_it(position: Position) -> None:
    assert rebuilt(position) == position


@given(plakoto_positions())
def test_plakotos_pins_survive_the_repr(position: Position) -> None:
    again = rebuilt(position)
    assert isinstance(again, Position)
    assert (again.mover_pinned, again.opponent_pinned) == (
        position.mover_pinned,
        position.opponent_pinned,
    )


@given(any_position(), st.data())
def test_the_repr_keeps_the_table_rules(position: Position, data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(sorted(PRESETS[position.variant.key])))
    variant = position.variant.with_rules(rules)
    under_rules = Position(
        variant, position.mover, position.opponent, position.mover_pinned, position.opponent_pinned
    )
    assert rebuilt(under_rules) == under_rules


def test_a_pinned_position_reads_as_python() -> None:
    plakoto = find_variant("plakoto")
    pinned = plakoto.position(
        mover={1: 1, 6: 14}, opponent={1: 1, 19: 14}, pinned=[("opponent", 1)]
    )
    assert repr(pinned) == (
        "find_variant('plakoto').position(mover={'6': 14, '1': 1}, "
        "opponent={'19': 14, '1': 1}, pinned=[('opponent', 1)])"
    )
    assert rebuilt(pinned) == pinned
