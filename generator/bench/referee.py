"""How fast the referee board answers in Chromium: ``bench referee``.

The referee board as the site renders it (``referee_html``, in English) and its files
(``write_referee``: Pyodide, the engine's zip, the script) are put in a temporary folder, served
on 127.0.0.1 and opened in Debian's chromium with Playwright, in a profile of its own on disk (a
reader's browser: its HTTP cache keeps Pyodide's wasm, and Chromium its compiled code); nothing
is fetched from any other host. Measured: the cold load (an empty cache) from opening a link
with a position (which starts the engine at once) to the first answered step, the warm load (the
browser's cache filled), the page's weight as a host that gzips text sends it, before the reader
uses the board and with the engine (everything it fetched), the time of each step (the engine's
answer and the board drawn again) over ``count`` steps on random positions of every game, and
the full list of legal plays of the worst bench position: the position and small double, among
generated ones, with the most legal plays. Nothing here asserts: the targets (issue 20) are
printed beside.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict
from urllib.parse import quote

from generator.bench.hosting import sent_size, served
from generator.bench.widget import SMALL_DOUBLES, spread_position
from generator.engine import VARIANTS, Position, to_text
from generator.engine.samples import DEFAULT_SEED, ROLLS, random_position
from generator.site.referee import FOLDER, referee_html, write_referee

ROOT = Path(__file__).resolve().parent.parent.parent
if TYPE_CHECKING:
    from playwright.sync_api import Response

COLD_TARGET_S = 5.0
WARM_TARGET_S = 1.5
STEP_TARGET_MS = 100.0
PLAYS_TARGET_MS = 500.0
READY_MS = 180_000


class RefereeFigures(TypedDict):
    """What :func:`bench_referee` measured."""

    cold_seconds: float
    warm_seconds: float
    warm_pyodide_seconds: float
    warm_engine_seconds: float
    page_bytes: int
    engine_bytes: int
    steps: int
    step_median_ms: float
    step_worst_ms: float
    plays_ms: float
    plays: int
    worst: str


def worst_position(tries: int = 300, seed: int = DEFAULT_SEED) -> tuple[Position, tuple[int, int]]:
    """Among ``tries`` spread positions of every game with a small double, the one with the
    most legal plays."""
    rng = random.Random(seed)
    variants = list(VARIANTS.values())
    best: tuple[int, Position, tuple[int, int]] | None = None
    for i in range(tries):
        position = spread_position(variants[i % len(variants)], rng)
        dice = SMALL_DOUBLES[rng.randrange(len(SMALL_DOUBLES))]
        count = len(position.legal_plays(dice))
        if best is None or count > best[0]:
            best = (count, position, dice)
    assert best is not None
    return best[1], best[2]


def standalone_page() -> str:
    """The referee page's board (as the site renders it in English) as a page of its own, for a
    folder where it stands at ``referee/index.html``."""
    board = referee_html("en", "../assets/referee/")
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>referee bench</title></head><body>{board}</body></html>"
    )


@contextmanager
def served_referee() -> Iterator[str]:
    """The referee page and its files, served on 127.0.0.1: its address."""
    with tempfile.TemporaryDirectory(prefix="tabula-referee-") as folder:
        site = Path(folder)
        if not write_referee(site, ROOT):
            raise SystemExit("bench referee needs Pyodide: run `make site` (Node.js and npm)")
        (site / "referee").mkdir()
        page = standalone_page()
        (site / "referee" / "index.html").write_text(page, encoding="utf-8")
        with served(site) as url:
            yield url + "referee/"


def _fragment(position: Position, dice: tuple[int, int]) -> str:
    game = position.variant.key
    return f"#game={game}&position={quote(to_text(position))}&dice={dice[0]}-{dice[1]}"


_SEND = """(request) => {
  const referee = document.querySelector('.tabula-referee').referee;
  const t = performance.now();
  referee.send(request);
  return performance.now() - t;
}"""
"""One request sent as a click sends it, answered and drawn: its time in milliseconds."""
_MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter(m => m.name.startsWith('tabula-referee:'))
  .map(m => [m.name.slice('tabula-referee:'.length), m.startTime]))"""
"""When the page began to load Pyodide, the engine, and when the engine was imported (ms)."""


def _of_engine(address: str) -> bool:
    """Whether ``address`` is one of the engine's files (Pyodide, the engine's zip), which the
    page fetches only once the reader uses the board (tests/browser/test_referee.py)."""
    return f"/{FOLDER}/pyodide/" in address or address.endswith(f"/{FOLDER}/engine.zip")


