// The puzzle widget's core: the graph of partial plays and the turn a learner plays on it. No
// DOM and no words of its own: it says what happened (a checker picked, a step played or
// refused, ...) and widget.js shows it. It knows no rules: the graph is the engine's
// (generator/render/widget.py describes its layout), with every refusal's words in the page's
// language and, for each legal step, whether it hits or pins.
//
// A classic script, not an ES module (a browser runs no module script in a site opened from
// disk, file://). In the browser it runs first (deferred, before widget-board.js and
// widget.js) and puts its parts on window.TabulaWidget; Node loads it as a CommonJS module for
// the unit tests (tests/widget/js). (The body of the function below is not indented, as if it
// were a module.)

(() => {
"use strict";

const BAR = 25;
const OFF = 0;
/** A reason's mark: the checker tried (MARK_TRIED) or where it would land (MARK_LANDING). */
const MARK_TRIED = -1;
const MARK_LANDING = -2;

// Places and boards ---------------------------------------------------------------------------

/** How a place is written in data-point attributes and in notation. */
function placeName(place) {
  return place === BAR ? "bar" : place === OFF ? "off" : String(place);
}

/** The place a data-point attribute names. */
function parsePlace(text) {
  if (text === "bar") return BAR;
  if (text === "off") return OFF;
  const point = Number(text);
  return Number.isInteger(point) && point >= 1 && point <= 24 ? point : null;
}

/** Where a step from ``source`` with ``die`` lands: off at or below zero. */
function destination(source, die) {
  return Math.max(source - die, OFF);
}

/** A board as the widget keeps it: each side's 26 counts and the pinned checkers. */
function boardFrom(data) {
  return {
    mover: data.mover.slice(),
    opponent: data.opponent.slice(),
    moverPinned: new Set(data.mover_pinned),
    opponentPinned: new Set(data.opponent_pinned),
  };
}

function copyBoard(board) {
  return {
    mover: board.mover.slice(),
    opponent: board.opponent.slice(),
    moverPinned: new Set(board.moverPinned),
    opponentPinned: new Set(board.opponentPinned),
  };
}

/**
 * The board after a legal step (the engine said it is legal): the checker moves; ``capture``
 * is what the step does to the opposing checker where it lands, as the engine's step says
 * ("hit": to the bar, "pin": pinned under it, null: nothing); a point whose last captor left
 * frees its pinned checker. Returns the new board, the step's notation and where it landed.
 */
function applyStep(board, source, die, capture) {
  const next = copyBoard(board);
  const to = destination(source, die);
  const { mover, opponent } = next;
  if (capture === "hit") {
    opponent[to] -= 1;
    opponent[BAR] += 1;
  } else if (capture === "pin") {
    next.opponentPinned.add(to);
  }
  mover[source] -= 1;
  mover[to] += 1;
  if (mover[source] === 0) next.opponentPinned.delete(source);
  const mark = capture === "hit" ? "*" : capture === "pin" ? "^" : "";
  return { board: next, notation: `${placeName(source)}/${placeName(to)}${mark}`, to };
}

// Words ---------------------------------------------------------------------------------------

/** ``text`` with each {name} replaced by ``values[name]`` (unknown names are left as they are). */
function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function capitalized(text) {
  return text ? text[0].toLocaleUpperCase() + text.slice(1) : text;
}

// The graph of partial plays ------------------------------------------------------------------

/** The dice a roll gives to play: a double four times, otherwise the higher die first. */
function rollDice(roll) {
  if (!roll) return [];
  return roll[0] === roll[1] ? Array(4).fill(roll[0]) : roll.slice().sort((a, b) => b - a);
}

/** The different dice of ``dice``, higher first: the order of each place's outcomes. */
function distinct(dice) {
  return [...new Set(dice)].sort((a, b) => b - a);
}

function without(dice, die) {
  const left = dice.slice();
  left.splice(left.indexOf(die), 1);
  return left;
}

/** The page's graph (``data.graph``), read: its states, their tries, its reasons. */
class Graph {
  constructor(data) {
    this.states = data.graph.s;
    this.reasons = data.graph.r;
    this.answers = data.graph.a;
    this.plays = data.plays;
    this.capture = data.capture;
    this.roll = data.dice;
    this.diceOf = null; // each state's dice, worked out when first asked
  }

  node(index) {
    return this.states[index];
  }

  /** The play that ends in state ``index`` (its index in the page's plays), or -1. */
  playAt(index) {
    return this.node(index)[0];
  }

  /** The legal play that the reasons of state ``index`` give as an example. */
  example(index) {
    const node = this.node(index);
    return this.plays[node[0] >= 0 ? node[0] : node[3]] ?? "";
  }

  /**
   * Every try of state ``index``: {source, die, to, outcome, capture}. ``outcome`` is the
   * state a legal step leads to, or a refusal (below zero); ``capture`` what the step does
   * where it lands ("hit", "pin" or null).
   */
  tries(index) {
    return this.triesWith(index, this.diceAt(index));
  }

  /** The tries of state ``index`` read with ``dice`` left to play. */
  *triesWith(index, left) {
    const node = this.node(index);
    const flat = node[1] || [];
    const captures = node[4] || [];
    const dice = distinct(left);
    for (let i = 0; i < flat.length; i += 1 + dice.length) {
      for (let k = 0; k < dice.length; k += 1) {
        const source = flat[i];
        const capture = captures.includes(i + 1 + k) ? this.capture : null;
        yield { source, die: dice[k], to: destination(source, dice[k]), outcome: flat[i + 1 + k], capture };
      }
    }
  }

  /** The tries of the checker on ``place`` in state ``index``, higher die first. */
  triesFrom(index, place) {
    return [...this.tries(index)].filter(({ source }) => source === place);
  }

  /**
   * The words of a refusal (an outcome below zero) in state ``index`` and the place they are
   * about, for a step from ``from`` to ``to``.
   */
  reason(index, outcome, from, to) {
    const [words, mark] = this.reasons[-outcome - 1];
    const place = mark === MARK_TRIED ? from : mark === MARK_LANDING ? to : mark;
    return { text: fill(words, { play: this.example(index) }), mark: place };
  }

  /** Why the turn may not end in state ``index`` (one that ends no play). */
  unfinished(index) {
    const [words] = this.reasons[this.node(index)[2]];
    return fill(words, { play: this.example(index) });
  }

  /** The dice still to play in state ``index``: the roll minus the dice of the steps that
   *  reach it (every path to a state plays the same dice). */
  diceAt(index) {
    if (!this.diceOf) {
      this.diceOf = new Map([[0, rollDice(this.roll)]]);
      const queue = [0];
      while (queue.length) {
        const at = queue.shift();
        const dice = this.diceOf.get(at);
        for (const { die, outcome } of this.triesWith(at, dice)) {
          if (outcome >= 0 && !this.diceOf.has(outcome)) {
            this.diceOf.set(outcome, without(dice, die));
            queue.push(outcome);
          }
        }
      }
    }
    return this.diceOf.get(index) ?? [];
  }

  /** The steps ({source, die, to, outcome, capture}) from state ``from`` to the nearest end
   *  of one of the plays ``wanted`` (their indexes; by default those that solve the puzzle),
   *  or null when none can be reached. */
  pathToAnswer(from, wanted = new Set(this.answers)) {
    const came = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
      const index = queue.shift();
      if (wanted.has(this.playAt(index))) {
        const steps = [];
        for (let at = index; came.get(at); at = came.get(at).from) steps.unshift(came.get(at).step);
        return steps;
      }
      for (const step of this.tries(index)) {
        if (step.outcome >= 0 && !came.has(step.outcome)) {
          came.set(step.outcome, { from: index, step });
          queue.push(step.outcome);
        }
      }
    }
    return null;
  }
}

// The turn ------------------------------------------------------------------------------------

/**
 * A turn played step by step on the page's data: the board, the dice left, the state of the
 * graph reached, the steps taken and the checker picked. Each action answers with what
 * happened, as an object whose ``kind`` names it; widget.js says it and draws it.
 */
class Turn {
  constructor(data) {
    this.data = data;
    this.graph = data.graph ? new Graph(data) : null;
    this.reset();
  }

  reset() {
    this.board = boardFrom(this.data.board);
    this.dice = rollDice(this.data.dice);
    this.state = 0;
    this.history = [];
    this.selected = null;
  }

  /** A legal play ends here: the turn may end (no die may be left to play, or none can be). */
  get complete() {
    return Boolean(this.graph) && this.graph.playAt(this.state) >= 0;
  }

  /** The notation of the play that ends here, or null. */
  get play() {
    return this.complete ? this.data.plays[this.graph.playAt(this.state)] : null;
  }

  /** The play that ends here solves the puzzle. */
  get solved() {
    return this.complete && this.graph.answers.includes(this.graph.playAt(this.state));
  }

  tries(place) {
    return this.graph ? this.graph.triesFrom(this.state, place) : [];
  }

  /**
   * The learner touched ``place``: with no checker picked, picks the one there; with one
   * picked, moves it there (or puts it back, or picks another). Answers one of
   * - {kind: "picked", place, open: [{to, die}]}: the checker on ``place`` is picked;
   * - {kind: "stuck", place, reasons, marks}: that checker cannot move, for these reasons
   *   (words), about these places; {kind: "over"}: no die is left to move it;
   * - {kind: "no checker", place}: nothing of the mover's to pick there;
   * - {kind: "put back", place}: the picked checker is put back;
   * - {kind: "stepped", ...}: the step is played (see ``step``);
   * - {kind: "refused", from, to, text, mark}: the step is not allowed, for the reason
   *   ``text`` (the engine's words) about the place ``mark``;
   * - {kind: "no such die", from, to, die}: the step needs a die the roll does not have left;
   * - {kind: "unreachable", from, to}: no single die takes the checker there;
   * or null without a graph.
   */
  pick(place) {
    if (!this.graph) return null;
    const { mover } = this.board;
    if (this.selected === null) {
      if (place !== OFF && mover[place]) return this.select(place);
      return { kind: "no checker", place };
    }
    const from = this.selected;
    if (place === from) {
      this.selected = null;
      return { kind: "put back", place };
    }
    const candidates = this.tries(from).filter(({ to }) => to === place);
    if (!candidates.length) {
      if (place !== OFF && mover[place]) return this.select(place);
      const distance = from - place;
      if (place !== OFF && distance >= 1 && distance <= 6) return { kind: "no such die", from, to: place, die: distance };
      return { kind: "unreachable", from, to: place };
    }
    // Bearing off, two dice may take the checker off: the smaller one that is legal.
    candidates.sort((a, b) => a.die - b.die);
    const legal = candidates.find(({ outcome }) => outcome >= 0);
    if (legal) return this.step(from, legal.die);
    const { text, mark } = this.graph.reason(this.state, candidates[0].outcome, from, place);
    return { kind: "refused", from, to: place, text, mark };
  }

  /** Picks the checker on ``place``: "picked", "stuck" or "over", as ``pick`` says. */
  select(place) {
    const open = [];
    const reasons = [];
    const marks = [];
    for (const { die, to, outcome } of this.tries(place)) {
      if (outcome >= 0) {
        open.push({ to, die });
        continue;
      }
      const { text, mark } = this.graph.reason(this.state, outcome, place, to);
      if (!reasons.includes(text)) reasons.push(text);
      if (!marks.includes(mark)) marks.push(mark);
    }
    if (open.length) {
      this.selected = place;
      return { kind: "picked", place, open };
    }
    this.selected = null;
    if (!reasons.length) return { kind: "over" }; // no die left, or a step ended the game
    return { kind: "stuck", place, reasons, marks };
  }

  unselect() {
    this.selected = null;
  }

  /**
   * Plays the legal step of the checker on ``source`` with ``die``. Answers {kind: "stepped",
   * from, to, die, notation, before, board, complete}, ``before`` and ``board`` the boards
   * before and after it, or null when the step is not a legal one here.
   */
  step(source, die) {
    const found = this.tries(source).find((t) => t.die === die && t.outcome >= 0);
    if (!found) return null;
    const before = this.board;
    const { board, notation, to } = applyStep(before, source, die, found.capture);
    this.history.push({ board: before, dice: this.dice, state: this.state, notation });
    this.board = board;
    this.dice = without(this.dice, die);
    this.state = found.outcome;
    this.selected = null;
    return { kind: "stepped", from: source, to, die, notation, before, board, complete: this.complete };
  }

  /** Takes the last step back; false when there is none. */
  undo() {
    const last = this.history.pop();
    if (!last) return false;
    ({ board: this.board, dice: this.dice, state: this.state } = last);
    this.selected = null;
    return true;
  }

  /** Why the turn may not end yet (the engine's words), or null when it may. */
  unfinished() {
    return this.complete ? null : this.graph.unfinished(this.state);
  }

  /** The next step towards a play that solves the puzzle, or null when none can be reached. */
  hint() {
    return this.graph.pathToAnswer(this.state)?.[0] ?? null;
  }

  /**
   * The hint of ``level`` from here, graded: {kind: "rule", rule} the rule at stake (the page's
   * ``feedback.rule``, when it names one), then {kind: "checker", step} the checker to move,
   * then {kind: "step", step} the step itself (and so on for higher levels); null when no
   * answer can be reached from here.
   */
  hintAt(level) {
    const step = this.hint();
    if (!step) return null;
    const rule = this.data.feedback?.rule;
    const kinds = rule ? ["rule", "checker", "step"] : ["checker", "step"];
    const kind = kinds[Math.min(level, kinds.length - 1)];
    return kind === "rule" ? { kind, rule } : { kind, step };
  }

  /** What the answer does better than the legal play that ends here, in the engine's words
   *  (the page's ``feedback``), or "" when it has none to say (or no play ends here). */
  whyNot() {
    const { why, texts } = this.data.feedback ?? {};
    const number = this.complete && why ? why[this.graph.playAt(this.state)] : -1;
    return number >= 0 ? texts[number] : "";
  }

  /** The solution, the first play that solves the puzzle (in the teacher's order): its
   *  notation and its steps from the start. */
  solution() {
    const play = this.graph.answers[0];
    return { play: this.data.plays[play], steps: this.graph.pathToAnswer(0, new Set([play])) ?? [] };
  }
}

const core = {
  BAR,
  OFF,
  Graph,
  Turn,
  applyStep,
  boardFrom,
  capitalized,
  destination,
  fill,
  parsePlace,
  placeName,
  rollDice,
};

if (typeof module === "object" && module.exports) module.exports = core;
else Object.assign((window.TabulaWidget ??= {}), core);
})();
