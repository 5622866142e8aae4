"""The states of a turn in the games where nobody is hit (Long Nardy, Fevga, Plakoto), fast.

These games have no bar: no checker is ever hit, so the opponent's checkers stand still all turn
(Plakoto's pins change only which of them lie pinned). For their ``legal_plays`` the states of a
turn come from this depth-first search over one mutable board instead of the breadth-first tree
of ``moves.py``, which is still built for refusals and the questions about partial plays. The
must-play rules of ``moves.py`` then choose the plays among these states as among the tree's.
(A turn that the variant's own rules cannot touch is answered by ``plain.py`` instead,
``Variant.plain_turn``: most of Long Nardy's and Fevga's, Plakoto's with nothing pinned and
nothing alone to pin.)

The search asks every rule the tree asks, through the same hooks (``source_refusal``,
``landing``, ``bear_off_refusal``, ``pins_after``, ``step_refusal``, ``next_context``,
``game_over``), and finds the same states with the same first paths. It prunes nothing by an
argument about some variant's rules; its speed comes from facts that hold whatever the rules
say:

- A step that reaches a state found already adds nothing to the plays: every step on from that
  state has been tried from it, and its first path is the one found first. So the search looks
  the state up before it asks the step rules, and asks them only for a step to a new state. (A
  refused step reaches nothing: a state counts as found once a legal step has reached it.) A
  state with no die left is looked up by its board and pins alone: no rule asks what the
  variant remembers once no die is left (so ``next_context`` is not asked for its step), and
  plays are told apart by their boards, so of two such states with one board the play is the
  first (``Turn.legal_plays`` keeps the first too).
- ``source_refusal``, ``landing`` and ``bear_off_refusal`` see only a point, the opponent's
  checkers there and the pins, and the opponent's checkers do not move: each is asked once per
  point and set of pins, not once per step.
- A board is one integer, a byte a place, changed by two additions a step, so a state's key
  is three small values rather than the tree's tuple of two sides, pins, dice and context.
- What the must-play rules need of a state is its board and the steps to it (:class:`End`):
  the search keeps each state's steps as it goes, so no play's path is walked back, and builds
  no tree node. Of the states with one board and as many dice used it keeps the first, the one
  whose play ``Turn.legal_plays`` keeps (the end-of-turn rules and ``choose_among`` judge a
  play by its board).

Why the first paths are the tree's: the tree explores breadth first and tries each state's steps
farthest checker and higher die first, so the first path it finds to a state is the least, in
that order, of the legal paths to it (all of the same length: a state's dice left say how many
were used). This search tries the same steps in the same order depth first, so it reaches each
state first along that least path too (the least path's beginnings are the least paths to their
own states, and a path cut short at a found state goes on from the one found first). Listed by
dice used, the states come in the tree's order.
"""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import TYPE_CHECKING, Protocol, TypeVar

from .board import CHECKERS, OFF, Side
from .reasons import Refusal
from .steps import STEPS

if TYPE_CHECKING:
    from .moves import Context
    from .steps import Step
    from .variants import Pins, Variant

UNIT = tuple(1 << 8 * place for place in range(26))
"""What one checker on a place adds to a board's integer: a byte a place, as
``int.from_bytes(bytes(side), "little")`` reads a side."""
_LANDINGS = {"open": 0, "pin": 2}  # the index in ``STEPS``; nobody is hit in these games


class Stop(Protocol):
    """What the must-play rules read of a state where the turn may stop: a tree node
    (:class:`PartialPlay`), or a state of the running search (:class:`End`)."""

    mover: Side
    opponent: Side
    pins: tuple[frozenset[int], frozenset[int]]
    used: int
    over: bool

    @property
    def step(self) -> Step | None: ...

    def board(self) -> tuple[object, ...]: ...

    def path(self) -> tuple[Step, ...]: ...


StopT = TypeVar("StopT", bound=Stop)
"""The kind of stop a turn's must-play rules (and ``Variant.choose_among``) are given and hand
back: tree nodes for the tree, ``End`` for the running search."""


