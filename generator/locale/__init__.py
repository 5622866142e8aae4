"""The site's words in each of its languages: gettext catalogs read straight from the .po files.

English is the source language: a message id is the English sentence itself (for a refusal, its
words in ``generator.engine.reasons.WORDS``), so English needs no catalog. Russian lives in
``ru/LC_MESSAGES/tabula.po`` and is compiled in memory on first use, so there is no build step
and no .mo file; ``tabula.pot`` is the template. ``tests/test_locale.py`` keeps both files in
step with the engine's reasons.

>>> from generator.engine import Refusal
>>> refusal = Refusal.of("blocked_landing", point=8, count=2)
>>> explain(refusal, "en")
'The 8-point is closed: 2 opposing checkers stand there.'
>>> explain(refusal, "ru")
'Пункт 8 закрыт: на нём 2 шашки соперника.'
"""

from __future__ import annotations

import gettext as _gettext
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from io import BytesIO

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from generator.engine.reasons import Refusal

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "RULES_NAMES",
    "TAG_NAMES",
    "VARIANT_NAMES",
    "Clause",
    "Message",
    "MissingTranslationError",
    "_",
    "explain",
    "gettext",
    "ngettext",
    "render",
    "translations",
]

LANGUAGES = ("en", "ru")
"""The site's languages; the first is the source language of every message id."""

DOMAIN = "tabula"
"""The gettext domain: the catalogs are ``<lang>/LC_MESSAGES/tabula.po``."""


def N_(text: str) -> str:
    """Marks a message for the catalogs without translating it where it is written."""
    return text


VARIANT_NAMES = {
    "backgammon": N_("Backgammon"),
    "tavla-classic": N_("Tavla Classic"),
    "tavla-modern": N_("Tavla Modern"),
    "turkish-tavla": N_("Turkish Tavla"),
    "portes": N_("Portes"),
    "long-nardy": N_("Long Nardy"),
    "plakoto": N_("Plakoto"),
    "fevga": N_("Fevga"),
}
"""Each variant's name, as a message id of the catalogs."""

RULES_NAMES = {
    "greek": N_("Greek table rules"),
    "western-triple": N_("Western scoring: a backgammon counts 3"),
    "strict-wasted-pips": N_("Strict reading of no wasted pips"),
    "limits-never-yield": N_("Home-board limits never yield"),
    "limits-yield-by-step": N_("A home-board limit yields move by move"),
    "head-second-player": N_("Head exception for the second player only"),
    "head-unplayable-dice": N_("A second checker from the head when a die is lost"),
    "block-at-turn-end": N_("The six-point block checked at the end of the turn"),
    "runner-quarter": N_("The runner needs only the opponent's starting quarter"),
    "quarter-every-step": N_("The starting quarter checked after every move"),
    "let-out-always": N_("The opponent must always be left a move"),
    "pinned-home-bears-off": N_("A pinned checker in the home board does not stop the bear-off"),
}
"""Each table-rule preset's name (generator.engine.PRESETS), as a message id."""

