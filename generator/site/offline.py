"""``python -m generator offline``: a copy of the built site that works opened from a folder.

A classroom without a web server opens the site from a USB stick or a folder (``file://``).
Three things a web server does for a static site are missing there, and the copy makes up for
them:

- A link to a folder (``worksheet/``, ``../``, ``.``) is answered with the folder's
  ``index.html`` by a web server; opened from disk it shows a list of files. Every such link of
  every page is rewritten to name the ``index.html`` (:func:`offline_page`), and a tiny script of
  the copy's own (:data:`SCRIPT`, ``assets/tabula-offline.js``) does the same, at the click, for
  the links the site's scripts build while the page runs (the language switcher, the widget's
  "next puzzle"). A link written from the server's root (``/ru/``) is made relative.
- Material's instant navigation fetches the next page with a request, which ``file://``
  forbids: its feature flags are removed from each page's settings (``#__config``), so every
  link is a plain page load.
- Search (Pagefind) fetches its index: the script shows a message in the page's language in
  place of the search box, when, and only when, the copy is opened from disk.

Then every local link and file a page or stylesheet names is checked to lead to a file of the
copy; a link that does not is an error, and then nothing is written. The copy is built beside
its final place and swapped in whole; the zip (sorted entries, fixed timestamps) is the same,
byte for byte, for the same site.
"""

from __future__ import annotations

import html
import json
import os
import posixpath
import re
import shutil
import stat
import sys
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from .generate import recover_tree, replace_tree, sidecars

SCRIPT_PATH = "assets/tabula-offline.js"
"""Where the copy's own script lives, from the copy's top; its presence also marks a folder
as an offline copy this command may replace."""

WORDS = {
    "en": {
        "search": "Search does not work in a copy of the site opened from a folder: it needs a "
        "web server. Find the pages in the site's menu instead.",
        "short": "Search needs a web server",
    },
    "ru": {
        "search": "В копии сайта, открытой из папки, поиск не работает: ему нужен веб-сервер. "
        "Нужные страницы можно найти в меню сайта.",
        "short": "Поиску нужен веб-сервер",
    },
}
"""What the copy says where search cannot work, in each language of the site."""

SCRIPT = """\
// Tabula's offline copy (python -m generator offline): the site opened from a folder.
// Plain JavaScript, no network; it does nothing unless the page is opened from disk (file://).
(() => {
  if (location.protocol !== "file:") return;
  const WORDS = %(words)s;
  const lang = (document.documentElement.lang || "").toLowerCase().split("-")[0];
  const words = WORDS[lang] || WORDS.en;

  // Opened from disk, a link to a folder ("lessons/", as the site's scripts build them for a
  // web server) would show a list of files: it leads to the folder's index.html instead. The
  // links written into the pages were rewritten already; this catches those made at run time
  // (the language switcher, the widget's "next puzzle"), just before they are followed.
  function fixLink(link) {
    if (!(link instanceof HTMLAnchorElement || link instanceof HTMLAreaElement)) return;
    if (!link.hasAttribute("href")) return;
    let url;
    try {
      url = new URL(link.href);
    } catch {
      return;
    }
    if (url.protocol !== "file:" || !url.pathname.endsWith("/")) return;
    url.pathname += "index.html";
    link.href = url.href;
  }
  function fixAll() {
    for (const link of document.querySelectorAll("a[href], area[href]")) fixLink(link);
  }
  for (const type of ["pointerdown", "focusin", "click", "auxclick", "contextmenu"]) {
    document.addEventListener(
      type,
      (event) => {
        if (event.target instanceof Element) fixLink(event.target.closest("a[href], area[href]"));
      },
      true,
    );
  }

  // Search fetches its index, which a page opened from disk may not: say so instead of
  // showing a box that finds nothing. (The site's script starts search in a box only once,
  // and only when it is not marked ready.)
  function noSearch() {
    const box = document.getElementById("tabula-search");
    if (box && box.dataset.offline !== "yes") {
      box.dataset.ready = "yes";
      box.dataset.offline = "yes";
      const note = document.createElement("p");
      note.className = "tabula-offline-search";
      note.setAttribute("role", "note");
      note.textContent = words.search;
      box.replaceChildren(note);
    }
    for (const input of document.querySelectorAll('[data-md-component="search-query"]')) {
      input.disabled = true;
      input.placeholder = words.short;
      input.title = words.search;
    }
  }

  noSearch();
  fixAll();
  document.addEventListener("DOMContentLoaded", () => {
    noSearch();
    fixAll();
  });
  window.addEventListener("load", fixAll);
})();
"""

