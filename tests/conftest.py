"""Options for the whole test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/render/golden/*.svg from the current drawing code (look at the "
        "gallery first: python -m generator.render.gallery OUT_DIR)",
    )
