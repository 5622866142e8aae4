// Practice sessions, mistakes that come back and the progress page: plain JavaScript, no
// network, no account. A classic script (a site opened from disk runs no module script),
// loaded deferred after the widget (widget.js), whose store of solved puzzles it shares.
//
// - Every puzzle's first answer on a visit of its page (the widget's "tabula:outcome" event)
//   goes into the review store: a missed puzzle is due again at once, a solved one later and
//   later (REVIEW_DAYS, a Leitner box per puzzle).
// - The practice page (practice.md: #tabula-practice) chooses puzzles by game, rule and level
//   from the puzzle index (puzzles/practice-index.js, generator/render/practice.py: a script
//   that sets a global, as a page opened from disk may not fetch files) and starts a session:
//   SESSION_SIZE puzzles, the due ones first, in a shuffled order. The session is kept in
//   localStorage; each puzzle page of the session shows the session's bar (where it is, the
//   streak, the next puzzle), and the practice page shows the summary at the end.
// - The progress page (progress.md: #tabula-progress) counts by game and by rule what is
//   solved and what is due, and saves the progress to a file or loads (merges) one.
// - A puzzle opened from a lesson's page remembers the lesson (in this tab), so that its
//   "next" (widget.js) stays in the lesson.

(() => {
"use strict";

const SESSION = "tabula.practice";
const REVIEW = "tabula.review";
const UNREADABLE = "tabula.review.unreadable";
const SESSION_SIZE = 5;
// Days until a puzzle is due again, by its box: a missed puzzle goes to box 0 (due in the next
// session), each solve moves it up a box.
const REVIEW_DAYS = [0, 1, 3, 7, 16, 35];
const MAX_BOX = REVIEW_DAYS.length - 1;
const DAY_MS = 24 * 60 * 60 * 1000;
const PUZZLE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_ID_LENGTH = 64;
const MAX_PUZZLES = 10000;
const PROGRESS_FORMAT = "tabula-progress";
const PROGRESS_VERSION = 1;

function today() {
  return Math.floor(Date.now() / DAY_MS);
}

function isPuzzleId(id) {
  return typeof id === "string" && id.length <= MAX_ID_LENGTH && PUZZLE_ID.test(id);
}

function storage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The form of a counted message (``forms``: one per plural category) for ``count``. */
function counted(forms, count, lang, values = {}) {
  let category = "other";
  try {
    category = new Intl.PluralRules(lang).select(count);
  } catch {
    // no Intl: the form of many
  }
  return fill(forms[category] ?? forms.other, { count, ...values });
}

// The review store: {"<puzzle id>": {"box": 0..MAX_BOX, "due": day, "misses": n}} -------------

function isEntry(entry) {
  const whole = (n, low, high) => Number.isInteger(n) && n >= low && n <= high;
  return (
    entry !== null &&
    typeof entry === "object" &&
    !Array.isArray(entry) &&
    whole(entry.box, 0, MAX_BOX) &&
    whole(entry.due, 0, 10 ** 7) &&
    whole(entry.misses, 0, 10 ** 6)
  );
}

/** The review entries ``value`` holds, as a Map, or null when it is not such an object. */
function reviewEntries(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const ids = Object.keys(value);
  if (ids.length > MAX_PUZZLES) return null;
  const found = new Map();
  for (const id of ids) {
    if (!isPuzzleId(id) || !isEntry(value[id])) return null;
    const { box, due, misses } = value[id];
    found.set(id, { box, due, misses });
  }
  return found;
}

let unsavedReview = null; // the entries, when the last save could not be written

function parseReview(raw) {
  try {
    return reviewEntries(JSON.parse(raw));
  } catch {
    return null; // not JSON
  }
}

/** Moves the unreadable ``raw`` out of REVIEW into UNREADABLE, unless that holds something
 * else already (then it stays: never overwritten). True when REVIEW is free now. */
function setAside(store, raw) {
  const kept = store.getItem(UNREADABLE);
  if (kept !== null && kept !== raw) return false;
  store.setItem(UNREADABLE, raw);
  store.removeItem(REVIEW);
  return true;
}

/** The review entries; an unreadable stored value is set aside, and none are read. */
function readReview() {
  if (unsavedReview) return new Map(unsavedReview);
  const store = storage();
  try {
    const raw = store?.getItem(REVIEW) ?? null;
    if (raw === null) return new Map();
    const entries = parseReview(raw);
    if (entries) return entries;
    setAside(store, raw);
  } catch {
    // storage blocked
  }
  return new Map();
}

function writeReview(entries) {
  unsavedReview = new Map(entries); // until it is written
  try {
    const store = storage();
    const raw = store.getItem(REVIEW);
    if (raw !== null && !parseReview(raw) && !setAside(store, raw)) return;
    const sorted = Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : 1)));
    store.setItem(REVIEW, JSON.stringify(sorted));
    unsavedReview = null;
  } catch {
    // storage blocked or full: remembered on this page only
  }
}

