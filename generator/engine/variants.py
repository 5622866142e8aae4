"""The games: shared mechanics once, and each variant stating only what differs.

The base class plays Western backgammon's mechanics; a variant overrides class facts and a few
small hooks that the move generator (``moves.py``) asks at fixed moments of a step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, ClassVar, Literal, NamedTuple

from .board import (
    BAR,
    CHECKERS,
    HOME,
    NO_PINS,
    OFF,
    POINTS,
    Counts,
    Position,
    Side,
    side_from_counts,
)
from .dice import check_dice, distances
from .errors import CubeError, PositionError, UnknownRulesError
from .moves import Turn
from .reasons import Refusal
from .results import Cube, Player, Result, check_cube_value

if TYPE_CHECKING:
    from .moves import Context
    from .running import StopT
    from .steps import Step

Pins = tuple[frozenset[int], frozenset[int]]
Landing = Literal["open", "hit", "pin"]

DEFAULT_RULES = "default"
"""The name of every variant's own reading: the rules of the authority its page follows."""

PRESETS: dict[str, dict[str, Variant]] = {}
"""Per variant key, its readings by ``rules`` name: ``"default"`` (the variant itself, as its
authority plays it) first, then the presets where published readings differ. ``registry.py``,
which makes every variant object, enters them here; :meth:`Variant.with_rules` reads them."""


def rules_name(written: str) -> str:
    """A preset's name as written by a person, in the form ``PRESETS`` keys it by.

    >>> rules_name(" Western_Triple "), rules_name("strict wasted pips")
    ('western-triple', 'strict-wasted-pips')
    """
    return "-".join(written.strip().lower().replace("_", "-").split())


