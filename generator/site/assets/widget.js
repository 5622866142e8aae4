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
// What a turn is and what a step does is widget-core.js's (tested in Node, tests/widget/js);
// this file wires it to the page: the board's clicks and keys, the messages, the progress.
//
// A classic script, not an ES module (a browser runs no module script in a site opened from
// disk, file://), loaded deferred after widget-core.js, widget-board.js and widget-answers.js;
// they share window.TabulaWidget. (The body of the function below is not indented, as if it
// were a module.)

(() => {
"use strict";

// The turn, the board and the answer forms, from widget-core.js, widget-board.js and
// widget-answers.js (loaded first). Without them, or run a second time, the widget stays out of
// the way: the page still shows the puzzle and its solution.
const shared = window.TabulaWidget;
if (!shared?.BoardView || !shared.answerForm || shared.started) return;
shared.started = true;
const { BAR, OFF, BoardView, Turn, answerForm, capitalized, fill, formHint, judgeAnswer, keyboardRows, parsePlace, placeName } = shared;

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

// The lesson the learner is in, in this tab (sessionStorage), written by practice.js.
const LESSON = "tabula.lesson";

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

/**
 * ``words`` filled with ``values``, where ``values[name]`` is a sentence of its own (the
 * engine's reason): joined after a colon it reads on as a clause, its first letter lowercase
 * ("...ходить нельзя: пункт 1 закрыт"); after a full stop (the Russian "Ход 13/7 недопустим.
 * {reason}") it stays a sentence.
 */
function fillJoined(words, values, name) {
  const sentence = String(values[name]);
  const clause = words.includes(`: {${name}}`) ? sentence.charAt(0).toLocaleLowerCase() + sentence.slice(1) : sentence;
  return fill(words, { ...values, [name]: clause });
}

// How far (in CSS pixels) a press must move to become a drag: less is a click or a tap.
const DRAG_START = 6;

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// The widget -----------------------------------------------------------------------------------

class Puzzle {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.words = data.words;
    this.turn = new Turn(data);
    this.playable = data.task === "play" && Boolean(data.graph);
    this.status = root.querySelector('[role="status"]');
    const holder = root.querySelector(".tabula-board");
    this.holder = holder;
    this.svg = holder.querySelector("svg");
    this.view = new BoardView(this.svg, data.geometry);
    this.hasBar = Boolean(this.svg.querySelector('.board [data-point="bar"]'));
    this.rows = keyboardRows(this.view, this.hasBar);
    this.cursor = null;
    this.form = null; // the answer form, when it is answered on the board
    this.build();
    this.reset(false);
    this.view.movable(this.board);
    this.form?.ready();
    // The solution's fold-out is for pages read without JavaScript; here the "Show the
    // solution" button opens it, so it waits out of sight rather than appear twice.
    const details = this.solutionDetails();
    if (details && !details.open) details.hidden = true;
    if (solvedIds().has(data.id)) this.say(this.words.solved_before);
    else if (this.playable) this.say(this.words.how_play);
  }

  get board() {
    return this.turn.board;
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
    this.buttons = buttons;

    if (this.playable) {
      this.button("undo", w.undo, () => this.undo());
      this.button("reset", w.reset, () => this.reset(true));
      this.button("done", w.done, () => this.done()).classList.add("md-button--primary");
      // Free play (a rules page's board to try) has no answer to hint at or show.
      if (!this.data.free) this.button("hint", w.hint, () => this.hint());
    } else if (kind === "play") {
      this.say(fill(w.too_big, { count: this.data.too_big }));
    } else {
      this.form = answerForm(this, answers);
      // A form's hint beside its Check (or its choices): the panel stays short.
      if (this.data.hints?.length) this.button("hint", w.hint, () => this.hint(), answers);
    }
    if (!this.data.free) this.button("solution", w.solution, () => this.showSolution());
    const next = this.following();
    if (next) {
      const link = document.createElement("a");
      link.className = "md-button tw-next";
      link.href = `../${encodeURIComponent(next)}/`;
      link.textContent = w.next;
      buttons.appendChild(link);
    }
    const progress = this.paragraph("tw-progress");
    this.badge = document.createElement("span");
    this.badge.className = "tw-badge";
    this.badge.textContent = `✓ ${w.solved_badge}`;
    progress.appendChild(this.badge);
    this.button("clear", w.clear, () => this.clearProgress(), progress);
    progress.hidden = Boolean(this.data.free); // a board to try is no puzzle to remember
    this.showBadge();

    // The board: click or tap a place; with the keyboard, move a cursor between places.
    if (this.playable || this.form) {
      this.root.classList.add("tw-interactive");
      this.svg.addEventListener("click", (event) => this.onClick(event));
      if (this.playable) {
        this.svg.addEventListener("pointerdown", (event) => this.onPointerDown(event));
        // A finger that lands on one of the mover's checkers drags it rather than scroll the
        // page (Chrome honours no touch-action inside an SVG, so the touch is cancelled).
        const onChecker = (event) => event.target.classList?.contains("tw-movable");
        this.svg.addEventListener("touchstart", (event) => onChecker(event) && event.preventDefault(), { passive: false });
      }
      const desc = this.svg.querySelector(":scope > desc");
      if (desc) {
        desc.id = `tw-desc-${this.data.id}`;
        this.holder.setAttribute("aria-describedby", desc.id);
      }
      this.holder.tabIndex = 0;
      this.holder.setAttribute("role", "application");
      this.holder.setAttribute("aria-label", this.playable ? w.board_help : w.board_help_ticks);
      this.holder.addEventListener("keydown", (event) => this.onKey(event));
      this.holder.addEventListener("blur", () => this.view.cursor(null));
    }
  }

  button(name, text, action, parent = this.buttons) {
    const node = document.createElement("button");
    node.type = "button";
    node.className = `md-button tw-${name}`;
    node.textContent = text;
    node.addEventListener("click", action);
    parent.appendChild(node);
    return node;
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
    if (this.data.free) {
      this.root.dataset.solved = "yes";
      return;
    }
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

  /** The puzzle to offer next: the lesson's next when the learner is in a lesson that has
   * this puzzle (the lesson whose page they opened a puzzle from, in this tab: practice.js
   * remembers it under LESSON in sessionStorage); else the page's own. */
  following() {
    let lesson = null;
    try {
      lesson = window.sessionStorage.getItem(LESSON);
    } catch {
      // storage blocked: no lesson remembered
    }
    const inLesson = this.data.lesson_next ?? {};
    if (lesson && Object.hasOwn(inLesson, lesson)) return inLesson[lesson];
    return this.data.next;
  }

  /** Tells the page (practice.js) how the puzzle went: solved, or missed (a wrong answer, a
   * play that is not the answer, the solution shown). */
  outcome(solved) {
    if (this.data.free) return;
    this.root.dispatchEvent(new CustomEvent("tabula:outcome", { bubbles: true, detail: { id: this.data.id, solved } }));
  }

  showSolution() {
    this.outcome(false);
    const details = this.solutionDetails();
    if (details) {
      details.hidden = false;
      details.open = true;
    }
    if (this.playable) {
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

  /** An answer form's answer ``given``, judged by its kind of task (widget-answers.js): right,
   *  or wrong with the engine's message for it. */
  answered(given) {
    const why = judgeAnswer(this.data, given);
    const right = why === null;
    this.root.dataset.verdict = right ? "right" : "wrong";
    this.outcome(right);
    if (right) {
      this.solved();
      // The answer goes on after the colon as the server wrote it: in lowercase but for a
      // name ("Right: yes, the turn passes", "Right: White wins..."). (It may end a sentence
      // of its own: the message adds the full stop.)
      const answer = this.data.answer_text.replace(/\.$/, "");
      this.say(fill(this.words.right, { answer }) + this.explanation());
    } else {
      this.say(why ? fill(this.words.wrong_why, { why }) : this.words.wrong);
    }
  }

  // Mouse and keyboard ----------------------------------------------------------------------

  onClick(event) {
    if (this.dragEnded) {
      this.dragEnded = false; // the click that ends a drag: the drop has played the step
      return;
    }
    const target = event.target.closest("[data-point]");
    const place = target && this.svg.contains(target) ? parsePlace(target.getAttribute("data-point")) : null;
    // A tap on no place (the caption, the frame of a game without a bar) says what to tap.
    if (place === null) return this.say(this.playable ? this.words.how_play : this.words.tick_hint);
    this.tap(place);
  }

  /** A place clicked, tapped or dropped on: the keyboard's cursor follows it. */
  tap(place) {
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
    } else if (event.key === "Backspace" && this.playable) {
      event.preventDefault();
      this.undo();
    } else if (event.key === "Escape" && this.turn.selected !== null) {
      event.preventDefault();
      this.unselect(true);
    }
  }

  /**
   * A checker dragged to its destination does what a click on it and a click on the
   * destination do: pressing on one of the mover's checkers and moving picks it (unless it is
   * picked already), letting go over a place plays the step there. A press that does not move
   * is left to the click.
   */
  onPointerDown(event) {
    // A new press: a drag's own click, had it come, came before it (none comes when the drag
    // ended outside the board), so the next click is the reader's.
    this.dragEnded = false;
    if (event.button !== 0 || !event.isPrimary) return;
    const place = this.view.placeAt(event.clientX, event.clientY);
    if (place === null || place === OFF || !this.board.mover[place]) return;
    const press = { place, x: event.clientX, y: event.clientY, dragging: false, touch: event.pointerType === "touch" };
    const move = (e) => {
      if (e.pointerId !== event.pointerId) return;
      if (!press.dragging) {
        if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_START) return;
        if (this.turn.selected !== place) this.activate(place);
        if (this.turn.selected !== place) return end(); // it cannot move: the message says why
        press.dragging = true;
        this.view.drag(this.board, place, e.clientX, e.clientY);
      }
      e.preventDefault();
      this.view.dragTo(e.clientX, e.clientY);
    };
    const end = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      const up = e?.type === "pointerup";
      if (!press.dragging) {
        // A finger on a checker sends no click (its touchstart was cancelled): a tap.
        if (press.touch && up) this.tap(place);
        return;
      }
      this.view.stopDrag();
      // The click that follows this pointerup (if any) is part of the drag.
      this.dragEnded = true;
      const to = up ? this.view.placeAt(e.clientX, e.clientY) : null;
      if (to !== null && to !== place) this.tap(to); // else put down where it was: still picked
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
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
    if (this.form) return this.form.point;
    if (mover[BAR]) return BAR;
    for (let point = 24; point >= 1; point -= 1) if (mover[point]) return point;
    return OFF;
  }

  activate(place) {
    this.view.clearMarks("tw-refused");
    if (this.form) this.form.activate(place);
    else this.pick(place);
  }

  // A play, step by step: the turn (widget-core.js) says what happened, this shows it --------

  reset(announce) {
    this.turn.reset();
    this.playing = null;
    delete this.root.dataset.verdict;
    delete this.root.dataset.selected;
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
    const { dice } = this.turn;
    if (!dice.length) this.diceLine.textContent = w.no_dice_left;
    else if (this.turn.complete) this.diceLine.textContent = w.turn_over;
    else this.diceLine.textContent = fill(w.dice_left, { dice: dice.join(", ") });
    this.view.dice(this.data.dice, dice);
    this.root.dataset.state = String(this.turn.state);
  }

  pick(place) {
    const w = this.words;
    const happened = this.turn.pick(place);
    switch (happened?.kind) {
      case "picked":
      case "stuck":
      case "over":
        return this.showPicked(happened);
      case "put back":
        return this.unselect(true);
      case "no checker":
        if (place === BAR) return this.say(w.bar_empty);
        if (place === OFF) return this.say(w.pick_first);
        return this.say(fill(w.no_checker, { point: place }));
      case "stepped":
        return this.showStep(happened);
      case "refused":
        return this.refuse(happened.from, happened.to, happened.text, happened.mark);
      case "no such die":
        return this.refuse(happened.from, happened.to, fill(w.die_not_available, { die: happened.die }), happened.to);
      case "unreachable":
        return this.say(fill(w.unreachable, { dice: this.turn.dice.join(", ") }));
      default:
        return undefined; // no graph: nothing to play
    }
  }

  select(place) {
    this.showPicked(this.turn.select(place));
  }

  /** A checker picked (its destinations ringed), or why it cannot move (the places marked). */
  showPicked(happened) {
    const w = this.words;
    this.view.clearMarks();
    if (happened.kind === "picked") {
      const { place, open } = happened;
      this.root.dataset.selected = placeName(place);
      this.view.source(this.board, place);
      for (const { to } of open) this.view.destination(this.board, to);
      const places = open.map(({ to, die }) => fill(w.destination, { place: this.placeWords(to), die }));
      this.say(fill(w.picked, { place: this.placeWords(place), places: places.join("; ") }));
      return;
    }
    delete this.root.dataset.selected;
    if (happened.kind === "over") return this.say(w.over);
    const { place, reasons, marks } = happened;
    for (const mark of marks) this.view.mark(this.board, mark);
    this.say(fillJoined(w.picked_stuck, { place: this.placeWords(place), reasons: reasons.join(" ") }, "reasons"), placeName(marks[0]));
  }

  unselect(announce) {
    this.turn.unselect();
    delete this.root.dataset.selected;
    this.view.clearMarks();
    if (announce) this.say(this.words.unpicked);
  }

  refuse(from, to, text, mark) {
    const play = `${placeName(from)}/${placeName(to)}`;
    this.say(fillJoined(this.words.refused, { play, reason: text }, "reason"), placeName(mark));
    this.view.mark(this.board, mark);
  }

  /** A step played: the checker glides, and a play that ends here is judged. */
  showStep({ from, to, notation, before, board, complete }, { quiet = false } = {}) {
    delete this.root.dataset.verdict;
    this.unselect(false);
    this.showDice();
    if (reducedMotion()) {
      this.view.draw(board);
    } else {
      this.view.draw(before);
      this.hideTop(before, from);
      this.view.glide(this.view.top(before, from), this.view.landing(before, to), () => this.view.draw(board));
    }
    this.drawn = true;
    if (!quiet) this.say(fill(this.words.played, { step: notation }));
    if (complete) this.judge(quiet);
  }

  hideTop(board, place) {
    const group = this.svg.querySelector(`:scope > g.checker.mover[data-point="${placeName(place)}"]:not(.pinned)`);
    const circles = group ? group.querySelectorAll("circle") : [];
    const last = circles[circles.length - 1];
    if (last && board.mover[place] <= (place === BAR ? this.data.geometry.bar_stack : this.data.geometry.stack)) last.style.opacity = "0";
  }

  judge(quiet) {
    const w = this.words;
    const play = this.turn.play;
    const explain = this.explanation();
    if (this.turn.solved) {
      this.root.dataset.verdict = "accepted";
      if (!quiet) {
        this.outcome(true);
        this.solved();
        this.say(fill(w.accepted, { play }) + explain);
      }
    } else {
      this.root.dataset.verdict = "legal";
      if (!quiet) this.outcome(false);
      // Not the teacher's explanation, which would give the answer away: what the answer does
      // better, as the engine found it.
      const why = this.turn.whyNot();
      this.say(fill(w.not_answer, { play }) + (why ? ` ${why}` : ""));
    }
  }

  undo() {
    if (!this.turn.undo()) return;
    delete this.root.dataset.verdict;
    this.unselect(false);
    this.view.draw(this.board);
    this.showDice();
    this.say(this.words.undone);
  }

  done() {
    if (this.turn.complete) return this.judge(false);
    const { dice } = this.turn;
    const left = fill(this.words.unfinished[Math.min(dice.length, 4) - 1], { dice: dice.join(", ") });
    this.root.dataset.verdict = "unfinished";
    this.say(`${left} ${this.turn.unfinished()}`);
  }

  /** Graded hints: the rule at stake, then the checker to move, then the step; once the
   *  turn has moved on, the next hint starts at the checker (the rule is said once). A form's
   *  hints are the page's, worked out by the engine, one a press. */
  hint() {
    const w = this.words;
    if (!this.playable) {
      const hint = formHint(this.data.hints, this.hintLevel ?? 0, w);
      this.hintLevel = hint.next;
      return this.say(hint.text);
    }
    if (this.turn.complete) return this.say(w.over);
    if (this.hintState !== this.turn.state) {
      this.hintLevel = Math.min(this.hintLevel ?? 0, 1);
      this.hintState = this.turn.state;
    }
    const hint = this.turn.hintAt(this.hintLevel);
    if (!hint) return this.say(w.no_answer_from_here);
    this.hintLevel += 1;
    if (hint.kind === "rule") return this.say(fill(w.hint_rule, { rule: hint.rule }));
    const { source, to } = hint.step;
    if (hint.kind === "checker") return this.say(fill(w.hint_checker, { place: this.placeWords(source) }));
    this.select(source);
    this.say(fill(w.hint_step, { step: `${placeName(source)}/${placeName(to)}` }));
  }

  playSolution() {
    this.reset(false);
    this.view.draw(this.board);
    this.drawn = true;
    const { play, steps: path } = this.turn.solution();
    this.say(fill(this.words.solution_play, { play }));
    const token = {};
    this.playing = token;
    const next = (index) => {
      if (this.playing !== token || index >= path.length) return;
      const { source, die } = path[index];
      this.showStep(this.turn.step(source, die), { quiet: true });
      if (reducedMotion()) next(index + 1);
      else setTimeout(() => next(index + 1), 420);
    };
    next(0);
  }
}

// Every page ---------------------------------------------------------------------------------


/**
 * Each puzzle's board no taller than the window below the puzzle's top, beside its panel
 * (widget.css): where the puzzle starts on the page (the title above it may take two lines)
 * and the board's proportions.
 */
function fitBoards() {
  for (const root of document.querySelectorAll(".tabula-puzzle.tw-ready")) {
    const box = root.querySelector(".tabula-board svg")?.viewBox.baseVal;
    if (box?.height) root.style.setProperty("--tw-aspect", (box.width / box.height).toFixed(4));
    // A puzzle page's board fits the window below the puzzle's top; a board to try, further
    // down a rules page, keeps the stylesheet's default.
    if (root.classList.contains("tabula-try")) continue;
    root.style.setProperty("--tw-top", `${Math.round(root.getBoundingClientRect().top + window.scrollY)}px`);
  }
}

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
    new Puzzle(root, data);
  }
  fitBoards();
  showTicks();
}

window.addEventListener("resize", fitBoards);

if (window.document$) window.document$.subscribe(setUp);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
else setUp();

// For the browser tests and the curious: the ids of solved puzzles.
window.tabulaSolved = () => [...solvedIds()];
// For the practice and progress pages (practice.js): the same store.
shared.progress = { solvedIds, saveSolved };
})();
