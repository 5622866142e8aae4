"""The ``plays`` command as a program: bytes in, one UTF-8 JSON line out per line, under any
locale, for any bytes, with bounded memory (DESIGN.md, "Contract: python -m generator plays")."""

from __future__ import annotations

import json
import locale
import os
import select
import subprocess
import sys
import threading
from pathlib import Path

import pytest

LINE_LIMIT = 1024 * 1024
"""The longest line the command reads (generator.plays.LINE_LIMIT; checked below)."""
ROOT = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, "-m", "generator", "plays"]

START = json.dumps(
    {
        "variant": "backgammon",
        "position": {
            "mover": {"bar": 0, "24": 2, "13": 5, "8": 3, "6": 5},
            "opponent": {"bar": 0, "1": 2, "12": 5, "17": 3, "19": 5},
        },
        "dice": [5, 2],
    }
).encode()


def _locale_exists(name: str) -> bool:
    saved = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, name)
    except locale.Error:
        return False
    finally:
        locale.setlocale(locale.LC_CTYPE, saved)
    return True


ENVIRONMENTS = [
    pytest.param({"LC_ALL": "C"}, id="LC_ALL=C"),
    pytest.param({"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}, id="C-no-utf8"),
    pytest.param({"LC_ALL": "C.UTF-8"}, id="C.UTF-8"),
    pytest.param(
        {"LC_ALL": "en_US.UTF-8"},
        id="en_US.UTF-8",
        marks=pytest.mark.skipif(not _locale_exists("en_US.UTF-8"), reason="no en_US.UTF-8"),
    ),
    pytest.param({"PYTHONIOENCODING": "utf-8"}, id="PYTHONIOENCODING=utf-8"),
    pytest.param({"PYTHONIOENCODING": "ascii:strict"}, id="PYTHONIOENCODING=ascii"),
    pytest.param({"PYTHONIOENCODING": "latin-1"}, id="PYTHONIOENCODING=latin-1"),
]

# Each line and what its answer says: (bytes, "count" or words of the error).
LINES = [
    (b"{}", "no variant"),
    (b"\xff", "not UTF-8 text: at byte 1 (ff)"),
    (START, "count"),
    (b'{"variant": "backgammon", "position": {"mover": {"\xff\xfe": 1}}}', "not UTF-8 text"),
    (b'{"variant": "backgammon", "dice": [1, 2], "position": {"\\ud800": 1}}', "\\ud800"),
    (
        b'{"variant": "backgammon", "dice": [1, 2], "position": {"\xed\xa0\x80": 1}}',
        "at byte 57 (ed)",
    ),
    ('{"variant": "Портес!", "dice": [1, 2], "position": {}}'.encode(), "'Портес!'"),
    (START.replace(b'"6": 5', '"²": 5'.encode()), "'²' is not a point"),
    (b'{"dice": [' + b"1" * 5000 + b"]}", "more than 4300 digits"),
    (b"   ", "empty line"),
    (b"[" * 100_000, "nested too deeply"),
    (START.replace(b"\n", b"") + b"\r", "count"),
]


def _environment(extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHON", "LANG"))}
    return {**env, **extra}


def _check(stdout: bytes, expected: list[str]) -> None:
    answers = stdout.split(b"\n")
    assert answers.pop() == b"", "the last answer ends its line"
    assert len(answers) == len(expected)
    for raw, words in zip(answers, expected, strict=True):
        answer = json.loads(raw.decode("utf-8"))  # strict UTF-8, then JSON
        assert isinstance(answer, dict)
        if words == "count":
            assert answer["count"] == 8, answer
        else:
            assert words in answer["error"], (words, answer)


@pytest.mark.parametrize("extra", ENVIRONMENTS)
def test_every_line_gets_one_utf8_answer_under_any_locale(extra):
    source = b"\n".join(line for line, _ in LINES) + b"\n"
    run = subprocess.run(
        COMMAND, input=source, capture_output=True, cwd=ROOT, env=_environment(extra), check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == b""
    _check(run.stdout, [words for _, words in LINES])


def test_the_byte_that_is_not_utf8_is_named():
    from generator.plays import answer_raw_line

    answer = json.loads(answer_raw_line(b'{"a": 1}\xc3(\n'))
    assert answer == {
        "error": "the line is not UTF-8 text: at byte 9 (c3), invalid continuation byte; "
        "write queries in UTF-8"
    }


def test_the_last_line_needs_no_newline():
    run = subprocess.run(COMMAND, input=b"{}\n" + START, capture_output=True, cwd=ROOT, check=False)
    _check(run.stdout, ["no variant", "count"])


def _read_answer(stream, timeout: float = 60.0) -> bytes:
    """One answer line, or a failure if none comes within ``timeout`` seconds."""
    data = b""
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([stream], [], [], timeout)
        assert ready, f"no answer within {timeout} s; got {data!r}"
        chunk = os.read(stream.fileno(), 65536)
        assert chunk, f"the command ended; got {data!r}"
        data += chunk
    assert data.count(b"\n") == 1, "one answer per line, no more"
    return data


def test_a_client_reads_each_answer_before_writing_the_next_line():
    with subprocess.Popen(
        COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, bufsize=0
    ) as child:
        for line, words in [*LINES, (START, "count")]:
            child.stdin.write(line + b"\n")
            _check(_read_answer(child.stdout), [words])
        child.stdin.close()
        assert child.stdout.read() == b""
        assert child.wait(timeout=60) == 0


def test_a_fifty_megabyte_line_is_refused_with_bounded_memory():
    size = 50 * 1024 * 1024
    # The child reports its own peak (VmHWM, reset by exec): the rusage of a child forked from
    # pytest counts pytest's own memory too.
    measured = [
        sys.executable,
        "-c",
        "import atexit, runpy, sys\n"
        "atexit.register(lambda: sys.stderr.write(next(\n"
        "    line for line in open('/proc/self/status') if line.startswith('VmHWM'))))\n"
        "sys.argv = ['generator', 'plays']\n"
        "runpy.run_module('generator', run_name='__main__')\n",
    ]
    child = subprocess.Popen(
        measured, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT
    )

    def feed() -> None:
        chunk = b"7" * (1024 * 1024)
        child.stdin.write(b'{"variant": "')
        for _ in range(size // len(chunk)):
            child.stdin.write(chunk)
        child.stdin.write(b'"}\n' + START + b"\n")
        child.stdin.close()

    feeder = threading.Thread(target=feed)
    feeder.start()
    stdout = child.stdout.read()
    feeder.join()
    peak = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0
    child.stdout.close()
    child.stderr.close()
    first, second = (json.loads(line) for line in stdout.splitlines())
    assert first == {
        "error": f"the line is {size + 15:,} bytes; a query is at most {LINE_LIMIT:,} bytes"
    }
    assert second["count"] == 8
    kib = int(peak.split()[1])  # "VmHWM:   17000 kB"
    assert kib < 100 * 1024, f"peak memory {kib} KiB"


def test_a_line_just_at_the_limit_is_read_and_one_byte_more_is_not():
    import io

    from generator import plays

    assert plays.LINE_LIMIT == LINE_LIMIT
    run_plays = plays.run_plays
    padded = START + b" " * (LINE_LIMIT - len(START))
    sink = io.BytesIO()
    run_plays(io.BytesIO(padded + b"\n" + padded + b" \n{}"), sink)
    first, second, third = (json.loads(line) for line in sink.getvalue().splitlines())
    assert first["count"] == 8
    assert second == {
        "error": f"the line is {LINE_LIMIT + 1:,} bytes; a query is at most {LINE_LIMIT:,} bytes"
    }
    assert "no variant" in third["error"]


def test_an_unexpected_exception_is_an_internal_error_and_the_run_goes_on():
    import io

    from generator.plays import run_plays

    def broken(line: str) -> str:
        if "boom" in line:
            raise KeyError("boom")
        return '{"count": 0, "plays": []}'

    sink = io.BytesIO()
    assert run_plays(io.BytesIO(b'"boom"\n{}\n'), sink, answer_line=broken) == 0
    first, second = (json.loads(line) for line in sink.getvalue().splitlines())
    assert first["error"].startswith("internal error: KeyError at test_cli_plays_stream.py:")
    assert "'boom'" in first["error"]
    assert second == {"count": 0, "plays": []}
