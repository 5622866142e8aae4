"""Legal plays, and the reason for every step the rules refuse.

One mechanism answers every question about a turn. From the position and the dice the engine
explores every sequence of single steps that the step rules allow, merging sequences that reach
the same state (board, dice left, what the variant remembers during a turn). Every state is a
candidate place to stop; the must-play rules (RULES.md 1.5) then choose the legal stops:

1. a stop that the variant's end-of-turn rules reject is no candidate;
2. only candidates that use the greatest number of dice remain (a step that ends the game counts
   as using them all: bearing off the last checker in every game, decision 15, and Plakoto's
   mother pin, decision 13);
3. a non-double of which only one die can be played: the higher, when it can be.

A play is the path to a legal stop; two paths to the same board are the same play. A step a
learner tries is legal when it leads to a state from which a legal stop can still be reached;
otherwise the refusal says which rule stands in the way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from .board import BAR, CHECKERS, HOME, OFF, Position, Side, place_name
from .errors import DiceError
from .plain import plain_plays
from .reasons import Refusal
from .steps import Step, format_play

if TYPE_CHECKING:
    from .variants import Variant

Dice = tuple[int, int]


def check_dice(dice: Sequence[int]) -> Dice:
    """The two dice of a roll, each 1..6.

    >>> check_dice([5, 2])
    (5, 2)
    """
    try:
        first, second = dice
    except (TypeError, ValueError):
        raise DiceError(f"a roll is two dice, such as [5, 2]; got {dice!r}") from None
    for die in (first, second):
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise DiceError(f"a die shows 1 to 6; got {die!r} in {list(dice)!r}")
    return first, second


def dice_to_play(dice: Dice) -> tuple[int, ...]:
    """The dice a roll gives to play: ``(high, low)``, or four of a double.

    >>> dice_to_play((2, 5)), dice_to_play((3, 3))
    ((5, 2), (3, 3, 3, 3))
    """
    first, second = dice
    return (first,) * 4 if first == second else (max(first, second), min(first, second))


@dataclass(frozen=True, slots=True)
class Play:
    """A full turn: the steps in an order the rules allow, and the position they make."""

    steps: tuple[Step, ...]
    position: Position
    notation: str = ""  # the canonical notation; filled in from the steps when not given

    def __post_init__(self) -> None:
        if not self.notation:
            object.__setattr__(self, "notation", format_play(self.steps))

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"<Play {self.notation or 'pass'}>"


# What the variant remembers during a turn (frozen points, checkers off the head, ...); any
# hashable value, ``None`` for variants that remember nothing.
Context = object


class _State:
    """A state of a turn in progress: the board, the dice left, the variant's memory."""

    __slots__ = (
        "children",
        "context",
        "dice",
        "good",
        "mover",
        "opponent",
        "over",
        "parent",
        "pins",
        "step",
        "used",
    )

    def __init__(
        self,
        mover: Side,
        opponent: Side,
        pins: tuple[frozenset[int], frozenset[int]],
        dice: tuple[int, ...],
        context: Context,
        used: int,
        parent: _State | None,
        step: Step | None,
    ) -> None:
        self.mover = mover
        self.opponent = opponent
        self.pins = pins
        self.dice = dice
        self.context = context
        self.used = used
        self.parent = parent
        self.step = step
        self.children: dict[Step, _State] = {}
        self.over = False
        self.good = False

    def key(self) -> tuple[object, ...]:
        return (self.mover, self.opponent, self.pins, self.dice, self.context)

    def board(self) -> tuple[object, ...]:
        return (self.mover, self.opponent, self.pins)

    def path(self) -> tuple[Step, ...]:
        steps: list[Step] = []
        state: _State | None = self
        while state is not None and state.step is not None:
            steps.append(state.step)
            state = state.parent
        return tuple(reversed(steps))

    def highest(self) -> int:
        """The mover's farthest place from home that holds a checker (BAR counts), or 0."""
        mover = self.mover
        for place in range(BAR, 0, -1):
            if mover[place]:
                return place
        return 0


