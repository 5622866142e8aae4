"""The referee board: its page's markup, and its files in the site (Pyodide, the engine, the
page's script).

The referee page (``docs/<lang>/referee.md``) holds a placeholder, ``<div class="tabula-referee">
</div>``, that :func:`render_referee` replaces with the board's interface in the page's language:
one template for every language, its words from the site's catalogs, its list of games from
``generator.engine.PRESETS`` (a new preset appears on its own). The board and its controls are
drawn without Pyodide, from the opening position the engine set out at build time; the engine
itself (``generator/engine`` under Pyodide, served from the site's own files: nothing is fetched
from anywhere else) is loaded on the reader's first use of the board, or at once for a link that
carries a position. The build copies the pinned Pyodide release from ``node_modules/pyodide``
(``make site`` installs it with npm, from package.json), with only the part of the standard
library the referee imports, and zips the engine, the page's side of it
(``assets/referee_bridge.py``) and the catalogs compiled to .mo files; the Python of both zips
is compiled to bytecode by that Pyodide under Node.js when there is one (a start three times
faster than from source). Only the referee page
loads any of it. Without Pyodide the site is built all the same, the page says what to install.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import logging
import os
import re
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ..engine import PRESETS, VARIANTS
from ..locale import DOMAIN, LANGUAGES, N_, RULES_NAMES, VARIANT_NAMES, translations
from .assets.referee_bridge import Board

log = logging.getLogger("mkdocs.plugins.tabula")

PYODIDE_VERSION = "314.0.8"
"""The Pyodide release the referee runs on (package.json pins the same)."""
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""What of the npm package the page needs as it is: the loader (a classic script) and the
interpreter. The standard library and the lock file are written smaller (:func:`write_referee`),
and no other Python package is shipped."""
STDLIB = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
STDLIB_MODULES = frozenset(
    """__future__ _colorize _opcode_metadata _py_warnings _pyodide _sitebuiltins _weakrefset abc
    annotationlib ast asyncio base64 bisect bz2 codecs codeop collections compression concurrent
    contextlib contextvars copy copyreg dataclasses dis encodings enum fnmatch functools
    genericpath gettext glob heapq importlib inspect io json keyword linecache locale logging
    lzma ntpath opcode operator os pathlib posixpath pyodide random re reprlib selectors shutil
    signal site socket ssl stat string struct subprocess tempfile textwrap threading token
    tokenize traceback types typing warnings weakref zipfile zipimport""".split()  # noqa: SIM905
)
"""The top-level modules and packages of the standard library that Pyodide's start and the
engine import (``sys.modules`` after a session of every kind of request): the only ones
shipped (0.9 MB of the 2.5 MB zip). A module missing here fails the browser tests at once."""
ENCODINGS = frozenset({"__init__", "aliases", "ascii", "cp437", "latin_1", "utf_8", "utf_8_sig"})
"""The codecs kept of ``encodings`` (Python's start looks them up; zip names use cp437)."""
FOLDER = "assets/referee"
"""Where the referee's files go in the site."""
ROOT_CLASS = "tabula-referee"
"""The class of the referee board's root element: a page that has one gets the files."""
PLACEHOLDER = re.compile(rf'^<div class="{ROOT_CLASS}"></div>$', re.MULTILINE)
"""Where the page's Markdown wants the board."""
_SCRIPTS = {"referee.js": "referee.js", "referee.css": "referee.css"}
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)

# The page's interface ------------------------------------------------------------------------

SCRIPT_WORDS = {
    "ready": N_("The referee is ready: set up a position, set the dice and play."),
    "point": N_("The {point}-point"),
    "bar": N_("The bar"),
    "off": N_("Borne off"),
    "loadingPython": N_("Loading Python (about 12 MB, once)…"),
    "loadingEngine": N_("Starting the rules engine…"),
    "missing": N_(
        "The rules engine is not installed in this copy of the site: Pyodide is missing. "
        "Build the site with make site, which needs Node.js and npm (it installs Pyodide "
        "with npm)."
    ),
    "cannotStart": N_(
        "This browser cannot start the rules engine here (it needs WebAssembly, and a page "
        "opened from a file on disk may not use it). Open the site from a web server, or ask "
        "the command line: python -m generator show."
    ),
    "accepted": N_("{step}: allowed."),
    "complete": N_("The turn is complete: {play}."),
    "pips": N_("Pip count: White {mover}, Black {opponent}."),
    "playDie": N_("Play the {die}"),
    "played": N_("Played so far: {steps}"),
    "passes": N_("No legal play: the turn passes."),
    "copied": N_("Copied."),
    "rollFirst": N_("Set or roll the dice first."),
    "noChecker": N_("You have no checker on {point}."),
    "chooseDie": N_("Checker on {point}: click where it goes, or the die to play."),
    "noDie": N_("No die left to play moves a checker from {from} to {to}."),
    "plays": N_("Legal plays: {count}. Click one to play it."),
}
"""What the page's script says, by its name there (referee.js), as message ids."""
IDLE = N_(
    "Set up a position, set the dice and play: the rules engine starts when you first use the "
    "board (about 12 MB, once)."
)
"""What the board says before the reader uses it (and the engine is loaded)."""


