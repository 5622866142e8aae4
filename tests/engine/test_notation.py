"""Move notation: lenient reading matched against the legal plays, canonical printing."""

import pytest

from generator.engine import (
    AmbiguousPlayError,
    IllegalPlayError,
    NotationError,
    Step,
    find_variant,
)
from generator.engine.board import BAR, OFF, place_name
from generator.engine.notation import parse_play
from generator.engine.steps import format_play

BACKGAMMON = find_variant("backgammon")
START = BACKGAMMON.start()


@pytest.mark.parametrize(
    ("dice", "written", "canonical"),
    [
        ((3, 1), "8/5 6/5", "8/5 6/5"),
        ((3, 1), "6/5, 8/5", "8/5 6/5"),  # any order, commas allowed
        ((3, 1), "6-5 8-5", "8/5 6/5"),  # dashes as separators
        ((3, 1), "31: 8/5 6/5", "8/5 6/5"),  # a leading roll
        ((6, 5), "24/13", "24/18/13"),  # one checker over both dice
        ((6, 5), "24/18 18/13", "24/18/13"),
        ((6, 6), "13/7(2) 24/18(2)", "24/18(2) 13/7(2)"),
        ((6, 6), "24/18 24/18 13/7 13/7", "24/18(2) 13/7(2)"),
        ((5, 2), "13/11 13/8", "13/8 13/11"),
        ((5, 5), "13/3(2)", "13/8/3(2)"),  # each checker over two dice of a double
        ((5, 5), "13/3 13/3", "13/8/3(2)"),
        ((5, 5), "13/8(2) 8/3(2)", "13/8/3(2)"),
        ((4, 4), "24/16 13/5", "24/20/16 13/9/5"),
    ],
)
def test_every_spelling_of_a_play_reads_as_that_play(dice, written, canonical):
    assert parse_play(START, dice, written).notation == canonical


def test_bar_and_off_are_read_in_their_usual_spellings():
    position = BACKGAMMON.position(mover={"bar": 1, 13: 1}, opponent={19: 2})
    assert parse_play(position, (6, 3), "bar/16").notation == "bar/22/16"
    assert parse_play(position, (6, 3), "b/22 13/7").notation == "bar/22 13/7"
    home = BACKGAMMON.position(mover={6: 1, 4: 1}, opponent={24: 2})
    assert parse_play(home, (6, 4), "6/off 4/off").notation == "6/off 4/off"
    assert parse_play(home, (6, 4), "4/0 6/0").notation == "6/off 4/off"


def test_a_hit_on_the_way_must_be_written_when_another_route_does_not_hit():
    position = BACKGAMMON.position(mover={13: 1}, opponent={9: 1, 20: 2})
    # 13/11/7 does not hit; 13/9*/7 does: "13/7" names the quiet route.
    assert parse_play(position, (4, 2), "13/7").notation == "13/11/7"
    assert parse_play(position, (4, 2), "13/9*/7").notation == "13/9*/7"


def test_a_play_that_fits_two_different_results_is_ambiguous():
    position = BACKGAMMON.position(mover={13: 1}, opponent={9: 1, 11: 1})
    with pytest.raises(AmbiguousPlayError, match="13/11\\*/7, 13/9\\*/7"):
        parse_play(position, (4, 2), "13/7")


def test_text_that_names_no_legal_play_says_which_rule_stops_it():
    with pytest.raises(IllegalPlayError, match="12-point is closed") as caught:
        parse_play(START, (6, 6), "24/18/12")
    assert caught.value.reason.code == "blocked_landing"
    with pytest.raises(IllegalPlayError, match="Both dice can be played") as caught:
        parse_play(START, (5, 2), "13/8")
    assert caught.value.reason.code == "must_use_both"
    position = BACKGAMMON.position(mover={"bar": 1, 13: 1}, opponent={19: 2})
    with pytest.raises(IllegalPlayError, match="on the bar") as caught:
        parse_play(position, (6, 3), "13/7 13/10")
    assert caught.value.reason.code == "bar_first"


