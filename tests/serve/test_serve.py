"""pnp serve without a browser: what its page is told (the pictures of a game by section, language
and paper; its build's state and located error), the pictures themselves (read back by Pillow),
the event stream, the screen's calibration, what it refuses, and a save redrawn end to end."""

from __future__ import annotations

import hashlib
import http.client
import io
import json
import threading
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.serve.server import PreviewServer
from pnp.serve.session import Session, preview_options
from pnp.targets import BuildOptions
from pnp.targets.runner import RunResult
from pnp.targets.watch import Built
from tests.conftest import wait_until

GOLD = (0xE6, 0x9F, 0x00)


class Client:
    """HTTP requests to a preview server, as a browser on this machine sends them."""

    def __init__(self, server: PreviewServer):
        self.port = server.port

    def get(self, path: str, host: str | None = None) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path, headers={"Host": host or f"127.0.0.1:{self.port}"})
        response = connection.getresponse()
        response.body = response.read()  # type: ignore[attr-defined]
        connection.close()
        return response

    def post(self, path: str, body: bytes, kind: str = "application/json") -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("POST", path, body=body, headers={"Host": f"localhost:{self.port}", "Content-Type": kind})
        response = connection.getresponse()
        response.read()
        connection.close()
        return response

    def view(self, game: str = "tiny") -> dict:
        return json.loads(self.get(f"/api/game/{game}").body)


@pytest.fixture
def served(make_game, tmp_path):
    """A two-language game built as pnp serve builds it, and a server on it (no watch)."""
    from pnp.targets import build

    folder, out = make_game(), tmp_path / "out"
    build([folder], preview_options(BuildOptions(out=out, papers=("a4",), formats=("pdf",), jobs=1)))
    session = Session([folder], out)
    server = PreviewServer(0, session)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield folder, out, session, Client(server)
    session.close()
    server.shutdown()
    server.server_close()


def test_the_page_is_told_every_face_and_sheet_page_by_language_and_paper(served):
    folder, out, session, client = served
    view = client.view()
    assert view["title"] == "Tiny" and view["id"] == "tiny"
    assert view["languages"] == ["en", "da"] and view["papers"] == ["a4"] and view["error"] is None
    sections = {s["id"]: s["items"] for s in view["sections"]}
    faces = [item for item in sections["faces"] if item["languages"] == ["en"]]
    assert [(f["group"], f["label"], f["width_mm"], f["height_mm"]) for f in faces] == [("chips", "gold", 20.0, 20.0)]
    sheet = out / "tiny" / "tiny-sheets-da-a4.pdf"
    pages = [item for item in sections["sheets"] if item["file"] == "tiny/tiny-sheets-da-a4.pdf"]
    assert len(pages) == len(PdfReader(sheet).pages) and pages[0]["paper"] == "a4"
    assert {p["version"] for p in pages} == {hashlib.sha256(sheet.read_bytes()).hexdigest()[:16]}
    assert [s["id"] for s in view["sections"]] == ["faces", "sheets", "rulebook", "booklet", "web", "diagram", "files"]
    assert sections["web"] == []  # a game without a rulebook has no web edition
    assert [item["file"] for item in sections["files"]] == ["tiny/index-da.html", "tiny/index.html"]  # the kit pages


def test_a_picture_is_the_pdf_page_at_the_resolution_asked(served):
    folder, out, session, client = served
    [face] = [i for i in client.view()["sections"][0]["items"] if i["languages"] == ["en"]]
    answer = client.get(f"/picture/96/{face['page']}/{face['file']}?v={face['version']}")
    assert answer.status == 200 and answer.getheader("Content-Type") == "image/png"
    assert "immutable" in answer.getheader("Cache-Control")
    image = Image.open(io.BytesIO(answer.body)).convert("RGB")
    assert image.size == (76, 76)  # 20 mm at 96 dpi: 75.6 px
    assert image.getpixel((10, 38)) == GOLD
    sharper = Image.open(io.BytesIO(client.get(f"/picture/192/0/{face['file']}?v={face['version']}").body))
    assert sharper.size == (151, 151)


def test_it_answers_only_for_itself_and_only_with_what_pnp_wrote(served):
    folder, out, session, client = served
    [face] = [i for i in client.view()["sections"][0]["items"] if i["languages"] == ["en"]]
    good = f"/picture/96/0/{face['file']}?v={face['version']}"
    assert client.get(good).status == 200
    assert client.get(good, host="attacker.example:80").status == 421
    assert client.get(good.replace("/96/", "/100/")).status == 404  # not a resolution the page asks for
    assert client.get(good.replace(face["version"], "0" * 16)).status == 404  # not that file's bytes
    assert client.get(good.replace("/0/", "/7/")).status == 404  # no such page
    assert client.get("/picture/96/0/tiny/../../secret.pdf?v=" + "0" * 16).status == 404
    assert client.get("/out/.pnp/manifest.json").status == 404
    pdf = client.get(f"/out/{face['file']}")
    assert pdf.status == 200 and pdf.body == (out / face["file"]).read_bytes()
    assert pdf.getheader("Content-Type") == "application/pdf"
    assert client.get("/").status == 302 and client.get("/").getheader("Location") == "/game/tiny/"
    page = client.get("/game/tiny/")
    assert page.status == 200 and b'<html lang="en">' in page.body and b"/static/serve.js" in page.body
    assert client.get("/game/nothing/").status == 404


