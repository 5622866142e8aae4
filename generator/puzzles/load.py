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
    PRESETS,
    VARIANTS,
    Cube,
    EngineError,
    Position,
    Refusal,
    UnknownRulesError,
    UnknownVariantError,
    Variant,
    find_variant,
    from_position_id,
    from_text,
    from_xgid,
    position_from_json,
    why_unreachable,
)
from ..engine.board import HOME
from ..engine.registry import names as variant_names
from ..locale import N_, Clause, Message, _
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
from .source import Node, read_source, read_yaml

T = TypeVar("T")

LANGUAGE_NAMES = {"en": "English", "ru": "Russian"}
"""Each language of the site, named in English (the messages' language)."""
SITE_IN = {
    ("en",): N_("the site is in English"),
    ("ru",): N_("the site is in Russian"),
    ("en", "ru"): N_("the site is in English and Russian"),
    ("ru", "en"): N_("the site is in Russian and English"),
}
"""What a message says of the site's languages, as message ids."""
MISSING_FIELD = {
    "puzzle": N_("the puzzle has no '{name}': add '{name}: ...'"),
    "lesson": N_("the lesson has no '{name}': add '{name}: ...'"),
    "expectation": N_("the expectation has no '{name}': add '{name}: ...'"),
    "cube": N_("the cube has no '{name}': add '{name}: ...'"),
    "board": N_("the board has no '{name}': add '{name}: ...'"),
    "tags file": N_("the tags file has no '{name}': add '{name}: ...'"),
}
"""A required field that is missing, for each kind of mapping, as message ids."""
TEXT_PROBLEMS = {
    "missing": {
        "en": N_("the English {name} is missing: add 'en: ...' ({site})"),
        "ru": N_("the Russian {name} is missing: add 'ru: ...' ({site})"),
    },
    "not text": {
        "en": N_("the English {name} must be text"),
        "ru": N_("the Russian {name} must be text"),
    },
    "placeholder": {
        "en": N_("the English {name} is a placeholder ({words}): write the text"),
        "ru": N_("the Russian {name} is a placeholder ({words}): write the text"),
    },
    "lines": {
        "en": N_(
            "the English {name} runs over more than one line; it is a heading: write it on one line"
        ),
        "ru": N_(
            "the Russian {name} runs over more than one line; it is a heading: write it on one line"
        ),
    },
}
"""What is wrong with the text of one language, as message ids."""
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""An id, a tag: lowercase words joined by hyphens (the whole text: use ``fullmatch``)."""
MAX_ID_LENGTH = 64
"""The longest id or tag: it names a folder of the site, and file systems limit names."""
PLACEHOLDERS = {"", "todo", "tbd", "fixme", "xxx", "...", "…", "?", "-", "перевод", "translate"}
NEGATED = re.compile(r"(?:not|isn't|is not|non)[\s_-]*(?P<word>[a-z]+)")
"""A word written as "not ..." (``expect: not legal``)."""
OPPOSITES = {"legal": "illegal", "illegal": "legal"}
"""The word that means "not ..." of each word a field takes."""
COMMON_FIELDS = (
    "id",
    "variant",
    "rules",
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
        self.lines: list[str] = []
        """The file's lines, where a message needs to look at how a value was written."""

    def error(self, node: Node, message: str | Message) -> None:
        self.report.error(self.path, node.line, node.column, message)
        self.ok = False

    def warning(self, node: Node, message: str | Message) -> None:
        self.report.warning(self.path, node.line, node.column, message)

    def get(self, name: str, required: bool = True) -> Node | None:
        node: Node | None = self.node.value.get(name)
        if node is None and required:
            template = MISSING_FIELD.get(self.what)
            self.error(
                self.node,
                _(template, name=name)
                if template
                else f"the {self.what} has no '{name}': add '{name}: ...'",
            )
        return node

    def unknown(self, allowed: tuple[str, ...], context: str | Message) -> None:
        for key, key_node in self.node.keys.items():
            if key in allowed:
                continue
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            if close:
                problem = _(
                    "unknown field '{key}': did you mean '{close}'?", key=key, close=close[0]
                )
            else:
                problem = _(
                    "unknown field '{key}': {context}: {allowed}",
                    key=key,
                    context=context,
                    allowed=", ".join(allowed),
                )
            self.error(key_node, problem)

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
            self.error(
                node,
                _(
                    "'{name}' is a text in each language of the site: {example}",
                    name=name,
                    example="{" + example + "}",
                ),
            )
            return None
        texts: dict[str, str] = {}
        for lang in languages:
            value = node.value.get(lang)
            if value is None:
                site = SITE_IN.get(languages)
                self.error(
                    node,
                    _(
                        TEXT_PROBLEMS["missing"][lang],
                        name=name,
                        site=_(site)
                        if site
                        else "the site is in " + " and ".join(LANGUAGE_NAMES[x] for x in languages),
                    ),
                )
                continue
            if not isinstance(value.value, str):
                self.error(value, _(TEXT_PROBLEMS["not text"][lang], name=name))
                continue
            words = value.value.strip()
            if words.lower().strip(".!? ") in PLACEHOLDERS or words.lower() in PLACEHOLDERS:
                self.error(
                    value, _(TEXT_PROBLEMS["placeholder"][lang], name=name, words=repr(words))
                )
                continue
            if one_line and ("\n" in words or "\r" in words):
                self.error(value, _(TEXT_PROBLEMS["lines"][lang], name=name))
                continue
            texts[lang] = words
        for key, key_node in node.keys.items():
            if key not in LANGUAGES:
                self.error(
                    key_node, _("'{key}' is not a language of the site: use 'en' and 'ru'", key=key)
                )
        if len(texts) != len(languages):
            return None
        english, russian = texts.get("en", ""), texts.get("ru", "")
        if russian and russian == english and re.search(r"[A-Za-z]{3}", english):
            self.error(
                node.value["ru"],
                _("the Russian {name} is the English one: translate it", name=name),
            )
            return None
        return Text(english, russian)

    def integer(self, node: Node, name: str, low: int, high: int) -> int | None:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.error(
                node,
                _(
                    "'{name}' is a whole number from {low} to {high}, not {value}",
                    name=name,
                    low=low,
                    high=high,
                    value=repr(value),
                ),
            )
            return None
        return value

    def word(self, node: Node, name: str, choices: tuple[str, ...]) -> str | None:
        value = node.value
        if isinstance(value, bool):
            value = "true" if value else "false"
        if isinstance(value, str) and value.strip().lower() in choices:
            return value.strip().lower()
        close = difflib.get_close_matches(str(value), choices, n=1, cutoff=0.6)
        hint = _did_you_mean(close, choices)
        negated = NEGATED.fullmatch(str(value).strip().lower())
        if negated and OPPOSITES.get(negated["word"]) in choices:
            # "not legal" is closest to "legal" in spelling, but means the other word.
            hint = _("write '{word}' (one word)", word=OPPOSITES[negated["word"]])
        self.error(
            node, _("'{name}' cannot be {value}: {hint}", name=name, value=repr(value), hint=hint)
        )
        return None


