"""A plain reference for what a finished game scores, written from RULES.md alone (1.8, the
variant sheets of section 2 and decisions 1, 11 and 16), never from the engine's results code.

A reading is a variant key with a preset name, ``"portes/greek"``; a bare key is the default.
The winner has borne off all fifteen; what counts is the loser's side, in the mover's numbering
(index 0 off, 1..24 points, 25 the loser's bar): whether the loser has borne anything off, and
whether a checker of the loser stands on the bar or in the winner's home board (the mover's
1..6 when the mover wins, the mover's 19..24 when the opponent wins).

=========================  ======  ==============================  ========================
reading                    single  loser has none off              and stuck back (bar/home)
=========================  ======  ==============================  ========================
backgammon                 1       2 (gammon)                      3 (backgammon)
tavla-classic, -modern     1       2 (mars)                        2, triple unconfirmed (1)
... /western-triple        1       2 (mars)                        3 (backgammon)
turkish-tavla              1       2 (mars)                        2 (S001: no triple)
portes (TavliPlay, 11)     1       1                               1
portes/greek               1       2 (gammon)                      2
=========================  ======  ==============================  ========================
"""

from __future__ import annotations

Side = tuple[int, ...]

READINGS = (
    "backgammon",
    "tavla-classic",
    "tavla-classic/western-triple",
    "tavla-modern",
    "tavla-modern/western-triple",
    "turkish-tavla",
    "portes",
    "portes/greek",
)


def stuck_back(loser: Side, mover_won: bool) -> bool:
    """A loser's checker on the bar or in the winner's home board."""
    home = range(1, 7) if mover_won else range(19, 25)
    return loser[25] > 0 or any(loser[point] for point in home)


def score(reading: str, loser: Side, mover_won: bool, cube: int = 1) -> tuple[int, int, str]:
    """``(multiplier, points, what is unconfirmed)`` for a win over ``loser``."""
    key, _, preset = reading.partition("/")
    none_off = loser[0] == 0
    back = none_off and stuck_back(loser, mover_won)
    unconfirmed = ""
    if not none_off:
        multiplier = 1
    elif key == "portes" and preset != "greek":
        multiplier = 1  # TavliPlay: every game one win
    elif key == "backgammon" or preset == "western-triple":
        multiplier = 3 if back else 2
    else:
        multiplier = 2
        if key in ("tavla-classic", "tavla-modern") and back:
            unconfirmed = "triple"
    return multiplier, multiplier * cube, unconfirmed