class End:
    """A state of the turn where the must-play rules may let it stop, with what they and a play
    need of it: the board it leaves, the steps to it (the first path found), how many dice they
    used, and whether a step ended the game (``over``)."""

    __slots__ = ("mover", "opponent", "over", "pins", "steps", "used")

    def __init__(
        self, mover: Side, opponent: Side, pins: Pins, steps: tuple[Step, ...], over: bool
    ) -> None:
        self.mover = mover
        self.opponent = opponent
        self.pins = pins
        self.steps = steps
        self.used = len(steps)
        self.over = over

    @property
    def step(self) -> Step | None:
        """The last step, as a tree node's ``step``."""
        return self.steps[-1] if self.steps else None

    def board(self) -> tuple[object, ...]:
        """What a play ending here leaves: ``(mover, opponent, pins)``."""
        return (self.mover, self.opponent, self.pins)

    def path(self) -> tuple[Step, ...]:
        """The steps from the start of the turn to here, as a tree node's ``path()``."""
        return self.steps


_REFUSED = -1
_UNASKED = None


class _Ground:
    """What the hooks that see only a point and the pins say, under one set of pins: asked when
    first needed, then remembered for the turn (the opponent's checkers do not move)."""

    __slots__ = ("bears_off", "boards", "landings", "leaves", "opponent", "pins", "variant")

    def __init__(self, variant: Variant, opponent: Side, pins: Pins, levels: int) -> None:
        self.variant = variant
        self.opponent = opponent
        self.pins = pins
        self.landings: list[int | None] = [_UNASKED] * 25  # by point: STEPS index or _REFUSED
        self.leaves: list[bool | None] = [_UNASKED] * 25  # by point: may a checker leave it
        self.bears_off = variant.bear_off_refusal(pins) is None
        # By dice used, the boards (as integers) of the states found with these pins.
        self.boards: list[set[int]] = [set() for _ in range(levels)]

    def landing(self, point: int) -> int:
        lands = self.variant.landing(self.opponent[point], point, self.pins)
        found = self.landings[point] = _REFUSED if isinstance(lands, Refusal) else _LANDINGS[lands]
        return found

    def leave(self, point: int) -> bool:
        found = self.leaves[point] = self.variant.source_refusal(self.pins, point) is None
        return found


# Per number to play: the die, its steps by source and landing, and what is left to play after
# it (the same, per number, or empty when no die is left).
_Numbers = list[tuple[int, tuple[tuple["Step", ...], ...], tuple[int, ...], "_Numbers"]]


@cache
def _numbers(dice: tuple[int, ...]) -> _Numbers:
    """The numbers to play with ``dice`` left, the higher first: both numbers of a non-double,
    one of a double."""
    distinct = dice if len(dice) == 2 and dice[0] != dice[1] else dice[:1]
    return [
        (die, STEPS[die], left, _numbers(left))
        for die in distinct
        for left in [dice[1:] if die == dice[0] else dice[:1]]
    ]


