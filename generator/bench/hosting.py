"""A built site served on 127.0.0.1 for the benchmarks that open it in Chromium, and what a host
that compresses text would send of it.

One quiet threaded server: it logs nothing, and a request the browser dropped (a page closed
while a file was on its way) is no error. With ``gzip`` it answers as a static host does: text
(HTML, CSS, JavaScript, JSON, XML, SVG) gzipped when the browser asks for it, every other file
as it is; without, every file as it is (``bench pages`` works out the gzipped size itself, with
:func:`sent_size`, so that it can report both).
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

_TEXT = ("text/", "application/javascript", "application/json", "application/xml")


def is_text(content_type: str) -> bool:
    """Whether a host that compresses text gzips a response of ``content_type``.

    >>> is_text("text/html; charset=utf-8"), is_text("image/svg+xml"), is_text("application/wasm")
    (True, True, False)
    """
    kind = content_type.split(";")[0].strip().lower()
    return kind.startswith(_TEXT) or kind.endswith(("+xml", "+json"))


def _gzip(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=6, mtime=0)


def sent_size(body: bytes, content_type: str) -> int:
    """What a host that gzips text sends for a response of ``body``.

    >>> sent_size(b"a" * 1000, "text/html; charset=utf-8") < 100
    True
    >>> sent_size(b"a" * 1000, "application/octet-stream")
    1000
    """
    return len(_gzip(body)) if is_text(content_type) else len(body)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class _Host(_Quiet):
    """Text gzipped for a browser that accepts it, as hosts send it."""

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        kind = self.guess_type(str(path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (path.is_file() and is_text(kind) and accepts):
            return super().send_head()  # a folder without its slash, a file as it is, a 404
        body = _gzipped(path, path.stat().st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@functools.lru_cache(maxsize=512)
def _gzipped(path: Path, _mtime: int) -> bytes:
    return _gzip(path.read_bytes())


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a request the browser dropped: nothing to report


@contextmanager
def served(
    folder: Path,
    *,
    gzip: bool = False,
    handler: type[http.server.SimpleHTTPRequestHandler] | None = None,
) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 while the block runs (text gzipped as a host sends it,
    with ``gzip``; or answered by a ``handler`` class of the caller's): its address."""
    answers = handler or (_Host if gzip else _Quiet)
    server = _Server(("127.0.0.1", 0), functools.partial(answers, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
