"""The widget's progress store (``tabula.solved`` in localStorage) when it holds what the widget
did not write, or cannot be used at all.

A value the widget cannot read is moved aside to ``tabula.solved.unreadable`` (nothing is
lost), progress starts afresh and is saved again; storage that is blocked or full costs the
reader the memory of their progress, never the widget. Each test seeds the store from a page of
the site that runs no widget (the test server's blank page), then solves bg-higher-die (13/7)
with the mouse. tests/widget/js/progress_store.test.js checks the store itself with every value
and every kind of blocked storage, in Node; here Chromium shows what the reader sees of it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.conftest import BLANK, in_turn

from .conftest import Tab

pytestmark = pytest.mark.browser

STORE = "tabula.solved"
UNREADABLE = "tabula.solved.unreadable"
PUZZLE = "bg-higher-die"
SOLVED_BEFORE = "You have solved this puzzle before."

BAD = {
    # A value nested 5,000 deep: sorting it beside a new id ran out of stack, and progress was
    # never saved again.
    "nested-5000-deep": "[" * 5000 + "]" * 5000,
    "nested-beside-an-id": '["bg-order-of-dice", ' + "[" * 5000 + "]" * 5000 + "]",
    "nested-objects": '{"bg-order-of-dice": ' * 5000 + "1" + "}" * 5000,
    "not-json": "bg-order-of-dice,bg-bar-enter-first",
    "cut-short": '["bg-order-of-dice"',
    "an-object": '{"bg-order-of-dice": true}',
    "a-string": '"bg-order-of-dice"',
    "null": "null",
    "wrong-types-inside": '["bg-order-of-dice", 7, null, true, {"id": "x"}]',
    "not-ids": '["Bg Order Of Dice", "' + "a" * 65 + '"]',
    "too-many-ids": json.dumps(["bg-order-of-dice"] * 20_000),
    # 3,000,000 characters: more than half of Chromium's quota (5 MiB of characters), so no
    # copy fits beside it and it has to be moved rather than copied.
    "huge-string": "x" * 3_000_000,
}
"""Every way a value went wrong before, by name. tests/widget/js/progress_store.test.js tries
them all on the store itself, in Node (``make test``); here, in Chromium, ``make test`` tries
the one nested 5,000 deep and ``make test-deep`` them all."""


def on_the_blank_page(tab: Tab) -> None:
    """On the test server's blank page, where no widget runs (a test's page starts there)."""
    if tab.page.url != tab.site(BLANK):
        tab.page.goto(tab.site(BLANK))


def seed(tab: Tab, values: dict[str, str]) -> None:
    """Write ``values`` into the site's localStorage before any widget reads it."""
    on_the_blank_page(tab)
    tab.page.evaluate(
        "values => { for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v) }",
        values,
    )


def stored(tab: Tab, key: str) -> str | None:
    value: str | None = tab.page.evaluate("key => localStorage.getItem(key)", key)
    return value


def holds(tab: Tab, key: str, value: str) -> bool:
    """Whether localStorage holds exactly ``value`` under ``key`` (compared in the page: a
    failed comparison of two 3 MB strings would say nothing)."""
    return bool(tab.page.evaluate("([k, v]) => localStorage.getItem(k) === v", [key, value]))


def solve(tab: Tab) -> None:
    tab.open(f"puzzles/{PUZZLE}/")
    tab.place("13")
    tab.place("7")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    expect(tab.page.locator(".tw-badge")).to_be_visible()


def solve_order_of_dice(tab: Tab) -> None:
    tab.open("puzzles/bg-order-of-dice/")
    for place in ("13", "12", "12", "6"):  # 13/12/6, a step at a time
        tab.place(place)
    expect(tab.root).to_have_attribute("data-verdict", "accepted")


def solved_after_reload(tab: Tab) -> Any:
    tab.page.reload()
    tab.page.wait_for_selector(".tabula-puzzle.tw-ready")
    expect(tab.status).to_have_text(SOLVED_BEFORE)
    return tab.page.evaluate("window.tabulaSolved()")


