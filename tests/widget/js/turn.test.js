// The widget's core (generator/site/assets/widget-core.js) on its own, in Node: picking a
// checker, its destinations, refused steps and why, undo, a play completed and judged, doubles,
// hits and pins, the last checker borne off with one die. The puzzles are the engine's, as
// their pages carry them (puzzles.json, written by `.venv/bin/python -m tests.widget.js_fixtures`).
//
//   node --test tests/widget/js/*.test.js

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../../generator/site/assets/widget-core.js");
const puzzles = require("./puzzles.json");

const { BAR, OFF, Turn } = core;

/** The puzzles played on the board (those with a graph of partial plays), by id. */
const played = Object.fromEntries(Object.entries(puzzles).filter(([, data]) => data.graph));

function turnOf(id) {
  assert.ok(puzzles[id], `no puzzle ${id} in puzzles.json`);
  return new Turn(puzzles[id]);
}

/** Picks the checker on ``from`` and moves it to ``to``: what the second touch did. */
function move(turn, from, to) {
  const picked = turn.pick(from);
  assert.equal(picked.kind, "picked", `${from} cannot be picked: ${JSON.stringify(picked)}`);
  return turn.pick(to);
}

test("a checker is picked with the places it can reach, the higher die first", () => {
  const turn = turnOf("js-hit");
  const picked = turn.pick(24);
  assert.deepEqual(picked, { kind: "picked", place: 24, open: [{ to: 18, die: 6 }, { to: 23, die: 1 }] });
  assert.equal(turn.selected, 24);
  // 13/12 lands on the opponent's point: only the 6 moves that checker.
  assert.deepEqual(turn.pick(13).open, [{ to: 7, die: 6 }], "another checker is picked instead");
  assert.equal(turn.selected, 13);
  assert.deepEqual(turn.pick(13), { kind: "put back", place: 13 });
  assert.equal(turn.selected, null);
});

test("touching a place without a checker of the mover's picks nothing", () => {
  const turn = turnOf("js-hit");
  for (const place of [20, 12, BAR, OFF]) assert.deepEqual(turn.pick(place), { kind: "no checker", place });
  assert.equal(turn.selected, null);
});

test("a refused step carries the engine's words and the place they are about", () => {
  const turn = turnOf("js-hit");
  const refused = move(turn, 13, 12);
  assert.equal(refused.kind, "refused");
  assert.equal(refused.from, 13);
  assert.equal(refused.to, 12);
  assert.equal(refused.mark, 12, "the closed point is marked");
  assert.match(refused.text, /12-point/);
  assert.equal(turn.state, 0, "a refused step moves nothing");
  assert.equal(turn.selected, 13, "the checker stays picked");
  // A distance no die left has, and one no single die covers.
  assert.deepEqual(turn.pick(9), { kind: "no such die", from: 13, to: 9, die: 4 });
  assert.deepEqual(turn.pick(1), { kind: "unreachable", from: 13, to: 1 });
});

test("a step that would leave no legal play is refused with the engine's example", () => {
  const turn = turnOf("js-bear-off");
  const refused = move(turn, 3, OFF);
  assert.equal(refused.kind, "refused");
  assert.equal(refused.mark, 5, "the checker standing higher is marked");
  assert.doesNotMatch(refused.text, /\{play\}/);
});

test("a step that hits sends the opposing checker to the bar, and undo brings it back", () => {
  const turn = turnOf("js-hit");
  const start = turn.board;
  const stepped = move(turn, 13, 7);
  assert.equal(stepped.kind, "stepped");
  assert.equal(stepped.notation, "13/7*");
  assert.equal(stepped.complete, false);
  assert.equal(turn.board.opponent[7], 0);
  assert.equal(turn.board.opponent[BAR], 1);
  assert.equal(turn.board.mover[13], 4);
  assert.equal(turn.board.mover[7], 1);
  assert.deepEqual(turn.dice, [1]);
  assert.equal(stepped.before, start);
  assert.ok(turn.undo());
  assert.deepEqual(turn.board, start);
  assert.deepEqual(turn.dice, [6, 1]);
  assert.equal(turn.state, 0);
  assert.equal(turn.undo(), false, "nothing left to take back");
});

test("a step onto a point the mover has just made hits nothing", () => {
  const turn = turnOf("js-hit");
  move(turn, 13, 7);
  const second = move(turn, 8, 7);
  assert.equal(second.notation, "8/7");
  assert.equal(turn.board.opponent[BAR], 1, "the checker was hit once");
  assert.equal(turn.board.mover[7], 2);
});

