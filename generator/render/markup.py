"""A teacher's text on a page: plain text, or one small Markdown subset; never live markup.

Every text a teacher writes in a puzzle or lesson file reaches a page through one of two
functions here:

- :func:`plain_html` for names (titles, audiences, tag labels): the text exactly as written.
- :func:`rich_html` for sentences (prompts, explanations, lesson introductions): the text with
  a small Markdown subset, ``*emphasis*`` (or ``_emphasis_``), ``**strong**``, ```code```
  and ``[words](link)`` where the link is ``http://``, ``https://`` or relative to the page.

Both return HTML in which nothing the teacher wrote is live: angle brackets and ampersands are
escaped for HTML, and the characters Markdown or its extensions read as syntax (``{: ...}``
attribute lists, ``[links](...)``, emphasis, backslashes, a closing ``#``) are written as
character references, which Markdown passes through as text. So the result is inert both
inside an HTML block and in a Markdown heading of a generated page. Raw HTML, attribute lists
and links with any other scheme (``javascript:``, ``data:``, ``//host``) are shown as text.
Line breaks, the Unicode line and paragraph separators and control characters become spaces:
a heading stays one heading.

:func:`rich_text` is the same subset read as plain words, for places that show text only (the
widget's messages).
"""

from __future__ import annotations

import re

from markupsafe import Markup

__all__ = ["plain_html", "rich_html", "rich_text"]

# Characters that Python-Markdown or the site's extensions may read as syntax, and those that
# HTML attributes and elements need escaped. Each becomes a numeric character reference.
_INERT = {
    **{ord(c): f"&#{ord(c)};" for c in "'\\`*_{}[]#!|~^="},
    **{ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;"},
}
# Anything that would break a line or a heading: every line break, Unicode's line and
# paragraph separators, and control characters.
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u0085]+")
_SPACES = re.compile(r"\s+")


def _inert(text: str) -> str:
    return text.translate(_INERT)


def _one_line(text: str) -> str:
    return _SPACES.sub(" ", _BREAKS.sub(" ", text)).strip()


def plain_html(text: str) -> Markup:
    """``text`` exactly as written, safe as HTML and inert as Markdown, on one line.

    >>> print(plain_html('Owned {: onfocus=alert(1) } [x](javascript:alert(5)) <b>'))
    Owned &#123;: onfocus&#61;alert(1) &#125; &#91;x&#93;(javascript:alert(5)) &lt;b&gt;
    """
    return Markup(_inert(_one_line(text)))


# One token of the subset at a time, left to right: an escaped character, code, a link,
# strong, emphasis. Emphasis opens only before a non-space and after a space, the start or an
# opening bracket or quote, and closes only after a non-space and before a space, the end or
# punctuation, so move notation (``8/4* 6/5*``, ``9/5*/4*``) is never read as emphasis.
_OPEN = r"(?:(?<=^)|(?<=[\s(\"'«„“—–-]))"
_CLOSE = r"(?=$|[\s.,;:!?)\"'»”—–-])"
_TOKEN = re.compile(
    r"\\(?P<escaped>[\\`*_{}\[\]()#+\-.!])"
    r"|`(?P<code>[^`]+)`"
    r"|\[(?P<words>[^\[\]]+)\]\((?P<href>[^()\s]+)\)"
    rf"|{_OPEN}\*\*(?P<strong>\S(?:.*?\S)?)\*\*{_CLOSE}"
    rf"|{_OPEN}\*(?P<em>[^\s*](?:[^*]*?[^\s*])?)\*{_CLOSE}"
    rf"|{_OPEN}_(?P<em2>[^\s_](?:[^_]*?[^\s_])?)_{_CLOSE}"
)
_KINDS = ("escaped", "code", "words", "strong", "em", "em2")
# http(s) with a host, or a path relative to the page or the site (no scheme, not "//").
_SAFE_LINK = re.compile(r"https?://[^\s/?#]+[^\s]*|(?![A-Za-z][A-Za-z0-9+.-]*:)(?!//)[^\s\\]+")


def safe_link(href: str) -> bool:
    """Whether ``href`` may be a link's target: http(s), or relative.

    >>> [safe_link(h) for h in ("https://fibs.com/", "../rules/", "#bar", "javascript:x",
    ...                         "JavaScript:x", "//evil.example/", "data:text/html,x")]
    [True, True, True, False, False, False, False]
    """
    return _SAFE_LINK.fullmatch(href) is not None


def _render(text: str, *, html: bool) -> str:
    out: list[str] = []
    done = 0
    for match in _TOKEN.finditer(text):
        start = match.start()
        out.append(_inert(text[done:start]) if html else text[done:start])
        done = match.end()
        kind = next(name for name in _KINDS if match[name] is not None)
        if kind == "escaped":
            out.append(_inert(match["escaped"]) if html else match["escaped"])
        elif kind == "code":
            out.append(f"<code>{_inert(match['code'])}</code>" if html else match["code"])
        elif kind == "words":
            words, href = match["words"], match["href"]
            if not safe_link(href):  # shown as the teacher wrote it, as text
                out.append(_inert(match[0]) if html else match[0])
            elif html:
                out.append(f'<a href="{_inert(href)}">{_render(words, html=True)}</a>')
            else:
                out.append(_render(words, html=False))
        else:
            inner = match[kind]
            tag = "strong" if kind == "strong" else "em"  # em or em2
            rendered = _render(inner, html=html)
            out.append(f"<{tag}>{rendered}</{tag}>" if html else rendered)
    out.append(_inert(text[done:]) if html else text[done:])
    return "".join(out)


def rich_html(text: str) -> Markup:
    """``text`` with the subset as HTML; everything else as text.

    >>> print(rich_html("Play *both* dice: `13/8`, see [the rules](../rules/#bar)."))
    Play <em>both</em> dice: <code>13/8</code>, see <a href="../rules/&#35;bar">the rules</a>.
    >>> print(rich_html("8/4* with the 4 and 9/5*/4* <script>"))
    8/4&#42; with the 4 and 9/5&#42;/4&#42; &lt;script&gt;
    >>> print(rich_html("[x](javascript:alert(5))"))
    &#91;x&#93;(javascript:alert(5))
    """
    return Markup(_render(_one_line(text), html=True))


def rich_text(text: str) -> str:
    """``text`` with the subset's marks taken away: the words a reader sees.

    >>> rich_text("Play *both* dice: `13/8`, see [the rules](../rules/).")
    'Play both dice: 13/8, see the rules.'
    """
    return _render(_one_line(text), html=False)
