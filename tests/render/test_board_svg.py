"""What every board diagram must say and carry, whatever the variant and the options."""

from __future__ import annotations

import collections
import re
import xml.etree.ElementTree as ElementTree

import pytest

from generator.engine import BAR, OFF, VARIANTS, Cube, Step, find_variant, from_text, parse_play
from generator.render import HIGHLIGHT_KINDS, Highlight, board_svg
from generator.render.gallery import Example, gallery

from .helpers import (
    SVG,
    check_stacks_show_their_counts,
    classes,
    data_points,
    drawn_counts,
    expected_counts,
    parse,
    stacks,
)

BACKGAMMON = find_variant("backgammon")
PLAKOTO = find_variant("plakoto")
NARDY = find_variant("long-nardy")
POINTS = {str(point) for point in range(1, 25)}


def x_of(root: ElementTree.Element, point: str) -> float:
    """The centre x of a point's triangle."""
    path = next(
        e for e in root.iter(f"{SVG}path") if "point" in classes(e) and e.get("data-point") == point
    )
    xs = [int(n) for n in re.findall(r"[ML](\d+) ", path.get("d", ""))]
    return sum(xs) / len(xs)


# --- the checkers --------------------------------------------------------------------------


@pytest.mark.parametrize("example", gallery(), ids=lambda example: example.name)
def test_the_board_holds_the_positions_checkers_on_every_place(example: Example) -> None:
    root = parse(example.svg("en"))
    assert drawn_counts(root) == expected_counts(example.position)
    check_stacks_show_their_counts(root)


def test_a_stack_taller_than_five_shows_five_checkers_and_its_count() -> None:
    root = parse(board_svg(NARDY.start()))
    head = next(s for s in stacks(root) if s.side == "mover")
    assert (head.place, head.count, head.circles, head.numbers) == ("24", 15, 5, ("15",))


def test_a_stack_of_five_shows_no_number() -> None:
    root = parse(board_svg(BACKGAMMON.start()))
    six = next(s for s in stacks(root) if s.side == "mover" and s.place == "6")
    assert (six.count, six.circles, six.numbers) == (5, 5, ())


def test_checkers_on_the_bar_and_off_are_drawn_with_their_counts() -> None:
    position = from_text(BACKGAMMON, "bar:2 6:10 / bar:6 19:5")
    root = parse(board_svg(position))
    found = {(s.side, s.place): s for s in stacks(root)}
    assert (found["mover", "bar"].count, found["mover", "bar"].circles) == (2, 2)
    assert (found["opponent", "bar"].circles, found["opponent", "bar"].numbers) == (4, ("6",))
    assert (found["mover", "off"].count, found["mover", "off"].slabs) == (3, 3)
    assert found["opponent", "off"].numbers == ("4",)


def test_a_pinned_checker_lies_under_its_captor_and_is_marked_pinned() -> None:
    position = from_text(PLAKOTO, "24:9 20:1^ 18:2 13:1 7:2 / 20:1 10:2 7:1^ 1:11")
    root = parse(board_svg(position))
    pinned = {(s.side, s.place) for s in stacks(root) if s.pinned}
    assert pinned == {("opponent", "7"), ("mover", "20")}
    order = [(s.side, s.place, s.pinned) for s in stacks(root) if s.place in ("7", "20")]
    # Drawn first, so the captor's checkers cover it.
    assert order == [
        ("opponent", "7", True),
        ("mover", "7", False),
        ("mover", "20", True),
        ("opponent", "20", False),
    ]
    for group in root.iter(f"{SVG}g"):
        if "pinned" in classes(group):
            assert group.find(f"{SVG}rect") is not None, "the clamp: a shape, not only a colour"


# --- the places ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_point_the_tray_and_the_bar_of_a_game_with_one_carry_data_point(key: str) -> None:
    variant = VARIANTS[key]
    root = parse(board_svg(variant.start()))
    expected = POINTS | {"off"} | ({"bar"} if variant.has_bar else set())
    assert data_points(root) == expected
    triangles = [e for e in root.iter(f"{SVG}path") if "point" in classes(e)]
    assert sorted(e.get("data-point", "") for e in triangles) == sorted(POINTS)
    assert [e.get("data-point") for e in root.iter() if "tray" in classes(e)] == ["off"]


