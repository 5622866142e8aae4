"""Fevga, the Greek running game (RULES.md 2.6).

The geometry and landing of Long Nardy (one opposing checker closes a point, no hitting), with
three rules of its own: the first checker to leave the start must pass the opponent's start
before another may leave; the mover may never end a turn holding all six points of the starting
quarter; and a run of six in front of every opposing checker must be left broken when a play can.
Three presets read these rules otherwise (decision 16): ``runner-quarter``,
``quarter-every-step`` and ``let-out-always``.
"""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import TYPE_CHECKING, ClassVar, Literal

from .board import CHECKERS, OFF, POINTS, Position, Side
from .dice import distances
from .nardy import HEAD, SameDirection, opponent_route
from .reasons import Refusal

if TYPE_CHECKING:
    from .moves import Context
    from .running import StopT
    from .steps import Step

STARTING_QUARTER = range(19, 25)
PASSED = range(1, 12)
"""A runner on these points (the mover's 11 or lower) has gone past the opponent's start."""
IN_QUARTER = range(1, 13)
"""A runner on these points has reached the opponent's starting quarter (their 19..24, the
mover's 7..12) or gone beyond it."""


def runner_passed(mover: Side, passed: range = PASSED) -> bool:
    """Whether one of the mover's checkers has passed the opponent's start (or is off); with
    ``passed``, whether one stands on those points (or is off)."""
    return bool(mover[OFF]) or any(mover[passed.start : passed.stop])


def trapped_point(variant: SameDirection, mover: Side, opponent: Side) -> int:
    """The point where every opposing checker on the board stands with the mover holding the
    six points in front of it, or 0."""
    on_board = opponent[POINTS.start : POINTS.stop]
    if on_board.count(0) != len(on_board) - 1:
        return 0  # not every opposing checker on the board stands on one point
    point = POINTS[on_board.index(max(on_board))]
    own = variant.other_numbering(point)
    ahead = range(own - 1, own - 7, -1)
    if own - 6 < 1 or not all(mover[variant.other_numbering(o)] for o in ahead):
        return 0
    return point


def opponent_can_move(variant: Fevga, mover: Side, opponent: Side) -> bool:
    """Whether some number from 1 to 6 could move one of the opponent's checkers, by the rules
    of a single step: it lands on a point none of the mover's checkers holds, or it bears off
    (every checker of theirs home: a 6 takes off the highest), and it leaves their start only as
    their runner rule allows. (The starting-quarter rule judges the end of a turn, not a step.)"""
    route = opponent_route(variant)  # the mover's point of the opponent's own ``n``: route[n - 1]
    own = [0, *(opponent[point] for point in route)]  # own[n]: on the opponent's own n
    if not any(own[7:]):
        return True
    start_open = (
        own[HEAD] == CHECKERS
        or not variant.enforces(variant.runner_code)
        or runner_passed((opponent[OFF], *own[1:]), variant.runner_passes)
    )
    for point in range(1, HEAD + 1):
        if not own[point] or (point == HEAD and not start_open):
            continue
        if any(not mover[route[target - 1]] for target in range(max(point - 6, 1), point)):
            return True
    return False


