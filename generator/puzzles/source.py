"""YAML read safely, with the line and column of every value kept for messages.

Only plain YAML is accepted: mappings, lists, strings, numbers, booleans and null. Tags that
would build other objects, anchors and aliases, duplicate keys, files over 1 MiB and nesting
deeper than any puzzle needs are refused with a message, never followed.

Only regular files are read (a link is followed first): a named pipe, a device such as
``/dev/zero`` or a folder named ``.yaml`` is refused unopened, and no read takes more than
``MAX_BYTES + 1`` bytes, whatever the file's size said. Invisible characters that would break a
page (control characters, DEL, the Unicode line and paragraph separators) are refused at their
line and column.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml

from ..locale import Message, _
from .diagnostics import Report

MAX_BYTES = 1024 * 1024
MAX_DEPTH = 32
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_Base: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[valid-type, misc]
    """The safe loader with YAML 1.2's booleans: only true and false. YAML 1.1 also reads yes,
    no, on and off as booleans, so ``[8, 5, off]`` or ``expect: no`` would not mean what a
    teacher wrote."""

    yaml_implicit_resolvers: ClassVar[dict[Any, Any]] = {
        first: [(tag, pattern) for tag, pattern in resolvers if tag != "tag:yaml.org,2002:bool"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }


_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


@dataclass(eq=False)
class Node:
    """A value read from YAML and where it stands (1-based line and column).

    ``value`` is a plain scalar, a ``list[Node]`` or a ``dict`` of plain keys to ``Node``;
    for a mapping, ``keys`` holds the node of each key (an unknown field is reported there).
    """

    value: Any
    line: int
    column: int
    keys: dict[Any, Node] = field(default_factory=dict)

    @property
    def is_mapping(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_list(self) -> bool:
        return isinstance(self.value, list)

    def plain(self) -> Any:
        """The value without positions: plain dicts, lists and scalars."""
        if isinstance(self.value, dict):
            return {key: node.plain() for key, node in self.value.items()}
        if isinstance(self.value, list):
            return [node.plain() for node in self.value]
        return self.value


class Unreadable(Exception):
    """A file that is not read: what it is instead, and what to do (the exception's text in
    English; ``words`` to word it in another language)."""

    def __init__(self, message: str | Message) -> None:
        self.words = message
        super().__init__(str(message))


_KINDS = (
    (stat.S_ISDIR, _("a folder")),
    (stat.S_ISFIFO, _("a named pipe (FIFO)")),
    (stat.S_ISCHR, _("a character device")),
    (stat.S_ISBLK, _("a block device")),
    (stat.S_ISSOCK, _("a socket")),
)


def _kind(mode: int) -> Message:
    return next((name for test, name in _KINDS if test(mode)), _("not a regular file"))


PUZZLE_OR_LESSON = _("a puzzle or lesson file")
"""What a file read here is, for the messages that say what it should be."""


def read_file(path: Path, what: Message = PUZZLE_OR_LESSON) -> bytes:
    """The bytes of the regular file ``path`` (a link is followed), at most ``MAX_BYTES``;
    :class:`Unreadable` says why not. Nothing that is not a regular file is opened, so a
    named pipe cannot block and a device cannot stream without end.

    >>> read_file(Path("/dev/null"))
    Traceback (most recent call last):
    ...
    generator.puzzles.source.Unreadable: this is a character device, not a file: a puzzle or \
