"""YAML read safely, with the line and column of every value kept for messages.

Only plain YAML is accepted: mappings, lists, strings, numbers, booleans and null. Tags that
would build other objects, anchors and aliases, duplicate keys, files over 1 MiB and nesting
deeper than any puzzle needs are refused with a message, never followed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import yaml

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


def read_yaml(path: Path, report: Report, *, text: str | None = None) -> Node | None:
    """The document in ``path`` (or ``text``), or ``None`` after reporting why it cannot be
    read."""
    if text is None:
        try:
            size = path.stat().st_size
            if size > MAX_BYTES:
                report.error(
                    path,
                    1,
                    1,
                    f"the file has {size:,} bytes; a puzzle or lesson file has at most "
                    f"{MAX_BYTES:,} (1 MiB): split it or remove what does not belong",
                )
                return None
            raw = path.read_bytes()
        except OSError as error:
            report.error(path, 1, 1, f"cannot read the file: {error.strerror}")
            return None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            line = raw[: error.start].count(b"\n") + 1
            report.error(path, line, 1, "the file is not UTF-8 text: save it as UTF-8")
            return None
    elif len(text.encode("utf-8")) > MAX_BYTES:
        report.error(path, 1, 1, "the text is over 1 MiB; a puzzle or lesson is much smaller")
        return None
    try:
        document = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = error.problem or error.context or "not valid YAML"
        report.error(path, line, column, f"not valid YAML: {problem}")
        return None
    except yaml.YAMLError as error:
        report.error(path, 1, 1, f"not valid YAML: {error}")
        return None
    except RecursionError:
        report.error(path, 1, 1, "the YAML is nested far too deeply to be a puzzle")
        return None
    if document is None:
        report.error(path, 1, 1, "the file is empty: a puzzle starts with 'id:'")
        return None
    return _convert(document, path, report, set(), 0)


def _convert(
    node: yaml.Node, path: Path, report: Report, seen: set[int], depth: int
) -> Node | None:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    if id(node) in seen:
        report.error(
            path,
            line,
            column,
            "YAML anchors and aliases (& and *) are not used in puzzles: write the value out",
        )
        return None
    seen.add(id(node))
    if depth > MAX_DEPTH:
        report.error(path, line, column, "the YAML is nested far too deeply to be a puzzle")
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
                report.error(path, key.line, key.column, "a key must be a plain word or number")
                return None
            if key.value in result.value:
                first = result.keys[key.value]
                report.error(
                    path,
                    key.line,
                    key.column,
                    f"{key.value!r} is given twice (first on line {first.line}): keep one",
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
        report.error(path, line, column, f"cannot read {node.value!r}: {error}")
        return None
    return Node(value, line, column)


def _refuse_tag(node: yaml.Node, path: Path, report: Report) -> Node | None:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    report.error(
        path,
        line,
        column,
        f"the YAML tag {node.tag!r} is not allowed: puzzles hold "
        "plain text, numbers, lists and mappings only",
    )
    return None


_CONSTRUCTOR = yaml.SafeLoader("")
