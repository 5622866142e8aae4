"""The widget's unit tests (tests/widget/js) play what the engine and the page code make now:
their puzzles' data (tests/widget/js/puzzles.json) is written by ``tests.widget.js_fixtures``."""

from __future__ import annotations

from tests.widget.js_fixtures import FIXTURES, text


def test_the_js_tests_puzzles_are_the_pages_data_of_today() -> None:
    assert FIXTURES.read_text(encoding="utf-8") == text(), (
        "the widget's data changed: write tests/widget/js/puzzles.json again with "
        "`.venv/bin/python -m tests.widget.js_fixtures` and check what the JS tests say"
    )