class Turn:
    """The rules' whole answer for one position and one roll.

    ``plays`` are the legal full turns, one per resulting position, sorted by notation;
    :meth:`refusal` says why any single step a learner tries is not allowed.

    >>> from generator.engine import find_variant
    >>> turn = find_variant("backgammon").start().turn((6, 5))
    >>> [play.notation for play in turn.plays][:3]
    ['13/7 13/8', '13/7 8/3', '13/7/2']
    >>> turn.refusal([], 24, 5)
    Refusal.of('blocked_landing', point=19, count=5)
    >>> turn.refusal([(24, 6)], 18, 5)
    >>> turn.refusal([], 3, 6)
    Refusal.of('no_checker', point=3)
    """

    def __init__(self, position: Position, dice: Sequence[int]) -> None:
        self.position = position
        self.dice = check_dice(dice)
        self.variant: Variant = position.variant
        first, second = self.dice
        self.all_dice = dice_to_play(self.dice)
        self.is_double = first == second
        self._states: dict[tuple[object, ...], _State] = {}
        self._most_used: int | None = None
        self._most_stops: list[_State] = []

    # The graph of states is built on first use: the plain games answer ``plays`` without it.

    @cached_property
    def _graph(self) -> tuple[frozenset[str], _State, list[_State]]:
        limits, root = self._explore_with_waiver()
        stops = self._choose_stops()
        for stop in stops:
            stop.good = True
        self._mark_good()
        return limits, root, stops

    @property
    def limits(self) -> frozenset[str]:
        """The limits of the variant's ``limit_options`` that hold this turn: all of them
        unless holding them would cost the mover a die (Turkish Tavla's waiver)."""
        return self._graph[0]

    @property
    def root(self) -> _State:
        return self._graph[1]

    @property
    def stops(self) -> list[_State]:
        """The states where the turn may legally end."""
        return self._graph[2]

    # Exploring --------------------------------------------------------------------------------

    def _explore_with_waiver(self) -> tuple[frozenset[str], _State]:
        """The graph under the strictest set of the variant's waivable limits that costs the
        mover no die the plain rules would let them play (Turkish Tavla's waiver, RULES.md 3.4;
        Long Nardy's head limit under ``head-unplayable-dice``). The last set of
        ``limit_options`` is always the plain rules."""
        explored: list[tuple[frozenset[str], _State, dict[tuple[object, ...], _State], int]] = []
        for limits in self.variant.limit_options:
            root = self._explore(limits)
            most = self._most_candidate()
            explored.append((limits, root, self._states, most))
            if most == len(self.all_dice):
                break  # no limit can cost a die here: every die is played
        unlimited = explored[-1][3]
        limits, root, self._states, _ = next(item for item in explored if item[3] == unlimited)
        return limits, root

    def _most_candidate(self) -> int:
        variant = self.variant
        return max(
            (
                self._dice_counted(state)
                for state in self._states.values()
                if variant.end_refusal(state.mover, state.opponent) is None
            ),
            default=0,
        )

    def _explore(self, limits: frozenset[str]) -> _State:
        position = self.position
        self._states = {}
        context = self.variant.turn_context(position, self.all_dice, limits)
        pins = (position.mover_pinned, position.opponent_pinned)
        root = _State(
            position.mover, position.opponent, pins, self.all_dice, context, 0, None, None
        )
        self._states[root.key()] = root
        root.over = self.variant.game_over(root.mover, root.opponent, root.pins)
        # Breadth first, farthest checker and higher die first: the first path found to a state
        # is the one its notation shows.
        pending = deque([root])
        while pending:
            state = pending.popleft()
            if state.over:
                continue
            for source in self._sources(state):
                for die in self._distinct(state.dice):
                    outcome = self._try(state, source, die)
                    if isinstance(outcome, _State):
                        known = self._states.get(outcome.key())
                        if known is None:
                            self._states[outcome.key()] = outcome
                            pending.append(outcome)
                            known = outcome
                        state.children[outcome.step] = known  # type: ignore[index]
        return root

    @staticmethod
    def _distinct(dice: tuple[int, ...]) -> tuple[int, ...]:
        if len(dice) == 2 and dice[0] != dice[1]:
            return dice
        return dice[:1]

    def _sources(self, state: _State) -> Iterable[int]:
        mover = state.mover
        if mover[BAR]:
            return (BAR,)
        return [p for p in range(24, 0, -1) if mover[p]]

    def _try(self, state: _State, source: int, die: int) -> _State | Refusal:
        """One step from ``state``: the state it leads to, or why the step rules refuse it."""
        variant = self.variant
        mover = state.mover
        if die not in state.dice:
            return Refusal.of("die_not_available", die=die)
        if source == BAR:
            if not mover[BAR]:
                return Refusal.of("bar_empty")
            destination = BAR - die
        else:
            if mover[BAR]:
                return Refusal.of("bar_first", count=mover[BAR])
            if not 1 <= source <= 24 or not mover[source]:
                return Refusal.of("no_checker", point=source)
            destination = source - die
        pinned_refusal = variant.source_refusal(state.pins, source)
        if pinned_refusal is not None:
            return pinned_refusal
        opponent = state.opponent
        hit = pin = False
        if destination <= 0:
            highest = state.highest()
            if highest > HOME[-1]:  # the bar is refused above: a checker there enters first
                return Refusal.of("not_all_home", point=highest)
            home_refusal = variant.bear_off_refusal(state.pins)
            if home_refusal is not None:
                return home_refusal
            if destination < 0 and highest > source:
                return Refusal.of("overshoot", die=die, higher=highest)
            destination = OFF
        else:
            landing = variant.landing(opponent[destination], destination, state.pins)
            if isinstance(landing, Refusal):
                return landing
            hit, pin = landing == "hit", landing == "pin"
        step = Step(source, destination, die, hit, pin)
        new_mover = list(mover)
        new_mover[source] -= 1
        new_mover[destination] += 1
        moved = tuple(new_mover)
        pins = state.pins
        if hit:
            new_opponent = list(opponent)
            new_opponent[destination] -= 1
            new_opponent[BAR] += 1
            opponent = tuple(new_opponent)
        elif pin or state.pins[1]:
            pins = variant.pins_after(pins, step, moved)
        context = state.context
        if variant.has_step_rules:
            refusal = variant.step_refusal(context, state.mover, opponent, step, moved)
            if refusal is not None:
                return refusal
            context = variant.next_context(context, step, moved, opponent)
        dice = list(state.dice)
        dice.remove(die)
        child = _State(moved, opponent, pins, tuple(dice), context, state.used + 1, state, step)
        # Bearing off the last checker ends the game, whatever dice are left (decision 15).
        child.over = moved[OFF] == CHECKERS or variant.game_over(moved, opponent, pins)
        return child

    # Choosing the legal stops -----------------------------------------------------------------

    def _dice_counted(self, state: _State) -> int:
        """Dice a stop counts as using: all of them when a step ended the game on the way
        (the last checker borne off, Plakoto's mother pin)."""
        return len(self.all_dice) if state.over else state.used

    def _choose_stops(self) -> list[_State]:
        variant = self.variant
        candidates = [
            state
            for state in self._states.values()
            if variant.end_refusal(state.mover, state.opponent) is None
        ]
        if not candidates:
            return []
        most = max(self._dice_counted(s) for s in candidates)
        stops = [s for s in candidates if self._dice_counted(s) == most]
        if most == 1 and not self.is_double:
            higher = self.all_dice[0]
            with_higher = [s for s in stops if s.step is not None and s.step.die == higher]
            if with_higher:
                stops = with_higher
        self._most_stops = stops
        return variant.choose_among(self.position, stops)

    def _mark_good(self) -> None:
        # Children are explored after their parents, and every step uses a die, so visiting the
        # states by dice used, most first, sees every child before its parent.
        for state in sorted(self._states.values(), key=lambda s: -s.used):
            if not state.good and any(child.good for child in state.children.values()):
                state.good = True

    # Answers ----------------------------------------------------------------------------------

    @cached_property
    def plays(self) -> tuple[Play, ...]:
        variant = self.variant
        position = self.position
        pins = (position.mover_pinned, position.opponent_pinned)
        if variant.game_over(position.mover, position.opponent, pins):
            return ()
        if variant.plain_turn(position, self.all_dice):
            most, found = plain_plays(self.position.mover, self.position.opponent, self.all_dice)
            self._most_used = most
            boards = [
                (mover, opponent, pins, tuple(map(Step._make, steps)), False)
                for mover, opponent, steps in found
            ]
        else:
            seen: dict[tuple[object, ...], _State] = {}
            for stop in self.stops:
                seen.setdefault(stop.board(), stop)
            # A play that ends the game by a rule of the variant's writes that step last; one
            # that bears off the last checker is written as usual, since nothing is left.
            boards = [
                (s.mover, s.opponent, s.pins, s.path(), s.over and s.mover[OFF] < CHECKERS)
                for s in seen.values()
            ]
        plays = [
            Play(
                steps, Position(variant, mover, opponent, *pins), format_play(steps, ends_game=over)
            )
            for mover, opponent, pins, steps, over in boards
            if steps
        ]
        return tuple(sorted(plays, key=lambda play: play.notation))

    @property
    def max_dice(self) -> int:
        """How many dice the mover must play this turn (0 when the turn passes)."""
        if not self.plays:
            return 0
        if self._most_used is not None:
            return self._most_used
        return self._most()

    def state_after(self, steps: Iterable[Step | tuple[int, int]]) -> _State:
        """The state reached by legal steps from the start; raises with the first refusal."""
        state = self.root
        for item in steps:
            source, die = (item.source, item.die) if isinstance(item, Step) else item
            outcome = self._step(state, source, die)
            if isinstance(outcome, Refusal):
                from .errors import IllegalPlayError

                raise IllegalPlayError(
                    f"{place_name(source)} with a {die} is not allowed: {outcome.message()}",
                    outcome,
                )
            state = outcome
        return state

    def _step(self, state: _State, source: int, die: int) -> _State | Refusal:
        taken = self._take(state, source, die)
        return taken if isinstance(taken, Refusal) else taken[1]

    def _take(self, state: _State, source: int, die: int) -> tuple[Step, _State] | Refusal:
        """The step that moving ``source`` with ``die`` makes from ``state`` and the state it
        leads to, or why it is not allowed. (The state's own ``step`` may be another: states
        reached by different steps are one state.)"""
        if state.over:
            return Refusal.of("game_over")
        for step, child in state.children.items():
            if step.source == source and step.die == die:
                if child.good:
                    return step, child
                return self._must_play_refusal(state, step, child)
        outcome = self._try(state, source, die)
        if isinstance(outcome, Refusal):
            return outcome
        return self._must_play_refusal(state, outcome.step, outcome)  # type: ignore[arg-type]

    def refusal(
        self, played: Sequence[Step | tuple[int, int]], source: int, die: int
    ) -> Refusal | None:
        """Why moving the checker on ``source`` (a point or BAR) with ``die`` is not allowed
        after the legal steps ``played`` of this turn, or ``None`` when it is allowed."""
        outcome = self._step(self.state_after(played), source, die)
        return outcome if isinstance(outcome, Refusal) else None

    def legal_steps(self, played: Sequence[Step | tuple[int, int]] = ()) -> list[Step]:
        """The steps that keep a legal play within reach after ``played``."""
        state = self.state_after(played)
        return [step for step, child in state.children.items() if child.good]

    def _good_example(self, state: _State) -> str:
        """A legal play that continues from ``state``, as the plays list writes it."""
        cursor = state
        while cursor not in self.stops:
            cursor = next(child for child in cursor.children.values() if child.good)
        return self.play_at(cursor).notation

    def play_at(self, stop: _State) -> Play:
        """The play of ``plays`` that ends where ``stop`` is."""
        board = stop.board()
        for play in self.plays:
            p = play.position
            if (p.mover, p.opponent, (p.mover_pinned, p.opponent_pinned)) == board:
                return play
        raise AssertionError("every legal stop is one of the plays")  # pragma: no cover

    def _must_play_refusal(self, state: _State, step: Step, child: _State) -> Refusal:
        """Why a step the step rules allow still cannot be part of a legal play."""
        most = self._most()
        higher = self.all_dice[0]
        if (
            most == 1
            and not self.is_double
            and step.die != higher
            and any(stop.step is not None and stop.step.die == higher for stop in self.stops)
        ):
            example = self._good_example(state) if state.good else ""
            return Refusal.of("must_use_higher", die=higher, play=example)
        reachable = _reachable(child)
        unchosen = [s for s in self._most_stops if s in reachable]
        if unchosen:
            # A stop with the most dice, set aside by the variant's last word (Fevga's duty
            # to unblock).
            reason = self.variant.choice_refusal(unchosen[0].mover, unchosen[0].opponent)
            if reason is not None:
                return reason
        for later in reachable:
            if self._dice_counted(later) == most:
                reason = self.variant.end_refusal(later.mover, later.opponent)
                if reason is not None:
                    return reason
        # A rule of the variant that stops the other dice after this step says it best
        # (Turkish Tavla's wasted pips, Long Nardy's head, ...).
        rules = self.variant.rule_codes
        for later in reachable:
            if rules and not later.children and later.dice and not later.over:
                for source in self._sources(later):
                    for die in self._distinct(later.dice):
                        outcome = self._try(later, source, die)
                        if isinstance(outcome, Refusal) and outcome.code in rules:
                            return outcome
        return self.unfinished_refusal(state)

    def unfinished_refusal(self, state: _State) -> Refusal:
        """Why the turn may not end short of a legal stop that ``state`` can still reach."""
        example = self._good_example(state) if state.good else ""
        most = self._most()
        if not self.is_double and most == 2:
            return Refusal.of("must_use_both", play=example)
        return Refusal.of("must_use_more", count=most, play=example)

    def _most(self) -> int:
        return max((self._dice_counted(stop) for stop in self.stops), default=0)


