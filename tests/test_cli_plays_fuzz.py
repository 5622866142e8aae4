"""Whatever bytes a line holds, ``plays`` answers it with one UTF-8 JSON object (DESIGN.md,
"Contract: python -m generator plays"): the function that answers one raw line, fuzzed."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.plays import answer_raw_line

QUERY = {
    "variant": "backgammon",
    "position": {"mover": {"24": 2, "13": 5, "8": 3, "6": 5}, "opponent": {"1": 2, "19": 5}},
    "dice": [5, 2],
}

# Text as JSON may carry it: any code point, lone surrogates (written as \ud800 escapes) too.
TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=8) | st.sampled_from(
    ["²", "³", "𐩀", "٦", " 6 ", "BAR", "06", "1" * 5000, "\ud800", "\udcff", "\u2028", ""]
)
NUMBERS = st.integers(-3, 30) | st.sampled_from([10**20, 9 * 10**4299, -(10**4000)]) | st.floats()
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | NUMBERS | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
SIDES = st.dictionaries(TEXT | st.sampled_from(["bar", "6", "13", "24"]), NUMBERS, max_size=4)
QUERIES = st.fixed_dictionaries(
    {
        "variant": st.sampled_from(["backgammon", "plakoto", "fevga", "long-nardy"]) | TEXT,
        "position": st.fixed_dictionaries({"mover": SIDES, "opponent": SIDES}) | JSON_VALUES,
        "dice": st.lists(st.integers(0, 7), max_size=3) | JSON_VALUES,
    }
)


@st.composite
def lines(draw: st.DrawFn) -> bytes:
    """A raw input line: JSON written either way, sometimes spliced with arbitrary bytes."""
    value = draw(QUERIES | JSON_VALUES | st.just(QUERY))
    text = json.dumps(value, ensure_ascii=draw(st.booleans()))
    raw = text.encode("utf-8", "surrogatepass")  # a raw surrogate is not UTF-8: an error
    if draw(st.booleans()):
        at = draw(st.integers(0, len(raw)))
        cut = draw(st.integers(0, 3))
        raw = raw[:at] + draw(st.binary(max_size=6)) + raw[at + cut :]
    return raw + draw(st.sampled_from([b"", b"\n", b"\r\n"]))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(lines() | st.binary(max_size=64))
def test_any_line_gets_one_utf8_json_answer(raw):
    answer = answer_raw_line(raw)
    assert answer.endswith(b"\n") and answer.count(b"\n") == 1
    value = json.loads(answer.decode("utf-8"))  # strict UTF-8, then JSON
    assert isinstance(value, dict)
    assert set(value) in ({"error"}, {"count", "plays"}), value
    if "error" in value:
        assert value["error"] and not value["error"].startswith("internal error"), value
        assert len(value["error"]) <= 1000
    else:
        assert value["count"] == len(value["plays"])
