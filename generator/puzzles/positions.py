"""Reading the position of a puzzle or a board fence: its forms (sides, start, XGID, Position
ID, text), the engine's errors in the reader's words, and positions no game comes to."""

from __future__ import annotations

from ..engine import (
    EngineError,
    Position,
    Refusal,
    Variant,
    from_position_id,
    from_text,
    from_xgid,
    position_from_json,
    why_unreachable,
)
from ..engine.board import HOME
from ..locale import Clause, Message, _
from .diagnostics import engine_words
from .fields import Fields
from .source import Node

SIDE_FIELDS = ("mover", "opponent", "pinned")
"""The fields of a position given side by side, which belong under ``position:``."""


def fields_beside_position(node: Node) -> tuple[str, ...]:
    """The fields of a position written beside ``position:`` instead of under it."""
    position = node.value.get("position")
    if position is None:
        return ()
    if position.is_mapping:
        if not any(key in position.value for key in SIDE_FIELDS):
            return ()  # another form of position: the sides beside it are unknown fields
    elif position.value is not None:
        return ()
    inside = position.value or {}
    return tuple(key for key in SIDE_FIELDS if key in node.value and key not in inside)


def side_outside_position(fields: Fields, node: Node) -> bool:
    """Report each field of a position that stands at the left edge of the file, beside
    ``position:`` rather than indented under it (the position then looks as if a side were
    missing); ``True`` when there is one."""
    misplaced = fields_beside_position(node)
    position = node.value.get("position")
    for key in misplaced:
        assert position is not None
        sides = [k for k in position.keys if k in SIDE_FIELDS] if position.is_mapping else []
        indent = position.keys[sides[0]].column - 1 if sides else 2
        if sides:
            problem = _(
                "'{key}' looks like a part of the position, but it is not indented under "
                "'position:': indent it by {indent} spaces, like '{side}:'",
                key=key,
                indent=indent,
                side=sides[0],
            )
        else:
            problem = _(
                "'{key}' looks like a part of the position, but it is not indented under "
                "'position:': indent it by {indent} spaces",
                key=key,
                indent=indent,
            )
        fields.error(node.keys[key], problem)
    return bool(misplaced)


def xgid_dice(node: Node, variant: Variant | None) -> tuple[int, int] | None:
    """The roll written in the puzzle's XGID, if its position is one and it has a roll."""
    position = node.value.get("position")
    if variant is None or position is None or not position.is_mapping:
        return None
    xgid = position.value.get("xgid")
    if xgid is None or not isinstance(xgid.value, str):
        return None
    try:
        return from_xgid(xgid.value, variant).dice
    except EngineError:
        return None  # reported where the position is read


POSITION_FORMS = ("mover", "start", "xgid", "gnubg", "text")


def _position(fields: Fields, node: Node, variant: Variant) -> Position | None:
    if not node.is_mapping:
        fields.error(
            node,
            _(
                "'position' is a mapping: {sides} or {forms}",
                sides="{mover: {...}, opponent: {...}}",
                forms="{start: true}, {xgid: ...}, {gnubg: ...}, {text: ...}",
            ),
        )
        return None
    data = node.value
    forms = [form for form in POSITION_FORMS if form in data]
    if len(forms) != 1:
        fields.error(
            node,
            _(
                "a position is given one way: mover/opponent, start, xgid, gnubg or text "
                "(found {given})",
                given=", ".join(forms) if forms else _("none of them"),
            ),
        )
        return None
    form = forms[0]
    allowed = ("mover", "opponent", "pinned") if form == "mover" else (form,)
    for key, key_node in node.keys.items():
        if key not in allowed:
            fields.error(
                key_node,
                _("'{key}' does not belong in a position given by {form}", key=key, form=form),
            )
            return None
    if form == "mover" and not _places_ok(fields, node):
        return None
    try:
        if form == "start":
            if data["start"].value is not True:
                fields.error(data["start"], _("write 'start: true' for the starting position"))
                return None
            return variant.start()
        if form in ("xgid", "gnubg", "text") and not isinstance(data[form].value, str):
            fields.error(data[form], _("'{form}' is a quoted string", form=form))
            return None
        if form == "xgid":
            return from_xgid(data["xgid"].value, variant).position
        if form == "gnubg":
            return from_position_id(data["gnubg"].value, variant)
        if form == "text":
            return from_text(variant, data["text"].value)
        return position_from_json(variant, node.plain())
    except EngineError as error:
        hint = _position_hint(node)
        fields.error(
            data.get(form, node),
            _("impossible position: {error}: {hint}", error=engine_words(error), hint=hint)
            if hint
            else _("impossible position: {error}", error=engine_words(error)),
        )
        return None


