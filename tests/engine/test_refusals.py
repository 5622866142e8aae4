"""Why a step is refused: the reason code and its parameters for every rule a learner may hit.

The puzzle widget walks a tree of partial plays and, for a step that is not allowed, shows the
engine's reason (DESIGN.md, "The puzzle widget"). ``Turn.refusal(played, source, die)`` gives
that reason for the step ``source`` (a point 1..24 or BAR) with ``die`` after the legal steps
``played``; it is ``None`` exactly for the steps of ``Turn.legal_steps(played)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import BAR, IllegalPlayError, Position, Refusal, Turn, find_variant
from generator.engine.notation import parse_play

from .helpers import make
from .strategies import positions, rolls


@dataclass(frozen=True)
class Case:
    """A step a learner tries, and the reason the rules give."""

    rule: str
    variant: str
    mover: dict[int | str, int]
    opponent: dict[int | str, int]
    dice: tuple[int, int]
    played: list[tuple[int, int]]
    source: int
    die: int
    code: str
    params: dict[str, int] = field(default_factory=dict)

    def refusal(self) -> Refusal | None:
        turn = make(self.variant, self.mover, self.opponent).turn(self.dice)
        return turn.refusal(self.played, self.source, self.die)


START_MOVER: dict[int | str, int] = {24: 2, 13: 5, 8: 3, 6: 5}
START_OPPONENT: dict[int | str, int] = {1: 2, 12: 5, 17: 3, 19: 5}

CASES = [
    Case("a point of two or more opposing checkers is closed (2.1)",
         "backgammon", START_MOVER, START_OPPONENT, (6, 5), [], 24, 5,
         "blocked_landing", {"point": 19, "count": 5}),
    Case("an entry point of two opposing checkers is closed (1.6, E4)",
         "backgammon", {"bar": 1, 13: 1}, {19: 2}, (6, 3), [], BAR, 6,
         "blocked_landing", {"point": 19, "count": 2}),
    Case("a checker on the bar enters first (1.6, E4)",
         "backgammon", {"bar": 1, 13: 1}, {19: 2}, (6, 3), [], 13, 6,
         "bar_first", {"count": 1}),
    Case("the second checker on the bar enters first too (1.6, E5)",
         "backgammon", {"bar": 2, 13: 1}, {19: 2}, (6, 3), [(BAR, 3)], 13, 6,
         "bar_first", {"count": 1}),
    Case("every checker on the bar enters first (1.6, E5)",
         "backgammon", {"bar": 2, 13: 1}, {19: 2}, (6, 3), [], 13, 6,
         "bar_first", {"count": 2}),
    Case("nothing to enter from an empty bar",
         "backgammon", START_MOVER, START_OPPONENT, (6, 5), [], BAR, 6,
         "bar_empty"),
    Case("no checker on the point to move",
         "backgammon", START_MOVER, START_OPPONENT, (3, 1), [], 20, 3,
         "no_checker", {"point": 20}),
    Case("bearing off waits for the farthest checker (1.7, E12)",
         "backgammon", {13: 1, 9: 1, 6: 3, 1: 2}, {}, (3, 1), [], 1, 1,
         "not_all_home", {"point": 13}),
    Case("bearing off waits until the last checker is home (1.7, E12)",
         "backgammon", {9: 1, 6: 3, 1: 2}, {}, (3, 1), [], 1, 1,
         "not_all_home", {"point": 9}),
    Case("a lower checker is not borne off while a higher one stands (1.7, E10)",
         "backgammon", {5: 1, 3: 1, 1: 1}, {}, (6, 2), [], 1, 2,
         "overshoot", {"die": 2, "higher": 5}),
    Case("a die that is not on the table",
         "backgammon", START_MOVER, START_OPPONENT, (6, 5), [], 13, 4,
         "die_not_available", {"die": 4}),
    Case("a die that has been played",
         "backgammon", START_MOVER, START_OPPONENT, (6, 5), [(13, 6)], 24, 6,
         "die_not_available", {"die": 6}),
    Case("the higher die when only one can be played (1.5.2, E1)",
         "backgammon", {13: 1}, {3: 2}, (6, 4), [], 13, 4,
         "must_use_higher", {"die": 6}),
    Case("both dice when both can be played (1.5.1, E6)",
         "backgammon", {"bar": 1, 8: 1}, {15: 2, 2: 2}, (6, 4), [], BAR, 4,
         "must_use_both"),
    Case("no hit-and-run from a home point (3.1, TK-a)",
         "turkish-tavla", {13: 1, 8: 1}, {6: 1}, (5, 2), [(8, 2)], 6, 5,
         "no_hit_and_run", {"point": 6}),
    Case("the frozen point holds a covering checker too (3.1, E15)",
         "turkish-tavla", {13: 2, 10: 1, 8: 1}, {6: 1}, (2, 2), [(8, 2), (10, 2), (8, 2)], 6, 2,
         "no_hit_and_run", {"point": 6}),
]  # fmt: skip


def rule_of(case: Case) -> str:
    return case.rule


@pytest.mark.parametrize("case", CASES, ids=rule_of)
def test_a_refused_step_says_which_rule_refuses_it(case: Case) -> None:
    refusal = case.refusal()
    assert refusal is not None, "the step is allowed"
    params = dict(refusal.params)
    assert refusal.code == case.code, refusal
    assert {name: params.get(name) for name in case.params} == case.params, refusal


POINT_PARAMS = ("point", "higher", "source")


@pytest.mark.parametrize("case", CASES, ids=rule_of)
def test_a_refusal_names_its_point_in_english(case: Case) -> None:
    """The English message names every point the reason is about."""
    refusal = case.refusal()
    assert refusal is not None
    message = refusal.message()
    assert isinstance(message, str) and message
    for name, value in refusal.params:
        if name in POINT_PARAMS:
            assert re.search(rf"\b{value}\b", message), (name, value, message)


def legal_notations(position: Position, dice: tuple[int, int]) -> set[str]:
    return {play.notation for play in position.legal_plays(dice)}


def test_a_must_play_refusal_shows_a_legal_play() -> None:
    """1.5.1, E6: entering with the 4 leaves the 6 unplayable; the example is the legal play."""
    position = make("backgammon", {"bar": 1, 8: 1}, {15: 2, 2: 2})
    refusal = position.turn((6, 4)).refusal([], BAR, 4)
    assert refusal is not None and refusal.code == "must_use_both"
    assert refusal["play"] in legal_notations(position, (6, 4))


def test_the_higher_die_refusal_shows_the_play_with_the_higher_die() -> None:
    """1.5.2, E1: the example is 13/7, the only legal play."""
    position = make("backgammon", {13: 1}, {3: 2})
    refusal = position.turn((6, 4)).refusal([], 13, 4)
    assert refusal is not None and refusal.code == "must_use_higher"
    assert refusal["play"] in legal_notations(position, (6, 4))


@pytest.mark.parametrize(
    ("variant", "mover", "opponent", "dice", "short", "count"),
    [
        ("backgammon", START_MOVER, START_OPPONENT, (6, 6), "24/18(2)", 4),
        ("backgammon", {24: 2, 1: 2}, {14: 2}, (5, 5), "24/19", 2),
        ("turkish-tavla", {13: 2, 10: 1, 8: 1}, {6: 1}, (2, 2), "8/6* 10/8/6", 4),
    ],
    ids=["four sixes from the start", "two fives of E3", "a Turkish cover of E15"],
)
def test_a_double_played_short_must_use_more(
    variant: str,
    mover: dict[int | str, int],
    opponent: dict[int | str, int],
    dice: tuple[int, int],
    short: str,
    count: int,
) -> None:
    """1.5.4: a double is played as far as it goes; stopping short names how many dice must
    be played (``count``) and a legal play."""
    position = make(variant, mover, opponent)
    with pytest.raises(IllegalPlayError) as raised:
        parse_play(position, dice, short)
    reason = raised.value.reason
    assert isinstance(reason, Refusal)
    assert (reason.code, reason["count"]) == ("must_use_more", count)
    assert reason["play"] in legal_notations(position, dice)
    assert re.search(rf"\b{count}\b", reason.message())


def test_a_non_double_played_short_must_use_both() -> None:
    """1.5.1: 13/7 alone from the start with 6-5 leaves the 5 unplayed."""
    position = find_variant("backgammon").start()
    with pytest.raises(IllegalPlayError) as raised:
        parse_play(position, (6, 5), "13/7")
    reason = raised.value.reason
    assert isinstance(reason, Refusal) and reason.code == "must_use_both"
    assert reason["play"] in legal_notations(position, (6, 5))


def test_bearing_off_with_a_checker_on_the_bar_waits_for_it_to_enter() -> None:
    """1.6, 1.7: bearing off needs every checker home and none on the bar; a checker on the
    bar enters before any other checker moves, so 3/off is refused for the bar checker."""
    turn = make("backgammon", {"bar": 1, 3: 2}, {20: 2}).turn((3, 2))
    refusal = turn.refusal([], 3, 3)
    assert refusal is not None
    assert (refusal.code, refusal["count"]) == ("bar_first", 1), refusal
    assert turn.refusal([(BAR, 3)], 3, 2) is None


def test_walking_down_to_bear_off_with_the_higher_die_wastes_pips() -> None:
    """3.2, TK-d: with 3:1, 1:1 and 5-2, 3/1 and then bearing off the 1 with the 5 wastes pips
    (the 5 could have borne the checker off from 3). The 3/1 step itself is where a learner
    meets the rule: after it the 5 can only bear off from 1, which R2 forbids."""
    position = make("turkish-tavla", {3: 1, 1: 1}, {})
    refusal = position.turn((5, 2)).refusal([], 3, 2)
    assert refusal is not None
    assert refusal.code == "wasted_pips", refusal
    assert (refusal["die"], refusal["source"], refusal["point"]) == (5, 3, 1)
    assert re.search(r"\b3\b", refusal.message()) and re.search(r"\b1\b", refusal.message())
    with pytest.raises(IllegalPlayError) as raised:
        parse_play(position, (5, 2), "3/1 1/off")
    assert isinstance(raised.value.reason, Refusal)
    assert raised.value.reason.code == "wasted_pips"


# The property: refused exactly when not among the legal steps -----------------------------------

SOURCES = range(1, BAR + 1)
DICE = range(1, 7)


def check_refusals_match_legal_steps(turn: Turn, played: list[tuple[int, int]]) -> None:
    legal = {(step.source, step.die) for step in turn.legal_steps(played)}
    for source in SOURCES:
        for die in DICE:
            refusal = turn.refusal(played, source, die)
            assert (refusal is None) == ((source, die) in legal), (played, source, die, refusal)
            if refusal is not None:
                message = refusal.message()
                assert message
                for name, value in refusal.params:
                    if name in POINT_PARAMS:
                        assert re.search(rf"\b{value}\b", message), (refusal, message)


@settings(deadline=None)
@given(st.sampled_from(("backgammon", "turkish-tavla")).flatmap(positions), rolls, st.data())
def test_a_step_is_refused_exactly_when_it_is_not_a_legal_step(
    position: Position, dice: tuple[int, int], data: st.DataObject
) -> None:
    """Along a random legal path through the turn, every step from every place with every
    die is refused exactly when it is not among the legal steps, and every refusal has
    words."""
    turn = position.turn(dice)
    played: list[tuple[int, int]] = []
    while True:
        check_refusals_match_legal_steps(turn, played)
        steps = turn.legal_steps(played)
        if not steps:
            break
        step = data.draw(st.sampled_from(steps))
        played.append((step.source, step.die))
