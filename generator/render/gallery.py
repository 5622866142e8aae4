"""The board gallery: every variant's start and the situations a diagram must get right.

:func:`gallery` lists the examples (a caption in each language, a position and the options of
:func:`~generator.render.board_svg`); the golden-file tests draw them, the render bench times
them, and :func:`gallery_html` lays them out as one standalone page, with a light/dark switch,
for screenshots and visual review::

    python -m generator.render.gallery OUT_DIR    # writes gallery.en.html and gallery.ru.html

>>> examples = gallery()
>>> len({example.name for example in examples}) == len(examples)
True
>>> sorted({example.position.variant.key for example in examples}) == sorted(VARIANTS)
True
"""

from __future__ import annotations

import html
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import NamedTuple, TypedDict

from generator.engine import (
    BAR,
    OFF,
    VARIANTS,
    Cube,
    Position,
    Step,
    find_variant,
    from_text,
    parse_play,
)
from generator.locale import LANGUAGES, VARIANT_NAMES, translations

from .describe import Highlight
from .svg import board_svg
from .theme import board_css


class BoardOptions(TypedDict, total=False):
    """The options of :func:`~generator.render.board_svg` that an example sets."""

    dice: tuple[int, int]
    cube: Cube
    arrows: tuple[Step, ...]
    highlights: tuple[Highlight, ...]
    marked: tuple[int, ...]
    labels: Mapping[int, str]
    mirrored: bool
    both_numbers: bool


class Example(NamedTuple):
    """One board of the gallery: a name (also its golden file's), captions, what to draw, and
    labels in each language when it has any (a teacher's labels are text in the page's
    language too)."""

    name: str
    caption: Mapping[str, str]
    position: Position
    options: BoardOptions
    labels: Mapping[str, Mapping[int, str]] | None = None

    def svg(self, lang: str, standalone: bool = True) -> str:
        """The example's board in ``lang``; without ``standalone``, without the board's
        stylesheet, for a page whose stylesheet has it (the site's)."""
        options = self.options
        if self.labels is not None:
            options = {**options, "labels": self.labels[lang]}
        return board_svg(self.position, lang=lang, standalone=standalone, **options)


START_WORDS = {"en": "{name}: the start", "ru": "{name}: начальная расстановка"}
CUBE_WORDS = {
    "en": " (the doubling cube, showing 64, waits in the middle)",
    "ru": " (куб удвоения с числом 64 ждёт посередине)",
}


def _start_caption(key: str, lang: str, with_cube: bool) -> str:
    name = translations(lang).gettext(VARIANT_NAMES[key])
    return START_WORDS[lang].format(name=name) + (CUBE_WORDS[lang] if with_cube else "")


def _play(position: Position, dice: tuple[int, int], text: str) -> tuple[Step, ...]:
    return parse_play(position, dice, text).steps


