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

from ..engine import Cube, Play
from ..locale import RULES_NAMES, TAG_NAMES, VARIANT_NAMES, explain, translations
from ..puzzles import Lesson, Puzzle, Solution
from ..puzzles.fences import Fence
from ..puzzles.model import CubeTask, ResultTask, Text
from ..puzzles.show import answer_text, with_question
from ..puzzles.tasks import kind_of
from .legend import legend_swatch
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
    dice = ""
    if puzzle.dice is not None:
        dice = _("Dice: {first}-{second}").format(first=puzzle.dice[0], second=puzzle.dice[1])
    plays = ""
    if puzzle.dice is not None and solution.plays and kind_of(puzzle).lists_plays:
        plays = legal_plays_text(solution.plays, lang)
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
        # Opened from a lesson's page (the widget is told which), "next" stays in the lesson.
        "lesson_next": lesson_next(puzzle.id, lessons),
    }
    cube = board_cube(puzzle)
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
            board=Markup(board(puzzle.position, dice=puzzle.dice, cube=cube, lang=lang)),
            legend=board_legend(puzzle, cube, lang),
            dice=dice,
            answer=_("Answer: {answer}").format(answer=answer_text(puzzle, solution, lang)),
            plays=plays,
            data=_json_for_html(data),
            lessons=lessons,
            tags=[tag_label(tag, lang, tag_labels) for tag in puzzle.tags],
        )
    )
    return Page(PurePosixPath("puzzles", puzzle.id, "index.md"), text)


def board_cube(puzzle: Puzzle) -> Cube | int | None:
    """The doubling cube a puzzle's board shows, where the cube decides the answer: a cube
    task's cube before the double; for a game's result in a game with a cube, its value (who
    holds it does not change the score, and the puzzle does not say)."""
    task = puzzle.task
    variant = puzzle.variant
    if isinstance(task, CubeTask):
        return task.cube
    if isinstance(task, ResultTask) and (variant.has_cube or variant.cube_optional):
        return Cube() if task.cube == 1 else task.cube
    return None


def board_legend(puzzle: Puzzle, cube: Cube | int | None, lang: str) -> list[dict[str, Any]]:
    """What the marks on a puzzle's board mean, in ``lang``: the widget's (the picked checker,
    where it can go, what stops a step; the checker asked about and the places ticked), the
    start of the running games (Long Nardy's head), and the cube. ``widget``: a mark only the
    widget draws (a page read without JavaScript hides it)."""
    _ = translations(lang).gettext
    items: list[tuple[str, str, bool]] = []
    if puzzle.task.kind == "play":
        items += [
            ("source", _("The checker you picked"), True),
            ("destination", _("Where it can go"), True),
            ("mark", _("What stops a step"), True),
        ]
    elif puzzle.task.kind == "destinations":
        items += [
            ("source", _("The checker the question is about"), True),
            ("destination", _("A place you ticked"), True),
        ]
    if puzzle.variant.same_direction and puzzle.variant.head:
        items.append(("head", _("The head: the point each side starts from, in its colour"), False))
    elif puzzle.variant.same_direction:
        items.append(
            ("start", _("The start: the point each side sets out from, in its colour"), False)
        )
    if isinstance(cube, Cube):
        items.append(
            (
                "cube",
                _(
                    "The doubling cube: by the player who owns it, or in the middle (64 up) "
                    "while nobody does"
                ),
                False,
            )
        )
    elif cube is not None:
        items.append(("cube", _("The doubling cube and the value it shows"), False))
    return [
        {"mark": mark, "swatch": Markup(legend_swatch(mark)), "text": text, "widget": widget}
        for mark, text, widget in items
    ]


def lesson_next(puzzle_id: str, lessons: Iterable[Lesson]) -> dict[str, str | None]:
    """For each lesson the puzzle is in, the id of the lesson's next puzzle (``None`` after its
    last): the puzzle's "next" when the learner came from that lesson's page.

    >>> from types import SimpleNamespace as Lesson
    >>> first = Lesson(id="first", puzzles=("a", "b", "c"))
    >>> other = Lesson(id="other", puzzles=("x", "b"))
    >>> lesson_next("b", [first, other])
    {'first': 'c', 'other': None}
    """
    found: dict[str, str | None] = {}
    for lesson in lessons:
        order = list(lesson.puzzles)
        if puzzle_id in order:
            at = order.index(puzzle_id) + 1
            found[lesson.id] = order[at] if at < len(order) else None
    return found


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


