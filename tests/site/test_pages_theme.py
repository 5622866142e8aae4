"""Tabula's overrides of Material's templates (generator.render.theme.MATERIAL_OVERRIDES): the
header's and footer's names in Russian, the logo's alt text and the dash in page titles, each
rendered by Jinja with Material's own templates behind ours, as MkDocs does with a theme's
custom_dir."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from types import SimpleNamespace

import pytest
from jinja2 import Environment, FileSystemLoader

from generator.render.theme import MATERIAL_OVERRIDES

MATERIAL = Path(str(find_spec("material").origin)).parent / "templates"  # type: ignore[union-attr]


def environment() -> Environment:
    env = Environment(loader=FileSystemLoader([str(MATERIAL_OVERRIDES), str(MATERIAL)]))
    env.filters["url"] = lambda value: value
    return env


def config(language: str) -> SimpleNamespace:
    theme = SimpleNamespace(language=language, logo="assets/logo.svg", icon=SimpleNamespace())
    return SimpleNamespace(theme=theme, site_name="Tabula")


def word(key: str, language: str) -> str:
    template = environment().from_string(
        '{% import "partials/language.html" as lang with context %}{{ lang.t(key) }}'
    )
    return template.render(config=config(language), key=key)


def test_the_overrides_are_templates_material_knows() -> None:
    names = {path.relative_to(MATERIAL_OVERRIDES) for path in MATERIAL_OVERRIDES.rglob("*.html")}
    assert names == {
        Path("404.html"),
        Path("main.html"),
        Path("partials/header.html"),
        Path("partials/language.html"),
        Path("partials/logo.html"),
    }
    assert all((MATERIAL / name).is_file() for name in names)


@pytest.mark.parametrize(
    ("key", "russian", "english"),
    [("header", "Шапка сайта", "Header"), ("footer", "Подвал сайта", "Footer")],
)
def test_the_header_and_footer_are_named_as_on_the_web_not_in_print(
    key: str, russian: str, english: str
) -> None:
    assert word(key, "ru") == russian
    assert word(key, "en") == english


def test_forward_is_written_with_its_yo() -> None:
    assert word("footer.next", "ru") == "Вперёд"
    assert word("footer.next", "en") == "Next"


def test_other_words_are_materials_own() -> None:
    assert word("search.placeholder", "ru") == "Поиск"
    assert word("nav", "ru") == "Навигация"
    assert word("nav", "en") == "Navigation"


def test_the_logo_is_named_for_the_site() -> None:
    html = environment().get_template("partials/logo.html").render(config=config("ru"))
    assert 'alt="Tabula"' in html
    assert 'alt="logo"' not in html


@pytest.mark.parametrize(
    ("page", "title"),
    [
        (
            SimpleNamespace(meta={}, title="Правила февги", is_homepage=False),
            "Правила февги — Tabula",
        ),
        (
            SimpleNamespace(meta={"title": "Puzzle"}, title="x", is_homepage=False),
            "Puzzle — Tabula",
        ),
        (SimpleNamespace(meta={}, title="Home", is_homepage=True), "Tabula"),
    ],
)
def test_page_titles_are_joined_with_a_dash(page: SimpleNamespace, title: str) -> None:
    template = environment().get_template("main.html")
    context = template.new_context({"page": page, "config": config("ru")})
    html = "".join(template.blocks["htmltitle"](context))
    assert f"<title>{title}</title>" in html
