"""Plakoto, the Greek pinning game (RULES.md 2.7).

Backgammon's geometry without a bar: landing on a lone opposing checker pins it under the
mover's checker instead of hitting it. A pinned checker cannot move, its point belongs to the
pinner, and a side with a pinned checker cannot bear off. Pinning the opponent's last checker on
its starting point (the mother) wins the game at once, unless the pinner still has a checker on
its own start. The preset ``pinned-home-bears-off`` lets a side bear off with a checker pinned
inside its home (decision 16).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from .board import CHECKERS, NO_PINS, POINTS, Position, Side
from .dice import distances
from .errors import PositionError
from .reasons import Refusal
from .results import Cube, Result
from .variants import Landing, Pins, Variant, blocked_landing

if TYPE_CHECKING:
    from .steps import Step

START = 24
"""Where the mover's checkers start: the mover's 24, the opponent's 1-point."""
OPPONENT_START = 1
"""Where the opponent's checkers start, in the mover's numbering."""


class Plakoto(Variant):
    key = "plakoto"
    name = "Plakoto"
    aliases: ClassVar[tuple[str, ...]] = ("πλακωτό", "плакото")
    win_words: ClassVar[tuple[str, ...]] = ("single", "mars")
    setup: ClassVar[dict[int, int]] = {START: CHECKERS}
    has_bar = False
    has_pins = True
    counts_triple = False
    has_cube = False
    plain = False
    # Whether a pinned checker of the mover inside the home board stops the bear-off, as the
    # rule sets this site follows say (decision 10). One outside the home stops it in every
    # reading: not all the mover's checkers are home.
    pinned_home_stops_bear_off: ClassVar[bool] = True

    # Pins in a position ----------------------------------------------------------------------

    def _check_pins(self, mover: Side, opponent: Side, pinned: Iterable[tuple[str, int]]) -> Pins:
        found: dict[str, set[int]] = {"mover": set(), "opponent": set()}
        for side, point in pinned:
            if side not in found:
                raise PositionError.of("pin_side", written=repr(side))
            if isinstance(point, bool) or not isinstance(point, int) or point not in POINTS:
                raise PositionError.of("pin_point", written=repr(point))
            own, other = (mover, opponent) if side == "mover" else (opponent, mover)
            pinner = "opponent" if side == "mover" else "mover"
            if own[point] != 1 or not other[point]:
                raise PositionError.of(
                    "pin_not_alone_under",
                    side=side,
                    point=point,
                    count=own[point],
                    pinner=pinner,
                    pinners=other[point],
                )
            if point in found["mover"] | found["opponent"]:
                raise PositionError.of("pinned_twice", point=point)
            found[side].add(point)
        return frozenset(found["mover"]), frozenset(found["opponent"])

    def _may_share(self, point: int, pins: Pins) -> bool:
        return point in pins[0] or point in pins[1]

    # Hooks of the move generator -------------------------------------------------------------

    def plain_turn(self, position: Position, dice: tuple[int, ...]) -> bool:
        """No checker lies pinned, and no opposing checker stands alone where one of the
        mover's could land this turn (one die, both or up to four of a double away): then
        nothing of Plakoto's own can happen (a pin is made only on a lone checker), and its
        plays are the plain games' without a hit."""
        if position.mover_pinned or position.opponent_pinned:
            return False
        mover, opponent = position.mover, position.opponent
        if 1 not in opponent[1:25]:
            return True
        away = distances(dice)
        return not any(
            opponent[point] == 1 and any(mover[point + pips] for pips in away if point + pips < 25)
            for point in range(1, 25)
        )

    def landing(self, opposing: int, point: int, pins: Pins) -> Landing | Refusal:
        mover_pinned, opponent_pinned = pins
        if point in mover_pinned:
            return Refusal.of("held_over_pin", point=point)
        if point in opponent_pinned:
            return "open"  # the mover's own point, over the opponent's pinned checker
        if opposing >= 2:
            return blocked_landing(point, opposing)
        return "pin" if opposing else "open"

    def source_refusal(self, pins: Pins, source: int) -> Refusal | None:
        if source in pins[0]:
            return Refusal.of("checker_pinned", point=source)
        return None

    def bear_off_refusal(self, pins: Pins) -> Refusal | None:
        if pins[0] and self.pinned_home_stops_bear_off:
            return Refusal.of("pinned_cannot_bear_off", point=max(pins[0]))
        return None

    def pins_after(self, pins: Pins, step: Step, mover: Side) -> Pins:
        """The pins after ``step``: ``pins`` itself when the step neither pins nor frees a
        checker (the move generators tell states apart by the pins' identity first)."""
        mover_pinned, opponent_pinned = pins
        freed = step.source in opponent_pinned and not mover[step.source]
        if not (step.pin or freed):
            return pins
        if step.pin:
            opponent_pinned = opponent_pinned | {step.destination}
        if freed:
            opponent_pinned = opponent_pinned - {step.source}  # the last pinner left: freed
        return mover_pinned, opponent_pinned or NO_PINS

    def game_over(self, mover: Side, opponent: Side, pins: Pins) -> bool:
        if START not in pins[0] and OPPONENT_START not in pins[1]:
            return False  # no mother pinned (asked after every step: the usual answer first)
        return _mother_result(mover, opponent, pins)[0]

    def unreachable_refusal(self, position: Position) -> Refusal | None:
        """No checker is ever pinned on the other side's starting point: a pin is made by a
        checker that arrives, and no checker ever arrives at its own start (checkers only leave
        it). The mover's first."""
        if OPPONENT_START in position.mover_pinned:
            return Refusal.of("pinned_on_opponent_start", point=OPPONENT_START)
        if START in position.opponent_pinned:
            return Refusal.of("opponent_pinned_on_your_start", point=START)
        return None

    # The end of a game -------------------------------------------------------------------------

    def result(self, position: Position, cube: Cube | int = 1) -> Result | None:
        """Bearing off decides as usual; a pinned mother decides at once.

        >>> from generator.engine import find_variant
        >>> plakoto = find_variant("plakoto")
        >>> pinned = plakoto.position(mover={1: 1, 6: 14}, opponent={1: 1, 19: 14},
        ...                           pinned=[("opponent", 1)])
        >>> plakoto.result(pinned)
        Result(winner='mover', kind='mother', multiplier=2, cube=1)
        """
        over, result = _mother_result(
            position.mover, position.opponent, (position.mover_pinned, position.opponent_pinned)
        )
        if over:
            return result
        return super().result(position, cube)


def _mother_result(mover: Side, opponent: Side, pins: Pins) -> tuple[bool, Result | None]:
    """Whether a pinned mother ends the game here, and how (decision 10)."""
    mover_mother = START in pins[0]
    opponent_mother = OPPONENT_START in pins[1]
    if mover_mother and opponent_mother:
        return True, Result(None, "draw", 0)
    if opponent_mother and not mover[START]:
        return True, Result("mover", "mother", 2)
    if mover_mother and not opponent[OPPONENT_START]:
        return True, Result("opponent", "mother", 2)
    return False, None


class PlakotoPinnedHomeBearsOff(Plakoto):
    """Preset ``pinned-home-bears-off``: a pinned checker of the mover inside the home board
    does not stop the bear-off. It still cannot move, and it still stands on its point, so a
    number larger than needed cannot take off a checker from below it (1.7)."""

    rules = "pinned-home-bears-off"
    pinned_home_stops_bear_off = False
