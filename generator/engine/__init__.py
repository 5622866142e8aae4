"""Tabula's rules engine: positions, variants, legal plays, reasons, notation, IDs and results,
and which positions a game can come to.

Pure Python and the standard library only; no I/O.

>>> from generator.engine import find_variant
>>> start = find_variant("backgammon").start()
>>> len(start.legal_plays((3, 1)))
16
"""

from .board import BAR, CHECKERS, OFF, Position
from .dice import check_dice
from .errors import (
    AmbiguousPlayError,
    CubeError,
    DiceError,
    EngineError,
    IdError,
    IllegalPlayError,
    NotationError,
    PositionError,
    UnknownRulesError,
    UnknownVariantError,
)
from .ids import (
    XgidInfo,
    from_position_id,
    from_position_key,
    from_xgid,
    to_position_id,
    to_position_key,
    to_xgid,
)
from .jsonform import position_from_json
from .moves import PartialPlay, Play, Turn
from .notation import parse_play
from .reachable import why_unreachable
from .reasons import Refusal
from .registry import VARIANTS, find_variant
from .results import Cube, Result
from .steps import Step, format_play
from .textform import from_text, to_text
from .variants import PRESETS, Variant

__all__ = [
    "BAR",
    "CHECKERS",
    "OFF",
    "PRESETS",
    "VARIANTS",
    "AmbiguousPlayError",
    "Cube",
    "CubeError",
    "DiceError",
    "EngineError",
    "IdError",
    "IllegalPlayError",
    "NotationError",
    "PartialPlay",
    "Play",
    "Position",
    "PositionError",
    "Refusal",
    "Result",
    "Step",
    "Turn",
    "UnknownRulesError",
    "UnknownVariantError",
    "Variant",
    "XgidInfo",
    "check_dice",
    "find_variant",
    "format_play",
    "from_position_id",
    "from_position_key",
    "from_text",
    "from_xgid",
    "parse_play",
    "position_from_json",
    "to_position_id",
    "to_position_key",
    "to_text",
    "to_xgid",
    "why_unreachable",
]
