"""The puzzle widget's data: every answer the page's script needs, worked out by the engine.

The widget (``generator/site/assets/widget.js``) knows no rules. For a ``play`` puzzle it walks
the graph of partial plays computed here: from each state reached by legal single steps, every
step a learner can try (each place where the mover has a checker, with each die still to play, moves
to ``off`` included) is either legal, leading to another state, or refused, with the engine's
reason already in the page's language. States are the engine's (board, dice left and what the
variant remembers), so two orders of the same steps meet in one state: the tree is a graph.

The data is JSON inside the page, in ``<template class="tabula-data">`` (:func:`widget_data`;
a ``<script>`` would not do: Material's instant navigation re-runs every ``<script>`` of a new
page as JavaScript). The graph is kept short, because
doubles with many checkers spread out make thousands of states (``python -m generator bench
widget`` measures it):

``graph = {"s": [state, ...], "r": [[words, mark], ...], "a": [play, ...]}``

- State 0 is the start of the turn. A state is ``[-1, tries, unfinished, example]`` while the
  turn goes on (``[-1, tries, unfinished, example, captures]`` when some of its legal steps
  hit or pin), ``[play]`` or ``[play, tries]`` where a legal play ends (``play``: its index in
  the page's ``plays``).
- ``tries`` is a flat list: for each place holding a mover's checker (the bar first, then 24
  down to 1), the place and one outcome per different die still to play, the higher die
  first. An outcome ``n >= 0`` is a legal step to state ``n``; ``n < 0`` refuses the step for
  the reason ``r[-n - 1]``. A legal play's end keeps its tries when a die is left that cannot
  be played: they say why.
- ``unfinished``: the reason the turn may not end here (``r``'s index).
- ``example``: the legal play (its index) that this state's reasons name where they say
  ``{play}``: the engine's example is the same for every reason of a state, so the words are
  shared by all states and the play is filled in by the widget.
- ``captures``: where in ``tries`` the outcomes of the legal steps stand that hit (or, in
  Plakoto, pin) an opposing checker, as the engine's steps say.
- A reason is its words and the place to mark: a place (25 the bar, 0 off), -1 for the checker
  tried, -2 for where it would land.
- ``a``: the plays that solve the puzzle, in the teacher's order.

A step's destination is its source minus the die (off at or below zero; the bar is 25). A step
that captures (``captures``) does what ``capture`` says (``"hit"``: the opposing checker goes
to the bar; ``"pin"``: it is pinned under the mover's; ``null``: no step captures).
``tests/render/test_widget_data.py`` checks that this draws every play as the engine plays it.

``answer`` is the answer of any other kind of task in the form its control compares with, and
``feedback`` what each wrong answer is told (and, for a play, what the answer does better than
each legal play that is not the answer, and the rule at stake for the first hint), and
``hints`` a form's graded hints (the rule at stake, then what to look at): each kind of task
works them out (``generator/puzzles/tasks``), and the script only looks them up.

When a graph would have more than :data:`MAX_STATES` states, ``graph`` is ``null`` and
``too_big`` says how many it would have had: the widget then offers the solution only.

>>> from generator.engine import find_variant
>>> turn = find_variant("backgammon").start().turn((6, 5))
>>> graph = play_graph(turn, "en", accepted=turn.plays[:1])
>>> graph["s"][0][1][:3]  # the start: 24/18 with the 6 leads to state 1, 24/19 is refused
[24, 1, -1]
>>> graph["r"][0]
['The 19-point is closed: 5 opposing checkers stand there.', 19]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cache import BuildCache
from ..engine import BAR, OFF, PartialPlay, Play, Refusal, Turn
from ..locale import N_, explain, translations
from ..puzzles import Lesson, Puzzle, Solution
from ..puzzles.show import answer_text
from ..puzzles.tasks import kind_of
from .layout import (
    BAR_STACK,
    CHIP,
    PIN_SHIFT,
    PITCH,
    SLAB_H,
    SLAB_PITCH,
    SLAB_W,
    STACK,
    R,
    geometry,
)
from .markup import rich_text

MAX_STATES = 4000
"""The most states a puzzle's graph may have. The worst positions measured (fifteen lone
checkers on fifteen points in a row, 3-3 or 1-1) make about 2,500 states, 29 KB gzipped; at
this limit a page would come near the widget's budget of 60 KB gzipped, so beyond it the page
offers the solution only."""

MARK_TRIED = -1
"""A reason's mark: the checker the learner tried to move."""
MARK_LANDING = -2
"""A reason's mark: where the checker would have landed."""