class Fevga(SameDirection):
    key = "fevga"
    name = "Fevga"
    aliases: ClassVar[tuple[str, ...]] = ("φεύγα", "февга")
    win_words: ClassVar[tuple[str, ...]] = ("single", "mars")
    rule_codes = frozenset(
        {
            "runner_not_passed",
            "runner_not_in_quarter",
            "starting_quarter",
            "starting_quarter_mid_turn",
        }
    )
    # When the starting-quarter rule is checked: at the end of the turn (the one implementation
    # found, RULES.md decision 9) or after every step; and the refusal that says so.
    quarter_check: ClassVar[Literal["end", "step"]] = "end"
    quarter_code: ClassVar[str] = "starting_quarter"
    # Where the runner must stand before a second checker may leave the start: past the
    # opponent's start (decision 9), and the refusal that says so.
    runner_passes: ClassVar[range] = PASSED
    runner_code: ClassVar[str] = "runner_not_passed"
    # When the mover must let the opponent out (decision 14): when every opposing checker is
    # trapped behind six of the mover's points at the start of the turn, or whenever a play
    # would leave the opponent no move at all.
    let_out: ClassVar[Literal["trapped", "always"]] = "trapped"

    def plain_turn(self, position: Position, dice: tuple[int, ...]) -> bool:
        """None of Fevga's own rules can bite this turn but the runner's, which ``plain.py``
        keeps as a count lifted once the runner passes (:meth:`start_leaving_limit`): the
        starting quarter is beyond holding (:meth:`_quarter_within_reach`), and there is no
        duty to let the opponent out."""
        if self._quarter_within_reach(position, dice):
            return False
        return self.let_out == "trapped" and not trapped_point(
            self, position.mover, position.opponent
        )

    def _quarter_within_reach(self, position: Position, dice: tuple[int, ...]) -> bool:
        """Whether the mover could hold all six points of the starting quarter at some moment
        of this turn. No checker comes to the quarter from below, so not with fewer than six
        checkers on it, nor with more of its points open than dice (a step closes at most
        one), nor with an open point that no checker above it is as many pips away as some
        of the dice make (:func:`distances`), or that the opponent holds."""
        mover, opponent = position.mover, position.opponent
        quarter = STARTING_QUARTER
        open_points = [point for point in quarter if not mover[point]]
        on_quarter = sum(mover[quarter.start : quarter.stop])
        if on_quarter < len(quarter) or len(open_points) > len(dice):
            return False
        reaches = distances(dice)
        return all(
            not opponent[point]
            and any(mover[point + pips] for pips in reaches if point + pips <= quarter[-1])
            for point in open_points
        )

    def start_leaving_limit(self, position: Position, dice: tuple[int, ...]) -> tuple[int, int]:
        """The runner rule: until the runner passes, one checker may leave the start while
        all fifteen stand on it, and none once one has left; from then on, any."""
        mover = position.mover
        if not self._runner_held(mover):
            return CHECKERS, 0
        return (1 if mover[HEAD] == CHECKERS else 0), self.runner_passes[-1]

    def _runner_held(self, mover: Side) -> bool:
        """Whether the runner rule holds checkers back on the start: some stand there, and
        none has passed (for good: checkers only move on)."""
        return bool(
            mover[HEAD]
            and self.enforces(self.runner_code)
            and not runner_passed(mover, self.runner_passes)
        )

    def step_refusal(
        self, context: Context, before: Side, opponent: Side, step: Step, after: Side
    ) -> Refusal | None:
        if (
            step.source == HEAD
            and self.enforces(self.runner_code)
            and not runner_passed(before, self.runner_passes)
            and before[HEAD] < CHECKERS
        ):
            runner = max(compress(range(1, HEAD), before[1:HEAD]))  # the nearest the start
            return self._runner_refusal(runner)
        if self.quarter_check == "step":
            return self._quarter_refusal(after)
        return None

    @cache  # noqa: B019 (the game objects live as long as the program)
    def _runner_refusal(self, runner: int) -> Refusal:
        """Why no second checker may leave the start while the runner on ``runner`` has not
        passed: made once per point, since the search asks at every step from the start."""
        return Refusal.of(self.runner_code, point=runner)

    def end_refusal(self, mover: Side, opponent: Side) -> Refusal | None:
        return self._quarter_refusal(mover) if self.quarter_check == "end" else None

    def _quarter_refusal(self, mover: Side) -> Refusal | None:
        quarter = mover[STARTING_QUARTER.start : STARTING_QUARTER.stop]
        if all(quarter) and self.enforces(self.quarter_code):
            return Refusal.of(self.quarter_code)
        return None

    def unreachable_refusal(self, position: Position) -> Refusal | None:
        """Two rules that every turn's end obeys, on checkers that the other side's turn does
        not touch (RULES.md 2.6): no side holds all six points of its starting quarter, and no
        second checker has left a side's start while none has passed the other side's start
        (the runner; passing is for good). The mover's first."""
        mover, opponent = position.mover, position.opponent
        own = self.other_numbering
        far, near = STARTING_QUARTER[-1], STARTING_QUARTER[0]
        if all(mover[point] for point in STARTING_QUARTER):
            return Refusal.of("starting_quarter_held", first=far, last=near)
        if all(opponent[own(point)] for point in STARTING_QUARTER):
            return Refusal.of("opponent_starting_quarter_held", first=own(far), last=own(near))
        if mover[HEAD] < CHECKERS - 1 and not runner_passed(mover, self.runner_passes):
            return Refusal.of("left_start_before_passing", count=CHECKERS - mover[HEAD])
        start = opponent[own(HEAD)]
        if start < CHECKERS - 1 and not (
            opponent[OFF] or any(opponent[own(point)] for point in self.runner_passes)
        ):
            return Refusal.of("opponent_left_start_before_passing", count=CHECKERS - start)
        return None

    def choose_among(self, position: Position, stops: list[StopT]) -> list[StopT]:
        """The duty to unblock (decision 14): when every opposing checker is stuck behind six
        of the mover's points, a play that leaves those six broken is compulsory if one exists
        among the plays with the most dice. With ``let_out`` "always" the duty is wider: a play
        that leaves the opponent a move is compulsory if one exists among them, whatever the
        position at the start of the turn."""
        if self.let_out == "always":
            freeing = [s for s in stops if opponent_can_move(self, s.mover, s.opponent)]
            return freeing or stops
        trapped = trapped_point(self, position.mover, position.opponent)
        if not trapped:
            return stops
        freeing = [s for s in stops if trapped_point(self, s.mover, s.opponent) != trapped]
        return freeing or stops

    def choice_refusal(self, mover: Side, opponent: Side) -> Refusal:
        if self.let_out == "always":
            return Refusal.of("must_let_out")
        return Refusal.of("must_unblock", point=trapped_point(self, mover, opponent))