/** The puzzle's first answer on this visit: solved moves it up a box, missed back to 0. */
function review(id, solved) {
  const entries = readReview();
  const entry = entries.get(id) ?? { box: 0, due: today(), misses: 0 };
  const box = solved ? Math.min(entry.box + 1, MAX_BOX) : 0;
  entries.set(id, {
    box,
    due: today() + REVIEW_DAYS[box],
    misses: entry.misses + (solved ? 0 : 1),
  });
  writeReview(entries);
}

function isDue(entry, day = today()) {
  return entry !== undefined && entry.due <= day;
}

// The widget's store of solved puzzles (widget.js) ----------------------------------------------

function solvedIds() {
  return window.TabulaWidget?.progress?.solvedIds() ?? new Set();
}

function saveSolved(ids) {
  window.TabulaWidget?.progress?.saveSolved(ids);
}

// The session: {"ids": [...], "results": {"<id>": "solved" | "missed"}, "streak": n, "best": n,
// "over": bool} -------------------------------------------------------------------------------

function readSession() {
  try {
    const value = JSON.parse(storage()?.getItem(SESSION) ?? "null");
    if (
      value &&
      Array.isArray(value.ids) &&
      value.ids.length <= SESSION_SIZE &&
      value.ids.every(isPuzzleId) &&
      value.results &&
      typeof value.results === "object" &&
      Object.entries(value.results).every(([id, r]) => value.ids.includes(id) && (r === "solved" || r === "missed")) &&
      Number.isInteger(value.streak) &&
      Number.isInteger(value.best)
    ) {
      return { ids: value.ids, results: value.results, streak: value.streak, best: value.best, over: Boolean(value.over) };
    }
  } catch {
    // not a session of ours: none
  }
  return null;
}

function writeSession(session) {
  try {
    if (session) storage().setItem(SESSION, JSON.stringify(session));
    else storage().removeItem(SESSION);
  } catch {
    // storage blocked: the session lasts as long as this page
  }
}

