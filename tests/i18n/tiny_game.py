"""A small game folder with an English catalog and a hand-written Danish one.

Danish has: current translations (with „quotes“, colons, a leading * and #, a
backslash, multi-line text), one stale (English changed), one with no source, one
missing (rules.pass), one of a text the game no longer uses (rules.old) and one of a
key English lacks (rules.gone).
"""

from pathlib import Path

from pnp.i18n.catalog import fingerprint

ENGLISH = {
    "rules.title": "Tiny Game",
    "rules.intro": 'Tiny Game is for two players: in turn you place "stones" on the board until no space is left.',
    "rules.setup": "1. Put the board between you.\n2. Take 10 stones each.\n\nThen begin.",
    "rules.note": "* Only one stone per space.",
    "rules.count": "# of stones: 20",
    "rules.path": "Save as C:\\games\\tiny",
    "rules.take": "Take one stone.",
    "rules.pass": "Pass if you cannot place.",
    "rules.old": "This text is no longer used.",
    "component.board.name": "Board",
}

EN_YAML = """\
# English texts of Tiny Game.

# --- Rules ---
rules.title: Tiny Game
rules.intro: >-
  Tiny Game is for two players: in turn you place "stones" on the board until
  no space is left.
rules.setup: |-
  1. Put the board between you.
  2. Take 10 stones each.

  Then begin.
rules.note: "* Only one stone per space."
rules.count: "# of stones: 20"
rules.path: Save as C:\\games\\tiny
rules.take: Take one stone.
rules.pass: Pass if you cannot place.
rules.old: This text is no longer used.

# --- Components ---
component.board.name: Board
"""

DANISH = {
    "rules.title": "Lille spil",
    "rules.intro": "Lille spil er for to spillere: på skift lægger I „sten“ på brættet, til der ikke er flere pladser.",
    "rules.setup": "1. Læg brættet mellem jer.\n2. Tag hver 10 sten.\n\nSå begynder I.",
    "rules.note": "* Kun én sten på hvert felt.",
    "rules.count": "# sten: 20",
    "rules.path": "Gem som C:\\spil\\lille",
    "rules.take": "Tag en sten.",
    "rules.old": "Denne tekst bruges ikke mere.",
    "component.board.name": "Bræt",
    "rules.gone": "Forsvundet",
}


def _fp(key: str) -> str:
    return fingerprint(ENGLISH[key])


DA_YAML = f"""\
# Danske tekster.
rules.title:
  text: Lille spil
  source: {_fp("rules.title")}
rules.intro:
  text: >-
    Lille spil er for to spillere: på skift lægger I „sten“ på brættet, til der
    ikke er flere pladser.
  source: {_fp("rules.intro")}
rules.setup:
  text: |-
    1. Læg brættet mellem jer.
    2. Tag hver 10 sten.

    Så begynder I.
  source: {_fp("rules.setup")}
rules.note: {{text: "* Kun én sten på hvert felt.", source: {_fp("rules.note")}}}
rules.count: {{text: "# sten: 20", source: {_fp("rules.count")}}}
rules.path: {{text: 'Gem som C:\\spil\\lille', source: {_fp("rules.path")}}}
rules.take: {{text: Tag en sten., source: {fingerprint("Take a stone.")}}}
rules.old: {{text: Denne tekst bruges ikke mere., source: {_fp("rules.old")}}}
component.board.name: {{text: Bræt}}
rules.gone: {{text: Forsvundet, source: 0123456789ab}}
"""

USED = set(ENGLISH) - {"rules.old"} | {"rules.undefined"}


def make_game(root: Path) -> Path:
    """content/tiny with text/en.yaml and text/da.yaml under root."""
    folder = root / "content" / "tiny"
    (folder / "text").mkdir(parents=True)
    (folder / "text" / "en.yaml").write_text(EN_YAML, encoding="utf-8")
    (folder / "text" / "da.yaml").write_text(DA_YAML, encoding="utf-8")
    return folder


def line_of(path: Path, key: str) -> int:
    """The line where `key:` starts a top-level entry of a YAML file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith(f"{key}:"):
            return number
    raise AssertionError(f"{key} not in {path}")