# Attributes that name a file or a page; srcset lists several, each with a descriptor.
_URL_ATTRIBUTES = frozenset({"href", "src", "xlink:href", "poster", "data"})
_ATTRIBUTE = re.compile(
    r"""(?P<lead>\s)(?P<name>[^\s"'>/=]+)(?P<eq>\s*=\s*)"""
    r"""(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s"'=<>`]+))"""
)
# A tag with none of these names no file: most of a page's tags (a board's shapes) are skipped.
_MAYBE_LINK = re.compile(r"\s(?:href|src|srcset|xlink:href|poster|data|content)\s*=", re.I)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_CONFIG = re.compile(
    r'(<script id="__config" type="application/json">)(?P<json>.*?)(</script>)', re.DOTALL
)
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)
_CSS_URL = re.compile(r"""url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)""")
_CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')
_REFRESH_URL = re.compile(r"(?i)(url\s*=\s*)([^\s'\"]+)")

INSTANT = "navigation.instant"
"""Material's instant navigation, and the features that build on it (``.progress``,
``.prefetch``, ``.preview``): all fetch pages, which ``file://`` forbids."""


class OfflineError(Exception):
    """A site or a folder the offline copy cannot be made from or written to: the message says
    which and what to do."""


class LinksLeadNowhere(OfflineError):
    """Links of the copy that lead to no file of it: nothing was written."""

    def __init__(self, links: list[BrokenLink]) -> None:
        count = len(links)
        super().__init__(
            f"{count} link of the copy leads to no file"
            if count == 1
            else f"{count} links of the copy lead to no file"
        )
        self.links = links


@dataclass(frozen=True, slots=True)
class BrokenLink:
    """A link of the copy that leads to no file of it."""

    page: str
    """The file that holds the link, from the copy's top (``lessons/index.html``)."""
    link: str
    """The link as the page writes it."""
    reason: str

    def __str__(self) -> str:
        return f'{self.page}: error: "{self.link}" {self.reason}'


@dataclass(frozen=True, slots=True)
class OfflineCopy:
    """What :func:`make_offline` wrote."""

    folder: Path
    files: int
    pages: int
    rewritten: int
    """Links of the pages that now name an ``index.html`` (or were made relative)."""
    checked: int
    """Local links and files checked to lead to a file of the copy."""
    size: int
    """Bytes of the copy's files."""
    zip: Path | None
    zip_size: int


@dataclass(frozen=True, slots=True)
class Layout:
    """The files of a site, by their path from its top (``ru/lessons/index.html``), its
    folders, and the path its pages' root-relative links start with (``/``, or ``/club/`` for
    a site_url of ``https://x.github.io/club/``)."""

    files: frozenset[str]
    folders: frozenset[str]
    prefix: str = "/"

    @classmethod
    def of(cls, files: Iterable[str], prefix: str = "/") -> Layout:
        names = frozenset(files)
        return cls(names, frozenset(_parents(names)), prefix)


def _parents(names: Iterable[str]) -> Iterable[str]:
    for name in names:
        head = posixpath.dirname(name)
        while head:
            yield head
            head = posixpath.dirname(head)


# --- one page ----------------------------------------------------------------------------------