@cache
def gallery() -> tuple[Example, ...]:
    """Every example, in the order of the gallery page."""
    examples: list[Example] = []
    for key, variant in VARIANTS.items():
        options: BoardOptions = {}
        if variant.has_cube:
            options["cube"] = Cube()
        examples.append(
            Example(
                f"{key}-start",
                {lang: _start_caption(key, lang, variant.has_cube) for lang in ("en", "ru")},
                variant.start(),
                options,
            )
        )

    backgammon = find_variant("backgammon")
    middle = from_text(
        backgammon, "24:1 20:2 13:3 9:2 8:3 6:3 5:1 / 22:2 19:3 17:2 16:1 14:2 12:3 4:1 3:1"
    )
    examples.append(
        Example(
            "backgammon-middle-game",
            {
                "en": "Backgammon: a busy middle game, 6-4 to play, the cube on 2 is dark's",
                "ru": "Бэкгаммон: середина партии, выпало 6-4, куб на 2 у тёмных",
            },
            middle,
            {"dice": (6, 4), "cube": Cube(2, "opponent")},
        )
    )
    bear_off = from_text(backgammon, "6:3 5:2 4:3 3:1 2:2 1:1 / 24:2 23:3 21:2 20:1 19:2")
    examples.append(
        Example(
            "backgammon-bear-off",
            {
                "en": "Backgammon: bearing off with 6-2, three checkers already off",
                "ru": "Бэкгаммон: снятие при 6-2, три шашки уже сняты",
            },
            bear_off,
            {
                "dice": (6, 2),
                "arrows": _play(bear_off, (6, 2), "6/off 2/off"),
                "cube": Cube(4, "mover"),
            },
        )
    )
    bar = from_text(backgammon, "bar:2 13:4 8:3 6:4 5:2 / bar:1 24:2 22:2 21:2 20:1 19:3 12:3 1:1")
    examples.append(
        Example(
            "backgammon-bar",
            {
                "en": "Backgammon: two checkers on the bar, 5-3: only bar/20* enters",
                "ru": "Бэкгаммон: две шашки на баре, 5-3: войти можно только bar/20*",
            },
            bar,
            {
                "dice": (5, 3),
                "arrows": _play(bar, (5, 3), "bar/20*"),
                "highlights": (Highlight(20, "destination"), Highlight(22, "closed")),
            },
        )
    )
    blot = from_text(backgammon, "24:2 13:5 8:3 6:5 / 19:5 17:3 12:4 4:1 1:2")
    examples.append(
        Example(
            "backgammon-arrows",
            {
                "en": "Arrows: one checker moves twice and hits, 13/7/4*",
                "ru": "Стрелки: одна шашка ходит дважды и бьёт, 13/7/4*",
            },
            blot,
            {"dice": (6, 3), "arrows": _play(blot, (6, 3), "13/7/4*")},
        )
    )
    start = backgammon.start()
    examples.append(
        Example(
            "backgammon-highlights",
            {
                "en": "Highlights: where the checker from 13 can go with 6-5",
                "ru": "Подсветка: куда может пойти шашка с 13 при 6-5",
            },
            start,
            {
                "dice": (6, 5),
                "highlights": (
                    Highlight(13, "source"),
                    Highlight(8, "destination"),
                    Highlight(7, "destination"),
                    Highlight(2, "destination"),
                    Highlight(1, "closed"),
                ),
                "labels": {8: "5", 7: "6", 2: "6+5"},
            },
        )
    )
    examples.append(
        Example(
            "backgammon-mirrored",
            {
                "en": "Mirrored (home on the left), with both players' numbers",
                "ru": "Зеркально (дом слева), с номерами обоих игроков",
            },
            middle,
            {"mirrored": True, "both_numbers": True, "dice": (3, 1)},
        )
    )
    tavla = find_variant("tavla-modern")
    examples.append(
        Example(
            "tavla-modern-cube",
            {
                "en": "Tavla Modern: the cube on 8 belongs to light",
                "ru": "Современная тавла: куб на 8 у светлых",
            },
            Position(tavla, middle.mover, middle.opponent),
            {"cube": Cube(8, "mover"), "dice": (2, 2)},
        )
    )

    nardy = find_variant("long-nardy")
    examples.append(
        Example(
            "long-nardy-first-turn",
            {
                "en": "Long Nardy: the first turn, 6-6, with both players' numbers",
                "ru": "Длинные нарды: первый ход, 6-6, с номерами обоих игроков",
            },
            nardy.start(),
            {
                "dice": (6, 6),
                "arrows": _play(nardy.start(), (6, 6), "24/18(2)"),
                "both_numbers": True,
            },
        )
    )
    nardy_middle = from_text(nardy, "24:10 20:1 17:2 15:1 10:1 / 12:9 8:2 5:1 3:2 23:1")
    examples.append(
        Example(
            "long-nardy-middle-game",
            {
                "en": "Long Nardy: one checker off the head, 5-3",
                "ru": "Длинные нарды: одна шашка с головы, 5-3",
            },
            nardy_middle,
            {"dice": (5, 3), "arrows": _play(nardy_middle, (5, 3), "24/19 20/17")},
        )
    )
    block = from_text(nardy, "24:9 22:1 21:1 20:1 19:1 18:1 13:1 / 12:13 11:1 9:1")
    examples.append(
        Example(
            "long-nardy-blocked-six",
            {
                "en": "Long Nardy: 24/23 would close six points in a row, none of dark's past",
                "ru": "Длинные нарды: ход 24/23 закрыл бы шесть пунктов подряд, а тёмные не прошли",
            },
            block,
            {
                "dice": (1, 4),
                "arrows": (Step(24, 23, 1),),
                "highlights": tuple(Highlight(p, "block") for p in range(23, 17, -1)),
                "labels": {23: "6!"},
            },
        )
    )
    nardy_off = from_text(nardy, "6:2 5:3 3:2 2:1 1:1 / 18:4 16:3 13:2 14:2")
    examples.append(
        Example(
            "long-nardy-bear-off",
            {
                "en": "Long Nardy: bearing off, 6-5",
                "ru": "Длинные нарды: снятие, 6-5",
            },
            nardy_off,
            {"dice": (6, 5), "arrows": _play(nardy_off, (6, 5), "6/off 5/off")},
        )
    )

    fevga = find_variant("fevga")
    fevga_middle = from_text(fevga, "24:11 20:1 16:1 9:2 / 12:10 8:1 3:2 22:1 18:1")
    examples.append(
        Example(
            "fevga-middle-game",
            {
                "en": "Fevga: the runner has passed dark's start, 4-2",
                "ru": "Февга: бегунок прошёл старт тёмных, 4-2",
            },
            fevga_middle,
            {"dice": (4, 2), "arrows": _play(fevga_middle, (4, 2), "24/20 16/14")},
        )
    )

    plakoto = find_variant("plakoto")
    before_pin = from_text(plakoto, "24:10 18:2 13:2 8:1 / 10:2 7:1 1:12")
    examples.append(
        Example(
            "plakoto-pinning",
            {
                "en": "Plakoto: 13/7^ pins dark's blot, 8/7 joins it",
                "ru": "Плакото: 13/7^ запирает одиночную шашку тёмных, 8/7 встаёт сверху",
            },
            before_pin,
            {"dice": (6, 1), "arrows": _play(before_pin, (6, 1), "13/7^ 8/7")},
        )
    )
    pins = from_text(plakoto, "24:9 20:1^ 18:2 13:1 7:2 / 20:1 10:2 7:1^ 1:11")
    examples.append(
        Example(
            "plakoto-pins",
            {
                "en": "Plakoto: dark pinned under light on 7, light pinned under dark on 20",
                "ru": "Плакото: тёмная шашка заперта светлой на 7-м, светлая — тёмной на 20-м",
            },
            pins,
            {"marked": (20,)},
        )
    )
    mother = plakoto.position(
        mover={1: 1, 6: 14}, opponent={1: 1, 19: 14}, pinned=[("opponent", 1)]
    )
    examples.append(
        Example(
            "plakoto-mother",
            {
                "en": "Plakoto: dark's last checker on its start is pinned, the mother: light wins",
                "ru": "Плакото: последняя шашка тёмных заперта на старте («мать»): победа светлых",
            },
            mother,
            {},
            {"en": {1: "mother"}, "ru": {1: "мать"}},
        )
    )
    turkish = find_variant("turkish-tavla")
    crowded = from_text(
        turkish, "bar:1 24:1 13:2 8:2 6:6 5:1 / bar:3 23:2 21:2 19:2 17:1 12:1 3:2 2:1"
    )
    examples.append(
        Example(
            "turkish-tavla-crowded",
            {
                "en": "Turkish Tavla: a tall stack, both bars, borne-off checkers, labels",
                "ru": "Турецкая тавла: высокий столб, шашки обеих сторон на баре, снятые шашки",
            },
            crowded,
            {"dice": (4, 1), "marked": (BAR,)},
            {"en": {BAR: "1", OFF: "off", 6: "stack"}, "ru": {BAR: "1", OFF: "сняты", 6: "столб"}},
        )
    )
    return tuple(examples)


