"""What the rulebook tests share: the four games, a rulebooks-only build, and a small game to break.

A module of its own (not conftest), so that `from rulebook_kit import ...` finds this
file whichever other test folder's conftest was imported first."""

from __future__ import annotations

from pathlib import Path

from pnp.i18n.catalog import fingerprint
from pnp.targets import BuildOptions
from pnp.targets import build as build_kit

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("quatrefoil", "boardless-quarto", "folio", "trifoil")


def build(folder: Path, out: Path, strict: bool = False, languages=("en", "da"), papers=("a4", "letter")):
    """A game's rulebooks and booklets only, with the report on their languages: (paths written, warnings)."""
    options = BuildOptions(out=out, papers=papers, languages=languages, strict=strict, formats=("pdf",),
                           kinds=("rulebook", "booklet", "translations"), jobs=1)
    result = build_kit([folder], options)
    return result.written, result.warnings


GAME_YAML = """\
title: Tiny Fold
authors: [A. Designer]
version: "0.1"
licence: CC BY 4.0
languages: [en, da]
players: "2"
palette:
  ink: "#222222"
  blue: "#0072B2"
"""

COMPONENTS_YAML = """\
sets:
  stones:
    extends: tokens/disc-25
    items:
      - {id: one}
    front:
      background: blue
"""


def rulebook_yaml(booklet: str, pages: int) -> str:
    sections = "".join(f"""\
  - title: rules.s{n}.title
    new_page: true
    body:
      - p: rules.s{n}.p
""" for n in range(1, pages + 1))
    return f"booklet: {booklet}\ncover:\n  tagline: rules.tagline\nsections:\n{sections}"


def make_game(folder: Path, *, booklet: str = "a6-sheet", pages: int = 7, english: dict | None = None,
              danish: dict | None = None) -> Path:
    """A game folder with one short section per page; english/danish override texts."""
    english = {"rules.tagline": "A tiny game.", "component.stones.name": "Stones",
               **{k: v for n in range(1, pages + 1) for k, v in
                  ((f"rules.s{n}.title", f"Part {n}"), (f"rules.s{n}.p", f"The rules of part {n}."))},
               **(english or {})}
    danish = {"game.title": "Lille Fold", "rules.tagline": "Et lille spil.", "component.stones.name": "Sten",
              **{k: v for n in range(1, pages + 1) for k, v in
                 ((f"rules.s{n}.title", f"Del {n}"), (f"rules.s{n}.p", f"Reglerne for del {n}: æ ø å."))},
              **(danish or {})}
    (folder / "text").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML, encoding="utf-8")
    (folder / "components.yaml").write_text(COMPONENTS_YAML, encoding="utf-8")
    (folder / "rulebook.yaml").write_text(rulebook_yaml(booklet, pages), encoding="utf-8")
    (folder / "text" / "en.yaml").write_text("".join(f"{k}: {quote(v)}\n" for k, v in english.items()),
                                             encoding="utf-8")
    sources = {**english, "game.title": "Tiny Fold"}  # the title is game.yaml's
    (folder / "text" / "da.yaml").write_text("".join(
        f"{k}:\n  text: {quote(v)}\n  source: \"{fingerprint(sources[k])}\"\n"
        for k, v in danish.items() if v is not None),
        encoding="utf-8")
    return folder


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
