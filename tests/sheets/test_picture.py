"""A face's picture (pnp.paint.picture) paints what its reportlab twin paints, and a sheet's
process never imports reportlab.graphics (it would import all of platypus)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.graphics import shapes
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n.catalog import Texts, load_catalogs
from pnp.model.game import load_game
from pnp.model.problems import Problems
from pnp.paint import pdfdraw, picture
from pnp.paint.faces import FacePainter, game_icons
from pnp.text.fonts import font_name

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
RED = colors.Color(0.8, 0.1, 0.1)


def twins():
    """(picture shape, reportlab shape) made by the same call."""
    path_pair = (picture.Path(isClipPath=1, fillColor=None, strokeColor=None),
                 shapes.Path(isClipPath=1, fillColor=None, strokeColor=None))
    for path in path_pair:
        path.moveTo(0, 0)
        path.lineTo(10, 0)
        path.lineTo(10, 5)
        path.closePath()
    yield from [
        (picture.Rect(1, 2, 3, 4), shapes.Rect(1, 2, 3, 4)),
        (picture.Rect(1, 2, 3, 4, rx=0.5, ry=0.5), shapes.Rect(1, 2, 3, 4, rx=0.5, ry=0.5)),
        (picture.Circle(1, 2, 3), shapes.Circle(1, 2, 3)),
        (picture.Polygon([1, 2, 3, 4, 5, 6]), shapes.Polygon([1, 2, 3, 4, 5, 6])),
        (picture.Line(1, 2, 3, 4), shapes.Line(1, 2, 3, 4)),
        (picture.Image(1, 2, 3, 4, "a.png"), shapes.Image(1, 2, 3, 4, "a.png")),
        (picture.String(1, 2, "Ab", "F", 9, RED), shapes.String(1, 2, "Ab", fontName="F", fontSize=9, fillColor=RED)),
        path_pair,
    ]


@pytest.mark.parametrize("mine, theirs", list(twins()), ids=lambda shape: type(shape).__name__)
def test_a_shape_holds_what_its_reportlab_twin_holds_in_the_same_order(mine, theirs) -> None:
    assert list(vars(mine).items()) == list(vars(theirs).items())
    twin = picture.as_reportlab(mine)
    assert type(twin) is type(theirs) and list(vars(twin).items()) == list(vars(theirs).items())


def test_the_defaults_and_path_operators_are_reportlabs() -> None:
    assert dict(shapes.STATE_DEFAULTS) == picture.STATE_DEFAULTS
    ours = (picture.MOVETO, picture.LINETO, picture.CURVETO, picture.CLOSEPATH)
    assert ours == (shapes._MOVETO, shapes._LINETO, shapes._CURVETO, shapes._CLOSEPATH)
    assert tuple(shapes._PATH_OP_ARG_COUNT) == picture.OPERANDS


def test_a_picture_with_svg_art_becomes_a_drawing_holding_svglibs_own_shapes() -> None:
    svg_shape = shapes.Rect(0, 0, 1, 1)
    face = picture.Picture(20, 10, initialFontName=font_name())
    face.add(picture.Group(svg_shape, picture.Circle(1, 1, 1)))
    drawing = face.reportlab()
    assert isinstance(drawing, shapes.Drawing) and drawing.initialFontName == font_name()
    inner = drawing.contents[0]
    assert isinstance(inner, shapes.Group) and inner.contents[0] is svg_shape
    assert isinstance(inner.contents[1], shapes.Circle)
    assert face.reportlab() is drawing  # made once: callers share it


def page(drawing) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(400, 400), invariant=1, initialFontName=font_name(), pageCompression=0)
    pdfdraw.draw(drawing, canvas, 10, 10)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("game_name", GAMES)
def test_every_face_paints_the_same_pdf_as_its_drawing(game_name: str) -> None:
    game = load_game(ROOT / "content" / game_name)
    catalogs = load_catalogs(game.folder, game.languages)
    painter = FacePainter(Texts(catalogs, "en"), "en", Problems(), icons=game_icons(game))
    faces = [(s, face) for s in game.sets for item in s.items for face in (item.front, item.back) if face is not None]
    assert faces
    for component_set, face in faces:
        for cut_guide in (False, True):
            made = painter.paint(face, component_set.shape, component_set.bleed, cut_guide)
            assert page(made) == page(made.reportlab()), f"{component_set.id}: the picture and its Drawing differ"


def test_painting_sheets_without_svg_art_imports_no_reportlab_graphics(tmp_path: Path) -> None:
    """SVG art is svglib's reportlab shapes; everything else a face shows is a picture's."""
    from bench.synthetic import write_deck

    folder = write_deck(tmp_path, 30)
    script = f"""
import sys
from pathlib import Path
from pnp.targets.games import load_games
from pnp.targets.kinds import sheets
from pnp.targets.options import BuildOptions
loaded = load_games([Path({str(folder)!r})])[0]
options = BuildOptions(formats=("pdf",), papers=("a4",), languages=("en",))
target = next(t for t in sheets.plan(loaded, options) if t.kind == sheets.NAME)
assert sheets.render(target, loaded, options, ()).data.startswith(b"%PDF")
print(sorted(m for m in sys.modules if m.startswith(("reportlab.graphics", "reportlab.platypus"))))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True)
    assert result.stdout.strip() == "[]"
