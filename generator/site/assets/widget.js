// Tabula's puzzle widget: solve a puzzle on the board and be told why a step is not allowed.
//
// Plain JavaScript, no framework, no network. It knows no rules: each puzzle page carries, in
// <template class="tabula-data">, what the engine worked out (generator/render/widget.py): for a
// "play" puzzle the graph of partial plays with every refusal's words in the page's language,
// for the other kinds the answer; and every word the widget shows. Material's instant
// navigation swaps pages without reloading: document$ emits once per page, and each page's
// puzzles are set up again then. DOM contract (DESIGN.md): the root is .tabula-puzzle with
// data-puzzle-id, places carry data-point, messages go to the role="status" element.
//
// A classic script, not an ES module (a browser runs no module script in a site opened from
// disk, file://), loaded deferred after widget-board.js; the two share window.TabulaWidget.
// (The body of the function below is not indented, as if it were a module.)

(() => {
"use strict";

// The board's parts, from widget-board.js (loaded first). Without them, or run a second time,
// the widget stays out of the way: the page still shows the puzzle and its solution.
const shared = window.TabulaWidget;
if (!shared?.BoardView || shared.started) return;
shared.started = true;
const {
  BAR,
  OFF,
  BoardView,
  applyStep,
  boardFrom,
  destination,
  keyboardRows,
  parsePlace,
  placeName,
} = shared;

// Progress: the ids of solved puzzles, in this browser only --------------------------------
//
// Kept in localStorage under STORE as JSON: a sorted array of puzzle ids. What the store holds
// is not ours to trust (another version of the widget, an extension, a hand edited value): a
// value that is not such an array (not JSON, another shape, other types inside, too long) is
// moved aside under UNREADABLE, never overwritten, and progress starts afresh. Storage may be
// missing, blocked or full: progress is a convenience, so nothing here throws, and what could
// not be written is remembered until the page is left (instant navigation keeps this script).

const STORE = "tabula.solved";
const UNREADABLE = "tabula.solved.unreadable";
const UNREADABLE_SLOTS = 9; // tabula.solved.unreadable, then .2 to .9; the last is reused
// An id as generator/puzzles/load.py allows it: lowercase words joined by hyphens, at most
// MAX_ID_LENGTH characters.
const MAX_ID_LENGTH = 64;
const PUZZLE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_IDS = 10000;
// The longest value MAX_IDS ids can make: longer is not ours, and is not parsed at all.
const MAX_STORED = 2 + MAX_IDS * (MAX_ID_LENGTH + 3);

let unsaved = null; // the ids, when the last save could not be written

function isPuzzleId(id) {
  return typeof id === "string" && id.length <= MAX_ID_LENGTH && PUZZLE_ID.test(id);
}

/** The ids that ``raw`` (the stored text) lists, or null when it is not a list of ids. */
function parseIds(raw) {
  if (typeof raw !== "string" || raw.length > MAX_STORED) return null;
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    return null; // not JSON (or nested too deep for the parser)
  }
  // Every item is looked at once and never recursed into: an array nested 5,000 deep is
  // refused here, before anything sorts or prints it.
  if (!Array.isArray(value) || value.length > MAX_IDS || !value.every(isPuzzleId)) return null;
  return new Set(value);
}

/** The browser's localStorage, or null where reaching it throws (storage blocked). */
function storage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Moves the unreadable ``raw`` out of STORE, keeping it. True when STORE is free now. */
function setAside(store, raw) {
  try {
    let slot = UNREADABLE;
    for (let n = 1; n <= UNREADABLE_SLOTS; n += 1) {
      slot = n === 1 ? UNREADABLE : `${UNREADABLE}.${n}`;
      const kept = store.getItem(slot);
      if (kept === null || kept === raw) break;
    }
    if (store.getItem(slot) !== raw) {
      try {
        store.setItem(slot, raw);
      } catch {
        // No room for a copy (a huge value): taking it out of STORE makes the room.
        store.removeItem(STORE);
        try {
          store.setItem(slot, raw);
        } catch {
          store.setItem(STORE, raw); // nowhere to keep it: it stays where it was
          return false;
        }
      }
    }
    store.removeItem(STORE);
    return true;
  } catch {
    return false;
  }
}

function solvedIds() {
  if (unsaved) return new Set(unsaved);
  const store = storage();
  try {
    const raw = store?.getItem(STORE) ?? null;
    if (raw === null) return new Set();
    const ids = parseIds(raw);
    if (ids) return ids;
    setAside(store, raw);
  } catch {
    // storage blocked: no progress to show
  }
  return new Set();
}

function saveSolved(ids) {
  const list = [...ids].filter(isPuzzleId).sort(); // only what solvedIds reads back
  unsaved = new Set(list); // until it is written
  try {
    const store = storage();
    const raw = store.getItem(STORE);
    // An unreadable value is kept, never overwritten: set aside first, or nothing is written.
    if (raw !== null && !parseIds(raw) && !setAside(store, raw)) return;
    if (list.length) store.setItem(STORE, JSON.stringify(list));
    else store.removeItem(STORE);
    unsaved = null;
  } catch {
    // storage blocked or full: remembered on this page only
  }
}

/** Ticks on every link to a puzzle (lesson and index pages) and on solved puzzles' pages. */
function showTicks() {
  const solved = solvedIds();
  for (const item of document.querySelectorAll("[data-puzzle-id]")) {
    const done = solved.has(item.dataset.puzzleId);
    item.classList.toggle("tabula-solved", done);
    if (done) item.dataset.solved = "";
    else delete item.dataset.solved;
  }
}

// Words --------------------------------------------------------------------------------------

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function capitalized(text) {
  return text ? text[0].toLocaleUpperCase() + text.slice(1) : text;
}

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// The widget -----------------------------------------------------------------------------------

class Puzzle {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.words = data.words;
    this.status = root.querySelector('[role="status"]');
    const holder = root.querySelector(".tabula-board");
    this.holder = holder;
    this.svg = holder.querySelector("svg");
    this.view = new BoardView(this.svg, data.geometry);
    this.hasBar = Boolean(this.svg.querySelector('.board [data-point="bar"]'));
    this.rows = keyboardRows(this.view, this.hasBar);
    this.cursor = null;
    this.ticks = new Set();
    this.build();
    this.reset(false);
    // The solution's fold-out is for pages read without JavaScript; here the "Show the
    // solution" button opens it, so it waits out of sight rather than appear twice.
    const details = this.solutionDetails();
    if (details && !details.open) details.hidden = true;
    if (solvedIds().has(data.id)) this.say(this.words.solved_before);
    else if (data.task === "play" && data.graph) this.say(this.words.how_play);
  }

  // Messages ---------------------------------------------------------------------------------

  say(text, refused = null) {
    // The same words again are announced again: live regions speak changes only.
    if (this.status.textContent === text) this.status.textContent = "";
    this.status.textContent = text;
    if (refused === null) delete this.root.dataset.refused;
    else this.root.dataset.refused = refused;
  }

  announce(text) {
    this.live.textContent = text;
  }

  placeWords(place) {
    const w = this.words;
    if (place === BAR) return w.bar;
    if (place === OFF) return w.off;
    return fill(w.point, { point: place });
  }

  placeLabel(place) {
    const name = this.placeWords(place);
    const { mover, opponent } = this.board;
    let text;
    if (mover[place]) text = fill(this.words.place_mover, { place: name, count: mover[place] });
    else if (place !== OFF && place !== BAR && opponent[place]) text = fill(this.words.place_opponent, { place: name, count: opponent[place] });
    else text = fill(this.words.place_empty, { place: name });
    return capitalized(text);
  }

  // The page's controls ----------------------------------------------------------------------

  build() {
    const w = this.words;
    const kind = this.data.task;
    const controls = document.createElement("div");
    controls.className = "tw-controls";
    controls.setAttribute("role", "group");
    controls.setAttribute("aria-label", w.controls);
    this.controls = controls;
    this.live = document.createElement("div");
    this.live.className = "tw-sr";
    this.live.setAttribute("aria-live", "polite");
    this.status.after(controls); // messages right under the board, the controls below
    this.root.appendChild(this.live);
    this.root.classList.add("tw-ready");

    this.diceLine = this.paragraph("tw-dice");
    const answers = document.createElement("div");
    answers.className = "tw-answer";
    controls.appendChild(answers);
    const buttons = document.createElement("div");
    buttons.className = "tw-buttons";
    controls.appendChild(buttons);
    const button = (name, text, action, parent = buttons) => {
      const node = document.createElement("button");
      node.type = "button";
      node.className = `md-button tw-${name}`;
      node.textContent = text;
      node.addEventListener("click", action);
      parent.appendChild(node);
      return node;
    };
    this.button = button;

    if (kind === "play" && this.data.graph) {
      button("undo", w.undo, () => this.undo());
      button("reset", w.reset, () => this.reset(true));
      button("done", w.done, () => this.done());
      button("hint", w.hint, () => this.hint());
    } else if (kind === "play") {
      this.say(fill(w.too_big, { count: this.data.too_big }));
    } else {
      this.buildAnswer(answers);
    }
    button("solution", w.solution, () => this.showSolution());
    if (this.data.next) {
      const link = document.createElement("a");
      link.className = "md-button tw-next";
      link.href = `../${encodeURIComponent(this.data.next)}/`;
      link.textContent = w.next;
      buttons.appendChild(link);
    }
    const progress = this.paragraph("tw-progress");
    this.badge = document.createElement("span");
    this.badge.className = "tw-badge";
    this.badge.textContent = `✓ ${w.solved_badge}`;
    progress.appendChild(this.badge);
    button("clear", w.clear, () => this.clearProgress(), progress);
    this.showBadge();

    // The board: click or tap a place; with the keyboard, move a cursor between places.
    const interactive = (kind === "play" && this.data.graph) || kind === "destinations";
    if (interactive) {
      this.root.classList.add("tw-interactive");
      this.svg.addEventListener("click", (event) => this.onClick(event));
      const desc = this.svg.querySelector(":scope > desc");
      if (desc) {
        desc.id = `tw-desc-${this.data.id}`;
        this.holder.setAttribute("aria-describedby", desc.id);
      }
      this.holder.tabIndex = 0;
      this.holder.setAttribute("role", "application");
      this.holder.setAttribute("aria-label", kind === "play" ? w.board_help : w.board_help_ticks);
      this.holder.addEventListener("keydown", (event) => this.onKey(event));
      this.holder.addEventListener("blur", () => this.view.cursor(null));
    }
  }

  paragraph(name, parent = this.controls) {
    const node = document.createElement("p");
    node.className = name;
    parent.appendChild(node);
    return node;
  }

  showBadge() {
    this.badge.hidden = !solvedIds().has(this.data.id);
  }

  solved() {
    const ids = solvedIds();
    ids.add(this.data.id);
    saveSolved(ids);
    this.showBadge();
    showTicks();
    this.root.dataset.solved = "yes";
  }

  clearProgress() {
    if (!window.confirm(this.words.clear_confirm)) return;
    saveSolved(new Set());
    this.showBadge();
    showTicks();
    delete this.root.dataset.solved;
    this.say(this.words.cleared);
  }

  showSolution() {
    const details = this.solutionDetails();
    if (details) {
      details.hidden = false;
      details.open = true;
    }
    if (this.data.task === "play" && this.data.graph) {
      this.playSolution();
      return;
    }
    this.say(capitalized(this.data.answer_text) + this.explanation());
  }

  solutionDetails() {
    return this.root.parentNode.querySelector("details.tabula-solution");
  }

  // The teacher's explanation, if the puzzle has one, to follow the answer.
  explanation() {
    return this.data.explain ? ` ${this.data.explain}` : "";
  }

  // Mouse and keyboard ----------------------------------------------------------------------

  onClick(event) {
    const target = event.target.closest("[data-point]");
    if (!target || !this.svg.contains(target)) return;
    const place = parsePlace(target.getAttribute("data-point"));
    if (place === null) return;
    this.cursor = place;
    if (place !== BAR && place !== OFF) this.cursorRow = this.view.isTop(place) ? 0 : 1;
    this.activate(place);
  }

  onKey(event) {
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (event.key in moves) {
      event.preventDefault();
      this.moveCursor(...moves[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (this.cursor === null) this.moveCursor(0, 0);
      else this.activate(this.cursor);
    } else if (event.key === "Backspace" && this.data.task === "play") {
      event.preventDefault();
      this.undo();
    } else if (event.key === "Escape" && this.selected !== null) {
      event.preventDefault();
      this.unselect(true);
    }
  }

  moveCursor(down, right) {
    let row = this.cursorRow ?? 1;
    let place = this.cursor;
    if (place === null) {
      place = this.startPlace();
      row = place !== null && this.view.isTop(place) ? 0 : 1;
    } else {
      if (down) {
        const x = this.view.column(place);
        row = down > 0 ? 1 : 0;
        place = this.rows[row].reduce((best, p) => (Math.abs(this.view.column(p) - x) < Math.abs(this.view.column(best) - x) ? p : best));
      }
      if (right) {
        const list = this.rows[row];
        const index = list.indexOf(place);
        place = list[Math.min(Math.max(index + right, 0), list.length - 1)];
      }
    }
    this.cursorRow = row;
    this.cursor = place;
    this.view.cursor(place, row);
    this.announce(this.placeLabel(place));
  }

  startPlace() {
    const { mover } = this.board;
    if (this.data.task === "destinations") return this.data.answer.point;
    if (mover[BAR]) return BAR;
    for (let point = 24; point >= 1; point -= 1) if (mover[point]) return point;
    return OFF;
  }

  activate(place) {
    this.view.clearMarks("tw-refused");
    if (this.data.task === "destinations") this.tick(place);
    else this.pick(place);
  }

  // A play, step by step ---------------------------------------------------------------------

  get graph() {
    return this.data.graph;
  }

  node(index = this.state) {
    return this.graph.s[index];
  }

  /** The different dice still to play, higher first: the order of each place's outcomes. */
  distinct() {
    return [...new Set(this.dice)].sort((a, b) => b - a);
  }

  /** The outcomes of trying the checker on ``place`` with each die: [{die, outcome}]. */
  tries(place) {
    const flat = this.node()[1] || [];
    const dice = this.distinct();
    for (let i = 0; i < flat.length; i += 1 + dice.length) {
      if (flat[i] === place) return dice.map((die, k) => ({ die, outcome: flat[i + 1 + k] }));
    }
    return [];
  }

  /** The legal play that this state's reasons give as an example. */
  example() {
    const node = this.node();
    return this.data.plays[node[0] >= 0 ? node[0] : node[3]] ?? "";
  }

  reason(outcome) {
    const [words, mark] = this.graph.r[-outcome - 1];
    return { text: fill(words, { play: this.example() }), mark };
  }

  reset(announce) {
    this.board = boardFrom(this.data.board);
    this.dice = this.data.dice ? (this.data.dice[0] === this.data.dice[1] ? Array(4).fill(this.data.dice[0]) : this.data.dice.slice().sort((a, b) => b - a)) : [];
    this.state = 0;
    this.history = [];
    this.selected = null;
    this.judged = false;
    this.playing = null;
    delete this.root.dataset.verdict;
    this.view.clearMarks();
    if (announce || this.drawn) this.view.draw(this.board);
    this.drawn = announce || this.drawn;
    this.showDice();
    if (announce) this.say(this.words.restarted);
  }

  showDice() {
    if (this.data.task !== "play" || !this.data.dice) {
      this.diceLine.hidden = true;
      return;
    }
    const w = this.words;
    if (!this.dice.length) this.diceLine.textContent = w.no_dice_left;
    else if (this.graph && this.node()[0] >= 0) this.diceLine.textContent = w.turn_over;
    else this.diceLine.textContent = fill(w.dice_left, { dice: this.dice.join(", ") });
    this.view.dice(this.data.dice, this.dice);
    this.root.dataset.state = String(this.state);
  }

  pick(place) {
    const w = this.words;
    if (!this.graph) return;
    if (this.selected === null) {
      if (place !== OFF && this.board.mover[place]) return this.select(place);
      if (place === BAR) return this.say(w.bar_empty);
      if (place === OFF) return this.say(w.pick_first);
      return this.say(fill(w.no_checker, { point: place }));
    }
    if (place === this.selected) return this.unselect(true);
    const from = this.selected;
    const candidates = this.tries(from).filter(({ die }) => destination(from, die) === place);
    if (!candidates.length) {
      if (place !== OFF && this.board.mover[place]) return this.select(place);
      const distance = from - place;
      if (place !== OFF && distance >= 1 && distance <= 6) return this.refuse(from, place, fill(w.die_not_available, { die: distance }), place);
      return this.say(fill(w.unreachable, { dice: this.dice.join(", ") }));
    }
    // Bearing off, two dice may take the checker off: the smaller one that is legal.
    candidates.sort((a, b) => a.die - b.die);
    const legal = candidates.find(({ outcome }) => outcome >= 0);
    if (legal) return this.step(from, legal.die, legal.outcome);
    const { text, mark } = this.reason(candidates[0].outcome);
    return this.refuse(from, place, text, this.markedPlace(mark, from, place));
  }

  select(place) {
    const w = this.words;
    this.selected = place;
    this.view.clearMarks();
    const open = [];
    const refused = [];
    const marks = [];
    for (const { die, outcome } of this.tries(place)) {
      const to = destination(place, die);
      if (outcome >= 0) {
        open.push([to, fill(w.destination, { place: this.placeWords(to), die })]);
        continue;
      }
      const { text, mark } = this.reason(outcome);
      if (!refused.includes(text)) refused.push(text);
      marks.push(this.markedPlace(mark, place, to));
    }
    const name = this.placeWords(place);
    if (open.length) {
      this.root.dataset.selected = placeName(place);
      this.view.source(this.board, place);
      for (const [to] of open) this.view.destination(this.board, to);
      this.say(fill(w.picked, { place: name, places: open.map(([, text]) => text).join("; ") }));
      return;
    }
    // Nothing to pick: say why, and mark what the reasons are about.
    this.unselect(false);
    if (!refused.length) return this.say(w.over); // no die left, or a step ended the game
    for (const mark of new Set(marks)) this.view.mark(this.board, mark);
    this.say(fill(w.picked_stuck, { place: name, reasons: refused.join(" ") }), placeName(marks[0]));
  }

  /** The place a reason marks: its own, or the checker tried (-1), or where it lands (-2). */
  markedPlace(mark, from, to) {
    return mark === -1 ? from : mark === -2 ? to : mark;
  }

  unselect(announce) {
    this.selected = null;
    delete this.root.dataset.selected;
    this.view.clearMarks();
    if (announce) this.say(this.words.unpicked);
  }

  refuse(from, to, text, mark) {
    const play = `${placeName(from)}/${placeName(to)}`;
    this.say(fill(this.words.refused, { play, reason: text }), placeName(mark));
    this.view.mark(this.board, mark);
  }

  step(source, die, target, { quiet = false } = {}) {
    const before = this.board;
    const { board, notation, to } = applyStep(before, source, die, this.data.capture);
    this.history.push({ board: before, dice: this.dice, state: this.state, notation });
    this.board = board;
    this.dice = this.dice.slice();
    this.dice.splice(this.dice.indexOf(die), 1);
    this.state = target;
    delete this.root.dataset.verdict;
    this.unselect(false);
    this.showDice();
    if (reducedMotion()) {
      this.view.draw(board);
    } else {
      this.view.draw(before);
      this.hideTop(before, source);
      this.view.glide(this.view.top(before, source), this.view.landing(before, to), () => this.view.draw(board));
    }
    this.drawn = true;
    if (!quiet) this.say(fill(this.words.played, { step: notation }));
    if (this.node()[0] >= 0) this.judge(quiet);
  }

  hideTop(board, place) {
    const group = this.svg.querySelector(`:scope > g.checker.mover[data-point="${placeName(place)}"]:not(.pinned)`);
    const circles = group ? group.querySelectorAll("circle") : [];
    const last = circles[circles.length - 1];
    if (last && board.mover[place] <= (place === BAR ? this.data.geometry.bar_stack : this.data.geometry.stack)) last.style.opacity = "0";
  }

  judge(quiet) {
    const w = this.words;
    const play = this.node()[0];
    const notation = this.data.plays[play];
    this.judged = true;
    const explain = this.explanation();
    if (this.graph.a.includes(play)) {
      this.root.dataset.verdict = "accepted";
      if (!quiet) {
        this.solved();
        this.say(fill(w.accepted, { play: notation }) + explain);
      }
    } else {
      this.root.dataset.verdict = "legal";
      this.say(fill(w.not_answer, { play: notation }) + explain);
    }
  }

  undo() {
    if (!this.history.length) return;
    const last = this.history.pop();
    this.board = last.board;
    this.dice = last.dice;
    this.state = last.state;
    this.judged = false;
    delete this.root.dataset.verdict;
    this.unselect(false);
    this.view.draw(this.board);
    this.showDice();
    this.say(this.words.undone);
  }

  done() {
    const node = this.node();
    if (node[0] >= 0) return this.judge(false);
    const [words] = this.graph.r[node[2]];
    const left = fill(this.words.unfinished[Math.min(this.dice.length, 4) - 1], { dice: this.dice.join(", ") });
    this.root.dataset.verdict = "unfinished";
    this.say(`${left} ${fill(words, { play: this.example() })}`);
  }

  /** The steps from state ``from`` to the nearest state where a solving play ends. */
  pathToAnswer(from) {
    const wanted = new Set(this.graph.a);
    const seen = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
      const index = queue.shift();
      const node = this.graph.s[index];
      if (node[0] >= 0 && wanted.has(node[0])) {
        const steps = [];
        for (let at = index; seen.get(at); at = seen.get(at).from) steps.unshift(seen.get(at));
        return steps;
      }
      const flat = node[1] || [];
      const dice = this.diceAt(index);
      for (let i = 0; i < flat.length; i += 1 + dice.length) {
        dice.forEach((die, k) => {
          const outcome = flat[i + 1 + k];
          if (outcome >= 0 && !seen.has(outcome)) {
            seen.set(outcome, { from: index, source: flat[i], die, target: outcome });
            queue.push(outcome);
          }
        });
      }
    }
    return null;
  }

  /** The different dice still to play in state ``index``, found by walking from the start. */
  diceAt(index) {
    if (!this.diceOf) {
      // Each state's dice: the roll minus the dice of the steps that reach it.
      const start = this.data.dice[0] === this.data.dice[1] ? Array(4).fill(this.data.dice[0]) : this.data.dice.slice();
      this.diceOf = new Map([[0, start]]);
      const queue = [0];
      while (queue.length) {
        const at = queue.shift();
        const dice = this.diceOf.get(at);
        const distinct = [...new Set(dice)].sort((a, b) => b - a);
        const flat = this.graph.s[at][1] || [];
        for (let i = 0; i < flat.length; i += 1 + distinct.length) {
          distinct.forEach((die, k) => {
            const outcome = flat[i + 1 + k];
            if (outcome >= 0 && !this.diceOf.has(outcome)) {
              const left = dice.slice();
              left.splice(left.indexOf(die), 1);
              this.diceOf.set(outcome, left);
              queue.push(outcome);
            }
          });
        }
      }
    }
    return [...new Set(this.diceOf.get(index))].sort((a, b) => b - a);
  }

  hint() {
    const w = this.words;
    if (this.node()[0] >= 0) return this.say(w.over);
    const path = this.pathToAnswer(this.state);
    if (!path) return this.say(w.no_answer_from_here);
    const { source, die } = path[0];
    const to = destination(source, die);
    this.select(source);
    this.say(fill(w.hint_step, { step: `${placeName(source)}/${placeName(to)}` }));
  }

  playSolution() {
    this.reset(false);
    this.view.draw(this.board);
    this.drawn = true;
    const path = this.pathToAnswer(0) || [];
    const play = this.data.plays[this.graph.a[0]];
    this.say(fill(this.words.solution_play, { play }));
    const token = {};
    this.playing = token;
    const next = (index) => {
      if (this.playing !== token || index >= path.length) return;
      const { source, die, target } = path[index];
      this.step(source, die, target, { quiet: true });
      if (reducedMotion()) next(index + 1);
      else setTimeout(() => next(index + 1), 420);
    };
    next(0);
  }

  // The other kinds of task ------------------------------------------------------------------

  buildAnswer(box) {
    const w = this.words;
    const answer = this.data.answer;
    const kind = this.data.task;
    const choose = (pairs, correct) => {
      for (const [value, text] of pairs) {
        this.button(`choice-${value}`, text, () => this.verdict(value === correct), box);
      }
    };
    if (kind === "legal") choose([["yes", w.yes_legal], ["no", w.no_illegal]], answer.legal ? "yes" : "no");
    else if (kind === "pass") choose([["yes", w.yes_pass], ["no", w.no_pass]], answer.passes ? "yes" : "no");
    else if (kind === "count") {
      const input = this.field(box, w.your_answer, "number");
      this.button("check", w.check, () => this.verdict(Number(input.value) === answer.number && input.value !== ""), box);
    } else if (kind === "destinations") {
      this.paragraph("tw-tick-hint", box).textContent = w.tick_hint;
      this.tickLine = this.paragraph("tw-ticked", box);
      this.showTicked();
      this.button("check", w.check, () => {
        const wanted = new Set(answer.places);
        this.verdict(wanted.size === this.ticks.size && [...wanted].every((p) => this.ticks.has(p)));
      }, box);
    } else if (kind === "result") {
      const winners = [["mover", w.mover], ["opponent", w.opponent]];
      if (answer.draw) winners.push(["none", w.nobody]);
      const winner = this.select_(box, w.winner, winners);
      const how = this.select_(box, w.how, answer.kinds);
      const points = this.field(box, w.points, "number");
      this.button("check", w.check, () => this.verdict(
        winner.value === (answer.winner ?? "none") && how.value === answer.kind && Number(points.value) === answer.points,
      ), box);
    } else if (kind === "cube" && answer.action === "take") {
      const values = [2, 4, 8, 16, 32, 64].map((v) => [String(v), String(v)]);
      const value = this.select_(box, w.cube_value, values);
      const owner = this.select_(box, w.cube_owner, [["mover", w.mover], ["opponent", w.opponent]]);
      this.button("check", w.check, () => this.verdict(Number(value.value) === answer.value && owner.value === answer.owner), box);
    } else if (kind === "cube") {
      const points = this.field(box, w.points, "number");
      this.button("check", w.check, () => this.verdict(Number(points.value) === answer.points), box);
    }
  }

  field(box, text, type) {
    const label = document.createElement("label");
    label.className = "tw-field";
    label.append(text, " ");
    const input = document.createElement("input");
    input.type = type;
    input.min = "0";
    input.inputMode = "numeric";
    label.appendChild(input);
    box.appendChild(label);
    return input;
  }

  select_(box, text, options) {
    const label = document.createElement("label");
    label.className = "tw-field";
    label.append(text, " ");
    const select = document.createElement("select");
    for (const [value, words] of options) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = capitalized(words);
      select.appendChild(option);
    }
    label.appendChild(select);
    box.appendChild(label);
    return select;
  }

  verdict(right) {
    this.root.dataset.verdict = right ? "right" : "wrong";
    if (right) {
      this.solved();
      // (The answer may end a sentence of its own: the message adds the full stop.)
      const answer = capitalized(this.data.answer_text).replace(/\.$/, "");
      this.say(fill(this.words.right, { answer }) + this.explanation());
    } else {
      this.say(this.words.wrong);
    }
  }

  tick(place) {
    if (place === BAR) return;
    if (this.ticks.has(place)) this.ticks.delete(place);
    else this.ticks.add(place);
    this.view.clearMarks("tw-tick");
    for (const p of this.ticks) this.view.destination(this.board, p, "tw-tick");
    this.showTicked();
    this.announce(this.tickLine.textContent);
  }

  showTicked() {
    const names = [...this.ticks].sort((a, b) => (a === OFF) - (b === OFF) || b - a).map((p) => this.placeWords(p));
    this.tickLine.textContent = fill(this.words.ticked, { places: names.join(", ") || this.words.nothing });
  }
}

// Every page ---------------------------------------------------------------------------------

function setUp() {
  for (const root of document.querySelectorAll(".tabula-puzzle[data-puzzle-id]")) {
    if (root.dataset.twReady) continue;
    // A <template> holds the data: Material's instant navigation turns a <script> into code.
    const holder = root.querySelector("template.tabula-data");
    if (!holder || !root.querySelector(".tabula-board svg")) continue;
    let data;
    try {
      data = JSON.parse(holder.content.textContent);
    } catch {
      continue; // no data, no widget: the page still shows the puzzle and its solution
    }
    if (!data.words) continue;
    root.dataset.twReady = "yes";
    const puzzle = new Puzzle(root, data);
    if (data.task === "destinations") puzzle.view.source(puzzle.board, data.answer.point);
  }
  showTicks();
}

if (window.document$) window.document$.subscribe(setUp);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
else setUp();

// For the browser tests and the curious: the ids of solved puzzles.
window.tabulaSolved = () => [...solvedIds()];
})();
