"""A deliberately simple brute-force move generator for Plakoto and Fevga, written from
RULES.md alone (never from the engine's move code), to cross-check the engine.

A board is a ``State``: ``(mover, opponent, mover_pinned, opponent_pinned)``, the same four
values a ``Position`` holds (26-count sides in the mover's numbering: 0 off, 1..24 points, 25
the bar, unused here; pinned points as frozensets). Everything is in the mover's numbering
(RULES.md 1.1): the mover runs 24 -> 1 and bears off below 1.

The rules followed, section by section:

- 1.4 a turn: two steps, four for a double; each intermediate landing must be legal at that
  moment; both die orders are tried.
- 1.5 must-play: every prefix of every step sequence is a candidate play; a variant's end-of-turn
  filter removes candidates first (decision 12), then the most dice ``M`` win, then with
  ``M = 1`` on a non-double the higher die if it can be played; plays are compared by final
  position (1.3). Decision 15: a step that bears off the mover's last checker ends the game
  there, and counts as a complete play whatever dice remain (as a game-ending pin does).
- 1.7 bearing off: every checker on 1..6 before each step; exact die, or an oversized die from
  the highest occupied point only.
- 2.7 Plakoto (opposite directions, the opponent's start is the mover's 1): two free opposing
  checkers or an opposing checker on a pinned mover checker close a point; one free opposing
  checker is pinned by landing on it; a pinned checker cannot move and is freed when the
  last pinner leaves; decision 10: bearing off needs no own checker pinned anywhere. The mother
  rule (2.7, decisions 10 and 13): pinning the opponent's last checker on its start ends the
  game at once (pinner wins 2) unless the pinner still has a checker on its own start (then
  play goes on) or its own mother is pinned (a draw); emptying one's start while pinning the
  opponent's mother wins at that moment. A step that ends the game ends the play and counts as
  a complete play, whatever dice remain. Preset ``pinned-home-bears-off`` (decision 16): a
  pinned checker of the mover's does not stop bearing off (it still cannot move, and still
  stands on its point for the oversized-die rule).
- 2.6 Fevga (same direction, 1.1: the opponent's start is the mover's 12): any opposing checker
  closes a point; no hitting. Runner rule (decision 9): until a mover checker stands on 11 or
  lower or is off, a checker may leave the start only while no other has left it (preset
  ``runner-quarter``, decision 16: on 12 or lower, the opponent's starting quarter). Starting
  quarter (decision 9, 12): no play may end with all of 19..24 held; filtered before
  must-play (preset ``quarter-every-step``, 2.6's ``fevga_quarter_check = step``: no step may
  leave all of 19..24 held). Unblocking duty (decision 14): when every opposing checker on
  the board stands on one point and the six points in front of it along its route are all the
  mover's, the play must end with one of those six open if a play that must-play allows can do
  so; applied after must-play. Preset ``let-out-always``, 2.6's broader "you must let the
  opponent move if all his checkers are blocked": the play must leave the opponent, on the
  board turned round to them, a single step with some die from 1 to 6 (by the steps above:
  landing, runner rule, bearing off), if a play that must-play allows can do so; applied after
  must-play instead of the unblocking duty.

Readings taken where RULES.md is silent: a finished game (a side has borne off all 15, or the
mother rule has already decided it) has no plays; on an unreachable Fevga board where two or
more checkers have left the start and none has passed, none may leave the start and each of
them may move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise

Side = tuple[int, ...]
State = tuple[Side, Side, frozenset[int], frozenset[int]]
OFF = 0
NO_PINS: frozenset[int] = frozenset()

# A step function: the boards reachable from ``state`` with one die, each with whether the
# step ended the game there and then.
StepFunction = Callable[[State, int], list[tuple[State, bool]]]


# Bearing off (1.7) -----------------------------------------------------------------------------


def may_bear_off(mover: Side, source: int, die: int) -> bool:
    """Die ``die`` may bear the checker on ``source`` off: all home, exact or oversized."""
    if any(mover[p] for p in range(7, 26)):
        return False
    if source - die == 0:
        return True
    return not any(mover[p] for p in range(source + 1, 7))


# Plakoto (2.7) -------------------------------------------------------------------------------


def plakoto_game_over(state: State) -> bool:
    """The game is already decided before the mover plays (RULES.md 2.7, decision 10)."""
    mover, opponent, mover_pins, opponent_pins = state
    if mover[OFF] == 15 or opponent[OFF] == 15:
        return True
    mover_mother_pinned = 24 in mover_pins
    opponent_mother_pinned = 1 in opponent_pins
    if mover_mother_pinned and opponent_mother_pinned:
        return True  # a draw
    # A pinned mother wins for the pinner once the pinner's own start is empty.
    if opponent_mother_pinned and mover[24] == 0:
        return True
    return mover_mother_pinned and opponent[1] == 0


def plakoto_steps(
    state: State, die: int, pinned_home_stops: bool = True
) -> list[tuple[State, bool]]:
    """One die's steps; with ``pinned_home_stops`` False (preset ``pinned-home-bears-off``)
    a pinned checker does not stop the mover bearing off."""
    mover, opponent, mover_pins, opponent_pins = state
    results = []
    for source in range(1, 25):
        free = mover[source] - (1 if source in mover_pins else 0)
        if free <= 0:
            continue
        target = source - die
        if target <= 0:
            if (mover_pins and pinned_home_stops) or not may_bear_off(mover, source, die):
                continue
        elif target in mover_pins:
            continue  # the opponent's point: their checker on top of a pinned one of ours
        elif target not in opponent_pins and opponent[target] >= 2:
            continue
        new_mover = list(mover)
        new_opponent_pins = set(opponent_pins)
        new_mover[source] -= 1
        if new_mover[source] == 0:
            new_opponent_pins.discard(source)  # the last pinner left: freed
        pinned_mother = False
        if target <= 0:
            new_mover[OFF] += 1
        else:
            if opponent[target] == 1 and target not in opponent_pins:
                new_opponent_pins.add(target)
                pinned_mother = target == 1
            new_mover[target] += 1
        ended = new_mover[OFF] == 15  # the last checker is off: the game is over
        if pinned_mother:
            # Ends at once unless our own start still has a free checker (decision 10, 13).
            ended = new_mover[24] == 0 or 24 in mover_pins
        elif source == 24 and new_mover[24] == 0 and 1 in new_opponent_pins:
            ended = True  # start emptied while pinning the opponent's mother (decision 10)
        new_state = (tuple(new_mover), opponent, mover_pins, frozenset(new_opponent_pins))
        results.append((new_state, ended))
    return results


# Fevga (2.6) ---------------------------------------------------------------------------------


def fevga_steps(
    state: State, die: int, runner_reaches: int = 11, quarter_every_step: bool = False
) -> list[tuple[State, bool]]:
    """One die's steps; the runner has passed once it stands on ``runner_reaches`` or lower
    (11: past the opponent's start; 12, preset ``runner-quarter``: in their starting quarter).
    With ``quarter_every_step`` (preset ``quarter-every-step``) no step may leave all of 19..24
    held."""
    mover, opponent, _, _ = state
    passed = mover[OFF] > 0 or any(mover[p] for p in range(1, runner_reaches + 1))
    left_start = any(mover[p] for p in range(1, 24))
    results = []
    for source in range(1, 25):
        if not mover[source]:
            continue
        if source == 24 and not passed and left_start:
            continue  # the runner rule: one checker out until it has passed
        target = source - die
        if target <= 0:
            if not may_bear_off(mover, source, die):
                continue
        elif opponent[target]:
            continue
        new_mover = list(mover)
        new_mover[source] -= 1
        new_mover[max(target, OFF)] += 1
        ended = new_mover[OFF] == 15  # the last checker is off: the game is over
        after = (tuple(new_mover), opponent, NO_PINS, NO_PINS)
        if quarter_every_step and holds_starting_quarter(after):
            continue
        results.append((after, ended))
    return results


def holds_starting_quarter(state: State) -> bool:
    return all(state[0][p] for p in range(19, 25))


def opponent_own(point: int) -> int:
    """The opponent's own number of a mover point in a same-direction game (1.1)."""
    return point + 12 if point <= 12 else point - 12


def trapped_front(state: State) -> list[int] | None:
    """The six mover points in front of every opposing checker, when all the opponent's
    checkers on the board stand on one point and the mover holds those six (2.6, decision 14)."""
    mover, opponent = state[0], state[1]
    occupied = [p for p in range(1, 25) if opponent[p]]
    if len(occupied) != 1:
        return None
    own = opponent_own(occupied[0])
    if own < 7:
        return None
    front = [opponent_own(own - k) for k in range(1, 7)]  # the map is its own inverse
    return front if all(mover[p] for p in front) else None


def turned_round(state: State) -> State:
    """The same Fevga board as the opponent sees it when their turn comes (1.1)."""
    mover, opponent = state[0], state[1]

    def renumbered(side: Side) -> Side:
        values = [0] * 26
        values[OFF] = side[OFF]
        for point in range(1, 25):
            values[opponent_own(point)] = side[point]
        return tuple(values)

    return (renumbered(opponent), renumbered(mover), NO_PINS, NO_PINS)


def opponent_may_step(state: State, runner_reaches: int = 11) -> bool:
    """Whether the opponent, on this board, has a step with some die from 1 to 6."""
    theirs = turned_round(state)
    return any(fevga_steps(theirs, die, runner_reaches) for die in range(1, 7))


# The turn (1.4, 1.5) ---------------------------------------------------------------------------


def candidates(
    state: State, dice: tuple[int, int], steps: StepFunction
) -> dict[tuple[State, tuple[int, ...]], bool]:
    """Every node of the step tree: ``(board, dice left) -> the game ended there``."""
    first, second = dice
    orders = [(first,) * 4] if first == second else [(first, second), (second, first)]
    seen: dict[tuple[State, tuple[int, ...]], bool] = {}

    def walk(board: State, left: tuple[int, ...], ended: bool) -> None:
        if (board, left) in seen:
            return
        seen[(board, left)] = ended
        if ended or not left:
            return
        for after, ends in steps(board, left[0]):
            walk(after, left[1:], ends)

    for order in orders:
        walk(state, order, False)
    return seen


def legal_boards(
    state: State,
    dice: tuple[int, int],
    steps: StepFunction,
    end_filter: Callable[[State], bool] | None = None,
    after_must_play: Callable[[State, set[State]], set[State]] | None = None,
) -> set[State]:
    """The set of final boards of the legal plays (empty: the turn passes)."""
    total = 4 if dice[0] == dice[1] else 2
    nodes = []
    for (board, left), ended in candidates(state, dice, steps).items():
        if end_filter is not None and not ended and end_filter(board):
            continue
        used = total if ended else total - len(left)
        nodes.append((board, left, used))
    best = max((used for _, _, used in nodes), default=0)
    if best == 0:
        return set()
    chosen = [(board, left) for board, left, used in nodes if used == best]
    if total == 2 and best == 1:
        high = max(dice)
        # ``left`` holds the die not played; a game-ending step counts as complete.
        with_high = [(b, left) for b, left in chosen if left != (high,)]
        if with_high:
            chosen = with_high
    boards = {board for board, _ in chosen}
    if after_must_play is not None:
        boards = after_must_play(state, boards)
    return boards


def plakoto_plays(
    state: State, dice: tuple[int, int], pinned_home_stops: bool = True
) -> set[State]:
    if plakoto_game_over(state):
        return set()

    def steps(board: State, die: int) -> list[tuple[State, bool]]:
        return plakoto_steps(board, die, pinned_home_stops)

    return legal_boards(state, dice, steps)


def plakoto_pinned_home_bears_off_plays(state: State, dice: tuple[int, int]) -> set[State]:
    return plakoto_plays(state, dice, pinned_home_stops=False)


def _unblock(state: State, boards: set[State]) -> set[State]:
    front = trapped_front(state)
    if front is None:
        return boards
    opening = {board for board in boards if any(board[0][p] == 0 for p in front)}
    return opening or boards


def _let_out(state: State, boards: set[State]) -> set[State]:
    freeing = {board for board in boards if opponent_may_step(board)}
    return freeing or boards


def fevga_plays(
    state: State,
    dice: tuple[int, int],
    runner_reaches: int = 11,
    quarter_every_step: bool = False,
    let_out_always: bool = False,
) -> set[State]:
    """The Fevga plays; the keywords choose a preset's reading (decision 16)."""
    if state[0][OFF] == 15 or state[1][OFF] == 15:
        return set()

    def steps(board: State, die: int) -> list[tuple[State, bool]]:
        return fevga_steps(board, die, runner_reaches, quarter_every_step)

    duty = _let_out if let_out_always else _unblock
    return legal_boards(state, dice, steps, holds_starting_quarter, duty)


def fevga_runner_quarter_plays(state: State, dice: tuple[int, int]) -> set[State]:
    return fevga_plays(state, dice, runner_reaches=12)


def fevga_quarter_every_step_plays(state: State, dice: tuple[int, int]) -> set[State]:
    return fevga_plays(state, dice, quarter_every_step=True)


def fevga_let_out_always_plays(state: State, dice: tuple[int, int]) -> set[State]:
    return fevga_plays(state, dice, let_out_always=True)


PLAYS: dict[str, Callable[[State, tuple[int, int]], set[State]]] = {
    "plakoto": plakoto_plays,
    "fevga": fevga_plays,
}
"""Per variant key, then ``key/rules`` for a preset of decision 16."""
PLAYS["fevga/runner-quarter"] = fevga_runner_quarter_plays
PLAYS["fevga/quarter-every-step"] = fevga_quarter_every_step_plays
PLAYS["fevga/let-out-always"] = fevga_let_out_always_plays
PLAYS["plakoto/pinned-home-bears-off"] = plakoto_pinned_home_bears_off_plays


# Boards by hand, for the catalogue's cases -------------------------------------------------------


def board(
    mover: dict[int, int],
    opponent: dict[int, int],
    mover_pinned: Iterable[int] = (),
    opponent_pinned: Iterable[int] = (),
) -> State:
    """A board from ``{point: count}`` in the mover's numbering; unlisted checkers are off."""

    def side(counts: dict[int, int]) -> Side:
        values = [0] * 26
        for point, count in counts.items():
            values[point] += count
        values[OFF] = 15 - sum(values)
        return tuple(values)

    return (side(mover), side(opponent), frozenset(mover_pinned), frozenset(opponent_pinned))


def play_by_hand(state: State, text: str, *, pinning: bool = True) -> State:
    """Apply a play written as in RULES.md (``13/8^ 10/8``, ``24/18(2)``, ``6/off``) with no
    rule but the mechanics: a checker moves, lands, pins a lone free opposing checker, frees
    the one it leaves when it was the last pinner."""
    mover, opponent, mover_pins, opponent_pins = state
    new_mover = list(mover)
    pins = set(opponent_pins)
    for token in text.split():
        times = 1
        if token.endswith(")"):
            token, count = token[:-1].split("(")
            times = int(count)
        places = [0 if w == "off" else int(w) for w in token.replace("^", "").split("/")]
        for _ in range(times):
            for source, target in pairwise(places):
                new_mover[source] -= 1
                if new_mover[source] == 0:
                    pins.discard(source)
                if pinning and target and opponent[target] == 1 and target not in pins:
                    pins.add(target)
                new_mover[target] += 1
    return (tuple(new_mover), opponent, mover_pins, frozenset(pins))
