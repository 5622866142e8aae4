"""Long Nardy under the 2025 official Russian rules (RULES.md 2.4 and 4).

Both players move the same way round the board; the opponent's head is the mover's 12. Any
opposing checker closes a point, nobody is ever hit, and two rules act on every step: one checker
leaves the head per turn (two with 3-3, 4-4 or 6-6 on a player's first turn), and six points in a
row may stand only while an opposing checker is already past them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, cached_property
from typing import TYPE_CHECKING, ClassVar, Literal, NamedTuple

from .board import CHECKERS, OFF, POINTS, Position, Side
from .reasons import Refusal
from .variants import Variant

if TYPE_CHECKING:
    from .moves import Context
    from .steps import Step

HEAD = 24
"""Where all fifteen checkers start: the mover's 24."""
HEAD_DOUBLES = (3, 4, 6)
"""On a first turn these doubles let a second checker leave the head: with them a lone checker
cannot get past the opponent's head (6-6 stops at 18, 4-4 at 16, 3-3 at 15)."""
BLOCK = 6
HEAD_LIMIT = "head_once"
"""The head limit as a waivable limit (``Variant.limit_options``): it always holds by default;
preset ``head-unplayable-dice`` lets it yield on a first turn."""


class SameDirection(Variant):
    """The geometry and landing of the games where both players travel the same way."""

    same_direction = True
    setup: ClassVar[dict[int, int]] = {HEAD: CHECKERS}
    closed_by = 1
    has_bar = False
    counts_triple = False
    has_cube = False
    plain = False
    has_step_rules = True


def run_through(variant: Variant, mover: Side, point: int) -> tuple[int, int]:
    """The mover's run of occupied points through ``point``, as the opponent's own numbers
    ``(lowest, highest)``: consecutive along the opponent's route, so it may wrap from the
    mover's 1 to the mover's 24 but never from the mover's 13 to 12."""
    route = opponent_route(variant)  # the mover's point of the opponent's own ``n``: route[n - 1]
    low = high = route[point - 1]  # the numbering is its own inverse
    while low > 1 and mover[route[low - 2]]:
        low -= 1
    while high < 24 and mover[route[high]]:
        high += 1
    return low, high


def opponent_past(variant: Variant, opponent: Side, lowest: int) -> bool:
    """Whether an opposing checker is already past a run whose lowest own number is
    ``lowest`` (or has been borne off)."""
    if opponent[OFF]:
        return True
    return any(opponent[point] for point in opponent_route(variant)[: lowest - 1])


def forbidden_block(variant: Variant, mover: Side, opponent: Side, point: int) -> Refusal | None:
    """The six-point block through ``point``, if it is one with no opposing checker past it."""
    if 24 - mover[1:25].count(0) < BLOCK:
        return None  # fewer than six points held: no run of six anywhere
    low, high = run_through(variant, mover, point)
    if high - low + 1 < BLOCK or opponent_past(variant, opponent, low):
        return None
    first, last = variant.other_numbering(high), variant.other_numbering(low)
    return Refusal.of("six_block", first=first, last=last, count=high - low + 1)


def standing_block(variant: Variant, mover: Side, opponent: Side) -> Refusal | None:
    """A forbidden six-point block anywhere on the mover's side, if there is one."""
    for point in POINTS:
        if mover[point]:
            reason = forbidden_block(variant, mover, opponent, point)
            if reason is not None:
                return reason
    return None


def unpassed_block(side: Side, other: Side, route: Sequence[int]) -> tuple[int, int, int] | None:
    """The first run of six or more points held by ``side`` with no checker of ``other`` past
    it and none of ``other``'s off, as ``(count, first, last)``: the run's points where ``other``
    meets it first and last. ``route`` lists the points in ``other``'s own numbering 1..24, so
    that a run is consecutive along ``other``'s route."""
    if other[OFF]:
        return None
    run = 0
    for index, point in enumerate(route):
        if side[point]:
            run += 1
            continue
        if run >= BLOCK:
            return run, route[index - 1], route[index - run]
        if other[point]:
            return None  # this checker of ``other`` is past every run further on
        run = 0
    return None  # not reached: ``other`` has all fifteen on the board


@cache
def opponent_route(variant: Variant) -> tuple[int, ...]:
    """The mover's points in the order of the opponent's own numbers 1..24."""
    return tuple(variant.other_numbering(own) for own in POINTS)


