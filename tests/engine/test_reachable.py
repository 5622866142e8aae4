"""Which boards a game can come to (``reachable.py``): the marks every earlier turn leaves.

A board is refused only for a mark that no game can lack, with the mark as the reason; every
board of a real game passes (a false "impossible" would refuse a teacher's puzzle). The rules,
one by one, each with boards that break it and boards that keep it:

* the games without hitting (Long Nardy, Fevga, Plakoto): once a side has borne off, all the
  checkers it has left are in its home board (RULES.md 1.4, 1.7, 2.7); in the hitting games a
  checker hit after the bear-off began may stand anywhere;
* Long Nardy: six points in a row with nothing of the other side past them never stand (4.2);
* Fevga: no side holds its whole starting quarter, and no second checker has left a start
  before one has passed the other side's start (2.6, decision 9);
* Plakoto: no checker lies pinned on its opponent's starting point (2.7);
* a game that is over is no reason by itself: a bear-off drill with no opponent, a scoring
  puzzle showing the winner's board.

Then the properties: every board of a few hundred random games from the start passes; a board
is refused exactly when a rule above, worked out here from the plain counts, says so, and for
that rule; and the answer takes microseconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine import (
    CHECKERS,
    OFF,
    VARIANTS,
    Position,
    PositionError,
    Refusal,
    find_variant,
    why_unreachable,
)
from generator.engine.nardy import standing_block
from generator.engine.reasons import WORDS
from generator.engine.samples import random_position
from generator.locale import explain

from .helpers import Counts, same_direction_own

RUNNING = ("long-nardy", "fevga")
NO_HITTING = ("long-nardy", "fevga", "plakoto")
HITTING = tuple(key for key in VARIANTS if key not in NO_HITTING)
CODES = frozenset(
    {
        "borne_off_outside_home",
        "opponent_borne_off_outside_home",
        "borne_off_with_head",
        "opponent_borne_off_with_head",
        "standing_six_block",
        "opponent_standing_six_block",
        "starting_quarter_held",
        "opponent_starting_quarter_held",
        "left_start_before_passing",
        "opponent_left_start_before_passing",
        "pinned_on_opponent_start",
        "opponent_pinned_on_your_start",
    }
)


def why(
    game: str, mover: Counts, opponent: Counts, pinned: Iterable[tuple[str, int]] = ()
) -> Refusal | None:
    position = find_variant(game).position(mover=mover, opponent=opponent, pinned=pinned)
    return why_unreachable(position)


# Setups and the catalogue (RULES.md 2, 5) ------------------------------------------------------


@pytest.mark.parametrize("game", list(VARIANTS))
def test_every_games_start_can_arise_with_either_player_to_move(game: str) -> None:
    start = find_variant(game).start()
    assert why_unreachable(start) is None
    assert why_unreachable(start.turned()) is None


# RULES.md 5's boards in the games without hitting (E29 is constructed, but a game can still
# come to it: the opponent passes while every roll without a 1 is blocked).
CATALOGUE = [
    ("E25", "long-nardy", {24: 15}, {12: 15}, ()),
    ("E26", "long-nardy", {24: 15}, {12: 14, 3: 1}, ()),
    ("E27", "long-nardy", {24: 15}, {12: 14, 9: 1}, ()),
    ("E29", "long-nardy", {24: 9, 14: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, {12: 15}, ()),
    ("E30", "long-nardy", {24: 9, 11: 1, 10: 2, 9: 1, 8: 1, 7: 1}, {12: 15}, ()),
    ("E30 past", "long-nardy", {24: 9, 11: 1, 10: 2, 9: 1, 8: 1, 7: 1}, {12: 14, 3: 1}, ()),
    ("E31", "long-nardy", {24: 2, 23: 1, 3: 4, 2: 4, 1: 4}, {12: 5, 10: 5, 5: 5}, ()),
    ("E31 past", "long-nardy", {24: 2, 23: 1, 3: 4, 2: 4, 1: 4}, {12: 5, 10: 5, 5: 4, 16: 1}, ()),
    ("E32", "long-nardy", {20: 1, 1: 14}, {15: 1, 14: 14}, ()),
    ("E33", "long-nardy", {24: 14, 20: 1}, {12: 13, 5: 1, 3: 1}, ()),
    ("E34", "long-nardy", {6: 1, 3: 1, 1: 1}, {15: 15}, ()),
    ("E35", "fevga", {24: 15}, {12: 15}, ()),
    ("E36", "fevga", {24: 14, 13: 1}, {12: 15}, ()),
    ("E37", "fevga", {24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 5: 2}, {15: 5, 14: 10}, ()),
    ("E38", "plakoto", {24: 13, 13: 1, 10: 1}, {8: 1, 1: 14}, ()),
    ("E39", "plakoto", {24: 12, 16: 1, 12: 1, 10: 1}, {10: 1, 1: 14}, (("mover", 10),)),
    ("E40", "plakoto", {7: 1, 6: 4, 5: 4, 3: 4, 2: 2}, {1: 1, 19: 7, 20: 7}, ()),
    ("E40 start", "plakoto", {24: 1, 13: 12, 7: 1, 5: 1}, {1: 1, 19: 7, 20: 7}, ()),
    ("E41", "plakoto", {6: 3, 4: 4, 3: 1, 2: 4, 1: 3}, {3: 1, 22: 14}, (("mover", 3),)),
    ("E41 free", "plakoto", {6: 3, 4: 4, 3: 1, 2: 4, 1: 3}, {22: 15}, ()),
]


@pytest.mark.parametrize(
    ("game", "mover", "opponent", "pinned"),
    [case[1:] for case in CATALOGUE],
    ids=[case[0] for case in CATALOGUE],
)
def test_the_catalogues_boards_can_arise(
    game: str, mover: Counts, opponent: Counts, pinned: tuple[tuple[str, int], ...]
) -> None:
    assert why(game, mover, opponent, pinned) is None


# Bearing off where nobody is hit (RULES.md 1.4, 1.7) ------------------------------------------


def test_long_nardy_cannot_have_borne_off_with_checkers_on_the_head() -> None:
    """The issue's board: twelve on the head and one off. Bearing off begins with all fifteen
    home, and no checker comes back."""
    reason = why("long-nardy", {24: 12, 6: 2}, {12: 15})
    assert reason == Refusal.of("borne_off_with_head", count=1)
    assert reason.message() == (
        "You have borne off a checker, yet checkers of yours are still on the head: bearing off "
        "begins only when all fifteen are home, and no checker ever moves back."
    )
    assert explain(reason, "ru") == (
        "Вы сняли 1 шашку, но на голове ещё стоят ваши шашки: снимать шашки можно, только когда "
        "все пятнадцать в доме, а назад шашки не ходят."
    )


def test_long_nardy_names_the_opponents_head_too() -> None:
    reason = why("long-nardy", {24: 15}, {12: 2, 15: 10})
    assert reason == Refusal.of("opponent_borne_off_with_head", count=3)


@pytest.mark.parametrize("game", NO_HITTING)
def test_a_side_that_has_borne_off_has_every_checker_home(game: str) -> None:
    """The farthest checker outside the home board is named; the opponent's home is its own
    1..6 (the mover's 13..18 in Long Nardy and Fevga, 19..24 in Plakoto)."""
    assert why(game, {20: 1, 9: 1, 3: 10}, {23: 15} if game == "plakoto" else {17: 15}) == (
        Refusal.of("borne_off_outside_home", count=3, point=20)
    )
    if game in RUNNING:
        opponent: Counts = {20: 1, 10: 1, 15: 12}  # its own 8 and 22 (and 3, home)
    else:
        opponent = {18: 1, 10: 1, 20: 12}  # its own 7 and 15 (and 5, home)
    reason = why(game, {24: 15} if game == "plakoto" else {24: 14, 3: 1}, opponent)
    assert reason == Refusal.of("opponent_borne_off_outside_home", count=1, point=10)


@pytest.mark.parametrize("game", NO_HITTING)
def test_bearing_off_with_every_checker_home_can_arise(game: str) -> None:
    opponent: Counts = {15: 3, 13: 2} if game in RUNNING else {21: 3, 19: 2}
    assert why(game, {6: 2, 1: 3}, opponent) is None


@pytest.mark.parametrize("game", HITTING)
def test_in_the_hitting_games_a_checker_hit_after_bearing_off_may_be_anywhere(game: str) -> None:
    """A checker hit after the bear-off has begun goes back to the bar and comes round again."""
    assert why(game, {"bar": 1, 20: 1, 6: 10}, {1: 1, 19: 10}) is None
    assert why(game, {13: 1, 6: 12}, {"bar": 2, 20: 3}) is None


# A game that is over --------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(VARIANTS))
def test_a_finished_game_is_no_reason_by_itself(game: str) -> None:
    """The opponent has won: a bear-off drill with no opponent. The mover has won: a scoring
    puzzle's board right after the winning play. Both sides off is no board at all."""
    assert why(game, {6: 5, 1: 10}, {}) is None
    home = {15: 15} if game in RUNNING else {19: 15}
    assert why(game, {}, home) is None
    with pytest.raises(PositionError, match="both sides have borne off every checker"):
        why(game, {}, {})


def test_plakotos_mother_is_no_reason_by_itself() -> None:
    """The mover pinned the mother with its own start empty (won); the opponent did (lost); both
    mothers pinned (a draw); the mother pinned while the pinner's start still holds checkers
    (the game goes on)."""
    won = ({6: 4, 5: 4, 3: 4, 2: 2, 1: 1}, {20: 7, 19: 7, 1: 1}, [("opponent", 1)])
    lost = ({24: 1, 13: 14}, {24: 1, 19: 14}, [("mover", 24)])
    draw = ({24: 1, 1: 1, 13: 13}, {24: 1, 1: 1, 19: 13}, [("mover", 24), ("opponent", 1)])
    going_on = ({24: 1, 13: 14}, {24: 1, 1: 2, 19: 12}, [("mover", 24)])
    for mover, opponent, pinned in (won, lost, draw, going_on):
        assert why("plakoto", mover, opponent, pinned) is None


# Long Nardy's six-point block (RULES.md 4.2) ----------------------------------------------------


def test_six_in_a_row_with_no_opposing_checker_past_never_stands() -> None:
    reason = why("long-nardy", {24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, {12: 15})
    assert reason == Refusal.of("standing_six_block", count=6, first=11, last=6)
    assert reason.message() == (
        "You hold 6 points in a row, from the 11-point to the 6-point, with no opposing checker "
        "past them: no step may ever build such a block."
    )


def test_six_in_a_row_stands_once_an_opposing_checker_is_past() -> None:
    mover = {24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}
    assert why("long-nardy", mover, {12: 14, 3: 1}) is None


def test_five_in_a_row_always_stands() -> None:
    assert why("long-nardy", {24: 10, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1}, {12: 15}) is None


def test_a_longer_run_is_counted_whole() -> None:
    mover = {24: 8, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1, 5: 1}
    assert why("long-nardy", mover, {12: 15}) == (
        Refusal.of("standing_six_block", count=7, first=11, last=5)
    )


def test_a_block_runs_round_the_corner_along_the_opponents_route() -> None:
    """The mover's 3, 2, 1, 24, 23, 22 are the opponent's 15..10, six in a row for it; the
    opponent stands on its 24 and 17, behind them."""
    mover = {3: 2, 2: 2, 1: 2, 24: 5, 23: 2, 22: 2}
    assert why("long-nardy", mover, {12: 10, 5: 5}) == (
        Refusal.of("standing_six_block", count=6, first=3, last=22)
    )
    assert why("long-nardy", mover, {12: 10, 5: 4, 14: 1}) is None  # its own 2 is past


def test_no_run_crosses_the_opponents_start() -> None:
    """The mover's 13 and 12 are the opponent's last and first points: not in a row for it."""
    mover = {15: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1, 24: 9}
    assert why("long-nardy", mover, {3: 15}) is None


def test_the_opponents_six_in_a_row_never_stands_with_none_of_the_movers_past() -> None:
    opponent = {23: 1, 22: 1, 21: 1, 20: 1, 19: 1, 18: 1, 12: 9}
    reason = why("long-nardy", {24: 15}, opponent)
    assert reason == Refusal.of("opponent_standing_six_block", count=6, first=23, last=18)
    assert why("long-nardy", {24: 14, 10: 1}, opponent) is None


# Fevga's starting quarter and runner (RULES.md 2.6, decision 9) ------------------------------


def test_no_side_holds_its_whole_starting_quarter() -> None:
    mover = {24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1, 5: 1}
    assert why("fevga", mover, {12: 15}) == (Refusal.of("starting_quarter_held", first=24, last=19))
    opponent = {12: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 20: 1}  # its own 24..19, and 8
    assert why("fevga", {24: 15}, opponent) == (
        Refusal.of("opponent_starting_quarter_held", first=12, last=7)
    )


def test_five_of_the_starting_quarter_can_be_held() -> None:
    assert why("fevga", {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 5: 1}, {12: 15}) is None


def test_a_second_checker_leaves_the_start_only_once_one_has_passed() -> None:
    assert why("fevga", {24: 13, 20: 1, 15: 1}, {12: 15}) == (
        Refusal.of("left_start_before_passing", count=2)
    )
    assert why("fevga", {24: 14, 15: 1}, {12: 15}) is None  # the runner alone
    assert why("fevga", {24: 13, 20: 1, 10: 1}, {12: 15}) is None  # it has passed
    assert why("fevga", {24: 13, 20: 1, 3: 1}, {12: 15}) is None


def test_a_runner_on_the_opponents_empty_start_has_not_passed() -> None:
    """Decision 9: the 11-point or lower; the 12 is not enough, even with it empty."""
    assert why("fevga", {24: 13, 12: 1, 20: 1}, {3: 1, 16: 14}) == (
        Refusal.of("left_start_before_passing", count=2)
    )


def test_the_opponents_runner_too() -> None:
    """The opponent's start is the mover's 12; it has passed the mover's start on the mover's
    23..13 (its own 11..1)."""
    assert why("fevga", {24: 15}, {12: 13, 8: 1, 3: 1}) == (
        Refusal.of("opponent_left_start_before_passing", count=2)
    )
    assert why("fevga", {24: 15}, {12: 13, 8: 1, 20: 1}) is None


# Plakoto's pins (RULES.md 2.7) ----------------------------------------------------------------


def test_no_checker_is_pinned_on_its_opponents_starting_point() -> None:
    """A pin is made by a checker that arrives, and no checker arrives at its own start."""
    assert why("plakoto", {24: 14, 1: 1}, {1: 2, 19: 13}, [("mover", 1)]) == (
        Refusal.of("pinned_on_opponent_start", point=1)
    )
    assert why("plakoto", {24: 2, 6: 13}, {24: 1, 1: 14}, [("opponent", 24)]) == (
        Refusal.of("opponent_pinned_on_your_start", point=24)
    )


def test_a_checker_can_be_pinned_at_home_after_the_bear_off_has_begun() -> None:
    """The opponent's checkers still leaving their start land on the mover's home board."""
    assert why("plakoto", {3: 1, 2: 10}, {3: 1, 1: 14}, [("mover", 3)]) is None


def test_a_checker_pinned_outside_home_means_nothing_was_borne_off() -> None:
    reason = why("plakoto", {10: 1, 2: 10}, {10: 1, 1: 14}, [("mover", 10)])
    assert reason == Refusal.of("borne_off_outside_home", count=4, point=10)


# The words ------------------------------------------------------------------------------------


def test_every_reason_of_this_module_has_words() -> None:
    assert set(WORDS) >= CODES


@pytest.mark.parametrize(
    ("count", "words"), [(1, "1 шашку"), (3, "3 шашки"), (5, "5 шашек"), (11, "11 шашек")]
)
def test_russian_counts_the_checkers_borne_off(count: int, words: str) -> None:
    reason = Refusal.of("opponent_borne_off_outside_home", count=count, point=20)
    assert explain(reason, "ru").startswith(
        f"Соперник снял {words}, но одна из его шашек стоит на пункте 20,"
    )
    reason = Refusal.of("left_start_before_passing", count=count)
    verb = "ушла" if count == 1 else "ушли"
    noun = words.split()[1].replace("шашку", "шашка")
    assert explain(reason, "ru").startswith(f"С вашего стартового пункта {verb} {count} {noun},")


# Properties ------------------------------------------------------------------------------------


def random_games(game: str, count: int, seed: str) -> Iterator[Position]:
    """Every board of ``count`` games from the start, played with random legal plays (often
    the one that races farthest, so that games reach the bear-off): the board after each
    play, and the same board turned for the next player to move, until someone has won."""
    variant = find_variant(game)
    rng = random.Random(seed)
    for _ in range(count):
        racing = rng.random()
        position = variant.start()
        while True:
            plays = position.legal_plays((rng.randint(1, 6), rng.randint(1, 6)))
            after = position
            if plays and rng.random() < racing:
                after = min(plays, key=lambda play: play.position.pip_count()).position
            elif plays:
                after = rng.choice(plays).position
            position = after.turned()
            yield after
            yield position
            if variant.result(after) is not None:
                break


@pytest.mark.parametrize(
    "games", [12, pytest.param(36, marks=pytest.mark.deep)], ids=["sample", "all"]
)
@pytest.mark.parametrize("game", list(VARIANTS))
def test_no_board_of_a_real_game_is_refused(game: str, games: int) -> None:
    """Games of each variant from start to finish: 12 of each in ``make test``, the first of
    the 36 of ``make test-deep`` (about 290 in all)."""
    seen = 0
    for position in random_games(game, games, seed=game):
        assert why_unreachable(position) is None, position
        seen += 1
    assert seen > games * 40


def broken_rules(position: Position) -> set[Refusal]:
    """Every rule above that ``position`` breaks, worked out from the plain counts (RULES.md),
    each as every refusal that states it truly."""
    game = position.variant.key
    if game not in NO_HITTING:
        return set()
    mover, opponent = position.mover, position.opponent
    own = same_direction_own if game in RUNNING else (lambda point: 25 - point)
    found: set[Refusal] = set()
    head = 24 if game == "long-nardy" else 0
    for point in range(7, 25):
        if mover[OFF] and mover[point]:
            if point == head:
                found.add(Refusal.of("borne_off_with_head", count=mover[OFF]))
            else:
                found.add(Refusal.of("borne_off_outside_home", count=mover[OFF], point=point))
    for point in range(1, 25):
        if opponent[OFF] and opponent[point] and own(point) > 6:
            if own(point) == head:
                found.add(Refusal.of("opponent_borne_off_with_head", count=opponent[OFF]))
            else:
                code = "opponent_borne_off_outside_home"
                found.add(Refusal.of(code, count=opponent[OFF], point=point))
    if game == "long-nardy":
        # The mover's runs along the opponent's route (its own numbers), and the opponent's
        # along the mover's.
        for low, high in unpassed_runs([mover[own(o)] for o in range(25)], opponent, own):
            code = "standing_six_block"
            found.add(Refusal.of(code, count=high - low + 1, first=own(high), last=own(low)))
        for low, high in unpassed_runs(list(opponent[:25]), mover, lambda point: point):
            code = "opponent_standing_six_block"
            found.add(Refusal.of(code, count=high - low + 1, first=high, last=low))
    if game == "fevga":
        if all(mover[point] for point in range(19, 25)):
            found.add(Refusal.of("starting_quarter_held", first=24, last=19))
        if all(opponent[own(o)] for o in range(19, 25)):
            found.add(Refusal.of("opponent_starting_quarter_held", first=12, last=7))
        passed = mover[OFF] or any(mover[point] for point in range(1, 12))
        if not passed and mover[24] < CHECKERS - 1:
            found.add(Refusal.of("left_start_before_passing", count=CHECKERS - mover[24]))
        passed = opponent[OFF] or any(opponent[own(o)] for o in range(1, 12))
        if not passed and opponent[own(24)] < CHECKERS - 1:
            code = "opponent_left_start_before_passing"
            found.add(Refusal.of(code, count=CHECKERS - opponent[own(24)]))
    if game == "plakoto":
        if 1 in position.mover_pinned:
            found.add(Refusal.of("pinned_on_opponent_start", point=1))
        if 24 in position.opponent_pinned:
            found.add(Refusal.of("opponent_pinned_on_your_start", point=24))
    return found


def unpassed_runs(
    held: list[int], other: tuple[int, ...], where: Callable[[int], int]
) -> list[tuple[int, int]]:
    """Runs of six or more along a route numbered 1..24 (``held[n]``: checkers on route point
    n) with no checker of ``other`` on a lower route point and none of ``other``'s off;
    ``where(n)`` is the board point of route point n."""
    if other[OFF]:
        return []
    runs = []
    n = 1
    while n <= 24:
        if not held[n]:
            n += 1
            continue
        end = n
        while end < 24 and held[end + 1]:
            end += 1
        if end - n + 1 >= 6 and not any(other[where(m)] for m in range(1, n)):
            runs.append((n, end))
        n = end + 1
    return runs


@st.composite
def boards(draw: st.DrawFn, game: str) -> Position:
    """Any board of ``game`` that ``Variant.position`` takes: stretches of points held by one
    side, the other or nobody, some checkers off or none, in Plakoto a few pins."""
    budget = {
        side: draw(st.one_of(st.just(CHECKERS), st.integers(0, CHECKERS)))
        for side in ("mover", "opponent")
    }
    counts: dict[str, dict[int, int]] = {"mover": {}, "opponent": {}}
    point = 1
    while point <= 24:
        length = draw(st.integers(1, 8))
        side = draw(st.sampled_from(("mover", "opponent", "nobody")))
        for taken in range(point, min(point + length, 25)):
            if side != "nobody" and budget[side]:
                counts[side][taken] = 1
                budget[side] -= 1
        point += length
    starts = {"mover": 24, "opponent": 12 if game in RUNNING else 1}
    for side, start in starts.items():
        other = counts["opponent" if side == "mover" else "mover"]
        spots = [start] if start not in other else list(counts[side])
        if spots and budget[side]:
            spot = draw(st.sampled_from(spots))
            counts[side][spot] = counts[side].get(spot, 0) + budget[side]
    pinned: list[tuple[str, int]] = []
    if game == "plakoto":
        for _ in range(draw(st.integers(0, 2))):
            side = draw(st.sampled_from(("mover", "opponent")))
            other = "opponent" if side == "mover" else "mover"
            lone = [p for p, n in counts[side].items() if n == 1 and p not in counts[other]]
            if not lone or sum(counts[other].values()) >= CHECKERS:
                continue
            starts = [point for point in (1, 24) if point in lone]  # where no pin can be
            spot = draw(st.sampled_from(starts if starts and draw(st.booleans()) else sorted(lone)))
            counts[other][spot] = 1
            pinned.append((side, spot))
    try:
        return find_variant(game).position(
            mover=counts["mover"], opponent=counts["opponent"], pinned=pinned
        )
    except PositionError:  # both sides with every checker off
        return find_variant(game).start()


@settings(deadline=None)
@pytest.mark.parametrize("game", NO_HITTING)
@given(data=st.data())
def test_a_board_is_refused_exactly_when_it_breaks_a_rule_and_for_that_rule(
    game: str, data: st.DataObject
) -> None:
    position = data.draw(boards(game), label="position")
    broken = broken_rules(position)
    reason = why_unreachable(position)
    assert (reason is None) == (not broken), (position, broken)
    if reason is not None:
        assert reason in broken, (position, reason, broken)


@pytest.mark.parametrize("game", list(VARIANTS))
def test_the_random_boards_of_the_benchmarks_are_refused_for_a_rule_they_break(
    game: str,
) -> None:
    rng = random.Random(7)
    for _ in range(400):
        position = random_position(find_variant(game), rng)
        broken = broken_rules(position)
        reason = why_unreachable(position)
        assert (reason is None) == (not broken), (position, broken)
        if reason is not None:
            assert reason.code in CODES and reason in broken, (position, reason, broken)


@settings(deadline=None)
@given(data=st.data())
def test_the_six_point_block_agrees_with_the_rule_a_step_obeys(data: st.DataObject) -> None:
    """One source of legality: the mover's standing block is the one that the move generator
    refuses a step for (``standing_block``), and the opponent's is the same seen from the
    opponent's side."""
    position = data.draw(boards("long-nardy"), label="position")
    variant = position.variant
    reason = variant.unreachable_refusal(position)
    code = reason.code if reason is not None else None
    mover_block = standing_block(variant, position.mover, position.opponent)
    assert (code == "standing_six_block") == (mover_block is not None)
    if mover_block is None:
        turned = position.turned()
        opponent_block = standing_block(variant, turned.mover, turned.opponent)
        assert (code == "opponent_standing_six_block") == (opponent_block is not None)


def test_the_answer_takes_microseconds() -> None:
    """It runs on every puzzle a check reads and on every board a drill tries."""
    rng = random.Random(3)
    positions = [random_position(variant, rng) for variant in VARIANTS.values() for _ in range(300)]
    start = time.perf_counter()
    for position in positions:
        why_unreachable(position)
    assert (time.perf_counter() - start) / len(positions) < 50e-6
