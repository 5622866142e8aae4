// Tabula's referee board: any position of any game, any roll, and the engine rules on each step.
//
// The rules engine itself (generator/engine, pure Python) answers, under Pyodide, from the
// site's own files (generator/site/referee.py puts them in assets/referee/): this script knows
// no rule. It draws the board the engine's answer describes, sends each click to the engine
// (assets/referee/referee_bridge.py in the engine's zip) and shows what it says, in the page's
// words. The board and its controls are drawn at once, from the opening position the build
// put in the page (template.tr-opening); Pyodide is loaded only here, on the reader's first use
// of the board (a pointer, a key or the focus inside it) or at once when the link's fragment
// carries a position, and once per visit (Material's instant navigation keeps it for the next
// visit of the page). What the reader does while it loads is done when it has loaded.
//
// DOM contract (DESIGN.md): the root is .tabula-referee; every clickable place has data-point
// (the mover's point number, "bar" or "off"); messages go to the role="status" element; the
// root carries data-ready="true" once the engine answers.
//
// A classic script, not an ES module: the page loads it itself (no other page does).

(() => {
"use strict";

const HERE = document.currentScript ? new URL(".", document.currentScript.src).href : null;
if (window.TabulaReferee) {
  window.TabulaReferee.setUp();
  return;
}
const SVG = "http://www.w3.org/2000/svg";
const BAR = 25;
const OFF = 0;

// The engine, once per visit ----------------------------------------------------------------

let engine = null;

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error("missing"));
    document.head.appendChild(script);
  });
}

/** The engine's ``ask`` (a promise), Pyodide loaded on first use; ``stage`` hears progress. */
function startEngine(base, stage) {
  if (engine) return engine;
  engine = (async () => {
    if (typeof WebAssembly !== "object" || location.protocol === "file:") throw new Error("browser");
    stage("python");
    performance.mark("tabula-referee:python");
    // The engine's zip is fetched while Pyodide starts.
    const zip = fetch(`${base}engine.zip`).then((response) => {
      if (!response.ok) throw new Error("missing");
      return response.arrayBuffer();
    });
    zip.catch(() => {});
    await loadScript(`${base}pyodide/pyodide.js`);
    const pyodide = await window.loadPyodide({ indexURL: `${base}pyodide/`, fullStdLib: false });
    stage("engine");
    performance.mark("tabula-referee:engine");
    pyodide.unpackArchive(await zip, "zip", { extractDir: "/tabula" });
    pyodide.runPython("import sys\nsys.path.insert(0, '/tabula')");
    const bridge = pyodide.pyimport("referee_bridge");
    performance.mark("tabula-referee:ready");
    return {
      catalog: (lang) => bridge.use_catalog(lang === "en" ? undefined : `/tabula/locale/${lang}.mo`),
      ask: (request) => JSON.parse(bridge.ask(JSON.stringify(request))),
    };
  })();
  engine.catch(() => { engine = null; });
  return engine;
}

// Drawing ------------------------------------------------------------------------------------

const W = 40; // a point's width
const R = 17; // a checker's radius
const HALF = 180; // a point's length
const TOP = 24;
const BOTTOM = TOP + 2 * HALF + 40;
const TRAY = 10 + 13 * W + 10;

function node(name, attributes, parent) {
  const made = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
  if (parent) parent.appendChild(made);
  return made;
}

/** Where a point's column is: its left edge, and whether it hangs from the top. */
function column(point) {
  const top = point >= 13;
  const index = top ? point - 13 : 12 - point;
  return [10 + index * W + (index >= 6 ? W : 0), top];
}

function checker(group, x, y, side, extra = "") {
  node("circle", { cx: x, cy: y, r: R, class: `tr-checker tr-${side} ${extra}`.trim() }, group);
}

