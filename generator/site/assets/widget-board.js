// The puzzle widget's board: redraws the checkers of a server-drawn board SVG, draws the
// widget's marks over it, and knows where each place is for the keyboard. It knows no rules:
// the moves it shows were worked out by the engine (generator/render/widget.py), and its
// numbers come from the page's data (generator/render/layout.py), so the checkers it draws are
// the ones the server would draw.
//
// A classic script, not an ES module: a browser runs no module script in a site opened from
// disk (file://). It runs once, after widget-core.js and before widget.js (all deferred, in
// this order), and hands its parts to widget.js on the one object the widget's scripts share:
// window.TabulaWidget. (The body of the function below is not indented, as if it were a
// module.)

(() => {
"use strict";

// The places' names and numbers, from widget-core.js (loaded first). Without them the widget
// stays out of the way: the page still shows the puzzle and its solution.
const core = window.TabulaWidget;
if (!core?.placeName) return;
const { BAR, OFF, parsePlace, placeName } = core;
const SVG = "http://www.w3.org/2000/svg";

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
    this.targets = this.drawTargets();
    this.ghost = null;
    this.dragged = null;
  }

  // What a click, a tap or a drag lands on ------------------------------------------------

  /**
   * The places' targets, over everything drawn: each point's whole column (its half of the
   * board, from the frame's edge to the middle of the gap, numbers included), not its
   * tapering triangle, so that a tap near a tip still lands; the bar (when the game has one)
   * and the tray from top to bottom. Invisible (painted with no opacity, so that they take
   * clicks), and in the DOM contract: each carries ``data-point``.
   */
  drawTargets() {
    const group = element("g", { class: "tw-targets" }, this.svg);
    const [, innerTop, innerBottom, mid] = this.g.tray;
    const width = Math.abs(this.points.get(1)[0] - this.points.get(2)[0]);
    const bottom = innerBottom + innerTop; // the numbers under the board are as far out
    const box = (place, left, right, top, low) =>
      element("rect", { "data-point": placeName(place), x: left, y: top, width: right - left, height: low - top, fill: "#000", "fill-opacity": 0 }, group);
    for (const [point, [x]] of this.points) {
      const [top, low] = this.isTop(point) ? [0, mid] : [mid, bottom];
      box(point, x - width / 2, x + width / 2, top, low);
    }
    if (this.svg.querySelector('.board [data-point="bar"]')) {
      const [left, right] = [this.points.get(6)[0], this.points.get(7)[0]].sort((a, b) => a - b);
      box(BAR, left + width / 2, right - width / 2, 0, bottom);
    }
    const xs = [...this.points.values()].map(([x]) => x);
    const [trayX] = this.g.tray;
    const edge = this.svg.viewBox.baseVal.width;
    if (trayX > Math.max(...xs)) box(OFF, Math.max(...xs) + width / 2, edge, 0, bottom);
    else box(OFF, 0, Math.min(...xs) - width / 2, 0, bottom);
    return group;
  }

  /** The place under a point of the screen, or null (off the board, or on no place). */
  placeAt(clientX, clientY) {
    const hit = document.elementFromPoint(clientX, clientY);
    const target = hit && this.targets.contains(hit) ? hit : null;
    return target ? parsePlace(target.getAttribute("data-point")) : null;
  }

  /** Where the mover's checkers stand: their columns can be dragged from, not scrolled. */
  movable(board) {
    for (const target of this.targets.children) {
      const place = parsePlace(target.getAttribute("data-point"));
      target.classList.toggle("tw-movable", place !== OFF && board.mover[place] > 0);
    }
  }

  /** The board's coordinates of a point of the screen. */
  local(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return [0, 0];
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  /** A checker that follows the pointer while it is dragged from ``place``. */
  drag(board, place, clientX, clientY) {
    this.stopDrag();
    const [x, y] = this.top(board, place);
    const group = element("g", { class: "checker mover tw-dragged", "data-from": placeName(place) }, this.overlay);
    element("circle", { cx: x, cy: y, r: this.g.r }, group);
    this.dragged = { group, x, y };
    this.dragTo(clientX, clientY);
  }

  dragTo(clientX, clientY) {
    if (!this.dragged) return;
    const { group, x, y } = this.dragged;
    const [px, py] = this.local(clientX, clientY);
    group.setAttribute("transform", `translate(${Math.round(px - x)} ${Math.round(py - y)})`);
  }

  stopDrag() {
    this.dragged?.group.remove();
    this.dragged = null;
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
    this.movable(board);
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
    const half = this.g.chip / 2;
    element("rect", { class: "chip", x: trayX - half, y: y - half, width: this.g.chip, height: this.g.chip, rx: half }, group);
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

Object.assign((window.TabulaWidget ??= {}), { BoardView, keyboardRows });
})();
