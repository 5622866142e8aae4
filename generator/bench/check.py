"""How fast generated puzzles are checked: ``python -m generator bench check``.

:func:`bench_puzzles` writes puzzles of every variant and task on seeded random positions (the
site bench builds a project of them too); :func:`print_check_bench` times ``check_files`` on
them and says how much of the time is the engine's.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from generator.engine import BAR, VARIANTS, to_text
from generator.engine.samples import DEFAULT_SEED, ROLLS, random_position
from generator.puzzles import Report, check_files, load_puzzle

_TASKS = (
    ("play", "answer: any"),
    ("count", "count: plays"),
    ("count", "count: dice"),
    ("pass", ""),
    ("destinations", ""),
)


def bench_puzzles(folder: Path, count: int, seed: int = DEFAULT_SEED) -> list[Path]:
    """Write ``count`` generated puzzles of every variant and task into ``folder``."""
    rng = random.Random(seed)
    variants = list(VARIANTS.values())
    paths: list[Path] = []
    for index in range(count):
        variant = variants[index % len(variants)]
        position = random_position(variant, rng)
        first, second = ROLLS[index % len(ROLLS)]
        kind, extra = _TASKS[index % len(_TASKS)]
        if kind == "destinations":
            sources = [p for p in range(BAR, 0, -1) if position.mover[p]]
            place = "bar" if sources[0] == BAR else sources[0]
            extra = f"point: {place}"
        path = folder / variant.key / f"p{index:05d}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"id: bench-{index}\nvariant: {variant.key}\n"
            "title: {en: A generated puzzle, ru: Сгенерированная задача}\n"
            "prompt: {en: What now?, ru: Как сыграть?}\nlevel: 3\ntags: [drill]\n"
            f"position: {{text: '{to_text(position)}'}}\ndice: [{first}, {second}]\n"
            f"task: {kind}\n{extra}\n",
            encoding="utf-8",
        )
        paths.append(path)
    return paths


def print_check_bench(count: int = 1000, seed: int = DEFAULT_SEED) -> float:
    """Time ``check_files`` on ``count`` generated puzzles; print the figures, return seconds."""
    with tempfile.TemporaryDirectory() as folder:
        paths = bench_puzzles(Path(folder), count, seed)
        print(f"checking {count} generated puzzles of all {len(VARIANTS)} games...", flush=True)
        start = time.perf_counter()
        project = check_files(paths)
        total = time.perf_counter() - start
        start = time.perf_counter()
        for path in paths:
            load_puzzle(path, Report())
        reading = time.perf_counter() - start
    problems = len(project.report.diagnostics)
    engine = max(total - reading, 0.0)
    print(
        f"{count} puzzles checked in {total:.2f} s ({total / count * 1000:.2f} ms each): "
        f"reading and validating {reading:.2f} s, the engine's answers {engine:.2f} s "
        f"({engine / total:.0%}); {len(project.puzzles)} clean, {problems} problems"
    )
    return total