_ATTRIBUTES = r"""(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*"""
# A start tag as HTML writes it; comments, and what scripts and styles hold, are not tags.
_TAG = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<!\[CDATA\[.*?(?:\]\]>|\Z)"
    rf"|(?P<raw><(?P<rawname>script|style|textarea|title)\b{_ATTRIBUTES}\s*/?>)"
    r"(?:.*?</(?P=rawname)\s*>|.*\Z)"
    rf"|(?P<tag><(?P<name>[A-Za-z][^\s/>]*){_ATTRIBUTES}\s*/?>)",
    re.DOTALL | re.IGNORECASE,
)


def _tags(text: str) -> Iterator[tuple[int, str, str]]:
    """The start tags of a page: where each begins, its name (lowercase) and its text as
    written. A link inside text (a code sample that shows ``<a href="x/">``), a comment or a
    script is not a tag's, and is left alone.

    >>> page = '<p>x &lt;a href="y/"&gt;<!-- <a href=w> --><script>"<a href=z>"</script>'
    >>> [(name, raw) for _, name, raw in _tags(page)]
    [('p', '<p>'), ('script', '<script>')]
    """
    for match in _TAG.finditer(text):
        if match["raw"] is not None:
            yield match.start(), match["rawname"].lower(), match["raw"]
        elif match["tag"] is not None:
            yield match.start(), match["name"].lower(), match["tag"]


def local_target(link: str, page: str, prefix: str = "/") -> str | None:
    """The path from the site's top that ``link``, written in ``page``, leads to, ending in
    ``/`` when it names a folder (``""`` is the top); ``None`` for a link that is not to a file
    of the site (another site, ``mailto:``, ``data:``, only an anchor). A path that climbs out
    of the site starts with ``../``.

    >>> local_target("../../puzzles/x/#top", "lessons/one/index.html")
    'puzzles/x/'
    >>> local_target("/club/ru/", "index.html", "/club/")
    'ru/'
    >>> [local_target(link, "a/index.html") for link in ("https://a.org/", "#bar", "", "..")]
    [None, None, None, '']
    >>> local_target("../..", "a/index.html")
    '../'
    """
    parts = urlsplit(link)
    if _SCHEME.match(link) or link.startswith("//") or not parts.path:
        return None
    path = unquote(parts.path)
    if path.startswith("/"):
        path = path[len(prefix) :] if path.startswith(prefix) else path.lstrip("/")
    else:
        path = posixpath.join(posixpath.dirname(page), path)
    folder = not path or path.endswith("/") or posixpath.basename(path) in (".", "..")
    target = posixpath.normpath(path) if path else "."
    if target == ".":
        return ""
    return target + "/" if folder else target


def _outside(target: str) -> bool:
    return target == ".." or target.startswith("../")


def offline_link(link: str, page: str, layout: Layout) -> str:
    """``link`` as the offline copy writes it in ``page``: a link to a folder of the site names
    the folder's ``index.html``, and one written from the server's root (``/ru/``) is made
    relative; any other is left as it is.

    >>> layout = Layout.of({"index.html", "lessons/index.html", "lessons/a/index.html"})
    >>> [offline_link(link, "lessons/a/index.html", layout)
    ...  for link in ("../", "..", ".", "./", "../../#x", "/lessons/?q=1", "key.pdf", "#top")]
    ['../index.html', '../index.html', './index.html', './index.html', '../../index.html#x', \
'../index.html?q=1', 'key.pdf', '#top']
    """
    target = local_target(link, page, layout.prefix)
    if target is None or _outside(target):
        return link
    parts = urlsplit(link)
    name = target.rstrip("/")
    if target.endswith("/") or target == "" or name in layout.folders:
        index = f"{name}/index.html" if name else "index.html"
        if index not in layout.files:
            return link  # a folder without a page: the check reports it
        if parts.path.startswith("/"):
            path = _relative(index, page)
        else:
            path = parts.path + ("index.html" if parts.path.endswith("/") else "/index.html")
    elif parts.path.startswith("/"):
        path = _relative(target, page)
    else:
        return link
    return urlunsplit(("", "", path, parts.query, parts.fragment))


