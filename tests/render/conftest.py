"""``pytest --update-golden`` rewrites the golden SVG files instead of comparing.

Golden files change only on purpose: without the flag a difference fails the test and says how
to update them after looking at the new pictures (python -m generator.render.gallery OUT_DIR).
"""

from __future__ import annotations

import pytest


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
