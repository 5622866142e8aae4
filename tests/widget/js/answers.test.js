// The answer forms' judges (generator/site/assets/widget-answers.js) and the play's feedback and
// graded hints (widget-core.js) on their own, in Node: each wrong answer is told the engine's
// message that the page carries for it (its ``feedback``), a right answer nothing. The puzzles
// are the engine's, as their pages carry them (puzzles.json, written by
// `.venv/bin/python -m tests.widget.js_fixtures`).
//
//   node --test tests/widget/js/*.test.js

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { Turn } = require("../../../generator/site/assets/widget-core.js");
const { TASKS, formHint, judgeAnswer } = require("../../../generator/site/assets/widget-answers.js");
const puzzles = require("./puzzles.json");

function data(id) {
  assert.ok(puzzles[id], `no puzzle ${id} in puzzles.json`);
  return puzzles[id];
}

test("every kind of task but play has one entry with a form and a judge", () => {
  assert.deepEqual(Object.keys(TASKS).sort(), ["count", "cube", "destinations", "legal", "pass", "result"]);
  for (const task of Object.values(TASKS)) {
    assert.equal(typeof task.form, "function");
    assert.equal(typeof task.judge, "function");
  }
});

test("a wrong legal? names the rule that refuses the play", () => {
  const page = data("js-legal");
  assert.equal(page.answer.legal, false);
  assert.equal(judgeAnswer(page, "no"), null);
  const told = judgeAnswer(page, "yes");
  assert.equal(told, page.feedback.yes);
  assert.match(told, /a checker cannot land on a point the opponent holds/);
  assert.doesNotMatch(told, /19/, "the message names the rule, not the point that answers it");
});

test("a wrong pass names the rules that refuse every step", () => {
  const page = data("js-pass");
  assert.equal(judgeAnswer(page, "yes"), null);
  const told = judgeAnswer(page, "no");
  assert.equal(told, page.feedback.no);
  assert.match(told, /a checker on the bar enters first/);
});

test("a count too high and too low are told different things", () => {
  const page = data("js-count");
  const { number } = page.answer;
  assert.equal(judgeAnswer(page, String(number)), null);
  assert.equal(judgeAnswer(page, ` ${number} `), null, "spaces around the number do not matter");
  assert.equal(judgeAnswer(page, String(number + 3)), page.feedback.high);
  assert.match(page.feedback.high, /same position are one play/);
  assert.equal(judgeAnswer(page, String(number - 1)), page.feedback.low);
  assert.notEqual(page.feedback.high, page.feedback.low);
  assert.equal(judgeAnswer(page, ""), "", "no number: no message of the engine's");
});

test("a destination ticked wrongly is told why the checker cannot get there, then what is missing", () => {
  const page = data("js-destinations");
  assert.deepEqual(page.answer.places, [18, 13]);
  assert.equal(judgeAnswer(page, [13, 18]), null);
  // 24/19 is blocked: the engine's refusal, the same words a refused step shows.
  assert.equal(judgeAnswer(page, [18, 19]), page.feedback.wrong["19"]);
  assert.match(page.feedback.wrong["19"], /The 19-point is closed/);
  // A ticked place that no die reaches comes before the missing one.
  assert.equal(judgeAnswer(page, [16]), page.feedback.wrong["16"]);
  assert.match(judgeAnswer(page, [24, 18, 13]), /tick only the places it moves to/, "the checker's own point");
  assert.match(page.feedback.wrong["16"], /No die, and no sum of the dice/);
  // Only the 6 ticked: the 11 (6 and 5) is missing, and the message does not name the point.
  assert.equal(judgeAnswer(page, [18]), page.feedback.missed["13"]);
  assert.match(page.feedback.missed["13"], /more than one die/);
  assert.doesNotMatch(page.feedback.missed["13"], /13/);
  assert.equal(judgeAnswer(page, [13]), page.feedback.missed["18"]);
  assert.match(page.feedback.missed["18"], /single die/);
});

test("a wrong result is told the condition that decides the first wrong field", () => {
  const page = data("js-result");
  const right = { winner: "mover", kind: "gammon", points: "8" };
  assert.equal(judgeAnswer(page, right), null);
  assert.equal(judgeAnswer(page, { ...right, winner: "opponent" }), page.feedback.winner);
  assert.equal(judgeAnswer(page, { ...right, kind: "single" }), page.feedback.kind);
  assert.match(page.feedback.kind, /The loser has borne off 0 checkers/);
  assert.equal(judgeAnswer(page, { ...right, points: "2" }), page.feedback.points);
  assert.match(page.feedback.points, /the cube shows 4/);
  assert.equal(judgeAnswer(page, { ...right, kind: "" }), page.feedback.kind, "nothing chosen is wrong");
});

