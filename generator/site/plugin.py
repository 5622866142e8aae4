"""The MkDocs plugin: MkDocs' events, each handing its work to ``generate.py``."""

from __future__ import annotations

import html
import logging
import os
import re
import shutil
import subprocess
import unicodedata
from importlib.resources import files
from pathlib import Path
from typing import Any

from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache
from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import CountHandler

from ..cache import new_build
from ..locale import LANGUAGES, N_, MissingTranslationError, translations
from ..puzzles.check import site_languages
from ..render.theme import BOARD_STYLE, MATERIAL_OVERRIDES, board_css
from ..render.typography import typeset
from .generate import (
    Site,
    lock_folder,
    prepare,
    put_back,
    recover_pages,
    recover_tree,
    render_fences,
    replace_tree,
    set_keys_apart,
    sidecars,
    unlock_folder,
    write_pages,
)
from .pdf import PAPER_SIZES, find_chromium, print_sheets
from .referee import ROOT_CLASS, render_referee, write_referee
from .search import index_site

log = logging.getLogger("mkdocs.plugins.tabula")

PERMALINK_TITLE = N_("Link to this section")


def pdf_setting(configured: object) -> str:
    """``auto``, ``yes`` or ``no``: the environment's ``TABULA_PDF`` when set, else the
    ``pdf`` setting (YAML reads an unquoted yes/no as a boolean: both spellings mean the same).
    """
    from_environment = os.environ.get("TABULA_PDF")
    asked = from_environment or configured
    pdf = ("yes" if asked else "no") if isinstance(asked, bool) else asked
    if pdf not in ("auto", "yes", "no"):
        where = "TABULA_PDF" if from_environment else "pdf"
        raise PluginError(f"Tabula: {where} is auto, yes or no, not {asked!r}")
    return str(pdf)


class TabulaConfig(Config):
    puzzles_dir = config_options.Type(str, default="puzzles")
    """The folder of puzzle files (one folder per game) and ``lessons/``, beside mkdocs.yml."""
    pdf = config_options.Type((str, bool), default="auto")
    """PDFs of the worksheets and answer keys: ``auto`` makes them when headless Chromium is
    installed, ``yes`` requires it, ``no`` never makes them. The environment's ``TABULA_PDF``,
    when set, says it for one build instead (``TABULA_PDF=no mkdocs build``: a quick preview,
    and ``make test``'s strict build)."""
    paper = config_options.Choice(PAPER_SIZES, default="A4")
    """The paper the PDFs are printed on: ``A4`` or ``Letter`` (a page printed from the
    browser takes the printer's own)."""
    answer_keys = config_options.Choice(("public", "private"), default="public")
    """The lessons' answer keys: ``public`` publishes them with the site, linked from each
    lesson and worksheet (what sites made before this option get); ``private`` (what
    ``python -m generator init`` writes) builds them, pages and PDFs, into ``keys_dir`` only, a
    folder for the teacher alone, and no page of the site names them."""
    keys_dir = config_options.Type(str, default="keys")
    """Where private answer keys are built, beside mkdocs.yml: the same layout as the site
    (``lessons/<id>/key/``, ``key.<lang>.pdf``). Each build replaces it."""


