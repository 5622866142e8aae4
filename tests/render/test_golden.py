"""Golden files: every gallery board, byte for byte, as reviewed in the gallery's screenshots.

A change to the drawing code that moves a single coordinate fails here. When the change is
meant, look at the gallery (``python -m generator.render.gallery OUT_DIR``), then rewrite the
files with ``pytest tests/render --update-golden`` and review the diff with the code.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.render.gallery import Example, gallery

GOLDEN = Path(__file__).parent / "golden"
RUSSIAN = ("backgammon-start", "backgammon-bear-off", "long-nardy-first-turn", "plakoto-pins")
CASES = [(example, "en") for example in gallery()] + [
    (example, "ru") for example in gallery() if example.name in RUSSIAN
]


@pytest.mark.parametrize(
    ("example", "lang"), CASES, ids=[f"{example.name}.{lang}" for example, lang in CASES]
)
def test_the_board_is_drawn_as_the_golden_file(
    example: Example, lang: str, update_golden: bool
) -> None:
    path = GOLDEN / f"{example.name}.{lang}.svg"
    svg = example.svg(lang)
    if update_golden:
        path.write_text(svg + "\n", encoding="utf-8")
        return
    assert path.is_file(), f"{path.name} is missing: run pytest tests/render --update-golden"
    expected = path.read_text(encoding="utf-8").removesuffix("\n")
    assert svg == expected, (
        f"{example.name} ({lang}) is drawn differently from {path.name}; if that is meant, "
        "look at the gallery and run pytest tests/render --update-golden"
    )


def test_every_golden_file_belongs_to_a_gallery_board() -> None:
    wanted = {f"{example.name}.{lang}.svg" for example, lang in CASES}
    found = {path.name for path in GOLDEN.glob("*.svg")}
    assert found <= wanted, f"delete the golden files of boards gone: {sorted(found - wanted)}"
