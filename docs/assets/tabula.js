// Tabula's site script: plain JavaScript, no network, re-run on every page change of
// Material's instant navigation (document$ emits once per page).

// The language switcher always lands on the same page in the other language. Material draws
// its links once; with instant navigation they would keep pointing at the first page visited.
function tabulaSwitchLanguage() {
  const config = JSON.parse(document.getElementById("__config")?.textContent || "{}");
  const root = new URL(config.base || ".", location.href);
  let path = location.pathname.startsWith(root.pathname)
    ? location.pathname.slice(root.pathname.length)
    : "";
  const languages = [...document.querySelectorAll("a.md-select__link[hreflang]")].map(
    (link) => link.getAttribute("hreflang"),
  );
  const prefix = languages.find((lang) => path.startsWith(lang + "/"));
  if (prefix) path = path.slice(prefix.length + 1);
  const first = languages[0];
  for (const link of document.querySelectorAll("a.md-select__link[hreflang]")) {
    const lang = link.getAttribute("hreflang");
    link.href = new URL((lang === first ? "" : lang + "/") + path + location.hash, root).href;
  }
}

// Search with Pagefind: one index per language, Russian stemmed, fully static. The search
// page holds <div id="tabula-search">; the bundle is loaded from the site's own /pagefind/.
function tabulaSearch() {
  const box = document.getElementById("tabula-search");
  if (!box || box.dataset.ready) return;
  box.dataset.ready = "yes";
  const config = JSON.parse(document.getElementById("__config")?.textContent || "{}");
  const root = new URL(config.base || ".", location.href);
  const start = () =>
    new PagefindUI({
      element: "#tabula-search",
      bundlePath: new URL("pagefind/", root).href,
      showSubResults: true,
      showImages: false,
      resetStyles: false,
    });
  if (window.PagefindUI) return start();
  const script = document.createElement("script");
  script.src = new URL("pagefind/pagefind-ui.js", root).href;
  script.onload = start;
  document.head.appendChild(script);
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = new URL("pagefind/pagefind-ui.css", root).href;
  document.head.appendChild(style);
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