def test_distances_that_fit_no_dice_are_refused():
    with pytest.raises(IllegalPlayError, match="do not add up"):
        parse_play(START, (5, 2), "13/4")


@pytest.mark.parametrize("text", ["", "x", "13", "13/", "24/29", "8/13", "off/3", "13/bar"])
def test_malformed_notation_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_play(START, (5, 2), text)


def test_printing_chains_a_checker_and_groups_identical_moves():
    assert format_play([Step(BAR, 22, 3, hit=True), Step(22, 21, 1)]) == "bar/22*/21"
    assert format_play([Step(8, 3, 5), Step(3, 1, 2)]) == "8/3/1"
    steps = [Step(13, 7, 6), Step(8, 2, 6), Step(13, 7, 6), Step(8, 2, 6)]
    assert format_play(steps) == "13/7(2) 8/2(2)"
    assert format_play([Step(6, OFF, 6), Step(5, OFF, 5)]) == "6/off 5/off"
    assert format_play([Step(13, 8, 5, pin=True)]) == "13/8^"


def test_every_legal_play_prints_and_reads_back_as_itself():
    for dice in [(a, b) for a in range(1, 7) for b in range(1, a + 1)]:
        for play in START.legal_plays(dice):
            assert parse_play(START, dice, play.notation).position == play.position


def _checker_ends(play) -> str:
    """The play with each checker written from its start to its end only (``13/3`` for
    ``13/8/3``), as players often write it: hits are left unmarked."""
    chains: list[list[int]] = []
    for step in play.steps:
        chain = next((c for c in chains if c[-1] == step.source), None)
        if chain is None:
            chains.append([step.source, step.destination])
        else:
            chain.append(step.destination)
    names = {BAR: "bar", OFF: "off"}
    return " ".join(f"{names.get(c[0], c[0])}/{names.get(c[-1], c[-1])}" for c in chains)


def test_a_play_written_by_each_checkers_ends_reads_as_that_play():
    # Regression: a checker's second step from a state also reached in another order (the
    # second checker of 13/3(2) with 5-5) was taken for the other order's step.
    import random

    from generator.engine.samples import random_backgammon_position

    rng = random.Random(7)
    for _ in range(5):
        position = random_backgammon_position(rng)
        for dice in [(d, d) for d in range(1, 7)] + [(6, 5), (4, 2)]:
            for play in position.legal_plays(dice):
                # (Without hits, entering or bearing off, the order of the steps never matters,
                # so each checker's steps may be taken together.)
                if any(
                    step.hit or step.destination == OFF or step.source == BAR for step in play.steps
                ):
                    continue
                written = _checker_ends(play)
                assert parse_play(position, dice, written).position == play.position, written


def _chains_text(steps):
    """The canonical notation by its definition (one chain per checker, chains ordered by
    farthest source then longer move, identical chains grouped), for two steps."""
    high, low = sorted(steps, key=lambda step: -step.source)

    def text(*chain):
        return place_name(chain[0].source) + "".join(
            f"/{place_name(s.destination)}{'*' if s.hit else '^' if s.pin else ''}" for s in chain
        )

    if low.source == high.destination:
        return text(high, low)
    chains = sorted([(-s.source, s.destination, text(s)) for s in (high, low)])
    if chains[0][2] == chains[1][2]:
        return f"{chains[0][2]}(2)"
    return f"{chains[0][2]} {chains[1][2]}"


def test_two_steps_print_as_their_chains_in_either_order():
    # Every pair of steps from a spread of places with every die and mark, chained or not: the
    # two-step printing (most plays of a non-double) agrees with the definition.
    sources = (BAR, 24, 19, 13, 8, 7, 6, 5, 4, 2, 1)
    marks = ((False, False), (True, False), (False, True))
    steps = [
        Step(source, max(source - die, OFF), die, hit and source > die, pin and source > die)
        for source in sources
        for die in range(1, 7)
        for hit, pin in marks
    ]
    for first in steps:
        for second in steps:
            expected = _chains_text((first, second))
            assert format_play([first, second]) == expected, (first, second)
            assert format_play([second, first]) == expected, (second, first)