class FevgaRunnerQuarter(Fevga):
    """Preset ``runner-quarter``: the runner need only reach the opponent's starting quarter
    (their 19..24, the mover's 7..12), as Greek sources read it. It differs from the default
    only when the opponent's start is empty and the runner stands on it, the mover's 12."""

    rules = "runner-quarter"
    runner_passes = IN_QUARTER
    runner_code = "runner_not_in_quarter"


class FevgaQuarterEveryStep(Fevga):
    """Preset ``quarter-every-step``: the starting-quarter rule is checked after every step
    (RULES.md 2.6, ``fevga_quarter_check = step``), so the mover may not hold all six points
    19..24 even for a moment in the middle of a turn: ``24/19/13`` with 19 the one empty point
    is refused, though it ends with 24..19 broken again."""

    rules = "quarter-every-step"
    quarter_check = "step"
    quarter_code = "starting_quarter_mid_turn"


class FevgaLetOutAlways(Fevga):
    """Preset ``let-out-always``: the broader duty of RULES.md 2.6 ("you must let the opponent
    move if all his checkers are blocked"). After the play, the opponent must be able to move a
    checker with some number from 1 to 6 (:func:`opponent_can_move`): a play that leaves them
    none is refused whenever another play with the most dice leaves them one, applied after the
    must-play rules as the default duty is (decision 14). It takes in the default duty (a play
    that keeps six points closed in front of every opposing checker leaves them no move, one
    that opens one of the six leaves them that number), and it also forbids shutting the
    opponent in: making such six points, or closing in a runner whose other checkers its rule
    keeps on the start."""

    rules = "let-out-always"
    let_out = "always"
