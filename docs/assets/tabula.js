// Tabula's site script: plain JavaScript, no network, re-run on every page change of
// Material's instant navigation (document$ emits once per page).

// The site's root URL, worked out once, from the page that loaded this script. Instant
// navigation swaps the page's content but keeps the first page's #__config, whose "base" is
// relative to that first page: read again after a page change, it would point elsewhere.
const tabulaRoot = (() => {
  const config = JSON.parse(document.getElementById("__config")?.textContent || "{}");
  return new URL(config.base || ".", location.href);
})();

// The language switcher always lands on the same page in the other language. Material draws
// its links once; with instant navigation they would keep pointing at the first page visited.
// Changing language is a full page load (target="_self" keeps Material's instant navigation
// off the link): the header, <html lang> and Material's own strings belong to the language.
function tabulaSwitchLanguage() {
  const root = tabulaRoot;
  let path = location.pathname.startsWith(root.pathname)
    ? location.pathname.slice(root.pathname.length)
    : "";
  const links = [...document.querySelectorAll("a.md-select__link[hreflang]")];
  const languages = links.map((link) => link.getAttribute("hreflang"));
  const prefix = languages.find((lang) => path.startsWith(lang + "/"));
  if (prefix) path = path.slice(prefix.length + 1);
  const first = languages[0];
  for (const link of links) {
    const lang = link.getAttribute("hreflang");
    link.href = new URL((lang === first ? "" : lang + "/") + path + location.hash, root).href;
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
    style.href = new URL("pagefind/pagefind-ui.css", root).href;
    document.head.appendChild(style);
  }
  const start = () =>
    new PagefindUI({
      element: "#tabula-search",
      bundlePath: new URL("pagefind/", root).href,
      // Result links relative to where the site is served, not to the domain's root.
      baseUrl: root.pathname,
      showSubResults: true,
      showImages: false,
      resetStyles: false,
    });
  if (window.PagefindUI) return start();
  const script = document.createElement("script");
  script.src = new URL("pagefind/pagefind-ui.js", root).href;
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
