"""What the plugin sets up for every Tabula site: readable anchors in every language and the
sitemap's dates taken from the sources."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from mkdocs.config import load_config

from generator.cli import main
from generator.site.plugin import _last_commit_time, slugify


def test_anchors_keep_cyrillic_and_read_like_markdowns_own() -> None:
    assert slugify("Снятие шашек", "-") == "снятие-шашек"
    assert slugify("Hit at home, and stay", "-") == "hit-at-home-and-stay"
    assert slugify("Tavla — no cube", "-") == "tavla-no-cube"


def test_the_build_date_is_the_last_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A site in a repository of its own, with one commit of a known date: the test does not
    # depend on being run from a git checkout of Tabula (a release tarball has none).
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")
    folder = tmp_path / "club"
    assert main(["init", str(folder), "--lang", "en"]) == 0
    stamp = "1700000000"
    who = {"NAME": "Teacher", "EMAIL": "teacher@example.org", "DATE": f"@{stamp} +0000"}
    env = {
        **os.environ,
        **{f"GIT_{role}_{k}": v for role in ("AUTHOR", "COMMITTER") for k, v in who.items()},
    }
    for command in (
        ["init", "-q"],
        ["add", "."],
        ["commit", "-q", "--no-gpg-sign", "-m", "A site"],
    ):
        subprocess.run([git, "-C", str(folder), *command], env=env, check=True, capture_output=True)
    # (setenv first, so that the variable is removed again after the test.)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    config = load_config(str(folder / "mkdocs.yml"))
    config.plugins.on_config(config)
    assert os.environ["SOURCE_DATE_EPOCH"] == stamp
    assert config.mdx_configs["toc"]["slugify"] is slugify


def test_outside_a_repository_the_date_is_left_to_mkdocs(tmp_path: Path) -> None:
    assert _last_commit_time(tmp_path) is None
