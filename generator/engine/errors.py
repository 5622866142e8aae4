"""The engine's errors: each a ``ValueError`` whose message says what is wrong and how to fix it."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class UnknownVariantError(EngineError):
    """No variant has that key or alias."""


class UnknownRulesError(EngineError):
    """The variant has no table-rule preset of that name."""


class PositionError(EngineError):
    """A position that cannot stand on a board of this variant."""


class DiceError(EngineError):
    """Dice that cannot have been rolled."""


class NotationError(EngineError):
    """Text that is not a play in the usual notation (``13/8 6/5*``)."""


class IllegalPlayError(NotationError):
    """Notation that reads well but names no legal play; ``reason`` says why."""

    def __init__(self, message: str, reason: object = None) -> None:
        super().__init__(message)
        self.reason = reason


class DiceFitError(IllegalPlayError):
    """Notation whose distances no way of playing the roll covers (``13/10 6/3`` with 3-2):
    ``moves`` are the distances it writes, one per hop, in the order written (a hop to ``off``
    counts the pips from its point)."""

    def __init__(self, message: str, moves: tuple[int, ...]) -> None:
        super().__init__(message)
        self.moves = moves


class AmbiguousPlayError(NotationError):
    """Notation that fits more than one legal play."""


class IdError(EngineError):
    """A malformed XGID or GNU Backgammon Position ID."""


class CubeError(EngineError):
    """A cube action the rules do not allow."""
