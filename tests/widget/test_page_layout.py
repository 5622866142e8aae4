"""The puzzle page on a laptop and on a phone: what is in view at once (by bounding boxes), the
size of each place's target, a checker dragged to its destination, a tap that does nothing
saying why, the cube on the cube puzzles, and the answer forms' small manners (Enter checks,
lists start empty, one primary button)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from generator.engine import Cube
from generator.puzzles.model import CubeTask, ResultTask
from generator.render.pages import board_cube

from .conftest import WINDOW, Site, Tab, watched

pytestmark = pytest.mark.browser

LAPTOPS = [(1280, 800), (1366, 768)]
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


@pytest.mark.parametrize(("width", "height"), LAPTOPS, ids=["1280x800", "1366x768"])
@pytest.mark.parametrize(
    "path",
    ["puzzles/bg-bar-enter-first/", "ru/puzzles/bg-bar-enter-first/", "ru/puzzles/tm-cube-take/"],
    ids=["play", "play-russian", "cube-russian"],
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


def targets(page: Page) -> dict[str, dict[str, float]]:
    places = page.eval_on_selector_all(
        ".tabula-puzzle svg .tw-targets [data-point]", "rects => rects.map(r => r.dataset.point)"
    )
    return {
        place: box(page, f'.tabula-puzzle svg .tw-targets [data-point="{place}"]')
        for place in places
    }


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize(
    ("path", "bar"),
    [("puzzles/bg-bar-enter-first/", True), ("puzzles/ln-bear-off-gate/", False)],
    ids=["backgammon", "long-nardy"],
)
def test_each_points_target_is_its_whole_column(
    sized: Any, width: int, path: str, bar: bool
) -> None:
    """A point's target is its half of the board, as wide as the point and as tall as the
    half, not the tapering triangle, and at least 24 px wide on the narrowest phone: 12 points
    share a row with the bar and the tray, which are narrower columns but as tall as the
    board."""
    tab = sized(path, width, 700)
    found = targets(tab.page)
    places = ("bar", "off") if bar else ("off",)
    assert set(found) == {str(p) for p in range(1, 25)} | set(places)
    for point in range(1, 25):
        target = found[str(point)]
        triangle = box(tab.page, f'.tabula-puzzle svg g.board .point[data-point="{point}"]')
        assert target["width"] >= 24, (point, target)
        assert target["width"] >= triangle["width"] - 0.5
        assert target["left"] <= triangle["left"] + 0.5
        assert target["right"] >= triangle["right"] - 0.5
        assert target["height"] >= triangle["height"], (point, target, triangle)
    for place in places:
        assert found[place]["width"] >= 13, (place, found[place])
        assert found[place]["height"] >= 2 * found["1"]["height"], (place, found[place])


def test_a_tap_beside_a_tip_picks_the_point(sized: Any) -> None:
    tab = sized("puzzles/bg-higher-die/", 360, 780)
    target = box(tab.page, '.tabula-puzzle svg .tw-targets [data-point="13"]')
    # Near the bottom of the 13-point's column, beside the triangle's tip: felt, not point.
    tab.page.mouse.click(target["left"] + 2, target["bottom"] - 4)
    expect(tab.status).to_contain_text("Picked a checker on the 13-point")


def test_a_tap_that_does_nothing_says_why(sized: Any) -> None:
    tab = sized("puzzles/bg-higher-die/", 1280, 800)
    tab.place("7")  # no checker of the mover's there
    expect(tab.status).to_have_text("You have no checker on the 7-point.")
    board = box(tab.page, PARTS["board"])
    tab.page.mouse.click(board["left"] + board["width"] / 2, board["bottom"] - 3)  # the caption
    expect(tab.status).to_contain_text("Tap or click one of your checkers")


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


def test_a_checker_dragged_to_its_destination_plays_the_step(sized: Any) -> None:
    tab = sized("puzzles/bg-higher-die/", 1280, 800)
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
    tab.open("puzzles/bg-higher-die/")
    page.touchscreen.tap(x, y)
    expect(tab.root).to_have_attribute("data-selected", "13")
    page.touchscreen.tap(to_x, to_y)
    expect(tab.root).to_have_attribute("data-verdict", "accepted")


def test_a_checker_dropped_back_where_it_was_stays_picked(sized: Any) -> None:
    tab = sized("puzzles/bg-higher-die/", 1280, 800)
    drag(tab.page, "13", "13")
    expect(tab.root).to_have_attribute("data-selected", "13")
    tab.place("7")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")


# The cube ---------------------------------------------------------------------------------------


def cube_puzzles(site: Site) -> list[str]:
    return sorted(
        puzzle.id
        for puzzle in site.project.puzzles.values()
        if isinstance(puzzle.task, CubeTask | ResultTask) and board_cube(puzzle) is not None
    )


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


def test_enter_in_a_number_field_checks_the_answer(sized: Any, site: Site) -> None:
    tab = sized("puzzles/bg-cube-drop/", 1280, 800)
    field = tab.page.locator(".tabula-puzzle .tw-field input")
    field.fill("4")
    field.press("Enter")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")
    field.fill("2")
    field.press("Enter")
    expect(tab.root).to_have_attribute("data-verdict", "right")


def test_lists_start_with_nothing_chosen(sized: Any) -> None:
    tab = sized("puzzles/tm-cube-take/", 1280, 800)
    selects = tab.page.locator(".tabula-puzzle .tw-field select")
    expect(selects).to_have_count(2)
    for index in range(2):
        expect(selects.nth(index)).to_have_value("")
    tab.button("check")
    expect(tab.root).to_have_attribute("data-verdict", "wrong")


@pytest.mark.parametrize(
    ("path", "primary"),
    [
        ("puzzles/bg-higher-die/", "tw-done"),
        ("puzzles/tm-cube-take/", "tw-check"),
        ("puzzles/tc-oversized-bear-off/", "tw-check"),
    ],
)
def test_one_primary_action_among_the_buttons(sized: Any, path: str, primary: str) -> None:
    tab = sized(path, 1280, 800)
    buttons = tab.page.locator(".tabula-puzzle .tw-controls .md-button--primary")
    expect(buttons).to_have_count(1)
    expect(buttons).to_have_class(re.compile(rf"\b{primary}\b"))


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


@pytest.mark.parametrize(
    ("prefix", "line"),
    [
        ("", "Right: yes, the turn passes. A 4 enters on the 21-point"),
        ("ru/", "Верно: да, ход пропускается. Четвёрка вводит шашку на 21-й пункт"),
    ],
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
