"""Why a step is refused, or a position cannot arise in a game: a code with parameters, and its
English words.

A refusal is data. The English sentences below are the message ids of the gettext catalogs
(``generator/locale``), which give the same sentences in every language of the site; the engine
itself only ever needs English, for error messages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Words(NamedTuple):
    """The English words of a reason; ``plural`` and ``number`` (the parameter that decides
    between the forms) when a number decides the form."""

    singular: str
    plural: str | None = None
    number: str | None = None


# Message ids, in English. Parameters: point (a point number), die, count, play (notation), source,
# higher (a point), first and last (the ends of a run of points).
WORDS: dict[str, Words] = {
    "die_not_available": Words("There is no {die} left to play this turn."),
    "game_over": Words("The game is over: this turn has no more steps."),
    "no_checker": Words("You have no checker on the {point}-point."),
    "bar_empty": Words("You have no checker on the bar."),
    "bar_first": Words(
        "You have a checker on the bar: it must enter before any other checker moves.",
        "You have {count} checkers on the bar: they must enter before any other checker moves.",
        "count",
    ),
    "blocked_landing": Words(
        "The {point}-point is closed: an opposing checker stands there.",
        "The {point}-point is closed: {count} opposing checkers stand there.",
        "count",
    ),
    "not_all_home": Words(
        "You cannot bear off yet: your checker on the {point}-point is not in your home board."
    ),
    "overshoot": Words(
        "A {die} bears off from the {die}-point, or from a lower point only when no checker of "
        "yours stands higher; your checker on the {higher}-point does."
    ),
    "must_use_both": Words(
        "Both dice can be played this turn, so both must be: for example {play}."
    ),
    "must_use_more": Words(
        "{count} die can be played this turn, so it must be: for example {play}.",
        "{count} dice can be played this turn, so all {count} must be: for example {play}.",
        "count",
    ),
    "too_many_moves": Words(
        "Two different numbers on the dice give two moves, one for each die; this play makes "
        "{count}."
    ),
    "too_many_moves_double": Words("A double gives at most four moves; this play makes {count}."),
    "must_use_higher": Words(
        "Only one die can be played this turn and either could be, so it must be the higher "
        "one, the {die}: for example {play}."
    ),
    "no_hit_and_run": Words(
        "A checker that hits in your home board stays there for the rest of the turn: nothing "
        "may leave the {point}-point this turn."
    ),
    "head_once": Words(
        "Only one checker may leave the head each turn, and one already has this turn."
    ),
    "head_once_first_turn": Words(
        "Only one checker may leave the head this turn: a second may follow on a first turn "
        "only with 6-6, 4-4 or 3-3."
    ),
    "head_once_not_first_turn": Words(
        "Only one checker may leave the head this turn: 6-6, 4-4 and 3-3 let a second one "
        "leave only on a player's first turn."
    ),
    "head_twice": Words(
        "Even on a first turn with 6-6, 4-4 or 3-3, only two checkers may leave the head."
    ),
    "head_once_first_player": Words(
        "Only one checker may leave the head this turn: 6-6, 4-4 and 3-3 let a second one "
        "leave only on the first turn of the player who moves second."
    ),
    "head_once_roll_playable": Words(
        "Only one checker may leave the head this turn: on a first turn a second may follow "
        "only when that lets more of the roll be played."
    ),
    "head_twice_first_turn": Words("Even on a first turn, only two checkers may leave the head."),
    "six_block": Words(
        "This would make {count} points in a row, from the {first}-point to the {last}-point, "
        "with no opposing checker past them: such a block is not allowed."
    ),
    "runner_not_passed": Words(
        "Your checker on the {point}-point has not yet passed your opponent's starting point: "
        "until it has, no other checker may leave your start."
    ),
    "runner_not_in_quarter": Words(
        "Your checker on the {point}-point has not yet reached your opponent's starting "
        "quarter: until it has, no other checker may leave your start."
    ),
    "starting_quarter": Words(
        "You may not end your turn holding all six points of your starting quarter."
    ),
    "must_unblock": Words(
        "Every opposing checker is stuck on the {point}-point behind six of your points: "
        "a play that opens one of them is possible, so you must play it."
    ),
    "starting_quarter_mid_turn": Words(
        "You may not hold all six points of your starting quarter, not even for a moment "
        "in the middle of your turn."
    ),
    "must_let_out": Words(
        "After this play your opponent could not move at all: a play that leaves them a move "
        "is possible, so you must play it."
    ),
    "checker_pinned": Words(
        "Your checker on the {point}-point is pinned under an opposing checker and cannot move."
    ),
    "held_over_pin": Words(
        "The {point}-point belongs to your opponent: their checker pins yours there."
    ),
    "pinned_cannot_bear_off": Words(
        "You cannot bear off while a checker of yours is pinned (on the {point}-point)."
    ),
    "wasted_pips": Words(
        "No wasted pips: the {die} could have borne this checker off from the {source}-point, "
        "so it may not first walk down to the {point}-point with the other die."
    ),
    # Why no game comes to a position with the mover to play (``reachable.py``).
    "borne_off_outside_home": Words(
        "You have borne off a checker, yet one of yours stands on the {point}-point, outside "
        "your home board: bearing off begins only when every checker is home, and in this game "
        "no checker ever moves back.",
        "You have borne off {count} checkers, yet one of yours stands on the {point}-point, "
        "outside your home board: bearing off begins only when every checker is home, and in "
        "this game no checker ever moves back.",
        "count",
    ),
    "opponent_borne_off_outside_home": Words(
        "Your opponent has borne off a checker, yet one of theirs stands on the {point}-point, "
        "outside their home board: bearing off begins only when every checker is home, and in "
        "this game no checker ever moves back.",
        "Your opponent has borne off {count} checkers, yet one of theirs stands on the "
        "{point}-point, outside their home board: bearing off begins only when every checker "
        "is home, and in this game no checker ever moves back.",
        "count",
    ),
    "borne_off_with_head": Words(
        "You have borne off a checker, yet checkers of yours are still on the head: bearing off "
        "begins only when all fifteen are home, and no checker ever moves back.",
        "You have borne off {count} checkers, yet checkers of yours are still on the head: "
        "bearing off begins only when all fifteen are home, and no checker ever moves back.",
        "count",
    ),
    "opponent_borne_off_with_head": Words(
        "Your opponent has borne off a checker, yet checkers of theirs are still on their head: "
        "bearing off begins only when all fifteen are home, and no checker ever moves back.",
        "Your opponent has borne off {count} checkers, yet checkers of theirs are still on "
        "their head: bearing off begins only when all fifteen are home, and no checker ever "
        "moves back.",
        "count",
    ),
    "standing_six_block": Words(
        "You hold {count} points in a row, from the {first}-point to the {last}-point, with no "
        "opposing checker past them: no step may ever build such a block."
    ),
    "opponent_standing_six_block": Words(
        "Your opponent holds {count} points in a row, from the {first}-point to the "
        "{last}-point, with none of your checkers past them: no step may ever build such a "
        "block."
    ),
    "starting_quarter_held": Words(
        "You hold all six points of your starting quarter, from the {first}-point to the "
        "{last}-point: no turn may end like that."
    ),
    "opponent_starting_quarter_held": Words(
        "Your opponent holds all six points of their starting quarter, from the {first}-point "
        "to the {last}-point: no turn may end like that."
    ),
    "left_start_before_passing": Words(
        "{count} checker has left your start, yet none has passed your opponent's starting "
        "point: until one has, no second checker may leave the start.",
        "{count} checkers have left your start, yet none has passed your opponent's starting "
        "point: until one has, no second checker may leave the start.",
        "count",
    ),
    "opponent_left_start_before_passing": Words(
        "{count} of your opponent's checkers has left their start, yet none has passed your "
        "starting point: until one has, no second one may leave their start.",
        "{count} of your opponent's checkers have left their start, yet none has passed your "
        "starting point: until one has, no second one may leave their start.",
        "count",
    ),
    "pinned_on_opponent_start": Words(
        "Your checker on the {point}-point cannot be pinned: that is your opponent's starting "
        "point, and their checkers only ever leave it, none comes to it."
    ),
    "opponent_pinned_on_your_start": Words(
        "Your opponent's checker on the {point}-point cannot be pinned: that is your starting "
        "point, and your checkers only ever leave it, none comes to it."
    ),
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """A step the rules do not allow (or a position no game comes to), as a code and its
    parameters.

    >>> Refusal.of("blocked_landing", point=8, count=2)
    Refusal.of('blocked_landing', point=8, count=2)
    >>> Refusal.of("blocked_landing", point=8, count=2).message()
    'The 8-point is closed: 2 opposing checkers stand there.'
    """

    code: str
    params: tuple[tuple[str, int | str], ...] = ()

    @classmethod
    def of(cls, code: str, **params: int | str) -> Refusal:
        if code not in WORDS:
            raise KeyError(f"no words for the refusal code {code!r}")
        return cls(code, tuple(params.items()))

    def __repr__(self) -> str:
        args = "".join(f", {name}={value!r}" for name, value in self.params)
        return f"Refusal.of({self.code!r}{args})"

    def __getitem__(self, name: str) -> int | str:
        return dict(self.params)[name]

    @property
    def words(self) -> Words:
        return WORDS[self.code]

    def message(self) -> str:
        """The reason in English words."""
        words = self.words
        params = dict(self.params)
        text = words.singular
        if words.plural is not None and words.number is not None and params[words.number] != 1:
            text = words.plural
        return text.format(**params)
