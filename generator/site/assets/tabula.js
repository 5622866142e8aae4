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
function tabulaSearch() {
  const box = document.getElementById("tabula-search");
  if (!box || box.dataset.ready) return;
  box.dataset.ready = "yes";
  const root = tabulaRoot;
  // Instant navigation removes from <head> what the next page does not have: add the
  // stylesheet again on every visit of the search page.
  if (!document.getElementById("tabula-pagefind-css")) {
    const style = document.createElement("link");
    style.id = "tabula-pagefind-css";
    style.rel = "stylesheet";
    style.href = tabulaLink("pagefind/pagefind-ui.css").href;
    document.head.appendChild(style);
  }
  const start = () =>
    new PagefindUI({
      element: "#tabula-search",
      bundlePath: tabulaLink("pagefind/").href,
      // Result links relative to where the site is served, not to the domain's root.
      baseUrl: root.pathname,
      showSubResults: true,
      showImages: false,
      resetStyles: false,
    });
  if (window.PagefindUI) return start();
  const script = document.createElement("script");
  script.src = tabulaLink("pagefind/pagefind-ui.js").href;
  script.onload = start;
  document.head.appendChild(script);
}

function tabulaPage() {
  tabulaSwitchLanguage();
  tabulaSearch();
}

if (window.document$) {
  window.document$.subscribe(tabulaPage);
} else {
  document.addEventListener("DOMContentLoaded", tabulaPage);
}
