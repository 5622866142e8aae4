// The widget's progress store (``tabula.solved`` in localStorage, generator/site/assets/widget.js)
// on its own, in Node: what it does with a value it did not write, and with storage that is
// blocked or full. Each "page" is widget.js run afresh on a page without puzzles, over a
// localStorage that keeps Chromium's quota (5 MiB of characters, keys and values); a puzzle is
// solved as the widget solves one (its solvedIds, then saveSolved with the id added).
// tests/widget/test_progress_store.py checks in Chromium what the reader sees of it.
//
//   node --test tests/widget/js/*.test.js

"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const WIDGET = fs.readFileSync(path.join(__dirname, "../../../generator/site/assets/widget.js"), "utf8");

const STORE = "tabula.solved";
const UNREADABLE = "tabula.solved.unreadable";
const PUZZLE = "bg-higher-die";
const SECOND = "bg-order-of-dice";
const QUOTA = 5 * 1024 * 1024; // characters, keys and values together, as Chromium counts them

class QuotaExceededError extends Error {
  name = "QuotaExceededError";
}

/** localStorage as Chromium keeps it: strings, and a quota that refuses a write beyond it. */
class Storage {
  #items = new Map();

  get length() {
    return this.#items.size;
  }

  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }

  getItem(key) {
    return this.#items.has(String(key)) ? this.#items.get(String(key)) : null;
  }

  setItem(key, value) {
    const [k, v] = [String(key), String(value)];
    const others = [...this.#items].filter(([name]) => name !== k);
    const used = others.reduce((sum, [name, kept]) => sum + name.length + kept.length, 0);
    if (used + k.length + v.length > QUOTA) throw new QuotaExceededError("the quota is exceeded");
    this.#items.set(k, v);
  }

  removeItem(key) {
    this.#items.delete(String(key));
  }

  clear() {
    this.#items.clear();
  }
}

/** widget.js run on a page without puzzles, over ``storage``; ``blocking`` (code run in the
 * page first) may block the storage as a browser does. The page's progress functions. */
function page(storage, blocking = "") {
  const context = vm.createContext({});
  const window = vm.runInContext("globalThis", context);
  Object.assign(window, {
    window,
    localStorage: storage,
    DOMException: class DOMException extends Error {},
    TabulaWidget: { BoardView: class {}, answerForm() {} },
    addEventListener() {},
    document: { readyState: "complete", querySelectorAll: () => [] },
  });
  vm.runInContext(blocking, context);
  vm.runInContext(WIDGET, context);
  const { solvedIds, saveSolved } = window.TabulaWidget.progress;
  return {
    solved: () => [...window.tabulaSolved()],
    solve(id) {
      const ids = solvedIds();
      ids.add(id);
      saveSolved(ids);
    },
    clear: () => saveSolved(new Set()),
  };
}

// Every way a value went wrong before: tests/widget/test_progress_store.py tries these ids in
// Chromium (one in ``make test``, all in ``make test-deep``).
const UNREADABLE_VALUES = {
  // Sorting it beside a new id ran out of stack, and progress was never saved again.
  "nested-5000-deep": "[".repeat(5000) + "]".repeat(5000),
  "nested-beside-an-id": '["bg-order-of-dice", ' + "[".repeat(5000) + "]".repeat(5000) + "]",
  "nested-objects": '{"bg-order-of-dice": '.repeat(5000) + "1" + "}".repeat(5000),
  "not-json": "bg-order-of-dice,bg-bar-enter-first",
  "cut-short": '["bg-order-of-dice"',
  "an-object": '{"bg-order-of-dice": true}',
  "a-string": '"bg-order-of-dice"',
  null: "null",
  "wrong-types-inside": '["bg-order-of-dice", 7, null, true, {"id": "x"}]',
  "not-ids": '["Bg Order Of Dice", "' + "a".repeat(65) + '"]',
  "too-many-ids": JSON.stringify(Array(20000).fill("bg-order-of-dice")),
  // More than half the quota: no copy fits beside it, so it has to be moved rather than copied.
  "huge-string": "x".repeat(3000000),
};

