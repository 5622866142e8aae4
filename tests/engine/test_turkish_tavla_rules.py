"""Turkish Tavla's home-board limits, case by case (RULES.md 2.3, 3, catalogue E14-E24, TK-a..e).

R1: a checker that hits in the home board freezes that point for the rest of the turn. R2 (the
narrow reading): a checker may not walk down with the lower die and then be borne off with a
higher die that could have borne it off where it stood. The waiver (``fewer_dice``): a limit
yields when it would cost the mover a die. Everything else moves as in backgammon (the shared
cases run for Turkish Tavla in ``test_backgammon_rules.py``).

Each case gives the Turkish plays and, where RULES.md does, the standard (backgammon) plays of
the same position; plays are compared by the position they reach, worked out by hand.
"""

from __future__ import annotations

from generator.engine import BAR, find_variant

from .helpers import after, assert_plays, board_of, engine_boards, make

TURKISH = "turkish-tavla"
STANDARD = "backgammon"


# R1: hit at home, stay at home (RULES.md 3.1) ---------------------------------------------------


def test_a_checker_that_hits_at_home_may_not_run_on() -> None:
    """E14, TK-a: 8/6*/1 is hit-and-run in the home board; the other plays stay."""
    mover, opponent, dice = {13: 1, 8: 1}, {6: 1}, (5, 2)
    assert_plays(STANDARD, mover, opponent, dice, {"8/6*/1", "8/3/1", "13/11 8/3", "13/11/6*"})
    assert_plays(TURKISH, mover, opponent, dice, {"8/3/1", "13/11 8/3", "13/11/6*"})


# E15, worked by hand: the checkers on 13 never land on 6 (odd points); the checkers on 10 and
# 8 land on 6 on their way down, and the first one there hits. Standard: 16 plays. Turkish:
# nothing leaves 6 after the hit, so the six plays with a checker below 6 disappear.
E15_TURKISH = {
    "13/11 10/8/6* 8/6",  # RULES.md writes it 10/8 13/11 8/6* 8/6: covering after the hit
    "13/11/9 10/8/6*",
    "13/11(2) 10/8/6*",
    "13/11/9/7 10/8",
    "13/11/9/7 8/6*",
    "13/11/9 13/11 10/8",
    "13/11/9 13/11 8/6*",
    "13/11/9/7/5",
    "13/11/9/7 13/11",
    "13/11/9(2)",
}
E15_HIT_AND_RUN = {
    "10/8/6*/4/2",
    "10/8/6*/4 8/6",
    "13/11 10/8/6*/4",
    "13/11 8/6*/4/2",
    "13/11/9 8/6*/4",
    "13/11(2) 8/6*/4",
}


def test_the_freeze_holds_for_every_step_of_a_double() -> None:
    """E15: standard has 16 plays, Turkish 10; every play with 8/6* then 6/4 disappears and
    10/8 13/11 8/6* 8/6 (covering the hitter) stays."""
    mover, opponent, dice = {13: 2, 10: 1, 8: 1}, {6: 1}, (2, 2)
    standard = make(STANDARD, mover, opponent).legal_plays(dice)
    turkish = make(TURKISH, mover, opponent).legal_plays(dice)
    assert (len(standard), len(turkish)) == (16, 10)
    assert_plays(STANDARD, mover, opponent, dice, E15_TURKISH | E15_HIT_AND_RUN)
    assert_plays(TURKISH, mover, opponent, dice, E15_TURKISH)
    position = make(TURKISH, mover, opponent)
    assert after(position, "10/8 13/11 8/6* 8/6") in engine_boards(position, dice)


def test_a_hit_outside_the_home_board_freezes_nothing() -> None:
    """E24: 10 is not a home point, so the hitter runs on to 5 as in backgammon."""
    for variant in (STANDARD, TURKISH):
        assert_plays(variant, {13: 1}, {10: 1}, (3, 5), {"13/10*/5", "13/8/5"})


