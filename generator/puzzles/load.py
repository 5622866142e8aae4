"""Reading puzzle and lesson files into typed values, reporting every problem with its place.

A puzzle file holds one puzzle; ``puzzles/backgammon/bar-enter-first.yaml`` shows every field
with comments. The fields every puzzle has:

``id``        unique across the project: lowercase letters, digits and hyphens.
``variant``   the game: a key (``backgammon``, ``tavla-classic``, ``tavla-modern``,
              ``turkish-tavla``, ``portes``, ``long-nardy``, ``plakoto``, ``fevga``) or a name.
``title``, ``prompt``   ``{en: ..., ru: ...}``; ``explain`` too, optional.
``level``     1 (first lessons) to 5 (experts); ``tags``: a list of words.
``position``  the mover's checkers and the opponent's in the mover's numbering
              (``{mover: {13: 5, bar: 1}, opponent: {...}, pinned: [...]}``), or
              ``{start: true}``, ``{xgid: "XGID=..."}``, ``{gnubg: "4HPwATDgc/ABMA"}``,
              ``{text: "24:2 13:5 / 12:15"}``.
``dice``      ``[6, 3]``; every task asks it but ``result`` and ``cube``.
``task``      ``play``, ``legal``, ``count``, ``destinations``, ``result``, ``cube``, ``pass``.

Each task has fields of its own (see ``TASK_FIELDS``); fields named ``expect...`` hold what the
teacher believes, and the engine checks them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeGuard, TypeVar

from ..engine import (
    BAR,
    OFF,
    VARIANTS,
    Cube,
    EngineError,
    Position,
    UnknownVariantError,
    Variant,
    find_variant,
    from_position_id,
    from_text,
    from_xgid,
    position_from_json,
)
from ..engine.registry import names as variant_names
from .diagnostics import Report
from .model import (
    LANGUAGES,
    CountTask,
    CubeTask,
    DestinationsTask,
    LegalTask,
    Lesson,
    PassTask,
    PlayTask,
    Puzzle,
    ResultTask,
    Task,
    Text,
    Where,
)
from .source import Node, read_yaml

T = TypeVar("T")

LANGUAGE_NAMES = {"en": "English", "ru": "Russian"}
"""Each language of the site, named in English (the messages' language)."""
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""An id, a tag: lowercase words joined by hyphens (the whole text: use ``fullmatch``)."""
MAX_ID_LENGTH = 64
"""The longest id or tag: it names a folder of the site, and file systems limit names."""
PLACEHOLDERS = {"", "todo", "tbd", "fixme", "xxx", "...", "…", "?", "-", "перевод", "translate"}
COMMON_FIELDS = (
    "id",
    "variant",
    "title",
    "prompt",
    "explain",
    "level",
    "tags",
    "position",
    "dice",
    "task",
)
TASK_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("answer", "expect"),
    "legal": ("claim", "expect"),
    "count": ("count", "expect_count"),
    "destinations": ("point", "expect"),
    "result": ("cube", "expect"),
    "cube": ("cube", "action", "expect"),
    "pass": ("expect",),
}
NO_DICE = ("result", "cube")
LESSON_FIELDS = ("id", "title", "intro", "audience", "level", "variants", "puzzles")


class _Fields:
    """The fields of one mapping, read one by one; problems go to the report with places."""

    def __init__(
        self,
        node: Node,
        path: Path,
        report: Report,
        what: str,
        languages: tuple[str, ...] = LANGUAGES,
    ) -> None:
        self.node = node
        self.path = path
        self.report = report
        self.what = what
        self.languages = languages
        self.ok = True

    def error(self, node: Node, message: str) -> None:
        self.report.error(self.path, node.line, node.column, message)
        self.ok = False

    def warning(self, node: Node, message: str) -> None:
        self.report.warning(self.path, node.line, node.column, message)

    def get(self, name: str, required: bool = True) -> Node | None:
        node: Node | None = self.node.value.get(name)
        if node is None and required:
            self.error(self.node, f"the {self.what} has no '{name}': add '{name}: ...'")
        return node

    def unknown(self, allowed: tuple[str, ...], context: str) -> None:
        for key, key_node in self.node.keys.items():
            if key in allowed:
                continue
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'?" if close else f"{context}: {', '.join(allowed)}"
            self.error(key_node, f"unknown field '{key}': {hint}")

    def read(
        self, name: str, convert: Callable[[Node], T | None], required: bool = True
    ) -> T | None:
        node = self.get(name, required)
        if node is None:
            return None
        value = convert(node)
        if value is None:
            self.ok = False
        return value

    # Converters: each returns None after reporting ----------------------------------------

    def text(self, node: Node, name: str, *, one_line: bool = False) -> Text | None:
        """A text in every language of the project; a project of one language may give it
        as plain text. ``one_line``: a title or a label, which stands in a heading."""
        languages = self.languages
        if len(languages) == 1 and isinstance(node.value, str):
            node = Node({languages[0]: node}, node.line, node.column, {languages[0]: node})
        if not node.is_mapping:
            example = ", ".join(f"{lang}: ..." for lang in languages)
            self.error(node, f"'{name}' is a text in each language of the site: {{{example}}}")
            return None
        texts: dict[str, str] = {}
        for lang in languages:
            value = node.value.get(lang)
            language = "English" if lang == "en" else "Russian"
            if value is None:
                self.error(
                    node,
                    f"the {language} {name} is missing: add '{lang}: ...' (the site is in "
                    f"{' and '.join(LANGUAGE_NAMES[x] for x in languages)})",
                )
                continue
            if not isinstance(value.value, str):
                self.error(value, f"the {language} {name} must be text")
                continue
            words = value.value.strip()
            if words.lower().strip(".!? ") in PLACEHOLDERS or words.lower() in PLACEHOLDERS:
                self.error(
                    value, f"the {language} {name} is a placeholder ({words!r}): write the text"
                )
                continue
            if one_line and ("\n" in words or "\r" in words):
                self.error(
                    value,
                    f"the {language} {name} runs over more than one line; it is a heading: "
                    "write it on one line",
                )
                continue
            texts[lang] = words
        for key, key_node in node.keys.items():
            if key not in LANGUAGES:
                self.error(key_node, f"'{key}' is not a language of the site: use 'en' and 'ru'")
        if len(texts) != len(languages):
            return None
        english, russian = texts.get("en", ""), texts.get("ru", "")
        if russian and russian == english and re.search(r"[A-Za-z]{3}", english):
            self.error(node.value["ru"], f"the Russian {name} is the English one: translate it")
            return None
        return Text(english, russian)

    def integer(self, node: Node, name: str, low: int, high: int) -> int | None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.error(node, f"'{name}' is a whole number from {low} to {high}, not {value!r}")
            return None
        return value

    def word(self, node: Node, name: str, choices: tuple[str, ...]) -> str | None:
        value = node.value
        if isinstance(value, bool):
            value = "true" if value else "false"
        if isinstance(value, str) and value.strip().lower() in choices:
            return value.strip().lower()
        close = difflib.get_close_matches(str(value), choices, n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'?" if close else f"use one of: {', '.join(choices)}"
        self.error(node, f"'{name}' cannot be {value!r}: {hint}")
        return None


# Puzzles ---------------------------------------------------------------------------------------


def load_puzzle(
    path: Path,
    report: Report,
    *,
    text: str | None = None,
    raw: bytes | None = None,
    languages: tuple[str, ...] = LANGUAGES,
) -> Puzzle | None:
    """The puzzle in ``path`` (or in ``text``, or in the file's content ``raw``), or ``None``
    after reporting every problem found in it; its texts are required in ``languages``."""
    node = read_yaml(path, report, text=text, raw=raw)
    if node is None:
        return None
    if not node.is_mapping:
        report.error(
            path,
            node.line,
            node.column,
            "a puzzle file is a mapping of fields, starting with 'id: ...'",
        )
        return None
    fields = _Fields(node, path, report, "puzzle", languages)
    puzzle_id = fields.read("id", lambda n: _check_id(fields, n))
    variant = fields.read("variant", lambda n: _variant(fields, n))
    title = fields.read("title", lambda n: fields.text(n, "title", one_line=True))
    prompt = fields.read("prompt", lambda n: fields.text(n, "prompt"))
    explain = fields.read("explain", lambda n: fields.text(n, "explain"), required=False)
    level = fields.read("level", lambda n: fields.integer(n, "level", 1, 5))
    tags = fields.read("tags", lambda n: _tags(fields, n), required=False) or ()
    kind = fields.read("task", lambda n: fields.word(n, "task", tuple(TASK_FIELDS)))
    every_task_field = tuple(dict.fromkeys(f for names in TASK_FIELDS.values() for f in names))
    fields.unknown(
        COMMON_FIELDS + (TASK_FIELDS[kind] if kind else every_task_field),
        f"a {kind} puzzle has the fields" if kind else "the fields are",
    )
    position = None
    if variant is not None:
        position = fields.read("position", lambda n: _position(fields, n, variant))
    dice = None
    if kind in NO_DICE:
        dice_node = fields.get("dice", required=False)
        if dice_node is not None:
            fields.error(
                dice_node, f"a {kind} puzzle is asked before the dice are rolled: remove 'dice'"
            )
    elif kind is not None:
        from_id = _xgid_dice(node, variant)
        if from_id is not None and "dice" not in node.value:
            dice = from_id  # the roll written in the XGID
        else:
            dice = fields.read("dice", lambda n: _dice(fields, n))
            if dice is not None and from_id is not None and set(dice) != set(from_id):
                fields.error(
                    node.value["dice"],
                    f"dice {list(dice)} differ from the roll in the XGID "
                    f"({from_id[0]}-{from_id[1]}): remove 'dice' or make them agree",
                )
    task = _task(fields, kind, variant) if kind is not None else None
    if not fields.ok:
        return None
    assert puzzle_id and variant and title and prompt and level and position and task
    return Puzzle(
        puzzle_id,
        variant,
        title,
        prompt,
        explain,
        level,
        tuple(tags),
        position,
        dice,
        task,
        _where(path, node),
    )


def _where(path: Path, node: Node) -> Where:
    marks: dict[str, tuple[int, int]] = {}
    for name, value in node.value.items():
        marks[str(name)] = (value.line, value.column)
        if value.is_list:
            for index, item in enumerate(value.value):
                marks[f"{name}.{index}"] = (item.line, item.column)
        if value.is_mapping:
            for key, item in value.value.items():
                marks[f"{name}.{key}"] = (item.line, item.column)
    return Where(path, node.line, node.column, marks)


def _xgid_dice(node: Node, variant: Variant | None) -> tuple[int, int] | None:
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


def is_id(text: object) -> TypeGuard[str]:
    """``text`` can be an id or a tag: lowercase words joined by hyphens, at most
    ``MAX_ID_LENGTH`` characters, nothing before or after.

    >>> is_id("bar-entry"), is_id("x\\n"), is_id("x" * 65), is_id("Bar")
    (True, False, False, False)
    """
    return (
        isinstance(text, str)
        and len(text) <= MAX_ID_LENGTH
        and ID_PATTERN.fullmatch(text) is not None
    )


def _check_id(fields: _Fields, node: Node) -> str | None:
    value = node.value
    if is_id(value):
        return value
    if isinstance(value, str) and ID_PATTERN.fullmatch(value):
        fields.error(
            node,
            f"id '{value[:20]}...' has {len(value)} characters; an id has at most "
            f"{MAX_ID_LENGTH} (it names a folder of the site): shorten it",
        )
        return None
    suggestion = re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")[:MAX_ID_LENGTH]
    hint = f": for example '{suggestion}'" if is_id(suggestion) else ""
    fields.error(
        node,
        f"id {value!r} must be lowercase letters, digits and hyphens, at most "
        f"{MAX_ID_LENGTH} characters{hint}",
    )
    return None


def _variant(fields: _Fields, node: Node) -> Variant | None:
    if not isinstance(node.value, str):
        fields.error(
            node,
            f"'variant' is a game's name, not {node.value!r}: use one of {', '.join(VARIANTS)}",
        )
        return None
    try:
        return find_variant(node.value)
    except UnknownVariantError:
        close = difflib.get_close_matches(node.value.lower(), variant_names(), n=1, cutoff=0.5)
        hint = f"did you mean '{close[0]}'?" if close else f"use one of: {', '.join(VARIANTS)}"
        fields.error(node, f"unknown variant {node.value!r}: {hint}")
        return None


def _tags(fields: _Fields, node: Node) -> tuple[str, ...] | None:
    if not node.is_list or not all(isinstance(item.value, str) for item in node.value):
        fields.error(node, "'tags' is a list of words: [bar, entry]")
        return None
    tags = tuple(item.value.strip().lower() for item in node.value)
    for tag, item in zip(tags, node.value, strict=True):
        if not is_id(tag):
            fields.error(item, _tag_problem(tag))
    return tags if all(map(is_id, tags)) else None


def _tag_problem(tag: str) -> str:
    if ID_PATTERN.fullmatch(tag):
        return (
            f"the tag '{tag[:20]}...' has {len(tag)} characters; a tag has at most "
            f"{MAX_ID_LENGTH}: shorten it"
        )
    return f"the tag {tag!r} is not lowercase words joined by hyphens, such as 'my-tag'"


def _dice(fields: _Fields, node: Node) -> tuple[int, int] | None:
    values = node.value if node.is_list else None
    if (
        values is None
        or len(values) != 2
        or not all(isinstance(v.value, int) and not isinstance(v.value, bool) for v in values)
    ):
        fields.error(node, f"'dice' is two dice, such as [6, 3], not {node.plain()!r}")
        return None
    for die in values:
        if not 1 <= die.value <= 6:
            fields.error(die, f"a die shows 1 to 6, not {die.value}")
            return None
    return values[0].value, values[1].value


POSITION_FORMS = ("mover", "start", "xgid", "gnubg", "text")


def _position(fields: _Fields, node: Node, variant: Variant) -> Position | None:
    if not node.is_mapping:
        fields.error(
            node,
            "'position' is a mapping: {mover: {...}, opponent: {...}} or "
            "{start: true}, {xgid: ...}, {gnubg: ...}, {text: ...}",
        )
        return None
    data = node.value
    forms = [form for form in POSITION_FORMS if form in data]
    if len(forms) != 1:
        given = ", ".join(forms) if forms else "none of them"
        fields.error(
            node,
            "a position is given one way: mover/opponent, start, xgid, gnubg or "
            f"text (found {given})",
        )
        return None
    form = forms[0]
    allowed = ("mover", "opponent", "pinned") if form == "mover" else (form,)
    for key, key_node in node.keys.items():
        if key not in allowed:
            fields.error(key_node, f"'{key}' does not belong in a position given by {form}")
            return None
    if form == "mover" and not _places_ok(fields, node):
        return None
    try:
        if form == "start":
            if data["start"].value is not True:
                fields.error(data["start"], "write 'start: true' for the starting position")
                return None
            return variant.start()
        if form in ("xgid", "gnubg", "text") and not isinstance(data[form].value, str):
            fields.error(data[form], f"'{form}' is a quoted string")
            return None
        if form == "xgid":
            return from_xgid(data["xgid"].value, variant).position
        if form == "gnubg":
            return from_position_id(data["gnubg"].value, variant)
        if form == "text":
            return from_text(variant, data["text"].value)
        return position_from_json(variant, node.plain())
    except EngineError as error:
        fields.error(data.get(form, node), f"impossible position: {error}{_position_hint(node)}")
        return None


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


def _places_ok(fields: _Fields, node: Node) -> bool:
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
                    f"{side} place {shown} is not a point: use 1..24 or 'bar' "
                    "(checkers that are off are not listed)",
                )
                ok = False
    return ok


def _position_hint(node: Node) -> str:
    """A fix for the commonest slip, a side with more than 15 checkers."""
    for side in ("mover", "opponent"):
        counts = node.value.get(side)
        if counts is None or not counts.is_mapping:
            continue
        numbers = {k: v.value for k, v in counts.value.items() if isinstance(v.value, int)}
        total = sum(numbers.values())
        if total > 15:
            tallest = max(numbers, key=lambda k: numbers[k])
            return f": remove {total - 15} from the {side}'s {tallest}"
    return ""


def _place(fields: _Fields, node: Node) -> int | None:
    value = node.value
    if isinstance(value, str) and value.strip().lower() in ("bar", "off"):
        return BAR if value.strip().lower() == "bar" else OFF
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 24:
        return value
    fields.error(node, f"{value!r} is not a place: use a point 1..24, 'bar' or 'off'")
    return None


def _task(fields: _Fields, kind: str, variant: Variant | None) -> Task | None:
    data = fields.node.value
    expect = data.get("expect")
    if kind == "play":
        answer = fields.get("answer")
        if answer is None:
            return None
        answers: tuple[str, ...] | None
        if answer.value == "any":
            answers = None
        elif (
            answer.is_list and answer.value and all(isinstance(a.value, str) for a in answer.value)
        ):
            answers = tuple(a.value for a in answer.value)
        elif isinstance(answer.value, str):
            answers = (answer.value,)
        else:
            fields.error(answer, "'answer' is 'any' or a list of plays, such as ['13/8 6/5']")
            return None
        forced = False
        if expect is not None:
            forced = fields.word(expect, "expect", ("forced",)) == "forced"
        return PlayTask(answers, forced)
    if kind == "legal":
        claim = fields.get("claim")
        if claim is None:
            return None
        if not isinstance(claim.value, str):
            fields.error(claim, "'claim' is a play in notation, such as '13/8 6/5'")
            return None
        verdict = None
        if expect is not None:
            verdict = fields.word(expect, "expect", ("legal", "illegal"))
        return LegalTask(claim.value, None if verdict is None else verdict == "legal")
    if kind == "count":
        what = fields.read("count", lambda n: fields.word(n, "count", ("dice", "plays")))
        number = fields.read(
            "expect_count", lambda n: fields.integer(n, "expect_count", 0, 10000), required=False
        )
        return CountTask(what, number) if what is not None else None  # type: ignore[arg-type]
    if kind == "destinations":
        point = fields.read("point", lambda n: _place(fields, n))
        places: tuple[int, ...] | None = None
        if expect is not None:
            if not expect.is_list:
                fields.error(expect, "'expect' lists places, such as [8, 5, off]")
                return None
            found = [_place(fields, item) for item in expect.value]
            if any(p is None for p in found):
                return None
            places = tuple(sorted({p for p in found if p is not None}, reverse=True))
        return DestinationsTask(point, places) if point is not None else None
    if kind == "result":
        cube = fields.read("cube", lambda n: fields.integer(n, "cube", 1, 2**15), required=False)
        winner, how, points = _expect_result(fields, expect)
        return ResultTask(cube or 1, winner, how, points)
    if kind == "cube":
        start = fields.read("cube", lambda n: _cube(fields, n))
        action = fields.read("action", lambda n: fields.word(n, "action", ("take", "drop")))
        value = owner = points = None
        if expect is not None:
            sub = _Fields(expect, fields.path, fields.report, "expectation")
            sub.unknown(("value", "owner", "points"), "a cube expectation has")
            value = sub.read("value", lambda n: sub.integer(n, "value", 2, 2**16), required=False)
            owner = sub.read(
                "owner", lambda n: sub.word(n, "owner", ("mover", "opponent")), required=False
            )
            points = sub.read(
                "points", lambda n: sub.integer(n, "points", 1, 2**16), required=False
            )
            fields.ok = fields.ok and sub.ok
        if start is None or action is None:
            return None
        if variant is not None and not (variant.has_cube or variant.cube_optional):
            fields.error(
                fields.node.value["task"],
                f"{variant.name} is played without a "
                "doubling cube: a cube puzzle needs backgammon, Tavla Modern or Long Nardy",
            )
            return None
        return CubeTask(start, action, value, owner, points)  # type: ignore[arg-type]
    if kind == "pass":
        says = None
        if expect is not None:
            word = fields.word(expect, "expect", ("yes", "no", "true", "false"))
            if word is None:
                return None
            says = word in ("yes", "true")
        return PassTask(says)
    raise AssertionError(kind)  # pragma: no cover


def _expect_result(fields: _Fields, expect: Node | None) -> tuple[Any, Any, Any]:
    if expect is None:
        return None, None, None
    if not expect.is_mapping:
        fields.error(expect, "'expect' is {winner: mover, kind: gammon, points: 2}")
        return None, None, None
    sub = _Fields(expect, fields.path, fields.report, "expectation")
    sub.unknown(("winner", "kind", "points"), "a result expectation has")
    winner = sub.read(
        "winner", lambda n: sub.word(n, "winner", ("mover", "opponent", "none")), required=False
    )
    kinds = ("single", "gammon", "backgammon", "mars", "oin", "mother", "draw")
    how = sub.read("kind", lambda n: sub.word(n, "kind", kinds), required=False)
    points = sub.read("points", lambda n: sub.integer(n, "points", 0, 2**17), required=False)
    fields.ok = fields.ok and sub.ok
    return winner, how, points


def _cube(fields: _Fields, node: Node) -> Cube | None:
    if not node.is_mapping:
        fields.error(node, "'cube' is {value: 1, owner: centre} (owner: centre, mover or opponent)")
        return None
    sub = _Fields(node, fields.path, fields.report, "cube")
    sub.unknown(("value", "owner"), "a cube has")
    value = sub.read("value", lambda n: sub.integer(n, "value", 1, 2**15))
    owner = sub.read(
        "owner", lambda n: sub.word(n, "owner", ("centre", "center", "mover", "opponent"))
    )
    fields.ok = fields.ok and sub.ok
    if value is None or owner is None:
        return None
    try:
        return Cube(value, "centre" if owner == "center" else owner)  # type: ignore[arg-type]
    except EngineError as error:
        fields.error(node, f"impossible cube: {error}")
        return None


# Lessons ---------------------------------------------------------------------------------------


def load_lesson(
    path: Path, report: Report, *, languages: tuple[str, ...] = LANGUAGES
) -> Lesson | None:
    """The lesson in ``path``, or ``None`` after reporting every problem found in it."""
    node = read_yaml(path, report)
    if node is None:
        return None
    if not node.is_mapping:
        report.error(
            path,
            node.line,
            node.column,
            "a lesson file is a mapping of fields, starting with 'id: ...'",
        )
        return None
    fields = _Fields(node, path, report, "lesson", languages)
    fields.unknown(LESSON_FIELDS, "a lesson has the fields")
    lesson_id = fields.read("id", lambda n: _check_id(fields, n))
    title = fields.read("title", lambda n: fields.text(n, "title", one_line=True))
    intro = fields.read("intro", lambda n: fields.text(n, "introduction"))
    audience = fields.read("audience", lambda n: fields.text(n, "audience"))
    level = fields.read("level", lambda n: fields.integer(n, "level", 1, 5))
    variants = fields.read("variants", lambda n: _variants(fields, n))
    puzzles = fields.read("puzzles", lambda n: _puzzle_ids(fields, n))
    if not fields.ok:
        return None
    assert lesson_id and title and intro and audience and level and variants and puzzles
    return Lesson(lesson_id, title, intro, audience, level, variants, puzzles, _where(path, node))


def _variants(fields: _Fields, node: Node) -> tuple[Variant, ...] | None:
    if not node.is_list or not node.value:
        fields.error(node, "'variants' lists the games of the lesson: [backgammon]")
        return None
    found = [_variant(fields, item) for item in node.value]
    if any(v is None for v in found):
        return None
    return tuple(v for v in found if v is not None)


def _puzzle_ids(fields: _Fields, node: Node) -> tuple[str, ...] | None:
    if not node.is_list or not node.value:
        fields.error(node, "'puzzles' lists puzzle ids in the order of the lesson")
        return None
    ids: list[str] = []
    for item in node.value:
        if _check_id(fields, item) is None:
            continue
        if item.value in ids:
            fields.error(item, f"puzzle {item.value!r} is listed twice in the lesson: keep one")
            continue
        ids.append(item.value)
    return tuple(ids) if fields.ok else None


# Tag labels ------------------------------------------------------------------------------------

TAGS_FILE = "tags.yaml"
"""The file, in the puzzles folder, that labels a project's own tags in every language."""


def is_tags_file(path: Path) -> bool:
    return path.name == TAGS_FILE


def load_tag_labels(
    path: Path, report: Report, *, languages: tuple[str, ...] = LANGUAGES
) -> dict[str, Text]:
    """The labels in a tags file (``tag: {en: ..., ru: ...}`` per line), after reporting every
    problem found in it; the tags whose labels could be read."""
    node = read_yaml(path, report)
    if node is None:
        return {}
    if not node.is_mapping:
        report.error(
            path,
            node.line,
            node.column,
            "a tags file labels each tag in every language: 'my-tag: {en: ..., ru: ...}'",
        )
        return {}
    fields = _Fields(node, path, report, "tags file", languages)
    labels: dict[str, Text] = {}
    for key, value in node.value.items():
        tag = str(key)
        if not is_id(tag):
            fields.error(node.keys[key], _tag_problem(tag))
            continue
        label = fields.text(value, f"label of '{tag}'", one_line=True)
        if label is not None:
            labels[tag] = label
    return labels