for (const [name, bad] of Object.entries(UNREADABLE_VALUES)) {
  test(`an unreadable value (${name}) is set aside and progress is saved again`, () => {
    const storage = new Storage();
    storage.setItem(STORE, bad);
    const first = page(storage);
    assert.deepEqual(first.solved(), [], "progress starts afresh");
    first.solve(PUZZLE);
    assert.equal(storage.getItem(STORE), JSON.stringify([PUZZLE]));
    assert.ok(storage.getItem(UNREADABLE) === bad, `the old value (${bad.length} characters) was not kept`);
    const later = page(storage);
    assert.deepEqual(later.solved(), [PUZZLE]);
    // And it keeps saving: a second puzzle joins the first.
    later.solve(SECOND);
    assert.equal(storage.getItem(STORE), JSON.stringify([PUZZLE, SECOND]));
    assert.ok(storage.getItem(UNREADABLE) === bad);
    assert.equal(storage.length, 2, "nothing else was written");
  });
}

test("readable progress is kept and nothing is set aside", () => {
  const storage = new Storage();
  storage.setItem(STORE, '["bg-order-of-dice", "tm-cube-take"]');
  const there = page(storage);
  assert.deepEqual(there.solved().sort(), [SECOND, "tm-cube-take"]);
  there.solve(PUZZLE);
  assert.equal(storage.getItem(STORE), JSON.stringify([PUZZLE, SECOND, "tm-cube-take"]));
  assert.equal(storage.getItem(UNREADABLE), null);
});

test("a second unreadable value does not replace the first, and the ninth slot is the last", () => {
  const storage = new Storage();
  const values = Array.from({ length: 11 }, (_, n) => `{not json ${n + 1}`);
  for (const value of values) {
    storage.setItem(STORE, value);
    assert.deepEqual(page(storage).solved(), [], "progress starts afresh");
    assert.equal(storage.getItem(STORE), null, "set aside as soon as it is read");
  }
  assert.equal(storage.getItem(UNREADABLE), values[0]);
  for (let slot = 2; slot <= 8; slot += 1) assert.equal(storage.getItem(`${UNREADABLE}.${slot}`), values[slot - 1]);
  assert.equal(storage.getItem(`${UNREADABLE}.9`), values[10], "the last slot is reused");
  assert.equal(storage.getItem(`${UNREADABLE}.10`), null);
  // The same value again takes no second slot.
  storage.setItem(STORE, values[0]);
  page(storage).solve(PUZZLE);
  assert.equal(storage.length, 10);
  assert.equal(storage.getItem(STORE), JSON.stringify([PUZZLE]));
});

const BLOCKED = {
  // As a browser that blocks the site's storage does: reaching localStorage throws...
  "localStorage-throws": `Object.defineProperty(window, "localStorage", {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
  });`,
  // ...or every use of it does.
  "its-methods-throw": `for (const name of ["getItem", "setItem", "removeItem", "key", "clear"]) {
    Object.getPrototypeOf(window.localStorage)[name] = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
  }`,
};

for (const [name, blocking] of Object.entries(BLOCKED)) {
  test(`blocked storage (${name}) costs the memory, not the widget`, () => {
    const storage = new (class extends Storage {})(); // its own prototype, for the methods to throw
    const there = page(storage, blocking);
    assert.deepEqual(there.solved(), []);
    there.solve(PUZZLE);
    assert.deepEqual(there.solved(), [PUZZLE], "remembered on the page");
    there.solve(SECOND);
    assert.deepEqual(there.solved(), [PUZZLE, SECOND]);
    there.clear();
    assert.deepEqual(there.solved(), []);
    assert.equal(storage.length, 0);
  });
}

test("full storage costs the memory, not the widget, and the next save writes it", () => {
  const storage = new Storage();
  storage.setItem("filler", "x".repeat(QUOTA - "filler".length - 4)); // all but a few characters
  const there = page(storage);
  there.solve(PUZZLE);
  assert.equal(storage.getItem(STORE), null, "there was no room");
  assert.deepEqual(there.solved(), [PUZZLE]);
  // Room again: the next save on this page writes what it remembers.
  storage.removeItem("filler");
  there.solve(PUZZLE);
  assert.equal(storage.getItem(STORE), JSON.stringify([PUZZLE]));
  there.solve(SECOND);
  assert.equal(storage.getItem(STORE), JSON.stringify([PUZZLE, SECOND]));
});

test("the fake storage keeps the quota, as the tests above need", () => {
  const storage = new Storage();
  storage.setItem("a", "x".repeat(3000000));
  assert.throws(() => storage.setItem("b", "x".repeat(3000000)), QuotaExceededError);
  storage.setItem("a", "y".repeat(3000000)); // a value replaced frees its own room
  assert.equal(storage.getItem("b"), null);
});
