"""The puzzle page on a laptop and on a phone: what is in view at once (by bounding boxes), the
size of each place's target, a checker dragged to its destination, a tap that does nothing
saying why, the cube on the cube puzzles, and the answer forms' small manners (Enter checks,
lists start empty, one primary button).

A test repeated over pages, window sizes or languages takes one of them in ``make test``, in
turn, and all of them in ``make test-deep``; the tests marked ``deep`` alone say which test
of ``make test`` checks the same."""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from generator.engine import Cube
from generator.puzzles.model import CubeTask, ResultTask
from generator.render.pages import board_cube
from tests.conftest import in_turn

from .conftest import WINDOW, Site, Tab, watched

pytestmark = pytest.mark.browser

LAPTOPS = [(1280, 800), (1366, 768)]
LAPTOP_PAGES = {
    "play": "puzzles/bg-bar-enter-first/",
    "play-russian": "ru/puzzles/bg-bar-enter-first/",
    "cube-russian": "ru/puzzles/tm-cube-take/",
}
PHONE = (360, 780)


@pytest.fixture
def sized(tab: Tab, browser: Browser, site: Site) -> Iterator[Any]:
    """Opens a puzzle page in a window of a given size and colour scheme: the package's page
    resized, or for a touch screen (a context's option) a page of a context of its own."""
    with contextlib.ExitStack() as own:

        def open_page(
            path: str, width: int, height: int, scheme: str = "light", touch: bool = False
        ) -> Tab:
            if touch:
                context = WINDOW.new_context(
                    browser,
                    viewport={"width": width, "height": height},
                    color_scheme=scheme,
                    has_touch=True,
                    is_mobile=True,
                )
                own.callback(context.close)
                opened = own.enter_context(watched(Tab(context.new_page(), site)))
            else:
                opened = tab
                tab.page.set_viewport_size({"width": width, "height": height})
                tab.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            opened.open(path)
            return opened

        yield open_page


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return {
        "left": found["x"],
        "top": found["y"],
        "right": found["x"] + found["width"],
        "bottom": found["y"] + found["height"],
        "width": found["width"],
        "height": found["height"],
    }


PARTS = {
    "board": ".tabula-puzzle .tabula-board svg",
    "question": ".tabula-puzzle .tabula-prompt",
    "controls": ".tabula-puzzle .tw-controls",
    "message": ".tabula-puzzle .tabula-status",
}


def in_view(page: Page, width: int, height: int) -> dict[str, dict[str, float]]:
    """The bounding boxes of the page's parts, each checked to lie inside the window."""
    assert page.evaluate("window.scrollY") == 0
    boxes = {name: box(page, selector) for name, selector in PARTS.items()}
    for name, found in boxes.items():
        assert found["left"] >= 0 and found["right"] <= width, (name, found)
        assert found["top"] >= 0 and found["bottom"] <= height, (name, found)
    return boxes


# The layout -------------------------------------------------------------------------------------


# make test: the Russian cube's form in the shorter window.
@in_turn(
    "path, width, height",
    [(path, *size) for path, size in itertools.product(LAPTOP_PAGES.values(), LAPTOPS)],
    5,
    ids=[f"{page}-{w}x{h}" for page, (w, h) in itertools.product(LAPTOP_PAGES, LAPTOPS)],
)
def test_on_a_laptop_board_question_controls_and_message_are_in_view_at_once(
    sized: Any, path: str, width: int, height: int
) -> None:
    tab = sized(path, width, height)
    if "tm-cube-take" in path:
        tab.button("check")  # a message: nothing chosen is not the answer
    else:
        tab.place("13")  # a message: the checker on the bar enters first
    expect(tab.status).not_to_be_empty()
    boxes = in_view(tab.page, width, height)
    board = boxes["board"]
    # The board beside the panel, and big enough to play on.
    for name in ("question", "controls", "message"):
        assert boxes[name]["left"] >= board["right"], name
    assert board["height"] >= 0.6 * height
    assert boxes["question"]["bottom"] <= boxes["controls"]["top"]
    assert boxes["controls"]["bottom"] <= boxes["message"]["top"]


def test_on_a_phone_the_question_is_above_a_full_width_board_and_the_message_under_it(
    sized: Any,
) -> None:
    width, height = PHONE
    tab = sized("puzzles/bg-bar-enter-first/", width, height)
    tab.place("13")
    expect(tab.status).not_to_be_empty()
    question, board = box(tab.page, PARTS["question"]), box(tab.page, PARTS["board"])
    message, controls = box(tab.page, PARTS["message"]), box(tab.page, PARTS["controls"])
    assert question["bottom"] <= board["top"]
    assert board["left"] <= 0.5 and board["right"] >= width - 0.5, board
    assert 0 <= message["top"] - board["bottom"] <= 24, (board, message)
    assert message["bottom"] <= controls["top"]
    # The message begins in view, whatever its length.
    assert message["top"] + 40 <= height, "the message is seen without scrolling"
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= width