# The standalone page ---------------------------------------------------------------------------

# The pages' colours are the site's (docs/assets/tabula.css: Material's white, and its dark
# "slate" in Tabula's green hue), so that a board looks here as it does on the site.
PAGE_CSS = """
:root { color-scheme: light; --page: #fff; --ink: #1f1f1f; }
[data-theme="dark"] { color-scheme: dark; --page: #1e2925; --ink: #e8e6e3; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; background: var(--page); color: var(--ink);
       font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center;
         margin-bottom: 1rem; }
h1 { font-size: 1.25rem; margin: 0; }
button { font: inherit; padding: .35rem .8rem; border-radius: .4rem; cursor: pointer;
         border: 1px solid currentColor; background: transparent; color: inherit; }
main { display: grid; gap: 1.5rem 1rem;
       grid-template-columns: repeat(auto-fill, minmax(min(100%, 24rem), 1fr)); }
figure { margin: 0; }
figcaption { margin-top: .35rem; font-size: .9rem; }
code { font-size: .8rem; opacity: .75; }
"""

PAGE_SCRIPT = """
const root = document.documentElement;
const setTheme = (theme) => {
  root.dataset.theme = theme;
  document.getElementById("theme").textContent = theme === "dark" ? "☀ light" : "☾ dark";
};
setTheme(new URLSearchParams(location.search).get("theme") === "dark" ? "dark" : "light");
document.getElementById("theme").addEventListener("click", () =>
  setTheme(root.dataset.theme === "dark" ? "light" : "dark"));
"""

PAGE_WORDS = {
    "en": {"title": "Tabula: board gallery", "lead": "Every variant and annotation."},
    "ru": {"title": "Tabula: галерея досок", "lead": "Все варианты и пометки."},
}


def gallery_html(lang: str = "en") -> str:
    """The whole gallery as one standalone HTML page in ``lang``; ``?theme=dark`` in the address
    opens it in the dark theme, a button switches themes, and ``#<example name>`` scrolls to a
    board."""
    if lang not in LANGUAGES:
        raise ValueError(f"no gallery in {lang!r}; use one of: {', '.join(LANGUAGES)}")
    words = PAGE_WORDS[lang]
    figures = "\n".join(
        f'<figure id="{example.name}">{example.svg(lang)}'
        f"<figcaption>{html.escape(example.caption[lang])} <code>{example.name}</code>"
        "</figcaption></figure>"
        for example in gallery()
    )
    return (
        f'<!doctype html>\n<html lang="{lang}" data-theme="light">\n<head>\n'
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(words['title'])}</title>\n"
        f"<style>{board_css()}\n{PAGE_CSS}</style>\n</head>\n<body>\n"
        f"<header><h1>{html.escape(words['title'])}</h1><span>{html.escape(words['lead'])}</span>"
        '<button id="theme" type="button"></button></header>\n'
        f"<main>\n{figures}\n</main>\n<script>{PAGE_SCRIPT}</script>\n</body>\n</html>\n"
    )


def write_gallery(folder: Path) -> list[Path]:
    """Write ``gallery.<lang>.html`` for every language into ``folder``; return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for lang in LANGUAGES:
        path = folder / f"gallery.{lang}.html"
        path.write_text(gallery_html(lang), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m generator.render.gallery OUT_DIR", file=sys.stderr)
        return 2
    for path in write_gallery(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
