"""The words of a board diagram: its ``<title>``, its ``<desc>`` and its caption, in one language.

A screen reader reads the description instead of the picture, so it says what a player sees:
whose turn it is, how many checkers of each side stand where (Long Nardy's heads, Fevga's
starting points and Plakoto's pinned checkers by name), the bar, the borne-off checkers, the dice,
the cube and the teaching marks. Every sentence comes from the catalogs, with the plural form the
number needs.

>>> from generator.engine import find_variant
>>> start = find_variant("backgammon").start()
>>> print(describe(start, dice=(5, 2), lang="ru").desc)  # doctest: +NORMALIZE_WHITESPACE
Бэкгаммон. Светлые (их ход): 2 шашки на пункте 24, 5 шашек на пункте 13, 3 шашки на пункте 8,
5 шашек на пункте 6. Тёмные (соперник): 2 шашки на пункте 1, 5 шашек на пункте 12, 3 шашки на
пункте 17, 5 шашек на пункте 19. Кубики: 5 и 2. Ходят светлые (белые); пункты — по их счёту.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal, NamedTuple, get_args

from generator.engine import BAR, OFF, Cube, Position, Step, format_play
from generator.locale import N_, VARIANT_NAMES, translations

HighlightKind = Literal["destination", "source", "closed", "block"]
"""What a highlighted place means: a legal destination, the point a checker is picked up
from, a closed point, or a point of a six-point block that the rules forbid."""
HIGHLIGHT_KINDS: tuple[HighlightKind, ...] = get_args(HighlightKind)


class Highlight(NamedTuple):
    """A place to highlight and why: ``Highlight(8, "destination")``.

    ``place`` is a point 1..24 in the mover's numbering, ``BAR`` (25) or ``OFF`` (0), as in a
    :class:`~generator.engine.Step`.
    """

    place: int
    kind: HighlightKind


HIGHLIGHT_WORDS: dict[HighlightKind, str] = {
    "destination": N_("Legal destinations: {places}."),
    "source": N_("The checker to move is on: {places}."),
    "closed": N_("Closed points: {places}."),
    "block": N_("A forbidden block of six: {places}."),
}

START = 24
"""The point where all of a running game's checkers begin, in the owner's numbering: the head
in Long Nardy (``variant.head``), the starting point in Fevga, which has no head rule and so no
head (RULES.md 2.6); the opponent's is its other number."""


class Words(NamedTuple):
    """What a diagram says: the accessible name, the description and the visible captions."""

    title: str
    desc: str
    numbering: str
    other_numbering: str


def describe(
    position: Position,
    *,
    dice: Sequence[int] | None = None,
    cube: Cube | int | None = None,
    arrows: Sequence[Step] = (),
    highlights: Sequence[Highlight] = (),
    marked: Sequence[int] = (),
    labels: Mapping[int, str] | None = None,
    lang: str = "en",
    both_numbers: bool = False,
    title: str | None = None,
) -> Words:
    """The words of :func:`~generator.render.board_svg` for the same arguments.

    >>> from generator.engine import find_variant
    >>> nardy = find_variant("long-nardy").start()
    >>> words = describe(nardy)
    >>> words.title
    'Long Nardy: light to move'
    >>> words.desc.split(". ")[1]
    'Light checkers, to move: 15 checkers on the head (the 24-point)'
    >>> describe(find_variant("fevga").start()).desc.split(". ")[1]
    'Light checkers, to move: 15 checkers on the starting point (the 24-point)'
    """
    catalog = translations(lang)
    _ = catalog.gettext
    ngettext = catalog.ngettext
    variant = position.variant
    name = _(VARIANT_NAMES.get(variant.key, variant.name))

    def place(where: int) -> str:
        if where == BAR:
            return _("the bar")
        if where == OFF:
            return _("off the board")
        return str(where)

    def places(where: Sequence[int]) -> str:
        return ", ".join(place(p) for p in where)

    def side_items(mover: bool) -> str:
        counts = position.mover if mover else position.opponent
        pinned = position.mover_pinned if mover else position.opponent_pinned
        start = START if mover else variant.other_numbering(START)
        # Each side's points in the order it travels them: its own 24 first.
        own: Callable[[int], int] = (lambda p: p) if mover else variant.opponent_own_point
        items: list[str] = []
        for point in sorted(range(1, 25), key=own, reverse=True):
            count = counts[point]
            if not count:
                continue
            if point in pinned:
                items.append(_("a checker pinned on the {point}-point").format(point=point))
            elif variant.same_direction and point == start and variant.head:
                items.append(
                    ngettext(
                        "{count} checker on the head (the {point}-point)",
                        "{count} checkers on the head (the {point}-point)",
                        count,
                    ).format(count=count, point=point)
                )
            elif variant.same_direction and point == start:
                # Fevga: the same point, but no head rule and no head.
                items.append(
                    ngettext(
                        "{count} checker on the starting point (the {point}-point)",
                        "{count} checkers on the starting point (the {point}-point)",
                        count,
                    ).format(count=count, point=point)
                )
            else:
                items.append(
                    ngettext(
                        "{count} checker on the {point}-point",
                        "{count} checkers on the {point}-point",
                        count,
                    ).format(count=count, point=point)
                )
        if counts[BAR]:
            items.append(
                ngettext(
                    "{count} checker on the bar", "{count} checkers on the bar", counts[BAR]
                ).format(count=counts[BAR])
            )
        if counts[OFF]:
            items.append(
                ngettext(
                    "{count} checker borne off", "{count} checkers borne off", counts[OFF]
                ).format(count=counts[OFF])
            )
        return ", ".join(items)

    sentences = [
        f"{name}.",
        _("Light checkers, to move: {checkers}.").format(checkers=side_items(True)),
        _("Dark checkers, the opponent: {checkers}.").format(checkers=side_items(False)),
    ]
    if dice is not None:
        sentences.append(_("Dice: {first} and {second}.").format(first=dice[0], second=dice[1]))
    if isinstance(cube, int):  # its value alone (svg.py): whoever holds it
        sentences.append(_("The doubling cube shows {value}.").format(value=cube))
    elif cube is not None:
        if cube.owner == "centre":
            sentences.append(_("The doubling cube is in the middle, not yet turned."))
        elif cube.owner == "mover":
            sentences.append(
                _("The doubling cube shows {value} and belongs to light.").format(value=cube.value)
            )
        else:
            sentences.append(
                _("The doubling cube shows {value} and belongs to dark.").format(value=cube.value)
            )
    if arrows:
        sentences.append(_("Arrows show the play {play}.").format(play=format_play(arrows)))
    for kind in HIGHLIGHT_KINDS:
        where = [h.place for h in highlights if h.kind == kind]
        if where:
            sentences.append(_(HIGHLIGHT_WORDS[kind]).format(places=places(where)))
    if marked:
        sentences.append(_("Marked: the checker on {places}.").format(places=places(marked)))
    if labels:
        sentences.append(
            _("Labels: {labels}.").format(
                labels="; ".join(f"{place(p)}: {text}" for p, text in labels.items())
            )
        )
    numbering = _("Light (White) to move; the numbers are light's.")
    sentences.append(numbering)
    other = ""
    if both_numbers:
        other = _("Small numbers: the opponent's numbering.")
        sentences.append(other)
    if title is None:
        if dice is None:
            title = _("{variant}: light to move").format(variant=name)
        else:
            title = _("{variant}: light to move, dice {first}-{second}").format(
                variant=name, first=dice[0], second=dice[1]
            )
    return Words(title, " ".join(sentences), numbering, other)