class _NardyTurn(NamedTuple):
    """What Long Nardy remembers during a turn: how many checkers have left the head, and how
    many may (2 on a first turn with 3-3, 4-4 or 6-6, else 1); why, for the refusal; and
    whether the turn began with a forbidden block already standing, which no game reaches (a
    block can only be made by a step, and no step may make one) but a made-up position can."""

    left_head: int
    may_leave: int
    first_turn: bool
    head_double: bool
    block_standing: bool = False


class LongNardy(SameDirection):
    """Long Nardy (длинные нарды), official Russian rules of 2025."""

    key = "long-nardy"
    name = "Long Nardy"
    aliases: ClassVar[tuple[str, ...]] = (
        "long nardy",
        "nardy",
        "nardi",
        "narde",
        "длинные нарды",
        "нарды",
    )
    win_words: ClassVar[tuple[str, ...]] = ("oin", "mars")
    rule_codes = frozenset(
        {
            "head_once",
            "head_once_first_turn",
            "head_once_not_first_turn",
            "head_twice",
            "six_block",
            # The presets' own words for the head.
            "head_once_first_player",
            "head_once_roll_playable",
            "head_twice_first_turn",
        }
    )
    # The cube is optional in the official rules: off by default, a page may show one.
    cube_optional = True
    # When the six-point block is checked: after every step (S002), or only at the turn's end.
    block_check: ClassVar[Literal["step", "end"]] = "step"
    # Who has the first turn's exception for 3-3, 4-4 and 6-6: a player whose fifteen are all
    # on the head (decision 8), or only the player who moves second (S002's words as written).
    head_exception: ClassVar[Literal["first-turn", "second-player"]] = "first-turn"
    # The head limit always holds (a preset may let it yield, as Turkish Tavla's limits do).
    limit_options: ClassVar[tuple[frozenset[str], ...]] = (frozenset({HEAD_LIMIT}),)
    head = HEAD

    def turn_context(
        self, position: Position, dice: tuple[int, ...], limits: frozenset[str]
    ) -> Context:
        first_turn = position.mover[HEAD] == CHECKERS
        head_double = len(dice) == 4 and dice[0] in HEAD_DOUBLES
        # The same question as ``standing_block`` asks, in one pass along the opponent's route.
        route = opponent_route(self)
        standing = unpassed_block(position.mover, position.opponent, route) is not None
        exception = first_turn and head_double and not self._moves_first(position)
        yielded = first_turn and HEAD_LIMIT not in limits
        may_leave = 2 if exception or yielded else 1
        return _NardyTurn(0, may_leave, first_turn, head_double, standing)

    def plain_turn(self, position: Position, dice: tuple[int, ...]) -> bool:
        """No six-point block can be made this turn (:meth:`_block_within_reach`), and whether
        the head limit holds is no waiver's question (a preset's first turn): then the plays
        are plain, with the head limit as a count (:meth:`start_leaving_limit`)."""
        first_turn = position.mover[HEAD] == CHECKERS
        if first_turn and len(self.limit_options) > 1:
            return False
        return not (self.enforces("six_block") and self._block_within_reach(position, dice))

    def _block_within_reach(self, position: Position, dice: tuple[int, ...]) -> bool:
        """Whether six points in a row in front of every opposing checker (along the opponent's
        way, none of theirs past them nor borne off) could all be the mover's at some moment of
        this turn: with at most as many of them open as dice to play, since a step takes at most
        one more point. (A block already standing counts.)"""
        mover, opponent = position.mover, position.opponent
        if opponent[OFF]:
            return False
        open_ahead: list[bool] = []  # the points in front of every opposing checker: open?
        for point in opponent_route(self):
            if opponent[point]:
                break
            open_ahead.append(not mover[point])
        return any(
            sum(open_ahead[start : start + BLOCK]) <= len(dice)
            for start in range(len(open_ahead) - BLOCK + 1)
        )

    def start_leaving_limit(self, position: Position, dice: tuple[int, ...]) -> tuple[int, int]:
        """The head limit of this turn's context, unless it is switched off; nothing lifts it."""
        context = self.turn_context(position, dice, self.limit_options[0])
        assert isinstance(context, _NardyTurn)
        if not self.enforces(self._head_refusal(context).code):
            return CHECKERS, 0
        return context.may_leave, 0

    def _moves_first(self, position: Position) -> bool:
        """Whether the exception passes the mover by as the first player: only under the
        second-player reading, and only while the opponent's fifteen are all still on their
        head (the opponent has not had a turn: every first turn takes a checker off it)."""
        if self.head_exception != "second-player":
            return False
        return position.opponent[self.other_numbering(HEAD)] == CHECKERS

    @cached_property
    def _blocks_by_step(self) -> bool:
        """Whether the six-point block is refused step by step: asked for every step, so worked
        out once per game object."""
        return self.block_check == "step" and self.enforces("six_block")

    def step_refusal(
        self, context: Context, before: Side, opponent: Side, step: Step, after: Side
    ) -> Refusal | None:
        assert isinstance(context, _NardyTurn)
        source, destination = step.source, step.destination
        if source == HEAD and context.left_head >= context.may_leave:
            refusal = self._head_refusal(context)
            if self.enforces(refusal.code):
                return refusal
        if not self._blocks_by_step:
            return None
        if context.block_standing:
            # No forbidden block may stand after any step (RULES.md 4.2): only a step that
            # breaks the one already standing is legal.
            return standing_block(self, after, opponent)
        if destination != OFF and after[destination] == 1:
            # Otherwise only a step onto a point of its own can make a block.
            return forbidden_block(self, after, opponent, destination)
        return None

    def next_context(self, context: Context, step: Step, after: Side, opponent: Side) -> Context:
        if step.source != HEAD:
            return context
        assert isinstance(context, _NardyTurn)
        return _NardyTurn(
            context.left_head + 1,
            context.may_leave,
            context.first_turn,
            context.head_double,
            context.block_standing,
        )

    def end_refusal(self, mover: Side, opponent: Side) -> Refusal | None:
        if self.block_check == "step" or not self.enforces("six_block"):
            return None
        return standing_block(self, mover, opponent)

    def unreachable_refusal(self, position: Position) -> Refusal | None:
        """Six points in a row with nothing of the other side past them never stand (RULES.md
        4.2): no step may make them (nor may a turn end with them, in the ``end`` reading), and
        the other side's turns only take its checkers past them or off. The mover's first."""
        mover, opponent = position.mover, position.opponent
        block = unpassed_block(mover, opponent, opponent_route(self))
        if block is not None:
            count, first, last = block
            return Refusal.of("standing_six_block", count=count, first=first, last=last)
        block = unpassed_block(opponent, mover, POINTS)
        if block is not None:
            count, first, last = block
            return Refusal.of("opponent_standing_six_block", count=count, first=first, last=last)
        return None

    @cache  # noqa: B019 (the game objects live as long as the program)
    def _head_refusal(self, context: _NardyTurn) -> Refusal:
        """Why no further checker may leave the head: made once per turn's context, since the
        search asks at every step from the head once the limit is reached."""
        yields = HEAD_LIMIT not in self.limit_options[-1]
        if context.may_leave == 2:
            return Refusal.of("head_twice" if context.head_double else "head_twice_first_turn")
        if context.first_turn:
            if context.head_double and self.head_exception == "second-player":
                return Refusal.of("head_once_first_player")
            return Refusal.of("head_once_roll_playable" if yields else "head_once_first_turn")
        if context.head_double:
            return Refusal.of("head_once_not_first_turn")
        return Refusal.of("head_once")


class LongNardyHeadSecondPlayer(LongNardy):
    """Preset ``head-second-player``: S002's exception as its words go, "the second player's
    first roll". It differs from the default only where both heads are still full and the
    mover rolls 3-3, 4-4 or 6-6, which the official opening never deals the first player (a
    re-roll opening does): then only one checker leaves the head."""

    rules = "head-second-player"
    head_exception = "second-player"


class LongNardyHeadUnplayableDice(LongNardy):
    """Preset ``head-unplayable-dice``: on a first turn a second checker may leave the head
    whenever one checker alone would leave part of the roll unplayed because the opponent's
    checkers stand in its way, any roll, not only 3-3, 4-4 and 6-6 (E27's 5-5 included);
    never a third. The limit yields as Turkish Tavla's do: when holding it costs a die the
    mover could otherwise play."""

    rules = "head-unplayable-dice"
    limit_options = (frozenset({HEAD_LIMIT}), frozenset())


class LongNardyBlockAtTurnEnd(LongNardy):
    """Preset ``block-at-turn-end``: the six-point block is checked on the position at the end
    of the turn only, so a block that stands for one step inside a turn is allowed (E29)."""

    rules = "block-at-turn-end"
    block_check = "end"
