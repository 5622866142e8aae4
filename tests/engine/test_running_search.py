"""The search of ``running.py`` (the plays of the games where nobody is hit) gives exactly what
the tree of partial plays gives: the same plays, in the same order, by the same steps."""

from __future__ import annotations

import random

import pytest

from generator.engine import Position, Refusal, Turn, Variant
from generator.engine.samples import ROLLS, random_position
from generator.engine.variants import PRESETS

from .helpers import never_plain

NOBODY_HIT = [
    variant
    for presets in PRESETS.values()
    for variant in presets.values()
    if not variant.has_bar and not variant.limits_yield_by_step
]
TURNS = 150
"""Random positions per game and reading, the rolls cycling through all 21."""


def tree_answer(turn: Turn) -> list[tuple[object, ...]]:
    """The plays as the tree's legal stops give them: one per board, the first stop found."""
    first: dict[tuple[object, ...], tuple[object, ...]] = {}
    for stop in turn.stops:
        if stop.used:
            first.setdefault(stop.board(), (*stop.board(), stop.path()))
    return list(first.values())


def search_answer(turn: Turn) -> list[tuple[object, ...]]:
    answer: list[tuple[object, ...]] = []
    for play in turn.legal_plays:
        position = play.position
        pins = (position.mover_pinned, position.opponent_pinned)
        answer.append((position.mover, position.opponent, pins, play.steps))
    return answer


def test_the_games_where_nobody_is_hit_are_the_running_games() -> None:
    assert {variant.key for variant in NOBODY_HIT} == {"long-nardy", "fevga", "plakoto"}


@pytest.mark.parametrize("variant", NOBODY_HIT, ids=repr)
def test_the_search_gives_the_trees_plays(variant: Variant) -> None:
    rng = random.Random(f"running-{variant!r}")
    searched_variant = never_plain(variant)
    played = 0
    for index in range(TURNS):
        drawn = random_position(variant, rng)
        position = Position(
            searched_variant, drawn.mover, drawn.opponent, drawn.mover_pinned, drawn.opponent_pinned
        )
        dice = ROLLS[index % len(ROLLS)]
        searched = Turn(position, dice)
        answer = search_answer(searched)  # asked first: the tree is not built yet
        most = searched.max_dice
        tree = Turn(position, dice)
        expected = tree_answer(tree)
        assert answer == expected, f"{position!r} with {dice}"
        if expected:
            counted = [len(tree.all_dice) if s.over else s.used for s in tree.stops]
            assert most == max(counted), f"{position!r} with {dice}"
        played += bool(expected)
    assert played > TURNS // 2


def test_a_turn_asked_for_refusals_first_gives_the_same_plays() -> None:
    """The tree and the search may both be built for one turn, in either order."""
    variant = PRESETS["long-nardy"]["default"]
    position = variant.start()
    turn = Turn(position, (6, 5))
    turn.refusal([], 24, 6)  # builds the tree
    assert search_answer(turn) == tree_answer(Turn(position, (6, 5)))
    assert [play.notation for play in turn.plays] == ["24/18/13"]


@pytest.mark.parametrize(
    ("key", "mover", "opponent", "dice"),
    [
        # 5/off with the 5 and 5/3 3/off leave one board after one die and after two: both are
        # states, and only the play of both dice counts.
        ("long-nardy", {5: 1, 3: 4, 1: 1}, {18: 1, 17: 2, 11: 1, 8: 3}, (5, 2)),
        # The last checker borne off with the 6 alone, or walked down with the 1 first: one
        # board (every checker off), reached after one die and after two; one play.
        ("fevga", {2: 1}, {13: 15}, (6, 1)),
        ("plakoto", {2: 1}, {19: 15}, (6, 1)),
    ],
)
def test_states_of_one_board_after_different_dice_used(
    key: str, mover: dict[int, int], opponent: dict[int, int], dice: tuple[int, int]
) -> None:
    position = never_plain(PRESETS[key]["default"]).position(mover=mover, opponent=opponent)
    searched = Turn(position, dice)
    answer = search_answer(searched)
    assert answer == tree_answer(Turn(position, dice))
    assert len({(mover, pins) for mover, _, pins, _ in answer}) == len(answer)


def test_only_plakoto_ends_a_game_early() -> None:
    """The search asks ``game_over`` only of variants with ``ends_early``, which a game has
    when it has a ``game_over`` of its own: Plakoto (the mother pin), in every reading."""
    early = {
        variant.key
        for presets in PRESETS.values()
        for variant in presets.values()
        if variant.ends_early
    }
    assert early == {"plakoto"}
    assert all(variant.ends_early for variant in PRESETS["plakoto"].values())


def test_plakoto_pins_stay_the_same_object_when_a_step_changes_none() -> None:
    """The search tells pins apart by identity first; Plakoto hands back the same pins when a
    step neither pins nor frees a checker."""
    plakoto = PRESETS["plakoto"]["default"]
    position = plakoto.position(
        mover={24: 1, 19: 2, 13: 12}, opponent={19: 1, 1: 14}, pinned=[("opponent", 19)]
    )
    turn = Turn(position, (2, 1))
    pins = turn.root.pins
    moved = turn.try_step(turn.root, 13, 2)
    assert not isinstance(moved, Refusal)
    assert moved[1].pins is pins  # 13/11 neither pins nor frees
    freeing = turn.try_step(turn.root, 19, 2)
    assert not isinstance(freeing, Refusal)
    assert freeing[1].pins is pins  # one pinner is left on 19: still pinned
    assert search_answer(turn) == tree_answer(Turn(position, (2, 1)))
