"""The engine's errors: each a ``ValueError`` that carries what is wrong as data, and says it in
English with how to fix it.

An error made with :meth:`EngineError.of` is data, as a refusal is: ``code`` names the mistake
and ``params`` its values (counts, points, the side, what was written). The English words of each
code are in ``WORDS``; they are the message ids of the gettext catalogs (``generator/locale``), so
a reader in another language gets the same sentence from the same fields. ``str(error)`` is the
English sentence. A parameter may be another engine error, a :class:`Refusal` (its reason) or a
tuple of numbers (said as a list).

>>> error = PositionError.of("too_many_checkers", side="mover", count=16, most=15)
>>> print(error)
the mover has 16 checkers on the board and bar; a side has 15
>>> error.code, error["count"]
('too_many_checkers', 16)
"""

from __future__ import annotations

from typing import TypeVar

from .reasons import Refusal, Words

E = TypeVar("E", bound="EngineError")


def N_(singular: str) -> Words:
    """Words with one form, marked for the catalogs (``tests/test_locale.py`` collects them)."""
    return Words(singular)


def ngettext(singular: str, plural: str, number: str) -> Words:
    """Words whose form follows the parameter ``number``, marked for the catalogs."""
    return Words(singular, plural, number)


# Message ids, in English. ``side`` is "mover" or "opponent" (a key of the position); a
# parameter named ``written`` or ending in ``_written`` is the input as the reader wrote it.
WORDS: dict[str, Words] = {
    # positions (board.py, variants.py)
    "count_not_whole": N_("{side} checkers on {place} must be a whole number, not {written}"),
    "count_negative": N_("{side} checkers on {place} cannot be negative ({count})"),
    "too_many_checkers": ngettext(
        "the {side} has {count} checker on the board and bar; a side has {most}",
        "the {side} has {count} checkers on the board and bar; a side has {most}",
        "count",
    ),
    "not_a_place": N_(
        '{side} place {written} is not a point: use 1..24 or "bar" (checkers that are off are '
        "not listed)"
    ),
    "not_text_form": N_(
        "{text} is not a position in text form: write the mover's checkers, then '/', then the "
        "opponent's, such as '24:2 13:5 8:3 6:5 / 19:5 17:3 12:5 1:2'"
    ),
    "not_point_count": N_("{word} in {text} is not 'point:count' (such as 13:5, bar:1 or 10:1^)"),
    "written_twice": N_("the {side}'s {place} is written twice in {text}"),
    "pinned_on_bar": N_("{word}: a checker on the bar cannot be pinned"),
    "pin_side": N_('a pinned checker\'s side is "mover" or "opponent", not {written}'),
    "pin_point": N_("a pinned checker stands on a point 1..24, not {written}"),
    "pin_not_alone_under": N_(
        "the {side}'s checker pinned on {point} must stand there alone ({count} found) under at "
        "least one of the {pinner}'s checkers ({pinners} found)"
    ),
    "pinned_twice": N_("point {point} is listed as pinned twice"),
    "unknown_variant": N_("unknown variant {written}; use one of: {known}"),
    "unknown_rules": N_("unknown rules {written} for {game}; use one of: {known}"),
    "not_an_object": N_('a position is an object: {{"mover": {{...}}, "opponent": {{...}}}}'),
    "unknown_fields": ngettext(
        'unknown position field {fields}; a position has "mover", "opponent" and, for Plakoto, '
        '"pinned"',
        'unknown position fields {fields}; a position has "mover", "opponent" and, for Plakoto, '
        '"pinned"',
        "count",
    ),
    "unknown_fields_more": ngettext(
        'unknown position fields {fields} and {count} more; a position has "mover", "opponent" '
        'and, for Plakoto, "pinned"',
        'unknown position fields {fields} and {count} more; a position has "mover", "opponent" '
        'and, for Plakoto, "pinned"',
        "count",
    ),
    "no_side": N_('the position has no "{side}": give {{"{side}": {{"6": 5, ...}}}}'),
    "side_not_mapping": N_('"{side}" must map points to counts, such as {{"6": 5}}'),
    "pinned_not_list": N_('"pinned" is a list such as [{{"side": "opponent", "point": 7}}]'),
    "bad_pin_entry": N_(
        'pinned entry {written} must be {{"side": "mover" or "opponent", "point": 1..24}}'
    ),
    "huge_count": N_("the {side} has {written} checkers on {place}; a side has {most}"),
    "no_pins": N_("{variant} has no pinned checkers; only Plakoto pins"),
    "no_bar": ngettext(
        '{variant} has no bar, but the {side} has {count} checker on it: remove "bar" or set it '
        "to 0",
        '{variant} has no bar, but the {side} has {count} checkers on it: remove "bar" or set '
        "it to 0",
        "count",
    ),
    "shared_point": N_(
        "point {point} holds checkers of both sides ({mover} of the mover's, {opponent} of the "
        "opponent's); a point belongs to one side"
    ),
    "both_borne_off": N_("both sides have borne off every checker; only one can win"),
    "no_cube": N_("{variant} is played without a doubling cube"),
    # Position IDs and XGIDs (ids.py); ``label`` is "XGID '...'" or "Position ID '...'"
    "id_same_direction": N_(
        "{variant} positions cannot be written as a Position ID or an XGID: both formats are "
        "made for games where the players move towards each other and hit onto a bar, and in "
        "{variant} both players move the same way; these variants fit: {fitting}"
    ),
    "id_no_bar": N_(
        "{variant} positions cannot be written as a Position ID or an XGID: both formats are "
        "made for games where the players move towards each other and hit onto a bar, and in "
        "{variant} it has no bar; these variants fit: {fitting}"
    ),
    "id_no_position": N_("{label} describes no position: {error}"),
    "key_length": ngettext(
        "{label} has {count} byte; a position key has {most}",
        "{label} has {count} bytes; a position key has {most}",
        "count",
    ),
    "id_not_text": N_("a Position ID is text such as '4HPwATDgc/ABMA', not {written}"),
    "id_is_xgid": N_(
        "{written} is an XGID, not a GNU Backgammon Position ID: read it with from_xgid"
    ),
    "id_length": ngettext(
        "{label} has {count} character before any ':'; a GNU Backgammon Position ID has "
        "{most}, such as '4HPwATDgc/ABMA' (copy it whole, without '==')",
        "{label} has {count} characters before any ':'; a GNU Backgammon Position ID has "
        "{most}, such as '4HPwATDgc/ABMA' (copy it whole, without '==')",
        "count",
    ),
    "id_character": N_(
        "{label} has {char} at character {index}; a Position ID uses only the letters A-Z and "
        "a-z, the digits 0-9, '+' and '/'"
    ),
    "id_last_character": N_(
        "{label} ends in {char}, which sets bits past the 80 of the key; the last character of "
        "a Position ID is A, Q, g or w: check that the ID was copied whole"
    ),
    "key_too_many_on_roll": N_(
        "{label} gives the player on roll more than {most} checkers on the board and bar; a side "
        "has {most}: the ID is damaged or not a Position ID"
    ),
    "key_too_many_not_on_roll": N_(
        "{label} gives the player not on roll more than {most} checkers on the board and bar; a "
        "side has {most}: the ID is damaged or not a Position ID"
    ),
    "key_padding": N_(
        "{label} has bits set after the last place of the player on roll (the padding up to "
        "{bits} bits must be zero): the ID is damaged or not a Position ID"
    ),
    "key_shared_point": N_(
        "{label} puts checkers of both players on the same point ({mover} of the player on roll "
        "on their {point}-point, {opponent} of the other player on their {other_point}-point); a "
        "point belongs to one side"
    ),
    "xgid_dice_value": N_("the dice are two numbers 1..6 such as (5, 2); got {written}"),
    "cube_value": N_(
        "the cube shows a power of two from 1 to {most} (1, 2, 4, ... 64, ...); got {written}"
    ),
    "cube_owner_value": N_("the cube belongs to 'centre', 'mover' or 'opponent'; got {written}"),
    "cube_at_one_owned": N_(
        "the cube is at 1 but belongs to the {side}; a cube that has not been turned yet stays "
        "in the centre: set the owner to 'centre' or the value to 2 or more"
    ),
    "cube_in_cubeless": N_(
        "{variant} is played without a doubling cube, but the cube is at {value} ({side}): "
        "leave it at 1 in the centre"
    ),
    "not_whole_number": N_("{name} is a whole number, 0 or more; got {written}"),
    "score_too_high": N_(
        "{name} is {score} in a {length}-point match, so the match is already over; a score "
        "stays below the match length (match length 0 is a money game)"
    ),
    "crawford_jacoby": N_(
        "crawford_jacoby is 0..3 (1 = Crawford game in a match; in money play Jacoby = 1, "
        "beaver = 2, both = 3); got {value}"
    ),
    "mover_is_bottom": N_("mover_is_bottom is True or False; got {written}"),
    "xgid_not_text": N_(
        "an XGID is text such as 'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10', not "
        "{written}"
    ),
    "xgid_fields": ngettext(
        "{label} has {count} field separated by ':'; an XGID has {most}: {fields}",
        "{label} has {count} fields separated by ':'; an XGID has {most}: {fields}",
        "count",
    ),
    "xgid_fields_position_id": ngettext(
        "{label} has {count} field separated by ':'; an XGID has {most}: {fields}; it looks "
        "like a GNU Backgammon Position ID: read it with from_position_id",
        "{label} has {count} fields separated by ':'; an XGID has {most}: {fields}; it looks "
        "like a GNU Backgammon Position ID: read it with from_position_id",
        "count",
    ),
    "xgid_not_number": N_("{label} has {written} as its {name} field; write a whole number"),
    "xgid_cube": N_(
        "{label} has cube {value}; the field is the log2 of the cube's value, 0 (the cube at 1) "
        "to {most} (the cube at {top})"
    ),
    "xgid_cube_owner": N_(
        "{label} has cube owner {value}; write 1 for the bottom player, 0 for the centre, -1 "
        "for the top player"
    ),
    "xgid_turn": N_(
        "{label} has turn {value}; write 1 when the bottom player is on roll, -1 when the top "
        "player is"
    ),
    "xgid_invalid": N_("{label}: {error}"),
    "xgid_position_length": ngettext(
        "{label} has a position field of {count} character; it has {most}: the top player's "
        "bar, the bottom player's points 1 to 24, the bottom player's bar",
        "{label} has a position field of {count} characters; it has {most}: the top player's "
        "bar, the bottom player's points 1 to 24, the bottom player's bar",
        "count",
    ),
    "xgid_character": N_(
        "{label} has {char} at position character {index}; a place is '-' when empty, 'A' to "
        "'O' for 1 to 15 bottom checkers, 'a' to 'o' for 1 to 15 top checkers"
    ),
    "xgid_count": ngettext(
        "{label} has {char} at position character {index}, which means {count} checker; a side "
        "has {most} ('O' or 'o' at most)",
        "{label} has {char} at position character {index}, which means {count} checkers; a side "
        "has {most} ('O' or 'o' at most)",
        "count",
    ),
    "xgid_bottom_bar": N_(
        "{label} has {char} at position character {index}, the bottom player's bar, which holds "
        "only the bottom player's checkers: write 'A' to 'O'"
    ),
    "xgid_top_bar": N_(
        "{label} has {char} at position character {index}, the top player's bar, which holds "
        "only the top player's checkers: write 'a' to 'o'"
    ),
    "xgid_bottom_too_many": ngettext(
        "{label} puts {count} of the bottom player's checkers on the board and bar; a side has "
        "{most}",
        "{label} puts {count} of the bottom player's checkers on the board and bar; a side has "
        "{most}",
        "count",
    ),
    "xgid_top_too_many": ngettext(
        "{label} puts {count} of the top player's checkers on the board and bar; a side has {most}",
        "{label} puts {count} of the top player's checkers on the board and bar; a side has {most}",
        "count",
    ),
    "xgid_dice": N_(
        "{label} has {written} as its dice; write two digits 1 to 6 such as '52', '00' before "
        "the roll, or D, B or R while a double, beaver or raccoon waits for an answer"
    ),
    # the doubling cube (results.py)
    "cube_at_one": N_("a cube at 1 has not been turned yet, so it stays in the centre"),
    "centred_cube_turned": N_(
        "a cube in the centre shows 1: a taken double (2 or more) gives it to the player who took"
    ),
    "cube_at_top": N_("the cube is at {value}, its largest face: nobody may double again"),
    "not_cube_owner": N_(
        "the {side} cannot double: the cube (at {value}) belongs to the {owner}; only a player "
        "who owns the cube, or anyone while it is in the centre, may double"
    ),
    "cube_power": N_("the cube shows a power of two (1, 2, 4, ... 64); got {written}"),
    # dice (moves.py)
    "not_two_dice": N_("a roll is two dice, such as [5, 2]; got {written}"),
    "die_out_of_range": N_("a die shows 1 to 6; got {die} in {dice}"),
    # notation (notation.py, moves.py)
    "not_a_point": N_("{token}: {point} is not a point (use 1..24, bar or off)"),
    "no_step": N_("{text} names no step; write steps such as 13/8 6/5*"),
    "not_a_step": N_(
        "{token} in {text} is not a step; write from/to with points 1..24, bar or off, such as "
        "13/8, bar/22, 6/off, 24/18/13, 8/3*/1 or 13/7(2)"
    ),
    "repeat_zero": N_("{token}: a repeat count is 1 or more"),
    "move_from_off": N_("{token}: a checker that is off cannot move"),
    "move_to_bar": N_("{token}: a checker cannot move to the bar"),
    "backwards": N_(
        "{token}: checkers move from higher points to lower ones ({source}/{destination} goes "
        "backwards)"
    ),
    "turn_passes": N_("{text} cannot be played with {roll}: no play is possible, the turn passes"),
    "not_legal": N_("{text} is not legal with {roll}: {reason}"),
    "marks_disagree": N_("{text} is not legal with {roll}"),
    "not_full_turn": N_("{text} is not a full turn with {roll}: {reason}"),
    "ambiguous": ngettext(
        "{text} fits {count} different play with {roll}: {plays}; write the landing points and "
        "mark hits with *",
        "{text} fits {count} different plays with {roll}: {plays}; write the landing points and "
        "mark hits with *",
        "count",
    ),
    "dice_do_not_fit": N_(
        "{text} cannot be played with {roll}: the distances do not add up to the dice (it moves "
        "{moves})"
    ),
    "step_refused": N_("{place} with a {die} is not allowed: {reason}"),
}


