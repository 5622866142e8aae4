"""Russian typography of a rendered page: non-breaking spaces where a line must not break.

Russian typesetting keeps a number with the word it counts ("2 шашки", "6-й пункт") and with
its sign ("№ 347"), a dash with the word before it ("пункт 24 — голова") and a one-letter
preposition or conjunction with the word after it ("в доме", "и снимает"). Pages are written
with plain spaces; this one step of the generator puts U+00A0 in those places, on the HTML of
each Russian page, in its text only: never in a tag or its attributes, a comment, nor inside
``code``, ``pre``, ``kbd``, ``samp``, ``script``, ``style``, ``textarea``, ``template`` (the
puzzle widget's JSON), ``svg`` (the boards) or ``math``.

>>> print(typeset("<p>Все 15 шашек стоят в одном пункте — на голове.</p>", lang="ru")
...       .replace(NBSP, "~"))
<p>Все 15~шашек стоят в~одном пункте~— на голове.</p>
>>> typeset("<p>Move 2 checkers — now.</p>", lang="en")
'<p>Move 2 checkers — now.</p>'
"""

from __future__ import annotations

import re

NBSP = "\u00a0"

LANGUAGES = frozenset({"ru"})
"""The languages whose pages get these spaces."""

UNTOUCHED = frozenset(
    {"code", "pre", "kbd", "samp", "script", "style", "textarea", "template", "svg", "math"}
)
"""The elements whose content is left exactly as it is: code and notation, scripts and styles,
the widget's data, the boards."""

RAW_TEXT = frozenset({"script", "style", "textarea"})
"""Elements whose content is not HTML: it ends at the first closing tag of the same name."""

INLINE = frozenset(
    {"a", "abbr", "b", "cite", "code", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp"}
    | {"small", "span", "strong", "sub", "sup", "u", "var"}
)
"""Elements inside a line of text: a space before one of them still joins two words."""

# A comment, a CDATA section, a declaration, or a tag (whose quoted attributes may hold ">").
_TOKEN = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<![^>]*>|<\?[^>]*>"
    r"|</?([A-Za-z][\w:-]*)(?:[^>\"']|\"[^\"]*\"|'[^']*')*>",
    re.DOTALL,
)

# A number of its own (not the end of "13/8", "x2" or "1.5"), with a Russian ending ("6-й",
# "13-го"), before a Russian word.
_NUMBER = re.compile(r"(?<![\w/.,:+\-–])(\d+(?:-[а-яё]{1,3})?)\s+(?=[а-яёА-ЯЁ])")
# The number sign and the section sign before their number ("№ 347").
_SIGN = re.compile(r"([№§])\s+(?=\d)")
# A space before an em dash.
_DASH = re.compile(r"\s+—")
# A one-letter preposition or conjunction, as a word of its own, before the next word.
_SHORT = re.compile(r"(?<![\w\-&#])([вксуоиаВКСУОИА])\s+(?=\S)")
# Stands for the word that an inline element right after a text begins with.
_NEXT_WORD = "\ue000"


def typeset(html: str, *, lang: str) -> str:
    """``html`` with non-breaking spaces in its text where the typography of ``lang`` wants
    them (Russian); a page in another language comes back unchanged.

    >>> print(typeset('<p>В 6-й пункт <code>13/7 8/7</code> и <a href="#a b">в дом</a></p>',
    ...               lang="ru").replace(NBSP, "~"))
    <p>В~6-й~пункт <code>13/7 8/7</code> и~<a href="#a b">в~дом</a></p>
    """
    if lang not in LANGUAGES:
        return html
    out: list[str] = []
    at = 0
    length = len(html)
    while at < length:
        match = _TOKEN.search(html, at)
        if match is None:
            out.append(_text(html[at:], glued=False))
            break
        if match.start() > at:
            out.append(_text(html[at : match.start()], glued=_opens_inline(match)))
        name = (match.group(1) or "").lower()
        closing = match.group(0).startswith("</")
        if name in UNTOUCHED and not closing and not match.group(0).endswith("/>"):
            end = _end_of(html, name, match.end())
            out.append(html[match.start() : end])
            at = end
        else:
            out.append(match.group(0))
            at = match.end()
    return "".join(out)


def _opens_inline(tag: re.Match[str]) -> bool:
    """The token is a start tag of an inline element (its first word continues the line)."""
    name = (tag.group(1) or "").lower()
    return name in INLINE and not tag.group(0).startswith("</")


def _end_of(html: str, name: str, start: int) -> int:
    """Where the element ``name`` whose content begins at ``start`` ends (after its closing
    tag; the end of the page if it is never closed). Elements of the same name may nest,
    except in raw text."""
    if name in RAW_TEXT:
        close = re.compile(rf"</{name}\s*>", re.IGNORECASE)
        found = close.search(html, start)
        return found.end() if found else len(html)
    same = re.compile(rf"<(/?){name}(?=[\s/>])(?:[^>\"']|\"[^\"]*\"|'[^']*')*>", re.IGNORECASE)
    depth = 1
    at = start
    while True:
        found = same.search(html, at)
        if found is None:
            return len(html)
        at = found.end()
        if found.group(1):
            depth -= 1
            if depth == 0:
                return at
        elif not found.group(0).endswith("/>"):
            depth += 1


def _text(text: str, *, glued: bool) -> str:
    """A run of text between tags, with its non-breaking spaces. ``glued``: an inline element
    follows at once, so a space at the end still stands before a word."""
    if glued:
        text += _NEXT_WORD
    text = _NUMBER.sub(lambda m: m.group(1) + NBSP, text)
    text = _SIGN.sub(lambda m: m.group(1) + NBSP, text)
    text = _DASH.sub(NBSP + "—", text)
    text = _SHORT.sub(lambda m: m.group(1) + NBSP, text)
    return text.removesuffix(_NEXT_WORD) if glued else text
