"""The preview server: the page, its data, the pictures and the news of every rebuild, over HTTP on 127.0.0.1.

Built on the standard library's ThreadingHTTPServer, a thread per connection: a preview
has one user on this machine, and what it streams goes one way, from the build to the page
(server-sent events: the browser's EventSource reconnects by itself, and a thread waiting
on the session costs nothing while nothing changes); what the page sends back (the screen's
calibration) is one small POST. So it needs no dependency beyond Python.

Routes: `/` (the games), `/game/<game>/` (a game's page: static HTML, script and style from
pnp/serve/static/), `/api/game/<game>` (what the page shows, JSON), `/events` (a stream
with an `update` event naming the games changed, whenever a pass of a rebuild begins or
ends), `/picture/<dpi>/<page>/<file>?v=<version>` (a page of a PDF under --out as PNG;
the version names the file's bytes, so a picture's address changes when it does and the
browser may keep it for good), `/out/<file>` (any file pnp wrote under --out, as the
manifest lists them), `/calibration` (POST: the screen's pixels per millimetre). Only
requests naming this server's own host and port are answered (a page elsewhere cannot
reach it through a name of its own that resolves here).
"""

from __future__ import annotations

import html
import json
import logging
import mimetypes
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, quote, unquote, urlsplit

from pnp.output.files import OutputError, inside
from pnp.serve.kit import DPIS, VERSION_LENGTH
from pnp.serve.session import PASSES, Session, preview_options
from pnp.targets.options import BuildOptions
from pnp.targets.watch import Rebuilds, Requests, watch

HOST = "127.0.0.1"
KEEP_ALIVE_S = 15.0  # a comment on an idle event stream, so a page that went away is noticed
STATIC = {"page.html": "text/html; charset=utf-8", "serve.js": "text/javascript; charset=utf-8",
          "serve.css": "text/css; charset=utf-8"}
MAX_POST = 4096

log = logging.getLogger("pnp")


def serve(folders: list[Path], options: BuildOptions, say: Callable[[str], None], requests: Requests, port: int,
          ready: Callable[[PreviewServer], None]) -> None:
    """Build folders and rebuild them on every save (in a thread), and serve their page on
    127.0.0.1:port until interrupted (Ctrl-C) or shut down. `ready(server)` is called once the page
    can be asked for (at server.url)."""
    session = Session(folders, options.out)
    server = PreviewServer(port, session)
    stop = threading.Event()

    def asked(chosen: list[Path]) -> dict[Path, BuildOptions]:
        return {folder: preview_options(o) for folder, o in requests(chosen).items()}

    def watching() -> None:
        try:
            watch(folders, options, say, stop, requests=asked, rebuilds=Rebuilds(PASSES, apart=True, listener=session))
        except KeyboardInterrupt:
            pass  # Ctrl-C reached the build's worker processes too; the server is stopping
        except Exception as error:  # the page stays up with what was built; the terminal says why
            if not stop.is_set():
                say(f"error: the watch stopped: {type(error).__name__}: {error}")

    thread = threading.Thread(target=watching, name="pnp serve: watch", daemon=True)
    thread.start()
    try:
        ready(server)
        server.serve_forever(poll_interval=0.25)
    finally:
        stop.set()
        session.close()
        server.server_close()
        thread.join(timeout=10)


class PreviewServer(ThreadingHTTPServer):
    """The HTTP server of one session, on 127.0.0.1 only (port 0: any free one)."""

    daemon_threads = True  # an open event stream never keeps the process from ending

    def __init__(self, port: int, session: Session):
        self.session = session
        super().__init__((HOST, port), Handler)
        self.port = self.server_address[1]
        self.url = f"http://{HOST}:{self.port}/"
        self.hosts = {f"{HOST}:{self.port}", f"localhost:{self.port}"}

    def handle_error(self, request, client_address) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, (BrokenPipeError, ConnectionResetError)):
            return  # a page that went away mid-answer
        log.warning("pnp serve: %s while answering %s", f"{type(error).__name__}: {error}", client_address[0],
                    exc_info=log.isEnabledFor(logging.DEBUG))


class Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args) -> None:
        log.debug("pnp serve: " + format, *args)

    # --- routes ---------------------------------------------------------------------

    def do_GET(self) -> None:
        if not self._from_here():
            return
        url = urlsplit(self.path)
        parts = [unquote(part) for part in url.path.split("/")[1:]]
        session = self.server.session
        match parts:
            case [""]:
                self._index()
            case ["game", slug, ""] if slug in session.games:
                self._static("page.html")
            case ["game", slug] if slug in session.games:
                self._redirect(f"/game/{quote(slug)}/")
            case ["static", name] if name in STATIC:
                self._static(name)
            case ["api", "game", slug] if slug in session.games:
                self._send(HTTPStatus.OK, "application/json", json.dumps(session.view(slug)).encode("utf-8"))
            case ["events"]:
                self._events()
            case ["picture", dpi, page, *path] if dpi.isdigit() and page.isdigit() and path:
                self._picture(int(dpi), int(page), "/".join(path), parse_qs(url.query).get("v", [""])[0])
            case ["out", *path] if path:
                self._file("/".join(path))
            case _:
                self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found")

    def do_POST(self) -> None:
        if not self._from_here():
            return
        if urlsplit(self.path).path != "/calibration":
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"not found")
            return
        length = int(self.headers.get("Content-Length") or 0)
        # JSON only: a form on another site cannot send it without the browser asking first.
        if self.headers.get_content_type() != "application/json" or not 0 < length <= MAX_POST:
            self._send(HTTPStatus.BAD_REQUEST, "text/plain", b"expected a small JSON body")
            return
        try:
            self.server.session.calibrate(json.loads(self.rfile.read(length)).get("px_per_mm"))
        except (ValueError, AttributeError) as error:
            self._send(HTTPStatus.BAD_REQUEST, "text/plain", str(error).encode("utf-8"))
            return
        except OutputError as error:
            self._send(HTTPStatus.INTERNAL_SERVER_ERROR, "text/plain", error.format_message().encode("utf-8"))
            return
        self._send(HTTPStatus.NO_CONTENT, "text/plain", b"")

    def _from_here(self) -> bool:
        """Whether the request names this server (by its address or as localhost); else it is refused."""
        if self.headers.get("Host", "") in self.server.hosts:
            return True
        self._send(HTTPStatus.MISDIRECTED_REQUEST, "text/plain", b"this server answers only to its own address")
        return False

    # --- answers --------------------------------------------------------------------

    def _index(self) -> None:
        games = sorted(self.server.session.games)
        if len(games) == 1:
            self._redirect(f"/game/{quote(games[0])}/")
            return
        links = "".join(f'<li><a href="/game/{quote(g)}/">{html.escape(g)}</a></li>' for g in games)
        page = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>pnp serve</title>'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">'
                f'<link rel="stylesheet" href="/static/serve.css"></head><body><main id="pictures">'
                f'<h1>pnp serve</h1><p>The games being built:</p><ul class="games">{links}</ul></main></body></html>')
        self._send(HTTPStatus.OK, "text/html; charset=utf-8", page.encode("utf-8"))

    def _static(self, name: str) -> None:
        data = resources.files("pnp.serve").joinpath("static").joinpath(name).read_bytes()
        self._send(HTTPStatus.OK, STATIC[name], data, cache="no-cache")

    def _picture(self, dpi: int, page: int, path: str, version: str) -> None:
        written = self.server.session.manifests.current().files
        if dpi not in DPIS or len(version) != VERSION_LENGTH or path not in written:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"no such picture")
            return
        png = self.server.session.documents.png(path, version, page, dpi)
        if png is None:  # the file changed since the page asked: the next update names the new one
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"that version is gone")
            return
        self._send(HTTPStatus.OK, "image/png", png, cache="max-age=31536000, immutable")

    def _file(self, path: str) -> None:
        if path not in self.server.session.manifests.current().files:
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"pnp wrote no such file")
            return
        try:
            data = inside(self.server.session.out, path).read_bytes()
        except (OSError, OutputError):
            self._send(HTTPStatus.NOT_FOUND, "text/plain", b"that file is gone")
            return
        kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
        self._send(HTTPStatus.OK, f"{kind}; charset=utf-8" if kind.startswith("text/") else kind, data)

    def _events(self) -> None:
        """The event stream: an `update` naming the games changed, each time a version passes."""
        session = self.server.session
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        seen = session.version
        try:
            self._write(b"retry: 1000\n\n")
            while not session.closed:
                version, games = session.wait(seen, KEEP_ALIVE_S)
                if version == seen:
                    self._write(b": still here\n\n")
                    continue
                seen = version
                self._write(f"event: update\ndata: {json.dumps({'version': version, 'games': games})}\n\n".encode())
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page was closed or reloaded

    def _write(self, data: bytes) -> None:
        self.wfile.write(data)
        self.wfile.flush()

    def _redirect(self, location: str) -> None:
        self.send_response(HTTPStatus.FOUND)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send(self, status: HTTPStatus, kind: str, data: bytes, cache: str = "no-cache") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)
