"""A teacher's text can never put live markup or script on a page (issue 14).

A site is made with ``init``, its puzzle, lesson and tag texts are replaced by hostile but
valid text (Markdown attribute lists, ``javascript:`` links, raw HTML, entities, emphasis), it
is built, and then every page is read twice: as HTML (no ``on*`` attribute, no
``javascript:`` URL, no element the teacher's text made) and in Chromium (no dialog opens, the
heading shows the title exactly as written): the pages of one language in ``make test``, of
both in ``make test-deep``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from playwright.sync_api import Browser

from generator.cli import main
from generator.render.markup import plain_html, rich_html, rich_text, safe_link
from tests.conftest import in_turn, serving

HOSTILE_TITLES = [
    "Owned {: tabindex=1 autofocus onfocus=alert(document.domain) }",
    "[x](javascript:alert(5))",
    '<img src=x onerror="alert(1)"> &lt;b&gt; &amp;',
    "**bold** {#id .class onclick=alert(2)} ![i](javascript:alert(3))",
    "Title #",
    "a\\{: onmouseover=alert(4) }",
]
HOSTILE_SENTENCES = [
    "Click [here](javascript:alert(6)) or [there](JaVaScRiPt:alert(7)) or [far](//evil.example/)",
    "`<script>alert(8)</script>` *em {: onclick=alert(9) }* <b onclick=alert(10)>b</b>",
    '[ok](https://example.org/"onmouseover="alert(11)) [data](data:text/html,<script>x</script>)',
    "<svg onload=alert(12)> {: autofocus onfocus=alert(13) }",
]


# --- the subset, unit by unit ----------------------------------------------------------------


@pytest.mark.parametrize("text", HOSTILE_TITLES + HOSTILE_SENTENCES)
def test_no_tag_or_attribute_list_survives_in_plain_text(text: str) -> None:
    html = str(plain_html(text))
    assert "<" not in html and ">" not in html
    assert "{" not in html and "[" not in html and "\\" not in html


@pytest.mark.parametrize("text", HOSTILE_TITLES + HOSTILE_SENTENCES)
def test_the_subset_makes_only_its_own_elements(text: str) -> None:
    html = str(rich_html(text))
    tags = re.findall(r"<(/?)([a-z]+)([^>]*)>", html)
    assert {name for _, name, _ in tags} <= {"em", "strong", "code", "a"}
    for _, name, attributes in tags:
        if name == "a" and attributes:
            href = re.fullmatch(r' href="([^"]*)"', attributes)
            assert href, attributes
            target = re.sub(r"&#(\d+);", lambda m: chr(int(m[1])), href[1])
            assert safe_link(target) and not target.lower().startswith(("javascript", "data"))
        else:
            assert not attributes
    assert "{" not in html and "[" not in html


def test_the_subset_is_emphasis_code_and_safe_links() -> None:
    assert str(rich_html("*a* **b** _c_ `d`")) == (
        "<em>a</em> <strong>b</strong> <em>c</em> <code>d</code>"
    )
    assert str(rich_html("[rules](../rules/) [site](https://example.org/x)")) == (
        '<a href="../rules/">rules</a> <a href="https://example.org/x">site</a>'
    )
    assert rich_text("[rules](../rules/) and *both*") == "rules and both"


def test_move_notation_is_never_emphasis() -> None:
    for text in ("8/4* with the 4 and 6/5* with the 1", "9/5*/4* and bar/22*", "13/8* 6/5*"):
        assert "<em>" not in str(rich_html(text))
        assert rich_text(text) == text


def test_line_breaks_and_separators_keep_a_heading_whole() -> None:
    for text in ("one\ntwo", "one\u2028two", "one\u2029two", "one\x7ftwo", "one\r\n# two"):
        assert "\n" not in str(plain_html(text)) and "\u2028" not in str(plain_html(text))


# --- a whole site, built and opened ----------------------------------------------------------


class _Attributes(HTMLParser):
    """Every start tag's attributes of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.extend((tag, name, value or "") for name, value in attrs)