def test_a_hit_while_entering_freezes_nothing() -> None:
    """3.1 with E8's position: entry points are 19..24, so bar/22*/21 stays legal."""
    for variant in (STANDARD, TURKISH):
        assert_plays(
            variant,
            {"bar": 1, 13: 1},
            {22: 1},
            (3, 1),
            {"bar/22* 13/12", "bar/22*/21", "bar/24 13/10", "bar/24/21"},
        )


def test_a_hit_in_the_bear_off_freezes_the_hitter() -> None:
    """E23, TK-c: 5/3* may not go on to bear off from 3 (RGB #1022's ruling)."""
    mover, opponent, dice = {5: 1, 4: 2}, {3: 1, 1: 2}, (3, 2)
    assert_plays(STANDARD, mover, opponent, dice, {"5/2 4/2", "5/2/off", "5/3*/off"})
    assert_plays(TURKISH, mover, opponent, dice, {"5/2 4/2", "5/2/off"})


def test_each_home_hit_freezes_its_own_point() -> None:
    """3.1 [hand]: after 7/6* and 5/4* with 1-1, neither 6 nor 4 may be left; 13 moves on."""
    turn = make(TURKISH, {13: 2, 7: 1, 5: 1}, {6: 1, 4: 1}).turn((1, 1))
    hits = [(7, 1), (5, 1)]
    for point in (6, 4):
        refusal = turn.refusal(hits, point, 1)
        assert refusal is not None
        assert (refusal.code, refusal["point"]) == ("no_hit_and_run", point)
    assert turn.refusal(hits, 13, 1) is None


def test_a_frozen_point_may_be_covered_but_not_left_by_the_cover() -> None:
    """3.1, E15: after 8/6*, 10/8/6 may land on the frozen 6, and then neither checker there
    may leave it."""
    turn = make(TURKISH, {13: 2, 10: 1, 8: 1}, {6: 1}).turn((2, 2))
    assert turn.refusal([(8, 2), (10, 2)], 8, 2) is None
    refusal = turn.refusal([(8, 2), (10, 2), (8, 2)], 6, 2)
    assert refusal is not None
    assert (refusal.code, refusal["point"]) == ("no_hit_and_run", 6)


def test_a_checker_may_pass_over_a_frozen_point() -> None:
    """3.1 [hand]: after 9/6* with 3-3, 8/5 jumps over the frozen 6 and is legal."""
    turn = make(TURKISH, {13: 1, 9: 1, 8: 1}, {6: 1}).turn((3, 3))
    assert turn.refusal([(9, 3)], 8, 3) is None
    assert (8, 3) in {(step.source, step.die) for step in turn.legal_steps([(9, 3)])}


# R2: no wasted pips (RULES.md 3.2) --------------------------------------------------------------


def test_the_higher_die_bears_off_a_checker_that_it_could_bear_off() -> None:
    """E16, TK-d (S001's example): with a checker on 3 and 5-2, the 5 goes first."""
    mover, dice = {3: 1, 1: 1}, (5, 2)
    assert_plays(STANDARD, mover, {}, dice, {"3/off 1/off", "3/1 1/off"})
    assert_plays(TURKISH, mover, {}, dice, {"3/off 1/off"})


def test_walking_down_is_allowed_when_another_checker_is_borne_off() -> None:
    """E17 (narrow reading): 3/1 2/off bears off the checker on 2, not the one walked down."""
    for variant in (STANDARD, TURKISH):
        assert_plays(variant, {3: 1, 2: 1}, {}, (5, 2), {"3/off 2/off", "3/1 2/off"})


def test_no_wasted_pips_with_an_exact_die() -> None:
    """E18, TK-e: the 5 could bear off from 5, so 5/3/off is refused."""
    mover, dice = {5: 1, 3: 1}, (5, 2)
    assert_plays(STANDARD, mover, {}, dice, {"5/off 3/1", "5/3/off"})
    assert_plays(TURKISH, mover, {}, dice, {"5/off 3/1"})


