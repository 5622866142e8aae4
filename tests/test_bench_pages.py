"""``bench pages`` finds a page of every kind in each language and reports its heaviest."""

from __future__ import annotations

from pathlib import Path

from generator.bench.pages import Visit, format_figures, pages_of


def write(site: Path, path: str, size: int) -> None:
    file = site / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("x" * size, encoding="utf-8")


def test_each_page_is_of_one_kind_in_one_language_heaviest_first(tmp_path: Path) -> None:
    for path, size in {
        "index.html": 1,
        "rules/fevga/index.html": 5,
        "rules/plakoto/index.html": 9,
        "puzzles/index.html": 1,
        "puzzles/rules/index.html": 1,
        "puzzles/bg-x/index.html": 1,
        "lessons/a/key/index.html": 1,
        "404.html": 1,
        "ru/index.html": 1,
        "ru/rules/fevga/index.html": 1,
    }.items():
        write(tmp_path, path, size)
    english, russian = pages_of(tmp_path, "en"), pages_of(tmp_path, "ru")
    assert english["rules"] == ["rules/plakoto/", "rules/fevga/"]
    assert english["puzzles index"] == ["puzzles/", "puzzles/rules/"]
    assert english["puzzle"] == ["puzzles/bg-x/"]
    assert english["answer key"] == ["lessons/a/key/"]
    assert english["404"] == ["404.html"]
    assert english["home"] == [""]
    assert russian == {"home": ["ru/"], "rules": ["ru/rules/fevga/"]}


def test_the_figures_name_each_page_and_the_target() -> None:
    heavy = Visit("ru/faq/x/", 410 * 1024, 900 * 1024, 20, 200 * 1024, 3000, 1)
    text = format_figures({"faq": [heavy]})
    assert "faq: /ru/faq/x/" in text
    assert "heaviest first visit: 410 KB sent, gzipped (target: at most 400 KB, NOT met)" in text
    assert "python -m generator bench lighthouse" in text
