"""The referee board in Debian's chromium: the engine under Pyodide rules on every step.

One page for the module, reached from the glossary through the navigation (Material swaps it in
without loading it): the board is drawn at once, and Pyodide is fetched only when the reader first
uses it (here: the focus in the game list), then starts once; the Russian page is a second start,
from the browser's cache (the language switcher loads the page), and a link that carries a
position, opened in the same tab, a third, at once. Each test sets up its board through the page
as a reader does: a link's fragment, clicks, the paste box. Every request to a host other than
the site's is recorded, and the last test checks there was none; the pages that must fail to
start the engine are other tabs of the same window. What the page says is compared with what
the engine says in Python.

No route stands between the page and the site (a route turns the browser's HTTP cache off): the
engine's second and third starts come from the cache, as a reader's next visit does.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, Page, Request

from generator.engine import (
    PRESETS,
    VARIANTS,
    Position,
    Refusal,
    find_variant,
    from_text,
    to_text,
)
from generator.locale import explain
from tests.conftest import in_turn

from .conftest import Site
from .test_referee_bridge import GAME_LINKS

pytestmark = pytest.mark.browser

READY_MS = 120_000
"""How long Pyodide may take to start (a busy machine's cold start)."""
ROOT = ".tabula-referee"


class Referee:
    """The referee page in one browser tab, and the requests it tried to send elsewhere."""

    def __init__(self, page: Page, site: Site) -> None:
        self.page = page
        self.site = site
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.fetched: list[str] = []  # every address the page asked for, in order
        self.before_use: list[str] = []  # what it had asked for when the reader first used it
        self.started_before_use = False  # whether the engine had started by then

    def open_from(self, path: str) -> None:
        """Open the page ``path``, then the referee page from its navigation (Material's
        instant navigation swaps the page in without loading it)."""
        self.page.goto(self.site(path))
        self.page.wait_for_function("window.document$ !== undefined")
        self.page.evaluate("window.tabulaSamePage = true")
        self.page.locator('nav a.md-nav__link[href$="referee/"]:visible').first.click()
        # Drawn by the page's script, which has then started the engine or waited for a use.
        self.page.wait_for_selector(f"{ROOT} .tr-board [data-point]")
        self.started_before_use = self.page.evaluate(
            "performance.getEntriesByName('tabula-referee:python').length > 0"
        )
        self.before_use = list(self.fetched)
        self.page.focus(f"{ROOT} .tr-game")  # the reader's first use of the board
        self.page.wait_for_selector(f'{ROOT}[data-ready="true"]', timeout=READY_MS)

    def fragment(self, fragment: str) -> None:
        """Restore the board from a link's fragment, as opening the link does."""
        self.page.evaluate(
            "(hash) => { history.replaceState(null, '', hash);"
            " document.querySelector('.tabula-referee').referee.fromFragment(); }",
            fragment,
        )

    def click(self, place: int | str) -> None:
        self.page.click(f'{ROOT} [data-point="{place}"]')

    def tool(self, name: str) -> None:
        self.page.check(f'{ROOT} input[name="tr-tool"][value="{name}"]')

    def status(self) -> str:
        return self.page.inner_text(f'{ROOT} [role="status"]').strip()

    def value(self, name: str) -> str:
        return self.page.input_value(f"{ROOT} .tr-copy-{name}")


@pytest.fixture(scope="module")
def referee(browser: Browser, site: Site) -> Iterator[Referee]:
    if not (site.folder / "assets" / "referee" / "pyodide" / "pyodide.js").is_file():
        pytest.skip("Pyodide is not in node_modules (make site installs it with npm)")
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    own = urlsplit(site.url).netloc
    page = context.new_page()
    board = Referee(page, site)

    def asked(request: Request) -> None:
        host = urlsplit(request.url).netloc  # (none for data:, blob: and file: addresses)
        if host and host != own:
            board.foreign.append(request.url)

    context.on("request", asked)
    page.on("pageerror", lambda error: board.errors.append(str(error)))
    page.on("request", lambda request: board.fetched.append(request.url))
    board.open_from("glossary/")
    try:
        yield board
    finally:
        context.close()


def test_the_page_reached_by_instant_navigation_follows_the_dom_contract(
    referee: Referee,
) -> None:
    # The page's script ran although the page was swapped in, not loaded.
    assert referee.page.evaluate("window.tabulaSamePage") is True
    root = referee.page.locator(ROOT)
    assert root.get_attribute("data-ready") == "true"
    places = referee.page.eval_on_selector_all(
        f"{ROOT} [data-point]", "nodes => nodes.map(n => n.dataset.point)"
    )
    assert sorted(places, key=str) == sorted([*map(str, range(1, 25)), "bar", "off"], key=str)
    assert referee.page.locator(f'{ROOT} [role="status"]').count() == 1


@in_turn("game, text", GAME_LINKS, 6)  # plakoto's pins; every game's board: the bridge's tests
def test_a_link_sets_up_any_game(referee: Referee, game: str, text: str) -> None:
    referee.fragment(f"#game={game}&position={quote(text)}&dice=5-2")
    position = from_text(find_variant(game), text)
    assert referee.value("text") == to_text(position)
    assert referee.page.input_value(f"{ROOT} .tr-game") == game
    pips = referee.page.inner_text(f"{ROOT} .tr-pips")
    assert str(position.pip_count()) in pips and str(position.opponent_pip_count()) in pips
    assert referee.page.locator(f"{ROOT} .tr-die").count() == 2  # the 5 and the 2 to play


def test_a_link_keeps_a_table_rule_preset_and_the_page_links_to_itself(referee: Referee) -> None:
    text = "24:2 13:5 8:3 6:5 / 19:5 17:3 12:5 1:2"
    fragment = f"#game=portes&rules=greek&position={quote(text, safe='')}&dice=6-6"
    referee.fragment(fragment)
    assert referee.page.input_value(f"{ROOT} .tr-game") == "portes:greek"
    assert referee.page.evaluate("location.hash") == fragment
    assert referee.value("link") == referee.site("referee/") + fragment


ENGINE_FILES = ("/assets/referee/pyodide/", "/assets/referee/engine.zip")
"""What the engine is made of: nothing of it is fetched before the reader uses the board."""


def _engine_requests(urls: list[str]) -> list[str]:
    return [url for url in urls if any(part in url for part in ENGINE_FILES)]


def test_nothing_of_pyodide_is_fetched_before_the_reader_uses_the_board(
    referee: Referee,
) -> None:
    # The page was drawn, its board in place, before the focus came into it.
    assert any(url.endswith("/assets/referee/referee.js") for url in referee.before_use)
    assert _engine_requests(referee.before_use) == []
    assert not referee.started_before_use
    # Then the engine came: Pyodide and the engine's zip.
    fetched = _engine_requests(referee.fetched)
    assert any(url.endswith("pyodide.asm.wasm") for url in fetched)
    assert any(url.endswith("engine.zip") for url in fetched)


def test_the_game_list_holds_every_game_and_preset(referee: Referee) -> None:
    listed = referee.page.eval_on_selector_all(
        f"{ROOT} .tr-game option", "nodes => nodes.map(n => n.value)"
    )
    assert listed == [
        game if rules == "default" else f"{game}:{rules}"
        for game in VARIANTS
        for rules in PRESETS[game]
    ]


def test_a_link_with_a_position_starts_the_engine_at_once(referee: Referee) -> None:
    page = referee.page
    text = "24:14 20:1 / 12:15"
    page.goto("about:blank")  # (else only the fragment would change: the page would stay)
    page.goto(referee.site("referee/") + f"#game=long-nardy&position={quote(text)}&dice=5-2")
    page.wait_for_selector(f'{ROOT}[data-ready="true"]', timeout=READY_MS)
    assert page.input_value(f"{ROOT} .tr-copy-text") == text
    assert page.locator(f"{ROOT} .tr-die").count() == 2


def test_a_refused_step_says_the_engines_reason(referee: Referee) -> None:
    referee.fragment("#game=backgammon&position=" + quote(to_text(_start())) + "&dice=6-5")
    referee.click(24)
    referee.page.click(f'{ROOT} .tr-die[data-die="5"]')
    assert referee.status() == explain(Refusal.of("blocked_landing", point=19, count=5), "en")
    assert referee.page.locator(f"{ROOT} .tr-played").inner_text() == ""


def test_a_legal_play_played_through(referee: Referee) -> None:
    referee.fragment("#game=backgammon&position=" + quote(to_text(_start())) + "&dice=6-5")
    referee.click(24)
    referee.click(18)  # where it goes: the 6
    assert referee.status() == "24/18: allowed."
    referee.click(18)  # only the 5 is left to play: it is played at once
    assert referee.status() == "The turn is complete: 24/18/13."
    (play,) = [p for p in _start().legal_plays((6, 5)) if p.notation == "24/18/13"]
    referee.page.click(f"{ROOT} .tr-next")
    assert referee.value("text") == to_text(play.position.turned())


def test_every_legal_play_is_listed_and_can_be_played(referee: Referee) -> None:
    referee.fragment("#game=long-nardy&position=" + quote("24:15 / 12:15") + "&dice=6-6")
    referee.page.click(f"{ROOT} .tr-list")
    listed = referee.page.locator(f"{ROOT} .tr-play").all_inner_texts()
    plays = find_variant("long-nardy").start().turn((6, 6)).plays
    assert listed == [play.notation for play in plays]
    referee.page.click(f"{ROOT} .tr-play >> nth=0")
    assert referee.status() == f"The turn is complete: {plays[0].notation}."


def test_an_xgid_pasted_is_copied_back_unchanged(referee: Referee) -> None:
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:1:1:31:2:1:0:5:10"
    referee.fragment("#game=backgammon")
    referee.page.fill(f"{ROOT} .tr-paste", xgid)
    referee.page.click(f"{ROOT} .tr-paste-button")
    assert referee.value("xgid") == xgid
    assert "dice=3-1" in referee.page.evaluate("location.hash")


def test_a_plakoto_pin_set_up_by_clicking(referee: Referee) -> None:
    referee.page.select_option(f"{ROOT} .tr-game", "plakoto")
    referee.page.check(f'{ROOT} input[name="tr-mode"][value="setup"]')
    referee.tool("remove")
    referee.click(24)  # one of White's fifteen off the start
    referee.click(1)  # and one of Black's
    referee.tool("add-opponent")
    referee.click(20)
    referee.tool("pin")
    referee.click(20)  # White's checker lands on Black's lone one and pins it
    assert referee.value("text") == "24:14 20:1 / 20:1^ 1:14"
    assert referee.page.locator(f'{ROOT} [data-point="20"] .tr-pinned.tr-opponent').count() == 1
    assert referee.page.locator(f"{ROOT} .tr-problem").is_hidden()


def test_a_position_no_game_comes_to_says_why(referee: Referee) -> None:
    referee.fragment("#game=long-nardy&position=" + quote("13:1 6:13 / 12:15"))
    why = Refusal.of("borne_off_outside_home", count=1, point=13)
    assert referee.page.inner_text(f"{ROOT} .tr-problem") == explain(why, "en")


def test_the_page_in_russian(referee: Referee) -> None:
    referee.page.hover(".md-header__option .md-select")
    referee.page.locator('a.md-select__link[hreflang="ru"]').click()
    referee.page.wait_for_url(referee.site("ru/referee/") + "**")
    # (The address changes before the new page's content arrives.)
    referee.page.wait_for_selector(f'{ROOT} .tr-start:text("Начальная позиция")')
    # The board is drawn in Russian before the engine starts.
    assert "Сумма очков" in referee.page.inner_text(f"{ROOT} .tr-pips")
    referee.page.focus(f"{ROOT} .tr-game")
    referee.page.wait_for_selector(f'{ROOT}[data-ready="true"]', timeout=READY_MS)
    assert referee.page.evaluate("document.documentElement.lang") == "ru"
    referee.fragment("#game=backgammon&dice=6-5")
    referee.click(24)
    referee.page.click(f'{ROOT} .tr-die[data-die="5"]')
    said = referee.status()
    assert said == explain(Refusal.of("blocked_landing", point=19, count=5), "ru")
    assert said == "Пункт 19 закрыт: на нём 5 шашек соперника."
    assert "Сумма очков" in referee.page.inner_text(f"{ROOT} .tr-pips")


AXE = Path(
    os.environ.get(
        "TABULA_AXE",
        Path(__file__).resolve().parents[2] / ".venv/axe/node_modules/axe-core/axe.min.js",
    )
)
"""axe-core, the npm package the Makefile installs (.installed-axe)."""
SERIOUS = """async () => (await axe.run(document)).violations
  .filter(v => v.impact === 'serious' || v.impact === 'critical')
  .map(v => `${v.id} (${v.impact}): ` + v.nodes.slice(0, 3).map(n => n.target.join(' ')))"""


def test_the_board_has_no_serious_accessibility_violation(referee: Referee) -> None:
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed at {AXE} (make .venv/.installed-axe)")
    referee.page.click(f"{ROOT} .tr-list")  # the list of plays shown too
    referee.page.add_script_tag(path=str(AXE))
    assert referee.page.evaluate(SERIOUS) == []


def _failed(page: Page) -> str:
    page.wait_for_selector(f"{ROOT} .tr-board [data-point]")
    page.focus(f"{ROOT} .tr-game")  # the reader's first use of the board starts the engine
    page.wait_for_selector(f'{ROOT}[data-ready="false"] .tr-failed:not([hidden])')
    return page.inner_text(f"{ROOT} .tr-failed")


@contextlib.contextmanager
def another_tab(referee: Referee) -> Iterator[Page]:
    """A second tab beside the referee's, closed after: its own engine, none yet."""
    page = referee.page.context.new_page()
    try:
        yield page
    finally:
        page.close()


def test_without_pyodide_the_page_says_what_to_install(referee: Referee) -> None:
    with another_tab(referee) as page:
        page.route("**/pyodide/pyodide.js", lambda route: route.fulfill(status=404, body=""))
        page.goto(referee.site("referee/"))
        said = _failed(page)
        assert "make site" in said and "Node.js and npm" in said
        assert page.locator(f"{ROOT} .tr-controls").is_hidden()


def test_opened_from_disk_the_page_offers_the_command_line(referee: Referee) -> None:
    with another_tab(referee) as page:
        page.goto((referee.site.folder / "ru" / "referee" / "index.html").as_uri())
        said = _failed(page)
        assert "WebAssembly" in said and "python -m generator show" in said


def test_nothing_was_asked_of_another_host(referee: Referee) -> None:
    assert referee.foreign == []
    assert referee.errors == []


def _start() -> Position:
    return find_variant("backgammon").start()
