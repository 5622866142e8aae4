"""The referee board's side in the browser: the engine, asked by the page's script.

Runs under Pyodide beside ``generator/engine`` (generator/site/referee.py ships both, and the
catalogs compiled to .mo files): the page's script (referee.js) calls :func:`ask` with one
request as JSON and draws the answer. It decides nothing itself: every rule is the engine's, and
every reason is the engine's refusal in the page's language, worded from the site's catalog.
Only the standard library and the engine are imported, so that it also runs under CPython
(tests and ``bench referee`` call it directly).
"""

from __future__ import annotations

import gettext
import json
import re
from typing import Any

from generator.engine import (
    BAR,
    CHECKERS,
    OFF,
    EngineError,
    Position,
    Refusal,
    Step,
    Variant,
    check_dice,
    find_variant,
    from_position_id,
    from_text,
    from_xgid,
    position_from_json,
    to_position_id,
    to_text,
    to_xgid,
    why_unreachable,
)
from generator.engine.reasons import Words

_catalog: gettext.NullTranslations = gettext.NullTranslations()


def use_catalog(path: str | None) -> None:
    """Word every reason with the compiled catalog at ``path`` (``None``: in English)."""
    global _catalog
    if path is None:
        _catalog = gettext.NullTranslations()
    else:
        with open(path, "rb") as file:
            _catalog = gettext.GNUTranslations(file)


def _say(words: Words, params: dict[str, object]) -> str:
    values = {name: _said(name, value) for name, value in params.items()}
    if words.plural is not None and words.number is not None:
        number = params[words.number]
        text = _catalog.ngettext(words.singular, words.plural, int(number))  # type: ignore[call-overload]
    else:
        text = _catalog.gettext(words.singular)
    return text.format(**values)


def _said(name: str, value: object) -> object:
    if isinstance(value, Refusal):
        return explain(value)
    if isinstance(value, EngineError):
        return explain(value)
    if isinstance(value, tuple):
        words = [str(item) for item in value]
        if len(words) < 2:
            return ", ".join(words)
        return _catalog.gettext("{first} and {last}").format(
            first=", ".join(words[:-1]), last=words[-1]
        )
    if name == "variant" and isinstance(value, str):
        return _catalog.gettext(value)
    return value


def explain(reason: Refusal | EngineError) -> str:
    """A refusal or an engine error in the page's language (as generator/locale words it)."""
    if isinstance(reason, Refusal):
        return _say(reason.words, dict(reason.params))
    words = reason.words
    return str(reason) if words is None else _say(words, dict(reason.params))


# The board being set up and the turn being played ----------------------------------------------


