"""A new puzzle file for a teacher to fill in: every field present, each one explained."""

from __future__ import annotations

from ..engine import BAR, Position, Variant
from ..engine.board import POINTS, Side


def _side(counts: Side) -> str:
    items = [f"bar: {counts[BAR]}"] if counts[BAR] else []
    items += [f"{point}: {counts[point]}" for point in reversed(POINTS) if counts[point]]
    return "{" + ", ".join(items) + "}"


def _pins(position: Position) -> str:
    pins = [f"{{side: mover, point: {p}}}" for p in sorted(position.mover_pinned)]
    pins += [f"{{side: opponent, point: {p}}}" for p in sorted(position.opponent_pinned)]
    return f"\n  pinned: [{', '.join(pins)}]" if pins else ""


def new_puzzle(variant: Variant, position: Position, dice: tuple[int, int], puzzle_id: str) -> str:
    """The text of a new puzzle file: a ``play`` puzzle with every field, ready to edit.

    >>> from generator.engine import find_variant
    >>> text = new_puzzle(find_variant("portes"), find_variant("portes").start(), (6, 3), "po-x")
    >>> "variant: portes" in text and "dice: [6, 3]" in text
    True
    """
    return f"""\
# A Tabula puzzle. Fill in the texts (every TODO), choose the task, then check it with
#   python -m generator check {{this file}}
# The check compares every claim here with the rules engine and says what to fix.

# Unique across the project: lowercase letters, digits and hyphens.
id: {puzzle_id}
variant: {variant.key}
title: {{en: TODO, ru: TODO}}
level: 1                    # 1 (first lessons) to 5 (experts)
tags: []                    # words for the index pages, such as [bar, entry]

# Both sides in the numbering of the player to move: 24 is farthest from home, 1 the last
# point, "bar" that side's bar; checkers not written are borne off. Or one of:
#   position: {{start: true}}   {{xgid: "XGID=..."}}   {{gnubg: "4HPwATDgc/ABMA"}}
#   position: {{text: "24:2 13:5 8:3 6:5 / 19:5 17:3 12:5 1:2"}}
position:
  mover: {_side(position.mover)}
  opponent: {_side(position.opponent)}{_pins(position)}
dice: [{dice[0]}, {dice[1]}]

# The question: play, legal, count, destinations, result, cube or pass.
task: play
prompt:
  en: TODO
  ru: TODO
# play: "any" (every legal play counts) or a list of the plays that solve the puzzle.
answer: any
# expect: forced            # uncomment if exactly one play is legal; the engine checks it
explain:
  en: TODO
  ru: TODO

# The other tasks and their fields (replace 'answer' and 'expect' above):
#   task: legal         claim: "13/7 13/10"       expect: illegal
#   task: count         count: plays              expect_count: 2       (or count: dice)
#   task: destinations  point: 13                 expect: [7, 4]
#   task: pass          expect: yes               (yes: no play is possible)
#   task: result        cube: 1                   expect: {{winner: mover, kind: gammon, points: 2}}
#   task: cube          cube: {{value: 1, owner: centre}}   action: take
#                       expect: {{value: 2, owner: opponent}}
# (result and cube puzzles have no dice: remove the 'dice' line for them.)
"""
