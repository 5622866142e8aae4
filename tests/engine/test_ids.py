"""GNU Backgammon Position IDs and XGIDs: golden strings, refusals, round trips, and GNU Backgammon
itself (through the test-only ``gnubg_nn`` package) as the judge of the Position ID."""

from __future__ import annotations

import base64
import doctest
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import BAR, IdError, Position, find_variant
from generator.engine import ids as ids_module
from generator.engine.ids import (
    XgidInfo,
    from_position_id,
    from_position_key,
    from_xgid,
    to_position_id,
    to_position_key,
    to_xgid,
)
from generator.engine.variants import Backgammon

BG = find_variant("backgammon")
START = BG.start()
START_ID = "4HPwATDgc/ABMA"
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
# FORMATS.md's derived example: the gnubg manual's Match ID situation on the starting position.
MATCH_XGID = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:4:2:0:9:10"

# Worked by hand below: the mover has 14 checkers on the 6-point and one on the bar, the
# opponent 13 on their own 6-point (the mover's 19) and two on the bar.
BAR_POSITION = BG.position(mover={"bar": 1, 6: 14}, opponent={"bar": 2, 19: 13})
BAR_ID = "4P8DAGDg/wcAQA"
BAR_XGID = "XGID=b-----N------------m-----A:0:0:1:00:0:0:0:0:10"
# The same board drawn from the other side: reversed, colours swapped, top player on roll.
BAR_XGID_TOP = "XGID=a-----M------------n-----B:0:0:-1:00:0:0:0:0:10"

ID_VARIANTS = ("backgammon", "tavla-classic", "tavla-modern", "turkish-tavla", "portes")


def _pack(bits: str) -> str:
    """A Position ID from a bit string, straight from the manual: the first bit is the least
    significant bit of byte 0; base64 without the padding."""
    key = bytes(
        sum(int(bit) << i for i, bit in enumerate(bits[start : start + 8]))
        for start in range(0, 80, 8)
    )
    return base64.b64encode(key).decode()[:14]


def _side_bits(own_counts: dict[int, int]) -> str:
    """One side's bits: points 1..24 of its own numbering, then its bar (25)."""
    return "".join("1" * own_counts.get(place, 0) + "0" for place in range(1, 26))


# GNU Backgammon Position ID: golden strings ------------------------------------------------


def test_the_starting_position_is_4HPwATDgc_ABMA() -> None:
    assert to_position_id(START) == START_ID
    assert from_position_id(START_ID) == START


def test_the_key_of_the_starting_position_has_the_manuals_bytes() -> None:
    assert to_position_key(START) == bytes.fromhex("E0 73 F0 01 30 E0 73 F0 01 30")
    assert from_position_key(bytes.fromhex("E0 73 F0 01 30 E0 73 F0 01 30")) == START


def test_the_manuals_bit_string_packs_into_the_starting_id() -> None:
    # FORMATS.md: 00000 111110 0 1110 0000 111110 00000 00000 110 0, the same for the other side.
    half = "0000011111001110000011111000000000001100"
    assert half == _side_bits({6: 5, 8: 3, 13: 5, 24: 2})
    assert _pack(half + half) == START_ID


def test_a_checker_on_the_bar_for_each_side() -> None:
    # Opponent (not on roll) first, in their own numbering: 00000, 13 ones and a 0 on the
    # 6-point, 18 empty points, two on the bar: 110. Then the mover: 00000, 14 ones and a 0,
    # 18 empty points, one on the bar: 10. Little-endian bytes: E0 FF 03 00 60 | E0 FF 07 00 40.
    assert to_position_key(BAR_POSITION) == bytes.fromhex("E0 FF 03 00 60 E0 FF 07 00 40")
    assert to_position_id(BAR_POSITION) == BAR_ID
    assert from_position_id(BAR_ID) == BAR_POSITION