def _did_you_mean(close: list[str], choices: tuple[str, ...] | list[str]) -> Message:
    """The hint after a word that is not one of ``choices``: the closest, else them all."""
    if close:
        return _("did you mean '{close}'?", close=close[0])
    return _("use one of: {choices}", choices=", ".join(choices))


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
            _("a puzzle file is a mapping of fields, starting with 'id: ...'"),
        )
        return None
    fields = _Fields(node, path, report, "puzzle", languages)
    puzzle_id = fields.read("id", lambda n: _check_id(fields, n))
    variant = with_rules(fields, fields.read("variant", lambda n: _variant(fields, n)))
    title = fields.read("title", lambda n: fields.text(n, "title", one_line=True))
    prompt = fields.read("prompt", lambda n: fields.text(n, "prompt"))
    explain = fields.read("explain", lambda n: fields.text(n, "explain"), required=False)
    level = fields.read("level", lambda n: fields.integer(n, "level", 1, 5))
    tags = fields.read("tags", lambda n: _tags(fields, n), required=False) or ()
    kind = fields.read("task", lambda n: fields.word(n, "task", tuple(TASK_FIELDS)))
    every_task_field = tuple(dict.fromkeys(f for names in TASK_FIELDS.values() for f in names))
    fields.unknown(
        COMMON_FIELDS + (TASK_FIELDS[kind] if kind else every_task_field) + _misplaced(node),
        _("a {kind} puzzle has the fields", kind=kind) if kind else _("the fields are"),
    )
    position = None
    if variant is not None:
        if _side_outside_position(fields, node):
            fields.ok = False  # reported there: the position is read once it is moved in
        else:
            position = fields.read("position", lambda n: _possible_position(fields, n, variant))
    dice = None
    if kind in NO_DICE:
        dice_node = fields.get("dice", required=False)
        if dice_node is not None:
            fields.error(
                dice_node,
                _("a {kind} puzzle is asked before the dice are rolled: remove 'dice'", kind=kind),
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
                    _(
                        "dice {dice} differ from the roll in the XGID ({roll}): remove 'dice' or "
                        "make them agree",
                        dice=list(dice),
                        roll="-".join(map(str, from_id)),
                    ),
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


SIDE_FIELDS = ("mover", "opponent", "pinned")
"""The fields of a position given side by side, which belong under ``position:``."""


def _misplaced(node: Node) -> tuple[str, ...]:
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


def _side_outside_position(fields: _Fields, node: Node) -> bool:
    """Report each field of a position that stands at the left edge of the file, beside
    ``position:`` rather than indented under it (the position then looks as if a side were
    missing); ``True`` when there is one."""
    misplaced = _misplaced(node)
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
            _(
                "id '{start}...' has {length} characters; an id has at most {most} (it names a "
                "folder of the site): shorten it",
                start=value[:20],
                length=len(value),
                most=MAX_ID_LENGTH,
            ),
        )
        return None
    suggestion = re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")[:MAX_ID_LENGTH]
    if is_id(suggestion):
        problem = _(
            "id {id} must be lowercase letters, digits and hyphens, at most {most} characters: "
            "for example '{example}'",
            id=repr(value),
            most=MAX_ID_LENGTH,
            example=suggestion,
        )
    else:
        problem = _(
            "id {id} must be lowercase letters, digits and hyphens, at most {most} characters",
            id=repr(value),
            most=MAX_ID_LENGTH,
        )
    fields.error(node, problem)
    return None


