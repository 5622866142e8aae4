"""Turkish Tavla's two other readings of "when a limit yields" (RULES.md 3.4, decision 16).

S001 says a home-board limit does not apply when it would leave the mover no play at all. The
default reads that as: a limit yields when it would cost a die, judged over the whole turn
(``fewer_dice``, decision 3). The presets play the two other readings:

- ``limits-never-yield`` (``waiver = none``): both limits always hold, and the must-play rules
  count the dice within them;
- ``limits-yield-by-step`` (``waiver = step``): a limit yields for one step when it leaves no next
  step for the dice left while the plain rules give one, even if another first step would have
  used every die within the limits (E21).

For each: the rule cases of RULES.md (E20, E21, E22) and of the rules page's "When a limit
yields" diagrams (which are E22 and E21), and others worked by hand; the refusals the tree gives;
and a bounded, seeded agreement with ``reference_turkish_tavla.py`` under the same reading
(``make test`` asks the first third of the positions, ``make test-deep`` all of them).
"""

from __future__ import annotations

import random

import pytest

from generator.engine import BAR, Position, Refusal, Turn, Variant, find_variant, from_text
from generator.engine.samples import ROLLS, random_position

from . import reference_turkish_tavla
from .helpers import assert_refused, expected_boards
from .test_presets import WHOLE, sample, timed
from .test_turkish_tavla_reference import disagreement, focused_position, report

DEFAULT = find_variant("turkish-tavla")
NEVER = find_variant("turkish-tavla", rules="limits-never-yield")
BY_STEP = find_variant("turkish-tavla", rules="limits-yield-by-step")
BOTH_LIMITS = {"no_hit_and_run", "wasted_pips"}


def notations(variant: Variant, text: str, dice: tuple[int, int]) -> list[str]:
    """The plays' notation, after checking that they end where the same plays, worked out by
    hand, end (so a notation is never taken on trust)."""
    position = from_text(variant, text)
    plays = position.legal_plays(dice)
    found = {(p.position.mover, p.position.opponent) for p in plays}
    assert found == expected_boards(position, [p.notation for p in plays])
    return sorted(p.notation for p in plays)


# Each case: id, position, roll, and the plays under the default, limits-never-yield and
# limits-yield-by-step, each worked by hand.
CASES = [
    # The 1 can only walk 5/4 (4/3 is closed); then the 6 bears off from 4, which the 6 could
    # have done from 5 (wasted pips). Default and by step: the limit yields, as it costs the 1.
    # Never: the 6 alone, 5/off; the same board, as RULES.md 3.4 says.
    ("E20", "5:1 4:1 / 3:2", (6, 1), ["5/4/off"], ["5/off"], ["5/4/off"]),
    # The rules page's second diagram. After 8/6* the 5 has nothing to move but the frozen
    # hitter (12/7 is closed): by step the freeze yields there; over the whole turn it holds,
    # since three plays use both dice within the limits.
    (
        "E21",
        "12:1 8:1 / 7:2 6:1",
        (5, 2),
        ["12/10 8/3", "12/10/5", "8/3/1"],
        ["12/10 8/3", "12/10/5", "8/3/1"],
        ["12/10 8/3", "12/10/5", "8/3/1", "8/6*/1"],
    ),
    # The rules page's first diagram: the 5 plays only as 6/1 after 8/6* (8/3 is closed, 1/off
    # is not yet allowed). Never: the 2 alone, 8/6*.
    ("E22", "8:1 1:2 / 6:1 3:2", (5, 2), ["8/6*/1"], ["8/6*"], ["8/6*/1"]),
    # The rules page's freeze diagram: after 8/6* the 5 still plays 13/8, so by step the freeze
    # holds too, and every reading agrees.
    (
        "TK-a",
        "13:1 8:1 / 6:1",
        (5, 2),
        ["13/11 8/3", "13/8/6*", "8/3/1"],
        ["13/11 8/3", "13/8/6*", "8/3/1"],
        ["13/11 8/3", "13/8/6*", "8/3/1"],
    ),
    # The bear-off hit (RGB #1022's pattern). After 5/3* the 3 has only the frozen hitter to
    # bear off (4/1 is closed): by step the freeze yields.
    (
        "E23",
        "5:1 4:2 / 3:1 1:2",
        (3, 2),
        ["5/2 4/2", "5/2/off"],
        ["5/2 4/2", "5/2/off"],
        ["5/2 4/2", "5/2/off", "5/3*/off"],
    ),
    # S001's own example (E16) and the exact die (E18): after the walk-down the 5 can only bear
    # off the checker that walked, so by step the no-wasted-pips limit yields too.
    (
        "E16",
        "3:1 1:1 / 20:15",
        (5, 2),
        ["3/off 1/off"],
        ["3/off 1/off"],
        ["3/1/off", "3/off 1/off"],
    ),
    (
        "E18",
        "5:1 3:1 / 20:15",
        (5, 2),
        ["5/off 3/1"],
        ["5/off 3/1"],
        ["5/3/off", "5/off 3/1"],
    ),
]


