// The puzzle widget's answer forms: one entry per kind of task other than "play" (played on
// the board, widget.js) in one table, TASKS: the controls it is answered with (yes or no, a
// number, the places a checker can reach ticked on the board, the result of a game, the cube)
// and its judge, which compares what the learner gave with the answer the engine worked out
// (generator/render/widget.py, generator/puzzles/tasks) and looks up what a wrong answer is told
// in the page's ``feedback``: the script works nothing out. widget.js builds the form under the
// board and says the verdict. The judges need no page: tests/widget/js run them in Node.
//
// A classic script, not an ES module (a browser runs no module script in a site opened from
// disk, file://), loaded deferred after widget-core.js and widget-board.js and before
// widget.js; the scripts share window.TabulaWidget. (The body of the function below is not
// indented, as if it were a module.)

(() => {
"use strict";

const inNode = typeof module === "object" && module.exports;
const shared = inNode ? require("./widget-core.js") : window.TabulaWidget;
if (!shared?.fill) return;
const { BAR, OFF, capitalized, fill } = shared;

/** The controls of one answer form, built into ``box`` for ``puzzle`` (widget.js's Puzzle). */
class Form {
  constructor(puzzle, box) {
    this.puzzle = puzzle;
    this.box = box;
  }

  button(name, text, action) {
    return this.puzzle.button(name, text, action, this.box);
  }

  paragraph(name) {
    return this.puzzle.paragraph(name, this.box);
  }

  /** One button per [value, words]: a press gives its value as the answer. */
  choices(pairs) {
    for (const [value, text] of pairs) this.button(`choice-${value}`, text, () => this.puzzle.answered(value));
  }

  /** The Check button: ``given()`` is the answer the controls hold now. */
  check(given) {
    this.button("check", this.puzzle.words.check, () => this.puzzle.answered(given())).classList.add("md-button--primary");
  }

  /** A labelled number field. */
  number(text) {
    const input = document.createElement("input");
    input.type = "number";
    input.min = "0";
    input.inputMode = "numeric";
    // Enter in the field checks the answer, as it would submit a form.
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      this.box.querySelector(".tw-check")?.click();
    });
    return this.labelled(text, input);
  }

  /** A labelled list to choose from, one option per [value, words]; nothing is chosen at first
   *  (a blank line, not the first answer, which would look like a hint). */
  list(text, options) {
    const select = document.createElement("select");
    const blank = document.createElement("option");
    blank.value = "";
    blank.textContent = "—";
    blank.disabled = true;
    blank.selected = true;
    select.appendChild(blank);
    for (const [value, words] of options) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = capitalized(words);
      select.appendChild(option);
    }
    return this.labelled(text, select);
  }

  labelled(text, control) {
    const label = document.createElement("label");
    label.className = "tw-field";
    label.append(text, " ");
    label.appendChild(control);
    this.box.appendChild(label);
    return control;
  }
}

/**
 * The places a checker can reach, ticked on the board: a click (or Enter) on a place ticks or
 * unticks it. ``point`` is the checker asked about, ringed from the start.
 */
class Ticks {
  constructor(form, answer, w) {
    this.puzzle = form.puzzle;
    this.point = answer.point;
    this.ticked = new Set();
    form.paragraph("tw-tick-hint").textContent = w.tick_hint;
    this.line = form.paragraph("tw-ticked");
    this.show();
    form.check(() => [...this.ticked]);
  }

  /** Rings the checker asked about (once the board is drawn). */
  ready() {
    this.puzzle.view.source(this.puzzle.board, this.point);
  }

  activate(place) {
    if (place === BAR) return;
    if (this.ticked.has(place)) this.ticked.delete(place);
    else this.ticked.add(place);
    const { view, board } = this.puzzle;
    view.clearMarks("tw-tick");
    for (const p of this.ticked) view.destination(board, p, "tw-tick");
    this.show();
    this.puzzle.announce(this.line.textContent);
  }

  show() {
    const w = this.puzzle.words;
    const names = [...this.ticked].sort((a, b) => (a === OFF) - (b === OFF) || b - a).map((p) => this.puzzle.placeWords(p));
    this.line.textContent = fill(w.ticked, { places: names.join(", ") || w.nothing });
  }
}

/** The first of ``fields`` whose value in ``given`` (the form's, as text) is not the answer's
 *  (a number compared as a number; no winner is "none"), or null when none is. */
function firstWrong(answer, given, fields) {
  const wrong = (name) => {
    const want = answer[name] ?? "none";
    const value = String(given[name] ?? "").trim();
    return typeof want === "number" ? value === "" || Number(value) !== want : value !== String(want);
  };
  return fields.find(wrong) ?? null;
}