def _variant(fields: _Fields, node: Node) -> Variant | None:
    if not isinstance(node.value, str):
        fields.error(
            node,
            _(
                "'variant' is a game's name, not {value}: use one of {variants}",
                value=repr(node.value),
                variants=", ".join(VARIANTS),
            ),
        )
        return None
    try:
        return find_variant(node.value)
    except UnknownVariantError:
        close = difflib.get_close_matches(node.value.lower(), variant_names(), n=1, cutoff=0.5)
        hint = _did_you_mean(close, tuple(VARIANTS))
        fields.error(node, _("unknown variant {value}: {hint}", value=repr(node.value), hint=hint))
        return None


def with_rules(fields: _Fields, variant: Variant | None) -> Variant | None:
    """The variant under the table rules of the optional field ``rules:`` (a preset such as
    ``greek`` for Portes); the seed's rules when there is none."""
    node = fields.get("rules", required=False)
    if node is None or variant is None:
        return variant
    known = ", ".join(PRESETS[variant.key])
    if not isinstance(node.value, str):
        fields.error(
            node,
            _(
                "'rules' names a table-rule preset of {variant}: one of {known}",
                variant=variant.key,
                known=known,
            ),
        )
        return None
    try:
        return variant.with_rules(node.value)
    except UnknownRulesError:
        close = difflib.get_close_matches(node.value.lower(), list(PRESETS[variant.key]), n=1)
        hint = _did_you_mean(close, list(PRESETS[variant.key]))
        fields.error(
            node,
            _(
                "{variant} has no rules {value}: {hint}",
                variant=variant.key,
                value=repr(node.value),
                hint=hint,
            ),
        )
        return None


