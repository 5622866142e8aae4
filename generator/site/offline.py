"""``python -m generator offline``: a copy of the built site that works opened from a folder.

A classroom without a web server opens the site from a USB stick or a folder (``file://``).
Each page of the copy is made to work there (:mod:`generator.site.offline_links`: links to
folders name their ``index.html``, no instant navigation, a search box that says search needs a
web server); then every local link and file a page or stylesheet names is checked to lead to a
file of the copy. A link that does not is an error, and then nothing is written. The copy is
built beside its final place and swapped in whole; the zip (sorted entries, fixed timestamps) is
the same, byte for byte, for the same site.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import stat
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ..locale import LANGUAGES, N_, Message, _, render
from .generate import recover_tree, replace_tree, sidecars
from .offline_links import (
    SCRIPT,
    SCRIPT_PATH,
    WORDS,
    BrokenLink,
    Layout,
    broken_links,
    css_links,
    local_target,
    offline_page,
    page_links,
)

_CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')


class OfflineError(Exception):
    """A site or a folder the offline copy cannot be made from or written to: the message (a
    :class:`~generator.locale.Message`) says which and what to do."""

    def words(self, lang: str) -> str:
        """The message in ``lang``."""
        return render(self.args[0], lang) if self.args else ""


class LinksLeadNowhere(OfflineError):
    """Links of the copy that lead to no file of it: nothing was written."""

    def __init__(self, links: list[BrokenLink]) -> None:
        count = len(links)
        super().__init__(
            Message.ngettext(
                "{count} link of the copy leads to no file",
                "{count} links of the copy lead to no file",
                count,
                count=count,
            )
        )
        self.links = links


@dataclass(frozen=True, slots=True)
class OfflineCopy:
    """What :func:`make_offline` wrote."""

    folder: Path
    files: int
    pages: int
    rewritten: int
    """Links of the pages that now name an ``index.html`` (or were made relative)."""
    checked: int
    """Local links and files checked to lead to a file of the copy."""
    size: int
    """Bytes of the copy's files."""
    zip: Path | None
    zip_size: int


# --- the whole copy ----------------------------------------------------------------------------


