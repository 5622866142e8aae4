"""How a game ends and what it scores, and the doubling cube (RULES.md 1.8, 1.9, 2.1-2.3, 2.5).

Positions are seen by the mover; the winner is whichever side has borne off all 15. Unlisted
checkers are off, so ``{}`` is a side that has borne off everything.
"""

from __future__ import annotations

import pytest

from generator.engine import Cube, CubeError, PositionError, Result, find_variant
from generator.engine.results import Player

from .helpers import make


def other(player: Player) -> Player:
    return "opponent" if player == "mover" else "mover"


CUBELESS = ("tavla-classic", "turkish-tavla", "portes")
NO_TRIPLE = ("tavla-classic", "tavla-modern", "turkish-tavla")


def result(
    variant: str, mover: dict[int | str, int], opponent: dict[int | str, int], cube: Cube | int = 1
) -> Result | None:
    return find_variant(variant).result(make(variant, mover, opponent), cube)


# Who wins how much in backgammon (1.8, 2.1) -----------------------------------------------------

# (what the loser left, winner, mover's checkers, opponent's checkers, multiplier). The
# winner's home board is the mover's 1..6 when the mover wins and the mover's 19..24 when the
# opponent wins (the opponent's own 1..6).
BACKGAMMON_ENDS = [
    ("one checker off", "mover", {}, {19: 14}, 1),
    ("none off", "mover", {}, {19: 15}, 2),
    ("none off, one on the 7-point, outside the winner's home", "mover", {}, {7: 1, 19: 14}, 2),
    ("none off, one in the winner's home", "mover", {}, {6: 1, 19: 14}, 3),
    ("none off, one on the bar", "mover", {}, {"bar": 1, 19: 14}, 3),
    ("one off although one is in the winner's home", "mover", {}, {3: 1, 19: 13}, 1),
    ("one checker off", "opponent", {6: 14}, {}, 1),
    ("none off", "opponent", {6: 15}, {}, 2),
    ("none off, one on the 18-point, outside the winner's home", "opponent", {18: 1, 6: 14}, {}, 2),
    ("none off, one in the winner's home", "opponent", {19: 1, 6: 14}, {}, 3),
    ("none off, one on the bar", "opponent", {"bar": 1, 6: 14}, {}, 3),
]
KINDS = {1: "single", 2: "gammon", 3: "backgammon"}


@pytest.mark.parametrize(
    ("left", "winner", "mover", "opponent", "multiplier"),
    BACKGAMMON_ENDS,
    ids=[f"{winner} wins, loser has {left}" for left, winner, *_ in BACKGAMMON_ENDS],
)
def test_backgammon_scores_single_gammon_and_backgammon(
    left: str,
    winner: str,
    mover: dict[int | str, int],
    opponent: dict[int | str, int],
    multiplier: int,
) -> None:
    """1.8: 1 for a single game, 2 when the loser has none off, 3 when the loser also has a
    checker on the bar or in the winner's home board."""
    found = result("backgammon", mover, opponent)
    assert found is not None
    assert (found.winner, found.multiplier, found.kind) == (winner, multiplier, KINDS[multiplier])
    assert found.points == multiplier


def test_a_game_in_progress_has_no_result() -> None:
    start = find_variant("backgammon").start()
    assert find_variant("backgammon").result(start) is None
    assert result("backgammon", {1: 1}, {24: 1}) is None


# Mars without a triple (1.8, decisions 1 and 11) ----------------------------------------------


MARS_ENDS = [
    ("one checker off", "mover", {}, {19: 14}, 1),
    ("none off", "mover", {}, {19: 15}, 2),
    ("none off, one in the winner's home", "mover", {}, {6: 1, 19: 14}, 2),
    ("none off, one on the bar", "mover", {}, {"bar": 1, 19: 14}, 2),
    ("none off, one in the winner's home", "opponent", {19: 1, 6: 14}, {}, 2),
    ("none off, one on the bar", "opponent", {"bar": 1, 6: 14}, {}, 2),
]