function shuffled(list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** A session's puzzles among ``candidates``: the due ones first (the most overdue first),
 * then the ones never tried, then the rest; in a shuffled order. */
function choosePuzzles(candidates) {
  const entries = readReview();
  const solved = solvedIds();
  const day = today();
  const due = candidates
    .filter((p) => isDue(entries.get(p.id), day))
    .sort((a, b) => entries.get(a.id).due - entries.get(b.id).due);
  const fresh = shuffled(candidates.filter((p) => !entries.has(p.id) && !solved.has(p.id)));
  const rest = shuffled(candidates.filter((p) => !due.includes(p) && !fresh.includes(p)));
  return shuffled([...due, ...fresh, ...rest].slice(0, SESSION_SIZE).map((p) => p.id));
}

// Links: a page of the copy opened from disk is its folder's index.html ------------------------

function pageLink(relative) {
  const url = new URL(relative, location.href);
  if (url.protocol === "file:" && url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

function language() {
  return document.documentElement.lang || "en";
}

/** Calls ``then`` with the puzzle index of this page's language, loaded from ``src`` (a
 * classic script: no fetch, which a page opened from disk may not do). */
function withIndex(src, then) {
  const lang = language();
  const known = window.TabulaPracticeIndex?.[lang];
  if (known) return then(known);
  const script = document.createElement("script");
  script.src = new URL(src, location.href).href;
  script.onload = () => {
    const index = window.TabulaPracticeIndex?.[lang];
    if (index) then(index);
  };
  document.head.appendChild(script);
  return undefined;
}

function element(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

// The lesson the learner is in: a puzzle opened from a lesson's page (its list carries
// data-lesson-id) remembers the lesson in this tab, and its "next" (widget.js) stays in the
// lesson; a puzzle opened from anywhere else forgets it. -------------------------------------

const LESSON = "tabula.lesson";

document.addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-puzzle-id]") : null;
    if (!link) return;
    const lesson = link.closest("[data-lesson-id]")?.dataset.lessonId;
    try {
      if (lesson) window.sessionStorage.setItem(LESSON, lesson);
      else window.sessionStorage.removeItem(LESSON);
    } catch {
      // storage blocked: "next" is the page's own
    }
  },
  true,
);

// Outcomes: the first answer of each visit of a puzzle's page ----------------------------------

const answered = new WeakSet(); // the widget roots answered on this visit

document.addEventListener("tabula:outcome", (event) => {
  const root = event.target;
  const { id, solved } = event.detail ?? {};
  if (!isPuzzleId(id) || answered.has(root)) return;
  answered.add(root);
  review(id, Boolean(solved));
  const session = readSession();
  if (!session || session.over || !session.ids.includes(id) || id in session.results) return;
  session.results[id] = solved ? "solved" : "missed";
  session.streak = solved ? session.streak + 1 : 0;
  session.best = Math.max(session.best, session.streak);
  writeSession(session);
  showSessionBar();
});

// A puzzle's page in a session: the session's bar above the puzzle -----------------------------

function showSessionBar() {
  const root = document.querySelector(".tabula-puzzle[data-puzzle-id]");
  const session = readSession();
  document.querySelector(".tabula-session")?.remove();
  if (!root || !session || session.over) return;
  const at = session.ids.indexOf(root.dataset.puzzleId);
  if (at < 0) return;
  withIndex("../practice-index.js", (index) => {
    document.querySelector(".tabula-session")?.remove();
    const w = index.words;
    const bar = element("div", { class: "admonition tip tabula-session", role: "group", "aria-label": w.session, "data-streak": String(session.streak) });
    bar.appendChild(element("p", { class: "tabula-session-where" }, fill(w.where, { at: at + 1, count: session.ids.length })));
    bar.appendChild(element("p", { class: "tabula-session-streak" }, fill(w.streak, { streak: session.streak })));
    const last = at + 1 >= session.ids.length;
    const next = element("a", { class: "md-button md-button--primary tabula-session-next" }, last ? w.summary : w.next);
    next.href = pageLink(last ? "../../practice/" : `../${session.ids[at + 1]}/`);
    if (last) {
      next.addEventListener("click", () => {
        const now = readSession();
        if (now) writeSession({ ...now, over: true });
      });
    }
    bar.appendChild(next);
    root.before(bar);
    // One "next" on the page: the session's.
    for (const link of root.querySelectorAll(".tw-next")) link.remove();
  });
}

// The practice page ----------------------------------------------------------------------------

function checkboxes(box, legend, name, options) {
  const set = element("fieldset", { class: `tabula-choose tabula-choose-${name}` });
  set.appendChild(element("legend", {}, legend));
  for (const { value, label } of options) {
    const input = element("input", { type: "checkbox", name, value });
    input.checked = true;
    const item = element("label", {});
    item.append(input, ` ${label}`);
    set.appendChild(item);
    set.appendChild(document.createTextNode(" "));
  }
  box.appendChild(set);
  return set;
}

function chosen(box, name) {
  return new Set([...box.querySelectorAll(`input[name="${name}"]:checked`)].map((input) => input.value));
}

function practicePage(box, index) {
  const w = index.words;
  const lang = index.lang;
  box.replaceChildren();
  const session = readSession();
  if (session && (session.over || Object.keys(session.results).length === session.ids.length)) {
    box.appendChild(summary(index, session));
  } else if (session) {
    const answeredCount = Object.keys(session.results).length;
    const resume = element("p", { class: "tabula-practice-resume" });
    const link = element("a", { class: "md-button" }, fill(w.resume, { at: answeredCount + 1, count: session.ids.length }));
    const nextId = session.ids.find((id) => !(id in session.results)) ?? session.ids[0];
    link.href = pageLink(`../puzzles/${nextId}/`);
    resume.appendChild(link);
    box.appendChild(resume);
  }
  const form = element("form", { class: "tabula-practice-choose" });
  checkboxes(form, w.games, "game", index.games.map((g) => ({ value: g.key, label: g.name })));
  checkboxes(form, w.rules, "rule", index.rules.map((r) => ({ value: r.key, label: r.name })));
  checkboxes(form, w.levels, "level", index.levels.map((n) => ({ value: String(n), label: fill(w.level, { level: n }) })));
  // A link may choose for the learner (a rules page's "practise this rule"):
  // ?game=backgammon,portes&rule=bar&level=1 ticks only those of each group it names.
  const asked = new URLSearchParams(location.search);
  for (const name of ["game", "rule", "level"]) {
    if (!asked.has(name)) continue;
    const wanted = new Set(asked.get(name).split(","));
    const inputs = [...form.querySelectorAll(`input[name="${name}"]`)];
    if (!inputs.some((input) => wanted.has(input.value))) continue; // nothing known: all stay
    for (const input of inputs) input.checked = wanted.has(input.value);
  }
  const count = element("p", { class: "tabula-practice-count", role: "status" });
  const start = element("button", { type: "submit", class: "md-button md-button--primary tabula-practice-start" }, w.start);
  form.append(count, start);
  box.appendChild(form);
  const matching = () => {
    const games = chosen(form, "game");
    const rules = chosen(form, "rule");
    const levels = chosen(form, "level");
    return index.puzzles.filter(
      (p) => games.has(p.game) && levels.has(String(p.level)) && p.rules.some((rule) => rules.has(rule)),
    );
  };
  const update = () => {
    const found = matching();
    const entries = readReview();
    const due = found.filter((p) => isDue(entries.get(p.id))).length;
    if (!found.length) count.textContent = w.none;
    else count.textContent = counted(w.matching, found.length, lang) + (due ? ` ${counted(w.due, due, lang)}` : "");
    start.disabled = !found.length;
    count.dataset.count = String(found.length);
  };
  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const ids = choosePuzzles(matching());
    if (!ids.length) return;
    writeSession({ ids, results: {}, streak: 0, best: 0, over: false });
    location.href = pageLink(`../puzzles/${ids[0]}/`);
  });
  update();
}

