"""Plakoto and Fevga: the engine against an independent brute-force reference.

``reference_greek.py`` was written from RULES.md alone (1.1-1.5, 1.7, 2.6, 2.7, decisions 9, 10,
12, 13 and 14). Here both answer the same questions, compared as sets of final boards (RULES.md
1.3): seeded random positions of each game with all 21 rolls, seeded random games, Fevga boards
where the unblocking duty applies (random positions never make one), and the catalogue's Fevga
and Plakoto cases (E35-E41) plus cases for decisions 12, 13 (a draw) and 14. ``make test`` asks
the first 60 random positions of each game and the first 10 unblocking boards, ``make
test-deep`` all 300 and all 25.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from generator.engine import Position, PositionError, find_variant
from generator.engine.samples import ROLLS, random_position

from .reference_greek import PLAYS, State, board, opponent_own, play_by_hand

GAMES = ("plakoto", "fevga")
POSITIONS = 300  # make test-deep; make test asks the first SAMPLE of them
SAMPLE = 60
TRAPPED = 25  # the same for the unblocking boards
TRAPPED_SAMPLE = 10
SHOWN = 5

Dice = tuple[int, int]


def state_of(position: Position) -> State:
    return (position.mover, position.opponent, position.mover_pinned, position.opponent_pinned)


def engine_boards(position: Position, dice: Dice) -> dict[State, str]:
    return {state_of(play.position): play.notation for play in position.legal_plays(dice)}


def describe(state: State) -> str:
    mover, opponent, mover_pins, opponent_pins = state
    text = (
        f"mover={ {p: mover[p] for p in range(24, 0, -1) if mover[p]} } "
        f"opponent={ {p: opponent[p] for p in range(24, 0, -1) if opponent[p]} }"
    )
    if mover_pins or opponent_pins:
        text += f" pinned: mover's on {sorted(mover_pins)}, opponent's on {sorted(opponent_pins)}"
    return text


def disagreement(position: Position, dice: Dice) -> str | None:
    """None when both agree, else a readable account of the plays only one side has."""
    engine = engine_boards(position, dice)
    reference = PLAYS[position.variant.key](state_of(position), dice)
    if set(engine) == reference:
        return None
    only_engine = sorted(engine[b] for b in set(engine) - reference)
    only_reference = sorted(describe(b) for b in reference - set(engine))
    return (
        f"{position!r} roll {dice[0]}-{dice[1]}\n"
        f"    only the engine ({len(only_engine)}): {only_engine[:6]}\n"
        f"    only the reference ({len(only_reference)}): {only_reference[:3]}"
    )


def check_all(queries: Iterable[tuple[Position, Dice]]) -> None:
    found = []
    count = 0
    for position, dice in queries:
        count += 1
        problem = disagreement(position, dice)
        if problem is not None:
            found.append(problem)
    assert not found, f"{len(found)} of {count} queries disagree; the first few:\n" + "\n".join(
        found[:SHOWN]
    )


# Random positions and games --------------------------------------------------------------------


@pytest.mark.parametrize(
    "count", [SAMPLE, pytest.param(POSITIONS, marks=pytest.mark.deep)], ids=["sample", "all"]
)
@pytest.mark.parametrize("key", GAMES)
def test_random_positions_every_roll(key: str, count: int) -> None:
    variant = find_variant(key)
    rng = random.Random(f"greek-reference-{key}")
    positions = [random_position(variant, rng) for _ in range(count)]
    check_all((position, dice) for position in positions for dice in ROLLS)


def game_queries(key: str, seed: int, every: int = 10) -> Iterable[tuple[Position, Dice]]:
    """One random game: the roll of each turn, and all 21 rolls on every ``every``-th turn."""
    variant = find_variant(key)
    rng = random.Random(seed)
    position = variant.start()
    for turn in range(300):
        if variant.result(position) is not None:
            return
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        dice = (max(roll), min(roll))
        yield from ((position, each) for each in ROLLS) if turn % every == 0 else ()
        yield position, dice
        plays = position.legal_plays(dice)
        if plays:
            play = rng.choice(plays)
            if variant.result(play.position) is not None:
                return
            position = play.position
        position = position.turned()


@pytest.mark.parametrize("key", GAMES)
def test_random_games(key: str) -> None:
    check_all(query for seed in range(4) for query in game_queries(key, seed))


def trapped_fevga(rng: random.Random) -> Position:
    """Every opposing checker on one point, the six in front of it the mover's (decision 14)."""
    fevga = find_variant("fevga")
    while True:
        own = rng.randint(7, 24)
        trapped = opponent_own(own)
        mover = {opponent_own(own - k): rng.randint(1, 2) for k in range(1, 7)}
        points = [p for p in range(1, 25) if p != trapped]
        for _ in range(15 - sum(mover.values()) - rng.randint(0, 3)):
            point = rng.choice(points)
            mover[point] = mover.get(point, 0) + 1
        try:
            return fevga.position(mover=mover, opponent={trapped: rng.randint(1, 15)})
        except PositionError:
            continue