def games() -> list[tuple[str, str]]:
    """Every game and its table-rule presets, as ``(value, name)`` for the game list: the
    value is ``game`` or ``game:rules`` (as the script reads it), the name a message id, or
    two joined with a dash."""
    found = []
    for game in VARIANTS:
        for rules in PRESETS[game]:
            value = game if rules == "default" else f"{game}:{rules}"
            found.append((value, rules))
    return found


def opening_state() -> dict[str, object]:
    """The board the page shows before the engine is loaded: the engine's answer for the
    first game's opening position, worked out here."""
    board = Board()
    board.start()
    return board.state()


def referee_html(lang: str, assets: str) -> str:
    """The referee board's markup in ``lang``, its files at the address ``assets`` (relative
    to the page, ending in a slash). One block of HTML with no blank line, which Markdown
    passes through as it is."""
    say = translations(lang).gettext

    def _(text: str) -> str:  # a message of the catalogs, escaped for HTML
        return html.escape(say(text), quote=False)

    def button(name: str, text: str) -> str:
        return f'<button type="button" class="md-button tr-{name}">{text}</button>'

    def radio(group: str, value: str, text: str, checked: bool = False) -> str:
        on = " checked" if checked else ""
        return f'<label><input type="radio" name="tr-{group}" value="{value}"{on}> {text}</label>'

    copy_word = _("Copy")

    def copy(name: str, label: str, field: str) -> str:
        hidden = "" if name == "link" else " hidden"
        return (
            f'<div class="tr-copy"{hidden}><label>{label} {field}</label>'
            f'<button type="button" class="md-button" data-copy="{name}">{copy_word}</button></div>'
        )

    def hold(data: object) -> str:  # JSON for the script, in a <template>
        return html.escape(json.dumps(data, ensure_ascii=False), quote=False)

    def game_name(value: str, rules: str) -> str:
        name = say(VARIANT_NAMES[value.split(":")[0]])
        if rules == "default":
            return name
        reading = say(RULES_NAMES[rules]) if rules in RULES_NAMES else rules
        return f"{name} — {reading}"

    options = "".join(
        f'<option value="{value}">{html.escape(game_name(value, rules))}</option>'
        for value, rules in games()
    )
    dice = "".join(f"<option>{n}</option>" for n in range(1, 7))
    words = {name: say(text) for name, text in SCRIPT_WORDS.items()}
    lines = [
        f'<link rel="stylesheet" href="{assets}referee.css">',
        f'<div class="{ROOT_CLASS}" data-ready="false">',
        f'<template class="tr-words">{hold(words)}</template>',
        f'<template class="tr-opening">{hold(opening_state())}</template>',
        '<div class="tr-progress" hidden><progress></progress></div>',
        '<p role="status" aria-live="polite" class="tr-status">' + _(IDLE) + "</p>",
        '<div class="tr-failed" hidden><p><strong>'
        + _("The rules engine could not start.")
        + '</strong> <span class="tr-failed-why"></span></p><p>'
        + _(
            "On the command line the same engine answers: write the position as a puzzle file "
            "(python -m generator new writes one to fill in) and run python -m generator show "
            "my-puzzle.yaml."
        )
        + "</p></div>",
        '<div class="tr-controls">',
        '<div class="tr-row"><label>'
        + _("Game")
        + f' <select class="tr-game">{options}</select></label>',
        button("start", _("Opening position")),
        button("empty", _("Empty board")),
        radio("mode", "setup", _("Set up"), checked=True),
        radio("mode", "play", _("Play")) + "</div>",
        '<fieldset class="tr-tools"><legend>' + _("Click a point to") + "</legend>",
        radio("tool", "add", _("add a White checker"), checked=True),
        radio("tool", "add-opponent", _("add a Black checker")),
        radio("tool", "remove", _("remove a checker")),
        '<label class="tr-pin-tool" hidden><input type="radio" name="tr-tool" value="pin"> '
        + _("pin a lone checker")
        + "</label></fieldset>",
        '<svg class="tr-board" viewBox="0 0 585 470" role="group" aria-label="'
        + html.escape(say(N_("The referee board")))
        + '"></svg>',
        '<p class="tr-problem" hidden></p>',
        '<p class="tr-pips"></p>',
        '<div class="tr-row"><label>'
        + _("Dice")
        + f' <select class="tr-die1">{dice}</select> <select class="tr-die2">{dice}</select>'
        + "</label>",
        button("set-dice", _("Set the dice")),
        button("roll", _("Roll")),
        '<span class="tr-dice"></span></div>',
        '<p class="tr-played"></p>',
        '<div class="tr-row">' + button("undo", _("Undo")),
        button("reset", _("Start the turn again")),
        button("list", _("List all legal plays")),
        button("next", _("Next turn")) + "</div>",
        '<ol class="tr-plays"></ol>',
        '<div class="tr-row"><label>'
        + _("Paste a position")
        + ' <textarea class="tr-paste" rows="3"></textarea></label>',
        button("paste-button", _("Set up the position")) + "</div>",
        copy("xgid", "XGID", '<input class="tr-copy-xgid" readonly>'),
        copy("text", _("Text form"), '<input class="tr-copy-text" readonly>'),
        copy("yaml", _("Puzzle"), '<textarea class="tr-copy-yaml" rows="9" readonly></textarea>'),
        copy("link", _("Link"), '<input class="tr-copy-link" readonly>'),
        "</div>",
        "</div>",
        f'<script src="{assets}referee.js"></script>',
    ]
    return "\n".join(lines)


