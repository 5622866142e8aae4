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

import re
from pathlib import Path

from ..engine import Variant
from ..locale import N_, Message, _
from .diagnostics import Report
from .fields import (
    ID_PATTERN,
    MAX_ID_LENGTH,
    Fields,
    dice_field,
    is_id,
    variant_field,
    with_rules,
)
from .fields import PLACEHOLDERS as PLACEHOLDERS  # show imports it from here
from .model import (
    LANGUAGES,
    Lesson,
    Puzzle,
    Task,
    Text,
    Where,
)
from .positions import (
    fields_beside_position,
    possible_position,
    side_outside_position,
    xgid_dice,
)
from .source import Node, read_source, read_yaml
from .tasks import KINDS

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
TASK_FIELDS: dict[str, tuple[str, ...]] = {name: kind.fields for name, kind in KINDS.items()}
NO_DICE = tuple(name for name, kind in KINDS.items() if not kind.dice)
LESSON_FIELDS = ("id", "title", "intro", "audience", "level", "variants", "puzzles")


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
    fields = Fields(node, path, report, "puzzle", languages)
    puzzle_id = fields.read("id", lambda n: _check_id(fields, n))
    variant = with_rules(fields, fields.read("variant", lambda n: variant_field(fields, n)))
    title = fields.read("title", lambda n: fields.text(n, "title", one_line=True))
    prompt = fields.read("prompt", lambda n: fields.text(n, "prompt"))
    explain = fields.read("explain", lambda n: fields.text(n, "explain"), required=False)
    level = fields.read("level", lambda n: fields.integer(n, "level", 1, 5))
    tags = fields.read("tags", lambda n: _tags(fields, n), required=False) or ()
    kind = fields.read("task", lambda n: fields.word(n, "task", tuple(TASK_FIELDS)))
    every_task_field = tuple(dict.fromkeys(f for names in TASK_FIELDS.values() for f in names))
    fields.unknown(
        COMMON_FIELDS
        + (TASK_FIELDS[kind] if kind else every_task_field)
        + fields_beside_position(node),
        _("a {kind} puzzle has the fields", kind=kind) if kind else _("the fields are"),
    )
    position = None
    if variant is not None:
        if side_outside_position(fields, node):
            fields.ok = False  # reported there: the position is read once it is moved in
        else:
            position = fields.read("position", lambda n: possible_position(fields, n, variant))
    dice = None
    if kind in NO_DICE:
        dice_node = fields.get("dice", required=False)
        if dice_node is not None:
            fields.error(
                dice_node,
                _("a {kind} puzzle is asked before the dice are rolled: remove 'dice'", kind=kind),
            )
    elif kind is not None:
        from_id = xgid_dice(node, variant)
        if from_id is not None and "dice" not in node.value:
            dice = from_id  # the roll written in the XGID
        else:
            dice = fields.read("dice", lambda n: dice_field(fields, n))
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


def _check_id(fields: Fields, node: Node) -> str | None:
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


def _tags(fields: Fields, node: Node) -> tuple[str, ...] | None:
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


def _task(fields: Fields, kind: str, variant: Variant | None) -> Task | None:
    """The task of the kind ``kind``, read from the puzzle's fields by the kind itself."""
    task: Task | None = KINDS[kind].read(fields, variant)
    return task


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
    fields = Fields(node, path, report, "lesson", (written,) if written else languages)
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


def _variants(fields: Fields, node: Node) -> tuple[Variant, ...] | None:
    if not node.is_list or not node.value:
        fields.error(
            node, _("'variants' lists the games of the lesson: {example}", example="[backgammon]")
        )
        return None
    found = [variant_field(fields, item) for item in node.value]
    if any(v is None for v in found):
        return None
    return tuple(v for v in found if v is not None)


def _puzzle_ids(fields: Fields, node: Node) -> tuple[str, ...] | None:
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


def _folded_items(fields: Fields, item: Node) -> bool:
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
    fields = Fields(node, path, report, "tags file", languages)
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