@pytest.mark.parametrize(
    ("text", "dice", "default", "never", "by_step"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_each_reading_plays_the_case_as_worked_by_hand(
    text: str, dice: tuple[int, int], default: list[str], never: list[str], by_step: list[str]
) -> None:
    assert notations(DEFAULT, text, dice) == default
    assert notations(NEVER, text, dice) == never
    assert notations(BY_STEP, text, dice) == by_step


def test_never_yield_refuses_with_the_limit_that_holds() -> None:
    """E22: after 8/6* the freeze refuses 6/1, and the turn ends with the 2 alone; E20: the 1
    first (5/4) would leave the 6 to waste pips, so only one die plays, and it is the 6."""
    turn = from_text(NEVER, "8:1 1:2 / 6:1 3:2").turn((5, 2))
    assert turn.limits == BOTH_LIMITS and turn.max_dice == 1
    assert turn.refusal([], 8, 2) is None
    assert_refused(turn, [(8, 2)], 6, 5, "no_hit_and_run", point=6)
    assert_refused(turn, [], 8, 5, "blocked_landing", point=3)
    turn = from_text(NEVER, "5:1 4:1 / 3:2").turn((6, 1))
    assert turn.limits == BOTH_LIMITS
    assert_refused(turn, [], 5, 1, "must_use_higher", die=6, play="5/off")


def test_by_step_lifts_a_limit_only_where_it_leaves_no_step() -> None:
    """E21: after 8/6* nothing but the hitter can play the 5, so it may run on, where the
    default refuses the hit itself (it would cost the 5). TK-a: after 8/6* the 5 still plays
    13/8, so the freeze holds and says so."""
    turn = from_text(BY_STEP, "12:1 8:1 / 7:2 6:1").turn((5, 2))
    assert turn.limits == BOTH_LIMITS
    assert turn.refusal([], 8, 2) is None and turn.refusal([(8, 2)], 6, 5) is None
    assert_refused(turn, [(8, 2)], 12, 5, "blocked_landing", point=7)
    default = from_text(DEFAULT, "12:1 8:1 / 7:2 6:1").turn((5, 2))
    assert_refused(default, [], 8, 2, "no_hit_and_run", point=6)
    turn = from_text(BY_STEP, "13:1 8:1 / 6:1").turn((5, 2))
    assert turn.refusal([(8, 2)], 13, 5) is None
    assert_refused(turn, [(8, 2)], 6, 5, "no_hit_and_run", point=6)


def test_by_step_wasted_pips_never_holds() -> None:
    """Worked by hand: once a checker walked down with the smaller die, the larger one can
    bear off nothing but that checker (the point it walked to is then the highest) and move
    nothing, so the limit always leaves no step there and yields. Read step by step, S001's own
    example (E16) allows ``3/1/off``, whose first step the default refuses."""
    turn = from_text(BY_STEP, "3:1 1:1 / 20:15").turn((5, 2))
    assert turn.refusal([(3, 2)], 1, 5) is None
    default = from_text(DEFAULT, "3:1 1:1 / 20:15").turn((5, 2))
    assert_refused(default, [], 3, 2, "wasted_pips", die=5, source=3, point=1)


def test_by_step_plays_as_if_there_were_no_wasted_pips_limit() -> None:
    """The same, on bear-offs aimed at the limits (30 x 21 rolls): the plays are those of the
    game without the limit."""
    rng = random.Random("turkish-tavla-by-step-wasted-pips")
    free = BY_STEP.without(["wasted_pips"])
    for _ in range(30):
        position = Position(BY_STEP, *sides(focused_position(rng)))
        unlimited = Position(free, position.mover, position.opponent)
        for dice in ROLLS:
            plays = {(p.position.mover, p.position.opponent) for p in position.legal_plays(dice)}
            assert plays == {
                (p.position.mover, p.position.opponent) for p in unlimited.legal_plays(dice)
            }, (position, dice)


def walk_steps(turn: Turn) -> None:
    """Every step that ``try_step`` takes, from every node the taken steps reach, leads on to a
    legal play, every node reached can go on or end there, and the nodes that end a play are
    the plays: ``try_step`` agrees with ``plays``."""
    seen = {id(turn.root)}
    pending = [turn.root]
    ends = set()
    while pending:
        node = pending.pop()
        if node.ends_play:
            ends.add(node.board())
        taken = 0
        for source in (BAR, *range(24, 0, -1)):
            for die in set(node.dice):
                outcome = turn.try_step(node, source, die)
                if isinstance(outcome, Refusal):
                    continue
                taken += 1
                child = outcome[1]
                assert child.leads_to_play, (turn.position, node.board(), source, die)
                if id(child) not in seen:
                    seen.add(id(child))
                    pending.append(child)
        assert taken or node.ends_play, (turn.position, node.board())
    boards = {
        (p.position.mover, p.position.opponent, (frozenset(), frozenset())) for p in turn.plays
    }
    assert ends == (boards or {turn.root.board()}), turn.position  # a pass ends at the root


READINGS = {NEVER: "none", BY_STEP: "step"}


@WHOLE
@pytest.mark.parametrize("preset", list(READINGS), ids=lambda p: p.rules)
def test_the_preset_agrees_with_the_reference(preset: Variant, whole: bool) -> None:
    """Bear-offs aimed at the limits (120 x 21 rolls) and random positions (60 x 21) against the
    reference with the preset's waiver; on the first of them, the tree's steps too."""
    waiver = READINGS[preset]
    rng = random.Random(f"turkish-tavla-{preset.rules}")

    def sweep() -> None:
        problems: list[str] = []
        queries = 0
        focused = [Position(preset, *sides(focused_position(rng))) for _ in range(120)]
        positions = sample(focused, whole)
        positions += sample([random_position(preset, rng) for _ in range(60)], whole)
        for index, position in enumerate(positions):
            for dice in ROLLS:
                queries += 1
                ours = reference_turkish_tavla.reference_plays(
                    position.mover, position.opponent, dice, waiver=waiver
                )
                problems += filter(None, [disagreement(position, dice, ours)])
                if index < 10:
                    walk_steps(position.turn(dice))
        assert not problems, report(problems, queries)

    timed(sweep)


def sides(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return position.mover, position.opponent