class Variant:
    """Western backgammon's mechanics; subclasses state what differs.

    A table-rule preset (decision 16) is a subclass too, with the same ``key`` and a ``rules``
    name of its own, stating only the facts where its reading differs: a variant object like
    any other, so everything that takes a variant takes a preset. So is the same game with some
    of its rules switched off (:meth:`without`), which states one fact, ``switched_off``.
    """

    key: ClassVar[str] = ""
    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    # Which published reading of the variant's rules this object plays: the default follows
    # the variant's authority, a preset another table's reading (:data:`PRESETS`).
    rules: ClassVar[str] = DEFAULT_RULES

    # Geometry: whether both players travel the same way round the board (Long Nardy, Fevga).
    same_direction: ClassVar[bool] = False
    # Where each player's checkers start, in that player's own numbering.
    setup: ClassVar[Mapping[int, int]] = {24: 2, 13: 5, 8: 3, 6: 5}
    # Landing: how many opposing checkers close a point; what landing on fewer does.
    closed_by: ClassVar[int] = 2
    has_bar: ClassVar[bool] = True
    # Whether a checker may lie pinned under an opposing one (Plakoto's pins).
    has_pins: ClassVar[bool] = False
    # Scoring: the variant's word for a win by multiplier, whether the double (a gammon or
    # mars: the loser has borne off nothing) and the triple count, and whether the variant's
    # authority leaves the triple unconfirmed (the result then says so, decision 1).
    win_words: ClassVar[tuple[str, ...]] = ("single", "gammon", "backgammon")
    counts_double: ClassVar[bool] = True
    counts_triple: ClassVar[bool] = True
    triple_unconfirmed: ClassVar[bool] = False
    has_cube: ClassVar[bool] = True
    # A cube that the rules allow but the game does not use by default (Long Nardy).
    cube_optional: ClassVar[bool] = False
    # Rules that act during a turn (see ``step_refusal``); off for the plain hitting games.
    has_step_rules: ClassVar[bool] = False
    # The refusal codes of the variant's own rules, which explain a step after which they stop
    # the other dice, and name the rules that ``without`` may switch off.
    rule_codes: ClassVar[frozenset[str]] = frozenset()
    # The plain hitting rules exactly (backgammon's): plays come from the fast search of
    # ``plain.py``. Any variant that changes how a checker moves, lands or is remembered during
    # a turn sets this to False.
    plain: ClassVar[bool] = True
    # The sets of waivable limits to try, strictest first: the first that costs the mover no
    # die the last would let them play holds for the whole turn. The last is the plain game,
    # unless the limits never yield so (a single set: Turkish Tavla's two other readings).
    limit_options: ClassVar[tuple[frozenset[str], ...]] = (frozenset(),)
    # Whether a limit that leaves no next step, where the plain rules give one, yields for that
    # step alone (Turkish Tavla's ``limits-yield-by-step``).
    limits_yield_by_step: ClassVar[bool] = False
    # The point the players call the head (Long Nardy's), 0 where none is: a reason names it.
    head: ClassVar[int] = 0
    # The rules (by their codes of ``rule_codes``) that this game is played without: none, but
    # in the copies that ``without`` makes.
    switched_off: ClassVar[frozenset[str]] = frozenset()

    @property
    def ends_early(self) -> bool:
        """Whether a rule of the variant's own can end the game before the dice are used up:
        whether it has a ``game_over`` of its own (Plakoto's mother pin). The fast searches ask
        ``game_over`` only if so."""
        return type(self).game_over is not Variant.game_over

    def __repr__(self) -> str:
        if self.rules == DEFAULT_RULES:
            text = f"find_variant({self.key!r})"
        else:
            text = f"find_variant({self.key!r}, rules={self.rules!r})"
        return f"{text}.without({sorted(self.switched_off)!r})" if self.switched_off else text

    def with_rules(self, rules: str) -> Variant:
        """This variant under the table-rule preset ``rules`` (``"default"``: the variant's own
        authority).

        >>> from generator.engine import find_variant
        >>> find_variant("portes").with_rules("greek")
        find_variant('portes', rules='greek')
        >>> find_variant("portes", rules="greek").with_rules("default")
        find_variant('portes')
        """
        presets = PRESETS[self.key]
        preset = presets.get(rules_name(rules)) if isinstance(rules, str) else None
        if preset is None:
            raise UnknownRulesError.of(
                "unknown_rules", written=repr(rules), game=self.key, known=", ".join(presets)
            )
        return preset.without(self.switched_off)

    def without(self, codes: Iterable[str]) -> Variant:
        """The same game with the rules that refuse with ``codes`` (codes of ``rule_codes``)
        switched off, every other rule as it is: what a player who does not know those rules
        plays. Like a preset, it is a subclass stating the one fact that differs
        (``switched_off``); the same codes give the same object.

        >>> from generator.engine import find_variant
        >>> nardy = find_variant("long-nardy")
        >>> free = nardy.without(["head_once_first_turn"])
        >>> free
        find_variant('long-nardy').without(['head_once_first_turn'])
        >>> [play.notation for play in free.start().turn((6, 5)).plays]
        ['24/18 24/19', '24/18/13']
        >>> free is nardy.without({"head_once_first_turn"}) and nardy.without([]) is nardy
        True
        >>> nardy.without(["no_hit_and_run"])
        Traceback (most recent call last):
        ...
        ValueError: Long Nardy has no rule that refuses with 'no_hit_and_run'; its rules' \
codes are: head_once, head_once_first_player, head_once_first_turn, head_once_not_first_turn, \
head_once_roll_playable, head_twice, head_twice_first_turn, six_block
        """
        off = self.switched_off | frozenset(codes)
        unknown = sorted(off - self.rule_codes)
        if unknown:
            raise ValueError(
                f"{self.name} has no rule that refuses with {', '.join(map(repr, unknown))}; "
                f"its rules' codes are: {', '.join(sorted(self.rule_codes)) or 'none'}"
            )
        if off == self.switched_off:
            return self
        game = type(self).__mro__[1] if self.switched_off else type(self)
        return _game_without(game, off)

    def turn(self, position: Position, dice: Sequence[int]) -> Turn:
        """Everything the rules say about playing ``dice`` in ``position`` (see
        :class:`Turn`). Positions and rolls are values, so the same question gets the same
        answer: the turns asked last are kept (:data:`TURNS_KEPT`).

        >>> from generator.engine import find_variant
        >>> start = find_variant("backgammon").start()
        >>> start.variant.turn(start, [3, 1]) is start.turn((3, 1))
        True
        """
        return _kept_turn(position, check_dice(dice))

    def enforces(self, code: str) -> bool:
        """Whether this game plays its rule that refuses with ``code`` (not switched off by
        :meth:`without`): each rule that `without` may switch off asks this before it refuses."""
        return code not in self.switched_off

    # The board -------------------------------------------------------------------------------

    def other_numbering(self, point: int) -> int:
        """The same point in the other player's numbering (the map is its own inverse).

        >>> from generator.engine import find_variant
        >>> find_variant("backgammon").other_numbering(6)
        19
        """
        if self.same_direction:
            return point + 12 if point <= 12 else point - 12
        return 25 - point

    def opponent_own_point(self, point: int) -> int:
        """The opponent's own number for the mover's ``point``."""
        return self.other_numbering(point)

    def start(self) -> Position:
        """The starting position, either player to move.

        >>> from generator.engine import find_variant
        >>> find_variant("backgammon").start().pip_count()
        167
        """
        own: dict[int | str, int] = {point: n for point, n in self.setup.items()}
        mirrored: dict[int | str, int] = {
            self.other_numbering(point): n for point, n in self.setup.items()
        }
        return self.position(mover=own, opponent=mirrored)

    def position(
        self,
        *,
        mover: Counts,
        opponent: Counts,
        pinned: Iterable[tuple[str, int]] = (),
    ) -> Position:
        """A position from ``{point: count}`` maps in the mover's numbering for both sides.

        ``"bar"`` counts checkers on the bar; checkers not listed are borne off. ``pinned``
        lists ``("mover" | "opponent", point)`` for Plakoto's pinned checkers.

        >>> from generator.engine import find_variant
        >>> find_variant("backgammon").position(mover={"bar": 1, 6: 14}, opponent={19: 2})
        find_variant('backgammon').position(mover={'bar': 1, '6': 14}, opponent={'19': 2})
        """
        mover_side = side_from_counts(mover, "mover")
        opponent_side = side_from_counts(opponent, "opponent")
        pins = self._check_pins(mover_side, opponent_side, pinned)
        self._check_sides(mover_side, opponent_side, pins)
        return Position(self, mover_side, opponent_side, pins[0], pins[1])

    def _check_pins(self, mover: Side, opponent: Side, pinned: Iterable[tuple[str, int]]) -> Pins:
        if list(pinned):
            raise PositionError.of("no_pins", variant=self.name)
        return NO_PINS, NO_PINS

    def _check_sides(self, mover: Side, opponent: Side, pins: Pins) -> None:
        if not self.has_bar:
            for who, side in (("mover", mover), ("opponent", opponent)):
                if side[BAR]:
                    raise PositionError.of("no_bar", variant=self.name, side=who, count=side[BAR])
        for point in POINTS:
            if mover[point] and opponent[point] and not self._may_share(point, pins):
                raise PositionError.of(
                    "shared_point", point=point, mover=mover[point], opponent=opponent[point]
                )
        if mover[OFF] == CHECKERS and opponent[OFF] == CHECKERS:
            raise PositionError.of("both_borne_off")

    def _may_share(self, point: int, pins: Pins) -> bool:
        return False

    def turn_board(self, position: Position) -> Position:
        """The same board seen by the opponent."""
        own = self.other_numbering
        mover = [0] * 26
        opponent = [0] * 26
        for place in (OFF, BAR):
            mover[place] = position.opponent[place]
            opponent[place] = position.mover[place]
        for point in POINTS:
            mover[own(point)] = position.opponent[point]
            opponent[own(point)] = position.mover[point]
        return Position(
            self,
            tuple(mover),
            tuple(opponent),
            frozenset(own(p) for p in position.opponent_pinned),
            frozenset(own(p) for p in position.mover_pinned),
        )

    # Hooks the move generator asks ---------------------------------------------------------

    def landing(self, opposing: int, point: int, pins: Pins) -> Landing | Refusal:
        """What landing on ``point`` with ``opposing`` checkers of the opponent there does."""
        if opposing >= self.closed_by:
            return blocked_landing(point, opposing)
        if opposing:
            return "hit"
        return "open"

    def source_refusal(self, pins: Pins, source: int) -> Refusal | None:
        """Why no checker may leave ``source`` whatever the die (Plakoto's pins)."""
        return None

    def bear_off_refusal(self, pins: Pins) -> Refusal | None:
        """Why the mover may not bear off although every checker is home."""
        return None

    def pins_after(self, pins: Pins, step: Step, mover: Side) -> Pins:
        return pins

    def plain_turn(self, position: Position, dice: tuple[int, ...]) -> bool:
        """Whether this turn's plays are exactly the plain games' (with a point closed by
        ``closed_by`` opposing checkers), so that the fast search of ``plain.py`` may give them:
        no rule of the variant's own can refuse a step or a play this turn. ``dice`` as the turn
        plays them: ``(high, low)``, or four of a double."""
        return self.plain

    def start_leaving_limit(self, position: Position, dice: tuple[int, ...]) -> tuple[int, int]:
        """For a plain turn, how many checkers may leave the mover's 24-point this turn (Long
        Nardy's head, Fevga's start: all there are, unless a rule of the variant's says), and
        the point at or below which a checker of the mover's, arriving there, lifts that limit
        for the rest of the turn (Fevga's runner passing the opponent's start; 0, none)."""
        return CHECKERS, 0

    def game_over(self, mover: Side, opponent: Side, pins: Pins) -> bool:
        """Whether a step just ended the game by a rule of the variant's own before the dice
        are used up, so that the play stops there and counts as complete (Plakoto's mother
        pin, decision 13), which only a variant with ``ends_early`` has. Bearing off the last
        checker ends every game so (decision 15); the move generator sees to that itself."""
        return False

    def turn_context(
        self, position: Position, dice: tuple[int, ...], limits: frozenset[str]
    ) -> Context:
        """What the variant remembers at the start of a turn."""
        return None

    def step_refusal(
        self, context: Context, before: Side, opponent: Side, step: Step, after: Side
    ) -> Refusal | None:
        """Why a step the landing rules allow is still refused (only with ``has_step_rules``)."""
        return None

    def next_context(self, context: Context, step: Step, after: Side, opponent: Side) -> Context:
        return context

    def end_refusal(self, mover: Side, opponent: Side) -> Refusal | None:
        """Why a turn may not end in this position (Fevga's starting quarter), or ``None``."""
        return None

    def choose_among(self, position: Position, stops: list[StopT]) -> list[StopT]:
        """The variant's last word among the plays from ``position`` that use the most dice:
        which of them stay, judged by the boards they leave (a play is told by its board, and
        the running search keeps one state per board)."""
        return stops

    def choice_refusal(self, mover: Side, opponent: Side) -> Refusal | None:
        """Why a play that ``choose_among`` set aside, ending in this position, is refused;
        ``None`` for variants whose ``choose_among`` sets nothing aside (the turn's generic
        must-play reason then stands)."""
        return None

    def unreachable_refusal(self, position: Position) -> Refusal | None:
        """Why no game comes to ``position`` with the mover to play, by a rule of this variant's
        own; ``None`` when none of them stands in the way. The rules every game shares are
        asked in ``reachable.py``, which asks this hook last."""
        return None

    def cube(self) -> Cube:
        """A new doubling cube, in the centre at 1, for a game of this variant.

        >>> from generator.engine import find_variant
        >>> find_variant("tavla-modern").cube()
        Cube(value=1, owner='centre')
        >>> find_variant("tavla-classic").cube()
        Traceback (most recent call last):
        ...
        generator.engine.errors.CubeError: Tavla Classic is played without a doubling cube
        """
        if not (self.has_cube or self.cube_optional):
            raise CubeError.of("no_cube", variant=self.name)
        return Cube()

    # The end of a game -----------------------------------------------------------------------

    def result(self, position: Position, cube: Cube | int = 1) -> Result | None:
        """Who has won in ``position`` and for how much; ``None`` while the game goes on.

        >>> from generator.engine import find_variant
        >>> bg = find_variant("backgammon")
        >>> bg.result(bg.position(mover={}, opponent={19: 15}))
        Result(winner='mover', kind='gammon', multiplier=2, cube=1)
        """
        value = cube.value if isinstance(cube, Cube) else check_cube_value(cube)
        if value != 1 and not (self.has_cube or self.cube_optional):
            raise PositionError.of("no_cube", variant=self.name)
        sides: tuple[tuple[Player, Side, Side], ...] = (
            ("mover", position.mover, position.opponent),
            ("opponent", position.opponent, position.mover),
        )
        for winner, won, loser in sides:
            if won[OFF] == CHECKERS:
                multiplier = self._multiplier(winner, loser)
                # Decision 1: a mars that Western tables would count 3 says so.
                doubtful = multiplier == 2 and self.triple_unconfirmed
                unconfirmed = "triple" if doubtful and self._loser_stuck_back(winner, loser) else ""
                kind = self.win_words[multiplier - 1]
                return Result(winner, kind, multiplier, value, unconfirmed)
        return None

    def _multiplier(self, winner: str, loser: Side) -> int:
        if loser[OFF] or not self.counts_double:
            return 1
        if self.counts_triple and self._loser_stuck_back(winner, loser):
            return 3
        return 2

    def _loser_stuck_back(self, winner: str, loser: Side) -> bool:
        """A checker of the loser on the bar or in the winner's home board."""
        winner_home = HOME if winner == "mover" else range(19, 25)
        return bool(loser[BAR]) or any(loser[point] for point in winner_home)


