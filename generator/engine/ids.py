"""Positions in the strings other programs paste: GNU Backgammon Position IDs and XGIDs.

Both formats describe the opposite-direction hitting games (backgammon, Tavla, Portes): two
players who travel round the board towards each other and hit onto a bar. Everything here is
seen by the player on roll, who is the position's mover.

**GNU Backgammon Position ID** (14 characters). For each side, for its points 1..24 in its own
numbering and then its bar, write one ``1`` bit per checker and a ``0``; pad to 80 bits, pack
the bits little-endian into 10 bytes (the *key*) and write them in base64 without the ``==``.
The side **not on roll comes first** and the player on roll second: that is what GNU Backgammon
does (``positionid.c`` packs ``anBoard[0]`` and then ``anBoard[1]``, and ``anBoard[1]`` is the
side to move). The manual's prose says the opposite; its only worked example, the symmetric
starting position, cannot tell the two apart. The tests check the order against gnubg itself.

**XGID** (eXtreme Gammon ID)::

    XGID=<pos26>:<cube>:<cubeOwner>:<turn>:<dice>:<scoreBottom>:<scoreTop>:<crawfordJacoby>
         :<matchLength>:<maxCube>

``pos26`` is always drawn from the bottom player's side: character 0 is the top player's bar,
1..24 the bottom player's points 1..24, 25 the bottom player's bar; ``A``..``O`` are 1..15
checkers of the bottom player, ``a``..``o`` of the top player, ``-`` an empty place. ``turn`` is
1 when the bottom player is on roll, -1 when the top player is.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from typing import Literal

from .board import BAR, CHECKERS, POINTS, Position, Side
from .errors import IdError, PositionError
from .registry import VARIANTS, find_variant
from .results import Cube
from .variants import Variant

CubeOwner = Literal["centre", "mover", "opponent"]

ID_LENGTH = 14
"""Characters in a GNU Backgammon Position ID."""
KEY_BYTES = 10
"""Bytes in a GNU Backgammon position key."""
MAX_CUBE_EXPONENT = 15
"""The largest cube both formats can carry is 2**15 = 32768 (gnubg's Match ID has 4 bits)."""

_KEY_BITS = 8 * KEY_BYTES
_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
# One side's places in the order both formats walk them: points 1..24, then the bar.
_PLACES = (*POINTS, BAR)
_XGID_PREFIX = "xgid="
_XGID_FIELDS = (
    "position",
    "cube",
    "cube owner",
    "turn",
    "dice",
    "bottom score",
    "top score",
    "Crawford/Jacoby",
    "match length",
    "max cube",
)
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
_CUBE_ACTIONS = ("D", "B", "R")  # doubled, beavered, raccooned: no dice on the table


def _id_variant(variant: Variant | str) -> Variant:
    """The variant, if Position IDs and XGIDs can describe its positions."""
    found = find_variant(variant) if isinstance(variant, str) else variant
    if found.same_direction or not found.has_bar:
        fitting = ", ".join(
            key for key, v in VARIANTS.items() if not v.same_direction and v.has_bar
        )
        code = "id_same_direction" if found.same_direction else "id_no_bar"
        raise IdError.of(code, variant=found.name, fitting=fitting)
    return found


def _counts(side: Side) -> dict[int | str, int]:
    """A side as the ``{place: count}`` map that :meth:`Variant.position` reads."""
    return {("bar" if place == BAR else place): side[place] for place in _PLACES if side[place]}


def _build(
    variant: Variant, mover: dict[int | str, int], opponent: dict[int | str, int], label: str
) -> Position:
    try:
        return variant.position(mover=mover, opponent=opponent)
    except PositionError as error:
        raise IdError.of("id_no_position", label=label, error=error) from None


# GNU Backgammon Position ID -------------------------------------------------------------------


def to_position_key(position: Position) -> bytes:
    """The 10-byte GNU Backgammon position key: the side not on roll, then the player on roll.

    >>> from generator.engine import find_variant
    >>> to_position_key(find_variant("backgammon").start()).hex(" ").upper()
    'E0 73 F0 01 30 E0 73 F0 01 30'
    """
    _id_variant(position.variant)
    key = 0
    bit = 0
    # The opponent in their own numbering is the mover of the turned board.
    for side in (position.turned().mover, position.mover):
        for place in _PLACES:
            key |= ((1 << side[place]) - 1) << bit  # one 1 per checker ...
            bit += side[place] + 1  # ... and the 0 that closes the place
    return key.to_bytes(KEY_BYTES, "little")


def to_position_id(position: Position) -> str:
    """The GNU Backgammon Position ID of ``position``, its mover being the player on roll.

    >>> from generator.engine import find_variant
    >>> to_position_id(find_variant("backgammon").start())
    '4HPwATDgc/ABMA'
    """
    return base64.b64encode(to_position_key(position)).decode("ascii")[:ID_LENGTH]


def from_position_key(key: bytes, variant: Variant | str = "backgammon") -> Position:
    """The position a 10-byte GNU Backgammon position key describes, the mover on roll.

    >>> from generator.engine import find_variant
    >>> key = bytes.fromhex("E0 73 F0 01 30 E0 73 F0 01 30")
    >>> from_position_key(key) == find_variant("backgammon").start()
    True
    """
    label = f"position key {bytes(key).hex(' ').upper()!r}"
    if len(key) != KEY_BYTES:
        raise IdError.of("key_length", label=label, count=len(key), most=KEY_BYTES)
    return _position_from_key(key, _id_variant(variant), label)


def from_position_id(text: str, variant: Variant | str = "backgammon") -> Position:
    """The position a GNU Backgammon Position ID describes, the player on roll as the mover.

    A Match ID after a colon (``4HPwATDgc/ABMA:cAkAAAAAAAAA``) is allowed and ignored.

    >>> from generator.engine import find_variant
    >>> from_position_id(" 4HPwATDgc/ABMA:cAkAAAAAAAAA ") == find_variant("backgammon").start()
    True
    >>> dict(from_position_id("4OvgATDgc+QBUA").checkers())  # the mover's, the bar is 25
    {25: 1, 24: 1, 13: 4, 11: 1, 8: 3, 6: 5}
    """
    if not isinstance(text, str):
        raise IdError.of("id_not_text", written=repr(text))
    found = _id_variant(variant)
    written = text.strip()
    if written.lower().startswith(_XGID_PREFIX):
        raise IdError.of("id_is_xgid", written=repr(text))
    part = written.split(":", 1)[0].strip()
    label = f"Position ID {text!r}"
    if len(part) != ID_LENGTH:
        raise IdError.of("id_length", label=label, count=len(part), most=ID_LENGTH)
    for index, char in enumerate(part):
        if char not in _BASE64:
            raise IdError.of("id_character", label=label, char=repr(char), index=index + 1)
    # 14 characters carry 84 bits; the key is the first 80, the last 4 must be zero.
    if _BASE64.index(part[-1]) & 0b1111:
        raise IdError.of("id_last_character", label=label, char=repr(part[-1]))
    key = base64.b64decode(part + "==")
    return _position_from_key(key, found, label)


def _position_from_key(key: bytes, variant: Variant, label: str) -> Position:
    bits = int.from_bytes(key, "little")
    bit = 0
    halves: list[list[int]] = []
    for on_roll in (False, True):  # the player not on roll first
        counts: list[int] = []
        for _place in _PLACES:
            count = 0
            while bits >> bit & 1:
                count += 1
                bit += 1
                if sum(counts) + count > CHECKERS:
                    code = "key_too_many_on_roll" if on_roll else "key_too_many_not_on_roll"
                    raise IdError.of(code, label=label, most=CHECKERS)
            counts.append(count)
            bit += 1
        halves.append(counts)
    if bits >> bit:
        raise IdError.of("key_padding", label=label, bits=_KEY_BITS)
    # Both halves are indexed 0..23 for their own points 1..24, and 24 for the bar.
    theirs, ours = ({place: half[i] for i, place in enumerate(_PLACES)} for half in halves)
    mover: dict[int | str, int] = {}
    opponent: dict[int | str, int] = {}
    for place in _PLACES:
        if place == BAR:
            mover["bar"], opponent["bar"] = ours[BAR], theirs[BAR]
            continue
        mover[place] = ours[place]
        opponent[place] = theirs[variant.other_numbering(place)]
        if mover[place] and opponent[place]:
            raise IdError.of(
                "key_shared_point",
                label=label,
                mover=mover[place],
                point=place,
                opponent=opponent[place],
                other_point=variant.other_numbering(place),
            )
    return _build(variant, mover, opponent, label)


# XGID -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class XgidInfo:
    """Everything an XGID says, seen by the player on roll (the position's mover).

    ``dice`` is ``None`` before the roll, and while a double (``D``), beaver (``B``) or raccoon
    (``R``) waits for an answer. ``crawford_jacoby`` is XG's raw field: in a match 1 marks the
    Crawford game; in money play it holds flags, Jacoby = 1 and beaver = 2. ``max_cube`` is
    XG's raw field, the log2 of the highest cube (10 in almost every XGID). ``mover_is_bottom``
    says whether the player on roll sits at the bottom of XG's diagram (``turn`` = 1).

    >>> info = from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:4:2:0:9:10")
    >>> info.dice, info.cube, info.score_mover, info.score_opponent, info.match_length
    ((5, 2), Cube(value=2, owner='opponent'), 4, 2, 9)
    """

    position: Position
    dice: tuple[int, int] | None = None
    cube_value: int = 1
    cube_owner: CubeOwner = "centre"
    score_mover: int = 0
    score_opponent: int = 0
    match_length: int = 0
    crawford_jacoby: int = 0
    max_cube: int = 10
    mover_is_bottom: bool = True

    def __post_init__(self) -> None:
        variant = _id_variant(self.position.variant)
        if self.dice is not None and (
            not isinstance(self.dice, tuple)
            or len(self.dice) != 2
            or not all(_whole(die) and 1 <= die <= 6 for die in self.dice)
        ):
            raise IdError.of("xgid_dice_value", written=repr(self.dice))
        value = self.cube_value
        if not _whole(value) or value < 1 or value & (value - 1) or value > 2**MAX_CUBE_EXPONENT:
            raise IdError.of("cube_value", most=2**MAX_CUBE_EXPONENT, written=repr(value))
        if self.cube_owner not in ("centre", "mover", "opponent"):
            raise IdError.of("cube_owner_value", written=repr(self.cube_owner))
        if value == 1 and self.cube_owner != "centre":
            raise IdError.of("cube_at_one_owned", side=self.cube_owner)
        if not variant.has_cube and (value != 1 or self.cube_owner != "centre"):
            raise IdError.of(
                "cube_in_cubeless", variant=variant.name, value=value, side=self.cube_owner
            )
        for name in (
            "score_mover",
            "score_opponent",
            "match_length",
            "crawford_jacoby",
            "max_cube",
        ):
            number = getattr(self, name)
            if not _whole(number) or number < 0:
                raise IdError.of("not_whole_number", name=name, written=repr(number))
        if self.match_length:
            for name in ("score_mover", "score_opponent"):
                if getattr(self, name) >= self.match_length:
                    raise IdError.of(
                        "score_too_high",
                        name=name,
                        score=getattr(self, name),
                        length=self.match_length,
                    )
        if self.crawford_jacoby > 3:
            raise IdError.of("crawford_jacoby", value=self.crawford_jacoby)
        if not isinstance(self.mover_is_bottom, bool):
            raise IdError.of("mover_is_bottom", written=repr(self.mover_is_bottom))

    @property
    def cube(self) -> Cube:
        """The doubling cube as the engine's :class:`Cube`, seen by the player on roll; a
        :class:`CubeError` when the XGID's cube is none a game shows (above 64, or turned and
        still in the centre: the format can write both)."""
        return Cube(self.cube_value, self.cube_owner)

    def to_xgid(self) -> str:
        """This information written as an XGID (see :func:`to_xgid`)."""
        return _format_xgid(self)


def _whole(number: object) -> bool:
    return isinstance(number, int) and not isinstance(number, bool)


def to_xgid(
    position: Position,
    *,
    dice: tuple[int, int] | None = None,
    cube_value: int = 1,
    cube_owner: CubeOwner = "centre",
    score_mover: int = 0,
    score_opponent: int = 0,
    match_length: int = 0,
    crawford_jacoby: int = 0,
    max_cube: int = 10,
    mover_is_bottom: bool = True,
) -> str:
    """The XGID of ``position`` with its mover on roll, drawn with the mover at the bottom
    (``turn`` = 1) unless ``mover_is_bottom`` is false.

    >>> from generator.engine import find_variant
    >>> start = find_variant("backgammon").start()
    >>> to_xgid(start)
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
    >>> to_xgid(start, dice=(5, 2), cube_value=2, cube_owner="opponent", score_mover=4,
    ...         score_opponent=2, match_length=9)
    'XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:4:2:0:9:10'
    """
    info = XgidInfo(
        position,
        dice,
        cube_value,
        cube_owner,
        score_mover,
        score_opponent,
        match_length,
        crawford_jacoby,
        max_cube,
        mover_is_bottom,
    )
    return _format_xgid(info)


def _format_xgid(info: XgidInfo) -> str:
    bottom_on_roll = info.mover_is_bottom
    view = info.position if bottom_on_roll else info.position.turned()
    bottom, top = view.mover, view.opponent  # both in the bottom player's numbering
    chars = [_xgid_char(0, top[BAR])]
    chars += [_xgid_char(bottom[point], top[point]) for point in POINTS]
    chars.append(_xgid_char(bottom[BAR], 0))
    owner = {"centre": 0, "mover": 1, "opponent": -1}[info.cube_owner]
    scores = (info.score_mover, info.score_opponent)
    if not bottom_on_roll:
        owner = -owner
        scores = scores[::-1]
    dice = "00" if info.dice is None else f"{info.dice[0]}{info.dice[1]}"
    fields = (
        "".join(chars),
        info.cube_value.bit_length() - 1,
        owner,
        1 if bottom_on_roll else -1,
        dice,
        *scores,
        info.crawford_jacoby,
        info.match_length,
        info.max_cube,
    )
    return "XGID=" + ":".join(str(field) for field in fields)


def _xgid_char(bottom: int, top: int) -> str:
    if bottom:
        return chr(ord("A") + bottom - 1)
    if top:
        return chr(ord("a") + top - 1)
    return "-"


def from_xgid(text: str, variant: Variant | str = "backgammon") -> XgidInfo:
    """Read an XGID, with or without its ``XGID=`` prefix; the player on roll is the mover.

    >>> from generator.engine import find_variant
    >>> info = from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    >>> info.position == find_variant("backgammon").start(), info.dice, info.cube_value
    (True, None, 1)
    """
    if not isinstance(text, str):
        raise IdError.of("xgid_not_text", written=repr(text))
    found = _id_variant(variant)
    label = f"XGID {text!r}"
    body = text.strip()
    if body.lower().startswith(_XGID_PREFIX):
        body = body[len(_XGID_PREFIX) :]
    fields = body.split(":")
    if len(fields) != len(_XGID_FIELDS):
        looks_like_id = len(fields) <= 2 and len(fields[0]) == ID_LENGTH
        raise IdError.of(
            "xgid_fields_position_id" if looks_like_id else "xgid_fields",
            label=label,
            count=len(fields),
            most=len(_XGID_FIELDS),
            fields=":".join(_XGID_FIELDS),
        )
    pos26, cube_text, owner_text, turn_text, dice_text, *rest = fields
    bottom, top = _read_pos26(pos26, label)
    numbers = dict(
        zip(("cube", "cube owner", "turn"), (cube_text, owner_text, turn_text), strict=True)
    )
    numbers.update(zip(_XGID_FIELDS[5:], rest, strict=True))
    value: dict[str, int] = {}
    for name, written in numbers.items():
        if not _WHOLE_NUMBER.fullmatch(written.strip()):
            raise IdError.of("xgid_not_number", label=label, written=repr(written), name=name)
        value[name] = int(written)
    if not 0 <= value["cube"] <= MAX_CUBE_EXPONENT:
        raise IdError.of(
            "xgid_cube",
            label=label,
            value=value["cube"],
            most=MAX_CUBE_EXPONENT,
            top=2**MAX_CUBE_EXPONENT,
        )
    if value["cube owner"] not in (-1, 0, 1):
        raise IdError.of("xgid_cube_owner", label=label, value=value["cube owner"])
    if value["turn"] not in (-1, 1):
        raise IdError.of("xgid_turn", label=label, value=value["turn"])
    dice = _read_dice(dice_text, label)
    position = _build(found, bottom, top, label)  # the bottom player as the mover
    bottom_on_roll = value["turn"] == 1
    owner: CubeOwner = "centre"
    if value["cube owner"]:
        owner = "mover" if (value["cube owner"] == 1) == bottom_on_roll else "opponent"
    scores = (value["bottom score"], value["top score"])
    if not bottom_on_roll:
        position = position.turned()
        scores = scores[::-1]
    try:
        return XgidInfo(
            position,
            dice,
            2 ** value["cube"],
            owner,
            scores[0],
            scores[1],
            value["match length"],
            value["Crawford/Jacoby"],
            value["max cube"],
            bottom_on_roll,
        )
    except IdError as error:
        raise IdError.of("xgid_invalid", label=label, error=error) from None


def _read_pos26(pos26: str, label: str) -> tuple[dict[int | str, int], dict[int | str, int]]:
    """The bottom and the top player's checkers, both in the bottom player's numbering."""
    if len(pos26) != BAR + 1:
        raise IdError.of("xgid_position_length", label=label, count=len(pos26), most=BAR + 1)
    bottom: dict[int | str, int] = {}
    top: dict[int | str, int] = {}
    for index, char in enumerate(pos26):
        if char == "-":
            continue
        if not ("A" <= char <= "Z" or "a" <= char <= "z"):
            raise IdError.of("xgid_character", label=label, char=repr(char), index=index)
        count = ord(char.lower()) - ord("a") + 1
        if count > CHECKERS:
            raise IdError.of(
                "xgid_count", label=label, char=repr(char), index=index, count=count, most=CHECKERS
            )
        is_bottom = char.isupper()
        if index in (0, BAR):
            owner_is_bottom = index == BAR
            if is_bottom != owner_is_bottom:
                code = "xgid_bottom_bar" if owner_is_bottom else "xgid_top_bar"
                raise IdError.of(code, label=label, char=repr(char), index=index)
        place: int | str = "bar" if index in (0, BAR) else index
        (bottom if is_bottom else top)[place] = count
    for who, side in (("bottom", bottom), ("top", top)):
        total = sum(side.values())
        if total > CHECKERS:
            code = "xgid_bottom_too_many" if who == "bottom" else "xgid_top_too_many"
            raise IdError.of(code, label=label, count=total, most=CHECKERS)
    return bottom, top


def _read_dice(written: str, label: str) -> tuple[int, int] | None:
    text = written.strip()
    if text == "00" or text.upper() in _CUBE_ACTIONS:
        return None
    if len(text) == 2 and all(char in "123456" for char in text):
        return int(text[0]), int(text[1])
    raise IdError.of("xgid_dice", label=label, written=repr(written))