def _yaml(texts: dict[str, str]) -> str:
    return (
        "{" + ", ".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in texts.items()) + "}"
    )


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile") / "club"
    assert main(["init", str(folder), "--lang", "en,ru"]) == 0
    # No PDFs; the answer keys published, so that their pages (the explanations) are read too.
    config = (folder / "mkdocs.yml").read_text("utf-8")
    assert "  - tabula:\n" in config and "answer_keys: private" in config
    config = config.replace("  - tabula:\n", "  - tabula:\n      pdf: no\n")
    (folder / "mkdocs.yml").write_text(
        config.replace("answer_keys: private", "answer_keys: public"), encoding="utf-8"
    )
    for index, path in enumerate(sorted((folder / "puzzles" / "backgammon").glob("*.yaml"))):
        text = path.read_text("utf-8")
        title = HOSTILE_TITLES[index % len(HOSTILE_TITLES)]
        sentence = HOSTILE_SENTENCES[index % len(HOSTILE_SENTENCES)]
        text = re.sub(
            r"^title: .*$", f"title: {_yaml({'en': title, 'ru': title + ' ру'})}", text, flags=re.M
        )
        text = re.sub(
            r"^prompt: .*$",
            f"prompt: {_yaml({'en': sentence, 'ru': sentence + ' ру'})}",
            text,
            flags=re.M,
        )
        text = re.sub(
            r"^explain: .*$",
            f"explain: {_yaml({'en': sentence, 'ru': sentence + ' ру'})}",
            text,
            flags=re.M,
        )
        path.write_text(text, encoding="utf-8")
    lesson = folder / "puzzles" / "lessons" / "first-lesson.yaml"
    text = lesson.read_text("utf-8")
    for field, value in (
        ("title", HOSTILE_TITLES[0]),
        ("intro", HOSTILE_SENTENCES[0]),
        ("audience", HOSTILE_TITLES[2]),
    ):
        text = re.sub(
            rf"^{field}: .*$",
            f"{field}: {_yaml({'en': value, 'ru': value + ' ру'})}",
            text,
            flags=re.M,
        )
    lesson.write_text(text, encoding="utf-8")
    (folder / "puzzles" / "tags.yaml").write_text(
        f"basics: {_yaml({'en': HOSTILE_TITLES[1], 'ru': HOSTILE_TITLES[3]})}\n", encoding="utf-8"
    )
    cwd = Path.cwd()
    os.chdir(folder)
    try:
        assert main(["check"]) == 0
        build(load_config("mkdocs.yml", site_dir=str(folder / "site")))
    finally:
        os.chdir(cwd)
    return folder / "site"


def _pages(site: Path) -> list[Path]:
    return sorted(
        path
        for path in site.rglob("index.html")
        if {"puzzles", "lessons"} & set(path.relative_to(site).parts)
    )


def test_no_page_has_an_event_attribute_or_a_script_url(hostile_site: Path) -> None:
    pages = _pages(hostile_site)
    assert len(pages) >= 20
    for page in pages:
        html = page.read_text("utf-8")
        parser = _Attributes()
        parser.feed(html)
        for tag, name, value in parser.found:
            assert not name.startswith("on"), (page, tag, name, value)
            assert name not in ("autofocus", "tabindex") or tag not in ("h1", "h2"), (page, tag)
            if name in ("href", "src", "action", "formaction", "xlink:href"):
                scheme = re.sub(r"[\s\x00-\x20]", "", value).lower()
                assert not scheme.startswith(("javascript:", "data:text", "vbscript:")), (
                    page,
                    value,
                )
        assert "<img src=x" not in html and "<svg onload" not in html, page


@pytest.fixture(scope="module")
def served(hostile_site: Path) -> Iterator[str]:
    with serving(hostile_site) as url:
        yield url.rstrip("/")


@pytest.mark.browser
@in_turn("lang", ["en", "ru"], 0)  # the Russian pages carry the same texts (and " ру")
def test_no_dialog_opens_and_titles_read_as_written(
    browser: Browser, served: str, hostile_site: Path, lang: str
) -> None:
    context = browser.new_context()
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    headings: list[str] = []
    for path in _pages(hostile_site):
        if (path.relative_to(hostile_site).parts[0] == "ru") != (lang == "ru"):
            continue
        url = served + "/" + path.relative_to(hostile_site).parent.as_posix() + "/"
        page.goto(url)
        page.wait_for_timeout(50)
        page.eval_on_selector_all(
            "article a", "links => links.forEach(a => a.dispatchEvent(new MouseEvent('mouseover')))"
        )
        headings.append(page.locator("article h1").first.inner_text())
    context.close()
    assert len(headings) >= 10
    assert dialogs == []
    for title in HOSTILE_TITLES[:3]:  # the three puzzles of an init site
        assert any(heading.startswith(title.strip(" #")) for heading in headings), title
