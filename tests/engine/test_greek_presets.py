"""The table-rule presets of Fevga and Plakoto beyond ``runner-quarter`` (decision 16):
``quarter-every-step``, ``let-out-always`` and ``pinned-home-bears-off``.

For each: rule cases worked by hand (the rules pages' boards among them), and a bounded, seeded
agreement with ``reference_greek.py`` given the reading, sized and sampled as the sweeps of
``test_presets.py`` are (``make test`` asks the first third of each kind of position,
``make test-deep`` all of them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from generator.engine import Position, PositionError, Variant, find_variant, from_text
from generator.engine.samples import ROLLS, random_position

from . import reference_greek
from .helpers import assert_refused
from .reference_greek import opponent_own
from .test_presets import WHOLE, sample, timed

FEVGA = find_variant("fevga")
PLAKOTO = find_variant("plakoto")
EVERY_STEP = find_variant("fevga", rules="quarter-every-step")
LET_OUT = find_variant("fevga", rules="let-out-always")
PINNED_HOME = find_variant("plakoto", rules="pinned-home-bears-off")


def test_each_preset_states_only_what_differs() -> None:
    changed = {
        EVERY_STEP: {"quarter_check", "quarter_code", "rules"},
        LET_OUT: {"let_out", "rules"},
        PINNED_HOME: {"pinned_home_stops_bear_off", "rules"},
    }
    for preset, facts in changed.items():
        own = {fact for fact in vars(type(preset)) if not fact.startswith("__")}
        assert own == facts, preset


# Fevga: quarter-every-step ------------------------------------------------------------------------

# The runner is on the 3-point; 24..20 are held and 19 is empty; the opponent holds 18..14 but 15
# in ``CLOSED``, and the rest wait on their start (the mover's 12).
OPEN = "24:10 23:1 22:1 21:1 20:1 3:1 / 18:1 17:1 16:1 14:1 12:11"
CLOSED = "24:10 23:1 22:1 21:1 20:1 3:1 / 18:1 17:1 16:1 15:1 14:1 12:10"


def notations(variant: Variant, text: str, dice: tuple[int, int]) -> set[str]:
    return {play.notation for play in from_text(variant, text).legal_plays(dice)}


def test_quarter_every_step_refuses_closing_the_quarter_for_a_moment() -> None:
    """The rules page's case, worked by hand, 6-5. The 5 from the start, 24/19, holds all six
    points 19..24; a 6 from 19 reopens it (19/13). Every other 6 and 5 from 24..20 lands on the
    opponent's 18..14, but 21/15 and 20/15 where 15 is open. So the default has five plays; every
    step refuses ``24/19/13``, while ``24/19 21/15`` stays with the 6 played first."""
    default = {"24/19/13", "24/19 21/15", "21/15 20/15", "21/15/10", "20/15/9"}
    assert notations(FEVGA, OPEN, (6, 5)) == default
    assert notations(EVERY_STEP, OPEN, (6, 5)) == default - {"24/19/13"}
    turn = from_text(EVERY_STEP, OPEN).turn((6, 5))
    assert_refused(turn, [], 24, 5, "starting_quarter_mid_turn")
    assert turn.refusal([(21, 6)], 24, 5) is None
    assert from_text(FEVGA, OPEN).turn((6, 5)).refusal([], 24, 5) is None


def test_quarter_every_step_can_leave_no_play() -> None:
    """With 15 closed too, ``24/19/13`` is the one play by default; every step, no 5 can be
    played (24/19 holds the quarter, the others land on the opponent) and no 6 either, so the
    turn passes."""
    assert notations(FEVGA, CLOSED, (6, 5)) == {"24/19/13"}
    assert notations(EVERY_STEP, CLOSED, (6, 5)) == set()


def test_quarter_every_step_agrees_where_the_order_can_reopen_first() -> None:
    """E37: the same 19 final positions in both readings; every step, ``24/19`` may come only
    after the 1 has opened 20 or 21, as RULES.md says."""
    mover, opponent = {24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 5: 2}, {15: 5, 14: 10}
    default = FEVGA.position(mover=mover, opponent=opponent)
    position = EVERY_STEP.position(mover=mover, opponent=opponent)
    finals = {play.position.mover for play in default.legal_plays((5, 1))}
    assert len(finals) == 19
    assert {play.position.mover for play in position.legal_plays((5, 1))} == finals
    turn = position.turn((5, 1))
    assert_refused(turn, [], 24, 5, "starting_quarter_mid_turn")
    assert turn.refusal([(21, 1)], 24, 5) is None
    assert default.turn((5, 1)).refusal([], 24, 5) is None


def test_quarter_every_step_still_plays_one_die_when_both_cannot() -> None:
    """The page's board for decision 12: every 5 is ``24/19``, which holds the quarter, so only
    the 1 is played, and not as ``20/19``: the same four plays in both readings."""
    text = "24:6 23:2 22:2 21:2 20:2 1:1 / 18:3 17:3 16:3 15:3 14:3"
    plays = {"24/23", "23/22", "22/21", "21/20"}
    assert notations(FEVGA, text, (5, 1)) == plays
    assert notations(EVERY_STEP, text, (5, 1)) == plays
    assert_refused(from_text(EVERY_STEP, text).turn((5, 1)), [], 20, 1, "starting_quarter_mid_turn")


def test_quarter_every_step_can_be_switched_off() -> None:
    free = EVERY_STEP.without(["starting_quarter_mid_turn"])
    assert "24/19/13" in notations(free, CLOSED, (6, 5))


# Fevga: let-out-always --------------------------------------------------------------------------


def opponent_cannot_move(position: Position) -> bool:
    """No roll gives the opponent a play when their turn comes."""
    turned = position.turned()
    return all(not turned.legal_plays(dice) for dice in ROLLS)


def step_of(move: str) -> tuple[int, int]:
    """``"8/6"`` as ``(source, die)``."""
    source, destination = map(int, move.split("/"))
    return source, source - destination


# The rules page's case: the opponent's whole army on its start (the mover's 12), the mover
# holding 11..7 with a spare on 8.
ARMY = "24:9 11:1 10:1 9:1 8:2 7:1 / 12:15"
# The opponent's runner on the mover's 8 (their 20), the other fourteen on their start; the mover
# holds 7..3 with two spares on 3, and nine checkers on 1 that cannot move until all are home.
RUNNER = "7:1 6:1 5:1 4:1 3:3 1:8 / 8:1 12:14"


@pytest.mark.parametrize(
    ("text", "dice", "shut_in"),
    [(ARMY, (2, 1), "24/23 8/6"), (RUNNER, (2, 1), "3/1 3/2")],
    ids=["army", "runner"],
)
def test_let_out_always_refuses_shutting_the_opponent_in(
    text: str, dice: tuple[int, int], shut_in: str
) -> None:
    """Worked by hand. ``army``: the only 2-1 that fills the 6-point and keeps 11..7 is
    ``24/23 8/6`` (7/6 empties 7; after 8/6 any other 1 but 24/23 empties a point of the six);
    then every one of the opponent's numbers lands on the mover's 11..6. ``runner``: the only one
    that fills the 2-point and keeps 7..3 is ``3/1 3/2``; the runner (their 20) meets the
    mover's 7..2, and the fourteen on their start may not leave while it has not passed. The
    default allows the play (its duty looks at the start of the turn, where nobody is shut in);
    ``let-out-always`` refuses it, and only it."""
    default = notations(FEVGA, text, dice)
    assert shut_in in default
    assert notations(LET_OUT, text, dice) == default - {shut_in}
    position = from_text(FEVGA, text)
    shut = next(p for p in position.legal_plays(dice) if p.notation == shut_in)
    assert opponent_cannot_move(shut.position)
    assert not opponent_cannot_move(position)
    first, second = (step_of(move) for move in shut_in.split())
    turn = from_text(LET_OUT, text).turn(dice)
    assert_refused(turn, [first], *second, "must_let_out")
    assert_refused(turn, [second], *first, "must_let_out")


def test_let_out_always_keeps_the_default_duty() -> None:
    """The page's board for decision 14: every opposing checker waits on the 12-point behind
    the mover's 11..6. Both readings refuse ``24/22 24/23`` and give the same plays; only the
    words differ."""
    text = "24:5 11:2 10:2 9:2 8:2 7:1 6:1 / 12:15"
    assert notations(LET_OUT, text, (2, 1)) == notations(FEVGA, text, (2, 1))
    assert_refused(from_text(FEVGA, text).turn((2, 1)), [(24, 2)], 24, 1, "must_unblock", point=12)
    assert_refused(from_text(LET_OUT, text).turn((2, 1)), [(24, 2)], 24, 1, "must_let_out")


def test_let_out_always_yields_when_no_play_lets_out() -> None:
    """Worked by hand: the opponent's runner on the mover's 7 (their 19) faces the mover's 6..1,
    two checkers each, and their fourteen on the start may not leave. With 6-6 the mover's three
    on 24 play 24/18; 18/12 lands on the opponent's start, and nothing bears off while those
    three are out. Every play (there is one) leaves the opponent shut in, so it stands."""
    text = "24:3 6:2 5:2 4:2 3:2 2:2 1:2 / 7:1 12:14"
    for variant in (FEVGA, LET_OUT):
        assert notations(variant, text, (6, 6)) == {"24/18(3)"}
    assert opponent_cannot_move(from_text(FEVGA, text))


# Plakoto: pinned-home-bears-off -------------------------------------------------------------------

E41 = "6:3 4:4 3:1^ 2:4 1:3 / 3:1 22:14"


def test_pinned_home_bears_off_on_the_pages_board() -> None:
    """E41: all home, the checker on 3 pinned. By default nothing comes off and the 6 cannot be
    played (``6/1`` with the 5 is all); under the preset ``6/off 6/1``."""
    assert notations(PLAKOTO, E41, (6, 5)) == {"6/1"}
    assert notations(PINNED_HOME, E41, (6, 5)) == {"6/off 6/1"}
    turn = from_text(PLAKOTO, E41).turn((6, 5))
    assert_refused(turn, [], 6, 6, "pinned_cannot_bear_off", point=3)
    assert from_text(PINNED_HOME, E41).turn((6, 5)).refusal([], 6, 6) is None


def test_a_pinned_checker_still_stands_higher() -> None:
    """Worked by hand: the mover's highest checker, on 5, is pinned. The exact 3 takes a
    checker off from 3; the 6 could only come off from the highest point, 5, where the checker
    cannot move, so it is not played (``3/off`` alone). By default nothing can be played."""
    text = "5:1^ 3:2 2:12 / 5:1 22:14"
    assert notations(PLAKOTO, text, (6, 3)) == set()
    assert notations(PINNED_HOME, text, (6, 3)) == {"3/off"}
    assert_refused(from_text(PINNED_HOME, text).turn((6, 3)), [], 3, 6, "overshoot")


def test_a_pinned_checker_outside_home_still_stops_the_bear_off() -> None:
    """Worked by hand: the pinned checker on 8 is not home, in every reading; the 2 plays
    ``3/1`` and the 3 has no move (3/off, 2/off would be bearing off)."""
    text = "8:1^ 3:2 2:12 / 8:1 22:14"
    for variant in (PLAKOTO, PINNED_HOME):
        assert notations(variant, text, (3, 2)) == {"3/1"}
        assert_refused(from_text(variant, text).turn((3, 2)), [], 3, 3, "not_all_home", point=8)


# Agreement with the reference -------------------------------------------------------------------

State = reference_greek.State


def state_of(position: Position) -> State:
    return (position.mover, position.opponent, position.mover_pinned, position.opponent_pinned)


def sweep_against_reference(variant: Variant, positions: list[Position]) -> None:
    reference = reference_greek.PLAYS[f"{variant.key}/{variant.rules}"]
    problems = []
    for position in positions:
        for dice in ROLLS:
            engine = {state_of(play.position) for play in position.legal_plays(dice)}
            if engine != reference(state_of(position), dice):
                problems.append(f"{position!r} {dice}")
    assert not problems, f"{len(problems)} disagree, e.g. {problems[:3]}"


def drawn(
    make: Callable[[random.Random], Position | None], rng: random.Random
) -> Iterator[Position]:
    """Positions from ``make``, skipping the draws that are no position."""
    while True:
        try:
            position = make(rng)
        except PositionError:
            continue
        if position is not None:
            yield position


def spread(rng: random.Random, side: dict[int, int], count: int, points: list[int]) -> None:
    for _ in range(count):
        point = rng.choice(points)
        side[point] = side.get(point, 0) + 1


def quarter_almost_held(rng: random.Random) -> Position:
    """Five of the mover's 19..24 held, the runner passed, the rest anywhere; the opponent on
    points the mover does not hold."""
    gap = rng.choice((19, 19, 20, 21, 22, 23))
    mover = {point: 1 for point in range(19, 25) if point != gap}
    mover[rng.randint(1, 11)] = 1
    spread(rng, mover, 15 - sum(mover.values()), [p for p in range(1, 25) if p != gap])
    opponent: dict[int, int] = {}
    free = [p for p in range(1, 25) if p not in mover]
    spread(rng, opponent, 15 - rng.randint(0, 2), free)
    return EVERY_STEP.position(mover=mover, opponent=opponent)


def almost_shut_in(rng: random.Random) -> Position | None:
    """The opponent's checkers on one point (their own 7..24), or on their start with a runner
    that has not passed; the mover holding most of the six points in front of each group."""
    if rng.random() < 0.5:
        groups = {opponent_own(rng.randint(7, 24)): 15 - rng.randint(0, 4)}
    else:
        groups = {12: 14, opponent_own(rng.randint(12, 23)): 1}
    mover: dict[int, int] = {}
    for point in groups:
        own = opponent_own(point)
        for ahead in range(own - 1, max(own - 7, 0), -1):
            if rng.random() < 0.85 and opponent_own(ahead) not in groups:
                mover[opponent_own(ahead)] = rng.randint(1, 2)
    left = 15 - sum(mover.values())
    if left < 0:
        return None  # more checkers in front than a side has: draw again
    spread(rng, mover, left, [p for p in range(1, 25) if p not in groups])
    return LET_OUT.position(mover=mover, opponent=groups)


def pinned_at_home(rng: random.Random) -> Position:
    """All the mover's checkers home, one or two of them pinned there (now and then one pinned
    outside home instead); the opponent's others on their side."""
    pins = rng.sample(range(1, 7), rng.choice((1, 1, 2)))
    if rng.random() < 0.15:
        pins = [rng.randint(7, 18)]
    mover = dict.fromkeys(pins, 1)
    spread(
        rng,
        mover,
        rng.randint(len(pins) + 2, 15) - len(pins),
        [p for p in range(1, 7) if p not in pins],
    )
    opponent = dict.fromkeys(pins, 1)
    spread(rng, opponent, 15 - len(pins) - rng.randint(0, 3), list(range(13, 24)))
    return PINNED_HOME.position(
        mover=mover, opponent=opponent, pinned=[("mover", point) for point in pins]
    )


SWEEPS: dict[str, tuple[Variant, Callable[[random.Random], Position | None]]] = {
    "quarter-every-step": (EVERY_STEP, quarter_almost_held),
    "let-out-always": (LET_OUT, almost_shut_in),
    "pinned-home-bears-off": (PINNED_HOME, pinned_at_home),
}


@WHOLE
@pytest.mark.parametrize("name", list(SWEEPS))
def test_greek_presets_agree_with_the_reference(name: str, whole: bool) -> None:
    """Random positions (45 x 21 rolls) and positions where the reading matters (75 x 21)."""
    variant, make = SWEEPS[name]
    rng = random.Random(f"greek-preset-{name}")

    def sweep() -> None:
        positions = sample([random_position(variant, rng) for _ in range(45)], whole)
        focused = drawn(make, rng)
        positions += sample([next(focused) for _ in range(75)], whole)
        sweep_against_reference(variant, positions)

    timed(sweep)
