"""`pnp new GAME`: a new game folder from the commented files here, ready to build in English and Danish.

The files are copied with the game's id and title filled in (`{{id}}`, `{{title}}`); the
Danish catalog is then stamped against the English, so the first build has nothing to
warn about. Nothing is written if the folder exists.

A title is the designer's words, whatever they hold ('Catan: Seafarers', '#1 Game', a
quote): where it is a YAML value it is written as a scalar that reads back as exactly
that text (plain where it can be, else in double quotes), and where it is inside a
comment, on one line.
"""

from __future__ import annotations

from pathlib import Path

FILES = ("game.yaml", "components.yaml", "cards.csv", "rulebook.yaml", "diagrams.yaml", "icons/star.svg",
         "text/en.yaml", "text/da.yaml", "text/da.glossary.yaml")


def scaffold_files(game_id: str, title: str) -> dict[str, bytes]:
    """The new game's files by path inside its folder."""
    here = Path(__file__).parent
    values = {"{{id}}": game_id, "{{title}}": title}
    files = {}
    for name in FILES:
        lines = (here / name).read_text(encoding="utf-8").splitlines(keepends=True)
        files[name] = "".join(_filled(line, values) for line in lines).encode("utf-8")
    return files


def _filled(line: str, values: dict[str, str]) -> str:
    comment = line.lstrip().startswith("#")
    for placeholder, value in values.items():
        if placeholder in line:
            line = line.replace(placeholder, one_line(value) if comment else yaml_scalar(value))
    return line


def one_line(text: str) -> str:
    """text for a comment line: every line break or other control character a space."""
    return "".join(c if c.isprintable() else " " for c in text)


def yaml_scalar(text: str) -> str:
    """text as a YAML scalar that reads back as text: plain if YAML would read it so, else double-quoted."""
    import yaml

    try:
        plain = yaml.safe_load(f"key: {text}\n") == {"key": text} and text == text.strip()
    except yaml.YAMLError:
        plain = False
    if plain and text.isprintable():
        return text
    return '"' + "".join(_escaped(c) for c in text) + '"'


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}


def _escaped(character: str) -> str:
    if character in _ESCAPES:
        return _ESCAPES[character]
    if character.isprintable() or character == " ":
        return character
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
