// Tabula's site script: plain JavaScript, no network, re-run on every page change of
// Material's instant navigation (document$ emits once per page).

// The site's root URL, worked out once, from the page that loaded this script. Instant
// navigation swaps the page's content but keeps the first page's #__config, whose "base" is
// relative to that first page: read again after a page change, it would point elsewhere.
//
// Every link this script builds is a path on this site. The address bar is the reader's input,
// not ours: a host that answers any path with 404.html, or folds "//search/" into "/search/",
// hands the page a path like "///evil.example/x/", which taken as a link would lead to another
// host ("//evil.example/x/") or run a script ("javascript:..."). Paths are therefore made
// relative ("./" and no leading slash), resolved against the root, and refused unless they
// stay on this origin (tabulaLink).
const tabulaRoot = (() => {
  const here = new URL(location.href);
  here.pathname = tabulaPath(here.pathname);
  let config = {};
  try {
    config = JSON.parse(document.getElementById("__config")?.textContent || "{}");
  } catch {
    // Material's settings unreadable: the page's own folder stands for the root.
  }
  let root = new URL(typeof config.base === "string" && config.base ? config.base : ".", here);
  if (root.origin !== location.origin) root = new URL("/", location.origin);
  root.pathname = tabulaPath(root.pathname);
  root.search = "";
  root.hash = "";
  return root;
})();

/** ``path`` with every run of slashes (or backslashes, read as slashes) as one slash, as the
 * hosts that serve "//search/" or "/puzzles//x/" at all read it. */
function tabulaPath(path) {
  return path.replace(/[/\\]+/g, "/");
}

/** The address of ``path`` (relative to the site's root): a URL on this origin, or null. */
function tabulaLink(path) {
  const relative = "./" + path.replace(/^[/\\]+/, "");
  const url = new URL(relative, tabulaRoot);
  const ours = url.origin === location.origin && url.pathname.startsWith(tabulaRoot.pathname);
  return ours ? url : null;
}

// The language switcher always lands on the same page in the other language. Material draws
// its links once; with instant navigation they would keep pointing at the first page visited.
// Changing language is a full page load (target="_self" keeps Material's instant navigation
// off the link): the header, <html lang> and Material's own strings belong to the language.
function tabulaSwitchLanguage() {
  const root = tabulaRoot;
  const here = tabulaPath(location.pathname);
  let path = here.startsWith(root.pathname) ? here.slice(root.pathname.length) : "";
  const links = [...document.querySelectorAll("a.md-select__link[hreflang]")];
  const languages = links.map((link) => link.getAttribute("hreflang"));
  const prefix = languages.find((lang) => path.startsWith(lang + "/"));
  if (prefix) path = path.slice(prefix.length + 1);
  // The language at the site's root is the one whose link (as built, or as set here before)
  // leads to no other language's folder; it need not come first in the switcher.
  const atRoot = (link) => {
    const url = new URL(link.getAttribute("href") || ".", location.href);
    const linked = tabulaPath(url.pathname);
    if (url.origin !== location.origin || !linked.startsWith(root.pathname)) return false;
    const rest = linked.slice(root.pathname.length);
    return !languages.some((lang) => rest.startsWith(lang + "/"));
  };
  const rootLink = links.find(atRoot);
  const first = rootLink ? rootLink.getAttribute("hreflang") : languages[0];
  for (const link of links) {
    const lang = link.getAttribute("hreflang");
    const home = lang === first ? "" : lang + "/";
    // A path that cannot be a page of this site: the language's home page instead.
    const url = tabulaLink(home + path) ?? tabulaLink(home);
    if (!url) continue; // Material's own link, written at build time, stays
    url.hash = location.hash;
    link.href = url.href;
    link.target = "_self";
  }
}

// Search with Pagefind: one index per language, Russian stemmed, fully static. The search
// page holds <div id="tabula-search">; the bundle is loaded from the site's own /pagefind/.
// Every page's header has a box (partials/header.html) that opens the search page with what
// was typed (?q=...), and "/" focuses it.

// What a reader looks up is a rule: the pages that explain it count most (their words are
// weighted when the index is built: generator/site/search.py), however long they are and
// however often a shorter page repeats the word; a puzzle's title is one of its headings, no
// more.
const TABULA_RANKING = {
  pageLength: 0,
  termFrequency: 0,
  termSaturation: 2,
  metaWeights: { title: 0 },
};

// Pagefind's words where its own are wrong for this site: its Russian counts the results
// with one plural form («3 результатов»); a form with the count at the end reads right for
// every number.
const TABULA_SEARCH_WORDS = {
  en: { label: "Search this site", translations: {} },
  ru: {
    label: "Поиск по сайту",
    translations: {
      placeholder: "Поиск",
      clear_search: "Очистить",
      load_more: "Показать ещё",
      search_label: "Поиск по сайту",
      zero_results: "По запросу «[SEARCH_TERM]» ничего не найдено",
      one_result: "Результаты по запросу «[SEARCH_TERM]»: [COUNT]",
      many_results: "Результаты по запросу «[SEARCH_TERM]»: [COUNT]",
      alt_search:
        "По запросу «[SEARCH_TERM]» ничего не найдено. " +
        "Показаны результаты по запросу «[DIFFERENT_TERM]»",
      search_suggestion: "По запросу «[SEARCH_TERM]» ничего не найдено. Попробуйте другой запрос",
      searching: "Ищем «[SEARCH_TERM]»…",
    },
  },
};

