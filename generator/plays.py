"""The ``plays`` contract (DESIGN.md): ``python -m generator plays`` reads JSON lines (variant,
position, dice) and answers each with one line: its legal plays, or ``{"error": ...}``.

:func:`answer_line` answers one query; :func:`run_plays` reads a stream of them and writes the
answers; :func:`serve` is the command itself, standard input to standard output.
"""

from __future__ import annotations

import json
import re
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO, TextIO, cast

from .engine import EngineError, Position, check_dice, find_variant
from .engine.board import BAR, POINTS, Side
from .engine.jsonform import position_from_json, short_repr
from .engine.plain import plain_boards


def answer_line(line: str) -> str:
    """The ``plays`` contract for one input line: the legal plays, or ``{"error": ...}``.

    >>> answer_line('{"variant": "backgammon", "dice": [6, 6], '
    ...             '"position": {"mover": {"bar": 2}, "opponent": {"19": 2, "18": 2}}}')
    '{"count": 0, "plays": []}'
    >>> answer_line('{"variant": "backgammon", "dice": [7, 1], "position": {}}')
    '{"error": "a die shows 1 to 6; got 7 in [7, 1]"}'
    """
    try:
        query = json.loads(line)
    except json.JSONDecodeError as error:
        return error_json(f"not valid JSON: {error.msg} at column {error.colno}")
    except RecursionError:
        return error_json(_TOO_DEEP)
    except ValueError:  # json reads no integer longer than sys.get_int_max_str_digits()
        return error_json(
            f"not valid JSON here: a number has more than {sys.get_int_max_str_digits()} "
            "digits (counts are 0..15, dice 1..6)"
        )
    try:
        return _answer(query)
    except EngineError as error:
        return error_json(str(error))
    except RecursionError:  # writing a deeply nested value back into a message
        return error_json(_TOO_DEEP)


_TOO_DEEP = "not valid JSON here: nested too deeply"


def _answer(query: Any) -> str:
    if not isinstance(query, dict):
        raise EngineError('each line is an object: {"variant": ..., "position": ..., "dice": ...}')
    missing = [field for field in ("variant", "position", "dice") if field not in query]
    if missing:
        raise EngineError(
            f"the query has no {', '.join(missing)}; each line needs "
            '"variant", "position" and "dice"'
        )
    if not isinstance(query["variant"], str):
        raise EngineError('"variant" is a name such as "backgammon"')
    # "rules", optional: a table-rule preset of the variant; without it, the variant's own.
    rules = query.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise EngineError(
            f'"rules" is the name of a preset, such as "greek" for portes; got {short_repr(rules)}'
        )
    variant = find_variant(query["variant"], rules=rules)
    dice = query["dice"]
    if not isinstance(dice, list):
        raise EngineError(f'"dice" is a list of two dice, such as [5, 2]; got {short_repr(dice)}')
    roll = check_dice(dice)
    position = position_from_json(variant, query["position"])
    boards = plain_boards(position, roll)
    if boards is not None:  # a plain turn: straight from the search's boards
        rows = [(*board, "[]") for board in boards]
    else:
        rows = [
            (play.notation, play.position.mover, play.position.opponent, _pins_json(play.position))
            for play in position.turn(roll).plays  # sorted by notation, as the contract lists
        ]
    return plays_json(rows, variant.has_bar)


# Characters a message must not carry as they are: lone surrogates (a JSON escape such as
# "\ud800" makes one) cannot be written as UTF-8, and line separators split a line for some
# readers.
_UNWRITABLE = re.compile(r"[\ud800-\udfff\x85\u2028\u2029]")
_MESSAGE_LIMIT = 1000


def error_json(message: str) -> str:
    """The contract's error answer: ``{"error": message}``, with every character that cannot be
    written as it is escaped, and cut to at most 1,000 characters.

    >>> print(error_json("unknown position field \\ud800"))
    {"error": "unknown position field \\\\ud800"}
    """
    if not message.isascii():
        message = _UNWRITABLE.sub(lambda m: m[0].encode("unicode_escape").decode(), message)
    if len(message) > _MESSAGE_LIMIT:  # the engine's messages echo what they were given
        left_out = len(message) - 800
        message = f"{message[:600]} [... {left_out:,} characters left out ...] {message[-200:]}"
    return json.dumps({"error": message}, ensure_ascii=False)


def plays_json(rows: Iterable[tuple[str, Side, Side, str]], has_bar: bool) -> str:
    """The contract's answer line for ``(notation, mover after, opponent after, pinned as
    JSON)`` rows, in their order.

    Written by hand rather than with :func:`json.dumps`: this is the engine's hot path. Most
    plays of a turn leave the opponent's side as it was, so each opponent side is written once.

    >>> mover, opponent = (0,) * 20 + (1, 0, 0, 0, 0, 0), (14, 1) + (0,) * 24
    >>> plays_json([("bar/20", mover, opponent, "[]")], has_bar=True)
    '{"count": 1, "plays": [{"notation": "bar/20", "position": {"mover": {"bar": 0, "20": 1}, \
"opponent": {"bar": 0, "1": 1}, "pinned": []}}]}'
    """
    written: dict[Side, str] = {}
    entries = []
    for notation, mover, opponent, pins in rows:
        opponent_text = written.get(opponent)
        if opponent_text is None:
            opponent_text = written[opponent] = side_json(opponent, has_bar)
        entries.append(
            f'{{"notation": "{notation}", "position": {{"mover": {side_json(mover, has_bar)}, '
            f'"opponent": {opponent_text}, "pinned": {pins}}}}}'
        )
    return f'{{"count": {len(entries)}, "plays": [{", ".join(entries)}]}}'


