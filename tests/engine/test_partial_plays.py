"""The tree of partial plays, as the engine's public API gives it (issue 17): its nodes, each
step's refusal, the destinations from a partial play, the plays below a node; and the turns a
variant keeps.

The widget, the puzzle checks and the drills read the tree through this API only, so what they
rely on is pinned here: every play is a path of nodes that lead to a play and ends on a node that
ends one; a step that leads to no play is refused, with the same reason as ``Turn.refusal``.
"""

from __future__ import annotations

import pytest

from generator.engine import (
    BAR,
    OFF,
    PartialPlay,
    Refusal,
    Step,
    Turn,
    find_variant,
    from_text,
)
from generator.engine.variants import TURNS_KEPT

BACKGAMMON = find_variant("backgammon")
START = BACKGAMMON.start()


def walk(turn: Turn) -> list[PartialPlay]:
    """Every node of the tree, breadth first from the root."""
    order, seen = [turn.root], {id(turn.root)}
    for node in order:
        for child in node.children.values():
            if id(child) not in seen:
                seen.add(id(child))
                order.append(child)
    return order


def board_of(play):
    p = play.position
    return (p.mover, p.opponent, (p.mover_pinned, p.opponent_pinned))


@pytest.mark.parametrize(
    ("variant", "dice"),
    [("backgammon", (6, 5)), ("backgammon", (3, 3)), ("long-nardy", (6, 6)), ("fevga", (5, 2))],
)
def test_the_plays_are_the_paths_to_the_nodes_that_end_a_play(variant, dice):
    turn = find_variant(variant).start().turn(dice)
    ends = {node.board() for node in walk(turn) if node.ends_play}
    assert ends == {board_of(play) for play in turn.plays}
    for play in turn.plays:
        node = turn.root
        for step in play.steps:
            assert node.leads_to_play
            taken = turn.try_step(node, step.source, step.die)
            assert not isinstance(taken, Refusal), (play, step, taken)
            node = taken[1]
        assert node.ends_play and node.leads_to_play
        assert node.used == len(play.steps) and node.board() == board_of(play)


def test_a_node_tells_its_board_dice_left_and_the_steps_on_from_it():
    turn = START.turn((6, 5))
    root = turn.root
    assert root.step is None and root.path() == () and root.used == 0 and root.dice == (6, 5)
    assert not root.ends_play and root.leads_to_play
    after = turn.state_after([(24, 6)])
    assert after.dice == (5,) and after.used == 1 and after.mover[18] == 1
    assert [str(step) for step in after.path()] == ["24/18"]
    assert {str(step) for step in root.children} >= {"24/18", "13/8", "8/2"}
    # 6/1 lands on the opponent's 1-point: the step rules refuse it, so it is no child.
    assert all(step.source != 6 or step.die != 5 for step in root.children)
    assert turn.try_step(root, 6, 5) == Refusal.of("blocked_landing", point=1, count=2)


def test_the_tree_cannot_be_changed_from_outside():
    root = START.turn((6, 5)).root
    step = next(iter(root.children))
    with pytest.raises(TypeError):
        root.children[step] = root  # type: ignore[index]
    with pytest.raises(AttributeError):
        root.leads_to_play = False  # type: ignore[misc]
    with pytest.raises(AttributeError):
        root.ends_play = True  # type: ignore[misc]


def test_each_step_of_the_tree_is_taken_or_refused_as_turn_refusal_says():
    turn = find_variant("long-nardy").start().turn((6, 5))
    for node in walk(turn):
        if not node.leads_to_play:
            continue
        for source in (BAR, *range(24, 0, -1)):
            for die in sorted(set(node.dice)):
                taken = turn.try_step(node, source, die)
                said = turn.refusal(node.path(), source, die)
                if isinstance(taken, Refusal):
                    assert taken == said
                else:
                    assert said is None and taken[1].leads_to_play
                    assert taken[1] is node.children[taken[0]]


def test_a_step_that_leads_to_no_play_is_refused_by_the_must_play_rules():
    # 1.5.1, E6: entering with the 4 leaves the 6 unplayable, though the step rules allow it.
    position = BACKGAMMON.position(mover={"bar": 1, 8: 1}, opponent={15: 2, 2: 2})
    turn = position.turn((6, 4))
    enter = next(child for step, child in turn.root.children.items() if step.die == 4)
    assert not enter.leads_to_play and not enter.ends_play
    taken = turn.try_step(turn.root, BAR, 4)
    assert isinstance(taken, Refusal) and taken.code == "must_use_both"
    assert turn.plays_below(enter) == ()
    assert turn.destinations(BAR) == (19,)  # bar/19 8/4: the 15-point is closed


def test_destinations_follow_one_checker_through_the_legal_plays():
    turn = START.turn((6, 5))
    assert turn.destinations(24) == (18, 13)
    assert turn.destinations(13) == (8, 7, 2)
    assert turn.destinations(6) == ()  # 6/1 is closed, and 6/1 after 6/... is no play
    after = turn.state_after([(24, 6)])
    assert turn.destinations(18, after) == (13,)
    # A checker that may move only once another has entered from the bar.
    text = "bar:1 5:3 4:3 3:2 2:1 / 24:2 23:2 22:3 21:3 20:2 17:2 6:1"
    portes = from_text(find_variant("portes"), text).turn((6, 1))
    assert portes.destinations(5) == (4,)
    home = BACKGAMMON.position(mover={3: 1, 1: 1}, opponent={24: 2}).turn((6, 5))
    assert home.destinations(3) == (OFF,)


def test_the_plays_below_a_node_are_the_plays_that_go_on_from_it():
    turn = START.turn((6, 5))
    assert turn.plays_below(turn.root) == turn.plays
    after = turn.state_after([(24, 6)])
    below = [play.notation for play in turn.plays_below(after)]
    assert below == ["24/18 13/8", "24/18 8/3", "24/18/13"]
    for play in turn.plays:
        assert (play.notation in below) == (Step(24, 18, 6) in play.steps), play


def test_a_variant_keeps_the_turns_asked_of_it_last():
    turn = START.turn((6, 5))
    assert START.turn((6, 5)) is turn
    assert BACKGAMMON.start().turn((6, 5)) is turn  # an equal position is the same question
    assert START.variant.turn(START, [6, 5]) is turn  # dice as a list, as a page reads them
    assert START.turn((5, 6)) is not turn and START.turn((5, 6)).dice == (5, 6)
    assert START.legal_plays((6, 5)) is turn.legal_plays
    for die in range(1, 7):
        for other in range(1, 7):
            for point in range(1, 11):
                BACKGAMMON.position(mover={point: 15}, opponent={24: 2}).turn((die, other))
    assert TURNS_KEPT < 6 * 6 * 10
    assert START.turn((6, 5)) is not turn  # pushed out by the others: the cache is bounded
    assert [p.notation for p in START.turn((6, 5)).plays] == [p.notation for p in turn.plays]