@pytest.mark.parametrize("variant", NO_TRIPLE)
@pytest.mark.parametrize(
    ("left", "winner", "mover", "opponent", "multiplier"),
    MARS_ENDS,
    ids=[f"{winner} wins, loser has {left}" for left, winner, *_ in MARS_ENDS],
)
def test_a_would_be_backgammon_counts_as_a_mars(
    variant: str,
    left: str,
    winner: str,
    mover: dict[int | str, int],
    opponent: dict[int | str, int],
    multiplier: int,
) -> None:
    """1.8: Tavla (all three): 1, or 2 when the loser has none off; no triple. (Portes, as
    TavliPlay plays it, counts every game one win: ``test_portes_counts_every_game_one_win``.)"""
    found = result(variant, mover, opponent)
    assert found is not None
    assert (found.winner, found.multiplier, found.points) == (winner, multiplier, multiplier)
    assert found.kind != "backgammon"


@pytest.mark.parametrize(
    ("left", "winner", "mover", "opponent"),
    [case[:4] for case in BACKGAMMON_ENDS],
    ids=[f"{winner} wins, loser has {left}" for left, winner, *_ in BACKGAMMON_ENDS],
)
def test_portes_counts_every_game_one_win(
    left: str, winner: str, mover: dict[int | str, int], opponent: dict[int | str, int]
) -> None:
    """Decision 11: Portes follows TavliPlay (S003): no gammon or backgammon multiplier, every
    game one win, 1 point."""
    found = result("portes", mover, opponent)
    assert found is not None
    assert (found.winner, found.kind, found.multiplier, found.points) == (winner, "single", 1, 1)
    assert not found.unconfirmed


@pytest.mark.parametrize("variant", ("tavla-classic", "tavla-modern", "turkish-tavla"))
def test_tavla_calls_a_double_win_a_mars(variant: str) -> None:
    """1.8: the double win of the Tavla modes is a mars."""
    found = result(variant, {}, {"bar": 1, 19: 14})
    assert found is not None and found.kind == "mars"


# The cube in a result (1.8, 1.9) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "opponent", "multiplier"),
    [
        ("backgammon", {19: 14}, 1),
        ("backgammon", {19: 15}, 2),
        ("backgammon", {"bar": 1, 19: 14}, 3),
        ("tavla-modern", {19: 14}, 1),
        ("tavla-modern", {"bar": 1, 19: 14}, 2),
    ],
    ids=["backgammon single", "gammon", "backgammon", "tavla-modern single", "mars"],
)
@pytest.mark.parametrize("cube", [Cube(), Cube(2, "mover"), Cube(8, "opponent"), 4, 64], ids=repr)
def test_the_score_is_the_result_times_the_cube(
    variant: str, opponent: dict[int | str, int], multiplier: int, cube: Cube | int
) -> None:
    """1.8: score = result multiplier x cube value."""
    value = cube.value if isinstance(cube, Cube) else cube
    found = result(variant, {}, opponent, cube)
    assert found is not None
    assert (found.multiplier, found.cube, found.points) == (multiplier, value, multiplier * value)


@pytest.mark.parametrize("variant", CUBELESS)
@pytest.mark.parametrize("cube", [2, Cube(2, "mover"), Cube(4, "opponent")], ids=repr)
def test_a_game_without_a_cube_refuses_a_cube_value(variant: str, cube: Cube | int) -> None:
    """1.8, 2.2, 2.3, 2.5: Tavla Classic, Turkish Tavla and Portes have no cube."""
    with pytest.raises(PositionError):
        result(variant, {}, {19: 14}, cube)


@pytest.mark.parametrize("variant", CUBELESS)
def test_a_game_without_a_cube_scores_at_one(variant: str) -> None:
    for cube in (1, Cube()):
        found = result(variant, {}, {19: 14}, cube)
        assert found is not None and found.points == 1


# The doubling cube (1.9) ------------------------------------------------------------------------


def test_the_cube_starts_in_the_centre_at_one() -> None:
    cube = Cube()
    assert (cube.value, cube.owner) == (1, "centre")
    assert cube.may_double("mover") and cube.may_double("opponent")


def test_a_taken_double_doubles_the_cube_and_gives_it_to_the_taker() -> None:
    """1.9: take: the value doubles, the taker owns the cube; only the owner may redouble."""
    taken = Cube().take("mover")
    assert (taken.value, taken.owner) == (2, "opponent")
    assert taken.may_double("opponent") and not taken.may_double("mover")
    redoubled = taken.take("opponent")
    assert (redoubled.value, redoubled.owner) == (4, "mover")


