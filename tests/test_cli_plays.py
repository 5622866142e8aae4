"""The ``python -m generator plays`` contract (DESIGN.md): JSON lines in, JSON lines out."""

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.plays import answer_line

START_QUERY = {
    "variant": "backgammon",
    "position": {
        "mover": {"bar": 0, "24": 2, "13": 5, "8": 3, "6": 5},
        "opponent": {"bar": 0, "1": 2, "12": 5, "17": 3, "19": 5},
        "pinned": [],
    },
    "dice": [5, 2],
}


def ask(query: object) -> dict:
    return json.loads(answer_line(json.dumps(query)))


def test_the_opening_five_two_has_eight_plays_sorted_by_notation():
    answer = ask(START_QUERY)
    notations = [play["notation"] for play in answer["plays"]]
    assert answer["count"] == 8 == len(notations)
    assert notations == sorted(notations)
    assert "13/8 13/11" in notations and "13/8/6" in notations


def test_each_play_carries_its_position_in_the_input_form():
    answer = ask(START_QUERY)
    play = next(p for p in answer["plays"] if p["notation"] == "13/8 13/11")
    assert play["position"] == {
        "mover": {"bar": 0, "24": 2, "13": 3, "11": 1, "8": 4, "6": 5},
        "opponent": {"bar": 0, "19": 5, "17": 3, "12": 5, "1": 2},
        "pinned": [],
    }


def test_a_dance_is_an_answer_with_no_plays():
    query = {
        "variant": "backgammon",
        "position": {"mover": {"bar": 1, "13": 14}, "opponent": {str(p): 2 for p in range(19, 25)}},
        "dice": [6, 3],
    }
    assert ask(query) == {"count": 0, "plays": []}


def test_every_hitting_variant_gives_the_opening_plays():
    for variant in ["backgammon", "tavla-classic", "tavla-modern", "turkish-tavla", "portes"]:
        assert ask({**START_QUERY, "variant": variant})["count"] == 8


def test_every_variant_key_answers_from_its_own_start():
    starts = {
        "long-nardy": ({"24": 15}, {"12": 15}),
        "fevga": ({"24": 15}, {"12": 15}),
        "plakoto": ({"24": 15}, {"1": 15}),
    }
    for variant, (mover, opponent) in starts.items():
        query = {
            "variant": variant,
            "position": {"mover": mover, "opponent": opponent},
            "dice": [6, 5],
        }
        answer = ask(query)
        assert answer["count"] >= 1, (variant, answer)
        assert all(play["position"]["pinned"] == [] for play in answer["plays"])
    nardy = ask(
        {
            "variant": "long-nardy",
            "dice": [6, 5],
            "position": {"mover": {"24": 15}, "opponent": {"12": 15}},
        }
    )
    assert [play["notation"] for play in nardy["plays"]] == ["24/18/13"]


def test_bad_lines_get_one_clear_error_each():
    too_many = {**START_QUERY, "position": {"mover": {"6": 16}, "opponent": {}}}
    cases = {
        "not json": "not valid JSON",
        json.dumps({**START_QUERY, "variant": "chess"}): "unknown variant 'chess'",
        json.dumps(too_many): "16 checkers",
        json.dumps({**START_QUERY, "dice": [0, 3]}): "a die shows 1 to 6",
        json.dumps({**START_QUERY, "dice": [7, 3]}): "a die shows 1 to 6",
        json.dumps({**START_QUERY, "dice": [3]}): "two dice",
        json.dumps({"variant": "backgammon"}): "no position, dice",
        json.dumps([1, 2]): "each line is an object",
        json.dumps({**START_QUERY, "position": {"mover": {"6": 1}, "opponent": {"6": 1}}}): (
            "both sides"
        ),
        json.dumps({**START_QUERY, "position": {"mover": {"30": 1}, "opponent": {}}}): (
            "not a point"
        ),
        json.dumps({**START_QUERY, "position": {"mover": {"6": True}, "opponent": {}}}): (
            "must be a whole number, not True"
        ),
        json.dumps({**START_QUERY, "position": {"mover": {"6": 2.0}, "opponent": {}}}): (
            "must be a whole number, not 2.0"
        ),
        json.dumps({**START_QUERY, "position": {"mover": {"6": -1}, "opponent": {}}}): (
            "cannot be negative"
        ),
    }
    for line, expected in cases.items():
        answer = json.loads(answer_line(line))
        assert list(answer) == ["error"], line
        assert expected in answer["error"], (line, answer)