class TabulaPlugin(BasePlugin[TabulaConfig]):
    """Turns puzzles, lessons and board fences into pages of both languages."""

    def __init__(self) -> None:
        self.site: Site | None = None
        self.chromium: str | None = None
        self.dirty = False
        self.serving = False
        self.swap: _SiteSwap | None = None
        self.homepage: Page | None = None
        self.not_found: str | None = None  # the root language's 404 page
        self.referee = False  # a page of this build holds the referee board

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # `mkdocs serve --dirty` rebuilds only the pages that changed: the search index and
        # the worksheets' PDFs of its first build are kept (see on_post_build).
        self.dirty = command == "serve" and dirty
        # `mkdocs serve` builds into a temporary folder of its own, in place (see on_config).
        self.serving = command == "serve"

    def on_shutdown(self) -> None:
        # The end of `mkdocs build`: a build that stopped without on_build_error (strict mode's
        # abort in the build of another language) leaves no staging folder behind.
        if self.swap is not None:
            self.swap.abandon()
            self.swap = None

    def _puzzles_dir(self, config: MkDocsConfig) -> Path:
        root = Path(config.config_file_path or ".").resolve().parent
        return root / self.config.puzzles_dir

    def _keys_dir(self, config: MkDocsConfig) -> Path | None:
        """The folder of the private answer keys (``None`` when they are public)."""
        if self.config.answer_keys != "private":
            return None
        root = Path(config.config_file_path or ".").resolve().parent
        # (A keys folder that is a symbolic link stays one: its target is replaced.)
        return Path(os.path.realpath(root / self.config.keys_dir))

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Headings' anchors keep their letters in every language (Markdown's own slugify
        # drops Cyrillic, and Russian headings became #_1, #_2...).
        toc = config.mdx_configs.setdefault("toc", {})
        toc.setdefault("slugify", slugify)
        # The sitemap's dates: those of the sources (the last commit), not of the day of the
        # build, so that two builds of the same sources are byte-identical.
        if "SOURCE_DATE_EPOCH" not in os.environ:
            committed = _last_commit_time(Path(config.config_file_path or ".").resolve().parent)
            if committed is not None:
                os.environ["SOURCE_DATE_EPOCH"] = committed
        # `mkdocs serve` rebuilds when a puzzle changes.
        puzzles = str(self._puzzles_dir(config))
        if puzzles not in config.watch:
            config.watch.append(puzzles)
        # The plugin's own stylesheets and scripts: every Tabula site has them, without copies
        # in its docs/ (on_post_build writes them). The stylesheets come before the site's own,
        # which may restyle them; the scripts are classic ones, deferred, run in this order
        # (module scripts do not run in a site opened from disk).
        listed = [str(item) for item in config.extra_css]
        config.extra_css[:0] = [name for name in STYLESHEETS if name not in listed]
        listed = [str(item) for item in config.extra_javascript]
        for name in SCRIPTS:
            if name not in listed:
                script = ExtraScriptValue(name)
                script.defer = True
                config.extra_javascript.append(script)
        # Tabula's overrides of Material's templates come after a site's own custom_dir, which
        # may override them in turn, and before Material's.
        overrides = str(MATERIAL_OVERRIDES)
        if overrides not in config.theme.dirs:
            config.theme.dirs.insert(1 if config.theme.custom_dir else 0, overrides)
        # Every Tabula site has a search page (see generate.search_page): listed last in a
        # navigation written out in mkdocs.yml that does not name it.
        _add_search_to_nav(config)
        keys = self._keys_dir(config)
        if keys is not None:
            _check_keys_dir(keys, config, self._puzzles_dir(config))
        # The site is built beside the old one and swapped in when complete (on_post_build):
        # a build that fails or is killed leaves the old site whole. Not under `mkdocs serve`,
        # nor in i18n's builds of the other languages (they write where the first one does).
        if not self.serving and not _i18n_building(config):
            if self.swap is not None:  # the last build of this process stopped unfinished
                self.swap.abandon()
            self.swap = _SiteSwap(config, keys)
        return config

    # Before MkDocs collects the files (and before i18n builds the first language): check
    # everything of every language, then write the generated pages. A problem stops the build
    # here, before any page reaches site/.
    @event_priority(100)
    def on_pre_build(self, config: MkDocsConfig) -> None:
        # A build begins (not i18n's build of another language, which shares the first's):
        # the build caches drop what the last build did not use.
        if not _i18n_building(config):
            new_build()
            self.referee = False
        if self.swap is not None and not _i18n_building(config):
            self.swap.begin()
        docs = Path(config.docs_dir).resolve()
        recover_pages(docs)
        # mkdocs-static-i18n builds once per language with the same docs_dir: the second
        # time, prepare() answers from its cache and nothing is written.
        pdf = pdf_setting(self.config.pdf)
        self.chromium = find_chromium() if pdf != "no" else None
        if pdf == "yes" and self.chromium is None:
            raise PluginError(
                "Tabula: pdf: yes needs headless Chromium (apt-get install chromium), or set "
                "pdf: auto to build without the PDFs"
            )
        try:
            site = prepare(
                self._puzzles_dir(config),
                docs,
                with_pdf=self.chromium is not None,
                public_keys=self.config.answer_keys == "public",
            )
        except MissingTranslationError as error:
            raise PluginError(f"Tabula: {error}") from None
        if site.errors:
            problems = "\n".join(str(d) for d in site.project.report.sorted())
            count = len(site.errors)
            raise PluginError(
                f"Tabula: {count} problem{'s' if count > 1 else ''} in the puzzles and pages; "
                f"nothing was built:\n{problems}"
            )
        write_pages(site, docs)
        self.site = site

    # After i18n (priority -100) has chosen this language's home page.
    @event_priority(-110)
    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        self.homepage = nav.homepage
        return nav

    def on_env(self, env: Environment, /, *, config: MkDocsConfig, files: Files) -> Environment:
        # MkDocs makes a new theme environment for every build (and i18n one per language):
        # the compiled templates are kept for the whole process, so `mkdocs serve` does not
        # compile Material's templates again on each rebuild.
        if env.bytecode_cache is None:
            env.bytecode_cache = _COMPILED
        return env

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        lang = _language(config, page)
        # The heading links' tooltip, in the page's language (Markdown reads it when it
        # renders this page, right after this event).
        config.mdx_configs.setdefault("toc", {})["permalink_title"] = translations(lang).gettext(
            PERMALINK_TITLE
        )
        markdown = render_referee(markdown, lang, page.url)  # the referee board, if it is here
        if self.site is None or page.file.abs_src_path is None:
            return markdown
        return render_fences(self.site, Path(page.file.abs_src_path).resolve(), markdown, lang)

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        # The typography of the page's language (Russian non-breaking spaces) goes into its
        # text while the boards are still set aside: they are never read, let alone changed.
        html = typeset(html, lang=_language(config, page))
        self.referee = self.referee or f'class="{ROOT_CLASS}' in html
        try:
            return put_back(html)
        except KeyError:
            raise PluginError(
                f"Tabula: {page.file.src_uri} holds a board that this build did not draw: "
                "build again (mkdocs build, or restart mkdocs serve)"
            ) from None

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        # The home page of a language other than the root's is not MkDocs' home page, and
        # Material titles it "<page> - <site>" ("Tabula - Tabula"): like the root's home page,
        # it is titled with the site's name (this language's, i18n's site_name).
        if page is self.homepage and not page.is_homepage:
            title = f"<title>{html.escape(config.site_name, quote=False)}</title>"
            output = _TITLE.sub(lambda _: title, output, count=1)
        return output

    def on_post_template(
        self, output_content: str, /, *, template_name: str, config: MkDocsConfig
    ) -> str:
        # Every language's build writes its 404 page at the top of the site, the last one
        # winning: the root's stays the root language's, each other language's goes into its
        # own folder.
        if template_name != "404.html":
            return output_content
        i18n: Any = config.plugins.get("i18n")
        lang = getattr(i18n, "current_language", None)
        if i18n is None or lang is None or lang == i18n.default_language:
            self.not_found = output_content
            return output_content
        target = Path(config.site_dir) / lang / "404.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(output_content, encoding="utf-8")
        return self.not_found if self.not_found is not None else output_content

    def on_build_error(self, *, error: Exception) -> None:
        # An exception in any plugin or page (MkDocs calls this before it stops): the new site
        # is dropped, the old one was never touched.
        if self.swap is not None:
            self.swap.abandon()
            self.swap = None

    # After the last language is built (i18n builds the others from its own on_post_build, at
    # priority -100): index the whole site with Pagefind, once.
    @event_priority(-110)
    def _index_site(self, config: MkDocsConfig) -> None:
        if _i18n_building(config):
            return  # a language built from inside i18n's loop: the outer build indexes all
        if self.swap is not None and _strict_failed():
            return  # the build is dropped (see _swap_site): no time spent on its index
        site_dir = Path(config.site_dir)
        for name, text in asset_texts().items():
            target = site_dir / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        if self.referee:  # Pyodide and the engine, for the referee page alone
            write_referee(site_dir, Path(config.config_file_path or ".").resolve().parent)
        languages = site_folders(config)
        lessons = sorted(self.site.project.lessons) if self.site is not None else []
        keys = self._keys_dir(config)
        # A dirty rebuild under `mkdocs serve` keeps the search index and PDFs made by the
        # first build: remaking them takes seconds, and a writer is waiting for the page.
        dirty = self.dirty and (site_dir / "pagefind").is_dir()
        if not dirty and self.chromium is not None:
            print_sheets(self.chromium, site_dir, lessons, languages, self.config.paper)
        if keys is not None:
            # Private keys leave the site (and its sitemap) before it is indexed. A dirty
            # rebuild made only some pages: the keys folder keeps those of the last full build.
            staging = None if dirty else Path(sidecars(str(keys))[0])
            if staging is not None:
                recover_tree(str(keys))
            set_keys_apart(site_dir, staging, list(languages.values()), lessons)
            if staging is not None:
                staging.mkdir(parents=True, exist_ok=True)
                (staging / KEYS_MARK).write_text(KEYS_NOTE, encoding="utf-8")
                if self.swap is None:  # `mkdocs serve`: no site swap to go with
                    replace_tree(str(keys))
        # Material's instant navigation reads sitemap.xml beside each language's root to know
        # the site's pages; i18n writes one, at the top: each language gets a copy.
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            sitemap = site_dir / name
            for folder in languages.values():
                if folder and sitemap.is_file() and (site_dir / folder).is_dir():
                    shutil.copyfile(sitemap, site_dir / folder / name)
        if dirty:
            log.info(
                "Tabula: dirty rebuild: the search index and PDFs are those of the first build"
            )
            return
        index_site(site_dir)

    # Last of all, once the search index and the PDFs are there: the complete new site
    # replaces the old one. Strict mode stops the build right after this event when it
    # counted a warning, without on_build_error: then the new site is dropped here.
    @event_priority(-1000)
    def _swap_site(self, config: MkDocsConfig) -> None:
        if self.swap is None:
            return
        inner = _i18n_building(config)
        if _strict_failed():
            # (Inside i18n's loop the folder stays named: the next language writes there.)
            self.swap.abandon(end=not inner)
            if not inner:
                self.swap = None
        elif not inner:
            self.swap.finish()
            self.swap = None

    on_post_build = CombinedEvent(_index_site, _swap_site)