lesson file is a regular file; remove it or replace it with one
    """
    fix = _("{what} is a regular file; remove it or replace it with one", what=what)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            target = os.readlink(path)
            raise Unreadable(
                _(
                    "the link points to {target}, which does not exist: point it at a file "
                    "or remove the link",
                    target=target,
                )
            ) from None
        raise Unreadable(_("no such file: check the name")) from None
    except OSError as error:
        raise Unreadable(_cannot_read(error)) from None
    link = os.path.islink(path)
    if not stat.S_ISREG(info.st_mode):
        if link:
            raise Unreadable(
                _(
                    "the link points to {target}, which is {kind}, not a file: {fix}",
                    target=os.readlink(path),
                    kind=_kind(info.st_mode),
                    fix=fix,
                )
            )
        raise Unreadable(_not_a_file(info.st_mode, fix))
    if info.st_size > MAX_BYTES:
        raise Unreadable(_too_big(_("{size} bytes", size=format(info.st_size, ",")), what))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise Unreadable(_cannot_read(error)) from None
    try:
        # The file may have been swapped for something else since it was looked at.
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise Unreadable(_not_a_file(os.fstat(descriptor).st_mode, fix))
        chunks: list[bytes] = []
        left = MAX_BYTES + 1
        while left > 0:
            chunk = os.read(descriptor, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise Unreadable(_cannot_read(error)) from None
    finally:
        os.close(descriptor)
    raw = b"".join(chunks)
    if len(raw) > MAX_BYTES:
        raise Unreadable(_too_big(_("more than {size} bytes", size=format(MAX_BYTES, ",")), what))
    return raw


def _cannot_read(error: OSError) -> Message:
    return _(
        "cannot read the file ({reason}): check the file and its permissions",
        reason=error.strerror,
    )


def _not_a_file(mode: int, fix: Message) -> Message:
    return _("this is {kind}, not a file: {fix}", kind=_kind(mode), fix=fix)


def _too_big(size: Message, what: Message) -> Message:
    return _(
        "the file has {size}; {what} has at most {most} (1 MiB): split it or remove "
        "what does not belong",
        size=size,
        what=what,
        most=format(MAX_BYTES, ","),
    )


def decode(raw: bytes, path: Path, report: Report) -> str | None:
    """``raw`` as UTF-8 text, or ``None`` after reporting the line and column where it is not
    UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        report.error(
            path,
            line,
            column,
            _(
                "the file is not UTF-8 text (the byte {byte} here): save it as UTF-8",
                byte=format(raw[error.start], "#04X").replace("0X", "0x"),
            ),
        )
        return None