def test_the_movers_home_is_bottom_right_and_mirrored_bottom_left() -> None:
    plain = parse(board_svg(BACKGAMMON.start()))
    mirrored = parse(board_svg(BACKGAMMON.start(), mirrored=True))
    assert x_of(plain, "1") > x_of(plain, "6") > x_of(plain, "7") > x_of(plain, "12")
    assert x_of(mirrored, "1") < x_of(mirrored, "6") < x_of(mirrored, "7") < x_of(mirrored, "12")
    assert x_of(plain, "24") == x_of(plain, "1") and x_of(mirrored, "13") == x_of(mirrored, "12")


def numbers(root: ElementTree.Element, other: bool) -> list[str]:
    return [
        e.text or ""
        for e in root.iter(f"{SVG}text")
        if "num" in classes(e) and ("other" in classes(e)) == other
    ]


@pytest.mark.parametrize("key", ["backgammon", "long-nardy"])
def test_both_numbers_add_the_opponents_number_of_every_point(key: str) -> None:
    variant = VARIANTS[key]
    root = parse(board_svg(variant.start(), both_numbers=True))
    assert numbers(root, False) == [str(p) for p in range(1, 25)]
    assert numbers(root, True) == [str(variant.other_numbering(p)) for p in range(1, 25)]
    assert numbers(parse(board_svg(variant.start())), True) == []


def test_the_numbering_is_labelled_as_the_movers() -> None:
    svg = board_svg(BACKGAMMON.start(), lang="ru", both_numbers=True)
    assert ">Ходят светлые (белые); пункты — по их счёту.</text>" in svg
    assert ">Мелкие номера — нумерация соперника.</text>" in svg


# --- dice, cube and annotations --------------------------------------------------------------


def test_dice_are_drawn_in_the_movers_colour_with_their_pips() -> None:
    root = parse(board_svg(BACKGAMMON.start(), dice=(6, 3)))
    dice = [g for g in root.iter(f"{SVG}g") if "die" in classes(g)]
    assert [g.get("data-dice") for g in dice] == ["6-3"]
    pips = [p.get("d", "").count("M") for p in dice[0].iter(f"{SVG}path")]
    assert pips == [6, 3]
    assert 'class="die"' not in board_svg(BACKGAMMON.start())


@pytest.mark.parametrize(
    ("cube", "owner", "shown"),
    [
        (Cube(), "centre", "64"),
        (Cube(2, "opponent"), "opponent", "2"),
        (Cube(8, "mover"), "mover", "8"),
    ],
)
def test_the_cube_shows_its_value_and_owner_and_64_in_the_centre(
    cube: Cube, owner: str, shown: str
) -> None:
    root = parse(board_svg(BACKGAMMON.start(), cube=cube))
    group = next(g for g in root.iter(f"{SVG}g") if "cube" in classes(g))
    assert group.get("data-owner") == owner
    assert [t.text for t in group.iter(f"{SVG}text")] == [shown]


@pytest.mark.parametrize("key", [k for k, v in VARIANTS.items() if not v.has_cube])
def test_a_game_without_a_cube_refuses_one_unless_the_rules_allow_it(key: str) -> None:
    variant = VARIANTS[key]
    if variant.cube_optional:
        assert 'class="cube"' in board_svg(variant.start(), cube=Cube(2, "mover"))
        return
    with pytest.raises(ValueError, match="without a doubling cube"):
        board_svg(variant.start(), cube=Cube())


def arrows(root: ElementTree.Element) -> list[tuple[str, str, str]]:
    return [
        (g.get("data-from", ""), g.get("data-to", ""), (classes(g) - {"arrow"}).pop())
        for g in root.iter(f"{SVG}g")
        if "arrow" in classes(g)
    ]