def _relative(target: str, page: str) -> str:
    """The link from ``page`` to ``target`` (both from the site's top), percent-encoded."""
    return quote(
        posixpath.relpath(target, posixpath.dirname(page) or "."), safe="/!$&'()*+,;=:@-._~"
    )


def _rewrite_value(name: str, value: str, page: str, layout: Layout) -> str:
    if name == "srcset":
        items = []
        for item in value.split(","):
            words = item.strip().split(maxsplit=1)
            if words:
                words[0] = offline_link(words[0], page, layout)
            items.append(" ".join(words))
        return ", ".join(items)
    return offline_link(value, page, layout)


def page_links(text: str) -> list[str]:
    """Every link and file a page names in its tags (href, src, srcset and the like; a meta
    refresh's url), as written.

    >>> page_links('<a href="x/">x</a><pre>&lt;a href="y/"&gt;</pre><img srcset="a.png 2x">')
    ['x/', 'a.png']
    """
    links: list[str] = []
    for _, tag, raw in _tags(text):
        if not _MAYBE_LINK.search(raw):
            continue
        for match in _ATTRIBUTE.finditer(raw):
            name = match["name"].lower()
            value = html.unescape(_value(match))
            if name in _URL_ATTRIBUTES and not (name == "data" and tag != "object"):
                links.append(value)
            elif name == "srcset":
                links.extend(item.split()[0] for item in value.split(",") if item.split())
            elif name == "content" and tag == "meta" and _is_refresh(raw):
                found = _REFRESH_URL.search(value)
                if found:
                    links.append(found[2])
    return links


def _value(match: re.Match[str]) -> str:
    for group in ("dq", "sq", "bare"):
        if match[group] is not None:
            return match[group]
    return ""  # pragma: no cover - the pattern always sets one


def offline_page(text: str, page: str, layout: Layout) -> tuple[str, int]:
    """The page ``page`` (its path from the site's top) as the offline copy holds it, and how
    many of its links changed: folder links name their ``index.html``, links from the
    server's root are relative, instant navigation is off, and the copy's script is loaded
    last in ``<body>``.

    The ``<link rel="alternate" hreflang>`` of the head go: they tell search engines where
    the other language is, and Material fetches the sitemap beside each (a request that
    ``file://`` refuses, with an error in the console); the language switcher in the header
    is a link of its own, and stays."""
    pieces: list[str] = []
    done = changed = 0
    for offset, tag, raw in _tags(text):
        if not _MAYBE_LINK.search(raw):
            continue
        new_raw = raw
        if tag == "link" and _is_alternate(raw):
            new_raw = ""
        else:
            for match in reversed(list(_ATTRIBUTE.finditer(raw))):
                name = match["name"].lower()
                url_like = name in _URL_ATTRIBUTES and not (name == "data" and tag != "object")
                refresh = name == "content" and tag == "meta" and _is_refresh(raw)
                if not (url_like or refresh or name == "srcset"):
                    continue
                value = html.unescape(_value(match))
                if refresh:  # a page that sends the reader on: "0; url=../new/"
                    new = _REFRESH_URL.sub(
                        lambda found: found[1] + offline_link(found[2], page, layout), value
                    )
                else:
                    new = _rewrite_value(name, value, page, layout)
                if new == value:
                    continue
                changed += 1
                written = html.escape(new, quote=False).replace('"', "&#34;")
                new_raw = (
                    f"{new_raw[: match.start()]}{match['lead']}{match['name']}{match['eq']}"
                    f'"{written}"{new_raw[match.end() :]}'
                )
        if new_raw != raw:
            pieces += [text[done:offset], new_raw]
            done = offset + len(raw)
    text = "".join([*pieces, text[done:]])
    text = _CONFIG.sub(_without_instant, text, count=1)
    script = posixpath.relpath(SCRIPT_PATH, posixpath.dirname(page) or ".")
    tag = f'<script src="{html.escape(script)}"></script>'
    ends = list(_BODY_END.finditer(text))
    if ends:
        at = ends[-1].start()
        text = f"{text[:at]}{tag}\n{text[at:]}"
    return text, changed


