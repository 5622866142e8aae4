"""What the plugin sets up for every Tabula site: readable anchors in every language and the
sitemap's dates taken from the sources."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from mkdocs.config import load_config

from generator.site.plugin import _last_commit_time, slugify

REPO = Path(__file__).resolve().parents[2]


def test_anchors_keep_cyrillic_and_read_like_markdowns_own() -> None:
    assert slugify("Снятие шашек", "-") == "снятие-шашек"
    assert slugify("Hit at home, and stay", "-") == "hit-at-home-and-stay"
    assert slugify("Tavla — no cube", "-") == "tavla-no-cube"


def test_the_build_date_is_the_last_commits(monkeypatch: pytest.MonkeyPatch) -> None:
    # (setenv first, so that the variable is removed again after the test.)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    expected = subprocess.run(
        ["git", "-C", str(REPO), "log", "-1", "--format=%ct"], capture_output=True, text=True
    ).stdout.strip()
    config = load_config(str(REPO / "mkdocs.yml"))
    config.plugins.on_config(config)
    assert os.environ["SOURCE_DATE_EPOCH"] == expected
    assert config.mdx_configs["toc"]["slugify"] is slugify


def test_outside_a_repository_the_date_is_left_to_mkdocs(tmp_path: Path) -> None:
    assert _last_commit_time(tmp_path) is None