def test_one_arrow_per_step_and_a_hit_has_its_own_shape() -> None:
    position = from_text(BACKGAMMON, "24:2 13:5 8:3 6:5 / 19:5 17:3 12:4 4:1 1:2")
    play = parse_play(position, (6, 3), "13/7/4*")
    root = parse(board_svg(position, dice=(6, 3), arrows=play.steps))
    assert arrows(root) == [("13", "7", "move"), ("7", "4", "hit")]
    hit = next(g for g in root.iter(f"{SVG}g") if "hit" in classes(g))
    assert [p.get("class") for p in hit.iter(f"{SVG}path")] == ["burst", None, "head"]


def test_a_checker_moving_on_starts_its_next_arrow_where_it_landed() -> None:
    position = from_text(BACKGAMMON, "24:2 13:5 8:3 6:5 / 19:5 17:3 12:4 4:1 1:2")
    steps = parse_play(position, (6, 3), "13/7/4*").steps
    root = parse(board_svg(position, arrows=steps))
    lines = [
        p.get("d", "")
        for g in root.iter(f"{SVG}g")
        if "arrow" in classes(g)
        for p in g.iter(f"{SVG}path")
        if p.get("class") == "head"
    ]
    first_tip = re.match(r"M(\d+) (\d+)", lines[0])
    assert first_tip is not None
    second = next(
        p.get("d", "")
        for g in root.iter(f"{SVG}g")
        if g.get("data-from") == "7"
        for p in g.iter(f"{SVG}path")
        if p.get("class") is None
    )
    # The second arrow leaves the edge of the checker whose centre the first arrow reached.
    x1, y1 = map(int, first_tip.groups())
    x2, y2 = map(int, re.findall(r"^M(\d+) (\d+)", second)[0])
    assert abs(x2 - x1) <= 18 and abs(y2 - y1) <= 18


def test_a_pin_has_its_own_shape() -> None:
    position = from_text(PLAKOTO, "24:10 18:2 13:2 8:1 / 10:2 7:1 1:12")
    play = parse_play(position, (6, 1), "13/7^ 8/7")
    root = parse(board_svg(position, arrows=play.steps))
    assert arrows(root) == [("13", "7", "pin"), ("8", "7", "move")]
    pin = next(g for g in root.iter(f"{SVG}g") if "pin" in classes(g))
    assert pin.find(f"{SVG}path[@class='diamond']") is not None


def test_bearing_off_and_entering_arrows_use_the_tray_and_the_bar() -> None:
    position = from_text(BACKGAMMON, "bar:1 6:14 / 19:15")
    root = parse(board_svg(position, arrows=[Step(BAR, 22, 3), Step(6, OFF, 6)]))
    assert arrows(root) == [("bar", "22", "move"), ("6", "off", "move")]


@pytest.mark.parametrize("kind", HIGHLIGHT_KINDS)
def test_each_highlight_kind_is_drawn_and_named(kind: str) -> None:
    root = parse(board_svg(BACKGAMMON.start(), highlights=[Highlight(8, kind)]))  # type: ignore[arg-type]
    marked = [e for e in root.iter() if kind in classes(e)]
    assert marked and all(e.get("data-point") in ("8", None) for e in marked)


def test_highlight_kinds_differ_in_shape_not_only_in_colour() -> None:
    shapes = {}
    for kind in HIGHLIGHT_KINDS:
        root = parse(board_svg(BACKGAMMON.start(), highlights=[(8, kind)]))
        base = parse(board_svg(BACKGAMMON.start()))
        added = shapes_of(root) - shapes_of(base)
        shapes[kind] = frozenset(added.items())
    assert len(set(shapes.values())) == len(HIGHLIGHT_KINDS), shapes


def shapes_of(root: ElementTree.Element) -> collections.Counter[str]:
    """The elements of a board by tag and the shape of their path (commands only)."""
    counter: collections.Counter[str] = collections.Counter()
    for element in root.iter():
        d = re.sub(r"[-\d. ]+", "", element.get("d", ""))
        counter[f"{element.tag.removeprefix(SVG)}{d}"] += 1
    return counter


