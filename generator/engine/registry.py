"""Every variant by its key, and by the names players use for it."""

from __future__ import annotations

from .errors import UnknownVariantError
from .fevga import Fevga
from .nardy import LongNardy
from .plakoto import Plakoto
from .variants import Backgammon, Portes, TavlaClassic, TavlaModern, TurkishTavla, Variant

VARIANTS: dict[str, Variant] = {
    cls.key: cls()
    for cls in (
        Backgammon,
        TavlaClassic,
        TavlaModern,
        TurkishTavla,
        Portes,
        LongNardy,
        Plakoto,
        Fevga,
    )
}
"""The variants under their contract keys, in the order the site lists them."""


def _normal(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", "-").split())


_BY_NAME: dict[str, Variant] = {
    _normal(name): variant
    for variant in VARIANTS.values()
    for name in (variant.key, variant.name, *variant.aliases)
}


def find_variant(name: str) -> Variant:
    """The variant with this key or one of its names (case and spacing do not matter).

    >>> find_variant("Tavla Modern")
    find_variant('tavla-modern')
    >>> find_variant("длинные нарды")
    find_variant('long-nardy')
    """
    variant = _BY_NAME.get(_normal(name)) if isinstance(name, str) else None
    if variant is None:
        raise UnknownVariantError(f"unknown variant {name!r}; use one of: {', '.join(VARIANTS)}")
    return variant


def names() -> list[str]:
    """Every name ``find_variant`` knows, lowercased: keys, names and aliases."""
    return list(_BY_NAME)
