"""The gallery page, the site's board stylesheet and the render bench."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.bench.render import bench_render, print_render_bench
from generator.engine import VARIANTS
from generator.render.gallery import gallery, gallery_html, main, write_gallery
from generator.render.theme import BOARD_STYLE, LIGHT, board_css


def test_the_gallery_shows_every_variant_and_every_annotation() -> None:
    examples = gallery()
    assert {e.position.variant.key for e in examples} == set(VARIANTS)
    assert {f"{key}-start" for key in VARIANTS} <= {e.name for e in examples}
    used = {option for e in examples for option in e.options}
    assert used == {
        "dice",
        "cube",
        "arrows",
        "highlights",
        "marked",
        "labels",
        "mirrored",
        "both_numbers",
    }
    kinds = {h.kind for e in examples for h in e.options.get("highlights", ())}
    assert kinds == {"destination", "source", "closed", "block"}
    steps = [s for e in examples for s in e.options.get("arrows", ())]
    assert any(s.hit for s in steps) and any(s.pin for s in steps)
    assert any(e.position.opponent_pinned for e in examples)
    assert all(e.caption["en"] and e.caption["ru"] for e in examples)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gallery_page_holds_every_board_and_a_theme_switch(lang: str) -> None:
    page = gallery_html(lang)
    assert page.startswith("<!doctype html>") and f'<html lang="{lang}"' in page
    assert page.count("<svg ") == len(gallery())
    assert 'id="theme"' in page and '[data-theme="dark"] .tb-board' in page
    for example in gallery():
        assert f'id="{example.name}"' in page


def test_the_gallery_is_written_for_each_language(tmp_path: Path) -> None:
    assert main([str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gallery.en.html", "gallery.ru.html"]
    assert write_gallery(tmp_path / "again")[0].read_text(encoding="utf-8") == gallery_html("en")
    assert main([]) == 2
    with pytest.raises(ValueError, match="en, ru"):
        gallery_html("de")


def test_the_stylesheet_sets_every_colour_for_dark_and_print() -> None:
    css = board_css()
    for name in LIGHT:
        assert f"--tb-{name}," in BOARD_STYLE, name
    dark, printed = css.split("@media print")
    for name in LIGHT:
        if name != "point-edge":
            assert f"--tb-{name}:" in dark, name
        assert f"--tb-{name}:" in printed, name
    assert '[data-md-color-scheme="slate"] .tb-board' in dark


def test_the_embedded_style_is_scoped_to_the_board() -> None:
    for rule in re.findall(r"([^{}]+)\{", BOARD_STYLE):
        assert all(s.startswith(".tb-board") for s in rule.split(",")), rule


def test_the_render_bench_measures_speed_and_size(capsys: pytest.CaptureFixture[str]) -> None:
    figures = bench_render(8, seed=1)
    assert figures["boards"] == 8 + 2 * len(gallery())
    assert 0 < figures["median_bytes"] <= figures["largest_bytes"] < 16_000
    print_render_bench(4, seed=2)
    out = capsys.readouterr().out
    assert "boards per second" in out and "median" in out and "largest" in out