test("a wrong cube answer is told the rule of the cube that decides it", () => {
  const take = data("js-cube-take");
  assert.equal(judgeAnswer(take, { value: "8", owner: "opponent" }), null);
  assert.equal(judgeAnswer(take, { value: "4", owner: "opponent" }), take.feedback.value);
  assert.equal(judgeAnswer(take, { value: "8", owner: "mover" }), take.feedback.owner);
  assert.match(take.feedback.owner, /the player who took it/);
  const drop = data("js-cube-drop");
  assert.equal(judgeAnswer(drop, { points: "2" }), null);
  assert.equal(judgeAnswer(drop, { points: "4" }), drop.feedback.points);
  assert.match(drop.feedback.points, /before the double/);
});

test("a legal play that is not the answer is told what the answer does better", () => {
  const page = data("js-hit");
  const turn = new Turn(page);
  for (const [source, die] of [[24, 6], [24, 1]]) turn.step(source, die);
  assert.equal(turn.play, "24/18 24/23");
  assert.equal(turn.solved, false);
  assert.equal(turn.whyNot(), "The answer hits more of your opponent's checkers.");
  turn.reset();
  for (const [source, die] of [[13, 6], [8, 1]]) turn.step(source, die);
  assert.equal(turn.solved, true);
  assert.equal(turn.whyNot(), "", "the answer itself is told nothing of the kind");
});

test("hints are graded: the rule at stake, then the checker, then the step", () => {
  const page = structuredClone(data("js-hit"));
  const turn = new Turn(page);
  assert.equal(page.feedback.rule, null, "a puzzle filed under no rule starts at the checker");
  assert.equal(turn.hintAt(0).kind, "checker");
  assert.equal(turn.hintAt(1).kind, "step");
  page.feedback.rule = "Hitting";
  const ruled = new Turn(page);
  assert.deepEqual(ruled.hintAt(0), { kind: "rule", rule: "Hitting" });
  const checker = ruled.hintAt(1);
  assert.equal(checker.kind, "checker");
  assert.equal(checker.step.source, 13);
  assert.deepEqual(ruled.hintAt(2), { kind: "step", step: checker.step });
});

test("every form's hints are numbered and graded, one a press, and stay on the last", () => {
  const page = data("js-legal");
  const words = { hint_of: "Hint {number} of {count}." };
  const { hints } = page;
  assert.equal(hints.length, 3);
  let level = 0;
  const said = [];
  for (let press = 0; press < 4; press += 1) {
    const hint = formHint(hints, level, words);
    said.push(hint.text);
    level = hint.next;
  }
  assert.deepEqual(said, [
    `Hint 1 of 3. ${hints[0]}`,
    `Hint 2 of 3. ${hints[1]}`,
    `Hint 3 of 3. ${hints[2]}`,
    `Hint 3 of 3. ${hints[2]}`,
  ]);
  assert.equal(formHint([], 0, words), null);
});

test("a form's hints start with the rule, point to the board, and keep the answer to the last", () => {
  const legal = data("js-legal");
  assert.match(legal.hints[0], /^The rule at stake is “a checker cannot land on a point the opponent holds”\.$/);
  assert.match(legal.hints[1], /^Look at the \d+-point\.$/);
  // What the wrong choice is told gives the verdict away: it comes last, and only there.
  assert.equal(legal.hints.at(-1), legal.feedback.yes);
  const pass = data("js-pass");
  assert.equal(pass.hints.at(-1), Object.values(pass.feedback)[0]);
  assert.ok(!pass.hints.slice(0, -1).includes(pass.hints.at(-1)));
  const destinations = data("js-destinations");
  assert.equal(destinations.hints.at(-1), `The checker can reach ${destinations.answer.places.length} places.`);
  for (const hint of destinations.hints.slice(0, -1)) {
    for (const place of destinations.answer.places) assert.doesNotMatch(hint, new RegExp(`\\b${place}\\b`));
  }
  const count = data("js-count");
  for (const hint of count.hints.slice(0, -1)) assert.doesNotMatch(hint, new RegExp(`\\b${count.answer.number}\\b`));
  for (const id of ["js-cube-take", "js-cube-drop", "js-result"]) {
    const page = data(id);
    // The conditions that decide each field (the page's JSON sorts the fields by name).
    assert.deepEqual([...page.hints].sort(), [...new Set(Object.values(page.feedback))].sort(), id);
  }
});