def test_the_player_on_roll_is_the_second_half_of_the_id() -> None:
    # GNU Backgammon packs the side not on roll first (the manual's prose says otherwise):
    # a single checker on the mover's 1-point is one bit in the second half.
    position = BG.position(mover={1: 1}, opponent={19: 15})
    opponent_bits = _side_bits({6: 15})
    mover_bits = _side_bits({1: 1})
    assert to_position_id(position) == _pack(opponent_bits + mover_bits)


def test_a_published_asymmetric_id_reads_with_the_roller_entering_from_the_bar() -> None:
    # softwerks/backgammon's README draws 4OvgATDgc+QBUA with Match ID cInpAAAAAAAA (player 1
    # on roll with 3-2); the player on roll has a checker on the bar and enters with bar/22.
    position = from_position_id("4OvgATDgc+QBUA:cInpAAAAAAAA")
    expected = BG.position(
        mover={"bar": 1, 24: 1, 13: 4, 11: 1, 8: 3, 6: 5},
        opponent={1: 2, 12: 4, 17: 3, 18: 1, 19: 5},
    )
    assert position == expected
    assert to_position_id(expected) == "4OvgATDgc+QBUA"


def test_a_match_id_and_surrounding_spaces_are_ignored() -> None:
    assert from_position_id("  4HPwATDgc/ABMA:cAkAAAAAAAAA\n") == START
    assert from_position_id("4HPwATDgc/ABMA:not even a match id") == START
    assert from_position_id("4HPwATDgc/ABMA:") == START


@pytest.mark.parametrize("key", ID_VARIANTS)
def test_every_hitting_game_reads_the_same_id(key: str) -> None:
    variant = find_variant(key)
    assert from_position_id(START_ID, variant) == variant.start()
    assert from_position_id(START_ID, key) == variant.start()
    assert to_position_id(variant.start()) == START_ID


# GNU Backgammon Position ID: refusals --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("4HPwATDgc/ABM", "has 13 characters"),
        ("4HPwATDgc/ABMA==", "has 16 characters"),
        ("", "has 0 characters"),
        ("4HPwATDgc.ABMA", "'.' at character 10"),
        ("4HPwATDgc ABMA", "' ' at character 10"),
        ("4HPwATDgc/ABMB", "ends in 'B'"),
        ("/////////////A", "gives the player not on roll more than 15 checkers"),
        ("AAAAAAAAAAAAAA", "both sides have borne off every checker"),
        (START_XGID, "is an XGID"),
    ],
)
def test_a_malformed_position_id_is_refused(text: str, says: str) -> None:
    with pytest.raises(IdError, match=r"Position ID|XGID") as error:
        from_position_id(text)
    assert says in str(error.value)
    assert repr(text) in str(error.value)


def test_an_id_with_more_than_15_checkers_on_roll_is_refused() -> None:
    text = _pack(_side_bits({6: 5}) + _side_bits({6: 16}))
    with pytest.raises(IdError, match="gives the player on roll more than 15 checkers"):
        from_position_id(text)


def test_an_id_with_both_sides_on_one_point_is_refused() -> None:
    # The opponent's own 24-point is the mover's 1-point.
    text = _pack(_side_bits({24: 2}) + _side_bits({1: 2}))
    with pytest.raises(IdError, match="both players on the same point") as error:
        from_position_id(text)
    assert "their 1-point" in str(error.value) and "their 24-point" in str(error.value)


def test_an_id_with_bits_after_the_last_place_is_refused() -> None:
    half = _side_bits({6: 5})  # 30 bits: 5 ones and 25 zeros
    bits = half + half + "0" * 19 + "1"  # bit 79 set: padding that is not zero
    with pytest.raises(IdError, match="bits set after the last place"):
        from_position_id(_pack(bits))


def test_a_key_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(IdError, match="has 9 bytes; a position key has 10"):
        from_position_key(bytes(9))


def test_a_position_id_must_be_text() -> None:
    with pytest.raises(IdError, match="is text"):
        from_position_id(12345)  # type: ignore[arg-type]


# XGID: golden strings ------------------------------------------------------------------------