def test_the_stream_names_the_games_a_pass_changed(served):
    folder, out, session, client = served
    connection = http.client.HTTPConnection("127.0.0.1", client.port, timeout=10)
    connection.request("GET", "/events", headers={"Host": f"127.0.0.1:{client.port}"})
    stream = connection.getresponse()
    assert stream.getheader("Content-Type") == "text/event-stream"
    assert stream.fp.readline() == b"retry: 1000\n"
    stream.fp.readline()
    session.started("cards and sheets", (folder,))
    assert stream.fp.readline() == b"event: update\n"
    assert json.loads(stream.fp.readline().removeprefix(b"data: "))["games"] == ["tiny"]
    assert client.view()["building"] == "cards and sheets"
    connection.close()


def test_a_located_error_stands_in_for_the_pictures_of_its_pass_until_that_pass_succeeds(served):
    folder, out, session, client = served
    session.built(Built("the rest", (folder,), error="content/tiny/rulebook.yaml:3:1 sections: expected a list"))
    error = client.view()["error"]
    assert error == {"message": "content/tiny/rulebook.yaml:3:1 sections: expected a list", "step": 1,
                     "pass": "the rest"}
    session.built(Built("cards and sheets", (folder,), result=RunResult()))
    assert client.view()["error"] == error  # the rulebook was not built again yet
    session.built(Built("the rest", (folder,)))  # given up for a save under way: nothing is known
    assert client.view()["error"] == error
    session.built(Built("the rest", (folder,), result=RunResult()))
    assert client.view()["error"] is None and client.view()["building"] == "diagrams"  # the pass to come
    session.built(Built("diagrams", (folder,), result=RunResult()))
    view = client.view()
    assert view["building"] is None and view["built_at"] is not None


def test_the_screens_calibration_is_kept_in_the_state_folder(served):
    folder, out, session, client = served
    assert client.view()["calibration"] is None
    assert client.post("/calibration", b'{"px_per_mm": 4.25}').status == 204
    assert json.loads((out / ".pnp" / "serve.json").read_text()) == {"px_per_mm": 4.25}
    assert client.view()["calibration"] == 4.25
    assert client.post("/calibration", b'{"px_per_mm": 400}').status == 400
    assert client.post("/calibration", b'{"px_per_mm": "4"}').status == 400
    assert client.post("/calibration", b"px_per_mm=4", kind="application/x-www-form-urlencoded").status == 400
    assert client.view()["calibration"] == 4.25


def test_a_save_is_redrawn_and_an_error_shown_in_its_located_form(make_game, tmp_path):
    """The whole loop: pnp serve builds, a save rebuilds, the page's data names the new picture."""
    from pnp.serve.server import serve

    folder, out = make_game(), tmp_path / "out"
    started: list[PreviewServer] = []
    said: list[str] = []
    options = BuildOptions(out=out, jobs=1)

    def requests(chosen):
        return {f: BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("en",), jobs=1) for f in chosen}

    thread = threading.Thread(target=serve, args=([folder], options, said.append, requests, 0, started.append),
                              daemon=True)
    thread.start()
    try:
        assert wait_until(lambda: started), said
        client = Client(started[0])

        def face() -> dict | None:
            view = client.view()
            items = [i for s in view["sections"] if s["id"] == "faces" for i in s["items"]]
            return items[0] if items and view["built_at"] and not view["building"] else None

        first = wait_until(face)
        assert first, said
        english = folder / "text" / "en.yaml"
        english.write_text("chip.name: [unclosed\n", encoding="utf-8")
        error = wait_until(lambda: client.view()["error"])
        assert error and error["pass"] == "cards and sheets" and "en.yaml:" in error["message"], said
        english.write_text("chip.name: Copper\n", encoding="utf-8")
        changed = wait_until(lambda: (f := face()) and f["version"] != first["version"] and not client.view()["error"]
                            and f)
        assert changed, said
        pdf = out / changed["file"]
        assert PdfReader(pdf).pages[0].extract_text().strip() == "Copper"
        new = client.get(f"/picture/96/0/{changed['file']}?v={changed['version']}")
        old = client.get(f"/picture/96/0/{first['file']}?v={first['version']}")
        assert new.status == 200 and new.body != old.body
    finally:
        if started:
            started[0].shutdown()
        thread.join(timeout=20)
    assert not thread.is_alive()


def test_preview_options_add_what_the_page_pictures_to_the_games_own():
    options = preview_options(BuildOptions(formats=("png", "tts")))
    assert options.formats == ("png", "tts", "pdf", "faces", "html")
    assert preview_options(options) == options


def test_a_game_with_a_broken_game_yaml_still_has_a_page(make_game, tmp_path):
    folder = make_game({"game.yaml": "title: [unclosed\n"})
    view = Session([folder], tmp_path / "out").view("tiny")
    assert view["languages"] == ["en"] and all(not s["items"] for s in view["sections"])


def test_two_game_folders_of_the_same_name_get_pages_of_their_own(make_game, tmp_path):
    one = make_game()
    other = Path(tmp_path / "elsewhere" / "tiny")
    other.mkdir(parents=True)
    assert sorted(Session([one, other], tmp_path / "out").games) == ["tiny", "tiny-2"]


def test_a_port_in_use_is_one_line_and_exit_1(make_game, tmp_path):
    import socket

    from click.testing import CliRunner

    from pnp.cli import main

    folder = make_game()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", str(folder), "--out", str(tmp_path / "out"), "--port", str(port)])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: port {port} is in use: choose another with --port (0: any free one)"


def test_with_several_games_the_first_page_lists_them(make_game, tmp_path):
    games = [make_game(name="tiny"), make_game(name="other")]
    server = PreviewServer(0, Session(games, tmp_path / "out"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        index = Client(server).get("/")
        assert index.status == 200
        assert b'<a href="/game/tiny/">tiny</a>' in index.body and b'<a href="/game/other/">other</a>' in index.body
        assert Client(server).view("other")["games"] == ["other", "tiny"]
    finally:
        server.shutdown()
        server.server_close()
