"""The site's search index: Pagefind, one index per language (Russian stemmed), fully static.

What a reader looks up is a rule ("bear off", «марс»): the pages that explain it, the rules
pages and the glossary, come first. Before Pagefind reads the built pages, each page that is
to be found gets ``data-pagefind-body`` on its article (Pagefind then leaves out every page
without it: the answer keys, the search page itself, the 404 pages) and a weight: the words of
a rules page or the glossary, headings too, weigh the most Pagefind allows (:data:`EXPLAINS`),
so that a short puzzle page that names the rule in its title does not outrank its explanation.
The result list's ranking (``TABULA_RANKING`` in tabula.js) no longer favours short pages.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

from .generate import KEYS

EXPLAINS = 10
"""The weight of every word of a page that explains the rules (a rules page, the glossary),
its headings too: Pagefind's highest. Any other page's text weighs 1, its headings 2 to 7."""

_ARTICLE = re.compile(r'<article class="md-content__inner md-typeset"')
_HEADING = re.compile(r"<h([2-4])(?=[\s>])")
_SEARCH_BOX = 'id="tabula-search"'


def kind_of(path: Path) -> str:
    """What the built page ``path`` (from the site's top) is to the index: ``"explains"``,
    ``"other"`` or ``"unlisted"`` (never a result).

    >>> [kind_of(Path(p)) for p in ("ru/rules/fevga/index.html", "glossary/index.html",
    ...  "lessons/a/key/index.html", "puzzles/x/index.html", "404.html", "ru/404.html")]
    ['explains', 'explains', 'unlisted', 'other', 'unlisted', 'unlisted']
    """
    parts = path.parts
    if path.name != "index.html":
        return "unlisted"  # 404.html, and any page not at its folder's index
    folders = parts[:-1]
    if len(folders) >= 3 and folders[-3] == "lessons" and folders[-1] in KEYS:
        return "unlisted"
    # A game's rules page sits right under rules/, the glossary at a language's top.
    if folders[-2:-1] == ("rules",) or folders[-1:] == ("glossary",):
        return "explains"
    return "other"


def marked(html: str, kind: str) -> str:
    """The page ``html`` as Pagefind is to read it: its article marked as the page's body,
    weighted for its kind (a page that explains the rules: its headings too, which otherwise
    keep Pagefind's own lower weights); unchanged when the page is not to be found or is the
    search page (it holds the search box).

    >>> page = '<article class="md-content__inner md-typeset"><h2 id="x">Bar</h2>'
        >>> print(marked(page, "explains").replace(" data", "\\n data"))
        <article class="md-content__inner md-typeset"
         data-pagefind-body
         data-pagefind-weight="10"><h2
         data-pagefind-weight="10" id="x">Bar</h2>
        >>> marked(page, "other")
        '<article class="md-content__inner md-typeset" data-pagefind-body><h2 id="x">Bar</h2>'
        >>> marked(page, "unlisted") == page
        True
    """
    if kind == "unlisted" or _SEARCH_BOX in html or not _ARTICLE.search(html):
        return html
    weight = f' data-pagefind-weight="{EXPLAINS}"' if kind == "explains" else ""
    html = _ARTICLE.sub(lambda m: f"{m[0]} data-pagefind-body{weight}", html, count=1)
    if kind == "explains":
        html = _HEADING.sub(lambda m: f'{m[0]} data-pagefind-weight="{EXPLAINS}"', html)
    return html


def mark_pages(site_dir: Path) -> int:
    """Mark every page of ``site_dir`` for Pagefind (:func:`marked`); how many are to be found."""
    found = 0
    for page in sorted(site_dir.rglob("*.html")):
        relative = page.relative_to(site_dir)
        if relative.parts[0] == "pagefind":
            continue
        text = page.read_text(encoding="utf-8")
        new = marked(text, kind_of(relative))
        if new != text:
            page.write_text(new, encoding="utf-8")
        found += "data-pagefind-body" in new
    return found


def index_site(site_dir: Path) -> None:
    """Index ``site_dir`` with Pagefind into ``site_dir/pagefind``: the pages :func:`mark_pages`
    marks, their content only (not navigation), boards left out (``data-pagefind-ignore``)."""
    mark_pages(site_dir)
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