def _pins_json(position: Position) -> str:
    if not (position.mover_pinned or position.opponent_pinned):
        return "[]"
    return json.dumps(position.pinned_json())


# '"24": 2, ' and the like, made once, points from 24 down; a side is written by joining them.
_BAR_TEXT = [f'"bar": {count}, ' for count in range(16)]
_POINT_TEXT = [
    [f'"{point}": {count}, ' if count else "" for count in range(16)] for point in POINTS[::-1]
]


def side_json(counts: Side, has_bar: bool) -> str:
    """One side of a position as the contract writes it: ``{"bar": 0, "24": 2, ...}``.

    >>> side_json((13,) + (0,) * 5 + (2,) + (0,) * 19, has_bar=True)
    '{"bar": 0, "6": 2}'
    >>> side_json((15,) + (0,) * 25, has_bar=False)
    '{}'
    """
    text = "".join(map(list.__getitem__, _POINT_TEXT, counts[24:0:-1]))
    if has_bar:
        text = _BAR_TEXT[counts[BAR]] + text
    return "{" + text[:-2] + "}"


LINE_LIMIT = 1 << 20
"""The longest line ``plays`` reads, in bytes: 1 MiB (a query is a few hundred bytes)."""
_SKIP_CHUNK = 1 << 16
_EMPTY_LINE = error_json("empty line: expected a JSON object")


def answer_raw_line(raw: bytes, answer_line: Callable[[str], str] = answer_line) -> bytes:
    """What ``plays`` writes for one line as read, with or without its line ending: one JSON
    object in UTF-8, ending its line. Any failure is an error answer, never a crash.

    >>> answer_raw_line(b'{"variant": "portes", "dice": [1, 1], '
    ...                 b'"position": {"mover": {}, "opponent": {"6": 1}}}\\n')
    b'{"count": 0, "plays": []}\\n'
    >>> answer_raw_line(b'{"variant": "portes\\xff"}\\n')
    b'{"error": "the line is not UTF-8 text: at byte 20 (ff), invalid start byte; write \
queries in UTF-8"}\\n'
    """
    try:
        text = raw.decode()
    except UnicodeDecodeError as error:
        answer = error_json(
            f"the line is not UTF-8 text: at byte {error.start + 1} "
            f"({raw[error.start : error.end].hex(' ')}), {error.reason}; write queries in UTF-8"
        )
    else:
        text = text.strip()
        try:
            return ((answer_line(text) if text else _EMPTY_LINE) + "\n").encode()
        except Exception as error:  # a bug, not the line's fault: say so, and go on
            answer = error_json(_internal_error(error))
    return (answer + "\n").encode()  # error_json's text always encodes


def _internal_error(error: Exception) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return (
        f"internal error: {type(error).__name__}{where}: {short_repr(str(error))}; this is a "
        "bug in Tabula, not in the line: please report it with the line"
    )


def _lines(reader: BinaryIO, limit: int) -> Iterator[bytes | int]:
    """Each line of ``reader`` as it comes (never waiting for the next), or for a line over
    ``limit`` bytes its length: the rest of such a line is read in chunks and dropped."""
    while line := reader.readline(limit + 1):
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        size = len(line)
        while not line.endswith(b"\n") and (line := reader.readline(_SKIP_CHUNK)):
            size += len(line)
        yield size - line.endswith(b"\n")


def run_plays(
    source: BinaryIO | TextIO,
    sink: BinaryIO | TextIO,
    answer_line: Callable[[str], str] = answer_line,
    *,
    limit: int = LINE_LIMIT,
) -> int:
    """Answer every line of ``source`` on ``sink``, flushing each answer for tools that wait.

    Both are byte streams, or text streams over one (``sys.stdin``): the bytes are read and
    written as UTF-8 whatever the locale. Returns 0 when ``source`` ends, 2 when ``sink`` cannot
    be written; raises ``BrokenPipeError`` when the client has stopped reading, and ``OSError``
    when ``source`` cannot be read. (The bench passes another ``answer_line`` to time GNU
    Backgammon the same way.)
    """
    reader = cast(BinaryIO, getattr(source, "buffer", source))
    sink.flush()
    writer = cast(BinaryIO, getattr(sink, "buffer", sink))
    for line in _lines(reader, limit):
        if isinstance(line, bytes):
            answer = answer_raw_line(line, answer_line)
        else:
            answer = (
                error_json(f"the line is {line:,} bytes; a query is at most {limit:,} bytes") + "\n"
            ).encode()
        try:
            writer.write(answer)
            writer.flush()
        except BrokenPipeError:  # the client stopped reading: python -m generator ends quietly
            raise
        except OSError as error:
            print(f"generator plays: cannot write standard output: {error}", file=sys.stderr)
            return 2
    return 0


def serve() -> int:
    """The ``plays`` command: every line of standard input answered on standard output.

    Returns 0 when the input ends, 2 when a stream is closed or fails (said on standard error);
    ``BrokenPipeError`` goes on to ``python -m generator``, which ends quietly.
    """
    if sys.stdin is None or sys.stdout is None:  # started with the stream closed
        closed = "read standard input" if sys.stdin is None else "write standard output"
        print(f"generator plays: cannot {closed}: it is closed", file=sys.stderr)
        return 2
    try:
        return run_plays(sys.stdin, sys.stdout)
    except BrokenPipeError:  # not a read error: __main__ ends quietly
        raise
    except OSError as error:
        print(f"generator plays: cannot read standard input: {error}", file=sys.stderr)
        return 2