# Every word the widget shows, by the key the script knows it by.
WORDS = {
    "undo": N_("Undo"),
    "reset": N_("Start again"),
    "hint": N_("Hint"),
    "solution": N_("Show the solution"),
    "next": N_("Next puzzle"),
    "done": N_("I am done"),
    "check": N_("Check"),
    "clear": N_("Forget my solved puzzles"),
    "clear_confirm": N_("Forget which puzzles you have solved in this browser?"),
    "cleared": N_("Your solved puzzles are forgotten."),
    "solved_before": N_("You have solved this puzzle before."),
    "solved_badge": N_("Solved"),
    "controls": N_("Puzzle controls"),
    "how_play": N_(
        "Tap or click one of your checkers, then the point it moves to: each step plays one die."
    ),
    "board_help": N_(
        "Board: the arrow keys move between the points, Enter picks a checker and then its "
        "destination, Backspace takes a step back."
    ),
    "board_help_ticks": N_(
        "Board: the arrow keys move between the points, Enter ticks or unticks a point."
    ),
    "dice_left": N_("Dice to play: {dice}"),
    "no_dice_left": N_("All dice played."),
    "turn_over": N_("The turn is over."),
    "point": N_("the {point}-point"),
    "bar": N_("the bar"),
    "off": N_("off the board"),
    "place_mover": N_("{place}: your checkers: {count}"),
    "place_opponent": N_("{place}: your opponent's checkers: {count}"),
    "place_empty": N_("{place}: empty"),
    "picked": N_("Picked a checker on {place}. It can go to: {places}."),
    "picked_stuck": N_("Picked a checker on {place}. It cannot move now: {reasons}"),
    "destination": N_("{place} with the {die}"),
    "unpicked": N_("Checker put back."),
    "pick_first": N_("Pick one of your checkers first."),
    "unreachable": N_("No die left takes this checker there; the dice to play are {dice}."),
    "refused": N_("{play} is not allowed: {reason}"),
    "played": N_("Played {step}."),
    "undone": N_("Step taken back."),
    "restarted": N_("The turn starts again."),
    "accepted": N_("Right: {play} solves the puzzle."),
    "not_answer": N_("{play} is legal, but it is not the answer."),
    "no_answer_from_here": N_("No answer can be reached from here: take a step back."),
    "hint_rule": N_("Hint: the rule at stake is “{rule}”."),
    "hint_checker": N_("Hint: move the checker on {place}."),
    "hint_step": N_("Hint: try {step}."),
    "hint_of": N_("Hint {number} of {count}."),
    "solution_play": N_("The solution: {play}."),
    "over": N_("The turn is over: press Start again to play it another way."),
    "too_big": N_(
        "This position has too many ways to play ({count} partial plays) for the board to "
        "follow; the solution is below."
    ),
    "right": N_("Right: {answer}."),
    "wrong": N_("Not right. Try again, or show the solution."),
    "wrong_why": N_("Not right. {why}"),
    "yes_legal": N_("Yes, it is legal"),
    "no_illegal": N_("No, it is not legal"),
    "yes_pass": N_("Yes, the turn passes"),
    "no_pass": N_("No, a play is possible"),
    "your_answer": N_("Your answer"),
    "ticked": N_("Ticked: {places}"),
    "nothing": N_("nothing"),
    "tick_hint": N_("Tick every place the checker can reach, then press Check."),
    "winner": N_("Winner"),
    "how": N_("How"),
    "points": N_("Points"),
    "cube_value": N_("The cube shows"),
    "cube_owner": N_("The cube belongs to"),
    "mover": N_("The player to move"),
    "opponent": N_("The opponent"),
    "nobody": N_("Nobody: a draw"),
}


def widget_data(
    puzzle: Puzzle,
    solution: Solution,
    lang: str,
    *,
    lessons: Iterable[Lesson] = (),
    following: str | None = None,
) -> dict[str, Any]:
    """The data the widget needs for ``puzzle`` in ``lang``, beyond the page's basic data.

    ``following``: the id of the next puzzle in the variant's list, used when the puzzle is in
    no lesson (the next puzzle of its first lesson comes first).
    """
    kind = kind_of(puzzle)
    data: dict[str, Any] = {
        "lang": lang,
        "board": _board(puzzle),
        "capture": _capture(puzzle),
        "geometry": _geometry(),
        "answer": kind.answer(puzzle, puzzle.task, solution, lang),
        "answer_text": answer_text(puzzle, solution, lang),
        # What each wrong answer is told, worked out by the engine (the task's kind says it).
        "feedback": kind.feedback(puzzle, puzzle.task, solution, lang),
        # A form's graded hints, one a press of Hint (a play's come from its graph).
        "hints": kind.hints(puzzle, puzzle.task, solution, lang),
        # The widget shows words only: the subset's marks are taken away.
        "explain": rich_text(puzzle.explain[lang]) if puzzle.explain else None,
        "next": _next(puzzle, lessons, following),
        "words": words(lang),
        "graph": None,
        "too_big": None,
    }
    if kind.on_board and solution.plays:
        turn = solution.turn or puzzle.position.turn(_dice(puzzle))
        size = graph_size(turn)
        if size > MAX_STATES:
            data["too_big"] = size
        else:
            data["graph"] = play_graph(turn, lang, accepted=solution.accepted)
    return data


