"""The MkDocs plugin: MkDocs' events, each handing its work to ``generate.py``."""

from __future__ import annotations

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
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import CountHandler

from ..locale import LANGUAGES, N_, MissingTranslationError, translations
from ..render.theme import board_css
from .generate import (
    Site,
    lock_folder,
    prepare,
    put_back,
    recover_pages,
    recover_tree,
    render_fences,
    replace_tree,
    sidecars,
    unlock_folder,
    write_pages,
)
from .pdf import find_chromium, print_sheets
from .search import index_site

log = logging.getLogger("mkdocs.plugins.tabula")

PERMALINK_TITLE = N_("Link to this section")


class TabulaConfig(Config):
    puzzles_dir = config_options.Type(str, default="puzzles")
    """The folder of puzzle files (one folder per game) and ``lessons/``, beside mkdocs.yml."""
    pdf = config_options.Type((str, bool), default="auto")
    """PDFs of the worksheets and answer keys: ``auto`` makes them when headless Chromium is
    installed, ``yes`` requires it, ``no`` never makes them."""


class TabulaPlugin(BasePlugin[TabulaConfig]):
    """Turns puzzles, lessons and board fences into pages of both languages."""

    def __init__(self) -> None:
        self.site: Site | None = None
        self.chromium: str | None = None
        self.dirty = False
        self.serving = False
        self.swap: _SiteSwap | None = None

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
        # The plugin's own stylesheets and scripts: every Tabula site has them, without copies.
        for name in ASSETS:
            target = config.extra_css if name.endswith(".css") else config.extra_javascript
            if name not in [str(item) for item in target]:
                target.append(name)
        # The site is built beside the old one and swapped in when complete (on_post_build):
        # a build that fails or is killed leaves the old site whole. Not under `mkdocs serve`,
        # nor in i18n's builds of the other languages (they write where the first one does).
        if not self.serving and not _i18n_building(config):
            if self.swap is not None:  # the last build of this process stopped unfinished
                self.swap.abandon()
            self.swap = _SiteSwap(config)
        return config

    # Before MkDocs collects the files (and before i18n builds the first language): check
    # everything of every language, then write the generated pages. A problem stops the build
    # here, before any page reaches site/.
    @event_priority(100)
    def on_pre_build(self, config: MkDocsConfig) -> None:
        if self.swap is not None and not _i18n_building(config):
            self.swap.begin()
        docs = Path(config.docs_dir).resolve()
        recover_pages(docs)
        # mkdocs-static-i18n builds once per language with the same docs_dir: the second
        # time, prepare() answers from its cache and nothing is written.
        # YAML reads an unquoted yes/no as a boolean: both spellings mean the same here.
        pdf = {True: "yes", False: "no"}.get(self.config.pdf, self.config.pdf)  # type: ignore[call-overload]
        if pdf not in ("auto", "yes", "no"):
            raise PluginError(f"Tabula: pdf is auto, yes or no, not {self.config.pdf!r}")
        self.chromium = find_chromium() if pdf != "no" else None
        if pdf == "yes" and self.chromium is None:
            raise PluginError(
                "Tabula: pdf: yes needs headless Chromium (apt-get install chromium), or set "
                "pdf: auto to build without the PDFs"
            )
        try:
            site = prepare(self._puzzles_dir(config), docs, with_pdf=self.chromium is not None)
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
        if self.site is None or page.file.abs_src_path is None:
            return markdown
        return render_fences(self.site, Path(page.file.abs_src_path).resolve(), markdown, lang)

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        try:
            return put_back(html)
        except KeyError:
            raise PluginError(
                f"Tabula: {page.file.src_uri} holds a board that this build did not draw: "
                "build again (mkdocs build, or restart mkdocs serve)"
            ) from None

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
        # Material's instant navigation reads sitemap.xml beside each language's root to know
        # the site's pages; i18n writes one, at the top: each language gets a copy.
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            sitemap = site_dir / name
            for lang in LANGUAGES[1:]:
                if sitemap.is_file() and (site_dir / lang).is_dir():
                    shutil.copyfile(sitemap, site_dir / lang / name)
        # A dirty rebuild under `mkdocs serve` keeps the search index and PDFs made by the
        # first build: remaking them takes seconds, and a writer is waiting for the page.
        if self.dirty and (site_dir / "pagefind").is_dir():
            log.info(
                "Tabula: dirty rebuild: the search index and PDFs are those of the first build"
            )
            return
        if self.chromium is not None and self.site is not None:
            print_sheets(self.chromium, site_dir, sorted(self.site.project.lessons))
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

    def __init__(self, config: MkDocsConfig) -> None:
        self.config = config
        self.site_dir = config.site_dir
        # (A site folder that is a symbolic link stays one: its target is replaced.)
        self.target = os.path.realpath(config.site_dir)
        self.staging = sidecars(self.target)[0]
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
        os.mkdir(self.staging)
        if os.path.isdir(self.target):
            shutil.copymode(self.target, self.staging)

    def finish(self) -> None:
        """The new site takes the old one's place."""
        replace_tree(self.target)
        log.debug(f"Tabula: the new site is in {self.target}")
        self._end()

    def abandon(self, *, end: bool = True) -> None:
        """Remove the new site, leave the old one."""
        if self.begun:
            recover_tree(self.target)
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


ASSETS = ("assets/tabula-board.css", "assets/tabula-sheets.css")
"""The files the plugin adds to every site, under these names in site/."""


def asset_texts() -> dict[str, str]:
    """The text of each of ``ASSETS``: the boards' colours (light, dark, print) from the
    renderer, and the plugin's own files from ``generator/site/assets/``."""
    folder = files(__package__).joinpath("assets")
    return {
        "assets/tabula-board.css": board_css(),
        "assets/tabula-sheets.css": folder.joinpath("sheets.css").read_text(encoding="utf-8"),
    }


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
