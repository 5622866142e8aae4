"""Reading a board SVG back: what a test (or the puzzle widget) can find in it."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections import Counter
from dataclasses import dataclass

from generator.engine import BAR, OFF, Position

SVG = "{http://www.w3.org/2000/svg}"
STACK, BAR_STACK = 5, 4


def parse(svg: str) -> ElementTree.Element:
    """The SVG as an element tree; fails if it is not well-formed XML."""
    return ElementTree.fromstring(svg)


def classes(element: ElementTree.Element) -> set[str]:
    return set(element.get("class", "").split())


@dataclass(frozen=True)
class Stack:
    """One ``<g class="checker ...">``: whose, where, how many, and what is drawn."""

    side: str
    place: str
    count: int
    pinned: bool
    circles: int
    slabs: int
    numbers: tuple[str, ...]


def stacks(root: ElementTree.Element) -> list[Stack]:
    found = []
    for group in root.iter(f"{SVG}g"):
        names = classes(group)
        if "checker" not in names:
            continue
        side = "mover" if "mover" in names else "opponent"
        assert ("opponent" in names) != (side == "mover"), names
        found.append(
            Stack(
                side,
                group.get("data-point", ""),
                int(group.get("data-count", "-1")),
                "pinned" in names,
                len(group.findall(f"{SVG}circle")),
                len([r for r in group.findall(f"{SVG}rect") if not r.get("class")]),
                tuple(text.text or "" for text in group.findall(f"{SVG}text")),
            )
        )
    return found


def place_key(place: int) -> str:
    return "bar" if place == BAR else "off" if place == OFF else str(place)


def expected_counts(position: Position) -> Counter[tuple[str, str]]:
    """``(side, place) -> checkers`` as the position holds them, zeros left out."""
    counts: Counter[tuple[str, str]] = Counter()
    for side, checkers in (("mover", position.mover), ("opponent", position.opponent)):
        for place, count in enumerate(checkers):
            if count:
                counts[(side, place_key(place))] += count
    return counts


def drawn_counts(root: ElementTree.Element) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for stack in stacks(root):
        counts[(stack.side, stack.place)] += stack.count
    return counts


def check_stacks_show_their_counts(root: ElementTree.Element) -> None:
    """Each stack draws its checkers up to the room it has and writes the rest as a number;
    the tray draws every borne-off checker and always writes the count."""
    for stack in stacks(root):
        if stack.place == "off":
            assert stack.slabs == stack.count and stack.circles == 0, stack
            assert stack.numbers == (str(stack.count),), stack
            continue
        room = BAR_STACK if stack.place == "bar" else STACK
        assert 1 <= stack.circles <= room, stack
        assert stack.circles == min(stack.count, stack.circles), stack
        if stack.circles < stack.count:
            assert stack.numbers == (str(stack.count),), stack
            assert stack.circles >= room - 1, stack  # a captor's stack has one slot fewer
        else:
            assert stack.numbers == (), stack


def data_points(root: ElementTree.Element) -> set[str]:
    return {element.get("data-point", "") for element in root.iter()} - {""}
