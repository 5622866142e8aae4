"""The pages of the offline copy (``python -m generator offline``): each link of a built page
made to work opened from a folder, and every link checked to lead to a file of the copy.

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

Pure functions of a page's text and the site's :class:`Layout`: no file is read or written
here (:mod:`generator.site.offline` copies and zips).
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from ..locale import Message, _

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
_REFRESH_URL = re.compile(r"(?i)(url\s*=\s*)([^\s'\"]+)")

INSTANT = "navigation.instant"
"""Material's instant navigation, and the features that build on it (``.progress``,
``.prefetch``, ``.preview``): all fetch pages, which ``file://`` forbids."""


@dataclass(frozen=True, slots=True)
class BrokenLink:
    """A link of the copy that leads to no file of it."""

    page: str
    """The file that holds the link, from the copy's top (``lessons/index.html``)."""
    link: str
    """The link as the page writes it."""
    reason: Message
    """Where it leads instead, worded when it is printed."""

    def line_in(self, lang: str) -> str:
        """The problem as one line, ``page: error: "link" reason``, the reason in ``lang``."""
        return f'{self.page}: error: "{self.link}" {self.reason.render(lang)}'

    def __str__(self) -> str:
        return self.line_in("en")


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
    for _start, tag, raw in _tags(text):
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
            broken.append(BrokenLink(page, link, _("leads out of the site's folder")))
        elif name == "" or name in layout.folders:
            folder = _("the folder {name}", name=f"{name}/") if name else _("the site's top folder")
            index = f"{name}/index.html" if name else "index.html"
            reason = (
                _(
                    "leads to {folder}, which opened from disk shows a list of files: "
                    "link to {index}",
                    folder=folder,
                    index=index,
                )
                if index in layout.files
                else _("leads to {folder}, which has no index.html", folder=folder)
            )
            broken.append(BrokenLink(page, link, reason))
        elif target.endswith("/") or target not in layout.files:
            reason = _("leads to {target}, which is not in the site", target=target)
            broken.append(BrokenLink(page, link, reason))
    return broken
