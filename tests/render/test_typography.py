"""Russian pages get their non-breaking spaces from one step, in their text only."""

from __future__ import annotations

import pytest

from generator.render.typography import NBSP, typeset


def ru(html: str) -> str:
    """The Russian typesetting of ``html``, with each U+00A0 shown as ``~``."""
    assert "~" not in html
    return typeset(html, lang="ru").replace(NBSP, "~")


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<p>Снимите 2 шашки.</p>", "<p>Снимите 2~шашки.</p>"),
        ("<p>Все 15 шашек</p>", "<p>Все 15~шашек</p>"),
        ("<p>Шашка встаёт на 6-й пункт.</p>", "<p>Шашка встаёт на 6-й~пункт.</p>"),
        ("<p>с 13-го пункта</p>", "<p>с~13-го~пункта</p>"),
        ("<p>в 2025\nгоду</p>", "<p>в~2025~году</p>"),
        ("<p>Голова — пункт 24.</p>", "<p>Голова~— пункт 24.</p>"),
        ("<p>пункт 24\n— голова</p>", "<p>пункт 24~— голова</p>"),
        ("<p>Дом и двор, а также к нему</p>", "<p>Дом и~двор, а~также к~нему</p>"),
        ("<p>В доме. О бое. У бара. С бара.</p>", "<p>В~доме. О~бое. У~бара. С~бара.</p>"),
        ("<p>«в доме»</p>", "<p>«в~доме»</p>"),
        ("<p>приказ № 347 от 30 апреля</p>", "<p>приказ №~347~от 30~апреля</p>"),
    ],
)
def test_russian_text_gets_non_breaking_spaces(html: str, expected: str) -> None:
    assert ru(html) == expected


@pytest.mark.parametrize(
    "html",
    [
        # Notation and numbers inside other numbers: "13/8 и", "x2 в", "1.5 очка".
        "<p>Ход 24/18 сильнее.</p>",
        "<p>Куб x2 стоит.</p>",
        "<p>Итого 1.5 очка.</p>",
        # Numbers before Latin words, a dash in a word, a letter that is part of a word.
        "<p>Играйте 13/8 and 6 points.</p>",
        "<p>По-русски, кто-то</p>",
        "<p>Дива в</p>",
    ],
)
def test_what_is_not_a_counted_word_or_a_short_word_is_left(html: str) -> None:
    assert ru(html) == html


@pytest.mark.parametrize(
    "html",
    [
        "<pre><code>2 шашки — в доме</code></pre>",
        "<p>Сыграйте <code>2 шашки — в доме</code></p>",
        "<kbd>в дом</kbd><samp>и 2 шашки</samp>",
        "<script>var a = '2 шашки — в доме'; if (a < b) {}</script>",
        "<style>p::after { content: '2 шашки — в' }</style>",
        "<textarea>2 шашки — в доме</textarea>",
        '<template class="tabula-data">{"text":"2 шашки — в доме","a":"<b>и б</b>"}</template>',
        '<svg class="tb-board"><title>2 шашки — в доме</title><desc>и 3 шашки</desc>'
        "<g><text>в 6 пункте</text></g></svg>",
        "<math><mi>в 2 шашки</mi></math>",
        "<!-- 2 шашки — в доме -->",
        "<!--tabula:0123456789abcdef0123-->",
    ],
)
def test_code_scripts_templates_boards_and_comments_are_untouched(html: str) -> None:
    assert ru(html) == html


def test_attributes_are_untouched() -> None:
    html = (
        '<p><a href="#в-доме" title="2 шашки — в доме" data-x=\'и 3 шашки > 2\'>ссылка</a>'
        '<img alt="в 2 шашки — и"></p>'
    )
    assert ru(html) == html


def test_text_around_untouched_elements_is_still_typeset() -> None:
    html = (
        "<p>2 шашки <code>2 шашки</code> и 3 шашки — <svg><text>и 4 шашки</text></svg> в доме</p>"
    )
    assert ru(html) == (
        "<p>2~шашки <code>2 шашки</code> и~3~шашки~— <svg><text>и 4 шашки</text></svg> в~доме</p>"
    )


def test_nested_elements_of_the_same_name_end_where_the_outer_one_does() -> None:
    html = "<template><template>в доме</template>и 2 шашки</template><p>и 2 шашки</p>"
    assert ru(html) == "<template><template>в доме</template>и 2 шашки</template><p>и~2~шашки</p>"


def test_a_script_ends_at_its_own_closing_tag_whatever_it_holds() -> None:
    html = "<script>let s = '<script>и 2 шашки';</script><p>и 2 шашки</p>"
    assert ru(html) == "<script>let s = '<script>и 2 шашки';</script><p>и~2~шашки</p>"


def test_a_short_word_before_an_inline_element_joins_its_first_word() -> None:
    assert ru("<p>Смотрите в <a href='x'>правила</a> и <em>примеры</em></p>") == (
        "<p>Смотрите в~<a href='x'>правила</a> и~<em>примеры</em></p>"
    )
    # Not before a block: the next paragraph is another line anyway.
    assert ru("<li>и </li><li>в</li>") == "<li>и </li><li>в</li>"


def test_the_headings_and_their_permalinks_keep_their_anchors() -> None:
    html = (
        '<h2 id="голова-одна-шашка-за-ход">Голова: 1 шашка за ход'
        '<a class="headerlink" href="#голова-одна-шашка-за-ход" title="Ссылка на раздел">'
        "¶</a></h2>"
    )
    assert ru(html) == html.replace("1 шашка", "1~шашка")


def test_typesetting_twice_changes_nothing_more() -> None:
    html = "<p>В 6-й пункт и 2 шашки — в доме</p>"
    once = typeset(html, lang="ru")
    assert typeset(once, lang="ru") == once


@pytest.mark.parametrize("lang", ["en", "de"])
def test_other_languages_come_back_unchanged(lang: str) -> None:
    html = "<p>Move 2 checkers — a 6-point prime, в доме и 2 шашки</p>"
    assert typeset(html, lang=lang) is html


def test_an_unclosed_untouched_element_runs_to_the_end() -> None:
    assert ru("<p>и 2 шашки</p><pre>и 2 шашки") == "<p>и~2~шашки</p><pre>и 2 шашки"