@cache
def blocked_landing(point: int, count: int) -> Refusal:
    """The refusal of a landing on ``point``, closed by ``count`` opposing checkers: made once
    per point and count (a refusal is a value), since the move generators ask for it at every
    step onto a closed point and need only to know that it is one."""
    return Refusal.of("blocked_landing", point=point, count=count)


TURNS_KEPT = 128
"""How many answered turns :meth:`Variant.turn` keeps: the last ones asked (a page asks the same
turn for its board, its puzzle and its widget, in two languages)."""
_kept_turn = lru_cache(maxsize=TURNS_KEPT)(Turn)


@cache
def _game_without(game: type[Variant], off: frozenset[str]) -> Variant:
    """The one object of ``game`` played without the rules ``off`` (bounded by nature: a few
    variants, and the few sets of their rules that anything switches off)."""
    facts = {"switched_off": off, "__doc__": f"{game.__doc__}\n\nWithout: {sorted(off)}."}
    variant: Variant = type(game.__name__, (game,), facts)()
    return variant


class Backgammon(Variant):
    key = "backgammon"
    name = "Backgammon"
    aliases: ClassVar[tuple[str, ...]] = ("western backgammon", "бэкгаммон", "нарды (бэкгаммон)")


class TavlaClassic(Backgammon):
    """Nard Online's Tavla without a cube: backgammon's movement; a would-be backgammon is a
    mars (2), and its result says that the triple is unconfirmed (decision 1)."""

    key = "tavla-classic"
    name = "Tavla Classic"
    aliases: ClassVar[tuple[str, ...]] = ("tavla", "тавла", "короткие нарды", "tavla classic")
    win_words: ClassVar[tuple[str, ...]] = ("single", "mars")
    counts_triple = False
    triple_unconfirmed = True
    has_cube = False


