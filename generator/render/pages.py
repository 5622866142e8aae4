"""The Markdown of the generated pages: a page per puzzle and lesson, and the index pages.

Pages are rendered with Jinja2 from ``templates/``; every word the generator itself writes comes
from the catalogs. A teacher's text reaches a page only through the two filters of
:mod:`generator.render.markup`: ``plain`` (titles, audiences, tags: the text as written) and
``rich`` (prompts, explanations, introductions: a small Markdown subset). Autoescaping is on for
anything else.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import PurePosixPath
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from ..locale import RULES_NAMES, TAG_NAMES, VARIANT_NAMES, explain, translations
from ..puzzles import Lesson, Puzzle, Solution
from ..puzzles.fences import Fence
from ..puzzles.model import Text
from ..puzzles.show import _answer, with_question
from .markup import plain_html, rich_html
from .widget import widget_data


@cache
def _environment() -> Environment:
    environment = Environment(
        loader=PackageLoader("generator.render", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["plain"] = plain_html
    environment.filters["rich"] = rich_html
    return environment


@dataclass(frozen=True)
class Page:
    """A generated page: its path inside a language's tree, and its Markdown."""

    path: PurePosixPath
    text: str


def _json_for_html(data: object) -> Markup:
    """JSON that is safe inside a ``<script>`` element: no ``</script>`` can end it early."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


BoardFunction = Callable[..., str]


def _front_matter_title(title: str) -> Markup:
    """A page's title for MkDocs' front matter, safe wherever the theme prints it.

    Themes print the title unescaped in the navigation and pass it through ``striptags`` (which
    unescapes entities) for ``<title>``: no escaping survives both, so angle brackets become
    look-alike quotation marks there. The page's own heading keeps the exact text, escaped.

    >>> print(_front_matter_title('<script>alert(1)</script> & co'))
    "‹script›alert(1)‹/script› ＆ co"
    """
    safe = title.replace("<", "‹").replace(">", "›").replace("&", "＆")
    return Markup(json.dumps(safe, ensure_ascii=False))


def tag_label(tag: str, lang: str, labels: Mapping[str, Text] | None = None) -> str:
    """A tag's label in ``lang``: the project's own (``labels``), else the site's.

    >>> tag_label("bear-off", "ru")
    'Снятие шашек'
    """
    if labels and tag in labels:
        return labels[tag][lang]
    return translations(lang).gettext(TAG_NAMES[tag]) if tag in TAG_NAMES else tag


def puzzle_page(
    puzzle: Puzzle,
    solution: Solution,
    lang: str,
    board: BoardFunction,
    lessons: Iterable[Lesson] = (),
    *,
    following: str | None = None,
    tag_labels: Mapping[str, Text] | None = None,
) -> Page:
    """The page of one puzzle in ``lang``: board, question, the widget's data and the
    solution (hidden until asked for). ``following``: the next puzzle's id in the variant's
    list, for the widget's "next puzzle" when the puzzle is in no lesson."""
    lessons = list(lessons)
    puzzle = with_question(puzzle)  # a legal task's question names the claimed play
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    dice = ""
    if puzzle.dice is not None:
        dice = _("Dice: {first}-{second}").format(first=puzzle.dice[0], second=puzzle.dice[1])
    plays = ""
    if puzzle.dice is not None and solution.plays and puzzle.task.kind in ("play", "legal"):
        plays = ngettext(
            "{count} legal play: {plays}", "{count} legal plays: {plays}", len(solution.plays)
        ).format(count=len(solution.plays), plays=", ".join(p.notation for p in solution.plays))
    data = {
        "id": puzzle.id,
        "variant": puzzle.variant.key,
        "task": puzzle.task.kind,
        "dice": list(puzzle.dice) if puzzle.dice else None,
        "plays": [play.notation for play in solution.plays],
        "accepted": [play.notation for play in solution.accepted],
        # The widget's (generator/render/widget.py): the graph of partial plays, the answers
        # of the other task kinds, the drawing's numbers and every word in this language.
        **widget_data(puzzle, solution, lang, lessons=lessons, following=following),
    }
    labels = {
        "variant": _(VARIANT_NAMES[puzzle.variant.key])
        + (
            f" · {_(RULES_NAMES[puzzle.variant.rules])}"
            if puzzle.variant.rules in RULES_NAMES
            else ""
        ),
        "level": _("level {level}").format(level=puzzle.level),
        "solution": _("Show the solution"),
        "in_lessons": _("In the lessons:"),
    }
    text = (
        _environment()
        .get_template("puzzle.md.j2")
        .render(
            title=_front_matter_title(puzzle.title[lang]),
            puzzle=puzzle,
            lang=lang,
            t=labels,
            board=Markup(board(puzzle.position, dice=puzzle.dice, lang=lang)),
            dice=dice,
            answer=_("Answer: {answer}").format(answer=_answer(puzzle, solution, lang)),
            plays=plays,
            data=_json_for_html(data),
            lessons=lessons,
            tags=[tag_label(tag, lang, tag_labels) for tag in puzzle.tags],
        )
    )
    return Page(PurePosixPath("puzzles", puzzle.id, "index.md"), text)