def test_the_cube_doubles_up_to_64() -> None:
    """1.9: face values 2..64, each take passing the cube to the taker."""
    cube = Cube()
    values: list[int] = []
    doubler: Player = "mover"
    while cube.value < 64:
        cube = cube.take(doubler)
        values.append(cube.value)
        assert cube.owner == other(doubler)
        doubler = other(doubler)
    assert values == [2, 4, 8, 16, 32, 64]


@pytest.mark.parametrize(
    ("cube", "doubler", "points"),
    [(Cube(), "mover", 1), (Cube(), "opponent", 1), (Cube(4, "opponent"), "opponent", 4)],
    ids=repr,
)
def test_a_dropped_double_wins_the_value_before_the_offer(
    cube: Cube, doubler: Player, points: int
) -> None:
    """1.9, 1.8: the doubler wins the current (pre-offer) value, with no gammon multiplier."""
    found = cube.drop(doubler)
    assert (found.winner, found.multiplier, found.points) == (doubler, 1, points)


@pytest.mark.parametrize("owner", ["mover", "opponent"])
def test_only_the_owner_may_double(owner: Player) -> None:
    """1.9: a player may double only when the cube is centred or theirs."""
    cube = Cube(2, owner)
    assert cube.may_double(owner) and not cube.may_double(other(owner))
    with pytest.raises(CubeError):
        cube.take(other(owner))
    with pytest.raises(CubeError):
        cube.drop(other(owner))


@pytest.mark.parametrize("owner", ["mover", "opponent"])
def test_a_cube_at_one_has_no_owner(owner: Player) -> None:
    """1.9: the cube starts centred at 1; only a taken double gives it an owner."""
    with pytest.raises(CubeError):
        Cube(1, owner)


@pytest.mark.parametrize("value", [0, 3, 6, -2, 128, 256])
def test_a_cube_shows_a_power_of_two_up_to_64(value: int) -> None:
    """1.9: the faces are 1, 2, 4, ... 64; nothing else, and nothing above 64."""
    for owner in ("centre", "mover"):
        with pytest.raises(CubeError):
            Cube(value, owner)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [2, 4, 64])
def test_a_centred_cube_is_worth_one(value: int) -> None:
    """1.9: the cube leaves the centre with the first taken double, so a centred cube shows 1."""
    with pytest.raises(CubeError, match="in the centre shows 1"):
        Cube(value, "centre")
    assert Cube(value, "mover").value == value


def test_a_cube_at_64_is_not_doubled_again() -> None:
    """1.9: 64 is the largest face: its owner may not double, and a take or drop is refused."""
    cube = Cube(64, "mover")
    assert not cube.may_double("mover") and not cube.may_double("opponent")
    with pytest.raises(CubeError, match="largest face"):
        cube.take("mover")
    with pytest.raises(CubeError, match="largest face"):
        cube.drop("mover")
    assert Cube(32, "mover").take("mover") == Cube(64, "opponent")


@pytest.mark.parametrize("value", [0, 3, 128, True])
def test_a_result_refuses_a_cube_value_no_cube_shows(value: int) -> None:
    with pytest.raises(CubeError):
        result("backgammon", {}, {19: 14}, value)


def test_the_cube_turns_with_the_board() -> None:
    """The cube is seen by the player to move: the owner changes sides when the turn passes."""
    assert Cube(2, "mover").turned() == Cube(2, "opponent")
    assert Cube(4, "opponent").turned() == Cube(4, "mover")
    assert Cube().turned() == Cube()


@pytest.mark.parametrize(
    ("key", "has_cube"),
    [
        ("backgammon", True),
        ("tavla-classic", False),
        ("tavla-modern", True),
        ("turkish-tavla", False),
        ("portes", False),
        ("long-nardy", True),  # optional in the official rules: a page may show one
        ("plakoto", False),
        ("fevga", False),
    ],
)
def test_only_games_with_a_cube_hand_one_out(key, has_cube):
    variant = find_variant(key)
    if has_cube:
        assert variant.cube() == Cube(1, "centre")
    else:
        with pytest.raises(CubeError, match="without a doubling cube"):
            variant.cube()