def test_the_starting_position_xgid() -> None:
    assert to_xgid(START) == START_XGID
    info = from_xgid(START_XGID)
    assert info == XgidInfo(START)
    assert (info.dice, info.cube_value, info.cube_owner, info.match_length) == (
        None,
        1,
        "centre",
        0,
    )
    assert info.max_cube == 10 and info.mover_is_bottom


def test_the_xgid_prefix_is_optional() -> None:
    assert from_xgid(START_XGID.removeprefix("XGID=")) == from_xgid(START_XGID)
    assert from_xgid("  xgid=" + START_XGID.removeprefix("XGID=") + " ") == from_xgid(START_XGID)


def test_the_manuals_match_situation_as_an_xgid() -> None:
    # Score 2-4 in a 9-point match, player 0 (top) owns a 2-cube, player 1 (bottom) rolled 5-2.
    info = from_xgid(MATCH_XGID)
    assert info.position == START
    assert info.mover_is_bottom
    assert info.dice == (5, 2)
    assert (info.cube_value, info.cube_owner) == (2, "opponent")
    assert (info.score_mover, info.score_opponent, info.match_length) == (4, 2, 9)
    assert (info.crawford_jacoby, info.max_cube) == (0, 10)
    assert info.to_xgid() == MATCH_XGID
    assert (
        to_xgid(
            START,
            dice=(5, 2),
            cube_value=2,
            cube_owner="opponent",
            score_mover=4,
            score_opponent=2,
            match_length=9,
        )
        == MATCH_XGID
    )


def test_a_checker_on_the_bar_for_each_side_as_an_xgid() -> None:
    # [0] = b: two top checkers on the top bar; [6] = N: 14 bottom on 6; [19] = m: 13 top on
    # the bottom's 19 (their own 6); [25] = A: one bottom checker on the bottom bar.
    assert to_xgid(BAR_POSITION) == BAR_XGID
    assert from_xgid(BAR_XGID).position == BAR_POSITION


def test_the_top_player_on_roll_reads_the_board_from_the_other_side() -> None:
    # Drawn the other way up with the top player on roll, it is the same position.
    info = from_xgid(BAR_XGID_TOP)
    assert not info.mover_is_bottom
    assert info.position == BAR_POSITION
    assert to_xgid(BAR_POSITION, mover_is_bottom=False) == BAR_XGID_TOP
    # The original drawing with the top player on roll: the top player (bar 2, 13 on their own
    # 6-point) is the mover.
    turned = from_xgid(BAR_XGID.replace(":1:00:", ":-1:00:")).position
    assert turned == BG.position(mover={"bar": 2, 6: 13}, opponent={"bar": 1, 19: 14})


def test_cube_and_score_are_read_for_the_player_on_roll() -> None:
    # Top on roll: the cube owned by the bottom player (1) is the opponent's; the bottom
    # score 3 is the opponent's, the top score 5 the mover's.
    info = from_xgid("XGID=-b----E-C---eE---c-e----B-:2:1:-1:31:3:5:1:7:10")
    assert not info.mover_is_bottom
    assert (info.cube_value, info.cube_owner, info.dice) == (4, "opponent", (3, 1))
    assert (info.score_mover, info.score_opponent, info.match_length) == (5, 3, 7)
    assert info.crawford_jacoby == 1
    assert from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:0:0:0:0:10").cube_owner == "mover"


@pytest.mark.parametrize("dice", ["D", "B", "R", "d"])
def test_a_pending_double_beaver_or_raccoon_has_no_dice(dice: str) -> None:
    info = from_xgid(f"XGID=-b----E-C---eE---c-e----B-:1:-1:1:{dice}:0:0:0:0:10")
    assert info.dice is None


def test_a_portes_xgid_without_a_cube() -> None:
    portes = find_variant("portes")
    assert from_xgid(START_XGID, "portes").position == portes.start()
    with pytest.raises(IdError, match="Portes is played without a doubling cube"):
        from_xgid(MATCH_XGID, portes)