def running_ends(
    variant: Variant,
    mover: Side,
    opponent: Side,
    pins: Pins,
    dice: tuple[int, ...],
    context: Context,
) -> list[list[End]]:
    """The states of the turn from the mover's ``mover`` against ``opponent`` under ``pins``,
    with ``dice`` to play and the variant's ``context`` (its ``turn_context``), in the tree's
    order, one per board: by dice used (``[k]``: the states with ``k`` dice used, the start
    the only one with none), and among as many dice used by first path, farthest checker and
    higher die first. The game must not be over at the start."""
    step_rules = variant.has_step_rules
    step_refusal, next_context = variant.step_refusal, variant.next_context
    pins_after, game_over = variant.pins_after, variant.game_over
    ends_early = variant.ends_early
    levels: list[list[End]] = [[End(mover, opponent, pins, (), False)]] + [[] for _ in dice]
    board = list(mover)
    # The keys of the states found with dice left after the first step (a first step always
    # reaches a new state: the start's steps differ by source or die, and the board and the dice
    # left tell both); the boards of the states found are kept by pins, in their ``_Ground``.
    states: set[tuple[object, ...]] = set()
    # Pins and context as one small number, for the keys.
    tags: dict[tuple[Pins, Context], int] = {(pins, context): 0}
    grounds: dict[Pins, _Ground] = {pins: _Ground(variant, opponent, pins, len(levels))}

    def search(
        before: Side,
        code: int,
        pins: Pins,
        context: Context,
        tag: int,
        ground: _Ground,
        playable: _Numbers,
        steps: tuple[Step, ...],
        outside: int,
        points: list[int],
    ) -> None:
        """Every state first found from the one whose board is ``board`` (``before`` as a
        tuple, ``code`` as one integer), with ``outside`` checkers outside the home board, on
        ``points`` (farthest first), reached by ``steps``, with ``playable`` left to play;
        ``tag`` numbers its pins and context, ``ground`` holds its pins' answers."""
        landings, leaves = ground.landings, ground.leaves
        used = len(steps) + 1
        level, level_boards = levels[used], ground.boards[used]
        for source in points:
            leaves_source = leaves[source]
            if leaves_source is _UNASKED:
                leaves_source = ground.leave(source)
            if not leaves_source:
                continue
            for die, by_source, left, next_playable in playable:
                destination = source - die
                if destination > 0:
                    landing = landings[destination]
                    if landing is _UNASKED:
                        landing = ground.landing(destination)
                    if landing == _REFUSED:
                        continue
                else:
                    # Bearing off: every checker home, no rule against it, and a die larger than
                    # needed only for the highest checker.
                    if outside or not ground.bears_off or (destination < 0 and source < points[0]):
                        continue
                    destination = OFF
                    landing = 0
                new_code = code - UNIT[source] + UNIT[destination]
                if not left and not landing and not pins[1] and new_code in level_boards:
                    continue  # no die left, the pins as they were: a play found already
                step = by_source[source][landing]
                board[source] -= 1
                board[destination] += 1
                after = tuple(board)
                new_ground = ground
                new_pins = pins
                if landing or pins[1]:
                    new_pins = pins_after(pins, step, after)
                    if new_pins is not pins:
                        found = grounds.get(new_pins)
                        if found is None:
                            found = grounds[new_pins] = _Ground(
                                variant, opponent, new_pins, len(levels)
                            )
                        new_ground = found
                new_boards = new_ground.boards[used]
                if not left:
                    # No die left: no rule asks what the variant remembers, so the state is
                    # known by its board and pins, and it is a play.
                    if new_code not in new_boards and not (
                        step_rules
                        and step_refusal(context, before, opponent, step, after) is not None
                    ):
                        new_boards.add(new_code)
                        over = after[OFF] == CHECKERS or (
                            ends_early and game_over(after, opponent, new_pins)
                        )
                        level.append(End(after, opponent, new_pins, (*steps, step), over))
                    board[source] += 1
                    board[destination] -= 1
                    continue
                new_context = (
                    next_context(context, step, after, opponent) if step_rules else context
                )
                new_tag = tag
                if new_pins is not pins or new_context is not context:
                    new_tag = tags.setdefault((new_pins, new_context), len(tags))
                key = (new_code, left, new_tag)
                if (not steps or key not in states) and not (
                    step_rules and step_refusal(context, before, opponent, step, after) is not None
                ):
                    states.add(key)
                    new_steps = (*steps, step)
                    # Bearing off the last checker ends the game, whatever dice are left
                    # (decision 15).
                    over = after[OFF] == CHECKERS or (
                        ends_early and game_over(after, opponent, new_pins)
                    )
                    if new_code not in new_boards:
                        new_boards.add(new_code)
                        level.append(End(after, opponent, new_pins, new_steps, over))
                    if not over:
                        on = points
                        if not board[source]:
                            on = points.copy()
                            on.remove(source)
                        if destination and board[destination] == 1:
                            on = sorted((*on, destination), reverse=True)
                        still_out = outside - (source > 6 >= destination)
                        search(  # noqa: F821 (deleted once the whole search is done)
                            after,
                            new_code,
                            new_pins,
                            new_context,
                            new_tag,
                            new_ground,
                            next_playable,
                            new_steps,
                            still_out,
                            on,
                        )
                board[source] += 1
                board[destination] -= 1

    code = int.from_bytes(bytes(board), "little")
    points = list(compress(range(24, 0, -1), mover[24:0:-1]))  # the points held, farthest first
    search(mover, code, pins, context, 0, grounds[pins], _numbers(dice), (), sum(board[7:]), points)
    # ``search`` refers to itself, and so to everything it saw: deleting it breaks that cycle,
    # so that the turn's states go as soon as the plays are chosen, not at the next collection.
    del search
    return levels