function summary(index, session) {
  const w = index.words;
  const lang = index.lang;
  const titles = Object.fromEntries(index.puzzles.map((p) => [p.id, p.title]));
  const solved = session.ids.filter((id) => session.results[id] === "solved");
  const missed = session.ids.filter((id) => session.results[id] !== "solved");
  const part = element("div", { class: "admonition success tabula-practice-summary", "data-solved": String(solved.length), "data-best": String(session.best) });
  part.appendChild(element("p", { class: "admonition-title" }, w.over));
  part.appendChild(element("p", {}, counted(w.solved_of, session.ids.length, lang, { solved: solved.length })));
  part.appendChild(element("p", {}, fill(w.best, { streak: session.best })));
  if (missed.length) {
    part.appendChild(element("p", {}, w.come_back));
    const list = element("ul", { class: "tabula-practice-missed" });
    for (const id of missed) {
      const item = element("li", {});
      const link = element("a", { "data-puzzle-id": id }, titles[id] ?? id);
      link.href = pageLink(`../puzzles/${id}/`);
      item.appendChild(link);
      list.appendChild(item);
    }
    part.appendChild(list);
  }
  const again = element("button", { type: "button", class: "md-button tabula-practice-again" }, w.again);
  again.addEventListener("click", () => {
    writeSession(null);
    practicePage(part.parentNode, index);
  });
  part.appendChild(again);
  return part;
}

// The progress page ----------------------------------------------------------------------------

function progressTable(w, heading, groups) {
  const table = element("table", { class: "tabula-progress-table" });
  const head = element("tr", {});
  for (const text of [heading, w.solved, w.due_column, w.puzzles]) head.appendChild(element("th", {}, text));
  table.appendChild(element("thead", {})).appendChild(head);
  const body = element("tbody", {});
  for (const { key, name, puzzles, solved, due } of groups) {
    const row = element("tr", { "data-key": key, "data-solved": String(solved), "data-due": String(due) });
    for (const text of [name, solved, due, puzzles]) row.appendChild(element("td", {}, String(text)));
    body.appendChild(row);
  }
  table.appendChild(body);
  return table;
}