# Targets ---------------------------------------------------------------------------------------


def boxes(page: Page, selector: str) -> dict[str, dict[str, float]]:
    """The bounding boxes of what ``selector`` finds, by place (the first of each), in one
    look."""
    found = page.eval_on_selector_all(
        selector,
        "nodes => nodes.map(n => { const r = n.getBoundingClientRect();"
        " return [n.dataset.point, r.left, r.top, r.right, r.bottom]; })",
    )
    shown: dict[str, dict[str, float]] = {}
    for place, left, top, right, bottom in found:
        shown.setdefault(
            place,
            {
                "left": left,
                "top": top,
                "right": right,
                "bottom": bottom,
                "width": right - left,
                "height": bottom - top,
            },
        )
    return shown


TARGET_PAGES = {
    "backgammon": ("puzzles/bg-bar-enter-first/", True),
    "long-nardy": ("puzzles/ln-bear-off-gate/", False),
}
"""A board with a bar and one without: the page, and whether the bar is a place."""


# make test: the narrowest phone, on the board with a bar (the most columns).
@in_turn(
    "path, bar, width",
    [(*page, width) for page in TARGET_PAGES.values() for width in (320, 360)],
    0,
    ids=[f"{name}-{width}" for name in TARGET_PAGES for width in (320, 360)],
)
def test_each_points_target_is_its_whole_column(
    sized: Any, width: int, path: str, bar: bool
) -> None:
    """A point's target is its half of the board, as wide as the point and as tall as the
    half, not the tapering triangle, and at least 24 px wide on the narrowest phone: 12 points
    share a row with the bar and the tray, which are narrower columns but as tall as the
    board."""
    tab = sized(path, width, 700)
    found = boxes(tab.page, ".tabula-puzzle svg .tw-targets [data-point]")
    triangles = boxes(tab.page, ".tabula-puzzle svg g.board .point[data-point]")
    places = ("bar", "off") if bar else ("off",)
    assert set(found) == {str(p) for p in range(1, 25)} | set(places)
    for point in range(1, 25):
        target, triangle = found[str(point)], triangles[str(point)]
        assert target["width"] >= 24, (point, target)
        assert target["width"] >= triangle["width"] - 0.5
        assert target["left"] <= triangle["left"] + 0.5
        assert target["right"] >= triangle["right"] - 0.5
        assert target["height"] >= triangle["height"], (point, target, triangle)
    for place in places:
        assert found[place]["width"] >= 13, (place, found[place])
        assert found[place]["height"] >= 2 * found["1"]["height"], (place, found[place])


@pytest.mark.deep  # make test: a finger's tap beside the tip in test_a_finger_drags_a_checker_...
def test_a_tap_beside_a_tip_picks_the_point(sized: Any) -> None:
    tab = sized("puzzles/bg-higher-die/", 360, 780)
    target = box(tab.page, '.tabula-puzzle svg .tw-targets [data-point="13"]')
    # Near the bottom of the 13-point's column, beside the triangle's tip: felt, not point.
    tab.page.mouse.click(target["left"] + 2, target["bottom"] - 4)
    expect(tab.status).to_contain_text("Picked a checker on the 13-point")


# Dragging ---------------------------------------------------------------------------------------


def centre(page: Page, selector: str) -> tuple[float, float]:
    found = box(page, selector)
    return found["left"] + found["width"] / 2, found["top"] + found["height"] / 2


def drag(page: Page, start: str, end: str) -> None:
    x, y = centre(page, f'.tabula-puzzle svg > g.checker.mover[data-point="{start}"] circle')
    to_x, to_y = centre(page, f'.tabula-puzzle svg .tw-targets [data-point="{end}"]')
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move((x + to_x) / 2, (y + to_y) / 2, steps=4)
    expect(page.locator(".tabula-puzzle .tw-dragged")).to_have_count(1)
    page.mouse.move(to_x, to_y, steps=4)
    page.mouse.up()


