"""The file of one drill: its name and its YAML, written as every puzzle file is
(:mod:`generator.puzzles.writer`)."""

from __future__ import annotations

from ...locale import LANGUAGES
from ..writer import folded, position_yaml, yaml_string
from .finding import Finding
from .rules import Rule
from .words import Words


def drill_name(variant: str, rule: str, seed: int, level: int | None, number: int) -> str:
    """The id of the ``number``-th drill of a run, which is also its file's name.

    >>> drill_name("backgammon", "higher-die", 7, None, 1)
    'drill-backgammon-higher-die-7-1'
    >>> drill_name("fevga", "runner", 7, 2, 3)
    'drill-fevga-runner-7-level2-3'
    """
    asked = "" if level is None else f"-level{level}"
    return f"drill-{variant}-{rule}-{seed}{asked}-{number}"


def drill_text(drill_id: str, rule: Rule, finding: Finding, level: int, command: str) -> str:
    """The YAML of one drill."""
    position = finding.position
    texts = {lang: finding.words(Words(lang)) for lang in LANGUAGES}
    tags = ("drill", *rule.tags, *finding.tags)
    lines = [
        f"# A {rule.key} drill, made by:",
        f"#   {command}",
        "# The engine found this position and checks every answer; edit the words freely.",
        f"id: {drill_id}",
        f"variant: {position.variant.key}",
        f"title: {{en: {yaml_string(texts['en'][0])}, ru: {yaml_string(texts['ru'][0])}}}",
        f"level: {level}",
        f"tags: [{', '.join(tags)}]",
        *position_yaml(position),
        f"dice: [{finding.dice[0]}, {finding.dice[1]}]",
        f"task: {finding.task}",
    ]
    lines += [f"{name}: {value}" for name, value in finding.fields]
    lines.append("prompt:")
    for lang in LANGUAGES:
        lines += folded(lang, texts[lang][1])
    lines.append("explain:")
    for lang in LANGUAGES:
        lines += folded(lang, texts[lang][2])
    return "\n".join(lines) + "\n"