test("a play is complete and judged where the engine's play ends", () => {
  const turn = turnOf("js-hit");
  move(turn, 13, 7);
  assert.equal(turn.complete, false);
  assert.equal(turn.play, null);
  const why = turn.unfinished();
  assert.match(why, /both must be/);
  assert.doesNotMatch(why, /\{play\}/);
  assert.ok(puzzles["js-hit"].plays.some((play) => why.includes(play)), why);
  const last = move(turn, 8, 7);
  assert.equal(last.complete, true);
  assert.equal(turn.complete, true);
  assert.equal(turn.unfinished(), null);
  assert.equal(turn.play, "13/7* 8/7");
  assert.equal(turn.solved, true);
  // Another legal play is complete too, but does not solve the puzzle.
  turn.reset();
  move(turn, 24, 18);
  move(turn, 24, 23);
  assert.equal(turn.play, "24/18 24/23");
  assert.equal(turn.solved, false);
});

test("a double is played in four steps, in any order", () => {
  const turn = turnOf("js-double");
  assert.deepEqual(turn.dice, [3, 3, 3, 3]);
  for (const [from, to] of [[13, 10], [8, 5], [13, 10]]) move(turn, from, to);
  assert.deepEqual(turn.dice, [3]);
  assert.equal(turn.complete, false);
  assert.match(turn.unfinished(), /4 dice can be played/);
  move(turn, 8, 5);
  assert.equal(turn.play, "13/10(2) 8/5(2)");
  assert.equal(turn.solved, true);
  assert.deepEqual(turn.pick(10), { kind: "over" }, "no die is left to move a checker");
  // The same steps in another order meet in the same state.
  const other = turnOf("js-double");
  for (const [from, to] of [[8, 5], [13, 10], [8, 5], [13, 10]]) move(other, from, to);
  assert.equal(other.state, turn.state);
  turn.reset();
  for (const [from, to] of [[13, 10], [13, 10], [6, 3], [6, 3]]) move(turn, from, to);
  assert.equal(turn.play, "13/10(2) 6/3(2)");
  assert.equal(turn.solved, false);
});

test("a checker that cannot move says why and marks the places", () => {
  const turn = turnOf("js-hit");
  move(turn, 13, 7);
  const stuck = turn.pick(13);
  assert.equal(stuck.kind, "stuck");
  assert.deepEqual(stuck.marks, [12]);
  assert.equal(stuck.reasons.length, 1);
  assert.match(stuck.reasons[0], /12-point/);
  assert.equal(turn.selected, null);
});

test("an oversized die bears off only the highest checker", () => {
  const turn = turnOf("js-bear-off");
  assert.deepEqual(turn.pick(5).open, [{ to: OFF, die: 6 }, { to: 3, die: 2 }]);
  const off = turn.pick(OFF);
  assert.equal(off.notation, "5/off");
  assert.equal(off.die, 6);
  assert.equal(turn.board.mover[OFF], 10);
  move(turn, 5, 3);
  assert.equal(turn.play, "5/off 5/3");
  assert.equal(turn.solved, true);
});

test("the last checker borne off with one die ends the play: it counts as every die", () => {
  const turn = turnOf("js-last-checker");
  assert.deepEqual(turn.pick(3).open, [{ to: OFF, die: 6 }, { to: OFF, die: 5 }]);
  const off = turn.pick(OFF);
  assert.equal(off.die, 5, "of two dice that bear it off, the smaller one is played");
  assert.equal(off.complete, true);
  assert.deepEqual(turn.dice, [6], "the other die is left, unplayed");
  assert.equal(turn.play, "3/off");
  assert.equal(turn.solved, true);
  assert.deepEqual(turn.pick(3), { kind: "no checker", place: 3 });
  // With the other die, the same play.
  turn.undo();
  assert.equal(turn.step(3, 6).complete, true);
  assert.equal(turn.solved, true);
});