def render_referee(markdown: str, lang: str, page_url: str) -> str:
    """``markdown`` with its referee placeholder (if any) replaced by the board's markup in
    ``lang``, for the page at the site address ``page_url`` (``referee/``, ``ru/referee/``)."""
    if PLACEHOLDER.search(markdown) is None:
        return markdown
    assets = "../" * page_url.count("/") + FOLDER + "/"
    markup = referee_html(lang, assets)
    return PLACEHOLDER.sub(lambda _: markup, markdown, count=1)


# The files ------------------------------------------------------------------------------------


def find_pyodide(*roots: Path) -> Path | None:
    """The folder of the pinned Pyodide release under the first of ``roots`` that has one in
    ``node_modules``, or ``None``."""
    for root in roots:
        folder = root / "node_modules" / "pyodide"
        try:
            version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
        except (OSError, ValueError, KeyError):
            continue
        needed = (*PYODIDE_FILES, STDLIB, LOCK_FILE)
        if version == PYODIDE_VERSION and all((folder / name).is_file() for name in needed):
            return folder
    return None


def _zip(put_all: Callable[[Callable[[str, bytes], None]], None]) -> bytes:
    """A zip archive of what ``put_all`` puts, byte-identical from build to build."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:

        def put(name: str, data: bytes) -> None:
            archive.writestr(zipfile.ZipInfo(name, _ZIP_TIME), data, zipfile.ZIP_DEFLATED)

        put_all(put)
    return out.getvalue()


def engine_zip() -> bytes:
    """The engine, the page's side of it and each language's catalog, as one zip archive that
    the page unpacks into Pyodide's file system."""
    package = files("generator")

    def put_all(put: Callable[[str, bytes], None]) -> None:
        put("generator/__init__.py", b"")
        engine = package.joinpath("engine")
        for name in sorted(item.name for item in engine.iterdir() if item.name.endswith(".py")):
            put(f"generator/engine/{name}", engine.joinpath(name).read_bytes())
        put(
            "referee_bridge.py",
            package.joinpath("site", "assets", "referee_bridge.py").read_bytes(),
        )
        for lang in LANGUAGES[1:]:
            po = package.joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
            catalog = read_po(io.BytesIO(po.read_bytes()), locale=lang, domain=DOMAIN)
            mo = io.BytesIO()
            write_mo(mo, catalog)
            put(f"locale/{lang}.mo", mo.getvalue())

    return _zip(put_all)


