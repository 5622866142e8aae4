"""A lesson written in one language of a bilingual site is listed in that language only."""

from __future__ import annotations

from pathlib import Path

from generator.cli import main
from generator.site.generate import prepare, put_back


def test_a_russian_only_lesson_has_pages_and_links_in_russian_only(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    assert main(["init", str(folder), "--lang", "en,ru"]) == 0
    (folder / "puzzles" / "lessons" / "russian-only.yaml").write_text(
        "id: russian-only\ntitle: {ru: Только по-русски}\nintro: {ru: Позиции для начинающих.}\n"
        "audience: {ru: Начинающие}\nlevel: 1\nvariants: [backgammon]\npuzzles: [higher-die]\n",
        encoding="utf-8",
    )
    site = prepare(folder / "puzzles", folder / "docs")
    assert not site.errors
    warnings = [str(d) for d in site.project.report.sorted() if "russian-only" in str(d)]
    assert warnings, "check warns about a lesson in one language"

    def paths(lang: str) -> set[str]:
        return {page.path.as_posix() for page in site.pages[lang]}

    def text(lang: str, path: str) -> str:
        return put_back(next(p.text for p in site.pages[lang] if p.path.as_posix() == path))

    assert "lessons/russian-only/index.md" in paths("ru")
    assert not any(path.startswith("lessons/russian-only/") for path in paths("en"))
    assert "russian-only/" in text("ru", "lessons/index.md")
    assert "russian-only" not in text("en", "lessons/index.md")
    assert "russian-only" not in text("en", "puzzles/higher-die/index.md")
    assert "russian-only" in text("ru", "puzzles/higher-die/index.md")