class TavlaModern(TavlaClassic):
    key = "tavla-modern"
    name = "Tavla Modern"
    aliases: ClassVar[tuple[str, ...]] = ("tavla modern",)
    has_cube = True


class TavlaClassicWesternTriple(TavlaClassic):
    """Preset ``western-triple``: a Western table's scoring, a backgammon counts 3."""

    rules = "western-triple"
    win_words: ClassVar[tuple[str, ...]] = ("single", "mars", "backgammon")
    counts_triple = True
    triple_unconfirmed = False


class TavlaModernWesternTriple(TavlaClassicWesternTriple, TavlaModern):
    """Preset ``western-triple`` of Tavla Modern: the same scoring, times the cube."""


NO_HIT_AND_RUN = "no_hit_and_run"
WASTED_PIPS = "wasted_pips"


class TurkishTavla(TavlaClassic):
    """Tavla with two home-board limits (RULES.md 3): a checker that hits in the home board
    freezes that point for the rest of the turn, and no pips are wasted in the bear-off. A limit
    yields when it would cost the mover a die they could otherwise play."""

    key = "turkish-tavla"
    name = "Turkish Tavla"
    aliases: ClassVar[tuple[str, ...]] = ("turkish tavla", "турецкая тавла")
    triple_unconfirmed = False  # S001 says it: no triple
    # The no-wasted-pips limit read narrowly (decision 4: a checker walked down with the lower
    # die may not then be borne off with the higher, which could have borne it off from where
    # it stood), or broadly (no walking down at all from where the higher die bears off).
    wasted_pips_reading: ClassVar[Literal["narrow", "broad"]] = "narrow"
    has_step_rules = True
    plain = False
    rule_codes = frozenset({"no_hit_and_run", "wasted_pips"})
    # Drop the wasted-pips limit first, then the freeze, then both (RULES.md 3.4).
    limit_options: ClassVar[tuple[frozenset[str], ...]] = (
        frozenset({NO_HIT_AND_RUN, WASTED_PIPS}),
        frozenset({NO_HIT_AND_RUN}),
        frozenset({WASTED_PIPS}),
        frozenset(),
    )

    def turn_context(
        self, position: Position, dice: tuple[int, ...], limits: frozenset[str]
    ) -> Context:
        sources: tuple[int, ...] = ()
        high = low = 0
        limits = limits - self.switched_off  # a limit switched off never holds
        if WASTED_PIPS in limits and len(dice) == 2:
            high, low = dice
            sources = _bear_off_sources(position.mover, high)
        return _TurkishTurn(NO_HIT_AND_RUN in limits, NO_PINS, sources, 0, low, high)

    def plain_turn(self, position: Position, dice: tuple[int, ...]) -> bool:
        """Neither limit can refuse a step this turn; then the plays are plain Tavla's.

        R1: no checker can hit an opposing blot at home and then step on from there. Before
        the hit none of the mover's checkers stands on that point, so whatever leaves it came
        there this turn, a number of dice away, with a die to spare. R2, on a non-double: no
        checker that the higher die bears off can be walked down with the lower first (the
        broad reading refuses that), and then still be borne off with the higher (the narrow
        reading refuses that: the one checker on the highest point, with none between it and
        where it is walked to)."""
        mover, opponent = position.mover, position.opponent
        if 1 in opponent[HOME.start : HOME.stop]:
            away = distances(dice)[:-1]  # with a die to spare
            if any(
                opponent[point] == 1 and any(mover[point + pips] for pips in away) for point in HOME
            ):
                return False
        return len(dice) == 4 or not self._walk_down_within_reach(mover, *dice)

    def _walk_down_within_reach(self, mover: Side, high: int, low: int) -> bool:
        """Whether R2 (as this game reads it) could refuse a step of a non-double's play."""
        sources = _bear_off_sources(mover, high)
        if self.wasted_pips_reading == "broad":
            return any(source > low for source in sources)
        # All home (the higher die bears off): nothing above the 6-point.
        return any(source > low and sum(mover[source - low + 1 : 7]) == 1 for source in sources)

    def step_refusal(
        self, context: Context, before: Side, opponent: Side, step: Step, after: Side
    ) -> Refusal | None:
        assert isinstance(context, _TurkishTurn)
        if step.source in context.frozen:
            return Refusal.of(NO_HIT_AND_RUN, point=step.source)
        walked_to = context.walked_to
        if walked_to and step.source == walked_to and step.destination == OFF:
            return Refusal.of(
                WASTED_PIPS, die=step.die, source=walked_to + context.low, point=walked_to
            )
        if (
            self.wasted_pips_reading == "broad"
            and step.die == context.low
            and step.source in context.sources
            and step.destination
        ):
            return Refusal.of(
                WASTED_PIPS, die=context.high, source=step.source, point=step.destination
            )
        return None

    def next_context(self, context: Context, step: Step, after: Side, opponent: Side) -> Context:
        assert isinstance(context, _TurkishTurn)
        home_hit = context.freezes and step.hit and step.destination in HOME
        if not (home_hit or context.sources or context.walked_to):
            return context  # nothing new to remember: most steps after the first
        frozen = context.frozen | {step.destination} if home_hit else context.frozen
        walked_to = 0
        if step.die == context.low and step.source in context.sources and step.destination:
            walked_to = step.destination
        # Only the first step of a turn can begin the wasted-pips pattern.
        return _TurkishTurn(context.freezes, frozen, (), walked_to, context.low, context.high)