@in_turn("bad", list(BAD.values()), 0, ids=list(BAD))
def test_an_unreadable_value_is_set_aside_and_progress_is_saved_again(tab: Tab, bad: str) -> None:
    seed(tab, {STORE: bad})
    solve(tab)
    saved = stored(tab, STORE)
    assert saved is not None and json.loads(saved) == [PUZZLE]
    assert holds(tab, UNREADABLE, bad), f"the old value ({len(bad)} characters) was not kept"
    assert solved_after_reload(tab) == [PUZZLE]
    # And it keeps saving: a second puzzle joins the first.
    solve_order_of_dice(tab)
    assert json.loads(stored(tab, STORE) or "null") == [PUZZLE, "bg-order-of-dice"]
    assert holds(tab, UNREADABLE, bad)


@pytest.mark.deep  # in make test, on the store itself: tests/widget/js/progress_store.test.js
def test_readable_progress_is_kept_and_nothing_is_set_aside(tab: Tab) -> None:
    seed(tab, {STORE: '["bg-order-of-dice", "tm-cube-take"]'})
    solve(tab)
    assert json.loads(stored(tab, STORE) or "null") == [PUZZLE, "bg-order-of-dice", "tm-cube-take"]
    assert stored(tab, UNREADABLE) is None


@pytest.mark.deep  # in make test, on the store itself: tests/widget/js/progress_store.test.js
def test_a_second_unreadable_value_does_not_replace_the_first(tab: Tab) -> None:
    first, second = "[" * 5000 + "]" * 5000, "{not json"
    seed(tab, {STORE: first})
    solve(tab)
    seed(tab, {STORE: second})
    tab.open(f"puzzles/{PUZZLE}/")
    expect(tab.page.locator(".tw-badge")).to_be_hidden()  # progress starts afresh
    assert holds(tab, UNREADABLE, first)
    assert holds(tab, f"{UNREADABLE}.2", second)
    assert stored(tab, STORE) is None
    tab.place("13")
    tab.place("7")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    assert json.loads(stored(tab, STORE) or "null") == [PUZZLE]


BLOCKED = {
    # As a browser that blocks the site's storage does: reaching localStorage throws...
    "localStorage-throws": """
    Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
    });""",
    # ...or every use of it does.
    "its-methods-throw": """
    for (const name of ["getItem", "setItem", "removeItem", "key", "clear"]) {
      Storage.prototype[name] = () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      };
    }""",
}
"""Both are tried on the store in Node (tests/widget/js/progress_store.test.js); here ``make
test`` tries the first, ``make test-deep`` both."""


@in_turn("blocking", list(BLOCKED.values()), 0, ids=list(BLOCKED))
def test_blocked_storage_costs_the_memory_not_the_widget(fresh_tab: Tab, blocking: str) -> None:
    tab = fresh_tab  # an init script, a dialog: a context of its own
    stacks: list[str] = []
    tab.page.on("pageerror", lambda error: stacks.append(error.stack or str(error)))
    tab.page.add_init_script(blocking)
    solve(tab)
    assert tab.page.evaluate("window.tabulaSolved()") == [PUZZLE]
    tab.page.once("dialog", lambda dialog: dialog.accept())
    tab.button("clear")
    expect(tab.status).to_have_text("Your solved puzzles are forgotten.")
    expect(tab.page.locator(".tw-badge")).to_be_hidden()
    assert tab.page.evaluate("window.tabulaSolved()") == []
    # Material's inline palette script reads localStorage outside a try (its __md_get) and
    # throws in such a browser: not ours, but nothing of ours may throw.
    assert [stack for stack in stacks if "/assets/" in stack] == []
    tab.errors[:] = [error for error in tab.errors if "insecure" not in error]


def test_full_storage_costs_the_memory_not_the_widget(tab: Tab) -> None:
    # Another key of the site takes all but a few characters of the quota.
    on_the_blank_page(tab)
    tab.page.evaluate(
        """() => {
          let size = 5 * 1024 * 1024;
          for (;;) {
            try { localStorage.setItem("filler", "x".repeat(size)); return; }
            catch { size -= 16; }
          }
        }"""
    )
    solve(tab)
    assert stored(tab, STORE) is None, "there was no room"
    assert tab.page.evaluate("window.tabulaSolved()") == [PUZZLE]
    # Room again: the next save on this page writes what it remembers.
    tab.page.evaluate('localStorage.removeItem("filler")')
    tab.button("undo")
    tab.place("13")
    tab.place("7")
    expect(tab.root).to_have_attribute("data-verdict", "accepted")
    assert json.loads(stored(tab, STORE) or "null") == [PUZZLE]
    solve_order_of_dice(tab)
    assert json.loads(stored(tab, STORE) or "null") == [PUZZLE, "bg-order-of-dice"]
