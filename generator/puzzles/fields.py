"""Reading the fields of one YAML mapping, each problem reported at its place: the reader
and the converters that puzzles, lessons and board fences share."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path
from typing import TypeGuard, TypeVar

from ..engine import (
    BAR,
    OFF,
    PRESETS,
    VARIANTS,
    UnknownRulesError,
    UnknownVariantError,
    Variant,
    find_variant,
)
from ..engine.registry import names as variant_names
from ..locale import N_, Message, _
from .diagnostics import Report
from .model import LANGUAGES, Text
from .source import Node

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


class Fields:
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
        hint = did_you_mean(close, choices)
        negated = NEGATED.fullmatch(str(value).strip().lower())
        if negated and OPPOSITES.get(negated["word"]) in choices:
            # "not legal" is closest to "legal" in spelling, but means the other word.
            hint = _("write '{word}' (one word)", word=OPPOSITES[negated["word"]])
        self.error(
            node, _("'{name}' cannot be {value}: {hint}", name=name, value=repr(value), hint=hint)
        )
        return None


def did_you_mean(close: list[str], choices: tuple[str, ...] | list[str]) -> Message:
    """The hint after a word that is not one of ``choices``: the closest, else them all."""
    if close:
        return _("did you mean '{close}'?", close=close[0])
    return _("use one of: {choices}", choices=", ".join(choices))


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


def variant_field(fields: Fields, node: Node) -> Variant | None:
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
        hint = did_you_mean(close, tuple(VARIANTS))
        fields.error(node, _("unknown variant {value}: {hint}", value=repr(node.value), hint=hint))
        return None


def with_rules(fields: Fields, variant: Variant | None) -> Variant | None:
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
        hint = did_you_mean(close, list(PRESETS[variant.key]))
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


def dice_field(fields: Fields, node: Node) -> tuple[int, int] | None:
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


def place_field(fields: Fields, node: Node) -> int | None:
    value = node.value
    if isinstance(value, str) and value.strip().lower() in ("bar", "off"):
        return BAR if value.strip().lower() == "bar" else OFF
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 24:
        return value
    fields.error(
        node, _("{value} is not a place: use a point 1..24, 'bar' or 'off'", value=repr(value))
    )
    return None