test("in Plakoto a step pins the lone checker, and freeing it takes the pinning checker away", () => {
  const turn = turnOf("js-pin");
  const pin = move(turn, 13, 8);
  assert.equal(pin.notation, "13/8^");
  assert.ok(turn.board.opponentPinned.has(8));
  assert.equal(turn.board.opponent[8], 1, "a pinned checker stays where it is");
  assert.equal(turn.board.opponent[BAR], 0);
  assert.equal(move(turn, 10, 8).notation, "10/8", "a second checker on the point pins nothing");
  assert.equal(turn.play, "13/8^ 10/8");
  assert.equal(turn.solved, true);
  turn.undo();
  turn.undo();
  assert.equal(turn.board.opponentPinned.size, 0);
  // The pinning checker moves on: the pinned one is free again.
  move(turn, 13, 8);
  move(turn, 8, 6);
  assert.equal(turn.play, "13/8^/6");
  assert.ok(!turn.board.opponentPinned.has(8));
});

test("the engine's step data, not the board, says which steps hit or pin", () => {
  const data = structuredClone(puzzles["js-hit"]);
  for (const node of data.graph.s) node.splice(4); // no step captures
  const turn = new Turn(data);
  assert.equal(move(turn, 13, 7).notation, "13/7");
  assert.equal(turn.board.opponent[7], 1);
});

test("every legal step captures exactly where it lands on a lone opposing checker", () => {
  for (const [id, data] of Object.entries(played)) {
    const graph = new core.Graph(data);
    const boards = new Map([[0, core.boardFrom(data.board)]]);
    const queue = [0];
    let captures = 0;
    while (queue.length) {
      const index = queue.shift();
      const board = boards.get(index);
      for (const { source, die, to, outcome, capture } of graph.tries(index)) {
        if (outcome < 0) continue;
        const lone = to !== OFF && board.opponent[to] === 1 && board.mover[to] === 0 && !board.opponentPinned.has(to);
        assert.equal(capture, lone ? data.capture : null, `${id}: state ${index}, ${source} with ${die}`);
        if (capture) captures += 1;
        if (!boards.has(outcome)) {
          boards.set(outcome, core.applyStep(board, source, die, capture).board);
          queue.push(outcome);
        }
      }
    }
    assert.equal(boards.size, data.graph.s.length, `${id}: every state is reached`);
    if (id === "js-hit" || id === "js-pin") assert.ok(captures > 0, id);
  }
});

test("the hint and the solution lead to a play that solves the puzzle", () => {
  for (const id of Object.keys(played)) {
    const turn = turnOf(id);
    const { play, steps } = turn.solution();
    assert.equal(play, puzzles[id].plays[puzzles[id].graph.a[0]], "the teacher's first answer");
    assert.ok(steps.length > 0, id);
    for (const { source, die } of steps) assert.equal(turn.step(source, die).kind, "stepped");
    assert.equal(turn.play, play, `${id}: the solution plays the play it names`);
    turn.reset();
    for (let n = 0; !turn.complete; n += 1) {
      assert.ok(n < 4, `${id}: the hints never end`);
      const { source, die } = turn.hint();
      turn.step(source, die);
    }
    assert.equal(turn.solved, true, id);
  }
  const turn = turnOf("js-hit");
  move(turn, 24, 18);
  assert.equal(turn.hint(), null, "from here no answer can be reached");
});

test("each state's dice are the roll minus the dice of the steps that reach it", () => {
  const turn = turnOf("js-double");
  const graph = turn.graph;
  assert.deepEqual(graph.diceAt(0), [3, 3, 3, 3]);
  move(turn, 13, 10);
  move(turn, 8, 5);
  assert.deepEqual(graph.diceAt(turn.state), turn.dice);
  assert.deepEqual(turnOf("js-hit").graph.diceAt(0), [6, 1]);
});

test("words are filled in and places named as the pages write them", () => {
  assert.equal(core.fill("{play} is not allowed: {reason}", { play: "13/7" }), "13/7 is not allowed: {reason}");
  assert.equal(core.capitalized("the bar"), "The bar");
  assert.deepEqual([BAR, OFF, 7].map(core.placeName), ["bar", "off", "7"]);
  assert.deepEqual(["bar", "off", "7", "25", "x"].map(core.parsePlace), [BAR, OFF, 7, null, null]);
  assert.deepEqual(core.rollDice([2, 5]), [5, 2]);
  assert.deepEqual(core.rollDice([4, 4]), [4, 4, 4, 4]);
});

test("without a graph (too many partial plays) the turn plays nothing", () => {
  const data = { ...puzzles["js-hit"], graph: null, too_big: 5000 };
  const turn = new Turn(data);
  assert.equal(turn.pick(13), null);
  assert.equal(turn.complete, false);
});