class EngineError(ValueError):
    """Base of every error the engine raises for bad input: ``code`` and ``params`` say what is
    wrong (``code`` is empty for an error made from a plain English message)."""

    code: str = ""
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls: type[E], code: str, /, **params: object) -> E:
        """The error ``code`` with its values; its message is the English words of the code."""
        error = cls(english(WORDS[code], params))
        error.code = code
        error.params = tuple(params.items())
        return error

    def __getitem__(self, name: str) -> object:
        return dict(self.params)[name]

    @property
    def words(self) -> Words | None:
        """The English words of the code (the message id), ``None`` for a plain message."""
        return WORDS.get(self.code)


def english(words: Words, params: dict[str, object]) -> str:
    """``words`` in English with ``params`` filled in: a refusal by its message, the plural
    form unless the number is 1."""
    text = words.singular
    if words.plural is not None and words.number is not None and params[words.number] != 1:
        text = words.plural
    return text.format(**{name: _english_value(value) for name, value in params.items()})


def _english_value(value: object) -> object:
    """A parameter as the English sentence says it: a refusal by its message, a tuple of
    numbers as a list (``6, 5 and 3``)."""
    if isinstance(value, Refusal):
        return value.message()
    if isinstance(value, tuple) and len(value) > 1:
        return f"{', '.join(map(str, value[:-1]))} and {value[-1]}"
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    return value