def test_a_marked_checker_gets_a_target_on_the_top_checker() -> None:
    root = parse(board_svg(BACKGAMMON.start(), marked=[13, 13]))
    marks = [g for g in root.iter(f"{SVG}g") if "mark" in classes(g)]
    assert [g.get("data-point") for g in marks] == ["13"]


def test_a_label_is_text_never_markup() -> None:
    svg = board_svg(BACKGAMMON.start(), labels={8: "<script>", OFF: 'a"&b'})
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    root = parse(svg)
    labels = {
        g.get("data-point"): g.find(f"{SVG}text")
        for g in root.iter(f"{SVG}g")
        if "label" in classes(g)
    }
    assert {place: text.text for place, text in labels.items() if text is not None} == {
        "8": "<script>",
        "off": 'a"&b',
    }
    assert 'Labels: 8: <script>; off the board: a"&b.' in (root.findtext(f"{SVG}desc") or "")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dice": (7, 1)}, "dice: two numbers 1..6"),
        ({"dice": (3,)}, "dice: two numbers 1..6"),
        ({"highlights": [(26, "destination")]}, "highlights: 26 is not a place"),
        ({"highlights": [(8, "glow")]}, "unknown kind 'glow'"),
        ({"marked": [-1]}, "marked: -1 is not a place"),
        ({"labels": {8: "a label far too long"}}, "at most 16 characters"),
        ({"arrows": [Step(30, 8, 5)]}, "arrows: 30 is not a place"),
        ({"lang": "de"}, "supported languages are: en, ru"),
    ],
)
def test_options_the_picture_cannot_show_are_refused_clearly(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        board_svg(BACKGAMMON.start(), **options)  # type: ignore[arg-type]


def test_a_game_without_a_bar_refuses_annotations_on_the_bar() -> None:
    with pytest.raises(ValueError, match="Long Nardy has no bar"):
        board_svg(NARDY.start(), marked=[BAR])


# --- accessibility and themes ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("key", list(VARIANTS))
def test_the_board_is_an_image_with_a_title_and_a_description_in_its_language(
    key: str, lang: str
) -> None:
    root = parse(board_svg(VARIANTS[key].start(), dice=(4, 2), lang=lang))
    assert root.get("role") == "img" and root.get("lang") == lang
    assert [child.tag for child in root][:2] == [f"{SVG}title", f"{SVG}desc"]
    title, desc = root.findtext(f"{SVG}title") or "", root.findtext(f"{SVG}desc") or ""
    assert title and desc
    cyrillic = bool(re.search("[а-яё]", title + desc))
    assert cyrillic == (lang == "ru")


@pytest.mark.parametrize(
    ("position", "words"),
    [
        ("24:1 6:14 / 19:15", ["1 шашка на пункте 24", "14 шашек на пункте 6"]),
        (
            "24:2 6:3 / 19:5 bar:2",
            ["2 шашки на пункте 24", "3 шашки на пункте 6", "2 шашки на баре"],
        ),
        ("6:5 / 19:15", ["5 шашек на пункте 6", "10 шашек снято"]),
        ("6:14 / 19:14", ["1 шашка снята"]),
        ("6:13 / 19:14", ["2 шашки сняты"]),
        ("6:1 / 19:14 bar:1", ["1 шашка на пункте 6", "14 шашек снято", "1 шашка на баре"]),
    ],
)
def test_the_russian_description_counts_checkers_with_the_right_plural(
    position: str, words: list[str]
) -> None:
    desc = parse(board_svg(from_text(BACKGAMMON, position), lang="ru")).findtext(f"{SVG}desc")
    for word in words:
        assert word in (desc or ""), (word, desc)


def test_the_description_names_heads_pins_dice_cube_and_the_play() -> None:
    nardy = parse(board_svg(NARDY.start(), dice=(6, 6), lang="ru")).findtext(f"{SVG}desc") or ""
    assert "15 шашек на голове (пункт 24)" in nardy and "15 шашек на голове (пункт 12)" in nardy
    assert "Кубики: 6 и 6." in nardy
    pins = from_text(PLAKOTO, "24:9 20:1^ 18:2 13:1 7:2 / 20:1 10:2 7:1^ 1:11")
    plakoto = parse(board_svg(pins)).findtext(f"{SVG}desc") or ""
    assert "a checker pinned on the 20-point" in plakoto
    assert "a checker pinned on the 7-point" in plakoto
    cube = parse(board_svg(BACKGAMMON.start(), cube=Cube(4, "opponent"))).findtext(f"{SVG}desc")
    assert "The doubling cube shows 4 and belongs to dark." in (cube or "")
    position = from_text(BACKGAMMON, "24:2 13:5 8:3 6:5 / 19:5 17:3 12:4 4:1 1:2")
    steps = parse_play(position, (6, 3), "13/7/4*").steps
    played = parse(board_svg(position, arrows=steps)).findtext(f"{SVG}desc") or ""
    assert "Arrows show the play 13/7/4*." in played


def test_the_title_can_be_given() -> None:
    root = parse(board_svg(BACKGAMMON.start(), title="Lesson 1 & 2"))
    assert root.findtext(f"{SVG}title") == "Lesson 1 & 2"


def test_colours_come_from_css_custom_properties_only() -> None:
    svg = board_svg(
        from_text(PLAKOTO, "24:9 20:1^ 18:2 13:1 7:2 / 20:1 10:2 7:1^ 1:11"),
        dice=(5, 5),
        highlights=[(3, "closed"), (4, "block"), (5, "destination"), (13, "source")],
        marked=[24],
        labels={2: "x"},
    )
    style = re.search(r"<style[^>]*>(.*?)</style>", svg, re.S)
    assert style is not None
    body = svg.replace(style.group(0), "")
    assert not re.search(r'\b(fill|stroke|style|color)="', body), "no colour outside the CSS"
    colours = re.findall(r"#[0-9a-fA-F]{3,6}", style.group(1))
    assert len(colours) == len(re.findall(r"var\(--tb-[\w-]+,#", style.group(1)))


def test_the_picture_scales_no_fixed_size_and_no_ids() -> None:
    root = parse(board_svg(BACKGAMMON.start()))
    assert root.get("viewBox", "").startswith("0 0 ")
    assert root.get("width") is None and root.get("height") is None
    assert not [e for e in root.iter() if e.get("id")]


# --- the same bytes for the same input ----------------------------------------------------------


def test_the_same_input_gives_the_same_bytes() -> None:
    position = from_text(BACKGAMMON, "bar:1 24:1 13:5 8:3 6:5 / 19:5 17:3 12:4 4:1 1:2")
    options = {"dice": (6, 3), "cube": Cube(2, "mover"), "labels": {4: "hit"}, "marked": (24,)}
    first = board_svg(position, **options)  # type: ignore[arg-type]
    board_svg(NARDY.start(), mirrored=True, both_numbers=True)  # other looks in between
    assert board_svg(position, **options) == first  # type: ignore[arg-type]


def test_drawing_leaves_its_arguments_alone() -> None:
    position = from_text(BACKGAMMON, "24:2 13:5 8:3 6:5 / 19:5 17:3 12:4 4:1 1:2")
    steps = list(parse_play(position, (6, 3), "13/7/4*").steps)
    labels = {4: "hit"}
    before = (position.mover, position.opponent, list(steps), dict(labels))
    board_svg(position, arrows=steps, labels=labels)
    assert before == (position.mover, position.opponent, steps, labels)


def test_the_fast_markup_is_exactly_svgwrites_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Canvas.tostring writes svgwrite's element tree itself (and reuses the empty board's
    markup); it must give the bytes svgwrite's ElementTree path gives."""
    from generator.render import svg as module

    fast = module.Canvas.tostring
    compared: list[str] = []

    def both(canvas: module.Canvas) -> str:
        text = fast(canvas)
        assert text == canvas.tostring_by_svgwrite()
        compared.append(text)
        return text

    monkeypatch.setattr(module.Canvas, "tostring", both)
    for example in gallery():
        example.svg("ru")
    board_svg(BACKGAMMON.start(), labels={8: '<a b="c">&\t'}, title="x\ny")
    assert len(compared) == len(gallery()) + 1
