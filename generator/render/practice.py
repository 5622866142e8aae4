"""The practice and progress pages, and their puzzle index: what each puzzle practises, as a
script.

The practice page (``practice.md``, driven by ``assets/tabula-practice.js``) chooses puzzles by
game, rule and level, and the progress page counts what is solved and due by game and rule:
both read this index. It is a classic script that sets a global, not JSON to fetch, because a
site opened from disk (``python -m generator offline``, ``file://``) may run scripts but not
fetch files. One index per language, beside the puzzles' pages (``puzzles/practice-index.js``),
with the titles, games' names and rules' labels in that language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import PurePosixPath

from ..locale import N_, VARIANT_NAMES, translations
from ..puzzles import Puzzle
from ..puzzles.model import Text
from .pages import Page, puzzle_order, tag_label

INDEX_PATH = PurePosixPath("puzzles", "practice-index.js")
"""Where the index is, in each language's tree (and so in the built site)."""


WORDS = {
    "session": N_("Practice session"),
    "where": N_("Practice: puzzle {at} of {count}"),
    "streak": N_("Streak: {streak}"),
    "next": N_("Next in practice"),
    "summary": N_("See the summary"),
    "resume": N_("Continue the session: puzzle {at} of {count}"),
    "games": N_("Games"),
    "rules": N_("Rules"),
    "levels": N_("Levels"),
    "level": N_("Level {level}"),
    "start": N_("Start a session of five puzzles"),
    "none": N_("No puzzle matches your choice: choose more games, rules or levels."),
    "over": N_("Session over"),
    "best": N_("Best streak: {streak}"),
    "come_back": N_("The puzzles missed come back in your next sessions:"),
    "again": N_("Practise again"),
    "by_game": N_("By game"),
    "by_rule": N_("By rule"),
    "game": N_("Game"),
    "rule": N_("Rule"),
    "solved": N_("Solved"),
    "due_column": N_("Due for review"),
    "puzzles": N_("Puzzles"),
    "file": N_("Progress on another device"),
    "save": N_("Save progress to a file"),
    "load": N_("Load progress from a file"),
    "not_progress": N_("This file is not a Tabula progress file: nothing was loaded."),
    "damaged": N_(
        "This progress file is damaged or from another version of Tabula: nothing was loaded."
    ),
    "unreadable": N_("The file could not be read: nothing was loaded."),
}
"""The words of the practice and progress pages (``assets/tabula-practice.js``)."""

PLURAL_SAMPLES = {"one": 1, "few": 2, "many": 5, "other": 5}
"""A number of each plural category of the browser's ``Intl.PluralRules`` (English has "one"
and "other", Russian "one", "few" and "many"): a counted message is given in the form of each,
and the script picks the form of its count's category."""


def words(lang: str) -> dict[str, object]:
    """The practice and progress pages' words in ``lang``; a counted message as its forms by
    plural category."""
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext

    def forms(form: Callable[[int], str]) -> dict[str, str]:
        return {category: form(n) for category, n in PLURAL_SAMPLES.items()}

    found: dict[str, object] = {key: _(text) for key, text in WORDS.items()}
    found["matching"] = forms(
        lambda n: ngettext(
            "{count} puzzle matches your choice.", "{count} puzzles match your choice.", n
        )
    )
    found["due"] = forms(
        lambda n: ngettext(
            "{count} of them is due for review and comes first.",
            "{count} of them are due for review and come first.",
            n,
        )
    )
    found["solved_of"] = forms(
        lambda n: ngettext(
            "Solved at the first try: {solved} of {count} puzzle.",
            "Solved at the first try: {solved} of {count} puzzles.",
            n,
        )
    )
    found["total"] = forms(
        lambda n: ngettext(
            "{solved} of {count} puzzle solved, {due} due for review.",
            "{solved} of {count} puzzles solved, {due} due for review.",
            n,
        )
    )
    found["loaded"] = forms(
        lambda n: ngettext(
            "Progress loaded and merged with this browser's: the file lists {count} solved puzzle.",
            "Progress loaded and merged with this browser's: the file lists {count} solved "
            "puzzles.",
            n,
        )
    )
    return found


