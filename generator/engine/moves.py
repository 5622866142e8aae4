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

The states are the nodes (:class:`PartialPlay`) of the tree of partial plays, which
:class:`Turn` gives read-only: :attr:`Turn.root`, each node's ``children``, ``leads_to_play`` and
``ends_play``; :meth:`Turn.try_step` (a step from a node, or its refusal),
:meth:`Turn.state_after`, :meth:`Turn.destinations` and :meth:`Turn.plays_below`. ``plays``
alone needs less: the plain hitting games take it from the search of ``plain.py``, and so does
any turn that the variant's own rules cannot touch (``Variant.plain_turn``); the other turns of
the games where nobody is hit from the states that ``running.py`` finds, the rest from the
tree's states without marking which of them lead to a legal stop.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from itertools import compress
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING

from .board import BAR, CHECKERS, HOME, NO_PINS, OFF, Position, Side, place_name
from .dice import check_dice, dice_to_play
from .plain import plain_turn_plays
from .reasons import Refusal
from .running import Stop, StopT, running_ends
from .steps import STEPS, Step, format_play

if TYPE_CHECKING:
    from .running import End
    from .variants import Variant


class Play:
    """A full turn: the steps in an order the rules allow, and the position they make.

    A value, like a position. Its ``notation`` and ``position`` are worked out when first asked
    for: a turn finds many plays, and most callers read few of them (or only some of their
    fields), while writing a play's notation or building its position costs more than finding
    it.
    """

    __slots__ = ("_board", "_ends_game", "_notation", "_position", "_variant", "steps")

    def __init__(
        self,
        steps: tuple[Step, ...],
        variant: Variant,
        mover: Side,
        opponent: Side,
        pins: tuple[frozenset[int], frozenset[int]] = (NO_PINS, NO_PINS),
        ends_game: bool = False,
    ) -> None:
        self.steps = steps
        self._variant = variant
        self._board = (mover, opponent, pins)  # as :meth:`PartialPlay.board` writes it
        # Whether the last step ended the game by a rule of the variant's (it is written last).
        self._ends_game = ends_game
        self._notation: str | None = None
        self._position: Position | None = None

    @property
    def notation(self) -> str:
        """The canonical notation (:func:`format_play`)."""
        if self._notation is None:
            self._notation = format_play(self.steps, ends_game=self._ends_game)
        return self._notation

    @property
    def position(self) -> Position:
        """The position the play leaves, the mover still to play (as seen before the play)."""
        if self._position is None:
            mover, opponent, (mover_pinned, opponent_pinned) = self._board
            self._position = Position(self._variant, mover, opponent, mover_pinned, opponent_pinned)
        return self._position

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self._value() == other._value()

    def __hash__(self) -> int:
        return hash(self._value())

    def _value(self) -> tuple[object, ...]:
        return (self.steps, self._variant, self._board, self._ends_game)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"<Play {self.notation or 'pass'}>"


# What the variant remembers during a turn (frozen points, checkers off the head, ...); any
# hashable value, ``None`` for variants that remember nothing.
Context = object


class PartialPlay:
    """A node of the tree of partial plays: the board after some steps of the turn, the dice
    left and what the variant remembers. Its public fields are values; what the turn learns
    about it (the steps on from it, whether a legal play is still within reach) is read-only.

    Two paths that reach the same state are one node: ``step`` and ``parent`` are those of the
    first path found, the one the plays list writes.
    """

    __slots__ = (
        "_children",
        "_ends_play",
        "_good",
        "context",
        "dice",
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
        parent: PartialPlay | None,
        step: Step | None,
    ) -> None:
        self.mover = mover
        self.opponent = opponent
        self.pins = pins
        self.dice = dice  # the dice left to play
        self.context = context
        self.used = used  # how many dice the steps so far used
        self.parent = parent
        self.step = step
        self.over = False  # a step ended the game: nothing more is played
        self._children: dict[Step, PartialPlay] = {}
        self._good = False
        self._ends_play = False

    @property
    def children(self) -> Mapping[Step, PartialPlay]:
        """The steps the step rules allow from here and the nodes they lead to, farthest
        checker and higher die first; a step may still be refused by the must-play rules (see
        :attr:`leads_to_play` and :meth:`Turn.try_step`)."""
        return MappingProxyType(self._children)

    @property
    def leads_to_play(self) -> bool:
        """Whether a legal play can still be reached from here."""
        return self._good

    @property
    def ends_play(self) -> bool:
        """Whether the turn may legally end here: the play of these steps is one of the plays."""
        return self._ends_play

    def key(self) -> tuple[object, ...]:
        return (self.mover, self.opponent, self.pins, self.dice, self.context)

    def board(self) -> tuple[object, ...]:
        """What a play ending here leaves: ``(mover, opponent, pins)``."""
        return (self.mover, self.opponent, self.pins)

    def path(self) -> tuple[Step, ...]:
        """The steps from the start of the turn to here (of the first path found)."""
        steps: list[Step] = []
        state: PartialPlay | None = self
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