@pytest.mark.parametrize(
    "count",
    [TRAPPED_SAMPLE, pytest.param(TRAPPED, marks=pytest.mark.deep)],
    ids=["sample", "all"],
)
def test_fevga_unblocking_duty_boards(count: int) -> None:
    rng = random.Random("greek-reference-trapped")
    positions = [trapped_fevga(rng) for _ in range(count)]
    check_all((position, dice) for position in positions for dice in ROLLS)


# The catalogue (RULES.md 5) and the decisions, by hand --------------------------------------------


def case_position(key: str, state: State) -> Position:
    mover, opponent, mover_pins, opponent_pins = state

    def counts(side: tuple[int, ...]) -> dict[int, int]:
        return {p: side[p] for p in range(1, 25) if side[p]}

    pinned = [("mover", p) for p in mover_pins] + [("opponent", p) for p in opponent_pins]
    return find_variant(key).position(mover=counts(mover), opponent=counts(opponent), pinned=pinned)


# id, game, board, dice, plays the answer is exactly (None: not stated), plays in it, plays not.
CASES = [
    (
        "E35 opening 6-6: only the runner moves",
        "fevga",
        board({24: 15}, {12: 15}),
        (6, 6),
        ["24/18"],
        [],
        [],
    ),
    (
        "E36 the runner passes mid-turn",
        "fevga",
        board({24: 14, 13: 1}, {12: 15}),
        (6, 6),
        ["13/7 24/18(3)", "13/7/1 24/18(2)"],
        [],
        [],
    ),
    (
        "E37 starting quarter at the end of the turn",
        "fevga",
        board({24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 5: 2}, {15: 5, 14: 10}),
        (5, 1),
        None,
        ["21/20 24/19", "20/19 24/19"],
        ["24/19 5/4"],
    ),
    (
        "decision 12: every two-dice play closes 19..24, so one die (the 1) is played",
        "fevga",
        board({24: 3, 23: 2, 22: 2, 21: 2, 20: 2}, {18: 3, 17: 3, 16: 3, 15: 3, 14: 3}),
        (5, 1),
        ["24/23", "23/22", "22/21", "21/20"],
        [],
        [],
    ),
    (
        "decision 14: the run in front of the trapped checkers must be broken",
        "fevga",
        board({24: 4, 11: 2, 10: 2, 9: 2, 8: 2, 7: 2, 6: 1}, {12: 15}),
        (3, 3),
        None,
        ["6/3 24/21(3)", "11/8/5 11/8 24/21"],
        ["24/21(4)", "24/21/18(2)", "11/8 24/21(3)"],
    ),
    (
        "decision 14 after must-play: the run stays whole when only one die could break it",
        "fevga",
        board({13: 1, 6: 2, 5: 2, 4: 2, 3: 1, 2: 2, 1: 1}, {7: 15}),
        (6, 1),
        ["13/12/6"],
        [],
        ["3/2"],
    ),
    (
        "E38 a pin; the pinner's point takes more of the mover's checkers",
        "plakoto",
        board({24: 13, 13: 1, 10: 1}, {8: 1, 1: 14}),
        (5, 2),
        None,
        ["13/8^ 10/8", "13/8^ 24/22"],
        [],
    ),
    (
        "E39 a pinned checker does not move and its point is closed",
        "plakoto",
        board({24: 12, 16: 1, 12: 1, 10: 1}, {10: 1, 1: 14}, mover_pinned=[10]),
        (6, 2),
        None,
        ["16/14 12/6"],
        ["16/10", "12/10 24/18", "10/4 24/22"],
    ),
    (
        "E40 the mother pin ends the game at once",
        "plakoto",
        board({7: 1, 6: 4, 5: 4, 3: 4, 2: 2}, {1: 1, 19: 7, 20: 7}),
        (6, 3),
        None,
        ["7/1^", "6/3 7/1^", "7/4 6/off"],
        ["7/1^ 3/off"],
    ),
    (
        "E40 with the mover's own start still held the game goes on",
        "plakoto",
        board({24: 1, 13: 12, 7: 1, 5: 1}, {1: 1, 19: 7, 20: 7}),
        (6, 3),
        None,
        ["7/1^ 13/10", "7/1^ 24/21"],
        ["7/1^"],
    ),
    (
        "decisions 10 and 13: pinning the mother while one's own is pinned is a draw, at once",
        "plakoto",
        board({24: 1, 7: 1, 6: 13}, {24: 1, 1: 1, 19: 13}, mover_pinned=[24]),
        (6, 3),
        ["7/1^", "6/3 7/1^"],
        [],
        [],
    ),
    (
        "E41 no bear-off while a checker at home is pinned",
        "plakoto",
        board({6: 3, 4: 4, 3: 1, 2: 4, 1: 3}, {3: 1, 22: 14}, mover_pinned=[3]),
        (6, 5),
        ["6/1"],
        [],
        [],
    ),
    (
        "E41 with the pin gone the bear-off is open",
        "plakoto",
        board({6: 3, 4: 4, 3: 1, 2: 4, 1: 3}, {22: 15}),
        (6, 5),
        None,
        ["6/1 6/off"],
        [],
    ),
]