class Board:
    """One referee board: the game, the checkers being set up, the dice and the steps played."""

    def __init__(self) -> None:
        self.variant: Variant = find_variant("backgammon")
        self.mover = [0] * 26
        self.opponent = [0] * 26
        self.pins: set[tuple[str, int]] = set()
        self.dice: tuple[int, int] | None = None
        self.played: list[Step] = []
        self.xgid: dict[str, Any] = {}  # the pasted XGID's other fields, given back on copy
        self.message = ""
        self.kind = "info"

    # Setting up

    def set_game(self, game: str, rules: str | None = None) -> None:
        self.variant = find_variant(game, rules or None)
        self.xgid = {}
        if not self.variant.has_bar:
            self.mover[BAR] = self.opponent[BAR] = 0
        if not _pins(self.variant):
            self.pins.clear()
        self.played.clear()

    def load(self, position: Position) -> None:
        self.mover = list(position.mover)
        self.opponent = list(position.opponent)
        self.pins = {("mover", p) for p in position.mover_pinned}
        self.pins |= {("opponent", p) for p in position.opponent_pinned}
        self.played.clear()

    def start(self) -> None:
        self.load(self.variant.start())
        self.xgid = {}

    def empty(self) -> None:
        self.mover, self.opponent = [0] * 26, [0] * 26
        self.pins.clear()
        self.played.clear()
        self.xgid = {}

    def edit(self, tool: str, place: int) -> None:
        """One click of the set-up: ``add`` a mover's or ``add-opponent`` an opponent's
        checker, ``remove`` the top one, ``pin`` a lone checker under a new opposing one (or
        lift the pinning checker off again)."""
        self.played.clear()
        self.xgid = {}
        mine, theirs = self.mover, self.opponent
        if tool in ("add", "add-opponent"):
            side = mine if tool == "add" else theirs
            if place == OFF or sum(side[1:]) >= CHECKERS:
                return
            side[place] += 1
        elif tool == "remove":
            # The checker on top: over a pinned checker, one of the side that pins it.
            pin: tuple[str, int] | None = None
            if ("opponent", place) in self.pins:
                side, pin = mine, ("opponent", place)
            elif ("mover", place) in self.pins:
                side, pin = theirs, ("mover", place)
            else:
                side = mine if mine[place] else theirs
            if side[place]:
                side[place] -= 1
                if pin is not None and not side[place]:
                    self.pins.discard(pin)
        elif tool == "pin" and place not in (OFF, BAR):
            if ("opponent", place) in self.pins:  # lift the pinning checkers off
                self.pins.discard(("opponent", place))
                mine[place] = 0
            elif ("mover", place) in self.pins:
                self.pins.discard(("mover", place))
                theirs[place] = 0
            elif theirs[place] == 1 and not mine[place] and sum(mine[1:]) < CHECKERS:
                mine[place] += 1
                self.pins.add(("opponent", place))
            elif mine[place] == 1 and not theirs[place] and sum(theirs[1:]) < CHECKERS:
                theirs[place] += 1
                self.pins.add(("mover", place))

    def position(self) -> Position:
        """The position set up, checked as the engine checks any (raises ``EngineError``)."""

        def counts(side: list[int]) -> dict[int | str, int]:
            found: dict[int | str, int] = {p: n for p, n in enumerate(side) if n and 0 < p < BAR}
            if side[BAR]:
                found["bar"] = side[BAR]
            return found

        return self.variant.position(
            mover=counts(self.mover), opponent=counts(self.opponent), pinned=sorted(self.pins)
        )

    def paste(self, text: str) -> None:
        """Set up the position written in ``text``: an XGID, a GNU Backgammon Position ID, the
        text form, or a puzzle's ``position:`` (its ``dice:`` too)."""
        written = text.strip()
        dice = re.search(r"^\s*dice:\s*\[\s*([1-6])\s*,\s*([1-6])\s*\]", written, re.M)
        form = re.search(
            r"\b(text|xgid|gnubg)\s*:\s*['\"]?([^'\"}\n]+?)['\"]?\s*[}\n]", written + "\n"
        )
        self.xgid = {}
        if form is not None:
            kind, written = form.group(1), form.group(2).strip()
            if kind == "xgid" and not written.upper().startswith("XGID="):
                written = f"XGID={written}"
        elif re.search(r"\bstart\s*:\s*true\b", written):
            self.start()
            written = ""
        elif re.search(r"^\s*(position:\s*)?(mover|opponent)\s*:", written, re.M):
            self.load(position_from_json(self.variant, _sides(written)))
            written = ""
        if written.upper().startswith("XGID="):
            info = from_xgid(written, self.variant)
            self.load(info.position)
            self.xgid = {
                name: getattr(info, name)
                for name in (
                    "cube_value",
                    "cube_owner",
                    "score_mover",
                    "score_opponent",
                    "match_length",
                    "crawford_jacoby",
                    "max_cube",
                    "mover_is_bottom",
                )
            }
            self.dice = info.dice
        elif re.fullmatch(r"[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]*)?", written):
            self.load(from_position_id(written.split(":")[0], self.variant))
        elif written:
            self.load(from_text(self.variant, written))
        if dice is not None:
            self.set_dice((int(dice.group(1)), int(dice.group(2))))

    # Playing

    def set_dice(self, dice: tuple[int, int] | None) -> None:
        self.dice = None if dice is None else check_dice(dice)
        self.played.clear()

    def step(self, source: int, die: int) -> None:
        position = self.position()
        if self.dice is None:
            return
        turn = position.turn(self.dice)
        taken = turn.try_step(turn.state_after(self.played), source, die)
        if isinstance(taken, Refusal):
            self.message, self.kind = explain(taken), "refused"
            return
        self.played.append(taken[0])
        self.message, self.kind = str(taken[0]), "accepted"

    def play(self, notation: str) -> None:
        """Play through the legal play written ``notation`` (one of ``plays``)."""
        position = self.position()
        assert self.dice is not None
        found = [p for p in position.turn(self.dice).plays if p.notation == notation]
        if found:
            self.played = list(found[0].steps)
            self.message, self.kind = notation, "accepted"

    def next_turn(self) -> None:
        """The played turn's position, seen by the opponent, who rolls next."""
        position = self.position()
        if self.dice is not None and self.played:
            state = position.turn(self.dice).state_after(self.played)
            position = Position(self.variant, state.mover, state.opponent, *state.pins)
        self.load(position.turned())
        self.dice = None
        self.xgid = {}

    # The answer

    def state(self, with_plays: bool = False) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "game": self.variant.key,
            "rules": self.variant.rules,
            "pins": _pins(self.variant),
            "bar": self.variant.has_bar,
            "dice": list(self.dice) if self.dice else None,
            "played": [str(step) for step in self.played],
            "message": self.message,
            "kind": self.kind,
        }
        self.message, self.kind = "", "info"
        try:
            position = self.position()
        except EngineError as error:
            answer.update(self._board(self.mover, self.opponent, self.pins), problem=explain(error))
            return answer
        unreachable = why_unreachable(position)
        answer["problem"] = explain(unreachable) if unreachable is not None else None
        answer["text"] = to_text(position)
        answer["gnubg"] = answer["xgid"] = None
        if self.variant.has_bar and not self.variant.same_direction:
            try:
                answer["gnubg"] = to_position_id(position)
                answer["xgid"] = self._xgid(position)
            except EngineError:
                pass
        now = position
        if self.dice is not None:
            turn = position.turn(self.dice)
            state = turn.state_after(self.played)
            now = Position(self.variant, state.mover, state.opponent, *state.pins)
            answer["left"] = list(state.dice)
            answer["legal"] = [str(step) for step in turn.legal_steps(self.played)]
            answer["passes"] = not turn.legal_plays
            answer["done"] = bool(turn.legal_plays) and state.ends_play
            answer["play"] = turn.play_at(state).notation if answer["done"] else None
            answer["unfinished"] = (
                explain(turn.unfinished_refusal(state))
                if turn.legal_plays and not state.ends_play and not answer["legal"]
                else None
            )
            if with_plays:
                answer["plays"] = [play.notation for play in turn.plays]
        pins = {("mover", p) for p in now.mover_pinned} | {
            ("opponent", p) for p in now.opponent_pinned
        }
        answer.update(self._board(list(now.mover), list(now.opponent), pins))
        answer["pips"] = [now.pip_count(), now.opponent_pip_count()]
        return answer

    def _xgid(self, position: Position) -> str:
        """The XGID of the position and dice, with a pasted XGID's cube, score and match."""
        return to_xgid(position, dice=self.dice, **self.xgid)

    @staticmethod
    def _board(mover: list[int], opponent: list[int], pins: set[tuple[str, int]]) -> dict[str, Any]:
        return {
            "mover": mover,
            "opponent": opponent,
            "moverPinned": sorted(p for who, p in pins if who == "mover"),
            "opponentPinned": sorted(p for who, p in pins if who == "opponent"),
        }


