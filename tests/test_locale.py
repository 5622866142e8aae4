"""The catalogs say every refusal of the engine, in English and in Russian.

The English words of a refusal (``generator.engine.reasons.WORDS``) are the message ids of the
catalogs: ``generator/locale/tabula.pot`` is the template and ``ru/LC_MESSAGES/tabula.po`` the
Russian catalog. When a reason is added, changed or removed in the engine, the first tests below
fail and print the entries to add or delete, in .po syntax.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import escape, read_po

from generator.engine.reasons import WORDS, Refusal, Words
from generator.locale import LANGUAGES, explain, gettext, ngettext, translations

LOCALE = files("generator.locale")
RUSSIAN_PLURAL_FORMS = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<10 || n%100>=20) ? 1 : 2);"
)

# A value for each parameter a reason may name: a point, a die, a count, a play in notation.
SAMPLE = {
    "point": 8,
    "die": 5,
    "count": 2,
    "play": "13/8 6/5",
    "first": 13,
    "last": 18,
    "source": 6,
    "higher": 9,
}

MessageId = str | tuple[str, str]


def read(*path: str) -> Catalog:
    resource = LOCALE.joinpath(*path)
    with resource.open("rb") as po:
        return read_po(po, locale="ru" if path[0] == "ru" else None, domain="tabula")


TEMPLATE = read("tabula.pot")
RUSSIAN = read("ru", "LC_MESSAGES", "tabula.po")


def extracted() -> set[MessageId]:
    """The messages the generator's code marks with _(), ngettext() or N_()."""
    root = Path(__file__).parent.parent / "generator"
    return {
        message
        for _, _, message, _, _ in extract_from_dir(
            root, method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS
        )
    }


UI_MESSAGES = extracted()


def message_id(words: Words) -> MessageId:
    return words.singular if words.plural is None else (words.singular, words.plural)


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def english_placeholders(message: Message) -> set[str]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    return set().union(*map(placeholders, ids))


def allowed_placeholders(message: Message, form: int) -> list[set[str]]:
    """The placeholders a Russian form may hold: all of the English ones. Form [0] serves 1,
    21, 31... and may leave the number out ("У вас шашка на баре", not "У вас 1 шашка"), as
    the English singular does: the counts these messages take (checkers, dice) never reach 21."""
    wanted = english_placeholders(message)
    if form == 0 and message.pluralizable and "count" in wanted:
        return [wanted, wanted - {"count"}]
    return [wanted]


def entries(catalog: Catalog) -> dict[MessageId, Message]:
    return {message.id: message for message in catalog if message.id}


def as_po(ident: MessageId) -> str:
    if isinstance(ident, str):
        return f'msgid {escape(ident)}\nmsgstr ""'
    return f'msgid {escape(ident[0])}\nmsgid_plural {escape(ident[1])}\nmsgstr[0] ""\nmsgstr[1] ""'


def sample_refusal(code: str, **override: int | str) -> Refusal:
    words = WORDS[code]
    names = placeholders(words.singular) | placeholders(words.plural or "")
    return Refusal.of(code, **{name: override.get(name, SAMPLE[name]) for name in sorted(names)})


# --- the catalogs list exactly the engine's reasons -------------------------------------------


@pytest.mark.parametrize("catalog", [TEMPLATE, RUSSIAN], ids=["tabula.pot", "ru"])
def test_the_catalog_lists_exactly_the_words_of_every_reason(catalog: Catalog) -> None:
    expected = {message_id(words) for words in WORDS.values()} | UI_MESSAGES
    found = set(entries(catalog))
    missing = "\n\n".join(as_po(ident) for ident in sorted(expected - found, key=str))
    stale = "\n\n".join(as_po(ident) for ident in sorted(found - expected, key=str))
    assert found == expected, (
        f"add these entries (then translate them):\n\n{missing}\n\n"
        f"delete these entries, no reason uses them any more:\n\n{stale}"
    )
    assert not catalog.obsolete, f"delete the obsolete entries: {list(catalog.obsolete)}"


def test_a_reason_whose_words_depend_on_a_number_has_a_plural_entry() -> None:
    for catalog in (TEMPLATE, RUSSIAN):
        plural = {ident for ident, message in entries(catalog).items() if message.pluralizable}
        reasons = {message_id(w) for w in WORDS.values() if w.plural is not None}
        assert plural == reasons | {m for m in UI_MESSAGES if isinstance(m, tuple)}


@pytest.mark.parametrize("catalog", [TEMPLATE, RUSSIAN], ids=["tabula.pot", "ru"])
def test_messages_with_placeholders_are_marked_python_brace_format(catalog: Catalog) -> None:
    for message in entries(catalog).values():
        marked = "python-brace-format" in message.flags
        assert marked == bool(english_placeholders(message)), message.id


