"""The glossary's shared term ids: one ``## Term {#id}`` heading per term, the same ids in
every language.

Each language has its own ``docs/<lang>/glossary.md``, ordered alphabetically in that language,
so the terms stand in a different order on each side. The explicit id is what ties a term to its
translation: a link to ``glossary.md#blot`` must land on the blot in English and in Russian, and
the language switcher must keep the reader on the same term. The check below reports, as
``path:line:column``, every term heading without an id, every id used twice in one glossary and
every id that another language's glossary does not have.

Only ``##`` headings are terms; the page title (``#``) and subsections (``###``) are not, and
nothing inside a fenced block counts.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..locale import Message, _
from .diagnostics import Diagnostic, Report, display_path
from .source import read_source

GLOSSARY = "glossary.md"
"""The glossary's file name in each language's folder of ``docs/``."""

_TERM = re.compile(r"^##(?!#)[ \t]*(?P<text>.*?)[ \t]*$")
_ATTRIBUTES = re.compile(r"\{:?[ \t]*(?P<body>[^{}]*)\}$")
_ID = re.compile(r"(?:^|[ \t])#(?P<id>[^\s{}]+)")
_FENCE = re.compile(r"^[ \t]*(?P<marks>```+|~~~+)")


@dataclass(frozen=True)
class Term:
    """A term heading of a glossary: its words, its explicit id (``None`` when it has none)
    and where it is (the column of the id, or of the heading when there is no id)."""

    title: str
    id: str | None
    line: int
    column: int


def read_terms(text: str) -> list[Term]:
    """The ``##`` headings of a glossary page, in order.

    >>> page = "# Glossary\\n\\n## Blot {#blot}\\n"
    >>> [(t.title, t.id, t.line, t.column) for t in read_terms(page)]
    [('Blot', 'blot', 3, 11)]
    >>> read_terms("## Bar\\n")[0].id is None
    True
    """
    terms: list[Term] = []
    fence: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening["marks"][0] == fence[0] and len(opening["marks"]) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening["marks"]
            continue
        heading = _TERM.match(line)
        if heading is None:
            continue
        words = heading["text"].rstrip("#").rstrip()
        attributes = _ATTRIBUTES.search(words)
        if attributes is None:
            terms.append(Term(words, None, number, 1))
            continue
        title = words[: attributes.start()].rstrip().rstrip("#").rstrip()
        found = _ID.search(attributes["body"])
        if found is None:
            terms.append(Term(title, None, number, 1))
            continue
        column = heading.start("text") + attributes.start("body") + found.start("id") + 1
        terms.append(Term(title, found["id"], number, column))
    return terms


def check_glossaries(docs_dir: Path, languages: Sequence[str]) -> list[Diagnostic]:
    """Every problem with the term ids of the glossaries ``docs_dir/<lang>/glossary.md``,
    sorted by file and line: a term heading without an explicit id, an id used twice in one
    glossary, an id that another language's glossary lacks, and a language without a glossary
    while another has one. No glossary at all is no problem."""
    report = Report()
    paths = {lang: docs_dir / lang / GLOSSARY for lang in languages}
    present = {lang: path for lang, path in paths.items() if path.is_file()}
    if not present:
        return []
    ids = {lang: _read_ids(path, lang, paths, report) for lang, path in present.items()}
    model = next(iter(present))
    for lang, path in paths.items():
        if lang not in present:
            count = len(ids[model])
            report.error(
                path,
                1,
                1,
                Message.ngettext(
                    "the glossary is missing in this language: {path} has {count} term; write "
                    "this page with the same ids",
                    "the glossary is missing in this language: {path} has {count} terms; write "
                    "this page with the same ids",
                    count,
                    path=display_path(paths[model]),
                    count=count,
                ),
            )
    for lang, path in present.items():
        for other, other_path in present.items():
            if other != lang:
                _compare(path, ids[lang], other_path, ids[other], report)
    return report.sorted()


def _read_ids(path: Path, lang: str, paths: dict[str, Path], report: Report) -> dict[str, Term]:
    """The terms of one glossary by id (the first term of each id), reporting the headings
    without an id and the ids used twice."""
    seen: dict[str, Term] = {}
    # A page that cannot be read (not UTF-8, a named pipe...) is reported by the check of
    # pages; here it has no terms.
    text = read_source(path, Report(), what=_("a page"))
    for term in read_terms(text or ""):
        if term.id is None:
            report.error(path, term.line, term.column, _no_id(term, lang, paths))
        elif term.id in seen:
            earlier = seen[term.id]
            report.error(
                path,
                term.line,
                term.column,
                _(
                    "the id '{id}' is already used by '{title}' on line {line}: give each term "
                    "its own id",
                    id=term.id,
                    title=earlier.title,
                    line=earlier.line,
                ),
            )
        else:
            seen[term.id] = term
    return seen


def _compare(
    path: Path, ids: dict[str, Term], other_path: Path, other_ids: dict[str, Term], report: Report
) -> None:
    """Report each term of ``path`` whose id the glossary ``other_path`` does not have."""
    unmatched = [term_id for term_id in other_ids if term_id not in ids]
    for term_id, term in ids.items():
        if term_id in other_ids:
            continue
        close = difflib.get_close_matches(term_id, unmatched, n=1, cutoff=0.6)
        heading = f"## ... {{#{term_id}}}"
        if close:
            problem = _(
                "the term '{title}' (id '{id}') is missing in {path} (it has '{close}' instead: "
                "is one of the two a typo?): add it there as '{heading}', or remove it here",
                title=term.title,
                id=term_id,
                path=display_path(other_path),
                close=close[0],
                heading=heading,
            )
        else:
            problem = _(
                "the term '{title}' (id '{id}') is missing in {path}: add it there as "
                "'{heading}', or remove it here",
                title=term.title,
                id=term_id,
                path=display_path(other_path),
                heading=heading,
            )
        report.error(path, term.line, term.column, problem)


def _no_id(term: Term, lang: str, paths: dict[str, Path]) -> Message:
    others = " and ".join(display_path(path) for other, path in paths.items() if other != lang)
    slug = re.sub(r"[^a-z0-9]+", "-", term.title.lower()).strip("-")
    example = f"## {term.title} {{#{slug or 'some-id'}}}"
    if slug and others:
        return _(
            "the term '{title}' has no id: end its heading with one, such as '{example}', and "
            "give the term the same id in {others}",
            title=term.title,
            example=example,
            others=others,
        )
    if others:
        return _(
            "the term '{title}' has no id: end its heading with one, such as '{example}', the "
            "id this term has in {others}",
            title=term.title,
            example=example,
            others=others,
        )
    return _(
        "the term '{title}' has no id: end its heading with one, such as '{example}'",
        title=term.title,
        example=example,
    )