def _is_refresh(raw: str) -> bool:
    """A ``<meta http-equiv="refresh">``, which sends the reader to another page."""
    values = {m["name"].lower(): html.unescape(_value(m)) for m in _ATTRIBUTE.finditer(raw)}
    return values.get("http-equiv", "").lower() == "refresh"


def _is_alternate(raw: str) -> bool:
    """A ``<link>`` to the page in another language."""
    values = {m["name"].lower(): html.unescape(_value(m)) for m in _ATTRIBUTE.finditer(raw)}
    return "hreflang" in values and "alternate" in values.get("rel", "").lower().split()


def _without_instant(match: re.Match[str]) -> str:
    """Material's settings without instant navigation (Material reads its features there)."""
    try:
        config = json.loads(match["json"])
    except ValueError:
        return match[0]
    features = config.get("features") if isinstance(config, dict) else None
    if not isinstance(features, list):
        return match[0]
    kept = [f for f in features if not (isinstance(f, str) and f.startswith(INSTANT))]
    if kept == features:
        return match[0]
    config["features"] = kept
    # As Jinja's tojson writes it: nothing in it can end the script element.
    written = (
        json.dumps(config)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("'", "\\u0027")
    )
    return f"{match[1]}{written}{match[3]}"


def css_links(text: str) -> list[str]:
    """The files a stylesheet names with ``url(...)``.

    >>> css_links('a{background:url("i.svg")} b{src:url(data:x)}')
    ['i.svg', 'data:x']
    """
    return [next(g for g in match.groups() if g is not None) for match in _CSS_URL.finditer(text)]


def broken_links(page: str, links: Iterable[str], layout: Layout) -> list[BrokenLink]:
    """The links of ``page`` that lead to no file of the site (``layout``)."""
    broken = []
    for link in links:
        target = local_target(link, page, layout.prefix)
        if target is None:
            continue
        name = target.rstrip("/")
        if _outside(target):
            broken.append(BrokenLink(page, link, "leads out of the site's folder"))
        elif name == "" or name in layout.folders:
            folder = f"{name}/" if name else "the top folder"
            index = f"{name}/index.html" if name else "index.html"
            reason = (
                f"leads to the folder {folder}, which opened from disk shows a list of files: "
                f"link to {index}"
                if index in layout.files
                else f"leads to {folder}, which has no index.html"
            )
            broken.append(BrokenLink(page, link, reason))
        elif target.endswith("/") or target not in layout.files:
            broken.append(BrokenLink(page, link, f"leads to {target}, which is not in the site"))
    return broken


# --- the whole copy ----------------------------------------------------------------------------