def _dice(puzzle: Puzzle) -> tuple[int, int]:
    assert puzzle.dice is not None
    return puzzle.dice


# The graph of partial plays --------------------------------------------------------------------


def _good_states(turn: Turn) -> list[PartialPlay]:
    """The states reached from the start by legal steps, breadth first, in the engine's order
    of steps (farthest checker first, higher die first): the same order for the same turn."""
    root = turn.root
    if not root.leads_to_play:
        return []
    order = [root]
    seen = {id(root)}
    for state in order:  # the list grows while it is read: breadth first
        for child in state.children.values():
            if child.leads_to_play and id(child) not in seen:
                seen.add(id(child))
                order.append(child)
    return order


def graph_size(turn: Turn) -> int:
    """How many states the graph of ``turn`` has."""
    return len(_good_states(turn))


def _distinct(dice: Sequence[int]) -> list[int]:
    """The different dice still to play, higher first: the order of the tries' outcomes."""
    return sorted(set(dice), reverse=True)


def _sources(state: PartialPlay) -> list[int]:
    mover = state.mover
    return [place for place in range(BAR, OFF, -1) if mover[place]]


def _mark(refusal: Refusal) -> int:
    """The place a refusal is about: the blocked point, the checker that must move first, ..."""
    params = dict(refusal.params)
    if refusal.code == "bar_first":
        return BAR
    if refusal.code == "overshoot":
        return int(params["higher"])
    if refusal.code == "wasted_pips":
        return int(params["source"])
    if refusal.code == "six_block":
        return MARK_LANDING
    point = params.get("point")
    return int(point) if isinstance(point, int) else MARK_TRIED


def play_graph(turn: Turn, lang: str, *, accepted: Sequence[Play] = ()) -> dict[str, Any]:
    """The graph of partial plays of ``turn`` with every reason in ``lang`` (see the module's
    description of the layout); ``accepted``: the plays that solve the puzzle."""
    reasons: dict[tuple[str, int], int] = {}

    def reason(refusal: Refusal) -> int:
        if "play" in dict(refusal.params):
            refusal = Refusal(refusal.code, _with(refusal.params, play=PLAY))
        key = (explain(refusal, lang), _mark(refusal))
        return reasons.setdefault(key, len(reasons))

    encoded: list[list[Any]] = []
    for state in _walk(turn):
        tries = [t if isinstance(t, int) else -1 - reason(t) for t in state.tries]
        if state.unfinished is not None:
            node = [-1, tries, reason(state.unfinished), state.example]
            encoded.append([*node, list(state.captures)] if state.captures else node)
        else:
            encoded.append([state.play, tries] if tries else [state.play])
    number_of = {_board_key(play): number for number, play in enumerate(turn.plays)}
    return {
        "s": encoded,
        "r": [[words, mark] for words, mark in reasons],
        # In the teacher's order: the first is the one "show the solution" plays.
        "a": [number_of[_board_key(play)] for play in accepted],
    }


PLAY = "{play}"
"""Where a reason names a play for example: the widget writes the state's example there."""


def _with(params: tuple[tuple[str, int | str], ...], **new: int | str) -> tuple[Any, ...]:
    return tuple((name, new.get(name, value)) for name, value in params)


@dataclass(frozen=True, slots=True)
class _Node:
    """A state of the graph in the engine's terms, the same in every language."""

    play: int
    """The play that ends here (its index in ``turn.plays``), -1 while the turn goes on."""
    tries: tuple[int | Refusal, ...]
    """Per place, the place and, per die, the target state's index or the refusal."""
    unfinished: Refusal | None
    """Why the turn may not end here; ``None`` where it may."""
    example: int
    """The legal play that the reasons of this state give as an example (its index)."""
    captures: tuple[int, ...]
    """Where in ``tries`` the legal steps that hit or pin stand (their outcomes' offsets)."""


_WALKS: BuildCache[tuple[object, ...], list[_Node]] = BuildCache("widget graphs", limit=512)


def _walk(turn: Turn) -> list[_Node]:
    """The graph of ``turn``, kept per position and roll so that the second language's page
    reuses it."""
    return _WALKS.get((turn.position, turn.dice), lambda: _explore(turn))