function tabulaSearchWords() {
  const lang = (document.documentElement.lang || "").toLowerCase().split("-")[0];
  return TABULA_SEARCH_WORDS[lang] || TABULA_SEARCH_WORDS.en;
}

function tabulaSearch() {
  const box = document.getElementById("tabula-search");
  if (!box || box.dataset.ready) return;
  box.dataset.ready = "yes";
  const root = tabulaRoot;
  const words = tabulaSearchWords();
  const query = new URLSearchParams(location.search).get("q") || "";
  // Instant navigation removes from <head> what the next page does not have: add the
  // stylesheet again on every visit of the search page.
  if (!document.getElementById("tabula-pagefind-css")) {
    const style = document.createElement("link");
    style.id = "tabula-pagefind-css";
    style.rel = "stylesheet";
    style.href = tabulaLink("pagefind/pagefind-ui.css").href;
    document.head.appendChild(style);
  }
  const start = () => {
    const search = new PagefindUI({
      element: "#tabula-search",
      bundlePath: tabulaLink("pagefind/").href,
      // Result links relative to where the site is served, not to the domain's root.
      baseUrl: root.pathname,
      showSubResults: true,
      showImages: false,
      resetStyles: false,
      autofocus: !query,
      ranking: TABULA_RANKING,
      translations: words.translations,
    });
    // Pagefind's box is named only by its tooltip: a label names it.
    const input = box.querySelector("input.pagefind-ui__search-input");
    if (input && !input.id) {
      input.id = "tabula-search-input";
      const label = document.createElement("label");
      label.className = "tabula-visually-hidden";
      label.htmlFor = input.id;
      label.textContent = words.label;
      input.before(label);
    }
    box.tabulaSearch = search;
    if (query) search.triggerSearch(query);
  };
  if (window.PagefindUI) return start();
  const script = document.createElement("script");
  script.src = tabulaLink("pagefind/pagefind-ui.js").href;
  script.onload = start;
  document.head.appendChild(script);
}

// The header's box. Its form names the search page relative to the first page; instant
// navigation keeps the header while the address changes, so the address is made whole once.
// On the search page itself, what is typed there is searched in place.
function tabulaHeaderSearch() {
  const form = document.querySelector("form.tabula-header-search");
  if (!form || form.dataset.ready) return;
  form.dataset.ready = "yes";
  let action = form.action;
  // An offline copy opened from a folder names a folder's page, as its links do.
  if (location.protocol === "file:" && action.endsWith("/")) action += "index.html";
  form.setAttribute("action", action);
  form.addEventListener("submit", (event) => {
    const search = document.getElementById("tabula-search")?.tabulaSearch;
    const typed = form.elements.namedItem("q")?.value.trim() || "";
    if (!search || !typed) return;
    event.preventDefault();
    search.triggerSearch(typed);
  });
  // "/" anywhere but in a field: the search page's own box, else the header's, else (a narrow
  // screen shows only the header's button) the search page.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    const at = event.target;
    if (at instanceof Element && at.closest("input, textarea, select, [contenteditable]")) return;
    const input = form.elements.namedItem("q");
    if (input?.disabled) return; // an offline copy: search needs a web server
    event.preventDefault();
    const page = document.querySelector("#tabula-search input.pagefind-ui__search-input");
    if (page) return page.focus();
    if (input && input.offsetParent !== null) return input.focus();
    form.requestSubmit();
  });
}

// A table wider than the page scrolls inside Material's wrapper: one that a keyboard can
// reach and scroll, named for a screen reader by the section it belongs to.
function tabulaScrollingTables() {
  for (const wrap of document.querySelectorAll("article .md-typeset__scrollwrap")) {
    if (wrap.hasAttribute("role")) continue;
    let heading = wrap.previousElementSibling;
    while (heading && !/^H[1-6]$/.test(heading.tagName)) heading = heading.previousElementSibling;
    heading = heading || document.querySelector("article h1");
    const caption = wrap.querySelector("caption");
    const name = (caption || heading)?.textContent.replace(/[¶#]\s*$/, "").trim();
    wrap.tabIndex = 0;
    wrap.setAttribute("role", "region");
    if (name) wrap.setAttribute("aria-label", name);
  }
}

function tabulaPage() {
  tabulaSwitchLanguage();
  tabulaHeaderSearch();
  tabulaSearch();
  tabulaScrollingTables();
}

if (window.document$) {
  window.document$.subscribe(tabulaPage);
} else {
  document.addEventListener("DOMContentLoaded", tabulaPage);
}
