"""How a game ends and what it scores, and the doubling cube."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import CubeError

Player = Literal["mover", "opponent"]


def other(player: Player) -> Player:
    return "opponent" if player == "mover" else "mover"


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game: who won, how (in the variant's own word), and for how much.

    ``multiplier`` is 1 for a single win (oin), 2 for a gammon or mars, 3 for a backgammon;
    0 for a draw. ``points`` is the multiplier times the cube's value. ``kind`` is the variant's
    word for the win (``"single"``, ``"gammon"``, ``"backgammon"``, ``"oin"``, ``"mars"``), or
    ``"drop"`` when a double was refused.
    """

    winner: Player | None
    kind: str
    multiplier: int
    cube: int = 1

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
    """

    value: int = 1
    owner: Player | Literal["centre"] = "centre"

    def __post_init__(self) -> None:
        if self.value < 1 or self.value & (self.value - 1):
            raise CubeError(f"the cube shows a power of two (1, 2, 4, ... 64); got {self.value}")
        if self.value == 1 and self.owner != "centre":
            raise CubeError("a cube at 1 has not been turned yet, so it stays in the centre")

    def may_double(self, player: Player) -> bool:
        """Whether ``player`` may offer a double at the start of their turn, before rolling:
        only when the cube is in the centre or theirs."""
        return self.owner in ("centre", player)

    def _check_offer(self, player: Player) -> None:
        if not self.may_double(player):
            raise CubeError(
                f"the {player} cannot double: the cube (at {self.value}) belongs to the "
                f"{other(player)}; only a player who owns the cube, or anyone while it is in "
                "the centre, may double"
            )

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