function stack(group, x, base, way, pieces) {
  // pieces: the side of each checker from the point's edge outwards; five are drawn, a number
  // says how many more
  pieces.slice(0, 5).forEach((piece, i) => {
    checker(group, x, base + way * (R + 2 + i * (2 * R + 1)), piece.side, piece.pinned ? "tr-pinned" : "");
  });
  if (pieces.length > 5) {
    const y = base + way * (R + 2 + 4 * (2 * R + 1));
    node("text", { x, y: y + 5, class: "tr-count" }, group).textContent = String(pieces.length);
  }
}

function place(svg, point, label) {
  const group = node("g", { "data-point": point, role: "button", tabindex: 0, "aria-label": label, class: "tr-place" }, svg);
  return group;
}

function drawBoard(svg, state, words, marks) {
  svg.replaceChildren();
  node("rect", { x: 5, y: 5, width: TRAY + W + 5, height: BOTTOM + 19, class: "tr-frame" }, svg);
  const moverPinned = new Set(state.moverPinned);
  const opponentPinned = new Set(state.opponentPinned);
  for (let point = 1; point <= 24; point++) {
    const [x, top] = column(point);
    const group = place(svg, point, words.point.replace("{point}", point));
    node("rect", { x, y: top ? TOP : TOP + HALF + 40, width: W, height: HALF, class: "tr-hit" }, group);
    const tip = top ? TOP + HALF - 10 : TOP + HALF + 50;
    const base = top ? TOP : BOTTOM;
    node("polygon", { points: `${x + 1},${base} ${x + W - 1},${base} ${x + W / 2},${tip}`, class: `tr-point tr-point-${point % 2}` }, group);
    node("text", { x: x + W / 2, y: top ? TOP - 8 : BOTTOM + 16, class: "tr-number" }, group).textContent = String(point);
    const pieces = [];
    if (moverPinned.has(point)) pieces.push({ side: "mover", pinned: true });
    if (opponentPinned.has(point)) pieces.push({ side: "opponent", pinned: true });
    const mover = state.mover[point] - (moverPinned.has(point) ? 1 : 0);
    const opponent = state.opponent[point] - (opponentPinned.has(point) ? 1 : 0);
    for (let i = 0; i < mover; i++) pieces.push({ side: "mover" });
    for (let i = 0; i < opponent; i++) pieces.push({ side: "opponent" });
    stack(group, x + W / 2, base, top ? 1 : -1, pieces);
    mark(group, point, marks);
  }
  // The bar is a place only in the games that have one
  const bar = state.bar ? place(svg, "bar", words.bar) : node("g", {}, svg);
  const barX = 10 + 6 * W;
  node("rect", { x: barX, y: TOP, width: W, height: BOTTOM - TOP, class: "tr-bar" }, bar);
  const atBar = (n, side) => Array.from({ length: n }, () => ({ side }));
  stack(bar, barX + W / 2, TOP + HALF + 20, 1, atBar(state.mover[BAR], "mover"));
  stack(bar, barX + W / 2, TOP + HALF + 20, -1, atBar(state.opponent[BAR], "opponent"));
  mark(bar, "bar", marks);
  const off = place(svg, "off", words.off);
  node("rect", { x: TRAY, y: TOP, width: W, height: BOTTOM - TOP, class: "tr-tray" }, off);
  for (const [side, counts, y] of [["mover", state.mover, BOTTOM - 30], ["opponent", state.opponent, TOP + 30]]) {
    if (!counts[OFF]) continue;
    node("rect", { x: TRAY + 4, y: y - 10, width: W - 8, height: 20, class: `tr-checker tr-${side}` }, off);
    node("text", { x: TRAY + W / 2, y: y + 5, class: `tr-count tr-on-${side}` }, off).textContent = String(counts[OFF]);
  }
  mark(off, "off", marks);
}

function mark(group, point, marks) {
  const key = String(point);
  if (marks.selected === key) group.classList.add("tr-selected");
  if (marks.movable.has(key)) group.classList.add("tr-movable");
}