def _tags(fields: _Fields, node: Node) -> tuple[str, ...] | None:
    if not node.is_list or not all(isinstance(item.value, str) for item in node.value):
        fields.error(node, _("'tags' is a list of words: {example}", example="[bar, entry]"))
        return None
    tags = tuple(item.value.strip().lower() for item in node.value)
    for tag, item in zip(tags, node.value, strict=True):
        if not is_id(tag):
            fields.error(item, _tag_problem(tag))
    return tags if all(map(is_id, tags)) else None


def _tag_problem(tag: str) -> Message:
    if ID_PATTERN.fullmatch(tag):
        return _(
            "the tag '{start}...' has {length} characters; a tag has at most {most}: shorten it",
            start=tag[:20],
            length=len(tag),
            most=MAX_ID_LENGTH,
        )
    return _(
        "the tag {tag} is not lowercase words joined by hyphens, such as 'my-tag'", tag=repr(tag)
    )


def _dice(fields: _Fields, node: Node) -> tuple[int, int] | None:
    values = node.value if node.is_list else None
    if (
        values is None
        or len(values) != 2
        or not all(isinstance(v.value, int) and not isinstance(v.value, bool) for v in values)
    ):
        fields.error(
            node,
            _(
                "'dice' is two dice, such as {example}, not {value}",
                example="[6, 3]",
                value=repr(node.plain()),
            ),
        )
        return None
    for die in values:
        if not 1 <= die.value <= 6:
            fields.error(die, _("a die shows 1 to 6, not {value}", value=die.value))
            return None
    return values[0].value, values[1].value


POSITION_FORMS = ("mover", "start", "xgid", "gnubg", "text")


def _position(fields: _Fields, node: Node, variant: Variant) -> Position | None:
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
            _("impossible position: {error}: {hint}", error=error, hint=hint)
            if hint
            else _("impossible position: {error}", error=error),
        )
        return None


def _possible_position(fields: _Fields, node: Node, variant: Variant) -> Position | None:
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
            return _(
                "remove {extra} from the {side}'s {tallest}",
                extra=total - 15,
                side=side,
                tallest=tallest,
            )
    return None


def _place(fields: _Fields, node: Node) -> int | None:
    value = node.value
    if isinstance(value, str) and value.strip().lower() in ("bar", "off"):
        return BAR if value.strip().lower() == "bar" else OFF
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 24:
        return value
    fields.error(
        node, _("{value} is not a place: use a point 1..24, 'bar' or 'off'", value=repr(value))
    )
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
            fields.error(
                answer,
                _(
                    "'answer' is 'any' or a list of plays, such as {example}",
                    example="['13/8 6/5']",
                ),
            )
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
            fields.error(claim, _("'claim' is a play in notation, such as '13/8 6/5'"))
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
                fields.error(
                    expect, _("'expect' lists places, such as {example}", example="[8, 5, off]")
                )
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
            sub.unknown(("value", "owner", "points"), _("a cube expectation has"))
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
                _(
                    "{variant} is played without a doubling cube: a cube puzzle needs "
                    "backgammon, Tavla Modern or Long Nardy",
                    variant=variant.name,
                ),
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
        fields.error(
            expect, _("'expect' is {example}", example="{winner: mover, kind: gammon, points: 2}")
        )
        return None, None, None
    sub = _Fields(expect, fields.path, fields.report, "expectation")
    sub.unknown(("winner", "kind", "points"), _("a result expectation has"))
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
        fields.error(
            node,
            _(
                "'cube' is {example} (owner: centre, mover or opponent)",
                example="{value: 1, owner: centre}",
            ),
        )
        return None
    sub = _Fields(node, fields.path, fields.report, "cube")
    sub.unknown(("value", "owner"), _("a cube has"))
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
        fields.error(node, _("impossible cube: {error}", error=error))
        return None


# Lessons ---------------------------------------------------------------------------------------