def test_a_drag_plays_its_step_or_keeps_the_checker_and_a_tap_that_does_nothing_says_why(
    sized: Any,
) -> None:
    tab = sized("puzzles/bg-higher-die/", 1280, 800)
    expect_one_primary(tab, "tw-done")
    # A tap that does nothing says why.
    tab.place("7")  # no checker of the mover's there
    expect(tab.status).to_have_text("You have no checker on the 7-point.")
    board = box(tab.page, PARTS["board"])
    tab.page.mouse.click(board["left"] + board["width"] / 2, board["bottom"] - 3)  # the caption
    expect(tab.status).to_contain_text("Tap or click one of your checkers")
    expect(tab.root).not_to_have_attribute("data-selected", re.compile("."))
    # A checker dropped back where it was stays picked: a click on it puts it back.
    drag(tab.page, "13", "13")
    expect(tab.root).to_have_attribute("data-selected", "13")
    tab.place("13")
    expect(tab.status).to_have_text("Checker put back.")
    expect(tab.root).not_to_have_attribute("data-selected", re.compile("."))
    # A checker dragged to its destination plays the step.
    drag(tab.page, "13", "9")  # the 4 would leave no legal play: refused, as a click would be
    expect(tab.status).to_contain_text("13/9 is not allowed")
    expect(tab.page.locator(".tabula-puzzle .tw-dragged")).to_have_count(0)
    assert tab.counts()["13"] == 1
    drag(tab.page, "13", "7")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    assert "13" not in tab.counts() and tab.counts()["7"] == 1
    assert not tab.errors, tab.errors


def test_a_finger_drags_a_checker_and_taps_a_point(sized: Any) -> None:
    """On a touch screen too: the finger that lands on a checker drags it (the page does not
    scroll), and a tap still picks and plays."""
    tab = sized("puzzles/bg-higher-die/", 360, 780, touch=True)
    page = tab.page
    x, y = centre(page, '.tabula-puzzle svg > g.checker.mover[data-point="13"] circle')
    to_x, to_y = centre(page, '.tabula-puzzle svg .tw-targets [data-point="7"]')
    touch = page.context.new_cdp_session(page)

    def finger(kind: str, *at: tuple[float, float]) -> None:
        points = [{"x": px, "y": py} for px, py in at]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    finger("touchStart", (x, y))
    for step in range(1, 9):
        finger("touchMove", (x + (to_x - x) * step / 8, y + (to_y - y) * step / 8))
    expect(page.locator(".tabula-puzzle .tw-dragged")).to_have_count(1)
    finger("touchEnd")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    assert page.evaluate("window.scrollY") == 0
    page.locator(".tabula-puzzle .tw-reset").tap()  # the turn again
    expect(tab.status).to_have_text("The turn starts again.")
    expect(tab.root).not_to_have_attribute("data-verdict", re.compile("."))
    # A tap picks: beside the 13-point's tip, on the felt of its column, it picks that point.
    target = box(page, '.tabula-puzzle svg .tw-targets [data-point="13"]')
    to_x, to_y = centre(page, '.tabula-puzzle svg .tw-targets [data-point="7"]')
    page.touchscreen.tap(target["left"] + 2, target["bottom"] - 4)
    expect(tab.root).to_have_attribute("data-selected", "13")
    expect(tab.status).to_contain_text("Picked a checker on the 13-point")
    page.touchscreen.tap(to_x, to_y)
    expect(tab.root).to_have_attribute("data-verdict", "accepted")


# The cube ---------------------------------------------------------------------------------------


def cube_puzzles(site: Site) -> list[str]:
    return sorted(
        puzzle.id
        for puzzle in site.project.puzzles.values()
        if isinstance(puzzle.task, CubeTask | ResultTask) and board_cube(puzzle) is not None
    )


_CUBE = re.compile(r'<g class="cube"(?: data-owner="(\w+)")?><rect [^>]*/><text [^>]*>(\d+)</text>')


def test_every_cube_puzzles_page_draws_the_cube_as_the_puzzle_has_it(site: Site) -> None:
    """Without a browser, in the pages as built: the cube the widget never redraws, and the
    legend that names it."""
    ids = cube_puzzles(site)
    tagged = {p.id for p in site.project.puzzles.values() if "cube" in p.tags}
    assert tagged <= set(ids), "every puzzle about the cube draws it"
    for puzzle_id in ids:
        html = (site.folder / "puzzles" / puzzle_id / "index.html").read_text("utf-8")
        board = html.split('<div class="tabula-board"', 1)[1].split("</svg>", 1)[0]
        cube = board_cube(site.project.puzzles[puzzle_id])
        if isinstance(cube, Cube):
            shown = (cube.owner, "64" if cube.owner == "centre" else str(cube.value))
        else:
            shown = ("", str(cube))
        assert _CUBE.findall(board) == [shown], puzzle_id
        assert "tabula-legend-cube" in html, puzzle_id


# make test: the test above, and the cube shown in test_the_cube_form_draws_the_cube_...
@pytest.mark.deep
def test_the_cube_is_drawn_on_every_cube_puzzle(sized: Any, site: Site) -> None:
    ids = cube_puzzles(site)
    tagged = {p.id for p in site.project.puzzles.values() if "cube" in p.tags}
    assert tagged <= set(ids), "every puzzle about the cube draws it"
    tab = sized(f"puzzles/{ids[0]}/", 1280, 800)
    for puzzle_id in ids:
        tab.open(f"puzzles/{puzzle_id}/")
        cube = board_cube(site.project.puzzles[puzzle_id])
        drawn = tab.page.locator(".tabula-puzzle .tabula-board svg g.cube")
        expect(drawn).to_be_visible()
        if isinstance(cube, Cube):
            expect(drawn).to_have_attribute("data-owner", cube.owner)
            shown = "64" if cube.owner == "centre" else str(cube.value)
        else:
            shown = str(cube)
        expect(drawn.locator("text")).to_have_text(shown)
        expect(tab.page.locator(".tabula-legend-cube")).to_be_visible()


