"""Drills on bearing off, in every game: a die larger than the point, and that bearing off is
never compulsory."""

from __future__ import annotations

import random

from ...engine import OFF, PartialPlay, Position, Step, Turn
from ...engine.samples import random_position
from ...engine.variants import Variant
from ..solve import destinations
from ..writer import yaml_string
from .finding import Finding, all_home, any_roll, sources
from .words import Dice, Texts, Words, roll_text


def ways_off(turn: Turn, source: int) -> list[tuple[Step, ...]]:
    """Every way, in legal plays, for the checker on ``source`` to be borne off: its own
    steps, as :func:`generator.puzzles.check.destinations` follows them."""
    found: list[tuple[Step, ...]] = []
    pending: list[tuple[PartialPlay, int, tuple[Step, ...]]] = [(turn.root, source, ())]
    seen: set[tuple[int, int]] = set()
    while pending:
        state, place, chain = pending.pop()
        for step, child in state.children.items():
            if step.source != place or not child.leads_to_play:
                continue
            if (id(child), step.destination) in seen:
                continue
            seen.add((id(child), step.destination))
            if step.destination == OFF:
                found.append((*chain, step))
            else:
                pending.append((child, step.destination, (*chain, step)))
    return found


def oversized(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if not all_home(position) or position.mover_pinned:
        return None
    turn = position.turn(dice)
    if not turn.plays:
        return None
    highest = sources(position)[0]
    places = destinations(turn, highest)
    ways = ways_off(turn, highest)
    if OFF not in places or not ways:
        return None
    # Only a die larger than the point takes this checker off: a player who bears off with
    # the exact number only would not list "off".
    if any(way[-1].die <= way[-1].source for way in ways):
        return None
    direct = sorted({way[0].die for way in ways if len(way) == 1})
    walks = sorted((way for way in ways if len(way) > 1), key=len)

    def words(w: Words) -> Texts:
        text = w._(
            "A die bears off a checker from the point of its number; when that point is empty "
            "and no checker stands higher, it bears off a checker from the highest point."
        )
        if direct:
            text += " " + w._(
                "No checker stands above the {point}-point, so the {die} bears this checker "
                "off at once."
            ).format(point=highest, die=direct[-1])
        if walks:
            way = walks[0]
            text += " " + w._(
                "After {steps} the checker stands on the {point}-point, now the highest, and "
                "the {die} bears it off from there."
            ).format(
                steps=" ".join(str(step) for step in way[:-1]),
                point=way[-1].source,
                die=way[-1].die,
            )
        return (
            w._("A die larger than the point: {roll}").format(roll=roll_text(dice)),
            w._(
                "White is bearing off and rolls {roll}. Where can the checker on the "
                "{point}-point go this turn?"
            ).format(roll=roll_text(dice), point=highest),
            text,
        )

    listed = ", ".join("off" if p == OFF else str(p) for p in places)
    return Finding(
        position, dice, "destinations", (("point", str(highest)), ("expect", f"[{listed}]")), words
    )


def optional_bear_off(position: Position, dice: Dice, rng: random.Random) -> Finding | None:
    if not all_home(position):
        return None
    turn = position.turn(dice)
    taking = [play for play in turn.plays if any(s.destination == OFF for s in play.steps)]
    staying = [play for play in turn.plays if all(s.destination != OFF for s in play.steps)]
    if not taking or not staying:
        return None
    claim = rng.choice(staying).notation
    example = taking[0].notation

    def words(w: Words) -> Texts:
        return (
            w._("Must White bear off? {roll}").format(roll=roll_text(dice)),
            w._(
                "White rolls {roll} and could bear a checker off. Is {claim} legal, taking "
                "nothing off?"
            ).format(roll=roll_text(dice), claim=claim),
            w._(
                "Yes. {claim} plays as many dice as the roll allows, and that is all the rules "
                "demand: no rule forces a checker off while the dice can be played inside the "
                "home board. White could also bear off, for example {example}."
            ).format(claim=claim, example=example),
        )

    return Finding(
        position, dice, "legal", (("claim", yaml_string(claim)), ("expect", "legal")), words
    )


def home_board(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """A random position of ``variant`` where White has every checker home."""
    while True:
        position = random_position(variant, rng)
        if all_home(position) and not position.mover_pinned:
            return position, any_roll(rng)