def site_prefix(site_dir: Path) -> str:
    """The path of the site's address (site_url), which its root-relative links start with:
    read from the home page's canonical link, ``/`` without one.

    A page of a site whose site_url is ``https://x.github.io/club/`` writes ``/club/ru/``."""
    home = site_dir / "index.html"
    try:
        found = _CANONICAL.search(home.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return "/"
    if not found:
        return "/"
    path = urlsplit(html.unescape(found[1])).path or "/"
    return path if path.endswith("/") else path.rsplit("/", 1)[0] + "/"


def is_offline_copy(folder: Path) -> bool:
    """``folder`` holds an offline copy made by this command (or nothing at all): the command
    may replace it."""
    if not folder.exists():
        return True
    if not folder.is_dir():
        return False
    return not any(folder.iterdir()) or (folder / SCRIPT_PATH).is_file()


def site_files(site_dir: Path) -> list[str]:
    """Every file of the built site, by its path from the top, sorted."""
    names = []
    for here, dirs, files in os.walk(site_dir, followlinks=True):
        dirs.sort()
        base = Path(here).relative_to(site_dir).as_posix()
        for name in files:
            names.append(name if base == "." else f"{base}/{name}")
    return sorted(names)


Progress = Callable[[str, int, int], None]


def _no_progress(what: str, done: int, total: int) -> None:
    pass


def make_offline(
    site_dir: Path,
    out_dir: Path,
    zip_path: Path | None = None,
    *,
    progress: Progress = _no_progress,
) -> OfflineCopy:
    """Copy the built site ``site_dir`` into ``out_dir`` so that it works opened from the folder,
    and zip it into ``zip_path`` (its files under one folder named like ``out_dir``).

    Links that lead nowhere are a :class:`LinksLeadNowhere` listing them: then nothing is
    written (an older copy stays as it was). A site or folder that cannot be used is an
    :class:`OfflineError` naming it and saying what to do. ``progress(what, done, total)`` is
    called as the work goes on (``what``: "copying", "checking", "zipping")."""
    site_dir, out_dir = Path(site_dir), Path(out_dir)
    _check_places(site_dir, out_dir, zip_path)
    names = site_files(site_dir)
    layout = Layout.of([*names, SCRIPT_PATH], site_prefix(site_dir))
    target = os.path.realpath(out_dir)
    staging = Path(sidecars(target)[0])
    try:
        recover_tree(target)
        staging.mkdir(parents=True)
    except OSError as error:
        raise OfflineError(f"cannot write {out_dir}: {_reason(error)}") from None
    try:
        copy = _write_copy(site_dir, staging, names, layout, progress)
        broken: list[BrokenLink] = []
        checked = 0
        for index, name in enumerate(sorted(layout.files), 1):
            progress("checking", index, len(layout.files))
            if name.endswith((".html", ".css")):
                text = (staging / name).read_text(encoding="utf-8", errors="replace")
                links = page_links(text) if name.endswith(".html") else css_links(text)
                checked += sum(
                    local_target(link, name, layout.prefix) is not None for link in links
                )
                broken.extend(broken_links(name, links, layout))
        if broken:
            shutil.rmtree(staging)
            raise LinksLeadNowhere(broken)
        replace_tree(target)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise OfflineError(f"cannot write {out_dir}: {_reason(error)}") from None
    except BaseException:  # stopped (Ctrl+C): the half-made copy goes, the old one stays
        shutil.rmtree(staging, ignore_errors=True)
        raise
    zip_size = 0
    if zip_path is not None:
        try:
            zip_size = write_zip(out_dir, zip_path, progress=progress)
        except OSError as error:
            raise OfflineError(f"cannot write {zip_path}: {_reason(error)}") from None
    return OfflineCopy(
        folder=out_dir,
        files=len(layout.files),
        pages=copy[0],
        rewritten=copy[1],
        checked=checked,
        size=copy[2],
        zip=zip_path,
        zip_size=zip_size,
    )


def _check_places(site_dir: Path, out_dir: Path, zip_path: Path | None) -> None:
    if not site_dir.is_dir():
        raise OfflineError(f"{site_dir} is not a folder: name the built site with --site-dir")
    if not (site_dir / "index.html").is_file():
        raise OfflineError(
            f"{site_dir} has no index.html, so it is not a built site: build it with "
            "python -m mkdocs build, or name the built site with --site-dir"
        )
    site, out = site_dir.resolve(), out_dir.resolve()
    if out == site or site in out.parents or out in site.parents:
        raise OfflineError(
            f"--out {out_dir} and the site {site_dir} would overlap: choose a folder beside "
            "the site, such as the default site-offline"
        )
    if not is_offline_copy(out_dir):
        raise OfflineError(
            f"{out_dir} already exists and is not an offline copy made by this command: "
            "nothing was written; choose another --out, or move that folder away"
        )
    if zip_path is not None:
        zip_file = zip_path.resolve()
        if zip_file == out or out in zip_file.parents or site in zip_file.parents:
            raise OfflineError(
                f"--zip {zip_path} would be inside the copy or the site: put it beside them"
            )
        if zip_path.is_dir():
            raise OfflineError(f"--zip {zip_path} is a folder: name the zip file to write")


def _write_copy(
    site_dir: Path, staging: Path, names: list[str], layout: Layout, progress: Progress
) -> tuple[int, int, int]:
    """Copy the site's files into ``staging``, pages made offline; (pages, links rewritten,
    bytes)."""
    pages = rewritten = size = 0
    for index, name in enumerate(names, 1):
        progress("copying", index, len(names))
        source, copy = site_dir / name, staging / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".html"):
            text = source.read_text(encoding="utf-8", errors="surrogateescape")
            text, changed = offline_page(text, name, layout)
            data = text.encode("utf-8", errors="surrogateescape")
            copy.write_bytes(data)
            pages += 1
            rewritten += changed
            size += len(data)
        else:
            shutil.copyfile(source, copy)
            size += copy.stat().st_size
    script = SCRIPT % {"words": json.dumps(WORDS, ensure_ascii=False, indent=2)}
    data = script.encode("utf-8")
    (staging / SCRIPT_PATH).parent.mkdir(parents=True, exist_ok=True)
    (staging / SCRIPT_PATH).write_bytes(data)
    return pages, rewritten, size + len(data)


