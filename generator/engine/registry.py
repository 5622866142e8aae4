"""Every variant by its key, and by the names players use for it; and each variant's table-rule
presets by name (decision 16), entered in ``variants.PRESETS``."""

from __future__ import annotations

from .errors import UnknownVariantError
from .fevga import Fevga, FevgaLetOutAlways, FevgaQuarterEveryStep, FevgaRunnerQuarter
from .nardy import (
    LongNardy,
    LongNardyBlockAtTurnEnd,
    LongNardyHeadSecondPlayer,
    LongNardyHeadUnplayableDice,
)
from .plakoto import Plakoto, PlakotoPinnedHomeBearsOff
from .variants import (
    DEFAULT_RULES,
    PRESETS,
    Backgammon,
    Portes,
    PortesGreek,
    TavlaClassic,
    TavlaClassicWesternTriple,
    TavlaModern,
    TavlaModernWesternTriple,
    TurkishTavla,
    TurkishTavlaLimitsNeverYield,
    TurkishTavlaLimitsYieldByStep,
    TurkishTavlaStrictWastedPips,
    Variant,
)

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

PRESETS.update({key: {DEFAULT_RULES: v} for key, v in VARIANTS.items()})
for _preset in (
    PortesGreek,
    TavlaClassicWesternTriple,
    TavlaModernWesternTriple,
    TurkishTavlaStrictWastedPips,
    TurkishTavlaLimitsNeverYield,
    TurkishTavlaLimitsYieldByStep,
    LongNardyHeadSecondPlayer,
    LongNardyHeadUnplayableDice,
    LongNardyBlockAtTurnEnd,
    PlakotoPinnedHomeBearsOff,
    FevgaRunnerQuarter,
    FevgaQuarterEveryStep,
    FevgaLetOutAlways,
):
    PRESETS[_preset.key][_preset.rules] = _preset()


def _normal(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", "-").split())


_BY_NAME: dict[str, Variant] = {
    _normal(name): variant
    for variant in VARIANTS.values()
    for name in (variant.key, variant.name, *variant.aliases)
}


def find_variant(name: str, rules: str | None = None) -> Variant:
    """The variant with this key or one of its names (case and spacing do not matter), under
    the table-rule preset ``rules`` (``None`` or ``"default"``: the variant's own authority).

    >>> find_variant("Tavla Modern")
    find_variant('tavla-modern')
    >>> find_variant("длинные нарды")
    find_variant('long-nardy')
    >>> find_variant("portes", rules="greek")
    find_variant('portes', rules='greek')
    >>> find_variant("fevga", rules="greek")
    Traceback (most recent call last):
    ...
    generator.engine.errors.UnknownRulesError: unknown rules 'greek' for fevga; use one of: \
default, runner-quarter, quarter-every-step, let-out-always
    """
    variant = _BY_NAME.get(_normal(name)) if isinstance(name, str) else None
    if variant is None:
        raise UnknownVariantError.of(
            "unknown_variant", written=repr(name), known=", ".join(VARIANTS)
        )
    return variant if rules is None else variant.with_rules(rules)


def names() -> list[str]:
    """Every name ``find_variant`` knows, lowercased: keys, names and aliases."""
    return list(_BY_NAME)