// One referee board --------------------------------------------------------------------------

const placeNumber = (name) => (name === "bar" ? BAR : name === "off" ? OFF : Number(name));

class Referee {
  constructor(root, words, opening) {
    this.root = root;
    this.words = words;
    this.lang = root.closest("[lang]")?.getAttribute("lang") || document.documentElement.lang || "en";
    this.find = (name) => root.querySelector(`.tr-${name}`);
    this.svg = this.find("board");
    this.status = root.querySelector('[role="status"]');
    this.state = null;
    this.selected = null;
    this.ask = null;
    this.pending = []; // what the reader did while the engine loaded
    this.wire();
    this.state = opening;
    this.show(opening);
    const wanted = new URLSearchParams(location.hash.slice(1)).has("position");
    if (wanted || engine) this.start();
    else this.startOnFirstUse();
  }

  /** Start the engine on the reader's first pointer, key or focus inside the board. */
  startOnFirstUse() {
    const events = ["pointerdown", "keydown", "focusin"];
    const first = () => {
      for (const name of events) this.root.removeEventListener(name, first, true);
      this.start();
    };
    for (const name of events) this.root.addEventListener(name, first, true);
  }

  say(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  async start() {
    const progress = this.find("progress");
    const stages = { python: this.words.loadingPython, engine: this.words.loadingEngine };
    progress.hidden = false;
    const t0 = performance.now();
    try {
      const found = await startEngine(HERE, (stage) => this.say(stages[stage]));
      found.catalog(this.lang);
      this.ask = (request) => {
        found.catalog(this.lang);
        return found.ask(request);
      };
    } catch (error) {
      console.warn("Tabula's referee: the engine did not start:", error);
      progress.hidden = true;
      this.find("controls").hidden = true;
      const why = error.message === "missing" ? this.words.missing : this.words.cannotStart;
      this.find("failed").hidden = false;
      this.find("failed-why").textContent = why;
      this.say(why, "refused");
      this.root.dataset.ready = "false";
      return;
    }
    progress.hidden = true;
    this.say(this.words.ready);
    this.fromFragment();
    for (const request of this.pending.splice(0)) this.send(request);
    this.root.dataset.ready = "true";
    this.root.dataset.loadMs = String(Math.round(performance.now() - t0));
  }

  /** Ask the engine, draw its answer; the error, else its message, goes to the status. */
  send(request) {
    if (!this.ask) {
      this.pending.push(request);
      return null;
    }
    const state = this.ask(request);
    this.state = state;
    this.selected = null;
    this.show(state);
    const words = this.words;
    if (state.error) this.say(state.error, "refused");
    else if (state.done && state.kind !== "refused") this.say(words.complete.replace("{play}", state.play), "accepted");
    else if (state.kind === "accepted") this.say(words.accepted.replace("{step}", state.message), "accepted");
    else if (state.message) this.say(state.message, state.kind);
    else if (state.passes) this.say(words.passes);
    else if (state.unfinished) this.say(state.unfinished, "refused");
    this.toFragment();
    return state;
  }

  show(state) {
    const movable = new Set((state.legal || []).map((step) => step.split("/")[0]));
    const marks = { selected: this.selected, movable: this.setupMode() ? new Set() : movable };
    drawBoard(this.svg, state, this.words, marks);
    const game = state.rules === "default" ? state.game : `${state.game}:${state.rules}`;
    this.find("game").value = game;
    this.find("pin-tool").hidden = !state.pins;
    this.find("problem").textContent = state.problem || "";
    this.find("problem").hidden = !state.problem;
    this.find("pips").textContent = state.pips
      ? this.words.pips.replace("{mover}", state.pips[0]).replace("{opponent}", state.pips[1])
      : "";
    if (state.dice) {
      this.find("die1").value = String(state.dice[0]);
      this.find("die2").value = String(state.dice[1]);
    }
    const dice = this.find("dice");
    dice.replaceChildren();
    for (const die of new Set(state.left || [])) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "md-button tr-die";
      button.dataset.die = String(die);
      button.textContent = this.words.playDie.replace("{die}", die);
      button.disabled = this.selected === null;
      dice.appendChild(button);
    }
    const played = this.find("played");
    played.textContent = state.played.length ? this.words.played.replace("{steps}", state.played.join(" ")) : "";
    this.find("plays").replaceChildren();
    const copies = { xgid: state.xgid, text: state.text, yaml: state.text ? this.yaml(state) : null };
    for (const [name, value] of Object.entries(copies)) {
      const field = this.find(`copy-${name}`);
      field.value = value || "";
      field.closest(".tr-copy").hidden = !value;
    }
    this.find("copy-link").value = location.href.split("#")[0] + this.fragment();
  }