def _pins(variant: Variant) -> bool:
    """Whether a checker may lie pinned in ``variant`` (Plakoto)."""
    return variant.has_pins


def _sides(text: str) -> dict[str, Any]:
    """A puzzle's sides written in YAML (``mover: {24: 2, bar: 1}``, ``pinned: [{side:
    opponent, point: 7}]``) as the JSON form of a position."""
    data: dict[str, Any] = {}
    for who in ("mover", "opponent"):
        found = re.search(rf"\b{who}\s*:\s*\{{([^}}]*)\}}", text)
        if found is not None:
            pairs = re.findall(r"(\w+)\s*:\s*(\d+)", found.group(1))
            data[who] = {key: int(count) for key, count in pairs}
        else:
            data[who] = {}
    pins = re.findall(r"side\s*:\s*['\"]?(\w+)['\"]?\s*,\s*point\s*:\s*(\d+)", text)
    if pins:
        data["pinned"] = [{"side": side, "point": int(point)} for side, point in pins]
    return data


BOARD = Board()


def ask(request: str) -> str:
    """One request of the page (JSON: ``{"do": ..., ...}``), answered with the board's state as
    JSON; a request the engine refuses is answered with its reason in ``error``."""
    data = json.loads(request)
    do = data.get("do")
    board = BOARD
    error = None
    try:
        if do == "game":
            board.set_game(data["game"], data.get("rules"))
            if data.get("start", True):
                board.start()
        elif do == "start":
            board.start()
        elif do == "empty":
            board.empty()
        elif do == "edit":
            board.edit(data["tool"], _place(data["place"]))
        elif do == "paste":
            board.paste(data["text"])
        elif do == "dice":
            dice = data.get("dice")
            board.set_dice(tuple(dice) if dice else None)
        elif do == "step":
            board.step(_place(data["source"]), int(data["die"]))
        elif do == "undo":
            if board.played:
                board.played.pop()
        elif do == "reset":
            board.played.clear()
        elif do == "play":
            board.play(data["play"])
        elif do == "next":
            board.next_turn()
    except EngineError as problem:
        error = explain(problem)
    answer = board.state(with_plays=bool(data.get("plays")))
    answer["error"] = error
    return json.dumps(answer)


def _place(place: object) -> int:
    if place == "bar":
        return BAR
    if place == "off":
        return OFF
    if isinstance(place, int | str):
        return int(place)
    raise ValueError(f"not a place: {place!r}")
