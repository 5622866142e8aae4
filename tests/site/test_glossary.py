"""The glossaries' term ids: every term has an explicit id, once per glossary, and the same ids
in every language, so a link to ``glossary.md#blot`` lands on the same term everywhere."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from generator.puzzles.diagnostics import display_path
from generator.puzzles.glossary import check_glossaries, read_terms
from generator.site.plugin import TabulaPlugin

ENGLISH = """\
# Glossary

## Bar {#bar}

The strip across the middle of the board.

## Blot {#blot}

A checker alone on a point.
"""

RUSSIAN = """\
# Словарь

## Бар {#bar}

Планка посередине доски.

## Блот {#blot}

Одинокая шашка на пункте.
"""


def write(docs: Path, lang: str, text: str) -> Path:
    path = docs / lang / "glossary.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems(docs: Path) -> list[str]:
    return [str(d) for d in check_glossaries(docs, ("en", "ru"))]


def test_a_matching_pair_has_no_problem(tmp_path: Path) -> None:
    write(tmp_path, "en", ENGLISH)
    write(tmp_path, "ru", RUSSIAN)
    assert problems(tmp_path) == []


def test_no_glossary_in_any_language_is_no_problem(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    assert problems(tmp_path) == []


def test_a_term_missing_in_russian_is_reported_at_the_english_term(tmp_path: Path) -> None:
    english = write(tmp_path, "en", ENGLISH + "\n## Pin {#pin}\n\nPlakoto's capture.\n")
    write(tmp_path, "ru", RUSSIAN)
    russian = display_path(tmp_path / "ru" / "glossary.md")
    assert problems(tmp_path) == [
        f"{display_path(english)}:11:10: error: the term 'Pin' (id 'pin') is missing in "
        f"{russian}: add it there as '## ... {{#pin}}', or remove it here"
    ]


def test_a_misspelt_id_is_reported_on_both_sides_with_a_hint(tmp_path: Path) -> None:
    english = write(tmp_path, "en", ENGLISH)
    russian = write(tmp_path, "ru", RUSSIAN.replace("{#blot}", "{#blott}"))
    found = problems(tmp_path)
    assert found == [
        f"{display_path(english)}:7:11: error: the term 'Blot' (id 'blot') is missing in "
        f"{display_path(russian)} (it has 'blott' instead: is one of the two a typo?): add it "
        "there as '## ... {#blot}', or remove it here",
        f"{display_path(russian)}:7:11: error: the term 'Блот' (id 'blott') is missing in "
        f"{display_path(english)} (it has 'blot' instead: is one of the two a typo?): add it "
        "there as '## ... {#blott}', or remove it here",
    ]


def test_a_duplicate_id_is_reported_at_the_second_use(tmp_path: Path) -> None:
    write(tmp_path, "en", ENGLISH)
    russian = write(tmp_path, "ru", RUSSIAN + "\n## Одиночка {#blot}\n\nТо же, что блот.\n")
    assert problems(tmp_path) == [
        f"{display_path(russian)}:11:15: error: the id 'blot' is already used by 'Блот' on "
        "line 7: give each term its own id"
    ]


def test_a_heading_without_an_id_is_reported_with_a_suggested_id(tmp_path: Path) -> None:
    english = write(tmp_path, "en", ENGLISH.replace("## Blot {#blot}", "## Blot"))
    russian = write(tmp_path, "ru", RUSSIAN)
    assert problems(tmp_path) == [
        f"{display_path(english)}:7:1: error: the term 'Blot' has no id: end its heading with "
        f"one, such as '## Blot {{#blot}}', and give the term the same id in "
        f"{display_path(russian)}",
        # The Russian blot has nothing to pair with any more.
        f"{display_path(russian)}:7:11: error: the term 'Блот' (id 'blot') is missing in "
        f"{display_path(english)}: add it there as '## ... {{#blot}}', or remove it here",
    ]


def test_a_russian_heading_without_an_id_points_to_the_other_language(tmp_path: Path) -> None:
    english = write(tmp_path, "en", ENGLISH)
    russian = write(tmp_path, "ru", RUSSIAN.replace("## Бар {#bar}", "## Бар"))
    found = problems(tmp_path)
    assert found[0] == (
        f"{display_path(english)}:3:10: error: the term 'Bar' (id 'bar') is missing in "
        f"{display_path(russian)}: add it there as '## ... {{#bar}}', or remove it here"
    )
    assert found[1] == (
        f"{display_path(russian)}:3:1: error: the term 'Бар' has no id: end its heading with "
        f"one, such as '## Бар {{#some-id}}', the id this term has in {display_path(english)}"
    )


def test_a_missing_glossary_is_reported_for_its_language(tmp_path: Path) -> None:
    english = write(tmp_path, "en", ENGLISH)
    (tmp_path / "ru").mkdir()
    assert problems(tmp_path) == [
        f"{display_path(tmp_path / 'ru' / 'glossary.md')}:1:1: error: the glossary is missing "
        f"in this language: {display_path(english)} has 2 terms; write this page with the "
        "same ids"
    ]


@pytest.mark.parametrize(
    ("heading", "title", "term_id"),
    [
        ("## Blot {#blot}", "Blot", "blot"),
        ("## Blot { #blot .term }", "Blot", "blot"),
        ("## Blot {: #blot }", "Blot", "blot"),
        ("## Blot {#blot} ##", "Blot", "blot"),
        ("## Blot {.term}", "Blot", None),
        ("## Blot", "Blot", None),
    ],
)
def test_the_id_is_read_in_every_spelling_of_attr_list(
    heading: str, title: str, term_id: str | None
) -> None:
    (term,) = read_terms(heading + "\n")
    assert (term.title, term.id) == (title, term_id)


def test_only_second_level_headings_outside_fences_are_terms() -> None:
    text = "# Title\n\n```markdown\n## Not a term\n```\n\n### A subsection\n\n## Bar {#bar}\n"
    assert [(t.title, t.line) for t in read_terms(text)] == [("Bar", 9)]


def test_the_build_stops_before_writing_when_a_term_is_missing(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs, "en", ENGLISH + "\n## Pin {#pin}\n\nPlakoto's capture.\n")
    write(docs, "ru", RUSSIAN)
    plugin = TabulaPlugin()
    plugin.load_config({"pdf": "no"})
    config = SimpleNamespace(
        docs_dir=str(docs), config_file_path=str(tmp_path / "mkdocs.yml"), watch=[], plugins={}
    )
    with pytest.raises(PluginError, match=r"1 problem in .*nothing was built:\n.*'pin'"):
        plugin.on_pre_build(config)  # type: ignore[arg-type]
    assert plugin.site is None
    assert sorted(p.name for p in (docs / "en").iterdir()) == ["glossary.md"]