# XGID: refusals ------------------------------------------------------------------------------

_START26 = "-b----E-C---eE---c-e----B-"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (f"XGID={_START26}:0:0:1:00:0:0:0:0", "has 9 fields"),
        (f"XGID={_START26}:0:0:1:00:0:0:0:0:10:0", "has 11 fields"),
        (START_ID, "has 1 field separated"),
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "of 25 characters"),
        ("XGID=-b----E-C---eE---c-e----B--:0:0:1:00:0:0:0:0:10", "of 27 characters"),
        ("XGID=-b----E-C---eE---c-e*---B-:0:0:1:00:0:0:0:0:10", "'*' at position character 20"),
        ("XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10", "means 16 checkers"),
        ("XGID=-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "16 of the bottom player's"),
        ("XGID=-b----E-C---eE---d-e----B-:0:0:1:00:0:0:0:0:10", "16 of the top player's"),
        ("XGID=Ab----E-C---eE---c-e----A-:0:0:1:00:0:0:0:0:10", "the top player's bar"),
        ("XGID=-b----E-C---eE---c-e----Aa:0:0:1:00:0:0:0:0:10", "the bottom player's bar"),
        (f"XGID={_START26}:0:0:1:07:0:0:0:0:10", "'07' as its dice"),
        (f"XGID={_START26}:0:0:1:70:0:0:0:0:10", "'70' as its dice"),
        (f"XGID={_START26}:0:0:1:05:0:0:0:0:10", "'05' as its dice"),
        (f"XGID={_START26}:0:0:1:5:0:0:0:0:10", "'5' as its dice"),
        (f"XGID={_START26}:0:0:1:521:0:0:0:0:10", "'521' as its dice"),
        (f"XGID={_START26}:0:0:1:X:0:0:0:0:10", "'X' as its dice"),
        (f"XGID={_START26}:x:0:1:00:0:0:0:0:10", "'x' as its cube field"),
        (f"XGID={_START26}:0:0:1.0:00:0:0:0:0:10", "'1.0' as its turn field"),
        (f"XGID={_START26}:0:0:1:00::0:0:0:10", "'' as its bottom score field"),
        (f"XGID={_START26}:0:0:1:00:0:0:0:nine:10", "'nine' as its match length field"),
        (f"XGID={_START26}:0:0:1:00:0:0:0:0:1_0", "'1_0' as its max cube field"),
        (f"XGID={_START26}:16:0:1:00:0:0:0:0:10", "has cube 16"),
        (f"XGID={_START26}:-1:0:1:00:0:0:0:0:10", "has cube -1"),
        (f"XGID={_START26}:1:2:1:00:0:0:0:0:10", "has cube owner 2"),
        (f"XGID={_START26}:0:0:0:00:0:0:0:0:10", "has turn 0"),
        (f"XGID={_START26}:0:1:1:00:0:0:0:0:10", "the cube is at 1 but belongs to the mover"),
        (f"XGID={_START26}:0:0:1:00:9:0:0:9:10", "score_mover is 9 in a 9-point match"),
        (f"XGID={_START26}:0:0:-1:00:9:0:0:9:10", "score_opponent is 9 in a 9-point match"),
        (f"XGID={_START26}:0:0:1:00:-1:0:0:0:10", "score_mover is a whole number, 0 or more"),
        (f"XGID={_START26}:0:0:1:00:0:0:4:0:10", "crawford_jacoby is 0..3"),
        (f"XGID={_START26}:0:0:1:00:0:0:0:0:-1", "max_cube is a whole number"),
        ("XGID=--------------------------:0:0:1:00:0:0:0:0:10", "both sides have borne off"),
    ],
)
def test_a_malformed_xgid_is_refused(text: str, says: str) -> None:
    with pytest.raises(IdError) as error:
        from_xgid(text)
    assert says in str(error.value)
    assert repr(text) in str(error.value)