def case_board(prefix: str) -> State:
    return next(case[2] for case in CASES if case[0].startswith(prefix))


@pytest.mark.parametrize(
    ("key", "start", "dice", "exactly", "present", "absent"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
@pytest.mark.parametrize("who", ["engine", "reference"])
def test_catalogue(
    who: str,
    key: str,
    start: State,
    dice: Dice,
    exactly: list[str] | None,
    present: list[str],
    absent: list[str],
) -> None:
    position = case_position(key, start)
    engine = who == "engine"
    answer = set(engine_boards(position, dice)) if engine else PLAYS[key](start, dice)

    def by_hand(text: str) -> State:
        return play_by_hand(start, text, pinning=key == "plakoto")

    if exactly is not None:
        assert answer == {by_hand(text) for text in exactly}
    for text in present:
        assert by_hand(text) in answer, f"{text} should be legal"
    for text in absent:
        assert by_hand(text) not in answer, f"{text} should not be legal"


def test_catalogue_counts() -> None:
    """E37's 19 legal positions, none ending with 19..24 all held; E41's nothing borne off."""
    for who in ("engine", "reference"):
        start = case_board("E37")
        position = case_position("fevga", start)
        answer = (
            set(engine_boards(position, (5, 1)))
            if who == "engine"
            else PLAYS["fevga"](start, (5, 1))
        )
        assert len(answer) == 19, who
        assert not any(all(b[0][p] for p in range(19, 25)) for b in answer), who


def test_pinned_point_stays_closed_to_the_pinned_side() -> None:
    """E38: after ``13/8^`` the opponent can never land on that point (its 17), whatever the
    roll; the pinned checker stays where it is."""
    start = case_board("E38")
    after = case_position("plakoto", play_by_hand(start, "13/8^ 24/22")).turned()
    assert 17 in after.mover_pinned
    for dice in ROLLS:
        for play in after.legal_plays(dice):
            assert play.position.mover[17] == 1, (dice, play.notation)
        for final in PLAYS["plakoto"](state_of(after), dice):
            assert final[0][17] == 1, dice
