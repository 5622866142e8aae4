"""Board fences in pages: checked by the engine, problems reported at the page's lines."""

from pathlib import Path

from generator.puzzles import Report
from generator.puzzles.fences import check_page, find_fences

PAGE = """# Bearing off

Text before.

```board
variant: long-nardy
position: {mover: {6: 1, 3: 1, 1: 1}, opponent: {12: 15}}
dice: [5, 2]
show: plays
expect: [6/1 3/1, 6/4/off]
```

    ```board
    variant: backgammon
    position: {start: true}
    dice: [6, 5]
    arrows: 24/18/13
    refuse: 13/7
    ```
"""


def check(text: str) -> tuple[list, Report]:
    report = Report()
    fences = check_page(Path("page.md"), report, text)
    return fences, report


def test_fences_are_found_with_their_lines_also_when_indented():
    found = find_fences(PAGE)
    assert [(f.line, f.end_line) for f in found] == [(5, 11), (13, 19)]
    assert found[1].body.startswith("variant: backgammon")


def test_a_fence_that_agrees_with_the_engine_is_clean():
    fences, report = check(PAGE)
    assert report.diagnostics == []
    first, second = fences
    assert first.show_plays and sorted(p.notation for p in first.plays) == ["6/1 3/1", "6/4/off"]
    assert second.arrows is not None and second.arrows.notation == "24/18/13"
    assert second.refused is not None and second.refused[1] is not None
    assert second.refused[1].code == "must_use_both"


def test_an_expectation_the_engine_does_not_share_fails_at_its_line():
    text = PAGE.replace("expect: [6/1 3/1, 6/4/off]", "expect: [6/1 3/1]")
    _, report = check(text)
    assert [str(d) for d in report.diagnostics] == [
        "page.md:10:9: error: expect leaves out 1 legal play with 5-2: 6/4/off"
    ]


def test_an_illegal_expected_play_says_why():
    text = PAGE.replace("expect: [6/1 3/1, 6/4/off]", "expect: [6/1 3/1, 6/off 1/off]")
    _, report = check(text)
    (diagnostic,) = report.diagnostics
    assert diagnostic.line == 10 and "'6/off 1/off' is not a legal play with 5-2" in str(diagnostic)


def test_refusing_a_legal_play_is_an_error():
    text = PAGE.replace("refuse: 13/7", "refuse: 24/13")
    _, report = check(text)
    assert ["is a legal play with 6-5" in d.message for d in report.diagnostics] == [True]


def test_broken_yaml_and_unknown_fields_point_into_the_page():
    text = PAGE.replace("show: plays", "shw: plays").replace("dice: [6, 5]", "dice: [6, 5")
    _, report = check(text)
    messages = [str(d) for d in report.sorted()]
    assert messages[0] == "page.md:9:1: error: unknown field 'shw': did you mean 'show'?"
    # At the '[' left open (line 16), not where YAML noticed it (the line after).
    assert messages[1].startswith("page.md:16:7:") and "'[' here is not closed" in messages[1]


def test_a_fence_that_lists_plays_needs_dice():
    text = "```board\nvariant: portes\nposition: {start: true}\nshow: plays\n```\n"
    _, report = check(text)
    assert [str(d) for d in report.diagnostics] == [
        "page.md:4:7: error: 'show' needs the roll: add 'dice: [6, 3]'"
    ]


def test_refusing_a_play_that_does_not_fit_the_roll_is_an_error_not_an_empty_reason():
    text = PAGE.replace("refuse: 13/7", "refuse: 13/10 6/3")
    _, report = check(text)
    (diagnostic,) = report.diagnostics
    assert diagnostic.line == 18 and "refuse: 13/10 6/3" in diagnostic.message
    assert "6-5" in diagnostic.message or "3 and 3" in diagnostic.message
