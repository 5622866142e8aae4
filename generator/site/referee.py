"""The referee board's files in the site: Pyodide, the engine and the page's script.

The referee page (``docs/<lang>/referee.md``) runs ``generator/engine`` in the browser under
Pyodide, served from the site's own files: nothing is fetched from anywhere else. The build
copies the pinned Pyodide release from ``node_modules/pyodide`` (``make site`` installs it with
npm, from package.json) and zips the engine, the page's side of it
(``assets/referee_bridge.py``) and the catalogs compiled to .mo files. Only the referee page
loads any of it. Without Pyodide the site is built all the same, the page says what to install.
"""

from __future__ import annotations

import io
import json
import logging
import shutil
import zipfile
from importlib.resources import files
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ..locale import DOMAIN, LANGUAGES

log = logging.getLogger("mkdocs.plugins.tabula")

PYODIDE_VERSION = "314.0.8"
"""The Pyodide release the referee runs on (package.json pins the same)."""
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What of the npm package the page needs: the loader (a classic script), the interpreter and
the standard library; no other Python package."""
FOLDER = "assets/referee"
"""Where the referee's files go in the site."""
ROOT_CLASS = "tabula-referee"
"""The class of the referee board's root element: a page that has one gets the files."""
_SCRIPTS = {"referee.js": "referee.js", "referee.css": "referee.css"}
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def find_pyodide(*roots: Path) -> Path | None:
    """The folder of the pinned Pyodide release under the first of ``roots`` that has one in
    ``node_modules``, or ``None``."""
    for root in roots:
        folder = root / "node_modules" / "pyodide"
        try:
            version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
        except (OSError, ValueError, KeyError):
            continue
        if version == PYODIDE_VERSION and all((folder / name).is_file() for name in PYODIDE_FILES):
            return folder
    return None


def engine_zip() -> bytes:
    """The engine, the page's side of it and each language's catalog, as one zip archive that
    the page unpacks into Pyodide's file system (byte-identical from build to build)."""
    package = files("generator")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:

        def put(name: str, data: bytes) -> None:
            archive.writestr(zipfile.ZipInfo(name, _ZIP_TIME), data, zipfile.ZIP_DEFLATED)

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
    return out.getvalue()


def write_referee(site_dir: Path, project: Path) -> bool:
    """Write the referee's files into ``site_dir``; Pyodide from ``project``'s node_modules
    (else from the one beside this package's source). ``False`` when Pyodide is missing: the
    page then says what to install."""
    target = site_dir / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    assets = files(__package__).joinpath("assets")
    for name, source in _SCRIPTS.items():
        (target / name).write_bytes(assets.joinpath(source).read_bytes())
    (target / "engine.zip").write_bytes(engine_zip())
    found = find_pyodide(project, Path(__file__).resolve().parents[2])
    if found is None:
        log.info(
            f"Tabula: Pyodide {PYODIDE_VERSION} is not in node_modules: the referee page will "
            "say so; install it with `make site` (needs Node.js and npm)"
        )
        return False
    folder = target / "pyodide"
    folder.mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(found / name, folder / name)
    return True