def referee_stdlib(full: bytes) -> bytes:
    """Of Pyodide's standard library (the zip ``full``), the modules the referee imports
    (:data:`STDLIB_MODULES`)."""

    def kept(name: str) -> bool:
        top = name.split("/")[0].removesuffix(".py")
        if top == "encodings" and "/" in name:
            return name.split("/")[-1].removesuffix(".py") in ENCODINGS
        return top in STDLIB_MODULES or top.startswith("_sysconfigdata")

    with zipfile.ZipFile(io.BytesIO(full)) as source:

        def put_all(put: Callable[[str, bytes], None]) -> None:
            for item in source.infolist():
                if not item.is_dir() and kept(item.filename):
                    put(item.filename, source.read(item))

        return _zip(put_all)


def lock_file(full: str) -> str:
    """Pyodide's lock file without its packages: the referee loads none (it is read at
    start, 120 KB, for nothing)."""
    return json.dumps({"info": json.loads(full)["info"], "packages": {}})


COMPILE_SECONDS = 300
"""How long Node.js may take to start Pyodide and compile (a busy machine's build)."""


def compiled(pyodide: Path, archives: list[bytes]) -> list[bytes] | None:
    """``archives`` (zips of Python modules) with each module compiled to bytecode by the
    Pyodide release in ``pyodide``, run under Node.js (``assets/referee_compile.js``), or
    ``None`` without Node.js: the page then runs the sources, only slower to start (Python
    compiles the ~200 modules of its start at every visit). What was compiled once is kept in
    ``node_modules/.cache/tabula-referee/`` (npm's folder for tools' caches), by the digest
    of the sources, the script and the release, so a build pays for it only when they change."""
    script = files(__package__).joinpath("assets", "referee_compile.js")
    salt = PYODIDE_VERSION.encode() + script.read_bytes()
    cache = pyodide.parent / ".cache" / "tabula-referee"
    kept = [cache / f"{hashlib.sha256(salt + data).hexdigest()}.zip" for data in archives]
    missing = [
        (path, data) for path, data in zip(kept, archives, strict=True) if not path.is_file()
    ]
    if missing:
        node = shutil.which("node")
        if node is None:
            log.info("Tabula: no Node.js: the referee's Python is shipped as source (slower start)")
            return None
        with tempfile.TemporaryDirectory(prefix="tabula-referee-") as folder:
            paths = []
            for i, (_, data) in enumerate(missing):
                source = Path(folder, f"{i}.zip")
                source.write_bytes(data)
                paths += [str(source), str(Path(folder, f"{i}.pyc.zip"))]
            try:
                subprocess.run(
                    [node, str(script), str(pyodide), *paths],
                    check=True,
                    capture_output=True,
                    timeout=COMPILE_SECONDS,
                )
            except (OSError, subprocess.SubprocessError) as error:
                log.info(f"Tabula: the referee's Python is shipped as source: {error}")
                return None
            made = {
                path: Path(folder, f"{i}.pyc.zip").read_bytes()
                for i, (path, _) in enumerate(missing)
            }
        try:  # (another build may write the same file: each writes a whole one, then renames)
            cache.mkdir(parents=True, exist_ok=True)
            for path, data in made.items():
                part = path.with_name(f"{path.name}.{os.getpid()}")
                part.write_bytes(data)
                part.replace(path)
        except OSError as error:
            log.info(f"Tabula: the referee's bytecode is not kept for the next build: {error}")
        return [made[path] if path in made else path.read_bytes() for path in kept]
    return [path.read_bytes() for path in kept]


def write_referee(site_dir: Path, project: Path) -> bool:
    """Write the referee's files into ``site_dir``; Pyodide from ``project``'s node_modules
    (else from the one beside this package's source). ``False`` when Pyodide is missing: the
    page then says what to install."""
    target = site_dir / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    assets = files(__package__).joinpath("assets")
    for name, source in _SCRIPTS.items():
        (target / name).write_bytes(assets.joinpath(source).read_bytes())
    engine = engine_zip()
    found = find_pyodide(project, Path(__file__).resolve().parents[2])
    if found is None:
        (target / "engine.zip").write_bytes(engine)
        log.info(
            f"Tabula: Pyodide {PYODIDE_VERSION} is not in node_modules: the referee page will "
            "say so; install it with `make site` (needs Node.js and npm)"
        )
        return False
    folder = target / "pyodide"
    folder.mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(found / name, folder / name)
    stdlib = referee_stdlib((found / STDLIB).read_bytes())
    stdlib, engine = compiled(found, [stdlib, engine]) or [stdlib, engine]
    (folder / STDLIB).write_bytes(stdlib)
    (target / "engine.zip").write_bytes(engine)
    (folder / LOCK_FILE).write_text(
        lock_file((found / LOCK_FILE).read_text(encoding="utf-8")), encoding="utf-8"
    )
    return True
