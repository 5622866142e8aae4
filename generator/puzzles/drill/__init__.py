"""Rule drills: new puzzles, each turning on one rule, from positions the engine searches for.

``python -m generator drill --variant V --rule R --count N [--level L] [--seed S] OUT_DIR``
writes N puzzle files. For every drill a seeded search (:mod:`.search`) draws positions and
rolls (random games from :func:`generator.engine.samples.random_position`, or positions built
for the rule) until the engine finds one where the rule decides the answer, and proves it:

* a claim the rule refuses is refused with that rule's own refusal code, and it is legal in the
  same game without the rule (:meth:`generator.engine.Variant.without`);
* a forced play is forced because of the rule: the engine refuses the tempting alternative with
  the rule's code, or the game without the rule has other plays;
* an answer (destinations, dice) differs from the one a player ignoring the rule would give.

The texts (title, question, explanation) come from templates through the gettext catalogs, in
English and Russian, with the position's numbers filled in (:mod:`.words`). Every file is read
back and solved by the checker before it is written, so ``python -m generator check OUT_DIR``
accepts it.

The same seed gives the same files: the search's budget is a number of positions tried
(:data:`TRIES_PER_DRILL` in a row without a new drill), never a time. ``--level`` asks for
drills of one level: a rule's drills start at the rule's own level and rise by one above each
of the rule's steps in the number of places White occupies (``Rule.steps``), so a rule has two
or three levels (``Rule.levels``).

The rules (:mod:`.rules`) and their searches, one module per family: :mod:`.dice` (the higher
die, the order of the dice, the bar), :mod:`.bear_off`, :mod:`.turkish`, :mod:`.nardy`,
:mod:`.fevga` and :mod:`.plakoto`; what they share is in :mod:`.finding`.

>>> sorted(rules_for("long-nardy"))
['bear-off-optional', 'head', 'higher-die', 'order-of-dice', 'oversized-bear-off', 'six-block']
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from ...locale import LANGUAGES, Message, _
from ..writer import FilesInTheWay, WriteError, check_targets, write_files
from .finding import Finding
from .rules import RULES, DrillError, Rule, find_game, find_rule, rule_list, rules_for
from .search import TRIES_PER_DRILL, Drill, plausible, search
from .text import drill_name, drill_text

__all__ = [
    "RULES",
    "TRIES_PER_DRILL",
    "Drill",
    "DrillError",
    "Finding",
    "Rule",
    "drill_name",
    "drill_text",
    "find_rule",
    "make_drills",
    "plausible",
    "rule_list",
    "rules_for",
    "run_drill",
    "write_drills",
]

_plausible = plausible  # the name tests/puzzles/test_answer_keys.py imports (until it moves)


def make_drills(
    variant_name: str,
    rule_key: str,
    count: int,
    *,
    level: int | None = None,
    seed: int = 0,
    say: Callable[[Message], None] | None = None,
    tries_per_drill: int = TRIES_PER_DRILL,
) -> list[Drill]:
    """Search for ``count`` drills of one rule; as many as the search found in its budget.

    The search gives up when ``tries_per_drill`` positions in a row bring no new drill. The
    same arguments give the same drills. Each drill has been read back and solved by the
    checker with no problem reported; ``say`` hears of each drill found, and of a long search.
    """
    variant = find_game(variant_name)
    rule = find_rule(variant, rule_key)
    if count < 1:
        raise DrillError(
            _("--count is how many drills to write: 1 or more, not {count}", count=count)
        )
    if seed < 0:
        raise DrillError(_("--seed is a whole number, 0 or more, not {seed}", seed=seed))
    if level is not None and level not in rule.levels:
        raise DrillError(
            _(
                "{rule} drills come at levels {low} to {high}; --level {level} is outside them",
                rule=rule.key,
                low=rule.levels[0],
                high=rule.levels[-1],
                level=level,
            )
        )
    command = (
        f"python -m generator drill --variant {variant.key} --rule {rule.key} "
        f"--count {count}{'' if level is None else f' --level {level}'} --seed {seed}"
    )
    return search(
        variant,
        rule,
        count,
        level=level,
        seed=seed,
        command=command,
        tries_per_drill=tries_per_drill,
        say=say,
    )


def write_drills(
    variant: str,
    rule: str,
    count: int,
    out_dir: Path,
    *,
    level: int | None = None,
    seed: int = 0,
    say: Callable[[Message], None] | None = None,
    tries_per_drill: int = TRIES_PER_DRILL,
) -> list[Path]:
    """Find drills and write each as ``OUT_DIR/<id>.yaml``; never replaces a file.

    Returns the paths written, which are fewer than ``count`` when the search ran out of its
    budget, ``tries_per_drill`` positions in a row (the caller says so). A target that cannot
    be written (a drill's file already there, a folder that is a file or may not be written in)
    is a :class:`DrillError` before the search begins; the files are written all or none."""
    game = find_game(variant)
    key = find_rule(game, rule).key
    out_dir = Path(out_dir)
    targets = [
        out_dir / f"{drill_name(game.key, key, seed, level, number)}.yaml"
        for number in range(1, count + 1)
    ]
    check_out_dir(out_dir, targets, seed)
    drills = make_drills(
        variant, rule, count, level=level, seed=seed, say=say, tries_per_drill=tries_per_drill
    )
    files = {out_dir / f"{drill.id}.yaml": drill.text for drill in drills}
    try:
        return write_files(files) if files else []
    except WriteError as error:  # the folder changed during the search
        raise target_error(error, seed) from None


def check_out_dir(out_dir: Path, targets: list[Path], seed: int) -> None:
    """Refuse, before a long search, an ``out_dir`` the drills could not be written into."""
    try:
        if out_dir.exists() and not out_dir.is_dir():
            raise WriteError(
                _("{path} is a file, not a folder: choose another OUT_DIR", path=out_dir)
            )
        check_targets(targets)
    except WriteError as error:
        raise target_error(error, seed) from None
    except OSError as error:
        raise DrillError(
            _("cannot write in {path}: {reason}", path=out_dir, reason=error.strerror or error)
        ) from None


def target_error(error: WriteError, seed: int) -> DrillError:
    if isinstance(error, FilesInTheWay):
        return DrillError(
            Message.ngettext(
                "{paths} exists: drills with seed {seed} were written there before; choose "
                "another --seed or another folder",
                "{paths} exist: drills with seed {seed} were written there before; choose "
                "another --seed or another folder",
                len(error.paths),
                paths=", ".join(map(str, error.paths)),
                seed=seed,
            )
        )
    return DrillError(error.words)


def run_drill(
    variant: str,
    rule: str,
    count: int,
    out_dir: Path,
    *,
    level: int | None = None,
    seed: int | None = None,
    lang: str = LANGUAGES[0],
    tries_per_drill: int = TRIES_PER_DRILL,
) -> int:
    """``drill``: write ``count`` drills of ``rule`` in ``variant`` to ``out_dir``; print
    progress, and errors to stderr, in ``lang``. Exit status 0 when every drill was written, 1
    when the search found fewer within its budget of ``tries_per_drill`` positions in a row
    (those found are written, and the error says what to try), 2 (as for any other usage error)
    when the request or the folder is refused; then nothing is searched or written."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 100000)
        print(
            _("seed {seed} (use --seed {seed} to make the same drills again)", seed=seed).render(
                lang
            )
        )

    def say(line: str | Message) -> None:
        print(line.render(lang) if isinstance(line, Message) else line, flush=True)

    try:
        paths = write_drills(
            variant,
            rule,
            count,
            Path(out_dir),
            level=level,
            seed=seed,
            say=say,
            tries_per_drill=tries_per_drill,
        )
    except DrillError as error:
        words = error.words
        print(
            f"error: {words.render(lang) if isinstance(words, Message) else words}", file=sys.stderr
        )
        return 2
    if len(paths) < count:
        found = _(
            "found only {found} of {count} {rule} drills", found=len(paths), count=count, rule=rule
        )
        if level is not None:
            found = _("{found} at level {level}", found=found, level=level)
        written = _("wrote them to {path}", path=out_dir) if paths else _("wrote nothing")
        levels = RULES[rule].levels
        advice = (
            _(
                "Try another --seed, a lower --count, or another --level: {rule} drills come at "
                "levels {low} to {high}.",
                rule=rule,
                low=levels[0],
                high=levels[-1],
            )
            if level is not None
            else _("Try another --seed, or a lower --count.")
        )
        gave_up = _(
            "{found}: the search gives up after {tries} positions in a row without a new "
            "drill; {written}. {advice}",
            found=found,
            tries=tries_per_drill,
            written=written,
            advice=advice,
        )
        print(f"error: {gave_up.render(lang)}", file=sys.stderr)
        return 1
    wrote = _(
        "wrote {count} drills to {path}; check them with: {command}",
        count=len(paths),
        path=out_dir,
        command="python -m generator check " + str(out_dir),
    )
    print(wrote.render(lang))
    return 0