# Zip entries carry no date before 1980.
_EPOCH_1980 = 315532800


def zip_time() -> tuple[int, int, int, int, int, int]:
    """The one timestamp of every entry of the zip: SOURCE_DATE_EPOCH when it is set (as the
    build sets it from the last commit), else 1980-01-01, so that the same site always makes
    the same bytes."""
    try:
        stamp = int(os.environ.get("SOURCE_DATE_EPOCH", ""))
    except ValueError:
        stamp = _EPOCH_1980
    stamp = max(stamp, _EPOCH_1980)
    return time.gmtime(stamp)[:6]


def write_zip(folder: Path, zip_path: Path, *, progress: Progress = _no_progress) -> int:
    """Zip every file of ``folder`` under one top folder of its name, sorted, each with the
    same timestamp and permissions, written beside ``zip_path`` and then moved into place;
    return the zip's size in bytes."""
    names = site_files(folder)
    stamp = zip_time()
    top = folder.resolve().name
    zip_path.parent.mkdir(parents=True, exist_ok=True)
    partial = zip_path.with_name(zip_path.name + ".tabula-new")
    try:
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for index, name in enumerate(names, 1):
                progress("zipping", index, len(names))
                entry = zipfile.ZipInfo(f"{top}/{name}", date_time=stamp)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = (stat.S_IFREG | 0o644) << 16
                entry.create_system = 3  # Unix: the permissions above are read as such
                archive.writestr(entry, (folder / name).read_bytes())
        os.replace(partial, zip_path)
    finally:
        if partial.exists():
            partial.unlink()
    return zip_path.stat().st_size


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


# --- the command -------------------------------------------------------------------------------


def _size(count: int) -> str:
    """Bytes as a person reads them.

    >>> _size(512), _size(48_213), _size(4_816_210)
    ('512 bytes', '47 KB', '4.6 MB')
    """
    if count < 1024:
        return f"{count} bytes"
    if count < 1024 * 1024:
        return f"{count // 1024} KB"
    return f"{count / (1024 * 1024):.1f} MB"


def newer_source(project: Path, site_dir: Path) -> Path | None:
    """A source of the site (mkdocs.yml, a puzzle, a page) changed after the site was built,
    if there is one: the copy would be out of date."""
    from .generate import GENERATED

    try:
        built = (site_dir / "index.html").stat().st_mtime
    except OSError:
        return None
    candidates: list[Path] = [project / "mkdocs.yml"]
    for folder in ("puzzles", "docs"):
        for here, dirs, files in os.walk(project / folder):
            relative = Path(here).relative_to(project).parts
            dirs[:] = sorted(
                name
                for name in dirs
                if not name.startswith(".")
                and not (len(relative) == 2 and relative[0] == "docs" and name in GENERATED)
            )
            candidates.extend(Path(here) / name for name in sorted(files))
    for path in candidates:
        try:
            if path.stat().st_mtime > built + 1:
                return path
        except OSError:
            continue
    return None


