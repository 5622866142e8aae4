"""Rule drills: every rule makes puzzles the checker accepts, the same seed makes the same files,
and each answer turns on the rule (the engine without the rule, or a player who ignores it,
answers otherwise)."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from functools import cache
from importlib import import_module
from pathlib import Path

import pytest

from generator.engine import (
    BAR,
    CHECKERS,
    OFF,
    IllegalPlayError,
    Position,
    Refusal,
    find_variant,
    parse_play,
)
from generator.puzzles import Puzzle, Report, Solution, check_files, drill, load_puzzle, solve
from generator.puzzles.drill import (
    RULES,
    Drill,
    DrillError,
    make_drills,
    rules_for,
    run_drill,
    write_drills,
)
from generator.puzzles.model import CountTask, DestinationsTask, LegalTask, PlayTask
from generator.puzzles.new import new_puzzle
from generator.puzzles.writer import position_yaml

ASKED = (
    "higher-die",
    "order-of-dice",
    "bar-entry",
    "oversized-bear-off",
    "bear-off-optional",
    "turkish-freeze",
    "wasted-pips",
    "head",
    "six-block",
    "runner",
    "starting-quarter",
    "pin",
)
COUNT = 3
SEED = 11


@cache
def drills(variant: str, rule: str, seed: int = SEED, count: int = COUNT) -> tuple[Drill, ...]:
    return tuple(make_drills(variant, rule, count, seed=seed))


def read(drill_: Drill) -> tuple[Puzzle, Solution]:
    report = Report()
    puzzle = load_puzzle(Path(f"{drill_.id}.yaml"), report, text=drill_.text)
    assert puzzle is not None, report.sorted()
    solution = solve(puzzle, report)
    assert solution is not None and not report.diagnostics, report.sorted()
    return puzzle, solution


def refusal_of(position: Position, dice: tuple[int, int], claim: str) -> Refusal | None:
    try:
        parse_play(position, dice, claim)
    except IllegalPlayError as error:
        assert isinstance(error.reason, Refusal)
        return error.reason
    return None


def legal_without(codes: set[str], position: Position, dice: tuple[int, int], claim: str) -> bool:
    """Whether ``claim`` is legal in the same game without the rules of ``codes``."""
    free = Position(
        position.variant.without(codes), position.mover, position.opponent,
        position.mover_pinned, position.opponent_pinned,
    )  # fmt: skip
    return refusal_of(free, dice, claim) is None


def main_variant(rule: str) -> str:
    return RULES[rule].variants[0]


# The rules offered -----------------------------------------------------------------------------


def test_every_rule_asked_for_is_drilled_and_every_game_has_drills() -> None:
    assert set(ASKED) <= set(RULES)
    for variant in ("backgammon", "tavla-classic", "tavla-modern", "portes"):
        assert {"higher-die", "order-of-dice", "bar-entry"} <= set(rules_for(variant))
    assert {"turkish-freeze", "wasted-pips"} <= set(rules_for("turkish-tavla"))
    assert {"head", "six-block"} <= set(rules_for("длинные нарды"))
    assert {"runner", "starting-quarter"} <= set(rules_for("fevga"))
    assert "pin" in rules_for("plakoto")
    assert "bar-entry" not in rules_for("long-nardy")


# Every rule: the checker accepts the files, the seed decides them --------------------------------


@pytest.mark.parametrize("rule", ASKED)
def test_drills_are_written_and_the_checker_accepts_them(rule: str, tmp_path: Path) -> None:
    variant = main_variant(rule)
    paths = write_drills(variant, rule, COUNT, tmp_path, seed=SEED)
    assert [p.name for p in paths] == [
        f"drill-{variant}-{rule}-{SEED}-{n}.yaml" for n in range(1, COUNT + 1)
    ]
    project = check_files(paths)
    assert not project.report.diagnostics, project.report.sorted()
    assert len(project.puzzles) == COUNT
    for puzzle in project.puzzles.values():
        assert puzzle.variant.key == variant
        assert "drill" in puzzle.tags and RULES[rule].tags[0] in puzzle.tags
        assert puzzle.level in RULES[rule].levels
        assert puzzle.explain is not None
        roll = f"{puzzle.dice[0]}-{puzzle.dice[1]}" if puzzle.dice else ""
        for text in (puzzle.title, puzzle.prompt, puzzle.explain):
            assert text.en != text.ru
            assert re.search("[а-яё]", text.ru) and not re.search("[{}]", text.en + text.ru)
        # The position's numbers are in the words, in both languages.
        assert roll in puzzle.title.en and roll in puzzle.title.ru
        assert roll in puzzle.prompt.en and roll in puzzle.prompt.ru


@pytest.mark.parametrize("rule", ASKED)
def test_the_same_seed_gives_the_same_drills_and_another_seed_others(rule: str) -> None:
    variant = main_variant(rule)
    first = drills(variant, rule)
    again = make_drills(variant, rule, COUNT, seed=SEED)
    assert [d.text for d in again] == [d.text for d in first]
    other = make_drills(variant, rule, COUNT, seed=SEED + 1)
    assert [d.text for d in other] != [d.text for d in first]
    # Ids are unique, and so are the positions within a run.
    assert len({d.id for d in first}) == COUNT
    assert len({d.finding.position for d in first}) == COUNT


def test_a_shorter_run_with_the_same_seed_begins_the_same() -> None:
    longer = drills("backgammon", "bar-entry")
    shorter = make_drills("backgammon", "bar-entry", 2, seed=SEED)

    def made(run: Sequence[Drill]) -> list[tuple[object, ...]]:
        return [(d.id, d.finding.position, d.finding.dice, d.finding.fields) for d in run]

    assert made(shorter) == made(longer[:2])


# Every rule: the answer turns on the rule ---------------------------------------------------------


def claim_drills(rule: str) -> list[tuple[Puzzle, Solution, LegalTask]]:
    found = []
    for drill_ in drills(main_variant(rule), rule):
        puzzle, solution = read(drill_)
        if isinstance(puzzle.task, LegalTask):
            found.append((puzzle, solution, puzzle.task))
    return found


@pytest.mark.parametrize(
    ("rule", "codes"),
    [
        ("turkish-freeze", {"no_hit_and_run"}),
        ("six-block", {"six_block"}),
        ("runner", {"runner_not_passed"}),
        ("starting-quarter", {"starting_quarter"}),
        ("head", {"head_once", "head_once_not_first_turn", "head_once_first_turn"}),
        ("pin", {"checker_pinned", "held_over_pin", "pinned_cannot_bear_off"}),
    ],
)
def test_a_refused_claim_is_refused_by_the_rule_and_legal_without_it(
    rule: str, codes: set[str]
) -> None:
    claims = claim_drills(rule)
    assert claims
    for puzzle, solution, task in claims:
        assert task.expect is False and solution.legal is False
        assert solution.reason is not None and solution.reason.code in codes
        assert puzzle.dice is not None
        if rule == "turkish-freeze":
            # Western rules (Tavla Classic: the same game without Turkish limits) allow it.
            classic = Position(
                find_variant("tavla-classic"), puzzle.position.mover, puzzle.position.opponent
            )
            assert refusal_of(classic, puzzle.dice, task.claim) is None
        if rule == "pin":
            assert puzzle.position.mover_pinned
        else:
            assert legal_without(codes, puzzle.position, puzzle.dice, task.claim)


def test_the_head_drills_include_the_first_turn_exception() -> None:
    found = [read(d) for d in make_drills("long-nardy", "head", 8, seed=SEED)]
    first_turns = [(p, s) for p, s in found if isinstance(p.task, CountTask)]
    assert first_turns and len(first_turns) < len(found)
    for puzzle, solution in first_turns:
        assert puzzle.position.mover[24] == CHECKERS
        assert puzzle.dice in ((6, 6), (4, 4), (3, 3))
        assert "first-turn" in puzzle.tags
        # Without the exception a lone checker is stopped by Black's head: fewer dice play.
        die = puzzle.dice[0]
        alone = 0
        while alone < 4 and not puzzle.position.opponent[24 - die * (alone + 1)]:
            alone += 1
        assert solution.number is not None and alone < solution.number
        assert f"could play only {alone} of the four" in puzzle.explain.en


def forced_plays(rule: str, variant: str | None = None) -> list[tuple[Puzzle, Solution]]:
    found = []
    for drill_ in drills(variant or main_variant(rule), rule):
        puzzle, solution = read(drill_)
        if isinstance(puzzle.task, PlayTask):
            assert puzzle.task.expect_forced and solution.forced
            assert [p.notation for p in solution.accepted] == [solution.plays[0].notation]
            found.append((puzzle, solution))
    return found


@pytest.mark.parametrize("variant", ["backgammon", "fevga"])
def test_higher_die_a_lower_die_alone_is_refused_for_the_higher(variant: str) -> None:
    found = forced_plays("higher-die", variant)
    assert len(found) == COUNT
    for puzzle, solution in found:
        assert puzzle.dice is not None
        high, low = max(puzzle.dice), min(puzzle.dice)
        turn = solution.turn
        assert turn is not None and turn.max_dice == 1
        assert [s.die for s in solution.plays[0].steps] == [high]
        # The lower die alone could be played, to another board, but the rule forbids it.
        refused = {turn.refusal([], source, low) for source in range(BAR, 0, -1)}
        assert any(r is not None and r.code == "must_use_higher" for r in refused)


def test_order_of_dice_only_one_die_can_start() -> None:
    found = forced_plays("order-of-dice")
    assert len(found) == COUNT
    for puzzle, solution in found:
        turn = solution.turn
        assert turn is not None and turn.max_dice == 2
        first = {step.die for step in turn.legal_steps()}
        assert len(first) == 1
        assert puzzle.dice is not None
        (other,) = set(puzzle.dice) - first
        sources = [p for p in range(BAR, 0, -1) if puzzle.position.mover[p]]
        # Starting with the other die is refused: that point is closed, or the first die then
        # has no move.
        codes = {r.code for s in sources if (r := turn.refusal([], s, other)) is not None}
        assert codes & {"blocked_landing", "must_use_both"}
        assert all(turn.refusal([], s, other) is not None for s in sources)


def test_bar_entry_one_die_enters_and_the_other_is_shut_out() -> None:
    found = [read(d) for d in make_drills("backgammon", "bar-entry", 6, seed=SEED)]
    kinds = {type(p.task) for p, _ in found}
    assert DestinationsTask in kinds
    for puzzle, solution in found:
        assert puzzle.dice is not None and puzzle.position.mover[BAR]
        turn = solution.turn
        assert turn is not None
        codes = [turn.refusal([], BAR, die) for die in puzzle.dice]
        assert None in codes
        assert any(r is not None and r.code == "blocked_landing" for r in codes)
        if isinstance(puzzle.task, DestinationsTask):
            assert puzzle.task.point == BAR
            # A player who forgot the closed point would also name its entry point.
            shut = next(d for d, r in zip(puzzle.dice, codes, strict=True) if r is not None)
            assert BAR - shut not in solution.places
        else:
            # Two or more on the bar: only one die is played although a board checker could
            # have moved the other.
            assert puzzle.position.mover[BAR] >= 2 and turn.max_dice == 1


def follow(steps: tuple, source: int) -> list:
    """The steps of the checker that starts on ``source``, in the order played."""
    chain, place = [], source
    for step in steps:
        if step.source == place:
            chain.append(step)
            place = step.destination
    return chain


@pytest.mark.parametrize("variant", ["backgammon", "long-nardy", "plakoto"])
def test_oversized_bear_off_only_a_larger_die_takes_the_checker_off(variant: str) -> None:
    for drill_ in drills(variant, "oversized-bear-off"):
        puzzle, solution = read(drill_)
        assert isinstance(puzzle.task, DestinationsTask) and OFF in solution.places
        point = puzzle.task.point
        assert not any(puzzle.position.mover[p] for p in range(point + 1, BAR + 1))
        gone = [
            chain[-1]
            for play in solution.plays
            if (chain := follow(play.steps, point)) and chain[-1].destination == OFF
        ]
        assert gone and all(step.die > step.source for step in gone)


def test_bear_off_optional_the_claim_bears_nothing_off_though_a_play_could() -> None:
    for drill_ in drills("backgammon", "bear-off-optional"):
        puzzle, solution = read(drill_)
        assert isinstance(puzzle.task, LegalTask) and solution.legal is True
        (claimed,) = solution.accepted
        assert all(step.destination != OFF for step in claimed.steps)
        assert any(step.destination == OFF for play in solution.plays for step in play.steps)


def test_wasted_pips_western_rules_allow_more_and_turkish_refuses_it() -> None:
    for puzzle, solution in forced_plays("wasted-pips"):
        assert puzzle.dice is not None
        classic = Position(
            find_variant("tavla-classic"), puzzle.position.mover, puzzle.position.opponent
        )
        extra = [
            play
            for play in classic.legal_plays(puzzle.dice)
            if play.position.mover != solution.plays[0].position.mover
        ]
        assert extra
        reasons = [refusal_of(puzzle.position, puzzle.dice, p.notation) for p in extra]
        assert any(r is not None and r.code == "wasted_pips" for r in reasons)


# Every game of every rule ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "rule"),
    [(variant, rule.key) for rule in RULES.values() for variant in rule.variants],
)
def test_every_game_of_every_rule_makes_a_drill(variant: str, rule: str) -> None:
    (made,) = drills(variant, rule, 1, 1)  # (seed 1: Plakoto's higher-die drill comes soon)
    read(made)


# Levels ----------------------------------------------------------------------------------------


def test_a_level_asked_for_is_the_level_written() -> None:
    rule = RULES["bar-entry"]
    for level in rule.levels:
        for made in make_drills("portes", "bar-entry", 2, level=level, seed=SEED):
            puzzle, _ = read(made)
            assert puzzle.level == level
            assert puzzle.id.startswith(f"drill-portes-bar-entry-{SEED}-level{level}-")
            assert f"--level {level}" in made.text


def test_a_level_outside_the_rules_levels_is_refused_naming_them() -> None:
    with pytest.raises(DrillError, match=r"higher-die drills come at levels 1 to 3"):
        make_drills("backgammon", "higher-die", 1, level=5)


# Mistakes and limits -----------------------------------------------------------------------------


def test_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(DrillError, match=r"unknown variant 'chess'; use one of: backgammon"):
        make_drills("chess", "higher-die", 1)


def test_a_rule_of_another_game_lists_the_rules_of_this_one() -> None:
    with pytest.raises(DrillError) as raised:
        make_drills("backgammon", "head", 1)
    message = str(raised.value)
    assert "the rule 'head' is not drilled in Backgammon (it is in: long-nardy)" in message
    assert message.endswith(", ".join(rules_for("backgammon")))


def test_a_misspelt_rule_gets_a_suggestion() -> None:
    with pytest.raises(DrillError, match=r"unknown rule 'hihger-die' \(did you mean 'higher-die'"):
        make_drills("portes", "hihger-die", 1)


@pytest.mark.parametrize(("count", "seed"), [(0, 1), (2, -1)])
def test_a_count_below_one_or_a_negative_seed_is_refused(count: int, seed: int) -> None:
    with pytest.raises(DrillError, match=r"--count|--seed"):
        make_drills("backgammon", "bar-entry", count, seed=seed)


def test_files_are_never_replaced(tmp_path: Path) -> None:
    write_drills("portes", "bar-entry", 1, tmp_path, seed=3)
    with pytest.raises(DrillError, match=r"exists: drills with seed 3 were written there before"):
        write_drills("portes", "bar-entry", 1, tmp_path, seed=3)


def test_a_folder_that_is_a_file_is_refused_before_the_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran before the folder was checked")

    monkeypatch.setattr(drill, "make_drills", no_search)
    out = tmp_path / "drills"
    out.write_text("", encoding="utf-8")
    assert run_drill("portes", "bar-entry", 3, out, level=None, seed=4) == 2
    err = capsys.readouterr().err
    assert err == f"error: {out} is a file, not a folder: choose another OUT_DIR\n"
    with pytest.raises(DrillError, match=r"is a file, not a folder, so .* cannot be written"):
        write_drills("portes", "bar-entry", 3, out / "more", seed=4)


def test_every_drill_file_in_the_way_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the search ran before the folder was checked")

    monkeypatch.setattr(drill, "make_drills", no_search)
    for number in (1, 3):
        (tmp_path / f"drill-portes-bar-entry-4-{number}.yaml").write_text("", encoding="utf-8")
    with pytest.raises(DrillError) as raised:
        write_drills("portes", "bar-entry", 3, tmp_path, seed=4)
    assert str(raised.value).startswith(
        f"{tmp_path / 'drill-portes-bar-entry-4-1.yaml'}, "
        f"{tmp_path / 'drill-portes-bar-entry-4-3.yaml'} exist: drills with seed 4"
    )


def test_run_drill_reports_progress_and_how_to_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_drill("backgammon", "bar-entry", 2, tmp_path, level=None, seed=5) == 0
    out = capsys.readouterr().out
    assert "1/2 drill-backgammon-bar-entry-5-1" in out and "2/2" in out
    assert f"python -m generator check {tmp_path}" in out
    assert len(list(tmp_path.glob("*.yaml"))) == 2


def test_run_drill_without_a_seed_says_which_it_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_drill("portes", "bar-entry", 1, tmp_path, level=None, seed=None) == 0
    match = re.search(
        r"seed (\d+) \(use --seed \1 to make the same drills again\)", capsys.readouterr().out
    )
    assert match is not None
    assert (tmp_path / f"drill-portes-bar-entry-{match[1]}-1.yaml").exists()


def test_run_drill_errors_go_to_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_drill("backgammon", "pin", 1, tmp_path, level=None, seed=1) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: the rule 'pin' is not drilled in Backgammon")
    assert not list(tmp_path.iterdir())


def test_a_search_that_runs_out_says_so_and_keeps_what_it_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Level 3 higher-die drills are rare: with a tiny budget the search gives up.
    found = make_drills("backgammon", "higher-die", 4, level=3, seed=2, tries_per_drill=30)
    assert len(found) < 4
    code = run_drill("backgammon", "higher-die", 4, tmp_path, level=3, seed=2, tries_per_drill=30)
    assert code == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: found only {len(found)} of 4 higher-die drills at level 3: ")
    assert "the search gives up after 30 positions in a row without a new drill" in err
    assert "Try another --seed, a lower --count, or another --level" in err
    assert "higher-die drills come at levels 1 to 3" in err
    assert len(list(tmp_path.glob("*.yaml"))) == len(found)
    # Without --level, no level to change is suggested.
    assert run_drill("plakoto", "higher-die", 1, tmp_path, seed=7, tries_per_drill=30) == 1
    assert capsys.readouterr().err == (
        "error: found only 0 of 1 higher-die drills: the search gives up after 30 positions in "
        "a row without a new drill; wrote nothing. Try another --seed, or a lower --count.\n"
    )


def test_the_budget_is_positions_tried_so_a_run_is_the_same_on_every_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # However slow the machine, the same budget finds the same drills: no clock decides.
    # (Level 3 higher-die drills are rare: with seed 26 the first comes after 348 positions.)
    ticks = iter(range(0, 10**9, 1000))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(ticks)))
    slow = make_drills("backgammon", "higher-die", 3, level=3, seed=26, tries_per_drill=600)
    monkeypatch.undo()
    fast = make_drills("backgammon", "higher-die", 3, level=3, seed=26, tries_per_drill=600)
    assert fast and [d.text for d in slow] == [d.text for d in fast]
    # A larger budget finds what a smaller one found, and perhaps more.
    more = make_drills("backgammon", "higher-die", 3, level=3, seed=26, tries_per_drill=1200)
    assert [d.text for d in more][: len(fast)] == [d.text for d in fast]


def test_a_long_search_says_how_far_it_has_come(monkeypatch: pytest.MonkeyPatch) -> None:
    # Plakoto's higher-die drills at level 1 are rare enough that 10000 positions find none;
    # the search says how far it has come every 500 here (every 5000 for a teacher).
    monkeypatch.setattr(import_module("generator.puzzles.drill.search"), "PROGRESS_EVERY", 500)
    heard: list[str] = []
    found = make_drills(
        "plakoto", "higher-die", 1, level=1, seed=7, tries_per_drill=1000,
        say=lambda line: heard.append(str(line)),
    )  # fmt: skip
    assert found == []
    assert heard == [
        "  searching for drill 1: 500 positions tried",
        "  searching for drill 1: 1000 positions tried",
    ]


# One writer ------------------------------------------------------------------------------------


def test_a_drill_writes_its_position_as_a_new_puzzle_does_pins_included() -> None:
    for made in drills("plakoto", "pin"):
        position = made.finding.position
        assert position.mover_pinned
        block = "\n".join(position_yaml(position))
        assert f"\n{block}\n" in made.text
        assert f"\n{block}\n" in new_puzzle(position.variant, position, made.finding.dice, "x")
        puzzle, _ = read(made)
        assert puzzle.position == position