def _explore(turn: Turn) -> list[_Node]:
    states = _good_states(turn)
    index = {id(state): number for number, state in enumerate(states)}
    plays = turn.plays
    play_of = {_board_key(play): number for number, play in enumerate(plays)}
    by_notation = {play.notation: number for number, play in enumerate(plays)}
    found: list[_Node] = []
    for state in states:
        by_try = {(step.source, step.die): (step, child) for step, child in state.children.items()}
        tries: list[int | Refusal] = []
        captures: list[int] = []
        examples: set[str] = set()
        for source in _sources(state) if state.dice and not state.over else ():
            tries.append(source)
            for die in _distinct(state.dice):
                step, child = by_try.get((source, die), (None, None))
                if step is not None and child is not None and child.leads_to_play:
                    if step.hit or step.pin:
                        captures.append(len(tries))
                    tries.append(index[id(child)])
                    continue
                refusal = turn.try_step(state, source, die)
                assert isinstance(refusal, Refusal), "a step that leads to no legal play is refused"
                tries.append(refusal)
                if "play" in dict(refusal.params):
                    examples.add(str(refusal["play"]))
        unfinished = None
        if state.ends_play:
            play = play_of[state.board()]
        else:
            play = -1
            unfinished = turn.unfinished_refusal(state)
            examples.add(str(unfinished["play"]))
        # The engine's example is always the same legal play from the same state.
        assert len(examples) <= 1, examples
        example = by_notation[examples.pop()] if examples else play
        if state.ends_play:
            assert example == play, "from a legal stop, the example is the play itself"
        assert not (captures and unfinished is None), "a legal play's end has no legal step"
        found.append(_Node(play, tuple(tries), unfinished, example, tuple(captures)))
    return found


def _board_key(play: Play) -> tuple[object, ...]:
    p = play.position
    return (p.mover, p.opponent, (p.mover_pinned, p.opponent_pinned))


# The board, the drawing and the answers ---------------------------------------------------------


def _board(puzzle: Puzzle) -> dict[str, Any]:
    """The position as the widget redraws it: each side's 26 counts (0 off, 1..24, 25 the
    bar) and the pinned checkers' points."""
    position = puzzle.position
    return {
        "mover": list(position.mover),
        "opponent": list(position.opponent),
        "mover_pinned": sorted(position.mover_pinned),
        "opponent_pinned": sorted(position.opponent_pinned),
    }


def _capture(puzzle: Puzzle) -> str | None:
    """What a step that captures does to the opposing checker, when a step may capture."""
    variant = puzzle.variant
    if variant.same_direction:
        return None
    return "hit" if variant.has_bar else "pin"


def _geometry() -> dict[str, Any]:
    """The numbers the widget draws checkers with, from :mod:`generator.render.layout` (the
    puzzle pages' boards are neither mirrored nor doubly numbered)."""
    board = geometry(False, 1)
    return {
        "r": R,
        "pitch": PITCH,
        "stack": STACK,
        "bar_stack": BAR_STACK,
        "pin_shift": PIN_SHIFT,
        "points": [[board.point_x(p), *board.base_y(p)] for p in range(1, 25)],
        "bar": [board.bar_x, board.gap_top, board.gap_bottom],
        "tray": [board.tray_x, board.inner_top, board.inner_bottom, board.mid],
        "slab": [SLAB_W, SLAB_H, SLAB_PITCH],
        "chip": CHIP,
    }


def _next(puzzle: Puzzle, lessons: Iterable[Lesson], following: str | None) -> str | None:
    """The id of the puzzle to offer next to a reader who came from no lesson: the next of
    the same game, in the index pages' order (``following``), whatever lessons the puzzle is
    in. A reader who came from a lesson's page is offered that lesson's next instead
    (``lesson_next`` of the page's data, chosen by the widget)."""
    return following


def words(lang: str) -> dict[str, Any]:
    """Every word of the widget in ``lang``; ``unfinished`` by the number of dice left."""
    _ = translations(lang).gettext
    ngettext = translations(lang).ngettext
    found: dict[str, Any] = {key: _(text) for key, text in WORDS.items()}
    # A turn ended too early, by the number of dice left (1 to 4).
    found["unfinished"] = [
        ngettext(
            "Not finished: you can still play the {dice}.",
            "Not finished: you can still play {dice}.",
            n,
        )
        for n in range(1, 5)
    ]
    # The engine's own words for a place with no checker and a die not in the roll, with
    # their parameters left for the widget to fill in.
    found["no_checker"] = explain(Refusal.of("no_checker", point="{point}"), lang)
    found["bar_empty"] = explain(Refusal.of("bar_empty"), lang)
    found["die_not_available"] = explain(Refusal.of("die_not_available", die="{die}"), lang)
    return found