class UnknownVariantError(EngineError):
    """No variant has that key or alias."""


class UnknownRulesError(EngineError):
    """The variant has no table-rule preset of that name."""


class PositionError(EngineError):
    """A position that cannot stand on a board of this variant."""


class DiceError(EngineError):
    """Dice that cannot have been rolled."""


class NotationError(EngineError):
    """Text that is not a play in the usual notation (``13/8 6/5*``)."""


class IllegalPlayError(NotationError):
    """Notation that reads well but names no legal play; ``reason`` says why."""

    def __init__(self, message: str, reason: object = None) -> None:
        super().__init__(message)
        self._reason = reason

    @property
    def reason(self) -> object:
        """The refusal of the rule the play breaks, when there is one."""
        return self._reason if self._reason is not None else dict(self.params).get("reason")


class DiceFitError(IllegalPlayError):
    """Notation whose distances no way of playing the roll covers (``13/10 6/3`` with 3-2):
    ``moves`` are the distances it writes, one per hop, in the order written (a hop to ``off``
    counts the pips from its point)."""

    def __init__(self, message: str, moves: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self._moves = moves

    @property
    def moves(self) -> tuple[int, ...]:
        found = dict(self.params).get("moves", self._moves)
        assert isinstance(found, tuple)
        return found


class AmbiguousPlayError(NotationError):
    """Notation that fits more than one legal play."""


class IdError(EngineError):
    """A malformed XGID or GNU Backgammon Position ID."""


class CubeError(EngineError):
    """A cube action the rules do not allow."""
