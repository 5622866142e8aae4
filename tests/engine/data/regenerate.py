"""GNU Backgammon's answers, stored: ``python -m tests.engine.data.regenerate`` writes them.

Two files, each JSON lines compressed with xz (the standard library's ``lzma``): a first line
``{"about": ...}`` saying what made it, then one line per question, ``{"position": ID, "dice":
[6, 5], "plays": [ID, ...]}``. ``position`` is the GNU Backgammon Position ID of the position
with its mover on roll; ``plays`` are the IDs of every position GNU Backgammon's move generator
(``gnubg_nn.moves``) reaches with that roll, still seen by the player who moved, sorted, each
once; ``[]`` when the roll cannot be played.
Paste an ID into GNU Backgammon (or ``generator.engine.from_position_id``) to see the board;
``xzcat FILE | head`` shows the first lines.

- ``gnubg_random.jsonl.xz``: the :data:`POSITIONS` seeded random positions of
  ``generator.engine.samples`` that the live sweep of ``make test-deep`` asks too, every one of
  the 21 rolls;
- ``gnubg_games.jsonl.xz``: every turn of :data:`GAMES` random games from the start, gnubg's
  own plays chosen at random, so races, bear-offs against a waiting opponent and gammons come
  up as they do in play.

Only the questions come from this project's code (``generator.engine.samples`` draws the
random positions); every answer is gnubg's. Regenerating with the same gnubg_nn gives the same
bytes.
"""

from __future__ import annotations

import importlib.metadata
import json
import lzma
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).parent
RANDOM = FOLDER / "gnubg_random.jsonl.xz"
GAMES_FILE = FOLDER / "gnubg_games.jsonl.xz"

POSITIONS = 2000
"""Random positions stored, each with all 21 rolls."""
GAMES = 60

Record = dict[str, Any]
"""One question and gnubg's answer: ``position``, ``dice``, ``plays``."""

Board = tuple[list[int], list[int]]
"""gnubg_nn's board: (the side not on roll, the side on roll), each 25 counts in its own
numbering, index 24 its bar."""


def _gnubg() -> Any:
    import gnubg_nn

    return gnubg_nn


def position_id(board: Sequence[Sequence[int]]) -> str:
    """The Position ID of a gnubg board, the second side on roll."""
    return str(_gnubg().position_id([list(side) for side in board]))


def answer(board: Board, dice: Sequence[int]) -> list[str]:
    """The Position IDs gnubg reaches from ``board`` with ``dice``, sorted."""
    gnubg = _gnubg()
    return sorted({position_id(gnubg.boardfromkey(key)) for key in gnubg.moves(board, *dice, 0)})


def random_records(count: int = POSITIONS) -> Iterator[Record]:
    """Every roll of the first ``count`` seeded random positions of ``generator.engine.samples``."""
    from generator.bench.gnubg import gnubg_boards
    from generator.engine.samples import DEFAULT_SEED, ROLLS, random_backgammon_position

    rng = random.Random(DEFAULT_SEED)
    for _ in range(count):
        board = gnubg_boards(random_backgammon_position(rng))
        position = position_id(board)
        for dice in ROLLS:
            yield {"position": position, "dice": list(dice), "plays": answer(board, dice)}


def game_records(games: int = GAMES) -> Iterator[Record]:
    """Every turn of ``games`` random games from the start, gnubg's plays chosen at random."""
    from generator.bench.gnubg import gnubg_boards
    from generator.engine import find_variant
    from generator.engine.samples import DEFAULT_SEED

    gnubg = _gnubg()
    rng = random.Random(f"{DEFAULT_SEED}-games")
    for _ in range(games):
        board = gnubg_boards(find_variant("backgammon").start())
        while True:
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            plays = answer(board, dice)
            yield {"position": position_id(board), "dice": dice, "plays": plays}
            if plays:
                opponent, mover = (
                    list(side) for side in gnubg.board_from_position_id(rng.choice(plays))
                )
                if not any(mover):  # the mover has borne off all fifteen
                    break
                board = (opponent, mover)
            board = (board[1], board[0])  # the other player's turn


def about(name: str, count: int) -> Record:
    return {
        "about": f"GNU Backgammon's legal plays, {name}",
        "made_by": "python -m tests.engine.data.regenerate",
        "gnubg_nn": importlib.metadata.version("gnubg-nn"),
        "questions": count,
    }


def write(path: Path, name: str, records: Sequence[Record]) -> None:
    lines = [about(name, len(records)), *records]
    text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
    # xz stores no time nor name: the same answers give the same bytes.
    path.write_bytes(lzma.compress(text.encode("utf-8"), preset=9 | lzma.PRESET_EXTREME))


def read(path: Path) -> tuple[Record, list[Record]]:
    """The ``about`` line and the questions of a stored file."""
    lines = lzma.decompress(path.read_bytes()).decode("utf-8").splitlines()
    header, *records = (json.loads(line) for line in lines)
    return header, records


SAMPLES = {
    RANDOM: (f"every roll of {POSITIONS} seeded random positions", random_records),
    GAMES_FILE: (f"every turn of {GAMES} random games", game_records),
}


def main() -> int:
    for path, (name, make) in SAMPLES.items():
        records = list(make())
        write(path, name, records)
        size = path.stat().st_size
        print(f"{path}: {len(records)} questions, {size:,} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
