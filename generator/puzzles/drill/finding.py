"""What every rule's search shares: the finding it returns, the board facts it asks, the rolls
it draws, and the claim a player who does not know the rule would make."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...engine import BAR, CHECKERS, OFF, EngineError, Play, Position, Refusal, Turn
from ...engine.board import HOME
from ...engine.errors import IllegalPlayError
from ...engine.notation import parse_in_turn
from ...engine.samples import ROLLS, random_position
from ...engine.variants import Variant
from ..writer import yaml_string
from .words import Dice, Texts, Words


@dataclass(frozen=True)
class Finding:
    """A position and roll where the rule decides, with the question it answers.

    ``fields`` are the task's own YAML lines after ``task:``; ``words`` writes the title, the
    prompt and the explanation in one language."""

    position: Position
    dice: Dice
    task: str
    fields: tuple[tuple[str, str], ...]
    words: Callable[[Words], Texts]
    tags: tuple[str, ...] = ()


def forced_play(
    position: Position, dice: Dice, play: Play, words: Callable[[Words], Texts]
) -> Finding:
    """A ``play`` drill whose one legal play is ``play``."""
    fields = (("answer", f"[{yaml_string(play.notation)}]"), ("expect", "forced"))
    return Finding(position, dice, "play", fields, words)


# The board ---------------------------------------------------------------------------------------


def sources(position: Position) -> list[int]:
    """The mover's occupied places, the bar first, then 24 down to 1."""
    return [place for place in range(BAR, 0, -1) if position.mover[place]]


def all_home(position: Position) -> bool:
    """Whether every checker of the mover still on the board is home (and one is)."""
    mover = position.mover
    return not any(mover[place] for place in range(HOME[-1] + 1, BAR + 1)) and mover[OFF] < CHECKERS


def board(position: Position) -> tuple[object, ...]:
    return (position.mover, position.opponent, position.mover_pinned, position.opponent_pinned)


def code(refusal: Refusal | None) -> str | None:
    return None if refusal is None else refusal.code


# The rolls and positions drawn -------------------------------------------------------------------

NON_DOUBLES = tuple(roll for roll in ROLLS if roll[0] != roll[1])


def any_roll(rng: random.Random, doubles: bool = True) -> Dice:
    return rng.choice(ROLLS if doubles else NON_DOUBLES)


def random_game(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    """A position of a random game, and any roll."""
    return random_position(variant, rng), any_roll(rng)


def random_game_no_doubles(variant: Variant, rng: random.Random) -> tuple[Position, Dice]:
    return random_position(variant, rng), any_roll(rng, doubles=False)


# The claim a player without the rule makes -------------------------------------------------------


def without_rule(position: Position, codes: Iterable[str]) -> Position:
    """The same board in the same game without the rules that refuse with ``codes``."""
    return Position(
        position.variant.without(codes),
        position.mover,
        position.opponent,
        position.mover_pinned,
        position.opponent_pinned,
    )


def illegal_claim(
    turn: Turn, lenient: Iterable[Play], codes: frozenset[str], rng: random.Random
) -> tuple[Play, Refusal] | None:
    """A play of the game without a rule, drawn at random among those that make a board no
    legal play of ``turn`` makes and that the engine refuses with one of ``codes``."""
    legal = {board(play.position) for play in turn.plays}
    others = [play for play in lenient if board(play.position) not in legal]
    rng.shuffle(others)
    for play in others[:12]:
        try:
            parse_in_turn(turn, play.notation)
        except IllegalPlayError as error:
            if isinstance(error.reason, Refusal) and error.reason.code in codes:
                return play, error.reason
        except EngineError:
            continue
    return None


def legal_claim_finding(
    position: Position,
    dice: Dice,
    rng: random.Random,
    codes: frozenset[str],
    words: Callable[[Words, str, Refusal, Turn], Texts],
    keep: Callable[[Play], bool] = lambda play: True,
) -> Finding | None:
    """A ``legal`` drill: a play of the game without the rules of ``codes``, which they refuse."""
    turn = position.turn(dice)
    if not turn.plays:
        return None
    candidates = [play for play in without_rule(position, codes).turn(dice).plays if keep(play)]
    found = illegal_claim(turn, candidates, codes, rng)
    if found is None:
        return None
    play, refusal = found
    return illegal_finding(
        position, dice, play.notation, lambda w: words(w, play.notation, refusal, turn)
    )


def illegal_finding(
    position: Position, dice: Dice, claim: str, words: Callable[[Words], Texts]
) -> Finding:
    """A ``legal`` drill whose claim is illegal."""
    fields = (("claim", yaml_string(claim)), ("expect", "illegal"))
    return Finding(position, dice, "legal", fields, words)
