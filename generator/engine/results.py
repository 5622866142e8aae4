"""How a game ends and what it scores, and the doubling cube."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import CubeError

Player = Literal["mover", "opponent"]

HIGHEST_CUBE = 64
"""The cube's largest face (RULES.md 1.9: 2..64): a cube at 64 is not doubled again."""


def other(player: Player) -> Player:
    return "opponent" if player == "mover" else "mover"


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game: who won, how (in the variant's own word), and for how much.

    ``multiplier`` is 1 for a single win (oin), 2 for a gammon or mars, 3 for a backgammon;
    0 for a draw. ``points`` is the multiplier times the cube's value. ``kind`` is the variant's
    word for the win (``"single"``, ``"gammon"``, ``"backgammon"``, ``"oin"``, ``"mars"``), or
    ``"drop"`` when a double was refused.

    ``unconfirmed`` names what the variant's authority does not confirm about this score, so
    that a page can say so and a puzzle does not ask for it; ``""`` when the score is certain.
    ``"triple"``: a Western table would count this win 3 (a backgammon), and the rules the
    variant follows confirm only the 2 it scores (Tavla Classic and Modern, decision 1).

    >>> from generator.engine import find_variant
    >>> tavla = find_variant("tavla-classic")
    >>> tavla.result(tavla.position(mover={}, opponent={"bar": 1, 19: 14}))
    Result(winner='mover', kind='mars', multiplier=2, cube=1, unconfirmed='triple')
    """

    winner: Player | None
    kind: str
    multiplier: int
    cube: int = 1
    unconfirmed: str = ""

    def __repr__(self) -> str:
        text = (
            f"Result(winner={self.winner!r}, kind={self.kind!r}, multiplier={self.multiplier!r}, "
            f"cube={self.cube!r}"
        )
        return f"{text}, unconfirmed={self.unconfirmed!r})" if self.unconfirmed else f"{text})"

    @property
    def points(self) -> int:
        return self.multiplier * self.cube


@dataclass(frozen=True, slots=True)
class Cube:
    """The doubling cube, seen by the player to move: its value and who owns it.

    >>> cube = Cube()
    >>> cube.may_double("mover")
    True
    >>> taken = cube.take("mover")
    >>> taken
    Cube(value=2, owner='opponent')
    >>> taken.may_double("mover")
    False
    >>> cube.drop("mover").points
    1

    The cube is in the centre only until the first double is taken, and its faces end at 64:

    >>> Cube(2)
    Traceback (most recent call last):
    ...
    generator.engine.errors.CubeError: a cube in the centre shows 1: a taken double (2 or \
more) gives it to the player who took
    >>> Cube(64, "mover").may_double("mover")
    False
    """

    value: int = 1
    owner: Player | Literal["centre"] = "centre"

    def __post_init__(self) -> None:
        check_cube_value(self.value)
        if self.owner not in ("centre", "mover", "opponent"):
            raise CubeError.of("cube_owner_value", written=repr(self.owner))
        if self.value == 1 and self.owner != "centre":
            raise CubeError.of("cube_at_one")
        if self.value != 1 and self.owner == "centre":
            raise CubeError.of("centred_cube_turned")

    def may_double(self, player: Player) -> bool:
        """Whether ``player`` may offer a double at the start of their turn, before rolling:
        only when the cube is in the centre or theirs, and below its largest face, 64."""
        return self.owner in ("centre", player) and self.value < HIGHEST_CUBE

    def _check_offer(self, player: Player) -> None:
        if self.value >= HIGHEST_CUBE:
            raise CubeError.of("cube_at_top", value=HIGHEST_CUBE)
        if not self.may_double(player):
            raise CubeError.of("not_cube_owner", side=player, value=self.value, owner=other(player))

    def take(self, doubler: Player) -> Cube:
        """The cube after ``doubler`` doubles and the other player takes: twice the value,
        owned by the taker."""
        self._check_offer(doubler)
        return Cube(self.value * 2, other(doubler))

    def drop(self, doubler: Player) -> Result:
        """The game after ``doubler`` doubles and the other player refuses: the doubler wins
        the cube's value before the double, with no gammon or mars."""
        self._check_offer(doubler)
        return Result(doubler, "drop", 1, self.value)

    def turned(self) -> Cube:
        """The same cube seen by the other player, whose turn comes next."""
        owner = self.owner if self.owner == "centre" else other(self.owner)
        return Cube(self.value, owner)


def check_cube_value(value: object) -> int:
    """``value`` if a cube can show it: 1, 2, 4, ... 64.

    >>> check_cube_value(128)
    Traceback (most recent call last):
    ...
    generator.engine.errors.CubeError: the cube shows a power of two (1, 2, 4, ... 64); got 128
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not 1 <= value <= HIGHEST_CUBE
        or value & (value - 1)
    ):
        raise CubeError.of("cube_power", written=repr(value))
    return value