def lesson_page(
    lesson: Lesson, puzzles: list[Puzzle], lang: str, *, with_pdf: bool = False
) -> Page:
    """The page of one lesson in ``lang``: its introduction and its puzzles in order."""
    _ = translations(lang).gettext
    labels = {
        "level": _("level {level}").format(level=lesson.level),
        "audience": lesson.audience[lang],
        "worksheet": _("Worksheet to print"),
        "key": _("Answer key"),
    }
    pdfs = [
        {"href": f"{name}.{lang}.pdf", "text": text}
        for name, text in (("worksheet", _("worksheet (PDF)")), ("key", _("answer key (PDF)")))
        if with_pdf
    ]
    names = {key: _(name) for key, name in VARIANT_NAMES.items()}
    text = (
        _environment()
        .get_template("lesson.md.j2")
        .render(
            title=_front_matter_title(lesson.title[lang]),
            lesson=lesson,
            puzzles=puzzles,
            lang=lang,
            t=labels,
            variant_names=names,
            pdfs=pdfs,
        )
    )
    return Page(PurePosixPath("lessons", lesson.id, "index.md"), text)


def puzzle_order(puzzle: Puzzle) -> tuple[int, int, str]:
    """The order of the index pages: by game as the site lists them, then level, then id."""
    return (list(VARIANT_NAMES).index(puzzle.variant.key), puzzle.level, puzzle.id)


def index_pages(
    puzzles: list[Puzzle],
    lessons: list[Lesson],
    lang: str,
    tag_labels: Mapping[str, Text] | None = None,
) -> list[Page]:
    """The puzzles by game, by rule (tag, in the order of their labels) and by level, and the
    lessons by level."""
    _ = translations(lang).gettext
    names = {key: _(name) for key, name in VARIANT_NAMES.items()}
    ordered = sorted(puzzles, key=puzzle_order)

    def item(puzzle: Puzzle, note: str, up: str = "") -> dict[str, str]:
        return {
            "href": f"{up}{puzzle.id}/",
            "id": puzzle.id,
            "title": puzzle.title[lang],
            "note": note,
        }

    def level(number: int) -> str:
        return _("level {level}").format(level=number)

    by_variant = [
        {
            "heading": names[key],
            "items": [item(p, level(p.level)) for p in ordered if p.variant.key == key],
        }
        for key in VARIANT_NAMES
        if any(p.variant.key == key for p in ordered)
    ]
    label = {tag: tag_label(tag, lang, tag_labels) for p in ordered for tag in p.tags}
    by_tag = [
        {
            "heading": label[tag],
            "items": [item(p, names[p.variant.key], "../") for p in ordered if tag in p.tags],
        }
        for tag in sorted(label, key=lambda tag: (label[tag].casefold(), tag))
    ]
    by_level = [
        {
            "heading": _("Level {level}").format(level=n),
            "items": [item(p, names[p.variant.key], "../") for p in ordered if p.level == n],
        }
        for n in range(1, 6)
        if any(p.level == n for p in ordered)
    ]
    lessons_by_level = [
        {
            "heading": _("Level {level}").format(level=n),
            "items": [
                {
                    "href": f"{lesson.id}/",
                    "id": lesson.id,
                    "title": lesson.title[lang],
                    "note": ", ".join(names[v.key] for v in lesson.variants),
                }
                for lesson in sorted(lessons, key=lambda x: x.id)
                if lesson.level == n
            ],
        }
        for n in range(1, 6)
        if any(lesson.level == n for lesson in lessons)
    ]
    template = _environment().get_template("index.md.j2")

    def page(path: str, title: str, intro: str, sections: Sequence[Mapping[str, Any]]) -> Page:
        listed = [{**section, "list": _index_list(section["items"])} for section in sections]
        text = template.render(title=title, intro=intro, sections=listed)
        return Page(PurePosixPath(path), text)

    return [
        page(
            "puzzles/index.md",
            _("Puzzles"),
            _("Every puzzle, by game. Each one is checked by the rules engine."),
            by_variant,
        ),
        page(
            "puzzles/rules/index.md",
            _("Puzzles by rule"),
            _("The puzzles grouped by the rule they practise."),
            by_tag,
        ),
        page(
            "puzzles/levels/index.md",
            _("Puzzles by level"),
            _("From first lessons (level 1) to experts (level 5)."),
            by_level,
        ),
        page(
            "lessons/index.md",
            _("Lessons"),
            _("Puzzles in the order a teacher would set them, by level."),
            lessons_by_level,
        ),
    ]