def bench_referee(count: int = 200, seed: int = DEFAULT_SEED) -> RefereeFigures:
    """Open the referee page cold and warm, time ``count`` steps and the worst listing."""
    from playwright.sync_api import sync_playwright

    from generator.site.pdf import QUIET_FLAGS, find_chromium

    rng = random.Random(seed)
    variants = list(VARIANTS.values())
    first = variants[0].start()
    worst, worst_dice = worst_position(seed=seed)
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("bench referee needs Chromium: apt-get install chromium")
    sent: dict[str, int] = {}  # what each address weighed as sent (the first fetch of each)

    def weigh(response: Response) -> None:
        if response.url not in sent and response.status == 200:
            sent[response.url] = sent_size(
                response.body(), response.headers.get("content-type", "")
            )

    with (
        served_referee() as url,
        tempfile.TemporaryDirectory(prefix="tabula-referee-profile-") as profile,
        sync_playwright() as driver,
    ):
        context = driver.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=list(QUIET_FLAGS)
        )
        own = url.split("/")[2]
        context.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.split("/")[2] == own else route.abort()
            ),
        )
        loads: list[float] = []
        for _ in range(2):  # cold, then warm (the cache of the same profile)
            page = context.new_page()
            if not loads:
                page.on("response", weigh)
            started = time.perf_counter()
            page.goto(url + _fragment(first, (6, 5)))
            page.wait_for_selector('.tabula-referee[data-ready="true"]', timeout=READY_MS)
            page.click('.tabula-referee [data-point="24"]')
            page.click('.tabula-referee .tr-die[data-die="5"]')
            page.wait_for_function(
                "document.querySelector('.tabula-referee [role=status]').dataset.kind === 'refused'"
            )
            loads.append(time.perf_counter() - started)
            marks = page.evaluate(_MARKS)
            if len(loads) == 1:
                page.close()
        steps: list[float] = []
        while len(steps) < count:
            variant = variants[len(steps) % len(variants)]
            position = random_position(variant, rng)
            dice = ROLLS[rng.randrange(len(ROLLS))]
            page.evaluate(_SEND, {"do": "game", "game": variant.key, "start": False})
            page.evaluate(_SEND, {"do": "paste", "text": to_text(position)})
            page.evaluate(_SEND, {"do": "dice", "dice": list(dice)})
            sources = [place for place, _ in position.checkers()] or [25]
            source = rng.choice(sources)
            request: dict[str, Any] = {"do": "step", "source": source, "die": dice[0]}
            steps.append(page.evaluate(_SEND, request))
        page.evaluate(_SEND, {"do": "game", "game": worst.variant.key, "start": False})
        page.evaluate(_SEND, {"do": "paste", "text": to_text(worst)})
        # The roll set and every play listed: the engine works the turn out from nothing.
        listing = page.evaluate(
            "(dice) => { const r = document.querySelector('.tabula-referee').referee;"
            " const t = performance.now(); r.send({do: 'dice', dice}); r.listPlays();"
            " return [performance.now() - t,"
            " document.querySelectorAll('.tabula-referee .tr-play').length]; }",
            list(worst_dice),
        )
        context.close()
    engine = sum(size for address, size in sent.items() if _of_engine(address))
    return RefereeFigures(
        cold_seconds=loads[0],
        warm_seconds=loads[1],
        warm_pyodide_seconds=(marks["engine"] - marks["python"]) / 1000,
        warm_engine_seconds=(marks["ready"] - marks["engine"]) / 1000,
        page_bytes=sum(sent.values()) - engine,
        engine_bytes=engine,
        steps=len(steps),
        step_median_ms=statistics.median(steps),
        step_worst_ms=max(steps),
        plays_ms=listing[0],
        plays=listing[1],
        worst=f"{worst.variant.key} {to_text(worst)} with {worst_dice[0]}-{worst_dice[1]}",
    )


def print_referee_bench(count: int = 200, seed: int = DEFAULT_SEED) -> None:
    """Run :func:`bench_referee` and print its figures beside the targets."""
    f = bench_referee(count, seed)
    print("The referee board in Chromium (Pyodide, from the site's own files)")
    print(
        f"  cold load to the first answered step: {f['cold_seconds']:.2f} s "
        f"(target: at most {COLD_TARGET_S:g} s)"
    )
    print(
        f"  warm load (cached) to the first answered step: {f['warm_seconds']:.2f} s "
        f"(target: at most {WARM_TARGET_S:g} s)"
    )
    print(
        f"    of which Pyodide's own start {f['warm_pyodide_seconds']:.2f} s, the engine "
        f"unpacked and imported {f['warm_engine_seconds']:.2f} s"
    )
    print(
        f"  a step, answered and drawn, over {f['steps']} steps of all 8 games: median "
        f"{f['step_median_ms']:.1f} ms, worst {f['step_worst_ms']:.1f} ms "
        f"(target: each within {STEP_TARGET_MS:g} ms)"
    )
    print(
        f"  all {f['plays']} legal plays of the worst bench position, listed: "
        f"{f['plays_ms']:.0f} ms (target: within {PLAYS_TARGET_MS:g} ms)"
    )
    print(f"    {f['worst']}")
    print(
        f"  the page's weight, gzipped as a host sends text: {f['page_bytes'] / 1024:.0f} KB "
        "before the reader uses the board (the board's markup, script and style; Material's "
        "own files are counted by bench pages), "
        f"{(f['page_bytes'] + f['engine_bytes']) / 1e6:.1f} MB with the engine "
        f"(Pyodide and the engine: {f['engine_bytes'] / 1e6:.1f} MB)"
    )