# The answer forms -------------------------------------------------------------------------------


# make test: Enter checks the count in test_feedback's test_a_count_too_high_and_too_low.
@pytest.mark.deep
def test_enter_in_a_number_field_checks_the_answer(sized: Any, site: Site) -> None:
    tab = sized("puzzles/bg-cube-drop/", 1280, 800)
    field = tab.page.locator(".tabula-puzzle .tw-field input")
    field.fill("4")
    field.press("Enter")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    field.fill("2")
    field.press("Enter")
    expect(tab.root).to_have_attribute("data-verdict", "right")


def expect_one_primary(tab: Tab, name: str) -> None:
    """Of the puzzle's buttons, one is the primary action: ``name`` (``tw-check``, ...)."""
    buttons = tab.page.locator(".tabula-puzzle .tw-controls .md-button--primary")
    expect(buttons).to_have_count(1)
    expect(buttons).to_have_class(re.compile(rf"\b{name}\b"))


def test_the_cube_form_draws_the_cube_starts_with_nothing_chosen_and_has_one_primary_button(
    sized: Any, site: Site
) -> None:
    tab = sized("puzzles/tm-cube-take/", 1280, 800)
    # The cube in the middle (64 up), and the legend that names it.
    assert board_cube(site.project.puzzles["tm-cube-take"]) == Cube(1, "centre")
    drawn = tab.page.locator(".tabula-puzzle .tabula-board svg g.cube")
    expect(drawn).to_be_visible()
    expect(drawn).to_have_attribute("data-owner", "centre")
    expect(drawn.locator("text")).to_have_text("64")
    expect(tab.page.locator(".tabula-legend-cube")).to_be_visible()
    expect_one_primary(tab, "tw-check")
    selects = tab.page.locator(".tabula-puzzle .tw-field select")
    expect(selects).to_have_count(2)
    for index in range(2):
        expect(selects.nth(index)).to_have_value("")
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")


# make test: the play's Done in test_a_drag_plays_its_step_..., the form's Check in
# test_the_cube_form_draws_the_cube_...
@pytest.mark.deep
@pytest.mark.parametrize(
    ("path", "primary"),
    [
        ("puzzles/bg-higher-die/", "tw-done"),
        ("puzzles/tm-cube-take/", "tw-check"),
        ("puzzles/tc-oversized-bear-off/", "tw-check"),
    ],
)
def test_one_primary_action_among_the_buttons(sized: Any, path: str, primary: str) -> None:
    expect_one_primary(sized(path, 1280, 800), primary)


# make test: test_play's test_a_puzzle_is_solved_with_the_mouse (in English) and
# test_a_refused_step_shows_the_engines_reason_in_the_pages_language (in turn) read the same
# status after the colon.
@pytest.mark.deep
@pytest.mark.parametrize(("lang", "prefix"), [("en", ""), ("ru", "ru/")])
def test_a_reason_joined_after_a_colon_goes_on_in_lowercase(
    sized: Any, lang: str, prefix: str
) -> None:
    tab = sized(f"{prefix}puzzles/bg-bar-enter-first/", 1280, 800)
    tab.place("13")  # picked while a checker waits on the bar: it cannot move
    text = tab.status.inner_text()
    assert ": " in text
    for joined in text.split(": ")[1:]:
        assert not joined[:1].isupper(), text


@in_turn(
    "prefix, line",
    [
        ("", "Right: yes, the turn passes. A 4 enters on the 21-point"),
        ("ru/", "Верно: да, ход пропускается. Четвёрка вводит шашку на 21-й пункт"),
    ],
    0,
    ids=["english", "russian"],
)
def test_a_pass_puzzles_right_answer_reads_as_one_answer(
    sized: Any, prefix: str, line: str
) -> None:
    """The question asks whether the turn passes, the button answers it, and the line that
    confirms it does not contradict it ("Right: Yes, the turn passes. No. ...")."""
    tab = sized(f"{prefix}puzzles/bg-closed-but-one/", 1280, 800)
    expect(tab.page.locator(".tabula-prompt")).to_contain_text(
        "Does White's turn pass?" if not prefix else "Пропускают ли белые ход?"
    )
    tab.button("choice-yes")
    expect(tab.root).to_have_attribute("data-verdict", "right")
    expect(tab.status).to_contain_text(line)