def _index_list(items: Sequence[Mapping[str, str]]) -> Markup:
    """A list of an index page as HTML, each title escaped. (Written here rather than in the
    template: an index of a thousand puzzles is rebuilt on every change of a title.)"""
    escape = Markup.escape
    rows = [
        f'<li><a href="{escape(item["href"])}" data-puzzle-id="{escape(item["id"])}">'
        f"{plain_html(item['title'])}</a>"
        + (f' <span class="tabula-meta">{escape(item["note"])}</span>' if item["note"] else "")
        + "</li>\n"
        for item in items
    ]
    return Markup('<ul class="tabula-index">\n' + "".join(rows) + "</ul>")


def fence_html(fence: Fence, lang: str, board: BoardFunction) -> str:
    """A board fence of a hand-written page as HTML: the diagram, the dice, and the legal
    plays or the refusal the page asked for."""
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    parts = [
        '<div class="tabula-board" data-search-exclude data-pagefind-ignore>'
        + board(
            fence.position,
            dice=fence.dice,
            lang=lang,
            arrows=fence.arrows.steps if fence.arrows else (),
            highlights=tuple((place, "destination") for place in fence.highlight),
            mirrored=fence.mirrored,
            both_numbers=fence.both_numbers,
        )
        + "</div>"
    ]
    if fence.dice is not None:
        parts.append(
            _p(
                "tabula-dice",
                _("Dice: {first}-{second}").format(first=fence.dice[0], second=fence.dice[1]),
            )
        )
    if fence.show_plays:
        if fence.plays:
            text = ngettext(
                "{count} legal play: {plays}", "{count} legal plays: {plays}", len(fence.plays)
            ).format(count=len(fence.plays), plays=", ".join(p.notation for p in fence.plays))
        else:
            text = _("No legal play: the turn passes.")
        parts.append(_p("tabula-plays", text))
    if fence.refused is not None:
        play, reason = fence.refused
        why = explain(reason, lang) if reason is not None else ""
        parts.append(
            _p("tabula-refusal", _("{play} is not allowed: {reason}").format(play=play, reason=why))
        )
    return '<div class="tabula-figure" markdown="0">\n' + "\n".join(parts) + "\n</div>"


def _p(css_class: str, text: str) -> str:
    return f'<p class="{css_class}">{Markup.escape(text)}</p>'


@cache
def gallery_page(lang: str) -> Page:
    """The board gallery: every variant's start and every annotation, drawn from positions; it
    is also the page to look at when the drawing code changes."""
    from .gallery import gallery

    _ = translations(lang).gettext
    figures = "\n".join(
        f'<figure class="tabula-figure" id="{example.name}" markdown="0">'
        f'<div class="tabula-board" data-search-exclude data-pagefind-ignore>{example.svg(lang)}'
        f"</div><figcaption>{Markup.escape(example.caption[lang])}</figcaption></figure>"
        for example in gallery()
    )
    title = _("Board gallery")
    intro = _(
        "Every game's starting position and every kind of annotation the diagrams can show: "
        "arrows, highlights, pins, the bar, the trays, the dice and the cube."
    )
    text = f"# {Markup.escape(title)}\n\n{Markup.escape(intro)}\n\n{figures}\n"
    return Page(PurePosixPath("gallery", "index.md"), text)


def sheet_pages(
    lesson: Lesson,
    puzzles: list[Puzzle],
    solutions: Mapping[str, Solution],
    lang: str,
    board: BoardFunction,
) -> list[Page]:
    """A lesson's printable worksheet (numbered diagrams, questions and a box to write each
    answer in) and its answer key (the same with the engine's answers and the teacher's
    explanations). The heading names the sheet first ("Worksheet — Club, week 1: tavla"), so a
    lesson title with a colon of its own reads as one title."""
    _ = translations(lang).gettext
    labels = {
        "level": _("level {level}").format(level=lesson.level),
        "name": _("Name:"),
        "date": _("Date:"),
        "back": _("Back to the lesson"),
        "worksheet": _("Worksheet"),
        "key": _("Answer key"),
        "your_answer": _("Your answer:"),
    }
    items = []
    for puzzle in map(with_question, puzzles):  # a legal task names its claim
        dice = ""
        if puzzle.dice is not None:
            dice = _("Dice: {first}-{second}").format(first=puzzle.dice[0], second=puzzle.dice[1])
        items.append(
            {
                "id": puzzle.id,
                "title": puzzle.title[lang],
                "board": Markup(board(puzzle.position, dice=puzzle.dice, lang=lang)),
                "dice": dice,
                "prompt": puzzle.prompt[lang],
                "answer": _("Answer: {answer}").format(
                    answer=_answer(puzzle, solutions[puzzle.id], lang)
                ),
                "explain": puzzle.explain[lang] if puzzle.explain else "",
            }
        )
    template = _environment().get_template("sheet.md.j2")
    pages = []
    for key, heading, folder in (
        (False, _("Worksheet — {lesson}"), "worksheet"),
        (True, _("Answer key — {lesson}"), "key"),
    ):
        title = heading.format(lesson=lesson.title[lang])
        text = template.render(
            title=_front_matter_title(title), heading=title, key=key, items=items, t=labels
        )
        pages.append(Page(PurePosixPath("lessons", lesson.id, folder, "index.md"), text))
    return pages