class _TurkishTurn(NamedTuple):
    """What Turkish Tavla remembers during a turn.

    ``freezes``: the no-hit-and-run limit holds this turn; ``frozen``: the home points where a
    checker hit, which nothing may leave (R1). ``sources``: before the first step, the points
    from which the higher die could bear a checker off (R2 watches the first step from them);
    ``walked_to``: where such a checker was just walked down with the ``low`` die, else 0;
    ``high``: the other die, which the broad reading's refusal names.
    """

    freezes: bool
    frozen: frozenset[int]
    sources: tuple[int, ...]
    walked_to: int
    low: int
    high: int = 0


def _bear_off_sources(mover: Side, die: int) -> tuple[int, ...]:
    """The points from which ``die`` bears a checker off in this position: the point of that
    number, or the highest point when the die is larger and no checker stands higher."""
    highest = next((p for p in range(BAR, 0, -1) if mover[p]), 0)
    if not highest or highest > HOME[-1]:
        return ()
    return tuple(
        p for p in range(highest, 0, -1) if mover[p] and (p == die or (die > p and p == highest))
    )


class TurkishTavlaStrictWastedPips(TurkishTavla):
    """Preset ``strict-wasted-pips``: S001's tip "play the big number first when it takes a
    checker off" read strictly (RULES.md 3.2's broad reading): with ``3:1 2:1`` and 5-2 only
    ``3/off 2/off``."""

    rules = "strict-wasted-pips"
    wasted_pips_reading = "broad"


