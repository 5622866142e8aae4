"""The site's search index: Pagefind, one index per language (Russian stemmed), fully static."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError


def index_site(site_dir: Path) -> None:
    """Index ``site_dir`` with Pagefind into ``site_dir/pagefind``; only the pages' content is
    indexed (not navigation), and boards are left out (``data-pagefind-ignore``)."""
    command = [
        sys.executable,
        "-m",
        "pagefind",
        "--site",
        str(site_dir),
        "--root-selector",
        "article",
        "--exclude-selectors",
        ".headerlink, .md-source-file",
        "--quiet",
    ]
    try:
        run = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise PluginError(f"Tabula: the search index could not be built: {error}") from None
    if run.returncode != 0:
        detail = (run.stderr or run.stdout).strip().splitlines()[-5:]
        raise PluginError(
            "Tabula: the search index could not be built (pagefind failed):\n" + "\n".join(detail)
        )
    # Pagefind writes the languages of its entry file in a random order; sorted, two builds of
    # the same site are byte-identical.
    entry = site_dir / "pagefind" / "pagefind-entry.json"
    if entry.is_file():
        data = json.loads(entry.read_text(encoding="utf-8"))
        entry.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")), encoding="utf-8")