def practice_index(
    puzzles: list[Puzzle], lang: str, tag_labels: Mapping[str, Text] | None = None
) -> dict[str, object]:
    """The index in ``lang``: the games and rules that have puzzles, in the index pages' order,
    and each puzzle's game, rules, level and title (``href`` from the language's root).

    >>> index = practice_index([], "ru")
    >>> index["games"], index["puzzles"]
    ([], [])
    """
    _ = translations(lang).gettext
    ordered = sorted(puzzles, key=puzzle_order)
    games = [
        {"key": key, "name": _(name)}
        for key, name in VARIANT_NAMES.items()
        if any(p.variant.key == key for p in ordered)
    ]
    labels = {tag: tag_label(tag, lang, tag_labels) for p in ordered for tag in p.tags}
    rules = [
        {"key": tag, "name": labels[tag]}
        for tag in sorted(labels, key=lambda tag: (labels[tag].casefold(), tag))
    ]
    return {
        "lang": lang,
        "words": words(lang),
        "games": games,
        "rules": rules,
        "levels": sorted({p.level for p in ordered}),
        "puzzles": [
            {
                "id": p.id,
                "title": p.title[lang],
                "game": p.variant.key,
                "rules": list(p.tags),
                "level": p.level,
                "href": f"puzzles/{p.id}/",
            }
            for p in ordered
        ],
    }


def practice_index_page(
    puzzles: list[Puzzle], lang: str, tag_labels: Mapping[str, Text] | None = None
) -> Page:
    """The index as the script ``puzzles/practice-index.js`` of ``lang``'s tree: it adds the
    index to ``window.TabulaPracticeIndex`` under the language."""
    data = json.dumps(
        practice_index(puzzles, lang, tag_labels),
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    # Safe in any page: no "</script>" or HTML comment can come out of a title.
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = (
        "// The puzzle index of the practice and progress pages (generator/render/practice.py).\n"
        f"(window.TabulaPracticeIndex ??= {{}})[{json.dumps(lang)}] = {data};\n"
    )
    return Page(INDEX_PATH, text)


def practice_pages(lang: str) -> list[Page]:
    """The practice page (``practice/``) and the progress page (``progress/``) in ``lang``, for
    a site that has no ``practice.md`` of its own: every Tabula site has both, as it has a
    search page, without copies in its docs/. The scripts fill them (``assets/practice.js``)
    from the index (:data:`INDEX_PATH`)."""
    _ = translations(lang).gettext
    index = f"../{INDEX_PATH}"
    practice = _(
        "Choose the games, the rules and the levels you want to practise: a session gives you "
        "five puzzles one after another, in a shuffled order, and counts your streak of puzzles "
        "solved at the first try. A puzzle you miss comes back in your next sessions, sooner "
        "than the ones you solve; the [progress page]({progress}) shows what is solved and "
        "what is due for review."
    ).format(progress="../progress/index.md")
    kept = _("Your progress stays in this browser: no account, nothing is sent anywhere.")
    needs = _(
        "The practice sessions need JavaScript. Every puzzle is also listed "
        '<a href="{by_game}">by game</a>, <a href="{by_rule}">by rule</a> and '
        '<a href="{by_level}">by level</a>.'
    ).format(by_game="../puzzles/", by_rule="../puzzles/rules/", by_level="../puzzles/levels/")
    progress = _(
        "What you have solved, by game and by rule, and how many puzzles are due for review: a "
        "puzzle you missed is due in your next [practice session]({practice}), one you solved "
        "comes back later and later. Your progress is kept in this browser only. To take it to "
        "another device, save it to a file here and load the file there: what the file holds "
        "is added to what that browser already has."
    ).format(practice="../practice/index.md")
    practice_title, progress_title = _("Practice"), _("Progress")
    progress_needs = _("The progress page needs JavaScript.")
    return [
        Page(
            PurePosixPath("practice", "index.md"),
            f"# {practice_title}\n\n{practice}\n\n{kept}\n\n"
            f'<div id="tabula-practice" data-index="{index}" markdown="0">\n'
            f"<p>{needs}</p>\n</div>\n",
        ),
        Page(
            PurePosixPath("progress", "index.md"),
            f"# {progress_title}\n\n{progress}\n\n"
            f'<div id="tabula-progress" data-index="{index}" markdown="0">\n'
            f"<p>{progress_needs}</p>\n</div>\n",
        ),
    ]
