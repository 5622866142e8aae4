"""The benchmarks measure what they say they do, and ``python -m generator bench`` runs them.

The engine bench's speed target compares the ``plays`` contract with the same contract served by GNU
Backgammon's generator (``generator.bench.gnubg.gnubg_answer_line``); that baseline only means
something if it does the same work, so it must answer every line with the same positions.
"""

from __future__ import annotations

import importlib.util
import json
import re

import pytest

from generator.bench import DEFAULT_COUNTS, run_bench
from generator.bench.engine import (
    CONTRACT_TARGET,
    bench_engine,
    bench_queries,
    contract_line,
    format_figures,
)
from generator.bench.gnubg import gnubg_answer_line
from generator.cli import main
from generator.plays import answer_line

needs_gnubg = pytest.mark.skipif(
    importlib.util.find_spec("gnubg_nn") is None, reason="gnubg_nn is not installed"
)


@needs_gnubg
def test_the_gnubg_baseline_answers_every_line_with_our_positions():
    for position, dice in bench_queries(400, seed=7):
        line = contract_line(position, dice)
        ours, theirs = json.loads(answer_line(line)), json.loads(gnubg_answer_line(line))
        assert ours["count"] == theirs["count"], line

        def positions(answer):
            return sorted(json.dumps(play["position"], sort_keys=True) for play in answer["plays"])

        assert positions(ours) == positions(theirs), line
        notations = [play["notation"] for play in theirs["plays"]]
        assert notations == sorted(notations), "the contract's plays are sorted by notation"


@needs_gnubg
def test_the_engine_bench_times_every_path_and_states_the_target():
    figures = bench_engine(count=6, seed=1)
    timed = [figures["engine"], figures["contract"], figures["gnubg"], figures["gnubg_contract"]]
    for timing in (*timed, *figures["variants"].values()):
        assert timing is not None
        assert timing["queries"] == 6
        assert 0 < timing["median_us"] <= timing["p90_us"] <= timing["worst_us"]
    assert len(figures["variants"]) == 7
    # Each game's ratio is taken to backgammon timed beside it, over all the backgammon questions.
    assert figures["beside"].keys() == figures["variants"].keys()
    assert all(timing["queries"] == 6 for timing in figures["beside"].values())
    command = figures["command"]
    assert command is not None and command["lines"] == 6
    assert command["ours_s"] > 0 and command["gnubg_s"] > 0
    text = format_figures(figures)
    assert "plays line / gnubg plays line:" in text
    assert f"(target: at most {CONTRACT_TARGET:g}x)" in text
    assert "legal_plays / gnubg_nn.moves:" in text
    assert "the whole command over the 6 lines" in text
    fevga = figures["variants"]["fevga"]["median_us"] / figures["beside"]["fevga"]["median_us"]
    assert re.search(rf"^fevga .*us\s+{fevga:.1f}x$", text, re.MULTILINE)


def test_the_bench_command_runs_the_bench_asked_for_with_its_count_and_seed(capsys):
    assert main(["bench", "render", "--count", "3", "--seed", "2"]) == 0
    printed = capsys.readouterr().out
    assert "and 3 random boards of all 8 games" in printed
    assert "boards per second (target: 500)" in printed


def test_the_command_offers_every_bench_and_only_those(capsys):
    with pytest.raises(SystemExit):
        main(["bench", "speed"])
    offered = ", ".join(repr(what) for what in DEFAULT_COUNTS)
    assert f"(choose from {offered})" in capsys.readouterr().err
    with pytest.raises(ValueError, match="no bench 'speed'; the benches are engine, check"):
        run_bench("speed")
