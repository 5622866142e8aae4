// The puzzle widget's board: redraws the checkers of a server-drawn board SVG, draws the
// widget's marks over it, and knows where each place is for the keyboard. It knows no rules:
// the moves it shows were worked out by the engine (generator/render/widget.py), and its
// numbers come from the page's data (generator/render/layout.py), so the checkers it draws are
// the ones the server would draw.
//
// A classic script, not an ES module: a browser runs no module script in a site opened from
// disk (file://). It runs once, before widget.js (both deferred, in this order), and hands its
// parts to widget.js on the one object the widget's scripts share: window.TabulaWidget. (The
// body of the function below is not indented, as if it were a module.)

(() => {
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const BAR = 25;
const OFF = 0;

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

/** Where a step from ``source`` with ``die`` lands: off at or below zero. */
function destination(source, die) {
  return Math.max(source - die, OFF);
}

/**
 * The board after a legal step (the engine said it is legal): the checker moves; landing
 * where exactly one opposing checker stands and none of the mover's captures it, as the
 * variant captures ("hit": to the bar, "pin": pinned under it); a point whose last captor
 * left frees its pinned checker. Returns the new board and the step's notation.
 */
function applyStep(board, source, die, capture) {
  const next = copyBoard(board);
  const to = destination(source, die);
  const { mover, opponent } = next;
  let mark = "";
  if (to !== OFF && opponent[to] === 1 && mover[to] === 0 && capture) {
    if (capture === "hit") {
      opponent[to] -= 1;
      opponent[BAR] += 1;
      mark = "*";
    } else {
      next.opponentPinned.add(to);
      mark = "^";
    }
  }
  mover[source] -= 1;
  mover[to] += 1;
  if (mover[source] === 0) next.opponentPinned.delete(source);
  return { board: next, notation: `${placeName(source)}/${placeName(to)}${mark}`, to };
}

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** One board SVG of a puzzle page, with the widget's drawing on it. */
class BoardView {
  constructor(svg, geometry) {
    this.svg = svg;
    this.g = geometry;
    this.points = new Map(geometry.points.map((p, i) => [i + 1, p]));
    // The widget's checkers go where the server's were: before what is drawn over them.
    const groups = svg.querySelectorAll(":scope > g.checker");
    const last = groups[groups.length - 1];
    this.anchor = last ? last.nextSibling : svg.querySelector(":scope > g.board").nextSibling;
    this.overlay = element("g", { class: "tw-overlay" }, null);
    svg.appendChild(this.overlay);
    this.ghost = null;
  }

  // Coordinates, as generator/render/layout.py computes them ----------------------------

  slot(point, index, shift = 0) {
    const [x, base, way] = this.points.get(point);
    return [x, base + way * (this.g.r + 2 + shift + Math.round(index * this.g.pitch))];
  }

  barSlot(mover, index) {
    const [x, gapTop, gapBottom] = this.g.bar;
    const offset = 2 + this.g.r + index * this.g.pitch;
    return mover ? [x, gapTop - offset] : [x, gapBottom + offset];
  }

  slabY(mover, index) {
    const [, innerTop, innerBottom] = this.g.tray;
    const [, height, pitch] = this.g.slab;
    return mover ? innerBottom - 3 - height - index * pitch : innerTop + 3 + index * pitch;
  }

  /** The centre of the top checker of a side on ``place`` (or where the first would be). */
  top(board, place, mover = true) {
    const counts = mover ? board.mover : board.opponent;
    const count = counts[place];
    if (place === BAR) return this.barSlot(mover, Math.max(Math.min(count, this.g.bar_stack) - 1, 0));
    if (place === OFF) return [this.g.tray[0], this.slabY(mover, Math.max(count - 1, 0)) + this.g.slab[1] / 2];
    const pins = mover ? board.opponentPinned : board.moverPinned;
    const [shift, room] = pins.has(place) ? [this.g.pin_shift, this.g.stack - 1] : [0, this.g.stack];
    return this.slot(place, Math.max(Math.min(count, room) - 1, 0), shift);
  }

  /** The centre of the slot where one more of the mover's checkers would land. */
  landing(board, place) {
    const count = board.mover[place];
    if (place === OFF) return [this.g.tray[0], this.slabY(true, Math.min(count, 14)) + this.g.slab[1] / 2];
    if (place === BAR) return this.barSlot(true, Math.min(count, this.g.bar_stack - 1));
    const [shift, room] = board.opponentPinned.has(place) ? [this.g.pin_shift, this.g.stack - 1] : [0, this.g.stack];
    return this.slot(place, Math.min(count, room - 1), shift);
  }

  /** The x of a place and whether it is in the top row (the bar and the tray are in both). */
  column(place) {
    if (place === BAR) return this.g.bar[0];
    if (place === OFF) return this.g.tray[0];
    return this.points.get(place)[0];
  }

  isTop(place) {
    return place >= 13 && place <= 24;
  }

  // Checkers -------------------------------------------------------------------------------

  /** Draw ``board``'s checkers in place of the ones shown, as generator/render/svg.py does. */
  draw(board) {
    this.stopGhost();
    for (const group of this.svg.querySelectorAll(":scope > g.checker")) group.remove();
    const fragment = document.createDocumentFragment();
    const { mover, opponent, moverPinned, opponentPinned } = board;
    for (let point = 1; point <= 24; point += 1) {
      if (opponentPinned.has(point)) {
        this.stack(fragment, "opponent", point, 1, 0, true);
        this.stack(fragment, "mover", point, mover[point], this.g.pin_shift);
      } else if (moverPinned.has(point)) {
        this.stack(fragment, "mover", point, 1, 0, true);
        this.stack(fragment, "opponent", point, opponent[point], this.g.pin_shift);
      } else if (mover[point]) {
        this.stack(fragment, "mover", point, mover[point], 0);
      } else if (opponent[point]) {
        this.stack(fragment, "opponent", point, opponent[point], 0);
      }
    }
    for (const [side, counts] of [["mover", mover], ["opponent", opponent]]) {
      if (counts[BAR]) this.barStack(fragment, side, counts[BAR]);
      if (counts[OFF]) this.tray(fragment, side, counts[OFF]);
    }
    this.svg.insertBefore(fragment, this.anchor);
  }

  stack(parent, side, point, count, shift, pinned = false) {
    const group = element(
      "g",
      { class: pinned ? `checker ${side} pinned` : `checker ${side}`, "data-point": point, "data-count": count },
      parent,
    );
    const r = this.g.r;
    const room = shift ? this.g.stack - 1 : this.g.stack;
    const shown = Math.min(count, room);
    for (let index = 0; index < shown; index += 1) {
      const [cx, cy] = this.slot(point, index, shift);
      element("circle", { cx, cy, r }, group);
    }
    if (pinned) {
      const [x, base, way] = this.points.get(point);
      const far = base + way * (2 + this.g.pin_shift + 2 * r + 2);
      const top = Math.min(base + way, far);
      element("rect", { class: "clamp", x: x - r - 3, y: top, width: 2 * r + 6, height: Math.abs(far - base) - 1, rx: r + 3 }, group);
    }
    if (count > shown) {
      const [x, y] = this.slot(point, shown - 1, shift);
      element("text", { x, y }, group).textContent = String(count);
    }
  }

  barStack(parent, side, count) {
    const mover = side === "mover";
    const group = element("g", { class: `checker ${side}`, "data-point": "bar", "data-count": count }, parent);
    const shown = Math.min(count, this.g.bar_stack);
    for (let index = 0; index < shown; index += 1) {
      const [cx, cy] = this.barSlot(mover, index);
      element("circle", { cx, cy, r: this.g.r }, group);
    }
    if (count > shown) {
      const [x, y] = this.barSlot(mover, shown - 1);
      element("text", { x, y }, group).textContent = String(count);
    }
  }

  tray(parent, side, count) {
    const mover = side === "mover";
    const group = element("g", { class: `checker ${side}`, "data-point": "off", "data-count": count }, parent);
    const [width, height] = this.g.slab;
    const [trayX, , , mid] = this.g.tray;
    const x = trayX - Math.floor(width / 2);
    for (let index = 0; index < Math.min(count, 15); index += 1) {
      element("rect", { x, y: this.slabY(mover, index), width, height, rx: 2 }, group);
    }
    const y = mover ? mid + 15 : mid - 15;
    element("rect", { class: "chip", x: trayX - 17, y: y - 13, width: 34, height: 26, rx: 13 }, group);
    element("text", { class: "count", x: trayX, y }, group).textContent = String(count);
  }

  /**
   * A checker gliding from ``start`` to ``end`` over the board before ``after`` is drawn;
   * drawing anything else first ends it at once.
   */
  glide(start, end, after) {
    this.stopGhost();
    const ghost = element("g", { class: "checker mover tw-ghost" }, null);
    element("circle", { cx: start[0], cy: start[1], r: this.g.r }, ghost);
    this.svg.insertBefore(ghost, this.overlay);
    const animation = ghost.animate(
      [{ transform: "translate(0, 0)" }, { transform: `translate(${end[0] - start[0]}px, ${end[1] - start[1]}px)` }],
      { duration: 180, easing: "ease-in-out" },
    );
    this.ghost = { ghost, animation };
    animation.onfinish = () => {
      if (this.ghost && this.ghost.ghost === ghost) after();
    };
  }

  stopGhost() {
    if (!this.ghost) return;
    this.ghost.animation.onfinish = null;
    this.ghost.animation.cancel();
    this.ghost.ghost.remove();
    this.ghost = null;
  }

  // The widget's marks ---------------------------------------------------------------------

  /** Remove the marks of one kind, or all but the keyboard's cursor. */
  clearMarks(kind) {
    for (const mark of [...this.overlay.children]) {
      if (kind ? mark.classList.contains(kind) : !mark.classList.contains("tw-cursor")) mark.remove();
    }
  }

  /** A solid ring round the picked checker. */
  source(board, place) {
    const [cx, cy] = this.top(board, place);
    element("circle", { class: "ring source tw-picked", "data-point": placeName(place), cx, cy, r: this.g.r + 4 }, this.overlay);
  }

  /** A dashed ring with a dot where the picked checker may land. */
  destination(board, place, kind = "tw-target") {
    const [x, y] = this.landing(board, place);
    const group = element("g", { class: `ring destination ${kind}`, "data-point": placeName(place) }, this.overlay);
    element("circle", { cx: x, cy: y, r: this.g.r + 3 }, group);
    element("circle", { class: "dot", cx: x, cy: y, r: 6 }, group);
  }

  /** A target round the top checker of ``place``: the place a refusal is about. */
  mark(board, place) {
    let mover;
    if (board.moverPinned.has(place)) mover = false;
    else if (board.opponentPinned.has(place)) mover = true;
    else mover = Boolean(board.mover[place]) || !board.opponent[place];
    const [x, y] = this.top(board, place, mover);
    const r = this.g.r + 5;
    const t = this.g.r + 11;
    const group = element("g", { class: "mark tw-refused", "data-point": placeName(place) }, this.overlay);
    element("circle", { cx: x, cy: y, r }, group);
    element("path", { d: `M${x} ${y - t}V${y - r}M${x} ${y + r}V${y + t}M${x - t} ${y}H${x - r}M${x + r} ${y}H${x + t}` }, group);
  }

  /** The keyboard's cursor: a frame round the column of a place. */
  cursor(place, row = null) {
    this.clearMarks("tw-cursor");
    if (place === null) return;
    const half = place === BAR ? 22 : place === OFF ? 24 : 20;
    const x = this.column(place);
    const [, innerTop, innerBottom, mid] = this.g.tray;
    let y0 = innerTop;
    let y1 = innerBottom;
    if (place !== BAR && place !== OFF) [y0, y1] = this.isTop(place) ? [innerTop, mid] : [mid, innerBottom];
    const attributes = { class: "tw-cursor", "data-point": placeName(place), x: x - half, y: y0, width: 2 * half, height: y1 - y0, rx: 6 };
    if (row !== null) attributes["data-row"] = row ? "bottom" : "top";
    element("rect", attributes, this.overlay);
  }

  /** The dice still to play look played out when used (not for doubles: two dice show four). */
  dice(roll, left) {
    const group = this.svg.querySelector(":scope > g.die");
    if (!group || roll[0] === roll[1]) return;
    const rects = group.querySelectorAll("rect");
    const pips = group.querySelectorAll("path");
    roll.forEach((value, index) => {
      const used = !left.includes(value);
      rects[index]?.classList.toggle("tw-used", used);
      pips[index]?.classList.toggle("tw-used", used);
    });
  }
}

/**
 * The places in the order the arrow keys visit them: two rows as the board shows them, left
 * to right; the bar and the tray belong to both rows.
 */
function keyboardRows(view, hasBar) {
  const extra = hasBar ? [BAR, OFF] : [OFF];
  const rows = [[], []];
  for (let point = 1; point <= 24; point += 1) rows[view.isTop(point) ? 0 : 1].push(point);
  return rows.map((row) => [...row, ...extra].sort((a, b) => view.column(a) - view.column(b)));
}

Object.assign((window.TabulaWidget ??= {}), {
  BAR,
  BoardView,
  OFF,
  applyStep,
  boardFrom,
  destination,
  keyboardRows,
  parsePlace,
  placeName,
});
})();