class _CompiledTemplates(BytecodeCache):
    """Compiled Jinja templates, kept in memory by template and source checksum."""

    def __init__(self) -> None:
        self.compiled: dict[tuple[str, str], bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.compiled.get((bucket.key, bucket.checksum))
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[(bucket.key, bucket.checksum)] = bucket.bytecode_to_string()


_COMPILED = _CompiledTemplates()


class _SiteSwap:
    """A build of the site beside the old one: MkDocs writes into ``site.tabula-new`` (set as
    ``config.site_dir`` until the build ends), which takes the place of ``site`` when complete.
    A build killed at any moment leaves the old site as it was; the next one clears the rest."""

    def __init__(self, config: MkDocsConfig, keys: Path | None = None) -> None:
        self.config = config
        self.site_dir = config.site_dir
        # (A site folder that is a symbolic link stays one: its target is replaced.)
        self.target = os.path.realpath(config.site_dir)
        self.staging = sidecars(self.target)[0]
        # Private answer keys are built beside their folder too, and swapped in with the site.
        self.keys = str(keys) if keys is not None else None
        self.lock: int | None = None
        self.begun = False
        config.site_dir = self.staging

    def begin(self) -> None:
        """Clear a killed build's leftovers (the old site back in place first, if it was
        moved aside), then start the new site in an empty folder."""
        if self.begun:
            return
        self.begun = True
        parent = os.path.dirname(self.target)
        os.makedirs(parent, exist_ok=True)
        self.lock = lock_folder(
            parent, lambda: log.info(f"Tabula: waiting for another build of {self.target}")
        )
        recover_tree(self.target)
        if self.keys is not None:
            recover_tree(self.keys)
        os.mkdir(self.staging)
        if os.path.isdir(self.target):
            shutil.copymode(self.target, self.staging)

    def finish(self) -> None:
        """The new site takes the old one's place (and the new keys the old keys')."""
        replace_tree(self.target)
        if self.keys is not None and os.path.isdir(sidecars(self.keys)[0]):
            replace_tree(self.keys)
        log.debug(f"Tabula: the new site is in {self.target}")
        self._end()

    def abandon(self, *, end: bool = True) -> None:
        """Remove the new site, leave the old one."""
        if self.begun:
            recover_tree(self.target)
            if self.keys is not None:
                recover_tree(self.keys)
        if end:
            self._end()

    def _end(self) -> None:
        self.config.site_dir = self.site_dir
        unlock_folder(self.lock)
        self.lock = None


def _i18n_building(config: MkDocsConfig) -> bool:
    """This build is one of the other languages', run by mkdocs-static-i18n from inside the
    first language's on_post_build."""
    i18n: Any = config.plugins.get("i18n")
    return bool(getattr(i18n, "building", False))


def _strict_failed() -> bool:
    """Strict mode counted a warning: MkDocs stops the build once on_post_build is done."""
    return any(
        isinstance(handler, CountHandler) and handler.get_counts()
        for handler in logging.getLogger("mkdocs").handlers
    )


STYLESHEETS = ("assets/tabula-styles.css",)
SCRIPTS = (
    "assets/tabula.js",
    "assets/tabula-widget-core.js",
    "assets/tabula-widget-board.js",
    "assets/tabula-widget-answers.js",
    "assets/tabula-widget.js",
    "assets/tabula-practice.js",
)
ASSETS = STYLESHEETS + SCRIPTS
"""The files the plugin adds to every site, under these names in site/: one stylesheet (the
boards' colours, the generated pages' and the puzzle widget's styles, the worksheets' print
styles: one file, as each stylesheet in <head> holds up a phone's first paint by a request);
the site's script (language switcher, search box), the puzzle widget's (its core, its board,
its answer forms and the wiring to the page) and the practice sessions' (with the progress
page)."""

_STYLES = ("pages.css", "widget.css", "sheets.css")
"""The files of ``generator/site/assets/`` in the stylesheet, after the boards' rules."""

_SOURCES = {
    "assets/tabula.js": "tabula.js",
    "assets/tabula-widget-core.js": "widget-core.js",
    "assets/tabula-widget-board.js": "widget-board.js",
    "assets/tabula-widget-answers.js": "widget-answers.js",
    "assets/tabula-widget.js": "widget.js",
    "assets/tabula-practice.js": "practice.js",
}
"""The files of ``generator/site/assets/`` behind each script of ``ASSETS``."""


def asset_texts() -> dict[str, str]:
    """The text of each of ``ASSETS``: the stylesheet, which opens with the boards' rules from
    the renderer (the dark and print palettes, then the rules that a standalone board carries
    in its own ``<style>`` and the boards of the site's pages leave to this file) and goes on
    with the plugin's own stylesheets, and the scripts, from ``generator/site/assets/``."""
    folder = files(__package__).joinpath("assets")
    rules = "/* The boards' own rules (generator/render/theme.py). */"
    styles = [f"{board_css()}\n{rules}\n{BOARD_STYLE}\n"]
    for source in _STYLES:
        text = folder.joinpath(source).read_text(encoding="utf-8")
        styles.append(f"/* generator/site/assets/{source} */\n{text}")
    texts = {STYLESHEETS[0]: "\n".join(styles)}
    for name, source in _SOURCES.items():
        texts[name] = folder.joinpath(source).read_text(encoding="utf-8")
    return {name: texts[name] for name in ASSETS}


KEYS_MARK = ".tabula-keys"
"""The file that marks a folder as the plugin's keys folder, which each build may replace."""
KEYS_NOTE = (
    "The answer keys of this site's lessons, built by `mkdocs build` (answer_keys: private in\n"
    "mkdocs.yml). Each build replaces this folder: keep it for yourself, do not publish it.\n"
)

_TITLE = re.compile(r"<title>.*?</title>", re.DOTALL)


def site_folders(config: MkDocsConfig) -> dict[str, str]:
    """Each language the site is built in and its folder in site/ ('' for the root): the
    languages mkdocs-static-i18n builds, its default one at the root. Without i18n, each
    language's pages stay in their docs/ folder's name.

    >>> from mkdocs.config import load_config
    >>> site_folders(load_config("mkdocs.yml"))
    {'en': '', 'ru': 'ru'}
    """
    i18n: Any = config.plugins.get("i18n")
    if i18n is None:
        return {lang: lang for lang in site_languages(Path(config.docs_dir))}
    default = i18n.default_language
    return {
        lang: "" if lang == default else lang for lang in i18n.build_languages if lang in LANGUAGES
    }


def _add_search_to_nav(config: MkDocsConfig) -> None:
    """A navigation written out in mkdocs.yml ends with the search page, unless it names one:
    the site's own ``search.md``, else the one the plugin writes (``search/index.md``)."""
    if not isinstance(config.nav, list):
        return  # no navigation written out: MkDocs lists every page, the search page too

    def named(items: Any) -> list[str]:
        if isinstance(items, str):
            return [items]
        if isinstance(items, list):
            return [name for item in items for name in named(item)]
        if isinstance(items, dict):
            return [name for value in items.values() for name in named(value)]
        return []

    pages = {name.strip("/") for name in named(config.nav)}
    if pages & {"search.md", "search/index.md", "search"}:
        return
    docs = Path(config.docs_dir)
    own = any((docs / lang / "search.md").is_file() for lang in site_languages(docs))
    config.nav.append("search.md" if own else "search/index.md")


def _check_keys_dir(keys: Path, config: MkDocsConfig, puzzles: Path) -> None:
    """The keys folder is a folder of its own: outside the site, docs and puzzles, holding
    none of them nor mkdocs.yml, and empty or made by an earlier build."""
    project = Path(config.config_file_path or ".").resolve().parent
    where = f"Tabula: keys_dir {keys}"
    for name, other in (
        ("the site", Path(os.path.abspath(config.site_dir))),
        ("docs", Path(os.path.abspath(config.docs_dir))),
        ("the puzzles", puzzles),
        ("the project", project),
    ):
        if keys == other or other.is_relative_to(keys) or keys.is_relative_to(other):
            if name == "the project" and keys.is_relative_to(other) and keys != other:
                continue  # beside mkdocs.yml: where it belongs
            raise PluginError(
                f"{where} overlaps {name} ({other}): the keys need a folder of their own, "
                "such as keys_dir: keys beside mkdocs.yml"
            )
    if os.path.lexists(keys) and not keys.is_dir():
        raise PluginError(f"{where} is a file, not a folder: choose another name")
    if keys.is_dir() and any(keys.iterdir()) and not (keys / KEYS_MARK).is_file():
        raise PluginError(
            f"{where} holds files that are not answer keys made by Tabula, and each build "
            "replaces the folder: choose another name (keys_dir in mkdocs.yml), or empty it"
        )


def _last_commit_time(folder: Path) -> str | None:
    """The time of the last commit of the repository around ``folder`` (seconds since 1970),
    or ``None`` outside a git repository."""
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), "log", "-1", "--format=%ct"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    stamp = done.stdout.strip()
    return stamp if done.returncode == 0 and stamp.isdigit() else None


def slugify(text: str, separator: str) -> str:
    """A heading's anchor: its words in lowercase, in any script, joined by ``separator``.

    >>> slugify("Голова: одна шашка за ход", "-")
    'голова-одна-шашка-за-ход'
    >>> slugify("Tavla — no cube (Classic)", "-")
    'tavla-no-cube-classic'
    """
    words = re.sub(r"[^\w\s-]", "", unicodedata.normalize("NFKC", text)).strip().lower()
    return re.sub(rf"[{re.escape(separator)}\s]+", separator, words)


def _language(config: MkDocsConfig, page: Page) -> str:
    i18n: Any = config.plugins.get("i18n")
    current = getattr(i18n, "current_language", None)
    if current in LANGUAGES:
        return str(current)
    first = page.file.src_uri.split("/", 1)[0]
    return first if first in LANGUAGES else LANGUAGES[0]
