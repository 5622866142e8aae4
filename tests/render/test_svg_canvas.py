"""The canvas under every board, and the board's stylesheet: inline in a standalone picture,
once in the site's stylesheet for the boards of its pages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest

from generator.engine import VARIANTS, Cube, find_variant, parse_play
from generator.render import board_svg
from generator.render.svg import Canvas
from generator.render.theme import BOARD_STYLE
from generator.site.generate import board
from generator.site.plugin import STYLESHEETS, asset_texts

from .helpers import SVG, parse

BACKGAMMON = find_variant("backgammon")
STYLE = re.compile(r"<style\b[^>]*>.*?</style>", re.DOTALL)


def full_board(lang: str = "en", **options: object) -> str:
    """A board with every kind of drawing on it, and a title that needs escaping."""
    position = BACKGAMMON.start()
    steps = parse_play(position, (6, 5), "24/13").steps
    return board_svg(
        position,
        dice=(6, 5),
        cube=Cube(2, "mover"),
        arrows=steps,
        highlights=[(13, "destination"), (24, "source")],
        marked=[8],
        labels={6: "a & <b>"},
        lang=lang,
        title='"Quotes" & <tags>\nover two lines',
        **options,  # type: ignore[arg-type]
    )


# --- the board's stylesheet ---------------------------------------------------------------------


def test_a_standalone_board_carries_its_own_style() -> None:
    svg = full_board()
    style = parse(svg).find(f"{SVG}style")
    assert style is not None and style.text == BOARD_STYLE


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_board_for_the_site_is_the_standalone_one_without_its_style(lang: str) -> None:
    standalone, for_site = full_board(lang), full_board(lang, standalone=False)
    assert "<style" not in for_site
    assert STYLE.sub("", standalone, count=1) == for_site
    assert len(standalone) - len(for_site) > 3000  # the 3 KB each inline board no longer repeats


def test_the_site_draws_the_boards_of_its_pages_without_their_style() -> None:
    for variant in VARIANTS.values():
        drawn = board(variant.start(), dice=(3, 1), lang="ru")
        assert "<style" not in drawn
        assert drawn == board_svg(variant.start(), dice=(3, 1), lang="ru", standalone=False)


def test_the_sites_stylesheet_carries_every_rule_a_board_of_its_pages_leaves_out() -> None:
    css = asset_texts()["assets/tabula-styles.css"]
    assert "assets/tabula-styles.css" in STYLESHEETS  # linked from every page of the site
    assert BOARD_STYLE in css
    # ... besides the dark and print palettes, which set the properties those rules read.
    assert '[data-md-color-scheme="slate"] .tb-board' in css and "@media print" in css
    for selector in re.findall(r"([^{}]+)\{", BOARD_STYLE):
        assert selector.startswith(".tb-board"), selector  # nothing outside a board


# --- the canvas writes svgwrite's XML as ElementTree would ---------------------------------------


def test_the_canvas_writes_exactly_what_elementtree_writes() -> None:
    canvas = Canvas(120, 80, {"class": "demo", "data-note": 'a "quoted" & <odd>\n\tvalue'})
    group = canvas.group(canvas.root, {"class": "point", "data-count": 7})
    canvas.circle(group, 10, 20, 5, {"class": "x"})
    canvas.rect(group, 1, 2, 3, 4, {"rx": 2})
    canvas.path(canvas.root, "M0 0L10 10Z")
    canvas.text(canvas.root, 50, 25, "<b> & 1 > 0")
    canvas.describe("A title & more", "A description <with> markup")
    canvas.style(".demo circle{fill:red}")
    written = canvas.tostring()
    assert written == canvas.tostring_by_svgwrite()
    root = ElementTree.fromstring(written)
    assert root.get("data-note") == 'a "quoted" & <odd>\n\tvalue'
    assert [child.tag.removeprefix(SVG) for child in root] == [
        "title",
        "desc",
        "g",
        "path",
        "text",
        "style",
    ]


def test_the_picture_is_a_plain_svg_element() -> None:
    """svgwrite's <svg> container, not its Drawing: no <defs>, no profile, no version, no
    namespaces that nothing uses."""
    svg = full_board()
    head = svg[: svg.index(">") + 1]
    assert head == (
        '<svg class="tb-board" data-variant="backgammon" lang="en" role="img" '
        'viewBox="0 0 692 594" xmlns="http://www.w3.org/2000/svg">'
    )
    assert "<defs" not in svg and "baseProfile" not in svg and "xmlns:" not in svg


def test_the_empty_board_is_drawn_once_and_shared_by_every_picture_of_its_look() -> None:
    drawn: list[int] = []

    def draw(group: object) -> None:
        drawn.append(1)
        Canvas(1, 1, {}).circle(group, 1, 2, 3)

    pictures = []
    for _ in range(3):
        canvas = Canvas(10, 10, {"class": "demo"})
        canvas.reuse(canvas.root, ("test look", id(draw)), {"class": "board"}, draw)
        canvas.circle(canvas.root, 5, 5, 1)
        pictures.append(canvas.tostring())
        assert pictures[-1] == canvas.tostring_by_svgwrite()
    assert len(drawn) == 1
    assert pictures[0] == pictures[1] == pictures[2]
    assert '<g class="board"><circle cx="1" cy="2" r="3" /></g><circle' in pictures[0]
