"""Shared fixtures: the repository's folders and a small game written into tmp_path."""

from __future__ import annotations

import importlib
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


def wait_until(condition, timeout: float = 30.0):
    """condition()'s first true value, asked every 50 ms for up to timeout seconds; None if none came
    (a watching or serving process works in the background)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    return None


def xlsx_bytes(rows: list[list], sheet: str | None = None, dress=None) -> bytes:
    """A workbook whose first sheet (titled `sheet`, if given) holds rows, as an XLSX file's bytes;
    dress(book) may change it before it is saved (more sheets, styles, single cells)."""
    import io

    import openpyxl

    book = openpyxl.Workbook()
    if sheet is not None:
        book.active.title = sheet
    for row in rows:
        book.active.append(row)
    if dress is not None:
        dress(book)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()

MINIMAL_GAME = """\
title: Tiny
authors: [Someone]
version: "1"
licence: CC0
languages: [en, da]
players: "2"
palette:
  ink: "#222222"
  gold: "#E69F00"
"""

MINIMAL_COMPONENTS = """\
sets:
  chips:
    kind: token
    shape: circle
    width: 20mm
    bleed: 2mm
    attributes: [colour]
    items:
      - {id: gold, colour: gold}
    front:
      background: ${colour}
      elements:
        - text: {key: chip.name, size: 8pt, colour: ink}
    back: same
"""

MINIMAL_TEXT_EN = "chip.name: Gold\n"
MINIMAL_TEXT_DA = 'game.title: {text: Lille, source: "%s"}\nchip.name: {text: Guld, source: "%s"}\n'


@pytest.fixture
def make_game(tmp_path):
    """Write a game folder (content/<name>/...) from file texts; returns the folder."""

    def make(files: dict[str, str] | None = None, name: str = "tiny") -> Path:
        from pnp.i18n.catalog import fingerprint

        defaults = {
            "game.yaml": MINIMAL_GAME,
            "components.yaml": MINIMAL_COMPONENTS,
            "text/en.yaml": MINIMAL_TEXT_EN,
            "text/da.yaml": MINIMAL_TEXT_DA % (fingerprint("Tiny"), fingerprint("Gold")),
        }
        defaults.update(files or {})
        folder = tmp_path / "content" / name
        for relative, text in defaults.items():
            if text is None:
                continue
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        (tmp_path / "templates").mkdir(exist_ok=True)
        for template in (ROOT / "templates").glob("*.yaml"):
            (tmp_path / "templates" / template.name).write_text(template.read_text(encoding="utf-8"), encoding="utf-8")
        return folder

    return make


def forget_plugins() -> None:
    """Drop what this process found out about installed plugins, as a new process would start."""
    from pnp import plugins
    from pnp.targets import digest

    plugins.forget()
    digest._code_digest = None


@pytest.fixture
def install_plugin(tmp_path, monkeypatch):
    """Install a plugin for this test as pip leaves one: its modules and a .dist-info folder
    declaring its entry points, in a folder on sys.path (pnp finds it by its metadata, as it
    finds any). `source`: the folder it was installed from (an editable or path install)."""
    site = tmp_path / "site-packages"
    site.mkdir()
    modules: set[str] = set()

    def forget_modules() -> None:  # another test's plugin of the same name must not be the one imported
        for name in [name for name in sys.modules if name.split(".")[0] in modules]:
            del sys.modules[name]

    def install(name: str, entry_points: dict[str, dict[str, str]], files: dict[str, str], version: str = "1.0",
                source: Path | None = None) -> Path:
        for relative, text in files.items():
            modules.add(relative.split("/")[0].removesuffix(".py"))
            (site / relative).parent.mkdir(parents=True, exist_ok=True)
            (site / relative).write_text(textwrap.dedent(text), encoding="utf-8")
        info = site / f"{name.replace('-', '_')}-{version}.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
        groups = "".join(f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in points.items()) + "\n"
                         for group, points in entry_points.items())
        (info / "entry_points.txt").write_text(groups, encoding="utf-8")
        if source is not None:
            (info / "direct_url.json").write_text(f'{{"url": "{source.as_uri()}", "dir_info": {{"editable": true}}}}',
                                                  encoding="utf-8")
        importlib.invalidate_caches()
        forget_modules()
        forget_plugins()
        return site

    monkeypatch.syspath_prepend(str(site))
    yield install
    forget_modules()
    forget_plugins()