def test_an_xgid_must_be_text() -> None:
    with pytest.raises(IdError, match="is text"):
        from_xgid(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"dice": (0, 3)}, "the dice are two numbers 1..6"),
        ({"dice": (3, 7)}, "the dice are two numbers 1..6"),
        ({"dice": (3,)}, "the dice are two numbers 1..6"),
        ({"cube_value": 3}, "a power of two"),
        ({"cube_value": 0}, "a power of two"),
        ({"cube_value": 2**16}, "a power of two"),
        ({"cube_value": 2, "cube_owner": "bottom"}, "'centre', 'mover' or 'opponent'"),
        ({"cube_owner": "mover"}, "the cube is at 1 but belongs to the mover"),
        ({"score_mover": -1}, "score_mover is a whole number"),
        ({"score_opponent": 5, "match_length": 5}, "score_opponent is 5 in a 5-point match"),
        ({"match_length": 2.5}, "match_length is a whole number"),
        ({"crawford_jacoby": 7}, "crawford_jacoby is 0..3"),
        ({"max_cube": True}, "max_cube is a whole number"),
    ],
)
def test_to_xgid_refuses_what_no_xgid_can_say(options: dict[str, Any], says: str) -> None:
    with pytest.raises(IdError) as error:
        to_xgid(START, **options)
    assert says in str(error.value)


# Variants the formats cannot describe ----------------------------------------------------------


class _SameWay(Backgammon):
    key = "same-way-test"
    name = "Same Way"
    same_direction = True


class _NoBar(Backgammon):
    key = "no-bar-test"
    name = "No Bar"
    has_bar = False


@pytest.mark.parametrize(
    ("variant", "why"),
    [(_SameWay(), "both players move the same way"), (_NoBar(), "it has no bar")],
)
def test_games_without_hitting_towards_each_other_have_no_ids(
    variant: Backgammon, why: str
) -> None:
    position = variant.position(mover={6: 15}, opponent={19: 15})
    for call in (
        lambda: from_position_id(START_ID, variant),
        lambda: from_position_key(bytes(10), variant),
        lambda: from_xgid(START_XGID, variant),
        lambda: to_position_id(position),
        lambda: to_xgid(position),
    ):
        with pytest.raises(IdError, match=why) as error:
            call()
        assert f"{variant.name} positions cannot be written" in str(error.value)
        assert "backgammon, tavla-classic" in str(error.value)