  setupMode() {
    return this.root.querySelector('input[name="tr-mode"]:checked')?.value !== "play";
  }

  yaml(state) {
    const dice = state.dice ? `[${state.dice.join(", ")}]` : "[6, 5]";
    const rules = state.rules === "default" ? "" : `rules: ${state.rules}\n`;
    const answer = state.done ? `[${state.play}]` : "any";
    return (
      `id: new-${state.game}-puzzle\nvariant: ${state.game}\n${rules}` +
      `title: {en: A new puzzle, ru: Новая задача}\nlevel: 1\ntags: []\n` +
      `position: {text: "${state.text}"}\ndice: ${dice}\ntask: play\n` +
      `prompt:\n  en: White to play ${dice.slice(1, -1).replace(", ", "-")}.\n` +
      `  ru: Белые играют ${dice.slice(1, -1).replace(", ", "-")}.\nanswer: ${answer}\n`
    );
  }

  fragment() {
    const state = this.state;
    if (!state || !state.text) return "";
    const parts = [`game=${state.game}`];
    if (state.rules !== "default") parts.push(`rules=${state.rules}`);
    parts.push(`position=${encodeURIComponent(this.setupText())}`);
    if (state.dice) parts.push(`dice=${state.dice.join("-")}`);
    return `#${parts.join("&")}`;
  }

  /** The position before this turn's steps (the fragment restores the turn from it). */
  setupText() {
    return this.startText ?? this.state.text;
  }

  toFragment() {
    if (this.state && !this.state.played.length) this.startText = this.state.text;
    const fragment = this.fragment();
    if (fragment) history.replaceState(history.state, "", fragment);
  }

  fromFragment() {
    const found = new URLSearchParams(location.hash.slice(1));
    const game = found.get("game") || "backgammon";
    this.send({ do: "game", game, rules: found.get("rules"), start: !found.get("position") });
    if (found.get("position")) this.send({ do: "paste", text: found.get("position") });
    const dice = (found.get("dice") || "").match(/^([1-6])-([1-6])$/);
    if (dice) {
      this.send({ do: "dice", dice: [Number(dice[1]), Number(dice[2])] });
      this.mode("play");
    }
  }

  mode(name) {
    this.root.querySelector(`input[name="tr-mode"][value="${name}"]`).checked = true;
    if (this.state) this.show(this.state);
  }

  // What the reader does