def site_prefix(site_dir: Path) -> str:
    """The path of the site's address (site_url), which its root-relative links start with:
    read from the home page's canonical link, ``/`` without one.

    A page of a site whose site_url is ``https://x.github.io/club/`` writes ``/club/ru/``."""
    home = site_dir / "index.html"
    try:
        found = _CANONICAL.search(home.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return "/"
    if not found:
        return "/"
    path = urlsplit(html.unescape(found[1])).path or "/"
    return path if path.endswith("/") else path.rsplit("/", 1)[0] + "/"


def is_offline_copy(folder: Path) -> bool:
    """``folder`` holds an offline copy made by this command (or nothing at all): the command
    may replace it."""
    if not folder.exists():
        return True
    if not folder.is_dir():
        return False
    return not any(folder.iterdir()) or (folder / SCRIPT_PATH).is_file()


def site_files(site_dir: Path) -> list[str]:
    """Every file of the built site, by its path from the top, sorted."""
    names = []
    for here, dirs, files in os.walk(site_dir, followlinks=True):
        dirs.sort()
        base = Path(here).relative_to(site_dir).as_posix()
        for name in files:
            names.append(name if base == "." else f"{base}/{name}")
    return sorted(names)


Progress = Callable[[str, int, int], None]


def _no_progress(what: str, done: int, total: int) -> None:
    pass


def make_offline(
    site_dir: Path,
    out_dir: Path,
    zip_path: Path | None = None,
    *,
    progress: Progress = _no_progress,
) -> OfflineCopy:
    """Copy the built site ``site_dir`` into ``out_dir`` so that it works opened from the folder,
    and zip it into ``zip_path`` (its files under one folder named like ``out_dir``).

    Links that lead nowhere are a :class:`LinksLeadNowhere` listing them: then nothing is
    written (an older copy stays as it was). A site or folder that cannot be used is an
    :class:`OfflineError` naming it and saying what to do. ``progress(what, done, total)`` is
    called as the work goes on (``what``: "copying", "checking", "zipping")."""
    site_dir, out_dir = Path(site_dir), Path(out_dir)
    _check_places(site_dir, out_dir, zip_path)
    names = site_files(site_dir)
    layout = Layout.of([*names, SCRIPT_PATH], site_prefix(site_dir))
    target = os.path.realpath(out_dir)
    staging = Path(sidecars(target)[0])
    try:
        recover_tree(target)
        staging.mkdir(parents=True)
    except OSError as error:
        raise OfflineError(_cannot_write(out_dir, error)) from None
    try:
        copy = _write_copy(site_dir, staging, names, layout, progress)
        broken: list[BrokenLink] = []
        checked = 0
        for index, name in enumerate(sorted(layout.files), 1):
            progress("checking", index, len(layout.files))
            if name.endswith((".html", ".css")):
                text = (staging / name).read_text(encoding="utf-8", errors="replace")
                links = page_links(text) if name.endswith(".html") else css_links(text)
                checked += sum(
                    local_target(link, name, layout.prefix) is not None for link in links
                )
                broken.extend(broken_links(name, links, layout))
        if broken:
            shutil.rmtree(staging)
            raise LinksLeadNowhere(broken)
        replace_tree(target)
    except OSError as error:
        shutil.rmtree(staging, ignore_errors=True)
        raise OfflineError(_cannot_write(out_dir, error)) from None
    except BaseException:  # stopped (Ctrl+C): the half-made copy goes, the old one stays
        shutil.rmtree(staging, ignore_errors=True)
        raise
    zip_size = 0
    if zip_path is not None:
        try:
            zip_size = write_zip(out_dir, zip_path, progress=progress)
        except OSError as error:
            raise OfflineError(_cannot_write(zip_path, error)) from None
    return OfflineCopy(
        folder=out_dir,
        files=len(layout.files),
        pages=copy[0],
        rewritten=copy[1],
        checked=checked,
        size=copy[2],
        zip=zip_path,
        zip_size=zip_size,
    )


def _check_places(site_dir: Path, out_dir: Path, zip_path: Path | None) -> None:
    if not site_dir.is_dir():
        raise OfflineError(
            _("{site} is not a folder: name the built site with --site-dir", site=site_dir)
        )
    if not (site_dir / "index.html").is_file():
        raise OfflineError(
            _(
                "{site} has no index.html, so it is not a built site: build it with "
                "python -m mkdocs build, or name the built site with --site-dir",
                site=site_dir,
            )
        )
    site, out = site_dir.resolve(), out_dir.resolve()
    if out == site or site in out.parents or out in site.parents:
        raise OfflineError(
            _(
                "--out {out} and the site {site} would overlap: choose a folder beside "
                "the site, such as the default site-offline",
                out=out_dir,
                site=site_dir,
            )
        )
    if not is_offline_copy(out_dir):
        raise OfflineError(
            _(
                "{out} already exists and is not an offline copy made by this command: "
                "nothing was written; choose another --out, or move that folder away",
                out=out_dir,
            )
        )
    if zip_path is not None:
        zip_file = zip_path.resolve()
        if zip_file == out or out in zip_file.parents or site in zip_file.parents:
            raise OfflineError(
                _(
                    "--zip {zip} would be inside the copy or the site: put it beside them",
                    zip=zip_path,
                )
            )
        if zip_path.is_dir():
            raise OfflineError(
                _("--zip {zip} is a folder: name the zip file to write", zip=zip_path)
            )


def _write_copy(
    site_dir: Path, staging: Path, names: list[str], layout: Layout, progress: Progress
) -> tuple[int, int, int]:
    """Copy the site's files into ``staging``, pages made offline; (pages, links rewritten,
    bytes)."""
    pages = rewritten = size = 0
    for index, name in enumerate(names, 1):
        progress("copying", index, len(names))
        source, copy = site_dir / name, staging / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".html"):
            text = source.read_text(encoding="utf-8", errors="surrogateescape")
            text, changed = offline_page(text, name, layout)
            data = text.encode("utf-8", errors="surrogateescape")
            copy.write_bytes(data)
            pages += 1
            rewritten += changed
            size += len(data)
        else:
            shutil.copyfile(source, copy)
            size += copy.stat().st_size
    script = SCRIPT % {"words": json.dumps(WORDS, ensure_ascii=False, indent=2)}
    data = script.encode("utf-8")
    (staging / SCRIPT_PATH).parent.mkdir(parents=True, exist_ok=True)
    (staging / SCRIPT_PATH).write_bytes(data)
    return pages, rewritten, size + len(data)


# Zip entries carry no date before 1980.
_EPOCH_1980 = 315532800


