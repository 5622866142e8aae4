"""Board fences in Markdown pages: an engine-checked diagram written inside a page.

````markdown
```board
variant: long-nardy
position: {mover: {6: 1, 3: 1, 1: 1}, opponent: {12: 15}}
dice: [5, 2]
show: plays            # list the legal plays under the diagram
expect: [6/1 3/1, 6/4/off]   # the check fails when the engine disagrees
```
````

Fields: ``variant``, ``position`` (every form a puzzle accepts) and optionally ``dice``,
``show: plays``, ``expect`` (the exact set of legal plays, or ``pass`` when no play is
possible), ``arrows`` (a legal play to draw), ``refuse`` (a play the page explains as illegal:
the check fails when it is legal), ``highlight`` (points), ``mirrored``, ``both_numbers`` and
``try: true`` (the reader plays the roll on the board, in place: any legal play is accepted, and
each step the rules refuse is explained; it needs a roll with a legal play).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..engine import EngineError, Play, Position, Refusal, Variant, parse_play
from ..engine.errors import IllegalPlayError
from ..locale import Message, _
from .diagnostics import Report, engine_words, play_refusal
from .fields import Fields, dice_field, place_field, variant_field, with_rules
from .positions import possible_position
from .source import Node, read_yaml

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<marks>```+|~~~+)\s*board\s*$")
FENCE_FIELDS = (
    "variant",
    "rules",
    "position",
    "dice",
    "show",
    "expect",
    "arrows",
    "refuse",
    "highlight",
    "mirrored",
    "both_numbers",
    "try",
)


@dataclass(frozen=True)
class Fence:
    """A board fence of a page, checked: what to draw and what to list under it."""

    path: Path
    line: int  # the line of the opening ```board
    end_line: int  # the line of the closing fence
    variant: Variant
    position: Position
    dice: tuple[int, int] | None
    show_plays: bool
    plays: tuple[Play, ...]
    arrows: Play | None
    refused: tuple[str, Refusal | None] | None
    highlight: tuple[int, ...]
    mirrored: bool
    both_numbers: bool
    playable: bool = False  # try: true, the roll played on the board in place


@dataclass(frozen=True)
class RawFence:
    line: int
    end_line: int
    body: str


def find_fences(text: str) -> list[RawFence]:
    """The ```board blocks of a Markdown text, with their line numbers (1-based)."""
    lines = text.splitlines()
    found: list[RawFence] = []
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        marks = match.group("marks")
        indent = match.group("indent")
        body: list[str] = []
        end = index + 1
        while end < len(lines) and lines[end].strip() != marks:
            body.append(lines[end][len(indent) :] if lines[end].startswith(indent) else lines[end])
            end += 1
        found.append(RawFence(index + 1, end + 1, "\n".join(body)))
        index = end + 1
    return found


def check_fence(path: Path, raw: RawFence, report: Report) -> Fence | None:
    """The fence checked by the engine, or ``None`` after reporting its problems (with the
    page's line numbers)."""
    offset = raw.line  # the body starts on the line after the opening fence
    inner = Report()
    node = read_yaml(path, inner, text=raw.body or "{}")
    for diagnostic in inner.diagnostics:
        words = diagnostic.words or diagnostic.message
        report.error(path, diagnostic.line + offset, diagnostic.column, words)
    if node is None:
        return None
    _shift(node, offset)
    if not node.is_mapping:
        report.error(
            path, raw.line, 1, _("a board fence holds fields such as 'variant:' and 'position:'")
        )
        return None
    fields = Fields(node, path, report, "board")
    fields.unknown(FENCE_FIELDS, _("a board fence has the fields"))
    variant = with_rules(fields, fields.read("variant", lambda n: variant_field(fields, n)))
    if variant is None:
        return None
    position = fields.read("position", lambda n: possible_position(fields, n, variant))
    dice = fields.read("dice", lambda n: dice_field(fields, n), required=False)
    data = node.value
    show_plays = False
    if "show" in data:
        show_plays = fields.word(data["show"], "show", ("plays", "none")) == "plays"
    flags = {}
    for name in ("mirrored", "both_numbers", "try"):
        flag = data.get(name)
        if flag is not None and not isinstance(flag.value, bool):
            fields.error(flag, _("'{name}' is true or false", name=name))
        flags[name] = bool(flag is not None and flag.value is True)
    highlight: list[int] = []
    if "highlight" in data:
        items = data["highlight"]
        if not items.is_list:
            fields.error(items, _("'highlight' lists points, such as {example}", example="[8, 5]"))
        else:
            for item in items.value:
                place = place_field(fields, item)
                if place is not None:
                    highlight.append(place)
    if not fields.ok or position is None:
        return None
    needs_dice = [name for name in ("show", "expect", "arrows", "refuse", "try") if name in data]
    if needs_dice and dice is None:
        fields.error(
            data[needs_dice[0]],
            _(
                "'{name}' needs the roll: add '{example}'",
                name=needs_dice[0],
                example="dice: [6, 3]",
            ),
        )
        return None
    plays: tuple[Play, ...] = position.turn(dice).plays if dice is not None else ()
    roll = f"{dice[0]}-{dice[1]}" if dice else ""
    arrows = None
    if "arrows" in data:
        arrows = _play(fields, data["arrows"], position, dice, roll)
    refused = None
    if "refuse" in data:
        refused = _refusal(fields, data["refuse"], position, dice, roll)
    if "expect" in data:
        _check_expect(fields, data["expect"], position, dice, plays, roll)
    drawn_otherwise = [name for name in ("mirrored", "both_numbers") if flags[name]]
    if flags["try"] and drawn_otherwise:
        fields.error(
            data[drawn_otherwise[0]],
            _(
                "a board to try is drawn as the puzzles' boards are: leave out '{name}' or "
                "'try: true'",
                name=drawn_otherwise[0],
            ),
        )
    if flags["try"] and not plays:
        fields.error(
            data["try"],
            _(
                "'try: true' needs a roll with a legal play, and no play is legal with {roll}",
                roll=roll,
            ),
        )
    if not fields.ok:
        return None
    return Fence(
        path,
        raw.line,
        raw.end_line,
        variant,
        position,
        dice,
        show_plays,
        plays,
        arrows,
        refused,
        tuple(highlight),
        flags["mirrored"],
        flags["both_numbers"],
        flags["try"],
    )


def _shift(node: Node, offset: int) -> None:
    node.line += offset
    for key in node.keys.values():
        _shift(key, offset)
    if node.is_mapping:
        for child in node.value.values():
            _shift(child, offset)
    elif node.is_list:
        for child in node.value:
            _shift(child, offset)


def _play(fields: Fields, node: Node, position: Position, dice: object, roll: str) -> Play | None:
    if not isinstance(node.value, str):
        fields.error(node, _("a play is written in notation, such as '13/8 6/5'"))
        return None
    try:
        return parse_play(position, dice, node.value)  # type: ignore[arg-type]
    except EngineError as error:
        fields.error(
            node,
            _(
                "'{play}' is not a legal play with {roll}: {reason}",
                play=node.value,
                roll=roll,
                reason=play_refusal(error),
            ),
        )
        return None


def _refusal(
    fields: Fields, node: Node, position: Position, dice: object, roll: str
) -> tuple[str, Refusal | None] | None:
    if not isinstance(node.value, str):
        fields.error(node, _("'refuse' is a play in notation, such as '13/7'"))
        return None
    try:
        play = parse_play(position, dice, node.value)  # type: ignore[arg-type]
    except IllegalPlayError as error:
        if isinstance(error.reason, Refusal):
            return node.value, error.reason
        # No rule to show under the board (the play does not fit the roll, say): the page
        # would print "... is not allowed:" and nothing after it.
        fields.error(
            node, _("'refuse: {play}': {error}", play=node.value, error=engine_words(error))
        )
        return None
    except EngineError as error:
        fields.error(
            node, _("'refuse: {play}': {error}", play=node.value, error=engine_words(error))
        )
        return None
    fields.error(
        node,
        _(
            "'{claim}' is a legal play with {roll} ('{play}'), so the page cannot explain it as "
            "refused: choose an illegal play",
            claim=node.value,
            roll=roll,
            play=play.notation,
        ),
    )
    return None


def _check_expect(
    fields: Fields,
    node: Node,
    position: Position,
    dice: object,
    plays: tuple[Play, ...],
    roll: str,
) -> None:
    if node.value == "pass":
        if plays:
            fields.error(
                node,
                _(
                    "expect says the turn passes, but {count} plays are legal with {roll}, such "
                    "as '{play}'",
                    count=len(plays),
                    roll=roll,
                    play=plays[0].notation,
                ),
            )
        return
    if not node.is_list or not all(isinstance(item.value, str) for item in node.value):
        fields.error(
            node,
            _(
                "'expect' lists every legal play, such as {example}, or says 'pass'",
                example="[13/8 6/5, 13/10 13/8]",
            ),
        )
        return
    claimed: set[Play] = set()
    for item in node.value:
        play = _play(fields, item, position, dice, roll)
        if play is not None:
            claimed.add(play)
    if not fields.ok:
        return
    missing = [play.notation for play in plays if play not in claimed]
    if missing:
        fields.error(
            node,
            Message.ngettext(
                "expect leaves out {count} legal play with {roll}: {plays}",
                "expect leaves out {count} legal plays with {roll}: {plays}",
                len(missing),
                count=len(missing),
                roll=roll,
                plays=", ".join(missing[:6]) + (" ..." if len(missing) > 6 else ""),
            ),
        )


def check_page(path: Path, report: Report, text: str | None = None) -> list[Fence]:
    """Every board fence of the page ``path``, checked; problems go to ``report``."""
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            report.error(path, 1, 1, _("cannot read the page: {error}", error=error))
            return []
    fences = []
    for raw in find_fences(text):
        fence = check_fence(path, raw, report)
        if fence is not None:
            fences.append(fence)
    return fences
