"""Shared fixtures: the repository's folders and a small game written into tmp_path."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"

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