def plain_boards(position: Position, dice: Dice) -> list[tuple[str, Side, Side]] | None:
    """The legal plays of a plain turn (``variant.plain_turn``: a plain hitting game, or a
    Turkish Tavla turn its limits cannot touch) as ``(notation, mover after, opponent
    after)``, in the order of :attr:`Turn.plays`: the same answer without building steps,
    positions and plays, for callers that only write them out (the ``plays`` contract).
    ``None`` when the turn has rules of its own: ask :attr:`Turn.plays` then.

    >>> from generator.engine import find_variant
    >>> start = find_variant("backgammon").start()
    >>> [notation for notation, _, _ in plain_boards(start, (2, 1))][:3]
    ['13/11 6/5', '13/11 8/7', '13/11/10']
    >>> plain_boards(find_variant("long-nardy").start(), (2, 1)) is None
    True
    """
    variant = position.variant
    played = dice_to_play(dice)
    if not variant.plain_turn(position, played):
        return None
    pins = (position.mover_pinned, position.opponent_pinned)
    if variant.game_over(position.mover, position.opponent, pins):
        return []
    _, found = plain_plays(position.mover, position.opponent, played)
    return sorted(
        (format_play(steps), mover, opponent)  # type: ignore[arg-type]
        for mover, opponent, steps in found
        if steps
    )


def _reachable(state: _State) -> set[_State]:
    """``state`` and every state the turn can reach from it."""
    seen = {state}
    pending = [state]
    while pending:
        for child in pending.pop().children.values():
            if child not in seen:
                seen.add(child)
                pending.append(child)
    return seen
