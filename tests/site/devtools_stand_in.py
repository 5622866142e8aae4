"""A stand-in for headless Chromium, for the tests that build sites with PDFs but need no real
browser: put first on the PATH as ``chromium``, it speaks just enough of the DevTools protocol,
on the pipe the build drives Chromium through (NUL-ended JSON read from fd 3, written to fd 4),
to print worksheets, and the "PDF" of a page says what it was printed from:
``%PDF-1.4 lang=<the page's language> page=<its folder: worksheet or key>``."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

FAKE_CHROMIUM = f"""\
#!{sys.executable}
import base64, json, os, re
from pathlib import Path
from urllib.parse import unquote, urlsplit


def printed(url):
    page = Path(unquote(urlsplit(url).path))
    text = page.read_text(encoding="utf-8")
    lang = re.search(r'<html lang="([^"]+)"', text)[1]
    # The build prints a copy of the page set on its paper, whose <base> is the page's folder.
    base = re.search(r'<base href="([^"]+)"', text)
    if base:
        page = Path(unquote(urlsplit(base[1]).path)) / page.name
    return f"%PDF-1.4 lang={{lang}} page={{page.parent.name}}\\n".encode()


replies = os.fdopen(4, "wb")


def send(message):
    replies.write(json.dumps(message).encode() + b"\\0")
    replies.flush()


shown = {{}}  # the URL each session's page shows
unread = b""
while chunk := os.read(3, 1 << 16):
    unread += chunk
    *commands, unread = unread.split(b"\\0")
    for text in commands:
        command = json.loads(text)
        method, params = command["method"], command.get("params", {{}})
        session = command.get("sessionId")
        result = {{}}
        if method == "Target.createTarget":
            result = {{"targetId": f"target-{{command['id']}}"}}
        elif method == "Target.attachToTarget":
            result = {{"sessionId": f"session-{{command['id']}}"}}
        elif method == "Page.navigate":
            shown[session] = params["url"]
            result = {{"frameId": session, "loaderId": f"loader-{{command['id']}}"}}
        elif method == "Page.printToPDF":
            result = {{"data": base64.b64encode(printed(shown[session])).decode()}}
        on = {{"sessionId": session}} if session else {{}}
        send({{"id": command["id"], "result": result, **on}})
        if method == "Page.navigate":
            loaded = {{"name": "load", "loaderId": result["loaderId"], "frameId": session}}
            send({{"method": "Page.lifecycleEvent", "params": loaded, **on}})
"""
"""The stand-in's script, to be written to an executable file named ``chromium``."""


@contextlib.contextmanager
def printing_with_the_stand_in(folder: Path) -> Iterator[None]:
    """Builds meanwhile print their PDFs with this stand-in for Chromium, written into
    ``folder`` and put first on the PATH."""
    chromium = folder / "chromium"
    chromium.write_text(FAKE_CHROMIUM, encoding="utf-8")
    chromium.chmod(0o755)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
        yield