/**
 * Each kind of task but "play": ``form(form, answer, w)`` builds its controls (a form answered
 * on the board returns what handles the board's places); ``judge(answer, feedback, given)``
 * says what the learner's answer ``given`` is told: null when it is the answer, else the
 * engine's message for that wrong answer ("" when the page has none).
 */
const TASKS = {
  legal: {
    form(form, answer, w) {
      form.choices([["yes", w.yes_legal], ["no", w.no_illegal]]);
    },
    judge(answer, feedback, given) {
      return (given === "yes") === answer.legal ? null : (feedback[given] ?? "");
    },
  },
  pass: {
    form(form, answer, w) {
      form.choices([["yes", w.yes_pass], ["no", w.no_pass]]);
    },
    judge(answer, feedback, given) {
      return (given === "yes") === answer.passes ? null : (feedback[given] ?? "");
    },
  },
  count: {
    form(form, answer, w) {
      const input = form.number(w.your_answer);
      form.check(() => input.value);
    },
    judge(answer, feedback, given) {
      const text = String(given).trim();
      if (text === "" || !Number.isFinite(Number(text))) return "";
      const number = Number(text);
      if (number === answer.number) return null;
      return (number > answer.number ? feedback.high : feedback.low) ?? "";
    },
  },
  destinations: {
    form(form, answer, w) {
      return new Ticks(form, answer, w);
    },
    /** ``given``: the places ticked. A place ticked that the checker cannot reach is told
     *  first (the farthest first), then a place it reaches that is not ticked. */
    judge(answer, feedback, given) {
      const order = (a, b) => (a === OFF) - (b === OFF) || b - a;
      const ticked = new Set(given);
      const wrong = [...ticked].filter((p) => !answer.places.includes(p)).sort(order);
      if (wrong.length) return feedback.wrong?.[wrong[0]] ?? "";
      const missed = answer.places.filter((p) => !ticked.has(p)).sort(order);
      return missed.length ? (feedback.missed?.[missed[0]] ?? "") : null;
    },
  },
  result: {
    form(form, answer, w) {
      const winners = [["mover", w.mover], ["opponent", w.opponent]];
      if (answer.draw) winners.push(["none", w.nobody]);
      const winner = form.list(w.winner, winners);
      const how = form.list(w.how, answer.kinds);
      const points = form.number(w.points);
      form.check(() => ({ winner: winner.value, kind: how.value, points: points.value }));
    },
    judge(answer, feedback, given) {
      const wrong = firstWrong(answer, given, ["winner", "kind", "points"]);
      return wrong === null ? null : (feedback[wrong] ?? "");
    },
  },
  cube: {
    form(form, answer, w) {
      if (answer.action === "take") {
        const value = form.list(w.cube_value, [2, 4, 8, 16, 32, 64].map((v) => [String(v), String(v)]));
        const owner = form.list(w.cube_owner, [["mover", w.mover], ["opponent", w.opponent]]);
        form.check(() => ({ value: value.value, owner: owner.value }));
      } else {
        const points = form.number(w.points);
        form.check(() => ({ points: points.value }));
      }
    },
    judge(answer, feedback, given) {
      const wrong = firstWrong(answer, given, answer.action === "take" ? ["value", "owner"] : ["points"]);
      return wrong === null ? null : (feedback[wrong] ?? "");
    },
  },
};

/** What the learner's answer ``given`` to the puzzle of ``data`` (its page's data) is told:
 *  null when it is the answer, else the engine's message ("" when the page has none). */
function judgeAnswer(data, given) {
  return TASKS[data.task].judge(data.answer, data.feedback ?? {}, given);
}

/** The ``level``-th (from 0) of a form's graded ``hints`` as the status says it, numbered
 *  ("Hint 2 of 3."), and the level of the next press: past the last, the last again. */
function formHint(hints, level, words) {
  if (!hints?.length) return null;
  const shown = Math.min(level, hints.length - 1);
  const text = `${fill(words.hint_of, { number: shown + 1, count: hints.length })} ${hints[shown]}`;
  return { text, next: shown + 1 };
}

/**
 * Builds the answer form of ``puzzle``'s task into ``box``. Returns what handles the board's
 * places for a form answered on the board ({point, ready(), activate(place)}), else null.
 */
function answerForm(puzzle, box) {
  const task = TASKS[puzzle.data.task];
  return (task && task.form(new Form(puzzle, box), puzzle.data.answer, puzzle.words)) || null;
}

if (inNode) module.exports = { TASKS, formHint, judgeAnswer };
else Object.assign((window.TabulaWidget ??= {}), { answerForm, formHint, judgeAnswer });
})();