# --- the Russian catalog ------------------------------------------------------------------------


def test_the_russian_catalog_declares_the_three_russian_plural_forms() -> None:
    assert RUSSIAN.plural_forms == RUSSIAN_PLURAL_FORMS
    assert RUSSIAN.num_plurals == 3


@pytest.mark.parametrize("code", sorted(WORDS))
def test_every_russian_translation_is_done_and_keeps_the_placeholders(code: str) -> None:
    message = entries(RUSSIAN)[message_id(WORDS[code])]
    assert not message.fuzzy
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    assert len(forms) == (3 if message.pluralizable else 1)
    english = message.id if isinstance(message.id, tuple) else (message.id,)
    for index, form in enumerate(forms):
        assert form.strip(), f"{code}: untranslated"
        assert form not in english, f"{code}: still English"
        assert placeholders(form) in allowed_placeholders(message, index), f"{code}: {form}"


@pytest.mark.parametrize("code", sorted(WORDS))
def test_every_reason_reads_in_russian(code: str) -> None:
    text = explain(sample_refusal(code), "ru")
    assert "{" not in text and "}" not in text
    assert re.search("[а-яё]", text), text


# --- explain --------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 3, 5])
@pytest.mark.parametrize("code", sorted(WORDS))
def test_the_english_explanation_is_the_engines_message(code: str, count: int) -> None:
    refusal = sample_refusal(code, count=count)
    assert explain(refusal, "en") == refusal.message()


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (1, "стоит шашка"),
        (2, "2 шашки"),
        (4, "4 шашки"),
        (5, "5 шашек"),
        (11, "11 шашек"),
        (12, "12 шашек"),
    ],
)
def test_russian_counts_checkers_with_the_right_form(count: int, words: str) -> None:
    text = explain(Refusal.of("blocked_landing", point=8, count=count), "ru")
    assert text == f"Пункт 8 закрыт: на нём {words} соперника."


@pytest.mark.parametrize(
    ("count", "words"), [(1, "шашка на баре"), (3, "3 шашки на баре"), (5, "5 шашек на баре")]
)
def test_russian_counts_checkers_on_the_bar(count: int, words: str) -> None:
    assert f"У вас {words}:" in explain(Refusal.of("bar_first", count=count), "ru")


@pytest.mark.parametrize(
    ("count", "words"), [(1, "только один кубик"), (3, "3 кубика"), (4, "4 кубика")]
)
def test_russian_counts_dice(count: int, words: str) -> None:
    text = explain(Refusal.of("must_use_more", count=count, play="6/2(3)"), "ru")
    assert f"можно сыграть {words}," in text and text.endswith("например, 6/2(3).")


def test_the_helpers_translate_and_pass_english_through() -> None:
    one, many = WORDS["bar_first"].singular, WORDS["bar_first"].plural
    assert many is not None
    assert gettext("You have no checker on the bar.", "en") == "You have no checker on the bar."
    assert gettext("You have no checker on the bar.", "ru") == "На баре нет ваших шашек."
    assert ngettext(one, many, 1, "en") == one and ngettext(one, many, 2, "en") == many
    assert ngettext(one, many, 2, "ru").startswith("У вас {count} шашки на баре")


def test_each_language_has_one_catalog() -> None:
    assert LANGUAGES == ("en", "ru")
    assert translations("ru") is translations("ru")


@pytest.mark.parametrize("lang", ["de", "RU", "", "en_US"])
def test_an_unknown_language_is_refused_naming_the_supported_ones(lang: str) -> None:
    with pytest.raises(ValueError, match=r"supported languages are: en, ru"):
        translations(lang)
    with pytest.raises(ValueError, match=re.escape(repr(lang))):
        explain(sample_refusal("bar_empty"), lang)


@pytest.mark.parametrize("ident", sorted(UI_MESSAGES, key=str))
def test_every_message_of_the_generator_is_translated_and_keeps_its_placeholders(
    ident: MessageId,
) -> None:
    message = entries(RUSSIAN)[ident]
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    assert all(strings), f"translate {ident!r}"
    for index, text in enumerate(strings):
        assert placeholders(text) in allowed_placeholders(message, index), (ident, text)


def test_a_message_missing_from_the_russian_catalog_stops_instead_of_showing_english() -> None:
    from generator.locale import MissingTranslationError

    with pytest.raises(MissingTranslationError, match="no ru translation of 'No such words'"):
        translations("ru").gettext("No such words")
    assert translations("en").gettext("No such words") == "No such words"