# A step and what it leaves: (step, mover, opponent, pins, dice left, context); all but the
# step are a node's key.
_Moved = tuple[Step, Side, Side, tuple[frozenset[int], frozenset[int]], tuple[int, ...], Context]
_LANDINGS = {"open": 0, "hit": 1, "pin": 2}
_notation = attrgetter("notation")


class Turn:
    """The rules' whole answer for one position and one roll.

    ``legal_plays`` are the legal full turns, one per resulting position, in the order the
    search finds them; ``plays`` the same sorted by notation, the order every list shown to a
    reader keeps. Sorting needs every play's notation, which costs more than finding the play,
    so callers that need no order (a count, a set of positions, a random pick) take
    ``legal_plays``. :meth:`refusal` says why any single step a learner tries is not allowed.

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
        self._states: list[PartialPlay] = []  # the tree's, the root first, in the order found
        self._states_by_key: dict[tuple[object, ...], PartialPlay] = {}
        self._most_used: int | None = None
        self._legal_plays: tuple[Play, ...] | None = None
        self._plays: tuple[Play, ...] | None = None
        self._most_stops: list[PartialPlay] = []

    # The graph of states is built on first use: the plain games answer ``plays`` without it,
    # and the other games without marking which nodes lead to a legal play.

    @cached_property
    def _explored(self) -> tuple[frozenset[str], PartialPlay, tuple[PartialPlay, ...]]:
        """The limits that hold, the tree and its legal stops: what ``plays`` needs."""
        limits, levels, most, candidates = self._under_waiver(self._explore)
        self._states = [state for level in levels for state in level]
        self._most_stops, stops = self._choose_stops(most, candidates)
        for stop in stops:
            stop._ends_play = True
        return limits, self._states[0], tuple(stops)

    @cached_property
    def _graph(self) -> tuple[frozenset[str], PartialPlay, tuple[PartialPlay, ...]]:
        """The same, with every node marked that leads to a legal play: what refusals need."""
        explored = self._explored
        self._mark_good()
        return explored

    @property
    def limits(self) -> frozenset[str]:
        """The limits of the variant's ``limit_options`` that hold this turn: all of them
        unless holding them would cost the mover a die (Turkish Tavla's waiver). A limit that
        yields move by move is listed: it gives way only where it leaves no next step."""
        return self._graph[0]

    @property
    def root(self) -> PartialPlay:
        """The start of the tree of partial plays: no step played yet."""
        return self._graph[1]

    @property
    def stops(self) -> tuple[PartialPlay, ...]:
        """The nodes where the turn may legally end (each ends one of ``plays``)."""
        return self._graph[2]

    # Exploring --------------------------------------------------------------------------------

    def _under_waiver(
        self, explore: Callable[[frozenset[str]], list[list[StopT]]]
    ) -> tuple[frozenset[str], list[list[StopT]], int, list[StopT]]:
        """The states that ``explore`` finds (by dice used, in the order found) under the
        strictest set of the variant's waivable limits that costs the mover no die the plain
        rules would let them play (Turkish Tavla's waiver, RULES.md 3.4; Long Nardy's head limit
        under ``head-unplayable-dice``), with the most dice counted and the candidate stops (see
        :meth:`_candidates`). The last set of ``limit_options`` is the plain rules, unless the
        limits never yield over the whole turn (Turkish Tavla's other readings)."""
        explored = []
        for limits in self.variant.limit_options:
            states = explore(limits)
            most, candidates = self._candidates(states)
            explored.append((limits, states, most, candidates))
            if most == len(self.all_dice):
                break  # no limit can cost a die here: every die is played
        unlimited = explored[-1][2]
        return next(item for item in explored if item[2] == unlimited)

    def _candidates(self, levels: list[list[StopT]]) -> tuple[int, list[StopT]]:
        """The most dice that a place where the turn may end counts as using, and those places
        (the states that the variant's end-of-turn rules accept), in the order found, from the
        states by dice used (``levels[k]``: ``k`` dice). The states that count the most dice
        are asked first: the others are no candidates once one of those is. A state where a
        step ended the game counts every die."""
        every_die = len(levels) - 1
        end_refusal = self.variant.end_refusal
        for counted in range(every_die, -1, -1):
            if counted == every_die:
                ended = [s for level in levels[:every_die] for s in level if s.over]
                states = ended + levels[every_die] if ended else levels[every_die]
            else:
                states = [s for s in levels[counted] if not s.over]
            found = [s for s in states if end_refusal(s.mover, s.opponent) is None]
            if found:
                return counted, found
        return 0, []

    def _start(self, limits: frozenset[str]) -> PartialPlay:
        """The root of the turn under ``limits``: no step played yet."""
        position = self.position
        context = self.variant.turn_context(position, self.all_dice, limits)
        pins = (position.mover_pinned, position.opponent_pinned)
        root = PartialPlay(
            position.mover, position.opponent, pins, self.all_dice, context, 0, None, None
        )
        root.over = self.variant.game_over(root.mover, root.opponent, root.pins)
        return root

    def _running_ends(self, limits: frozenset[str]) -> list[list[End]]:
        position = self.position
        context = self.variant.turn_context(position, self.all_dice, limits)
        pins = (position.mover_pinned, position.opponent_pinned)
        return running_ends(
            self.variant, position.mover, position.opponent, pins, self.all_dice, context
        )

    def _explore(self, limits: frozenset[str]) -> list[list[PartialPlay]]:
        """Every state of the tree under ``limits`` by dice used, in the order found."""
        root = self._start(limits)
        self._states_by_key = {root.key(): root}
        # A limit that yields step by step yields where it leaves no next step at all.
        lifted = limits if self.variant.limits_yield_by_step else frozenset()
        # Breadth first, farthest checker and higher die first: the first path found to a state
        # is the one its notation shows.
        pending = deque([root])
        while pending:
            state = pending.popleft()
            if state.over or not state.dice:
                continue
            self._grow(state, pending)
            if lifted and not state._children:
                self._grow(state, pending, lifted)
        levels: list[list[PartialPlay]] = [[] for _ in range(len(self.all_dice) + 1)]
        for state in self._states_by_key.values():
            levels[state.used].append(state)
        return levels

    def _grow(
        self, state: PartialPlay, pending: deque[PartialPlay], lifted: frozenset[str] = frozenset()
    ) -> None:
        """Add the steps from ``state`` that the step rules allow, the ``lifted`` limits aside,
        and queue the states first found so."""
        states = self._states_by_key
        move = self._move
        children = state._children
        dice = self._distinct(state.dice)
        for source in self._sources(state):
            for die in dice:
                outcome = move(state, source, die, lifted)
                if isinstance(outcome, Refusal):
                    continue
                step, key = outcome[0], outcome[1:]
                known = states.get(key)
                if known is None:
                    known = states[key] = self._child(state, outcome)
                    pending.append(known)
                children[step] = known

    @staticmethod
    def _distinct(dice: tuple[int, ...]) -> tuple[int, ...]:
        if len(dice) == 2 and dice[0] != dice[1]:
            return dice
        return dice[:1]

    def _sources(self, state: PartialPlay) -> Iterable[int]:
        mover = state.mover
        if mover[BAR]:
            return (BAR,)
        return compress(range(24, 0, -1), mover[24:0:-1])  # the points with a checker

    def _try(self, state: PartialPlay, source: int, die: int) -> PartialPlay | Refusal:
        """One step from ``state``: the state it leads to, or why the step rules refuse it."""
        mover = state.mover
        if die not in state.dice:
            return Refusal.of("die_not_available", die=die)
        if source == BAR:
            if not mover[BAR]:
                return Refusal.of("bar_empty")
        else:
            if mover[BAR]:
                return Refusal.of("bar_first", count=mover[BAR])
            if not 1 <= source <= 24 or not mover[source]:
                return Refusal.of("no_checker", point=source)
        outcome = self._move(state, source, die)
        return outcome if isinstance(outcome, Refusal) else self._child(state, outcome)

    def _move(
        self, state: PartialPlay, source: int, die: int, lifted: frozenset[str] = frozenset()
    ) -> _Moved | Refusal:
        """Moving the checker on ``source`` (there is one, and the bar has none unless it is
        the bar) with ``die`` (one of the dice left): the step and what it leaves, or why the
        step rules refuse it, the ``lifted`` limits aside."""
        variant = self.variant
        mover = state.mover
        pins = state.pins
        destination = source - die
        pinned_refusal = variant.source_refusal(pins, source)
        if pinned_refusal is not None:
            return pinned_refusal
        opponent = state.opponent
        landing = 0  # open; 1 a hit, 2 a pin: the index in ``STEPS``
        if destination <= 0:
            highest = state.highest()
            if highest > HOME[-1]:  # the bar is refused above: a checker there enters first
                return Refusal.of("not_all_home", point=highest)
            home_refusal = variant.bear_off_refusal(pins)
            if home_refusal is not None:
                return home_refusal
            if destination < 0 and highest > source:
                return Refusal.of("overshoot", die=die, higher=highest)
            destination = OFF
        else:
            lands = variant.landing(opponent[destination], destination, pins)
            if isinstance(lands, Refusal):
                return lands
            landing = _LANDINGS[lands]
        step = STEPS[die][source][landing]
        new_mover = list(mover)
        new_mover[source] -= 1
        new_mover[destination] += 1
        moved = tuple(new_mover)
        if landing == 1:
            new_opponent = list(opponent)
            new_opponent[destination] -= 1
            new_opponent[BAR] += 1
            opponent = tuple(new_opponent)
        elif landing == 2 or pins[1]:
            pins = variant.pins_after(pins, step, moved)
        context = state.context
        if variant.has_step_rules:
            refusal = variant.step_refusal(context, mover, opponent, step, moved)
            if refusal is not None and refusal.code not in lifted:
                return refusal
            context = variant.next_context(context, step, moved, opponent)
        dice = state.dice
        index = dice.index(die)
        return step, moved, opponent, pins, dice[:index] + dice[index + 1 :], context

    def _child(self, state: PartialPlay, moved: _Moved) -> PartialPlay:
        step, mover, opponent, pins, dice, context = moved
        child = PartialPlay(mover, opponent, pins, dice, context, state.used + 1, state, step)
        # Bearing off the last checker ends the game, whatever dice are left (decision 15).
        child.over = mover[OFF] == CHECKERS or self.variant.game_over(mover, opponent, pins)
        return child

    # Choosing the legal stops -----------------------------------------------------------------

    def _dice_counted(self, state: PartialPlay) -> int:
        """Dice a stop counts as using: all of them when a step ended the game on the way
        (the last checker borne off, Plakoto's mother pin)."""
        return len(self.all_dice) if state.over else state.used

    def _choose_stops(self, most: int, candidates: list[StopT]) -> tuple[list[StopT], list[StopT]]:
        """The stops that count the ``most`` dice and obey the higher-die rule, and among them
        the legal stops: the variant's last word."""
        stops = candidates
        if most == 1 and not self.is_double:
            higher = self.all_dice[0]
            with_higher = [s for s in stops if s.step is not None and s.step.die == higher]
            if with_higher:
                stops = with_higher
        return stops, self.variant.choose_among(self.position, stops) if stops else []

    def _mark_good(self) -> None:
        # Breadth first, the states were found by dice used, fewest first, and every step uses
        # a die: visiting them backwards sees every child before its parent.
        for state in reversed(self._states):
            if state._ends_play or any(child._good for child in state._children.values()):
                state._good = True

    # Answers ----------------------------------------------------------------------------------

    @property
    def legal_plays(self) -> tuple[Play, ...]:
        """The legal full turns, one per resulting position, in the order the search finds
        them: the same order every time, but not sorted, so that no play's notation need be
        written. What :meth:`Position.legal_plays` gives."""
        # Kept by hand rather than by ``cached_property``: its lock (Python 3.11) costs a
        # twentieth of a small turn's whole answer.
        if self._legal_plays is None:
            self._legal_plays = self._find_plays()
        return self._legal_plays

    @property
    def plays(self) -> tuple[Play, ...]:
        """The legal full turns sorted by notation: the order in which a page, a key or the
        ``plays`` contract lists them."""
        if self._plays is None:
            self._plays = tuple(sorted(self.legal_plays, key=_notation))
        return self._plays

    def _find_plays(self) -> tuple[Play, ...]:
        variant = self.variant
        position = self.position
        pins = (position.mover_pinned, position.opponent_pinned)
        if variant.game_over(position.mover, position.opponent, pins):
            return ()
        if variant.plain_turn(position, self.all_dice):
            most, found = plain_turn_plays(position, self.all_dice)
            self._most_used = most
            return tuple(
                Play(steps, variant, mover, opponent, pins)
                for mover, opponent, steps in found
                if steps
            )
        stops: Sequence[Stop]
        if variant.has_bar or variant.limits_yield_by_step:
            stops = self._explored[2]
        else:
            # Nobody is hit, so the states may come from the search of ``running.py``. It keeps
            # one per board for each number of dice used, so only stops where a step ended the
            # game (which count every die, whatever they used) may share a board.
            _, _, most, candidates = self._under_waiver(self._running_ends)
            self._most_used = most
            stops = self._choose_stops(most, candidates)[1]
            if not any(stop.over for stop in stops):
                return tuple(self._play_to(stop) for stop in stops if stop.used)
        seen: dict[tuple[object, ...], Stop] = {}
        for stop in stops:
            seen.setdefault(stop.board(), stop)
        return tuple(self._play_to(stop) for stop in seen.values() if stop.used)

    def _play_to(self, stop: Stop) -> Play:
        steps = stop.path()
        # A play that ends the game by a rule of the variant's writes that step last; one that
        # bears off the last checker is written as usual, since nothing is left.
        ends_game = stop.over and stop.mover[OFF] < CHECKERS
        return Play(steps, self.variant, stop.mover, stop.opponent, stop.pins, ends_game)

    @property
    def max_dice(self) -> int:
        """How many dice the mover must play this turn (0 when the turn passes)."""
        if not self.legal_plays:
            return 0
        if self._most_used is not None:
            return self._most_used
        return self._most()

    def state_after(self, steps: Iterable[Step | tuple[int, int]]) -> PartialPlay:
        """The state reached by legal steps from the start; raises with the first refusal."""
        state = self.root
        for item in steps:
            source, die = (item.source, item.die) if isinstance(item, Step) else item
            outcome = self._step(state, source, die)
            if isinstance(outcome, Refusal):
                from .errors import IllegalPlayError

                raise IllegalPlayError.of(
                    "step_refused", place=place_name(source), die=die, reason=outcome
                )
            state = outcome
        return state

    def _step(self, state: PartialPlay, source: int, die: int) -> PartialPlay | Refusal:
        taken = self.try_step(state, source, die)
        return taken if isinstance(taken, Refusal) else taken[1]

    def try_step(
        self, state: PartialPlay, source: int, die: int
    ) -> tuple[Step, PartialPlay] | Refusal:
        """The step that moving the checker on ``source`` with ``die`` makes from ``state`` (a
        node of this turn's tree) and the node it leads to, or why it is not allowed. (The
        node's own ``step`` may be another: nodes reached by different steps are one node.)

        >>> from generator.engine import find_variant
        >>> turn = find_variant("backgammon").start().turn((6, 5))
        >>> turn.try_step(turn.root, 24, 6)[0]
        Step(source=24, destination=18, die=6, hit=False, pin=False)
        >>> turn.try_step(turn.root, 24, 5)
        Refusal.of('blocked_landing', point=19, count=5)
        """
        if state.over:
            return Refusal.of("game_over")
        for step, child in state._children.items():
            if step.source == source and step.die == die:
                if child._good:
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
        return [step for step, child in state._children.items() if child._good]

    def _good_example(self, state: PartialPlay) -> str:
        """A legal play that continues from ``state``, as the plays list writes it."""
        cursor = state
        while not cursor._ends_play:
            cursor = next(child for child in cursor._children.values() if child._good)
        return self.play_at(cursor).notation

    def play_at(self, stop: PartialPlay) -> Play:
        """The play of ``plays`` that ends where ``stop`` (a node that ends a play) is."""
        return self._play_by_board[stop.board()]

    @cached_property
    def _play_by_board(self) -> dict[tuple[object, ...], Play]:
        return {play._board: play for play in self.legal_plays}

    def plays_below(self, state: PartialPlay) -> tuple[Play, ...]:
        """The plays that go on from ``state`` (a node of this turn's tree), in the order of
        ``plays``: every play when ``state`` is the root, none when no legal play is within
        reach from it.

        >>> from generator.engine import find_variant
        >>> turn = find_variant("backgammon").start().turn((6, 5))
        >>> [play.notation for play in turn.plays_below(turn.state_after([(24, 6)]))]
        ['24/18 13/8', '24/18 8/3', '24/18/13']
        """
        ends = {self.play_at(node).notation for node in _reachable(state) if node._ends_play}
        return tuple(play for play in self.plays if play.notation in ends)

    def destinations(self, source: int, state: PartialPlay | None = None) -> tuple[int, ...]:
        """Every place the checker on ``source`` can land on in some legal play going on from
        ``state`` (the start when ``None``), farthest first and ``OFF`` last: the checker is
        followed step by step, also after other checkers moved first (a checker that may move
        only once another has entered from the bar).

        >>> from generator.engine import find_variant
        >>> turn = find_variant("backgammon").start().turn((6, 5))
        >>> turn.destinations(24)
        (18, 13)
        """
        start = self.root if state is None else state
        found: set[int] = set()
        pending: list[tuple[PartialPlay, int]] = [(start, source)] if start._good else []
        seen: set[tuple[int, int]] = set()
        while pending:
            node, place = pending.pop()
            for step, child in node._children.items():
                if not child._good:
                    continue
                after = []
                if step.source == place:
                    after.append(step.destination)  # the followed checker moves
                if step.source != place or node.mover[place] > 1:
                    after.append(place)  # another checker moves
                for where in after:
                    if (id(child), where) in seen:
                        continue
                    seen.add((id(child), where))
                    if where != place:
                        found.add(where)
                    if where != OFF:
                        pending.append((child, where))
        return tuple(sorted(found, key=lambda p: (p == OFF, -p)))

    def _must_play_refusal(self, state: PartialPlay, step: Step, child: PartialPlay) -> Refusal:
        """Why a step the step rules allow still cannot be part of a legal play."""
        most = self._most()
        higher = self.all_dice[0]
        if (
            most == 1
            and not self.is_double
            and step.die != higher
            and any(stop.step is not None and stop.step.die == higher for stop in self.stops)
        ):
            example = self._good_example(state) if state._good else ""
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
            if rules and not later._children and later.dice and not later.over:
                for source in self._sources(later):
                    for die in self._distinct(later.dice):
                        outcome = self._try(later, source, die)
                        if isinstance(outcome, Refusal) and outcome.code in rules:
                            return outcome
        return self.unfinished_refusal(state)

    def unfinished_refusal(self, state: PartialPlay) -> Refusal:
        """Why the turn may not end short of a legal stop that ``state`` can still reach."""
        example = self._good_example(state) if state._good else ""
        most = self._most()
        if not self.is_double and most == 2:
            return Refusal.of("must_use_both", play=example)
        return Refusal.of("must_use_more", count=most, play=example)

    def _most(self) -> int:
        return max((self._dice_counted(stop) for stop in self._explored[2]), default=0)


def _reachable(state: PartialPlay) -> set[PartialPlay]:
    """``state`` and every state the turn can reach from it."""
    seen = {state}
    pending = [state]
    while pending:
        for child in pending.pop()._children.values():
            if child not in seen:
                seen.add(child)
                pending.append(child)
    return seen