# Characters that no text of a puzzle, lesson or page may hold: the C0 controls but tab, line
# feed and carriage return; DEL; the C1 controls (NEL among them); the line and paragraph
# separators, which YAML and browsers read as line breaks an editor does not show; and lone
# surrogates, which no file can be written with.
FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""The embeddings, overrides and isolates of the bidirectional algorithm: text after them
shows in another order than it is stored ("Trojan Source"); a warning, as Russian and English
never need them but a quotation in Arabic or Hebrew might."""
_C0 = (
    "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 "
    "NAK SYN ETB CAN EM SUB ESC FS GS RS US"
)
_C1 = (
    "PAD HOP BPH NBH IND NEL SSA ESA HTS HTJ VTS PLD PLU RI SS2 SS3 DCS PU1 PU2 STS CCH "
    "MW SPA EPA SOS SGC SCI CSI ST OSC PM APC"
)
MOST_REPORTED = 10
"""Characters reported one by one in a file; the rest are counted in one more line."""


def character_name(char: str) -> str:
    r"""``U+XXXX`` and the character's name, as a message names it.

    >>> character_name("\x7f"), character_name("\u2028"), character_name("\x1b")
    ('U+007F (DEL)', 'U+2028 (LINE SEPARATOR)', 'U+001B (ESC)')
    """
    code = ord(char)
    if code < 0x20:
        name = _C0.split()[code]
    elif code == 0x7F:
        name = "DEL"
    elif 0x80 <= code < 0xA0:
        name = _C1.split()[code - 0x80]
    elif 0xD800 <= code < 0xE000:
        name = "half of a surrogate pair"  # a Unicode name, as unicodedata gives the others
    else:
        name = unicodedata.name(char, "unnamed")
    return f"U+{code:04X} ({name})"


def _code(char: str) -> str:
    """How a message names a character: ``U+007F``."""
    return "U+" + format(ord(char), "04X")


def _what(char: str) -> Message:
    code = ord(char)
    if code in (0x2028, 0x2029):
        return _("an invisible line break")
    if 0xD800 <= code < 0xE000:
        return _("half of a character")
    return _("an invisible control character")


def character_problem(char: str) -> Message:
    """What is wrong with a forbidden character of a file, and the fix."""
    return _(
        "{character} is {what}: remove the character {code}",
        character=character_name(char),
        what=_what(char),
        code=_code(char),
    )


def check_characters(text: str, path: Path, report: Report) -> bool:
    r"""Report each forbidden character of ``text`` (an error) and each bidirectional control (a
    warning) at its line and column; ``False`` when there is an error.

    >>> report = Report()
    >>> check_characters("id: a\ntitle: x\x7fy\n", Path("p.yaml"), report)
    False
    >>> print(report.diagnostics[0])
    p.yaml:2:9: error: U+007F (DEL) is an invisible control character: remove the character U+007F
    """
    ok = True
    found = 0
    for pattern, severity in ((FORBIDDEN, "error"), (BIDI_CONTROLS, "warning")):
        for match in pattern.finditer(text):
            position = match.start()
            line = text.count("\n", 0, position) + 1
            column = position - text.rfind("\n", 0, position)
            char = match.group()
            if severity == "error":
                ok = False
                found += 1
                if found > MOST_REPORTED:
                    rest = len(FORBIDDEN.findall(text, position))
                    report.error(
                        path,
                        line,
                        column,
                        Message.ngettext(
                            "{count} more invisible character from here on, such as "
                            "{character}: remove them all",
                            "{count} more invisible characters from here on, such as "
                            "{character}: remove them all",
                            rest,
                            count=rest,
                            character=character_name(char),
                        ),
                    )
                    break
                report.error(path, line, column, character_problem(char))
            else:
                report.warning(
                    path,
                    line,
                    column,
                    _(
                        "{character} shows the text after it in another order than it is "
                        "written: remove the character {code} unless the text needs it",
                        character=character_name(char),
                        code=_code(char),
                    ),
                )
    return ok


def read_source(
    path: Path, report: Report, *, raw: bytes | None = None, what: Message = PUZZLE_OR_LESSON
) -> str | None:
    """The text of the file ``path`` (or of its content ``raw``), or ``None`` after reporting
    why it cannot be read: not a regular file, over 1 MiB, not UTF-8, or holding invisible
    characters that would break a page."""
    if raw is None:
        try:
            raw = read_file(path, what)
        except Unreadable as error:
            report.error(path, 1, 1, error.words)
            return None
    text = decode(raw, path, report)
    if text is None or not check_characters(text, path, report):
        return None
    return text


def read_yaml(
    path: Path, report: Report, *, text: str | None = None, raw: bytes | None = None
) -> Node | None:
    """The document in ``path`` (or ``text``, or the file's content ``raw``), or ``None`` after
    reporting why it cannot be read. The characters of a file are checked here; a ``text``
    comes from a caller that checked its own."""
    if text is None:
        text = read_source(path, report, raw=raw)
        if text is None:
            return None
    elif len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        report.error(path, 1, 1, _("the text is over 1 MiB; a puzzle or lesson is much smaller"))
        return None
    try:
        document = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        line, column, problem = _yaml_problem(error, text)
        report.error(path, line, column, _("not valid YAML: {problem}", problem=problem))
        return None
    except yaml.YAMLError as error:
        report.error(path, 1, 1, _("not valid YAML: {problem}", problem=error))
        return None
    except RecursionError:
        report.error(path, 1, 1, _TOO_DEEP)
        return None
    if document is None:
        report.error(path, 1, 1, _("the file is empty: a puzzle starts with 'id:'"))
        return None
    return _convert(document, path, report, set(), 0)


_CLOSING = {"flow mapping": ("{", "}"), "flow sequence": ("[", "]")}


_TOO_DEEP = _("the YAML is nested far too deeply to be a puzzle")


def _yaml_problem(error: yaml.MarkedYAMLError, text: str) -> tuple[int, int, str | Message]:
    """Where a YAML mistake is, and what it is. YAML notices some mistakes only lines later,
    at the end of the file or of a bracket: a quote, a bracket or a brace left open, or a
    field name without its colon. Those are reported where they begin, the line to fix.

    >>> text = "id: a\\ntitle: 'Enter\\nlevel: 1\\n"
    >>> line, column, problem = _yaml_problem(_error(text), text)
    >>> line, column, str(problem)
    (2, 8, "the text that starts with ' here has no closing ': end it with ' where the text ends")
    """
    problem = error.problem or error.context or "not valid YAML"
    mark, context = error.problem_mark or error.context_mark, error.context_mark
    at = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    if context is None or mark is None or context.line == mark.line:
        return (*at, problem)
    start = (context.line + 1, context.column + 1)
    what = error.context or ""
    if what.endswith("a quoted scalar"):
        lines = text.splitlines()
        written = lines[context.line][context.column : context.column + 1] if lines else ""
        quote = written if written in ("'", '"') else '"'
        return (
            *start,
            _(
                "the text that starts with {quote} here has no closing {quote}: end it with "
                "{quote} where the text ends",
                quote=quote,
            ),
        )
    for kind, (opening, closing) in _CLOSING.items():
        if what.endswith(kind):
            return (
                *start,
                _(
                    "the '{opening}' here is not closed: end it with '{closing}' (and put a "
                    "text that holds ':' or ',' in quotes)",
                    opening=opening,
                    closing=closing,
                ),
            )
    if what.endswith("a simple key") and "':'" in problem:
        return (*start, _("a field name needs a ':' after it, such as 'level: 1'"))
    return (*at, problem)


def _error(text: str) -> yaml.MarkedYAMLError:
    """The error YAML raises for ``text`` (for the examples above)."""
    try:
        yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        return error
    raise AssertionError("valid YAML")


def _convert(
    node: yaml.Node, path: Path, report: Report, seen: set[int], depth: int
) -> Node | None:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    if id(node) in seen:
        report.error(
            path,
            line,
            column,
            _("YAML anchors and aliases (& and *) are not used in puzzles: write the value out"),
        )
        return None
    seen.add(id(node))
    if depth > MAX_DEPTH:
        report.error(path, line, column, _TOO_DEEP)
        return None
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            return _refuse_tag(node, path, report)
        result = Node({}, line, column)
        for key_node, value_node in node.value:
            key = _convert(key_node, path, report, seen, depth + 1)
            value = _convert(value_node, path, report, seen, depth + 1)
            if key is None or value is None:
                return None
            if key.is_mapping or key.is_list:
                report.error(path, key.line, key.column, _("a key must be a plain word or number"))
                return None
            if key.value in result.value:
                first = result.keys[key.value]
                report.error(
                    path,
                    key.line,
                    key.column,
                    _(
                        "{key} is given twice (first on line {line}): keep one",
                        key=repr(key.value),
                        line=first.line,
                    ),
                )
                return None
            result.value[key.value] = value
            result.keys[key.value] = key
        return result
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            return _refuse_tag(node, path, report)
        items = []
        for item in node.value:
            converted = _convert(item, path, report, seen, depth + 1)
            if converted is None:
                return None
            items.append(converted)
        return Node(items, line, column)
    assert isinstance(node, yaml.ScalarNode)
    if node.tag not in _PLAIN_TAGS:
        return _refuse_tag(node, path, report)
    try:
        value = _CONSTRUCTOR.construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError) as error:
        report.error(
            path,
            line,
            column,
            _("cannot read {value}: {error}", value=repr(node.value), error=error),
        )
        return None
    bad = FORBIDDEN.search(value) if isinstance(value, str) else None
    if bad is not None:  # the file's own characters were checked: this one is an escape
        char = bad.group()
        report.error(
            path,
            line,
            column,
            _(
                "the text holds {character}, {what} written as an escape: remove the "
                "character {code}",
                character=character_name(char),
                what=_what(char),
                code=_code(char),
            ),
        )
        return None
    return Node(value, line, column)


def _refuse_tag(node: yaml.Node, path: Path, report: Report) -> Node | None:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    report.error(
        path,
        line,
        column,
        _(
            "the YAML tag {tag} is not allowed: puzzles hold plain text, numbers, lists and "
            "mappings only",
            tag=repr(node.tag),
        ),
    )
    return None


_CONSTRUCTOR = yaml.SafeLoader("")