def zip_time() -> tuple[int, int, int, int, int, int]:
    """The one timestamp of every entry of the zip: SOURCE_DATE_EPOCH when it is set (as the
    build sets it from the last commit), else 1980-01-01, so that the same site always makes
    the same bytes."""
    try:
        stamp = int(os.environ.get("SOURCE_DATE_EPOCH", ""))
    except ValueError:
        stamp = _EPOCH_1980
    stamp = max(stamp, _EPOCH_1980)
    return time.gmtime(stamp)[:6]


def write_zip(folder: Path, zip_path: Path, *, progress: Progress = _no_progress) -> int:
    """Zip every file of ``folder`` under one top folder of its name, sorted, each with the
    same timestamp and permissions, written beside ``zip_path`` and then moved into place;
    return the zip's size in bytes."""
    names = site_files(folder)
    stamp = zip_time()
    top = folder.resolve().name
    zip_path.parent.mkdir(parents=True, exist_ok=True)
    partial = zip_path.with_name(zip_path.name + ".tabula-new")
    try:
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for index, name in enumerate(names, 1):
                progress("zipping", index, len(names))
                entry = zipfile.ZipInfo(f"{top}/{name}", date_time=stamp)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = (stat.S_IFREG | 0o644) << 16
                entry.create_system = 3  # Unix: the permissions above are read as such
                archive.writestr(entry, (folder / name).read_bytes())
        os.replace(partial, zip_path)
    finally:
        if partial.exists():
            partial.unlink()
    return zip_path.stat().st_size


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _cannot_write(path: Path, error: OSError) -> Message:
    return _("cannot write {path}: {reason}", path=path, reason=_reason(error))


# --- the command -------------------------------------------------------------------------------