def legal_plays_text(plays: Sequence[Play], lang: str) -> str:
    """The legal plays of a roll, listed for the reader: a lone play is "the only" one, not
    "1 legal play" (in Russian the count's singular form also serves 21, 31...).

    >>> from generator.engine import find_variant
    >>> plays = find_variant("backgammon").start().turn((6, 5)).plays
    >>> legal_plays_text(plays[:1], "ru")
    'Единственный допустимый ход: 13/7 13/8'
    >>> legal_plays_text(plays[:2], "en")
    '2 legal plays: 13/7 13/8, 13/7 8/3'
    """
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    if len(plays) == 1:
        return _("The only legal play: {play}").format(play=plays[0].notation)
    return ngettext(
        "{count} legal play: {plays}", "{count} legal plays: {plays}", len(plays)
    ).format(count=len(plays), plays=", ".join(play.notation for play in plays))


def fence_html(fence: Fence, lang: str, board: BoardFunction) -> str:
    """A board fence of a hand-written page as HTML: the diagram, the dice, and the legal
    plays or the refusal the page asked for."""
    _ = translations(lang).gettext
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
    if fence.variant.rules in RULES_NAMES:
        # A board under another table's reading says which one, as a puzzle page does.
        reading = f"{_(VARIANT_NAMES[fence.variant.key])} · {_(RULES_NAMES[fence.variant.rules])}"
        parts.append(_p("tabula-rules", reading))
    if fence.dice is not None:
        parts.append(
            _p(
                "tabula-dice",
                _("Dice: {first}-{second}").format(first=fence.dice[0], second=fence.dice[1]),
            )
        )
    if fence.show_plays:
        if fence.plays:
            text = legal_plays_text(fence.plays, lang)
        else:
            text = _("No legal play: the turn passes.")
        parts.append(_p("tabula-plays", text))
    if fence.refused is not None:
        play, reason = fence.refused
        why = explain(reason, lang) if reason is not None else ""
        words = _("{play} is not allowed: {reason}")
        if ": {reason}" in words:
            # Joined after a colon the engine's sentence reads on as a clause (widget.js's
            # fillJoined does the same); after a full stop (Russian) it stays a sentence.
            why = why[:1].lower() + why[1:]
        parts.append(_p("tabula-refusal", words.format(play=play, reason=why)))
    if fence.playable:
        # The board and its dice become a widget in free play (assets/tabula-widget.js).
        parts[0] = (
            f'<div class="tabula-puzzle tabula-try" data-puzzle-id="{try_id(fence)}" '
            f'data-variant="{fence.variant.key}" data-task="play" data-free="yes">\n'
            + parts[0]
            + '\n<div class="tabula-status" role="status" aria-live="polite"></div>\n'
            + '<template class="tabula-data" data-search-exclude data-pagefind-ignore>'
            + str(_json_for_html(try_data(fence, lang)))  # (a Markup would escape the rest)
            + "</template>\n</div>"
        )
    return '<div class="tabula-figure" markdown="0">\n' + "\n".join(parts) + "\n</div>"


def try_id(fence: Fence) -> str:
    """The id of a fence to try, unique on its page: ``try-`` and the line of its fence."""
    return f"try-{fence.line}"


def try_data(fence: Fence, lang: str) -> dict[str, Any]:
    """The widget's data for a fence to try (``try: true``): the roll played in free play,
    every legal play accepted, each refused step with its reason; nothing is remembered as
    solved and there is no solution to show (any legal play will do)."""
    from ..puzzles.model import PlayTask, Where

    _ = translations(lang).gettext
    assert fence.dice is not None
    turn = fence.position.turn(fence.dice)
    puzzle = Puzzle(
        id=try_id(fence),
        variant=fence.variant,
        title=Text("", ""),
        prompt=Text("", ""),
        explain=None,
        level=1,
        tags=(),
        position=fence.position,
        dice=fence.dice,
        task=PlayTask(None, False),
        where=Where(fence.path, fence.line, 1),
    )
    solution = Solution(plays=turn.plays, accepted=turn.plays, turn=turn)
    data = {
        "id": puzzle.id,
        "variant": fence.variant.key,
        "task": "play",
        "dice": list(fence.dice),
        "plays": [play.notation for play in turn.plays],
        "accepted": [play.notation for play in turn.plays],
        **widget_data(puzzle, solution, lang),
        "free": True,
    }
    data["words"] = {
        **data["words"],
        "accepted": _("{play} is a legal play with this roll."),
        "how_play": _(
            "Try the roll: pick a checker, then the point to move it to. A step the rules "
            "refuse is explained."
        ),
    }
    return data


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
        f'<div class="tabula-board" data-search-exclude data-pagefind-ignore>'
        f"{example.svg(lang, standalone=False)}"
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
                    answer=answer_text(puzzle, solutions[puzzle.id], lang)
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
