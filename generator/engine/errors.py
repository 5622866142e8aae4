"""The engine's errors: each a ``ValueError`` whose message says what is wrong and how to fix it."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class UnknownVariantError(EngineError):
    """No variant has that key or alias."""


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


class AmbiguousPlayError(NotationError):
    """Notation that fits more than one legal play."""


class IdError(EngineError):
    """A malformed XGID or GNU Backgammon Position ID."""


class CubeError(EngineError):
    """A cube action the rules do not allow."""