def _size(count: int) -> Message:
    """Bytes as a person reads them.

    >>> [str(_size(n)) for n in (512, 48_213, 4_816_210)]
    ['512 bytes', '47 KB', '4.6 MB']
    >>> _size(4_816_210).render("ru")
    '4.6 МБ'
    """
    if count < 1024:
        return Message.ngettext("{count} byte", "{count} bytes", count, count=count)
    if count < 1024 * 1024:
        return _("{count} KB", count=count // 1024)
    return _("{count} MB", count=f"{count / (1024 * 1024):.1f}")


def newer_source(project: Path, site_dir: Path) -> Path | None:
    """A source of the site (mkdocs.yml, a puzzle, a page) changed after the site was built,
    if there is one: the copy would be out of date."""
    from .generate import GENERATED

    try:
        built = (site_dir / "index.html").stat().st_mtime
    except OSError:
        return None
    candidates: list[Path] = [project / "mkdocs.yml"]
    for folder in ("puzzles", "docs"):
        for here, dirs, files in os.walk(project / folder):
            relative = Path(here).relative_to(project).parts
            dirs[:] = sorted(
                name
                for name in dirs
                if not name.startswith(".")
                and not (len(relative) == 2 and relative[0] == "docs" and name in GENERATED)
            )
            candidates.extend(Path(here) / name for name in sorted(files))
    for path in candidates:
        try:
            if path.stat().st_mtime > built + 1:
                return path
        except OSError:
            continue
    return None


def beside(path: Path, suffix: str) -> Path:
    """The file or folder beside ``path`` named like it, with ``suffix``.

    >>> beside(Path("site"), "-offline"), beside(Path("out/copy"), ".zip")
    (PosixPath('site-offline'), PosixPath('out/copy.zip'))
    """
    named = path if path.name else path.resolve()
    if not named.name:
        raise OfflineError(
            _("{path} has no name to name the copy after: give --out and --zip", path=path)
        )
    return named.with_name(named.name + suffix)


PROGRESS = {
    "copying": N_("copying {done}/{total}..."),
    "checking": N_("checking {done}/{total}..."),
    "zipping": N_("zipping {done}/{total}..."),
}
"""What the copy's progress line says at each step of :func:`make_offline`, as message ids."""


def run_offline(
    site_text: str,
    out_text: str | None,
    zip_text: str | None,
    *,
    build: bool,
    zip_it: bool,
    lang: str = LANGUAGES[0],
) -> int:
    """``offline``: build the site if asked or missing, make the copy and the zip, and say what
    was written, in ``lang``. Exit status 0 when written, 1 when the build failed or links lead
    nowhere, 2 when a folder or argument is refused."""
    import subprocess

    def say(message: Message, *, problem: str = "", err: bool = False) -> None:
        print(
            f"{problem}{message.render(lang)}", file=sys.stderr if err else sys.stdout, flush=True
        )

    site_dir = Path(site_text)
    try:
        out_dir = Path(out_text) if out_text else beside(site_dir, "-offline")
        zip_path = None
        if zip_it:
            zip_path = Path(zip_text) if zip_text else beside(out_dir, ".zip")
    except OfflineError as error:
        print(f"error: {error.words(lang)}", file=sys.stderr)
        return 2
    if build or not site_dir.exists():
        if not Path("mkdocs.yml").is_file():
            nothing = (
                _(
                    "no mkdocs.yml here to build the site: run this in your site's folder, or "
                    "name the built site with --site-dir"
                )
                if build
                else _(
                    "no mkdocs.yml here and no {site} to copy: run this in your site's folder, "
                    "or name the built site with --site-dir",
                    site=site_dir,
                )
            )
            say(nothing, problem="error: ", err=True)
            return 2
        command = [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site_dir)]
        shown_command = f"python -m mkdocs build --site-dir {site_dir}"
        say(_("building the site first: {command}", command=shown_command))
        try:
            done = subprocess.run(command, check=False)
        except OSError as error:
            say(
                _("cannot run MkDocs: {reason}", reason=_reason(error)), problem="error: ", err=True
            )
            return 1
        if done.returncode != 0:
            failed = _(
                "the build failed (see above): fix what it reports, then run offline again; "
                "nothing was written"
            )
            say(failed, problem="error: ", err=True)
            return 1
    elif Path("mkdocs.yml").is_file():
        changed = newer_source(Path("."), site_dir)
        if changed is not None:
            older = _(
                "{changed} changed after {site} was built: the copy shows the older site; add "
                "--build to build it again first",
                changed=changed,
                site=site_dir,
            )
            say(older, problem="warning: ", err=True)
    show = sys.stderr.isatty()
    shown: list[str] = []

    def progress(what: str, done: int, total: int) -> None:
        if not shown or shown[-1] != what:
            if shown and show:
                print("\r" + " " * 50 + "\r", end="", file=sys.stderr)
            shown.append(what)
            if what == "copying":
                say(
                    Message.ngettext(
                        "copying {count} file of {site} into {out}...",
                        "copying {count} files of {site} into {out}...",
                        total,
                        count=total,
                        site=site_dir,
                        out=out_dir,
                    )
                )
        if show and (done % 50 == 0 or done == total):
            words = _(PROGRESS[what], done=done, total=total).render(lang)
            print(f"\r{words}", end="", file=sys.stderr, flush=True)

    try:
        made = make_offline(site_dir, out_dir, zip_path, progress=progress)
    except LinksLeadNowhere as error:
        for link in error.links:
            print(f"{out_dir}/{link.line_in(lang)}", file=sys.stderr)
        nowhere = _(
            "{links}: nothing was written; fix the links in your pages, build again and run "
            "offline again",
            links=error.args[0],
        )
        say(nowhere, problem="error: ", err=True)
        return 1
    except OfflineError as error:
        print(f"error: {error.words(lang)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        stopped = _("stopped: no half-made copy or zip is left in place; run offline again")
        print(f"\n{stopped.render(lang)}", file=sys.stderr)
        return 130
    finally:
        if shown and show:
            print("\r" + " " * 50 + "\r", end="", file=sys.stderr)
    say(
        _(
            "{rewritten} {pages} to open from a folder; {checked}: each leads to a file",
            rewritten=Message.ngettext(
                "rewrote {count} link",
                "rewrote {count} links",
                made.rewritten,
                count=made.rewritten,
            ),
            pages=Message.ngettext(
                "of {count} page", "of {count} pages", made.pages, count=made.pages
            ),
            checked=Message.ngettext(
                "checked {count} link", "checked {count} links", made.checked, count=made.checked
            ),
        )
    )
    say(
        _(
            "wrote {folder}/ ({files}, {size}): open {home}",
            folder=made.folder,
            files=Message.ngettext("{count} file", "{count} files", made.files, count=made.files),
            size=_size(made.size),
            home=made.folder / "index.html",
        )
    )
    if made.zip is not None:
        say(
            _(
                "wrote {zip} ({size}): unzip it on any computer or USB stick and open {home}",
                zip=made.zip,
                size=_size(made.zip_size),
                home=f"{made.folder.name}/index.html",
            )
        )
    return 0