def test_no_wasted_pips_with_an_oversized_die() -> None:
    """E19: the 6 could bear off from 5 (the highest point), so E10's 5/3/off is refused."""
    mover, dice = {5: 1, 3: 1, 1: 1}, (6, 2)
    assert_plays(STANDARD, mover, {}, dice, {"5/off 3/1", "5/3/off"})
    assert_plays(TURKISH, mover, {}, dice, {"5/off 3/1"})


# The waiver (RULES.md 3.4) ----------------------------------------------------------------------


def test_no_wasted_pips_yields_when_it_would_cost_a_die() -> None:
    """E20: only 5/4/off plays both dice (4/3 is closed), so R2 yields; it ends where 5/off
    alone would."""
    mover, opponent, dice = {5: 1, 4: 1}, {3: 2}, (6, 1)
    for variant in (STANDARD, TURKISH):
        assert_plays(variant, mover, opponent, dice, {"5/4/off"})
    position = make(TURKISH, mover, opponent)
    (play,) = position.legal_plays(dice)
    assert board_of(play.position) == after(position, "5/off")


def test_the_waiver_is_judged_over_the_whole_turn() -> None:
    """E21: 8/6*/1 is refused because other plays use both dice without running from home
    (a step-by-step waiver would allow it)."""
    mover, opponent, dice = {12: 1, 8: 1}, {6: 1, 7: 2}, (5, 2)
    assert_plays(STANDARD, mover, opponent, dice, {"8/6*/1", "8/3/1", "12/10 8/3", "12/10/5"})
    assert_plays(TURKISH, mover, opponent, dice, {"8/3/1", "12/10 8/3", "12/10/5"})


def test_the_freeze_yields_when_it_would_cost_a_die() -> None:
    """E22, TK-b: only 8/6*/1 plays both dice, so the freeze yields (`none` would give 8/6*)."""
    for variant in (STANDARD, TURKISH):
        assert_plays(variant, {8: 1, 1: 2}, {6: 1, 3: 2}, (5, 2), {"8/6*/1"})


def test_the_freeze_yields_for_a_double_when_it_would_cost_dice() -> None:
    """3.4 [hand]: with 8:2 against a blot on 6 and 2-2, the freeze would stop the turn after
    two twos (8/6* 8/6); every play of four twos runs from 6, so the freeze yields."""
    for variant in (STANDARD, TURKISH):
        assert_plays(variant, {8: 2}, {6: 1}, (2, 2), {"8/6*/4/2 8/6", "8/6*/4 8/6/4"})


def test_the_limits_never_cost_a_die_in_the_catalogue() -> None:
    """3.4: in every Turkish case of the catalogue the mover plays as many dice as in
    backgammon, and every Turkish play is a backgammon play."""
    cases = [
        ({13: 1, 8: 1}, {6: 1}, (5, 2)),
        ({13: 2, 10: 1, 8: 1}, {6: 1}, (2, 2)),
        ({3: 1, 1: 1}, {}, (5, 2)),
        ({3: 1, 2: 1}, {}, (5, 2)),
        ({5: 1, 3: 1}, {}, (5, 2)),
        ({5: 1, 3: 1, 1: 1}, {}, (6, 2)),
        ({5: 1, 4: 1}, {3: 2}, (6, 1)),
        ({12: 1, 8: 1}, {6: 1, 7: 2}, (5, 2)),
        ({8: 1, 1: 2}, {6: 1, 3: 2}, (5, 2)),
        ({5: 1, 4: 2}, {3: 1, 1: 2}, (3, 2)),
        ({8: 2}, {6: 1}, (2, 2)),
    ]
    for mover, opponent, dice in cases:
        standard = make(STANDARD, mover, opponent).turn(dice)
        turkish = make(TURKISH, mover, opponent).turn(dice)
        assert turkish.max_dice == standard.max_dice, (mover, opponent, dice)
        assert {board_of(p.position) for p in turkish.plays} <= {
            board_of(p.position) for p in standard.plays
        }


# Everything else as in backgammon (RULES.md 2.3) ------------------------------------------------