def test_places_may_be_written_as_a_person_writes_them():
    # The contract's own keys ("6", "bar") are read fast; other spellings still mean the same.
    written = {"mover": {" 6 ": 13, "BAR": 1, "24": 1}, "opponent": {"19": 15}}
    canonical = {"mover": {"6": 13, "bar": 1, "24": 1}, "opponent": {"19": 15}}
    for position in (written, canonical):
        answer = ask({"variant": "backgammon", "position": position, "dice": [6, 5]})
        assert [play["notation"] for play in answer["plays"]] == ["bar/20 24/18", "bar/20/14"]


def test_the_command_answers_every_line_in_order_and_exits_zero():
    lines = [json.dumps(START_QUERY), "garbage", "", json.dumps({**START_QUERY, "dice": [6, 6]})]
    run = subprocess.run(
        [sys.executable, "-m", "generator", "plays"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0]["count"] == 8
    assert "error" in answers[1] and "error" in answers[2]
    assert answers[3]["count"] > 0


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
PLACES = st.sampled_from(["bar", "off", "0", "1", "6", "12", "13", "19", "24", "25", "x", 6])
SIDES = st.dictionaries(PLACES, st.integers(-1, 16) | st.none() | st.text(max_size=2), max_size=6)
QUERIES = st.fixed_dictionaries(
    {
        "variant": st.sampled_from(
            ["backgammon", "turkish-tavla", "long-nardy", "plakoto", "fevga", "tavla", "", "chess"]
        )
        | JSON_VALUES,
        "position": st.fixed_dictionaries(
            {"mover": SIDES, "opponent": SIDES},
            optional={
                "pinned": st.lists(
                    st.fixed_dictionaries(
                        {"side": st.sampled_from(["mover", "opponent", "x"]), "point": PLACES}
                    ),
                    max_size=2,
                )
            },
        )
        | JSON_VALUES,
        "dice": st.lists(st.integers(-1, 8), min_size=0, max_size=3) | JSON_VALUES,
    }
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(QUERIES, JSON_VALUES))
def test_no_line_makes_the_contract_fail(query):
    """Whatever a line holds, the answer is one JSON object: plays or one clear error."""
    answer = json.loads(answer_line(json.dumps(query)))
    assert set(answer) in ({"error"}, {"count", "plays"})
    if "error" in answer:
        assert answer["error"]
    else:
        assert answer["count"] == len(answer["plays"])


def test_deeply_nested_input_is_an_error_not_a_crash():
    assert "nested too deeply" in json.loads(answer_line("[" * 100_000))["error"]


def test_the_fast_path_answers_exactly_as_the_engines_plays():
    # The plain games, and Fevga's turns its own rules cannot touch, are answered from the
    # move generator's boards without building plays: the answer must be the one Turn.plays
    # gives, in the same order.
    import random

    from generator.engine import VARIANTS
    from generator.engine.dice import dice_to_play
    from generator.engine.samples import random_position

    rng = random.Random(3)
    fevga_plain = 0
    for key in ("backgammon", "tavla-classic", "tavla-modern", "portes", "fevga"):
        variant = VARIANTS[key]
        assert variant.plain or key == "fevga"
        for _ in range(60):
            position = random_position(variant, rng)
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            answer = ask({"variant": key, "position": position.to_json(), "dice": dice})
            plays = position.turn(tuple(dice)).plays
            assert answer["count"] == len(plays)
            assert [p["notation"] for p in answer["plays"]] == [p.notation for p in plays]
            assert [p["position"] for p in answer["plays"]] == [p.position.to_json() for p in plays]
            if key == "fevga":
                fevga_plain += variant.plain_turn(position, dice_to_play(tuple(dice)))
    assert fevga_plain > 10, "too few of Fevga's turns were plain to test its fast path"


def test_an_integer_too_long_to_read_is_an_error_for_its_line():
    # Python reads at most 4,300 digits of an integer (sys.get_int_max_str_digits()).
    for place in ('"dice": [%s, 1]', '"extra": %s', '"position": {"mover": {"6": %s}}'):
        line = '{"variant": "backgammon", ' + place % ("7" * 5000) + "}"
        answer = json.loads(answer_line(line))
        assert list(answer) == ["error"], place
        assert "more than 4300 digits" in answer["error"]


def test_point_keys_are_ascii_numbers_one_to_twenty_four_or_bar():
    for key in ["²", "³", "𐩀", "٦", "６", "1" * 5000, "0" * 4000 + "6", "x" * 100_000]:
        query = {**START_QUERY, "position": {"mover": {key: 1}, "opponent": {}}}
        error = json.loads(answer_line(json.dumps(query)))["error"]
        assert "is not a point" in error, key[:10]
        assert len(error) < 300, "the key is echoed in part only"


def test_counts_too_large_to_add_up_are_an_error_not_a_crash():
    # Two counts of 4,300 digits add up to a sum Python will not print in the engine's message.
    big = "9" * 4300
    line = (
        json.dumps(START_QUERY)
        .replace('"24": 2', f'"24": {big}')
        .replace('"13": 5', f'"13": {big}')
    )
    error = json.loads(answer_line(line))["error"]
    assert "checkers on" in error and "a side has 15" in error and len(error) < 300


def test_a_field_name_that_is_a_lone_surrogate_is_echoed_escaped():
    line = '{"variant": "backgammon", "dice": [1, 2], "position": {"\\ud800": 1}}'
    answer = answer_line(line)
    answer.encode("utf-8")  # no lone surrogate left in the answer
    assert "unknown position field" in json.loads(answer)["error"]
    assert "\\ud800" in json.loads(answer)["error"]


def test_echoes_of_the_input_are_bounded():
    huge = "y" * 200_000
    lines = [
        json.dumps({**START_QUERY, "dice": huge}),
        json.dumps({**START_QUERY, "dice": [huge, 1]}),
        json.dumps({**START_QUERY, "variant": huge}),
        json.dumps({**START_QUERY, "position": {**START_QUERY["position"], huge: 1}}),
        json.dumps({**START_QUERY, "position": {"mover": {}, "opponent": {}, "pinned": [huge]}}),
    ]
    for line in lines:
        error = json.loads(answer_line(line))["error"]
        assert len(error) <= 1000, error[:80]


# "rules": a table-rule preset of the variant (decision 16) ------------------------------------


def test_rules_choose_a_preset_and_default_to_the_variants_own():
    """Turkish Tavla, 3:1 2:1 with 5-2 (RULES.md E17): the default (narrow reading) gives
    3/1 2/off and 3/off 2/off; "strict-wasted-pips" only 3/off 2/off."""
    query = {
        "variant": "turkish-tavla",
        "position": {"mover": {"3": 1, "2": 1}, "opponent": {"20": 15}},
        "dice": [5, 2],
    }
    default = [p["notation"] for p in ask(query)["plays"]]
    assert default == ["3/1 2/off", "3/off 2/off"]
    assert [p["notation"] for p in ask({**query, "rules": "default"})["plays"]] == default
    strict = ask({**query, "rules": "strict-wasted-pips"})
    assert [p["notation"] for p in strict["plays"]] == ["3/off 2/off"]


def test_rules_of_the_long_nardy_presets_reach_the_plays():
    """E29: the block checked only at the end of the turn lets 14/11/9 through (37 plays, 36
    by default)."""
    query = {
        "variant": "long-nardy",
        "position": {
            "mover": {"24": 9, "14": 1, "10": 1, "9": 1, "8": 1, "7": 1, "6": 1},
            "opponent": {"12": 15},
        },
        "dice": [3, 2],
    }
    assert ask(query)["count"] == 36
    assert ask({**query, "rules": "block-at-turn-end"})["count"] == 37


def test_unknown_rules_name_the_known_ones_for_that_variant():
    answer = ask({**START_QUERY, "variant": "portes", "rules": "tavliplay"})
    assert answer == {"error": "unknown rules 'tavliplay' for portes; use one of: default, greek"}
    answer = ask({**START_QUERY, "rules": "greek"})
    assert answer == {"error": "unknown rules 'greek' for backgammon; use one of: default"}
    answer = ask({**START_QUERY, "rules": ["greek"]})
    assert "rules" in answer["error"] and "such as" in answer["error"]


def test_the_last_checker_borne_off_with_one_die_is_the_play():
    """Decision 15: with one checker on the 3-point and 5-2, 3/off is a complete play, in the
    plain games' fast path and in Turkish Tavla alike (where 3/1/off would waste pips)."""
    for variant in ("backgammon", "turkish-tavla", "long-nardy", "plakoto"):
        opponent = {"12": 15} if variant == "long-nardy" else {"20": 15}
        query = {
            "variant": variant,
            "position": {"mover": {"3": 1}, "opponent": opponent},
            "dice": [5, 2],
        }
        assert [p["notation"] for p in ask(query)["plays"]] == ["3/off"], variant