def beside(path: Path, suffix: str) -> Path:
    """The file or folder beside ``path`` named like it, with ``suffix``.

    >>> beside(Path("site"), "-offline"), beside(Path("out/copy"), ".zip")
    (PosixPath('site-offline'), PosixPath('out/copy.zip'))
    """
    named = path if path.name else path.resolve()
    if not named.name:
        raise OfflineError(f"{path} has no name to name the copy after: give --out and --zip")
    return named.with_name(named.name + suffix)


def run_offline(
    site_text: str, out_text: str | None, zip_text: str | None, *, build: bool, zip_it: bool
) -> int:
    """``offline``: build the site if asked or missing, make the copy and the zip, and say what
    was written. Exit status 0 when written, 1 when the build failed or links lead nowhere, 2
    when a folder or argument is refused."""
    import subprocess

    site_dir = Path(site_text)
    try:
        out_dir = Path(out_text) if out_text else beside(site_dir, "-offline")
        zip_path = None
        if zip_it:
            zip_path = Path(zip_text) if zip_text else beside(out_dir, ".zip")
    except OfflineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if build or not site_dir.exists():
        if not Path("mkdocs.yml").is_file():
            what = "to build the site" if build else f"and no {site_dir} to copy"
            print(
                f"error: no mkdocs.yml here {what}: run this in your site's folder, or name "
                "the built site with --site-dir",
                file=sys.stderr,
            )
            return 2
        print(f"building the site first: python -m mkdocs build --site-dir {site_dir}", flush=True)
        command = [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site_dir)]
        try:
            done = subprocess.run(command, check=False)
        except OSError as error:
            print(f"error: cannot run MkDocs: {_reason(error)}", file=sys.stderr)
            return 1
        if done.returncode != 0:
            print(
                "error: the build failed (see above): fix what it reports, then run offline "
                "again; nothing was written",
                file=sys.stderr,
            )
            return 1
    elif Path("mkdocs.yml").is_file():
        changed = newer_source(Path("."), site_dir)
        if changed is not None:
            print(
                f"warning: {changed} changed after {site_dir} was built: the copy shows the "
                "older site; add --build to build it again first",
                file=sys.stderr,
            )
    show = sys.stderr.isatty()
    shown: list[str] = []

    def progress(what: str, done: int, total: int) -> None:
        if not shown or shown[-1] != what:
            if shown and show:
                print("\r" + " " * 50 + "\r", end="", file=sys.stderr)
            shown.append(what)
            if what == "copying":
                print(f"copying {total} files of {site_dir} into {out_dir}...", flush=True)
        if show and (done % 50 == 0 or done == total):
            print(f"\r{what} {done}/{total}...", end="", file=sys.stderr, flush=True)

    try:
        made = make_offline(site_dir, out_dir, zip_path, progress=progress)
    except LinksLeadNowhere as error:
        for link in error.links:
            print(f"{out_dir}/{link}", file=sys.stderr)
        print(
            f"error: {error}: nothing was written; fix the links in your pages, build again "
            "and run offline again",
            file=sys.stderr,
        )
        return 1
    except OfflineError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            "\nstopped: no half-made copy or zip is left in place; run offline again",
            file=sys.stderr,
        )
        return 130
    finally:
        if shown and show:
            print("\r" + " " * 50 + "\r", end="", file=sys.stderr)
    print(
        f"rewrote {made.rewritten} links of {made.pages} pages to open from a folder; "
        f"checked {made.checked} links: each leads to a file"
    )
    home = made.folder / "index.html"
    print(f"wrote {made.folder}/ ({made.files} files, {_size(made.size)}): open {home}")
    if made.zip is not None:
        print(
            f"wrote {made.zip} ({_size(made.zip_size)}): unzip it on any computer or USB stick "
            f"and open {made.folder.name}/index.html"
        )
    return 0