def test_the_starting_position_plays_as_in_backgammon() -> None:
    """2.3: no blot and no bear-off at the start, so every roll gives backgammon's plays."""
    turkish, standard = find_variant(TURKISH).start(), find_variant(STANDARD).start()
    for first in range(1, 7):
        for second in range(1, first + 1):
            dice = (first, second)
            assert engine_boards(turkish, dice) == engine_boards(standard, dice)


def test_a_hit_checker_goes_to_the_bar() -> None:
    """2.3, TK-a: after 13/11/6* the opponent's checker from 6 waits on the bar."""
    position = make(TURKISH, {13: 1, 8: 1}, {6: 1})
    hits = [p for p in position.legal_plays((5, 2)) if p.position.opponent[BAR]]
    assert [board_of(p.position) for p in hits] == [after(position, "13/11/6*")]


# When the limits cannot bite, the fast search answers (Variant.plain_turn) -----------------------


# (Those turns are compared with the general mechanism in test_plain_turns.py.)


def test_a_blot_at_home_keeps_the_freeze_in_play_if_a_hitter_could_step_on() -> None:
    """R1 refuses a step from where a checker hit at home: the hitter, which came there with
    a die to spare (none of the mover's checkers stood on a blot's point)."""
    turkish = find_variant(TURKISH)
    racing = turkish.position(mover={13: 2, 6: 13}, opponent={19: 15})
    assert turkish.plain_turn(racing, (5, 2))
    # The blot on 3 is hit only from 8 with the 5 (then 3/1 would run) or from 5 with the 2.
    out_of_reach = turkish.position(mover={13: 2, 6: 13}, opponent={3: 1, 19: 14})
    assert turkish.plain_turn(out_of_reach, (5, 2))
    hitter = turkish.position(mover={13: 2, 8: 1, 6: 12}, opponent={3: 1, 19: 14})
    assert not turkish.plain_turn(hitter, (5, 2))
    assert "8/3*/1" not in {play.notation for play in hitter.legal_plays((5, 2))}
    # With a double the hitter may come from two or three dice away: 12/7/2* and on.
    double = turkish.position(mover={12: 1, 6: 14}, opponent={2: 1, 19: 14})
    assert not turkish.plain_turn(double, (5, 5, 5, 5))
    assert turkish.plain_turn(double, (3, 3, 3, 3)), "none stands 3, 6 or 9 pips above 2"


def test_a_bear_off_keeps_the_wasted_pips_limit_in_play_if_a_pip_could_be_wasted() -> None:
    """R2 refuses walking a checker down with the lower die and bearing it off with the
    higher, which would have borne it off where it stood: only the highest checker, alone,
    with nothing between it and where it is walked to; the broad reading refuses the walk."""
    turkish = find_variant(TURKISH)
    broad = find_variant(TURKISH, rules="strict-wasted-pips")
    alone = turkish.position(mover={5: 1, 3: 14}, opponent={19: 15})
    assert not turkish.plain_turn(alone, (5, 2)), "5/3/off would waste two pips"
    assert "5/3/off" not in {play.notation for play in alone.legal_plays((5, 2))}
    assert turkish.plain_turn(alone, (2, 2, 2, 2)), "R2 never concerns a double"
    # A second checker on 5, or one on 4, stands above 3 once one is walked there: the 5
    # cannot bear it off (plain Tavla's rules), so there is nothing to waste.
    for mover in ({5: 2, 3: 13}, {5: 1, 4: 1, 3: 13}):
        position = turkish.position(mover=mover, opponent={19: 15})
        assert turkish.plain_turn(position, (5, 2)), mover
        broad_position = broad.position(mover=mover, opponent={19: 15})
        assert not broad.plain_turn(broad_position, (5, 2)), "the broad reading refuses 5/3"
    higher = turkish.position(mover={6: 2, 3: 13}, opponent={19: 15})
    assert turkish.plain_turn(higher, (5, 2)), "the 5 bears nothing off past the 6-point"
    last = turkish.position(mover={2: 1}, opponent={19: 15})
    assert turkish.plain_turn(last, (5, 2)), "the 2 bears it off itself: no walk down"