  wire() {
    const on = (name, event, handler) => this.find(name).addEventListener(event, handler);
    on("game", "change", (event) => {
      const [game, rules] = event.target.value.split(":");
      this.startText = null;
      this.send({ do: "game", game, rules: rules || null });
    });
    on("start", "click", () => this.send({ do: "start" }));
    on("empty", "click", () => { this.mode("setup"); this.send({ do: "empty" }); });
    on("paste-button", "click", () => this.send({ do: "paste", text: this.find("paste").value }));
    on("set-dice", "click", () => this.setDice(Number(this.find("die1").value), Number(this.find("die2").value)));
    on("roll", "click", () => this.setDice(1 + Math.floor(Math.random() * 6), 1 + Math.floor(Math.random() * 6)));
    on("undo", "click", () => this.send({ do: "undo" }));
    on("reset", "click", () => this.send({ do: "reset" }));
    on("next", "click", () => { this.startText = null; this.send({ do: "next" }); });
    on("list", "click", () => this.listPlays());
    on("dice", "click", (event) => {
      const die = event.target.closest("[data-die]");
      if (die && this.selected !== null) this.step(this.selected, Number(die.dataset.die));
    });
    for (const radio of this.root.querySelectorAll('input[name="tr-mode"]')) {
      radio.addEventListener("change", () => this.mode(radio.value));
    }
    for (const button of this.root.querySelectorAll("[data-copy]")) {
      button.addEventListener("click", () => {
        const field = this.find(`copy-${button.dataset.copy}`);
        field.select();
        navigator.clipboard?.writeText(field.value).catch(() => {});
        this.say(this.words.copied);
      });
    }
    this.svg.addEventListener("click", (event) => this.click(event.target.closest("[data-point]")));
    this.svg.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      this.click(event.target.closest("[data-point]"));
    });
  }

  setDice(first, second) {
    this.send({ do: "dice", dice: [first, second] });
    this.mode("play");
  }

  click(target) {
    if (!target || !this.state) return;
    const point = target.dataset.point;
    if (this.setupMode()) {
      const tool = this.root.querySelector('input[name="tr-tool"]:checked')?.value || "add";
      this.send({ do: "edit", tool, place: point });
      return;
    }
    if (!this.state.dice) {
      this.say(this.words.rollFirst);
      return;
    }
    const counts = this.state.mover;
    if (this.selected === null || (point !== "off" && counts[placeNumber(point)] && point !== this.selected)) {
      if (point === "off" || !counts[placeNumber(point)]) {
        this.say(this.words.noChecker.replace("{point}", point));
        return;
      }
      this.selected = point;
      const dice = new Set(this.state.left);
      if (dice.size === 1) this.step(point, [...dice][0]);
      else {
        this.show(this.state);
        this.say(this.words.chooseDie.replace("{point}", point));
      }
      return;
    }
    if (point === this.selected) {
      this.selected = null;
      this.show(this.state);
      return;
    }
    // A landing place: the die that covers the distance (to bear off, the engine decides
    // whether a higher one may)
    const distance = placeNumber(this.selected) - placeNumber(point);
    const left = [...new Set(this.state.left)].sort((a, b) => a - b);
    const die = left.find((d) => d === distance) ?? (point === "off" ? left.find((d) => d > distance) : undefined);
    if (die === undefined) {
      this.say(this.words.noDie.replace("{from}", this.selected).replace("{to}", point));
      return;
    }
    this.step(this.selected, die);
  }

  step(source, die) {
    this.send({ do: "step", source, die });
  }

  listPlays() {
    const state = this.send({ do: "reset", plays: true });
    const list = this.find("plays");
    list.replaceChildren();
    if (!state || !state.plays) return;
    this.say(this.words.plays.replace("{count}", state.plays.length));
    for (const play of state.plays) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tr-play";
      button.textContent = play;
      button.addEventListener("click", () => this.send({ do: "play", play }));
      item.appendChild(button);
      list.appendChild(item);
    }
  }
}

function setUp() {
  for (const root of document.querySelectorAll(".tabula-referee")) {
    if (root.dataset.trSetUp) continue;
    const holder = root.querySelector("template.tr-words");
    if (!holder) continue;
    root.dataset.trSetUp = "yes";
    const opening = JSON.parse(root.querySelector("template.tr-opening").content.textContent);
    root.referee = new Referee(root, JSON.parse(holder.content.textContent), opening);
  }
}

window.TabulaReferee = { setUp, startEngine: () => startEngine(HERE, () => {}) };
if (window.document$) window.document$.subscribe(setUp);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
else setUp();
})();