def load_lesson(
    path: Path, report: Report, *, languages: tuple[str, ...] = LANGUAGES
) -> Lesson | None:
    """The lesson in ``path``, or ``None`` after reporting every problem found in it."""
    text = read_source(path, report)
    node = read_yaml(path, report, text=text) if text is not None else None
    if node is None or text is None:
        return None
    if not node.is_mapping:
        report.error(
            path,
            node.line,
            node.column,
            _("a lesson file is a mapping of fields, starting with 'id: ...'"),
        )
        return None
    written = _lesson_language(node, languages)
    if written is not None:
        # A lesson in one language of a bilingual site: listed in that language only.
        report.warning(
            path,
            *_start(node.value["title"]),
            _(
                ONE_LANGUAGE_LESSON[written],
                keys=" and ".join(f"'{lang}: ...'" for lang in languages if lang != written),
            ),
        )
    fields = _Fields(node, path, report, "lesson", (written,) if written else languages)
    fields.lines = text.splitlines()
    fields.unknown(LESSON_FIELDS, _("a lesson has the fields"))
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
    return Lesson(
        lesson_id,
        title,
        intro,
        audience,
        level,
        variants,
        puzzles,
        _where(path, node),
        (written,) if written else languages,
    )


LESSON_TEXTS = ("title", "intro", "audience")
ONE_LANGUAGE_LESSON = {
    "en": N_(
        "the lesson is written in English only, so the site lists it in English only: to list "
        "it in every language, give its title, intro and audience in {keys} too"
    ),
    "ru": N_(
        "the lesson is written in Russian only, so the site lists it in Russian only: to list "
        "it in every language, give its title, intro and audience in {keys} too"
    ),
}
"""A lesson in one language of a bilingual site, as message ids."""


def _start(node: Node) -> tuple[int, int]:
    return node.line, node.column


def _lesson_language(node: Node, languages: tuple[str, ...]) -> str | None:
    """The one language of a bilingual site that every text of the lesson is written in, and
    no other; ``None`` when the lesson is written in several (or its texts are not all there:
    the reader says what is missing)."""
    if len(languages) < 2:
        return None
    found: set[str] = set()
    for name in LESSON_TEXTS:
        text = node.value.get(name)
        if text is None or not text.is_mapping:
            return None
        found |= {key for key in text.value if key in LANGUAGES}
        written = [lang for lang in languages if lang in text.value]
        if len(written) != 1:
            return None
    return found.pop() if len(found) == 1 else None


def _variants(fields: _Fields, node: Node) -> tuple[Variant, ...] | None:
    if not node.is_list or not node.value:
        fields.error(
            node, _("'variants' lists the games of the lesson: {example}", example="[backgammon]")
        )
        return None
    found = [_variant(fields, item) for item in node.value]
    if any(v is None for v in found):
        return None
    return tuple(v for v in found if v is not None)


def _puzzle_ids(fields: _Fields, node: Node) -> tuple[str, ...] | None:
    if not node.is_list or not node.value:
        fields.error(node, _("'puzzles' lists puzzle ids in the order of the lesson"))
        return None
    ids: list[str] = []
    for item in node.value:
        if _folded_items(fields, item):
            continue
        if _check_id(fields, item) is None:
            continue
        if item.value in ids:
            fields.error(
                item,
                _("puzzle {id} is listed twice in the lesson: keep one", id=repr(item.value)),
            )
            continue
        ids.append(item.value)
    return tuple(ids) if fields.ok else None


def _folded_items(fields: _Fields, item: Node) -> bool:
    """Report a list item that YAML read together with the next line, indented more than its
    own ``-`` (``- a`` then ``    - b`` is the one text "a - b"), at that next line; ``True``
    when it is one."""
    value = item.value
    if not isinstance(value, str) or " - " not in value:
        return False
    parts = value.split(" - ")
    if not all(is_id(part.strip()) for part in parts):
        return False
    line = item.line + 1
    text = fields.lines[line - 1] if line <= len(fields.lines) else ""
    column = len(text) - len(text.lstrip()) + 1
    dash = item.column - 2  # the column of the item's own "- "
    fields.error(
        Node(value, line, column),
        _(
            "this line is indented more than the '-' of the line above it, so YAML reads the two "
            "as one id, '{value}': start it at column {column}, under the other '-' of the list",
            value=value,
            column=dash,
        ),
    )
    return True


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
            _(
                "a tags file labels each tag in every language: '{example}'",
                example="my-tag: {en: ..., ru: ...}",
            ),
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
