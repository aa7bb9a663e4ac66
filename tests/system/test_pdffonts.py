"""A game's own fonts, listed by poppler's pdffonts as every PDF reader would find them: each
embedded as a tagged TrueType subset with its Unicode map, the .otf's CFF outlines included."""

from __future__ import annotations

from pathlib import Path

import pytest
from programs import run

pytestmark = pytest.mark.system


def pdffonts(pdf: Path) -> dict[str, tuple[str, ...]]:
    """Each font's name without its subset tag → (type, emb, sub, uni) as pdffonts lists them."""
    result = run("pdffonts", str(pdf))
    assert result.returncode == 0, result.stderr
    fonts = {}
    for line in result.stdout.splitlines()[2:]:
        name, *rest = line.split()
        # name, type (one or two words), encoding, emb, sub, uni, object number, generation
        fonts[name.split("+", 1)[1]] = (" ".join(rest[:-6]), *rest[-5:-2])
    return fonts


def test_pdffonts_lists_the_games_fonts_embedded(tmp_path):
    from pnp.targets import BuildOptions, build
    from tests.fonts.test_game_fonts import font_game

    folder = font_game(tmp_path)
    build([folder], BuildOptions(out=tmp_path / "out", formats=("pdf",), languages=("en",), papers=("a4",), jobs=1))
    out = tmp_path / "out" / "tiny"
    sheets, rulebook = pdffonts(out / "tiny-sheets-en-a4.pdf"), pdffonts(out / "tiny-rules-en.pdf")
    embedded = ("TrueType", "yes", "yes", "yes")
    assert sheets["AmaticSC-Bold"] == embedded
    assert {name: rulebook[name] for name in ("AmaticSC-Bold", "SourceSerifPro-Regular", "SourceSerifPro-It")} == \
        dict.fromkeys(("AmaticSC-Bold", "SourceSerifPro-Regular", "SourceSerifPro-It"), embedded)