# Round trips -----------------------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A valid position of a hitting game: up to 15 checkers a side on points, bar or off;
    a point held by one side only."""
    variant = find_variant(draw(st.sampled_from(ID_VARIANTS)))
    mover_count = draw(st.integers(0, 15))
    opponent_count = draw(st.integers(0 if mover_count else 1, 15))
    places = st.integers(1, BAR)
    mover_places = draw(st.lists(places, min_size=mover_count, max_size=mover_count))
    free = [p for p in range(1, BAR + 1) if p == BAR or p not in mover_places]
    opponent_places = draw(
        st.lists(st.sampled_from(free), min_size=opponent_count, max_size=opponent_count)
    )

    def counts(chosen: list[int]) -> dict[int | str, int]:
        result: dict[int | str, int] = {}
        for place in chosen:
            name: int | str = "bar" if place == BAR else place
            result[name] = result.get(name, 0) + 1
        return result

    return variant.position(mover=counts(mover_places), opponent=counts(opponent_places))


@given(positions())
def test_a_position_survives_its_position_id(position: Position) -> None:
    text = to_position_id(position)
    assert len(text) == 14 and text[-1] in "AQgw"
    assert from_position_id(text, position.variant) == position
    assert from_position_key(to_position_key(position), position.variant) == position


@st.composite
def xgid_infos(draw: st.DrawFn) -> XgidInfo:
    position = draw(positions())
    has_cube = position.variant.has_cube
    cube_value = 2 ** draw(st.integers(0, 15 if has_cube else 0))
    owners = ["centre", "mover", "opponent"] if cube_value > 1 else ["centre"]
    match_length = draw(st.integers(0, 25))
    score = st.integers(0, match_length - 1) if match_length else st.integers(0, 100)
    return XgidInfo(
        position,
        dice=draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6))),
        cube_value=cube_value,
        cube_owner=draw(st.sampled_from(owners)),
        score_mover=draw(score),
        score_opponent=draw(score),
        match_length=match_length,
        crawford_jacoby=draw(st.integers(0, 3)),
        max_cube=draw(st.integers(0, 15)),
        mover_is_bottom=draw(st.booleans()),
    )


@given(xgid_infos())
def test_everything_survives_its_xgid(info: XgidInfo) -> None:
    text = to_xgid(
        info.position,
        dice=info.dice,
        cube_value=info.cube_value,
        cube_owner=info.cube_owner,
        score_mover=info.score_mover,
        score_opponent=info.score_opponent,
        match_length=info.match_length,
        crawford_jacoby=info.crawford_jacoby,
        max_cube=info.max_cube,
        mover_is_bottom=info.mover_is_bottom,
    )
    assert text == info.to_xgid()
    assert from_xgid(text, info.position.variant) == info


@given(positions())
def test_the_top_players_drawing_is_the_bottom_players_turned_over(position: Position) -> None:
    bottom = to_xgid(position).removeprefix("XGID=").split(":")
    top = to_xgid(position, mover_is_bottom=False).removeprefix("XGID=").split(":")
    assert top[0] == bottom[0][::-1].swapcase()
    assert (bottom[3], top[3]) == ("1", "-1")
    assert from_xgid(":".join(top), position.variant).position == position
    assert from_xgid(":".join(bottom), position.variant).position == position


def test_the_docstring_examples_hold() -> None:
    failures, tried = doctest.testmod(ids_module)
    assert tried and not failures


# GNU Backgammon itself ---------------------------------------------------------------------------
# gnubg_nn's board is a pair of 25-count lists, index i = point i + 1 in that side's own
# numbering, index 24 = that side's bar. The pair is (side not on roll, side on roll): gnubg
# moves the second list, and its Position ID packs the first list first.


@pytest.fixture(scope="module")
def gnubg() -> ModuleType:
    module: ModuleType = pytest.importorskip("gnubg_nn")
    return module


def _gnubg_board(position: Position) -> list[list[int]]:
    mover = [0] * 25
    opponent = [0] * 25
    for point in range(1, 25):
        mover[point - 1] = position.mover[point]
        opponent[25 - point - 1] = position.opponent[point]  # their own point is 25 - point
    mover[24] = position.mover[BAR]
    opponent[24] = position.opponent[BAR]
    return [opponent, mover]


def test_gnubg_moves_the_second_list_of_its_board(gnubg: ModuleType) -> None:
    not_on_roll = [0] * 25
    not_on_roll[5] = 15  # all on their 6-point
    on_roll = [0] * 25
    on_roll[0] = 15  # all on their 1-point
    # 6-5 bears two checkers off the 1-point: the second list is the player on roll.
    assert tuple(gnubg.best_move([not_on_roll, on_roll], 6, 5)) == ((1, 0), (1, 0))
    position = BG.position(mover={1: 15}, opponent={19: 15})
    assert to_position_id(position) == gnubg.position_id([not_on_roll, on_roll])


def test_gnubg_agrees_on_the_golden_ids(gnubg: ModuleType) -> None:
    for position, text in ((START, START_ID), (BAR_POSITION, BAR_ID)):
        assert gnubg.position_id(_gnubg_board(position)) == text
        assert [list(side) for side in gnubg.board_from_position_id(text)] == _gnubg_board(position)


@settings(deadline=None)
@given(position=positions())
def test_our_position_ids_are_gnubgs(gnubg: ModuleType, position: Position) -> None:
    board = _gnubg_board(position)
    text = to_position_id(position)
    assert gnubg.position_id(board) == text
    assert [list(side) for side in gnubg.board_from_position_id(text)] == board
    assert from_position_id(gnubg.position_id(board), position.variant) == position
