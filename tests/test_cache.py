"""The build's caches: one mechanism, bounded, renewed by each build of the site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.cache import BuildCache, build_caches, new_build
from generator.cli import main
from generator.site import generate

MARK = re.compile(r"<!--tabula:([0-9a-f]{20})-->")
"""Where a page's board or list was set aside (generate.set_aside)."""


def test_a_value_is_computed_once_and_kept_while_builds_use_it() -> None:
    cache: BuildCache[str, int] = BuildCache("test: kept", limit=10)
    computed: list[str] = []

    def square(key: str) -> int:
        computed.append(key)
        return len(key) ** 2

    for _ in range(3):
        assert cache.get("abc", lambda: square("abc")) == 9
        new_build()
    assert computed == ["abc"]


def test_what_a_build_did_not_use_is_gone_after_the_next() -> None:
    cache: BuildCache[str, int] = BuildCache("test: dropped", limit=10)
    cache.keep("old", 1)
    new_build()  # a build that does not ask for "old"
    assert len(cache) == 1
    new_build()
    assert len(cache) == 0
    assert cache.find("old") is None


def test_a_cache_never_holds_more_than_twice_its_limit() -> None:
    cache: BuildCache[int, int] = BuildCache("test: bounded", limit=5)
    for key in range(100):
        cache.get(key, lambda key=key: key)  # type: ignore[misc]
        assert len(cache) <= 10
    assert cache.find(99) == 99 and cache.find(0) is None


def test_keep_replaces_the_value_of_a_key() -> None:
    cache: BuildCache[str, str] = BuildCache("test: replaced", limit=3)
    cache.keep("page", "old text")
    new_build()
    cache.keep("page", "new text")
    assert cache.find("page") == "new text" and len(cache) == 1


def test_a_cache_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="limit=0"):
        BuildCache("test: empty", limit=0)


def test_the_sites_caches_are_build_caches() -> None:
    names = {cache.name for cache in build_caches()}
    assert {"boards", "set aside", "puzzle pages", "written pages"} <= names


def test_the_html_set_aside_belongs_to_the_site_last_prepared(tmp_path: Path) -> None:
    """A second site prepared in the same process starts the set-aside HTML again: the first
    one's boards do not stay behind (they stayed for the whole process before)."""
    sites = {}
    for langs in ("en,ru", "en"):
        folder = tmp_path / langs.replace(",", "-")
        assert main(["init", str(folder), "--lang", langs]) == 0
        sites[langs] = generate.prepare(folder / "puzzles", folder / "docs")
        assert not sites[langs].errors
        marks = {
            key
            for pages in sites[langs].pages.values()
            for page in pages
            for key in MARK.findall(page.text)
        }
        assert marks and set(generate.SET_ASIDE) == marks
        page = sites[langs].pages["en"][0].text
        assert "<!--tabula:" not in generate.put_back(page)
    russian = [page.text for page in sites["en,ru"].pages["ru"]]
    with pytest.raises(KeyError):
        for text in russian:
            generate.put_back(text)
