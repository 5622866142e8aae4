"""Table-rule presets (decision 16): where published readings differ, each reading is a named
preset of its variant, and the default is always the seed's authority.

A preset is a variant object of its own, with its variant's key and a ``rules`` name, so that
everything that takes a variant takes a preset. For each preset: its rule cases (RULES.md's
where it has them, else worked by hand), and a bounded, seeded agreement with the independent
references of this folder (``reference_*.py``, written from RULES.md alone), given the reading
(``make test`` asks the first third of each sweep's positions, ``make test-deep`` all of them).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from generator.engine import (
    PRESETS,
    VARIANTS,
    Cube,
    Position,
    UnknownRulesError,
    Variant,
    find_variant,
    from_text,
)
from generator.engine.samples import ROLLS, random_position

from . import reference_greek, reference_long_nardy, reference_scoring, reference_turkish_tavla
from .helpers import assert_refused, assert_running_plays, expected_boards
from .test_turkish_tavla_reference import disagreement, focused_position, report

BUDGET = 5.0
"""Seconds of processor time an agreement sweep of one preset is meant to stay under."""

SAMPLE = 3
"""``make test`` asks the first third of each kind of position of a sweep; ``make test-deep``
(``pytest --deep``) asks them all. The positions are drawn in the same order either way."""

WHOLE = pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.deep)], ids=["sample", "all"]
)


def sample(positions: list[Position], whole: bool) -> list[Position]:
    """All of ``positions``, or only the first of them when not ``whole``."""
    return positions if whole else positions[: len(positions) // SAMPLE]


NAMES = {
    "backgammon": ["default"],
    "tavla-classic": ["default", "western-triple"],
    "tavla-modern": ["default", "western-triple"],
    "turkish-tavla": [
        "default",
        "strict-wasted-pips",
        "limits-never-yield",
        "limits-yield-by-step",
    ],
    "portes": ["default", "greek"],
    "long-nardy": ["default", "head-second-player", "head-unplayable-dice", "block-at-turn-end"],
    "plakoto": ["default", "pinned-home-bears-off"],
    "fevga": ["default", "runner-quarter", "quarter-every-step", "let-out-always"],
}


# Choosing a preset ------------------------------------------------------------------------------


def test_every_variant_lists_its_presets_default_first() -> None:
    assert {key: list(presets) for key, presets in PRESETS.items()} == NAMES
    for key, presets in PRESETS.items():
        assert presets["default"] is VARIANTS[key]
        for name, preset in presets.items():
            assert (preset.key, preset.rules, preset.name) == (key, name, VARIANTS[key].name)
            assert isinstance(preset, type(VARIANTS[key]))


@pytest.mark.parametrize(("key", "name"), [(k, n) for k, names in NAMES.items() for n in names])
def test_a_preset_is_found_by_name_and_pastes_back(key: str, name: str) -> None:
    preset = find_variant(key, rules=name)
    assert preset is PRESETS[key][name]
    assert find_variant(key).with_rules(name) is preset
    assert preset.with_rules("default") is VARIANTS[key]
    assert eval(repr(preset), {"find_variant": find_variant}) is preset
    assert find_variant(key, rules=name.upper().replace("-", "_")) is preset
    position = preset.start()
    assert position.variant is preset and position.turned().variant is preset
    assert all(play.position.variant is preset for play in position.legal_plays((3, 1)))


def test_an_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(UnknownRulesError, match=r"^unknown rules 'greek' for fevga; use one of: "):
        find_variant("fevga", rules="greek")
    with pytest.raises(UnknownRulesError, match=r"use one of: default, greek$"):
        find_variant("Portes").with_rules("tavliplay")
    with pytest.raises(UnknownRulesError, match=r"use one of: default$"):
        find_variant("backgammon", rules="western-triple")


def test_a_preset_states_only_what_differs() -> None:
    """Each preset changes the facts of its reading and nothing else."""
    changed = {
        ("portes", "greek"): {"win_words", "counts_double", "rules"},
        ("tavla-classic", "western-triple"): {
            "win_words",
            "counts_triple",
            "triple_unconfirmed",
            "rules",
        },
        ("turkish-tavla", "strict-wasted-pips"): {"wasted_pips_reading", "rules"},
        ("turkish-tavla", "limits-never-yield"): {"limit_options", "rules"},
        ("turkish-tavla", "limits-yield-by-step"): {
            "limit_options",
            "limits_yield_by_step",
            "rules",
        },
        ("long-nardy", "head-second-player"): {"head_exception", "rules"},
        ("long-nardy", "head-unplayable-dice"): {"limit_options", "rules"},
        ("long-nardy", "block-at-turn-end"): {"block_check", "rules"},
        ("fevga", "runner-quarter"): {"runner_passes", "runner_code", "rules"},
    }
    for (key, name), facts in changed.items():
        preset = type(find_variant(key, rules=name))
        own = {fact for fact in vars(preset) if not fact.startswith("__")}
        assert own == facts, (key, name)


# Scoring: portes greek, tavla western-triple (and the defaults' flag) ----------------------------


def finished(variant: Variant, rng: random.Random) -> tuple[Position, bool]:
    """A finished game: one side has borne off everything; the loser has from none to three
    off, the rest on random points or the bar. Returns the position and whether the mover won."""
    loser: dict[Any, int] = {}
    on_board = 15 - rng.choice((0, 0, 0, 1, 3))
    for _ in range(on_board):
        place: Any = "bar" if rng.random() < 0.05 else rng.randint(1, 24)
        loser[place] = loser.get(place, 0) + 1
    if rng.random() < 0.5:
        return variant.position(mover={}, opponent=loser), True
    return variant.position(mover=loser, opponent={}), False


SCORED = [reading for reading in reference_scoring.READINGS]


@pytest.mark.parametrize("reading", SCORED)
def test_results_agree_with_the_scoring_reference(reading: str) -> None:
    key, _, name = reading.partition("/")
    variant = find_variant(key, rules=name or None)
    rng = random.Random(f"scoring-{reading}")
    cubes = (1, 2, 8) if variant.has_cube else (1,)
    for _ in range(400):
        position, mover_won = finished(variant, rng)
        loser = position.opponent if mover_won else position.mover
        cube = rng.choice(cubes)
        result = variant.result(position, cube)
        assert result is not None
        expected = reference_scoring.score(reading, loser, mover_won, cube)
        found = (result.multiplier, result.points, result.unconfirmed)
        assert found == expected, (reading, position)
        assert result.winner == ("mover" if mover_won else "opponent")
        assert result.kind == variant.win_words[result.multiplier - 1]


def test_portes_greek_counts_a_gammon_and_no_triple() -> None:
    """Decision 11: the Greek table's Portes: 1, or 2 when the loser has borne off nothing,
    whatever else the loser has left (no triple, no cube); the default (TavliPlay) counts 1."""
    greek = find_variant("portes", rules="greek")
    cases = [
        ("- / 19:14", "single", 1),
        ("- / 19:15", "gammon", 2),
        ("- / bar:1 19:14", "gammon", 2),
    ]
    for text, kind, points in cases:
        result = greek.result(from_text(greek, text))
        assert result is not None and (result.kind, result.points) == (kind, points), text
        default = find_variant("portes").result(from_text(find_variant("portes"), text))
        assert default is not None and (default.kind, default.points) == ("single", 1), text
    assert not greek.has_cube


@pytest.mark.parametrize("key", ["tavla-classic", "tavla-modern"])
def test_tavla_western_triple_counts_a_backgammon_three(key: str) -> None:
    """Decision 1: the default scores a would-be backgammon as a mars (2, times the cube in
    Modern) and says the triple is unconfirmed; ``western-triple`` counts it 3."""
    default, western = find_variant(key), find_variant(key, rules="western-triple")
    cube = Cube(4, "opponent") if default.has_cube else 1
    for text in ("- / bar:1 19:14", "- / 2:1 23:14", "6:1 19:14 / -"):
        mover_won = text.startswith("-")
        position = from_text(default, text)
        mars = default.result(position, cube)
        assert mars is not None and (mars.kind, mars.multiplier) == ("mars", 2), text
        assert mars.unconfirmed == "triple"
        assert mars.winner == ("mover" if mover_won else "opponent")
        triple = western.result(Position(western, position.mover, position.opponent), cube)
        assert triple is not None and (triple.kind, triple.multiplier) == ("backgammon", 3)
        assert triple.points == 3 * (4 if default.has_cube else 1) and not triple.unconfirmed
    # A plain mars is certain in every reading.
    plain = default.result(from_text(default, "- / 19:15"))
    assert plain is not None and plain.multiplier == 2 and not plain.unconfirmed


def test_turkish_tavla_scores_no_triple_and_flags_nothing() -> None:
    """S001 says it: Turkish Tavla has no triple, so nothing about its mars is unconfirmed."""
    turkish = find_variant("turkish-tavla")
    result = turkish.result(from_text(turkish, "- / bar:1 19:14"))
    assert result is not None and (result.kind, result.points, result.unconfirmed) == (
        "mars",
        2,
        "",
    )


# Turkish Tavla: strict-wasted-pips ----------------------------------------------------------------

STRICT = find_variant("turkish-tavla", rules="strict-wasted-pips")
TURKISH = find_variant("turkish-tavla")


def plays_of(variant: Variant, text: str, dice: tuple[int, int]) -> set[tuple[Any, ...]]:
    position = from_text(variant, text)
    return {(p.position.mover, p.position.opponent) for p in position.legal_plays(dice)}


def boards(variant: Variant, text: str, plays: Iterable[str]) -> set[tuple[Any, ...]]:
    return expected_boards(from_text(variant, text), plays)


@pytest.mark.parametrize(
    ("case", "text", "dice", "default", "strict"),
    [
        ("E17", "3:1 2:1 / 20:15", (5, 2), ["3/off 2/off", "3/1 2/off"], ["3/off 2/off"]),
        ("E16", "3:1 1:1 / 20:15", (5, 2), ["3/off 1/off"], ["3/off 1/off"]),
        ("E18", "5:1 3:1 / 20:15", (5, 2), ["5/off 3/1"], ["5/off 3/1"]),
        ("E19", "5:1 3:1 1:1 / 20:15", (6, 2), ["5/off 3/1"], ["5/off 3/1"]),
        # Worked by hand: the 2 can only walk down from the 4-point (3/1 is closed), and the 5
        # then bears off from the 3-point. The strict limit would cost the 2 (4/off leaves it
        # unplayable), so it yields, as every limit does (decision 3).
        ("yields", "4:1 3:1 / 1:2 20:13", (5, 2), ["4/2 3/off"], ["4/2 3/off"]),
    ],
)
def test_strict_wasted_pips(
    case: str, text: str, dice: tuple[int, int], default: list[str], strict: list[str]
) -> None:
    assert plays_of(TURKISH, text, dice) == boards(TURKISH, text, default), case
    assert plays_of(STRICT, text, dice) == boards(STRICT, text, strict), case


def test_strict_wasted_pips_refuses_the_walk_down_itself() -> None:
    """E17 under the strict reading: 3/1 with the 2 is refused while the 5 could bear that
    checker off, whatever the 5 would do next; with the 5 played first, 2/off is fine."""
    turn = from_text(STRICT, "3:1 2:1 / 20:15").turn((5, 2))
    assert_refused(turn, [], 3, 2, "wasted_pips", die=5, source=3, point=1)
    assert turn.refusal([], 2, 2) is None and turn.refusal([(3, 5)], 2, 2) is None
    assert turn.limits == {"no_hit_and_run", "wasted_pips"}


def timed(sweep: Callable[[], None]) -> None:
    """Run one agreement sweep. Each is sized to take about 1 to 3 s of processor time here
    (``BUDGET`` is the most one may take); the time is not asserted, since a loaded machine
    would fail the test for nothing the engine did."""
    started = time.process_time()
    sweep()
    spent = time.process_time() - started
    if spent > BUDGET:
        print(f"note: the sweep took {spent:.1f} s of processor time, over {BUDGET} s")


@WHOLE
def test_strict_wasted_pips_agrees_with_the_reference(whole: bool) -> None:
    """Bear-offs aimed at the limits (120 x 21 rolls) and random positions (60 x 21)."""
    rng = random.Random("strict-wasted-pips")

    def sweep() -> None:
        problems: list[str] = []
        queries = 0
        focused = [Position(STRICT, *sides(focused_position(rng))) for _ in range(120)]
        positions = sample(focused, whole)
        positions += sample([random_position(STRICT, rng) for _ in range(60)], whole)
        for position in positions:
            for dice in ROLLS:
                queries += 1
                ours = reference_turkish_tavla.reference_plays(
                    position.mover, position.opponent, dice, reading="broad"
                )
                problems += filter(None, [disagreement(position, dice, ours)])
        assert not problems, report(problems, queries)

    timed(sweep)


def sides(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return position.mover, position.opponent


# Long Nardy: head-second-player, head-unplayable-dice, block-at-turn-end -------------------------

NARDY = "long-nardy"
SECOND = find_variant(NARDY, rules="head-second-player")
UNPLAYABLE = find_variant(NARDY, rules="head-unplayable-dice")
AT_END = find_variant(NARDY, rules="block-at-turn-end")


@pytest.mark.parametrize(
    ("dice", "default", "second"),
    [
        ((6, 6), {"24/18(2)"}, {"24/18"}),
        ((4, 4), {"24/20/16(2)"}, {"24/20/16"}),
        ((3, 3), {"24/21/18/15 24/21", "24/21/18(2)"}, {"24/21/18/15"}),
    ],
    ids=["6-6", "4-4", "3-3"],
)
def test_head_second_player_gives_the_first_player_no_exception(
    dice: tuple[int, int], default: set[str], second: set[str]
) -> None:
    """Both heads full (a re-roll opening's first turn), worked by hand: a lone checker
    stops in front of the opponent's head. The default gives a second checker (decision 8),
    ``head-second-player`` does not; once the opponent has moved (E26, E28), both agree."""
    assert_running_plays(NARDY, {24: 15}, {12: 15}, dice, default)
    position = assert_running_plays(SECOND, {24: 15}, {12: 15}, dice, second)
    assert_refused(position.turn(dice), [(24, dice[0])], 24, dice[0], "head_once_first_player")
    moved = {12: 14, 3: 1}
    both = {(6, 6): {"24/18(2)"}, (4, 4): {"24/20/16(2)"}}.get(dice, default)
    assert_running_plays(SECOND, {24: 15}, moved, dice, both)


def test_head_unplayable_dice_lets_a_second_checker_play_a_stuck_roll() -> None:
    """E27 under ``head-unplayable-dice``: one checker plays only two of the fives (14/9 is
    closed), so a second may leave the head and all four are played; a third may not. The
    default keeps E27's one checker."""
    assert_running_plays(NARDY, {24: 15}, {12: 14, 9: 1}, (5, 5), {"24/19/14"})
    position = assert_running_plays(UNPLAYABLE, {24: 15}, {12: 14, 9: 1}, (5, 5), {"24/19/14(2)"})
    turn = position.turn((5, 5))
    assert turn.limits == frozenset()
    assert_refused(turn, [(24, 5), (24, 5)], 24, 5, "head_twice_first_turn")


def test_head_unplayable_dice_on_a_non_double() -> None:
    """Worked by hand (a constructed first turn): with 6-4 a lone checker cannot play both
    dice (18/14 and 20/14 land on the opponent's checker), two checkers can: ``24/18 24/20``.
    The default must play the higher die alone."""
    opponent = {12: 13, 14: 1, 3: 1}
    assert_running_plays(NARDY, {24: 15}, opponent, (6, 4), {"24/18"})
    assert_running_plays(UNPLAYABLE, {24: 15}, opponent, (6, 4), {"24/18 24/20"})


def test_head_unplayable_dice_keeps_the_limit_when_the_roll_plays() -> None:
    """The limit yields only when it costs a die: E25 (6-5, one checker plays both) keeps it,
    with the preset's own words; later turns keep it too (E33, and a later stuck 6-6)."""
    position = assert_running_plays(UNPLAYABLE, {24: 15}, {12: 15}, (6, 5), {"24/18/13"})
    assert_refused(position.turn((6, 5)), [(24, 6)], 24, 5, "head_once_roll_playable")
    assert_running_plays(
        UNPLAYABLE, {24: 14, 20: 1}, {12: 13, 5: 1, 3: 1}, (6, 6), {"24/18 20/14/8/2"}
    )
    assert_running_plays(
        UNPLAYABLE, {24: 14, 17: 1}, {12: 12, 11: 1, 5: 1, 1: 1}, (6, 6), {"24/18"}
    )


E29_MOVER = {24: 9, 14: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}
E30_MOVER = {24: 9, 11: 1, 10: 2, 9: 1, 8: 1, 7: 1}


def test_block_at_turn_end_allows_a_momentary_block() -> None:
    """E29: ``14/11/9`` makes 11..6 for one step; at the end of the turn it is broken again.
    37 positions at the end, 36 at every step (decision 7)."""
    default = find_variant(NARDY).position(mover=E29_MOVER, opponent={12: 15})
    at_end = AT_END.position(mover=E29_MOVER, opponent={12: 15})
    assert len(default.legal_plays((3, 2))) == 36
    assert len(at_end.legal_plays((3, 2))) == 37
    turn = at_end.turn((3, 2))
    assert turn.refusal([], 14, 3) is None and turn.refusal([(14, 3)], 11, 2) is None
    assert_refused(default.turn((3, 2)), [], 14, 3, "six_block")


def test_block_at_turn_end_still_refuses_a_block_that_stays() -> None:
    """E30: the same 31 positions in both readings; ``10/6 24/23`` ends with 11..6 held and is
    refused, here because the turn may not end so."""
    position = AT_END.position(mover=E30_MOVER, opponent={12: 15})
    assert len(position.legal_plays((4, 1))) == 31
    turn = position.turn((4, 1))
    assert turn.refusal([], 10, 4) is None
    assert_refused(turn, [(10, 4)], 24, 1, "six_block")


def first_turns(variant: Variant, rng: random.Random) -> Iterator[Position]:
    """First turns: all fifteen on the head; the opponent's head full, or a few of its
    checkers moved out (on the mover's 1..11) or, constructed, anywhere."""
    while True:
        opponent: dict[int, int] = {12: 15 - rng.choice((0, 1, 1, 2, 4))}
        for _ in range(15 - opponent[12]):
            point = rng.randint(1, 11) if rng.random() < 0.7 else rng.randint(13, 23)
            opponent[point] = opponent.get(point, 0) + 1
        yield variant.position(mover={24: 15}, opponent=opponent)


LONG_NARDY_READINGS: dict[str, dict[str, Any]] = {
    "head-second-player": {"head_exception": "second-player"},
    "head-unplayable-dice": {"head_unplayable": True},
    "block-at-turn-end": {"block_check": "end"},
}


@WHOLE
@pytest.mark.parametrize("name", list(LONG_NARDY_READINGS))
def test_long_nardy_presets_agree_with_the_reference(name: str, whole: bool) -> None:
    """Random positions (150 x 21 rolls) and first turns (60 x 21) against the reference with
    the preset's reading."""
    variant = find_variant(NARDY, rules=name)
    reading = LONG_NARDY_READINGS[name]
    rng = random.Random(f"long-nardy-{name}")

    def sweep() -> None:
        positions = sample([random_position(variant, rng) for _ in range(150)], whole)
        turns = first_turns(variant, rng)
        positions += sample([next(turns) for _ in range(60)], whole)
        problems = []
        for position in positions:
            for dice in ROLLS:
                engine = {p.position.mover for p in position.legal_plays(dice)}
                ours = reference_long_nardy.reference_plays(
                    position.mover, position.opponent, dice, **reading
                )
                if engine != ours:
                    problems.append(f"{position!r} {dice}")
        assert not problems, f"{len(problems)} disagree, e.g. {problems[:3]}"

    timed(sweep)


# Fevga: runner-quarter --------------------------------------------------------------------------

QUARTER = find_variant("fevga", rules="runner-quarter")


def test_runner_quarter_lets_a_runner_on_the_empty_start_count() -> None:
    """The rules page's case: the opponent's start is empty and the runner stands on it, the
    mover's 12. By default nothing can move (12/6 and 12/7 are closed, no second checker may
    leave); under ``runner-quarter`` the runner is in the opponent's starting quarter, and
    two checkers leave the start."""
    mover, opponent = {24: 14, 12: 1}, {13: 1, 11: 2, 10: 3, 9: 3, 8: 3, 7: 2, 6: 1}
    assert_running_plays("fevga", mover, opponent, (6, 5), set())
    assert_running_plays(QUARTER, mover, opponent, (6, 5), {"24/18 24/19"})


def test_runner_quarter_frees_the_start_a_step_earlier() -> None:
    """Worked by hand (decision 9's case): 1-1, the runner on 13, the opponent all on the
    mover's 3. The runner must move first; on 12 it has reached the quarter, so the other
    ones may go to the runner or to any checker from the start."""
    plays = {
        "13/12/11/10/9",
        "24/23 13/12/11/10",
        "24/23(2) 13/12/11",
        "24/23/22 13/12/11",
        "24/23/22/21 13/12",
        "24/23/22 24/23 13/12",
        "24/23(3) 13/12",
    }
    position = assert_running_plays(QUARTER, {24: 14, 13: 1}, {3: 15}, (1, 1), plays)
    turn = position.turn((1, 1))
    assert_refused(turn, [], 24, 1, "runner_not_in_quarter", point=13)
    assert turn.refusal([(13, 1)], 24, 1) is None


def runners(rng: random.Random) -> Iterator[Position]:
    """Positions where the reading matters: the opponent's start empty, one runner out on the
    mover's 12..16, the rest on the start."""
    while True:
        runner = rng.randint(12, 16)
        opponent: dict[int, int] = {}
        for _ in range(15 - rng.randint(0, 2)):
            point = rng.choice([p for p in range(1, 24) if p not in (12, runner)])
            opponent[point] = opponent.get(point, 0) + 1
        yield QUARTER.position(mover={24: 14, runner: 1}, opponent=opponent)


@WHOLE
def test_runner_quarter_agrees_with_the_reference(whole: bool) -> None:
    """Random positions (150 x 21 rolls) and runners by an empty start (80 x 21)."""
    rng = random.Random("fevga-runner-quarter")
    reference = reference_greek.PLAYS["fevga/runner-quarter"]

    def sweep() -> None:
        positions = sample([random_position(QUARTER, rng) for _ in range(150)], whole)
        extra = runners(rng)
        positions += sample([next(extra) for _ in range(80)], whole)
        problems = []
        for position in positions:
            state = (
                position.mover,
                position.opponent,
                position.mover_pinned,
                position.opponent_pinned,
            )
            for dice in ROLLS:
                engine = {
                    (p.position.mover, p.position.opponent, p.position.mover_pinned,
                     p.position.opponent_pinned)
                    for p in position.legal_plays(dice)
                }  # fmt: skip
                if engine != reference(state, dice):
                    problems.append(f"{position!r} {dice}")
        assert not problems, f"{len(problems)} disagree, e.g. {problems[:3]}"

    timed(sweep)
