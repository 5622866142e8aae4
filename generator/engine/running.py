"""The states of a turn in the games where nobody is hit (Long Nardy, Fevga, Plakoto), fast.

These games have no bar: no checker is ever hit, so the opponent's checkers stand still all turn
(Plakoto's pins change only which of them lie pinned). For their ``legal_plays`` the states of a
turn come from this depth-first search over one mutable board instead of the breadth-first tree
of ``moves.py``, which is still built for refusals and the questions about partial plays. The
must-play rules of ``moves.py`` then choose the plays among these states as among the tree's.

The search asks every rule the tree asks, through the same hooks (``source_refusal``,
``landing``, ``bear_off_refusal``, ``pins_after``, ``step_refusal``, ``next_context``,
``game_over``), and finds the same states with the same first paths. It prunes nothing by an
argument about some variant's rules; its speed comes from three facts that hold whatever the
rules say:

- A step that reaches a state found already adds nothing to the plays: every step on from that
  state has been tried from it, and its first path is the one found first. So the search looks
  the state up before it asks the step rules, and asks them only for a step to a new state. (A
  refused step reaches nothing: a state counts as found once a legal step has reached it.) A
  state with no die left is looked up by its board and pins alone: no rule asks what the
  variant remembers once no die is left, and plays are told apart by their boards, so of two
  such states with one board the play is the first (``Turn.legal_plays`` keeps the first too).
- ``source_refusal``, ``landing`` and ``bear_off_refusal`` see only a point, the opponent's
  checkers there and the pins, and the opponent's checkers do not move: each is asked once per
  point and set of pins, not once per step.
- A board is one integer, a byte a place, changed by two additions a step, so a state's key
  is three small values rather than the tree's tuple of two sides, pins, dice and context.

Why the first paths are the tree's: the tree explores breadth first and tries each state's steps
farthest checker and higher die first, so the first path it finds to a state is the least, in
that order, of the legal paths to it (all of the same length: a state's dice left say how many
were used). This search tries the same steps in the same order depth first, so it reaches each
state first along that least path too (the least path's beginnings are the least paths to their
own states, and a path cut short at a found state goes on from the one found first). Listed by
dice used, the states come in the tree's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .board import CHECKERS, OFF, Side
from .reasons import Refusal
from .steps import STEPS

if TYPE_CHECKING:
    from .moves import Context, PartialPlay
    from .steps import Step
    from .variants import Pins, Variant

UNIT = tuple(1 << 8 * place for place in range(26))
"""What one checker on a place adds to a board's integer: a byte a place, as
``int.from_bytes(bytes(side), "little")`` reads a side."""
Steps = tuple["Step", ...]  # by landing: open, hit, pin
_LANDINGS = {"open": 0, "pin": 2}  # the index in ``STEPS``; nobody is hit in these games
_REFUSED = -1
_UNASKED = None


class _Ground:
    """What the hooks that see only a point and the pins say, under one set of pins: asked when
    first needed, then remembered for the turn (the opponent's checkers do not move)."""

    __slots__ = ("bears_off", "landings", "leaves", "opponent", "pins", "variant")

    def __init__(self, variant: Variant, opponent: Side, pins: Pins) -> None:
        self.variant = variant
        self.opponent = opponent
        self.pins = pins
        self.landings: list[int | None] = [_UNASKED] * 25  # by point: STEPS index or _REFUSED
        self.leaves: list[bool | None] = [_UNASKED] * 25  # by point: may a checker leave it
        self.bears_off = variant.bear_off_refusal(pins) is None

    def landing(self, point: int) -> int:
        lands = self.variant.landing(self.opponent[point], point, self.pins)
        found = self.landings[point] = _REFUSED if isinstance(lands, Refusal) else _LANDINGS[lands]
        return found

    def leave(self, point: int) -> bool:
        found = self.leaves[point] = self.variant.source_refusal(self.pins, point) is None
        return found


def running_states(variant: Variant, root: PartialPlay) -> list[PartialPlay]:
    """Every state of the turn that starts at ``root`` (no step played, the variant's
    ``turn_context`` as its context), in the tree's order: by dice used, and among as many dice
    used by first path, farthest checker and higher die first. The states are nodes as the
    tree's are, without their ``children``; of the states with no die left, one per board."""
    if root.over:
        return [root]
    opponent = root.opponent
    step_rules = variant.has_step_rules
    step_refusal, next_context = variant.step_refusal, variant.next_context
    pins_after, game_over = variant.pins_after, variant.game_over
    node = type(root)  # ``PartialPlay``, which moves.py (importing this module) defines
    board = list(root.mover)
    levels: list[list[PartialPlay]] = [[root]] + [[] for _ in root.dice]
    found: set[tuple[object, ...]] = set()  # the keys of the states found
    # Pins and context as one small number, for the keys.
    tags: dict[tuple[Pins, Context], int] = {(root.pins, root.context): 0}
    grounds: dict[Pins, _Ground] = {root.pins: _Ground(variant, opponent, root.pins)}
    # Per dice left, each number to play (the higher first), with the dice it leaves and its
    # steps.
    numbers: dict[tuple[int, ...], list[tuple[int, tuple[int, ...], Sequence[Steps]]]] = {}
    for dice in {root.dice, root.dice[:1], root.dice[1:], root.dice[2:], root.dice[3:]}:
        distinct = dice if len(dice) == 2 and dice[0] != dice[1] else dice[:1]
        numbers[dice] = [
            (die, dice[1:] if die == dice[0] else dice[:1], STEPS[die]) for die in distinct
        ]

    def search(
        state: PartialPlay, code: int, tag: int, ground: _Ground, outside: int, points: list[int]
    ) -> None:
        """Every state first found from ``state``, whose board is ``board`` (``code`` as one
        integer) with ``outside`` checkers outside the home board, on ``points`` (farthest
        first); ``tag`` numbers its pins and context, ``ground`` holds its pins' answers."""
        before, pins, context = state.mover, state.pins, state.context
        landings, leaves = ground.landings, ground.leaves
        level = levels[state.used + 1]
        playable = numbers[state.dice]
        for source in points:
            leaves_source = leaves[source]
            if leaves_source is _UNASKED:
                leaves_source = ground.leave(source)
            if not leaves_source:
                continue
            for die, left, steps in playable:
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
                step = steps[source][landing]
                new_code = code - UNIT[source] + UNIT[destination]
                if not left and not landing and not pins[1] and (new_code, pins) in found:
                    continue  # no die left, the pins as they were: a state found already
                board[source] -= 1
                board[destination] += 1
                after = tuple(board)
                new_pins, new_context, new_tag = pins, context, tag
                if landing or pins[1]:
                    new_pins = pins_after(pins, step, after)
                if left:
                    if step_rules:
                        new_context = next_context(context, step, after, opponent)
                    if new_pins is not pins or new_context is not context:
                        new_tag = tags.setdefault((new_pins, new_context), len(tags))
                    key: tuple[object, ...] = (new_code, left, new_tag)
                else:
                    # No die left: no rule asks what the variant remembers, so the state is
                    # known by its board and pins (its context is worked out once it is new).
                    key = (new_code, new_pins)
                if key not in found and not (
                    step_rules and step_refusal(context, before, opponent, step, after) is not None
                ):
                    found.add(key)
                    if step_rules and not left:
                        new_context = next_context(context, step, after, opponent)
                    child = node(
                        after, opponent, new_pins, left, new_context, state.used + 1, state, step
                    )
                    child.over = after[OFF] == CHECKERS or game_over(after, opponent, new_pins)
                    level.append(child)
                    if left and not child.over:
                        on = points
                        if not board[source]:
                            on = [place for place in points if place != source]
                        if destination and board[destination] == 1:
                            on = sorted((*on, destination), reverse=True)
                        new_ground = ground if new_pins is pins else grounds.get(new_pins)
                        if new_ground is None:
                            new_ground = grounds[new_pins] = _Ground(variant, opponent, new_pins)
                        still_out = outside - (source > 6 >= destination)
                        search(child, new_code, new_tag, new_ground, still_out, on)
                board[source] += 1
                board[destination] -= 1

    code = int.from_bytes(bytes(board), "little")
    points = [place for place in range(24, 0, -1) if board[place]]
    search(root, code, 0, grounds[root.pins], sum(board[7:]), points)
    return [state for level in levels for state in level]