function progressPage(box, index, message = null) {
  const w = index.words;
  const lang = index.lang;
  box.replaceChildren();
  const solved = solvedIds();
  const entries = readReview();
  const day = today();
  const count = (puzzles) => ({
    puzzles: puzzles.length,
    solved: puzzles.filter((p) => solved.has(p.id)).length,
    due: puzzles.filter((p) => isDue(entries.get(p.id), day)).length,
  });
  const status = element("p", { class: "tabula-progress-status", role: "status" });
  const total = count(index.puzzles);
  box.appendChild(element("p", { class: "tabula-progress-total" }, counted(w.total, total.puzzles, lang, { solved: total.solved, due: total.due })));
  box.appendChild(element("h2", {}, w.by_game));
  box.appendChild(progressTable(w, w.game, index.games.map((g) => ({ key: g.key, name: g.name, ...count(index.puzzles.filter((p) => p.game === g.key)) }))));
  box.appendChild(element("h2", {}, w.by_rule));
  box.appendChild(progressTable(w, w.rule, index.rules.map((r) => ({ key: r.key, name: r.name, ...count(index.puzzles.filter((p) => p.rules.includes(r.key))) }))));
  box.appendChild(element("h2", {}, w.file));
  const save = element("button", { type: "button", class: "md-button tabula-progress-save" }, w.save);
  save.addEventListener("click", () => {
    const data = {
      format: PROGRESS_FORMAT,
      version: PROGRESS_VERSION,
      solved: [...solvedIds()].sort(),
      review: Object.fromEntries([...readReview()].sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    const blob = new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" });
    const link = element("a", { download: "tabula-progress.json" });
    link.href = URL.createObjectURL(blob);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  const label = element("label", { class: "md-button tabula-progress-load" }, w.load);
  const input = element("input", { type: "file", accept: ".json,application/json", class: "tabula-progress-file" });
  input.style.display = "block";
  input.style.marginTop = "0.5em";
  label.appendChild(input);
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => progressPage(box, index, loadProgress(String(reader.result), w, lang));
    reader.onerror = () => progressPage(box, index, { text: w.unreadable, refused: true });
    reader.readAsText(file);
  });
  const buttons = element("p", { class: "tabula-progress-buttons" });
  buttons.append(save, " ", label);
  box.append(buttons, status);
  if (message) {
    status.textContent = message.text;
    status.dataset.refused = message.refused ? "yes" : "no";
  }
}

/** Merges the progress file's ``text`` into this browser's: solved puzzles are added, and of
 * two review entries of a puzzle the one due sooner is kept. A message to show, either way. */
function loadProgress(text, w, lang) {
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    return { text: w.not_progress, refused: true };
  }
  if (data === null || typeof data !== "object" || data.format !== PROGRESS_FORMAT) {
    return { text: w.not_progress, refused: true };
  }
  const review = reviewEntries(data.review ?? {});
  if (
    data.version !== PROGRESS_VERSION ||
    !Array.isArray(data.solved) ||
    data.solved.length > MAX_PUZZLES ||
    !data.solved.every(isPuzzleId) ||
    !review
  ) {
    return { text: w.damaged, refused: true };
  }
  const solved = solvedIds();
  for (const id of data.solved) solved.add(id);
  saveSolved(solved);
  const entries = readReview();
  for (const [id, entry] of review) {
    const here = entries.get(id);
    if (!here || entry.due < here.due) entries.set(id, { ...entry, misses: Math.max(entry.misses, here?.misses ?? 0) });
  }
  writeReview(entries);
  return { text: counted(w.loaded, data.solved.length, lang), refused: false };
}

// Every page ---------------------------------------------------------------------------------

function setUp() {
  showSessionBar();
  for (const [id, page] of [["tabula-practice", practicePage], ["tabula-progress", progressPage]]) {
    const box = document.getElementById(id);
    if (!box || box.dataset.ready) continue;
    box.dataset.ready = "yes";
    withIndex(box.dataset.index, (index) => page(box, index));
  }
}

if (window.document$) window.document$.subscribe(setUp);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
else setUp();
})();