TAG_NAMES = {
    "bar": N_("The bar"),
    "entry": N_("Entering"),
    "hit": N_("Hitting"),
    "blocked-landing": N_("Closed points"),
    "must-play": N_("Playing both dice"),
    "higher-die": N_("The higher die"),
    "order": N_("The order of the dice"),
    "pass": N_("No legal play"),
    "bear-off": N_("Bearing off"),
    "oversized": N_("Bearing off with a higher number"),
    "wasted-pips": N_("No wasted pips"),
    "home-board": N_("The home board"),
    "freeze": N_("Hit at home and stay"),
    "block": N_("The six-point block"),
    "prime": N_("Primes"),
    "cube": N_("The doubling cube"),
    "take": N_("Taking a double"),
    "drop": N_("Dropping a double"),
    "double": N_("Doubling"),
    "scoring": N_("Scoring"),
    "gammon": N_("Gammons"),
    "backgammon": N_("Backgammons"),
    "mars": N_("Mars"),
    "oin": N_("Oin"),
    "head": N_("The head"),
    "doubles": N_("Doubles"),
    "first-turn": N_("The first turn"),
    "opening": N_("The opening"),
    "pin": N_("Pinning"),
    "mother": N_("The mother"),
    "runner": N_("The runner"),
    "starting-quarter": N_("The starting quarter"),
    "pip-count": N_("The pip count"),
    "drill": N_("Drills"),
    "basics": N_("Basics"),
}
"""The labels of the tags the site knows, as message ids. A project labels any other tag in
its ``puzzles/tags.yaml``."""


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of ``lang``: English passes the message ids through, other languages
    translate them.

    >>> translations("ru").gettext("You have no checker on the bar.")
    'На баре нет ваших шашек.'
    >>> translations("de")
    Traceback (most recent call last):
    ...
    ValueError: no catalog for the language 'de'; the supported languages are: en, ru
    """
    if lang not in LANGUAGES:
        supported = ", ".join(LANGUAGES)
        raise ValueError(
            f"no catalog for the language {lang!r}; the supported languages are: {supported}"
        )
    if lang == LANGUAGES[0]:
        return _gettext.NullTranslations()
    po = files(__name__).joinpath(lang, "LC_MESSAGES", f"{DOMAIN}.po")
    catalog = read_po(BytesIO(po.read_bytes()), locale=lang, domain=DOMAIN)
    mo = BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    found = _gettext.GNUTranslations(mo)
    found.add_fallback(_Missing(lang))
    return found


class MissingTranslationError(LookupError):
    """A message with no translation: the catalogs are behind the code."""


class _Missing(_gettext.NullTranslations):
    """The last fallback of a catalog: a message it lacks stops the build, so that no English
    sentence can slip into a Russian page."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def _missing(self, message: str) -> str:
        raise MissingTranslationError(
            f"no {self.lang} translation of {message!r} in generator/locale/{self.lang}/"
            f"LC_MESSAGES/{DOMAIN}.po: add it (tests/test_locale.py lists what is missing)"
        )

    def gettext(self, message: str) -> str:
        return self._missing(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._missing(msgid1)


def gettext(text: str, lang: str) -> str:
    """``text`` (an English message id) in ``lang``.

    >>> gettext("You have no checker on the bar.", "en")
    'You have no checker on the bar.'
    """
    return translations(lang).gettext(text)


def ngettext(singular: str, plural: str, n: int, lang: str) -> str:
    """The form of a message that fits the number ``n`` in ``lang`` (Russian has three).

    >>> one = "You have a checker on the bar: it must enter before any other checker moves."
    >>> many = (
    ...     "You have {count} checkers on the bar: "
    ...     "they must enter before any other checker moves."
    ... )
    >>> [ngettext(one, many, n, "ru").split(":")[0].format(count=n) for n in (1, 3, 5)]
    ['У вас шашка на баре', 'У вас 3 шашки на баре', 'У вас 5 шашек на баре']
    """
    return translations(lang).ngettext(singular, plural, n)


def explain(refusal: Refusal, lang: str) -> str:
    """Why a step is refused, in ``lang``: the words of the refusal's code with its parameters
    filled in. In English this is exactly ``refusal.message()``.

    >>> explain(Refusal.of("bar_first", count=1), "ru")
    'У вас шашка на баре: пока она не войдёт в игру, другими шашками ходить нельзя.'
    """
    words = refusal.words
    params = dict(refusal.params)
    if words.plural is not None and words.number is not None:
        n = params[words.number]
        if not isinstance(n, int):
            raise TypeError(f"{refusal!r}: the parameter {words.number!r} must be a whole number")
        text = ngettext(words.singular, words.plural, n, lang)
    else:
        text = gettext(words.singular, lang)
    return text.format(**params)


@dataclass(frozen=True, slots=True)
class Message:
    """A message said where a problem is found and worded when it is printed: its English
    words (the message id), the plural form for a number when it has one, and its parameters.
    A parameter may itself be a :class:`Message` or an engine :class:`Refusal`, worded in the
    same language. ``str()`` is the English sentence.

    >>> error = Message.ngettext("{count} error", "{count} errors", 5, count=5)
    >>> str(error), error.render("ru")
    ('5 errors', '5 ошибок')
    """

    singular: str
    plural: str | None = None
    number: int | None = None
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def ngettext(cls, singular: str, plural: str, n: int, /, **params: object) -> Message:
        """The message whose words depend on the number ``n`` (Russian has three forms)."""
        return cls(singular, plural, n, tuple(params.items()))

    def render(self, lang: str = LANGUAGES[0]) -> str:
        """The message in ``lang``, its parameters filled in."""
        catalog = translations(lang)
        if self.plural is None or self.number is None:
            text = catalog.gettext(self.singular)
        else:
            text = catalog.ngettext(self.singular, self.plural, self.number)
        return text.format(**{name: _worded(value, lang) for name, value in self.params})

    def __str__(self) -> str:
        return self.render(LANGUAGES[0])


def _(text: str, /, **params: object) -> Message:
    """The message ``text`` (English, with ``{name}`` placeholders) to be worded later, in the
    language its reader chose.

    >>> print(_("unknown field {name}", name="'titel'"))
    unknown field 'titel'
    """
    return Message(text, params=tuple(params.items()))


@dataclass(frozen=True, slots=True)
class Clause:
    """A refusal of the engine said inside a longer sentence: its words in the reader's
    language, the first letter lowercase and the closing full stop left out.

    >>> from generator.engine import Refusal
    >>> reason = Clause(Refusal.of("bar_empty"))
    >>> reason.render("en"), reason.render("ru")
    ('you have no checker on the bar', 'на баре нет ваших шашек')
    """

    refusal: Refusal

    def render(self, lang: str) -> str:
        words = explain(self.refusal, lang)
        return words[:1].lower() + words[1:].rstrip(".")


def _worded(value: object, lang: str) -> object:
    if isinstance(value, Message | Clause):
        return value.render(lang)
    if isinstance(value, Refusal):
        return explain(value, lang)
    return value


def render(message: str | Message, lang: str = LANGUAGES[0]) -> str:
    """``message`` in ``lang``: a :class:`Message` is worded there, a plain text (the engine's
    errors, which have no catalog entry) stays as it is."""
    return message.render(lang) if isinstance(message, Message) else message
