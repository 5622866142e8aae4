"""A teacher's site for the offline tests: ``init --lang en,ru``, then ``offline`` in its folder.

Shared by tests/site/test_offline.py and tests/browser/test_offline_browser.py; each builds its
own (a module-scoped fixture) in a few seconds.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

import yaml

from generator.cli import main

SITE_URL = "https://club.example.org/club/"
"""The site's address: a folder of its host, so that its pages' links from the server's root
start with /club/."""


@dataclass(frozen=True)
class Offline:
    """The project, its built site, the offline copy and its zip, and what the command said."""

    project: Path
    site: Path
    copy: Path
    zip: Path
    status: int
    out: str
    err: str


def make_offline_project(folder: Path) -> Offline:
    """Init a two-language site in ``folder``, without PDFs (a Chromium run each), with a
    site_url in a subfolder; then run ``offline`` there with its defaults, which builds the
    missing site first."""
    assert main(["init", str(folder), "--lang", "en,ru"]) == 0
    config_file = folder / "mkdocs.yml"
    config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    config["site_url"] = SITE_URL
    plugins = config["plugins"]
    for index, plugin in enumerate(plugins):
        if plugin == "tabula":
            plugins[index] = {"tabula": {"pdf": "no"}}
        elif isinstance(plugin, dict) and "tabula" in plugin:
            plugin["tabula"] = {**(plugin["tabula"] or {}), "pdf": "no"}
    config_file.write_text(
        yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.chdir(folder),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        status = main(["offline"])
    return Offline(
        folder,
        folder / "site",
        folder / "site-offline",
        folder / "site-offline.zip",
        status,
        out.getvalue(),
        err.getvalue(),
    )