def possible_position(fields: Fields, node: Node, variant: Variant) -> Position | None:
    """The position under ``position:`` (see :func:`_position`), refused when no game of its
    variant can come to it (``why_unreachable``: the engine's reason, at the line of the side
    it is about)."""
    position = _position(fields, node, variant)
    if position is None:
        return None
    reason = why_unreachable(position)
    if reason is None:
        return position
    side = "opponent" if reason.code.startswith("opponent_") else "mover"
    if "pinned" in reason.code and "pinned" in node.value:
        side = "pinned"
    at = node.value.get(side, node) if node.is_mapping else node
    fields.error(
        at,
        _(
            "impossible position: no game of {variant} comes to this board (the reason is seen "
            "from White, the player to move): {reason}; {fix}",
            variant=variant.name,
            reason=Clause(reason),
            fix=_unreachable_fix(reason, variant),
        ),
    )
    return None


def _unreachable_fix(reason: Refusal, variant: Variant) -> Message:
    """What to change so that a game can come to the position again."""
    code = reason.code
    theirs = code.startswith("opponent_")
    if code.endswith("with_head"):
        if theirs:
            return _(
                "bring the opponent's checkers off the head, or put the borne-off checkers back"
            )
        return _("bring White's checkers off the head, or put the borne-off checkers back")
    if "borne_off" in code:
        if theirs:
            own = sorted(variant.other_numbering(point) for point in HOME)
            return _(
                "move that checker into the opponent's home board (points {first} to {last} in "
                "White's numbers), or put their borne-off checkers back",
                first=own[0],
                last=own[-1],
            )
        return _(
            "move that checker into White's home board (points 1 to 6), or put the borne-off "
            "checkers back"
        )
    if "six_block" in code or "quarter" in code:
        return _("open one of those points")
    if "left_start" in code:
        if theirs:
            return _(
                "move one of the opponent's checkers that left the start past the other side's "
                "start"
            )
        return _("move one of White's checkers that left the start past the other side's start")
    return _("change the position")


def point_key(key: object) -> int | str | None:
    """The place a key of ``mover:`` or ``opponent:`` names: a point 1..24 (a number, or
    ASCII digits) or ``"bar"``; ``None`` for anything else. (Not ``str.isdigit``, which also
    takes "²" and "٣".)

    >>> point_key(13), point_key("13"), point_key(" Bar "), point_key("²"), point_key(25)
    (13, 13, 'bar', None, None)
    """
    if isinstance(key, str):
        text = key.strip().lower()
        if text == "bar":
            return text
        if text.isascii() and text.isdigit() and len(text) <= 2:
            key = int(text)
    if type(key) is int and 1 <= key <= 24:
        return key
    return None


def _places_ok(fields: Fields, node: Node) -> bool:
    """Every key of the sides is a point 1..24 or 'bar', each reported where it is written."""
    ok = True
    for side in ("mover", "opponent"):
        counts = node.value.get(side)
        if counts is None or not counts.is_mapping:
            continue  # the engine says what is wrong with the side itself
        for key, key_node in counts.keys.items():
            if point_key(key) is None:
                shown = repr(key) if len(repr(key)) <= 40 else repr(key)[:36] + "...'"
                fields.error(
                    key_node,
                    _(
                        "{side} place {shown} is not a point: use 1..24 or 'bar' (checkers that "
                        "are off are not listed)",
                        side=side,
                        shown=shown,
                    ),
                )
                ok = False
    return ok


def _position_hint(node: Node) -> Message | None:
    """A fix for the commonest slip, a side with more than 15 checkers."""
    for side in ("mover", "opponent"):
        counts = node.value.get(side)
        if counts is None or not counts.is_mapping:
            continue
        numbers = {k: v.value for k, v in counts.value.items() if isinstance(v.value, int)}
        total = sum(numbers.values())
        if total > 15:
            tallest = max(numbers, key=lambda k: numbers[k])
            return Message.ngettext(
                "remove {count} checker from the {side}'s {tallest}",
                "remove {count} checkers from the {side}'s {tallest}",
                total - 15,
                count=total - 15,
                side=side,
                tallest=tallest,
            )
    return None