class TurkishTavlaLimitsNeverYield(TurkishTavla):
    """Preset ``limits-never-yield``: S001's waiver read word for word ("if either limit would
    leave you no play at all"), which can never apply (RULES.md 3.4, ``waiver = none``): both
    limits always hold, and the must-play rules count the dice within them. In E22
    (``8:1 1:2 / 6:1 3:2``, 5-2) only ``8/6*``."""

    rules = "limits-never-yield"
    limit_options = (frozenset({NO_HIT_AND_RUN, WASTED_PIPS}),)


class TurkishTavlaLimitsYieldByStep(TurkishTavla):
    """Preset ``limits-yield-by-step``: a limit yields move by move (RULES.md 3.4, ``waiver =
    step``): when it leaves no next step for the dice left while the plain rules give one, it
    yields for that step. In E21 (``12:1 8:1 / 7:2 6:1``, 5-2) ``8/6*/1`` is legal too, though
    other plays use both dice within the limits."""

    rules = "limits-yield-by-step"
    limit_options = (frozenset({NO_HIT_AND_RUN, WASTED_PIPS}),)
    limits_yield_by_step = True


class Portes(Backgammon):
    """Portes as TavliPlay plays it (S003, decision 11): backgammon's movement, no cube, and
    every game one win, whatever the loser has left."""

    key = "portes"
    name = "Portes"
    aliases: ClassVar[tuple[str, ...]] = ("πόρτες", "портес")
    win_words: ClassVar[tuple[str, ...]] = ("single",)
    counts_double = False
    counts_triple = False
    has_cube = False


class PortesGreek(Portes):
    """Preset ``greek``: a Greek table's scoring, 2 points (a gammon) when the loser has borne
    off nothing, and no triple. (Its opening, in which the winner rolls both dice again, and
    its habit of letting the last winner start are no part of a position's rules.)"""

    rules = "greek"
    win_words: ClassVar[tuple[str, ...]] = ("single", "gammon")
    counts_double = True
