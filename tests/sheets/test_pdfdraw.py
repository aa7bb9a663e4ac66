"""pnp.paint.pdfdraw paints what reportlab's renderPDF paints: pixels compared with PDFium.

Each drawing is put on a page twice, once by renderPDF and once by pdfdraw, and both
pages are rasterized by pypdfium2; the pixels must be equal. The drawings are the games'
own faces and diagrams, an SVG through svglib and a synthetic drawing with every shape,
colour, alpha, dash, fill rule and clip that pnp's drawings can hold.
"""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageChops
from reportlab.graphics import renderPDF, shapes
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from pnp.diagrams import load_diagrams
from pnp.i18n.catalog import Texts, load_catalogs
from pnp.model.game import load_game
from pnp.model.problems import Problems
from pnp.output.raster import render_page
from pnp.paint import pdfdraw
from pnp.paint.diagrams.api import diagram_drawing
from pnp.paint.faces import FacePainter, game_icons
from pnp.paint.picture import as_reportlab
from pnp.paint.vector import placed
from pnp.targets import BuildOptions, DiagramOptions, build, build_diagrams
from pnp.text.fonts import font_name

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
DPI = 150

ART = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60" width="100" height="60">
  <defs>
    <clipPath id="c"><circle cx="30" cy="30" r="22"/></clipPath>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#0072B2"/><stop offset="1" stop-color="#E69F00"/>
    </linearGradient>
  </defs>
  <rect x="2" y="2" width="96" height="56" rx="6" fill="url(#g)" stroke="#222" stroke-width="1.5"/>
  <g clip-path="url(#c)">
    <rect x="5" y="5" width="50" height="50" fill="#009E73" fill-opacity="0.6"/>
    <path d="M5 30 L55 30" stroke="#D55E00" stroke-width="4" stroke-dasharray="6 3" stroke-dashoffset="2"/>
  </g>
  <path d="M60 10 L95 10 L95 50 L60 50 Z M70 20 L85 20 L85 40 L70 40 Z" fill="#CC79A7" fill-rule="evenodd"/>
  <path d="M60 55 Q77 35 95 55" fill="#56B4E9" stroke="#000" stroke-opacity="0.5" stroke-linecap="round"/>
  <polyline points="5,58 20,50 35,58" fill="none" stroke="#000" stroke-linejoin="round" stroke-width="2"/>
  <ellipse cx="80" cy="30" rx="8" ry="4" fill="#F0E442" opacity="0.8"/>
  <text x="50" y="8" font-family="Helvetica" font-size="6" text-anchor="middle">art</text>
</svg>
"""


def page(draw, drawing: shapes.Drawing) -> bytes:
    """A page the Drawing's size with the drawing on it, drawn by draw(drawing, canvas, x, y)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(drawing.width + 20, drawing.height + 20), invariant=1,
                    initialFontName=font_name(), pageCompression=1)
    draw(drawing, canvas, 10, 10)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def assert_same_pixels(drawing: shapes.Drawing, dpi: int = DPI) -> None:
    expected = render_page(page(renderPDF.draw, drawing), 0, dpi).convert("RGB")
    actual = render_page(page(pdfdraw.draw, drawing), 0, dpi).convert("RGB")
    assert actual.size == expected.size
    box = ImageChops.difference(expected, actual).getbbox()
    assert box is None, f"pixels differ in {box}"


def synthetic() -> shapes.Drawing:
    """Every shape and state pnp's drawings use, and the corners of renderPDF's meaning."""
    d = shapes.Drawing(240, 160)
    d.background = shapes.Rect(0, 0, 240, 160, fillColor=colors.HexColor("#fafafa"), strokeColor=None)
    window = [0, 0, 120, 0, 120, 80, 0, 80, 40, 20, 80, 20, 80, 60, 40, 60]  # a frame: even-odd leaves the hole
    clipped = shapes.Group(shapes.Path(points=window, operators=[0, 1, 1, 1, 3, 0, 1, 1, 1, 3], isClipPath=1,
                                       fillColor=None, strokeColor=None, fillMode=0))
    clipped.add(shapes.Circle(60, 40, 50, fillColor=colors.red, strokeColor=colors.blue, strokeWidth=3,
                              strokeDashArray=(2.4, 1.8)))
    clipped.add(shapes.Rect(10, 10, 60, 30, rx=6, ry=6, fillColor=colors.Color(0, 0.5, 0, alpha=0.5),
                            strokeColor=colors.black, strokeWidth=0.5))
    clipped.add(shapes.Rect(50, 30, 60, 30, fillColor=colors.yellow, fillOpacity=0.4, strokeColor=None))
    d.add(clipped)
    star = [150, 10, 170, 70, 130, 30, 190, 30, 140, 70]
    d.add(shapes.Polygon(star, fillColor=colors.purple, strokeColor=colors.orange, strokeLineJoin=1))
    d.add(shapes.Path(points=[200, 10, 230, 10, 230, 40, 210, 40, 215, 15, 225, 15, 225, 35, 215, 35],
                      operators=[0, 1, 1, 1, 3, 0, 1, 1, 1, 3], fillColor=colors.teal, strokeColor=None, fillMode=0))
    open_path = dict(points=[130, 90, 170, 130, 210, 90], operators=[0, 1, 1], fillColor=colors.pink,
                     strokeColor=colors.black, strokeWidth=2)
    for dx, autoclose in ((0, None), (20, "svg"), (40, "pdf")):
        path = shapes.Path(**open_path, autoclose=autoclose)
        path.points = [v + dx if i % 2 == 0 else v for i, v in enumerate(path.points)]
        d.add(path)
    d.add(shapes.PolyLine([10, 150, 40, 120, 70, 150], strokeColor=colors.navy, strokeWidth=4, strokeLineCap=1,
                          strokeDashArray=(4, (9, 5))))
    d.add(shapes.Line(10, 100, 110, 100, strokeColor=colors.Color(0, 0, 0, alpha=0.4), strokeWidth=6, strokeLineCap=2))
    d.add(shapes.Ellipse(180, 145, 30, 10, fillColor=colors.CMYKColor(0.1, 0.6, 0, 0), strokeColor=None))
    turned = shapes.Group(transform=(0.8, 0.3, -0.3, 0.8, 90, 110))
    for anchor, y in (("start", 0), ("middle", 12), ("end", 24)):
        turned.add(shapes.String(30, y, f"Glyph {anchor} æøå", fontName=font_name(), fontSize=9, textAnchor=anchor))
    turned.add(shapes.String(0, 36, "Helvetica", fontName="Helvetica-Bold", fontSize=8, fillColor=colors.darkred))
    turned.add(shapes.String(0, 48, "unseen", fontName=font_name(), fontSize=8, fillColor=None))
    d.add(turned)
    d.add(shapes.Image(200, 60, 30, 20, Image.new("RGB", (3, 2), (40, 160, 90))))
    return d


def svg_art(tmp_path: Path) -> shapes.Drawing:
    path = tmp_path / "art.svg"
    path.write_text(ART, encoding="utf-8")
    drawing = shapes.Drawing(200, 120)
    drawing.add(as_reportlab(placed(path, 0, 0, 200, 120)))
    return drawing


def game_faces(game_name: str) -> list[shapes.Drawing]:
    """The first item's front and back of every set, as the sheets draw them (bleed included)."""
    game = load_game(ROOT / "content" / game_name)
    catalogs = load_catalogs(game.folder, game.languages)
    painter = FacePainter(Texts(catalogs, "en"), "en", Problems(), icons=game_icons(game))
    item_faces = [(s, face) for s in game.sets for face in (s.items[0].front, s.items[0].back) if face is not None]
    return [painter.drawing(face, s.shape, s.bleed, cut_guide=False) for s, face in item_faces]


def game_diagrams(game_name: str) -> list[shapes.Drawing]:
    game = load_game(ROOT / "content" / game_name)
    catalogs = load_catalogs(game.folder, game.languages)
    book = load_diagrams(game, catalogs)
    return [diagram_drawing(game, catalogs, book, key, "da", Problems(), caption=True)
            for key in list(book.diagrams)[:2]]


def test_synthetic_drawing_is_painted_as_renderpdf_paints_it() -> None:
    assert_same_pixels(synthetic())
    assert_same_pixels(synthetic(), dpi=400)


def test_svg_art_through_svglib_is_painted_as_renderpdf_paints_it(tmp_path: Path) -> None:
    drawing = svg_art(tmp_path)
    kinds = {type(node).__name__ for node in _nodes(drawing)}
    assert {"ClippingPath", "NoStrokePath", "LinearGradientShape", "String"} <= kinds  # what svglib made of it
    before = pdfdraw.fallbacks.copy()
    assert_same_pixels(drawing, dpi=300)
    assert pdfdraw.fallbacks == before


@pytest.mark.parametrize("game_name", GAMES)
def test_the_games_faces_and_diagrams_are_painted_as_renderpdf_paints_them(game_name: str) -> None:
    drawings = game_faces(game_name) + game_diagrams(game_name)
    assert drawings
    for drawing in drawings:
        assert_same_pixels(drawing)


def test_a_node_it_does_not_know_is_left_to_renderpdf_in_the_state_around_it() -> None:
    drawing = shapes.Drawing(120, 120)
    group = shapes.Group(transform=(1, 0, 0, 1, 10, 10))
    group.add(shapes.Path(points=[0, 0, 80, 0, 80, 80, 0, 80], operators=[0, 1, 1, 1, 3], isClipPath=1,
                          fillColor=None, strokeColor=None))
    group.add(shapes.Wedge(50, 50, 60, 10, 120, fillColor=colors.green, strokeColor=colors.black, fillOpacity=0.5))
    group.add(shapes.Rect(0, 0, 30, 30, fillColor=colors.blue, strokeColor=None))
    drawing.add(group)
    before = pdfdraw.fallbacks["Wedge"]
    assert_same_pixels(drawing)
    assert pdfdraw.fallbacks["Wedge"] == before + 1


def test_the_canvas_is_left_as_it_was_and_fonts_are_embedded() -> None:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(300, 200), invariant=1, initialFontName=font_name())
    canvas.setFillColor(colors.red)
    canvas.setFillAlpha(0.3)
    before = {name: getattr(canvas, name) for name in canvas.STATE_ATTRIBUTES if name != "_extgstate"}
    pdfdraw.draw(synthetic(), canvas, 0, 0)
    assert {name: getattr(canvas, name) for name in before} == before
    assert canvas._extgstate.getValue("ca") == 0.3
    canvas.showPage()
    canvas.save()
    with pikepdf.open(io.BytesIO(buffer.getvalue())) as pdf:
        fonts = pdf.pages[0].Resources.Font
        names = sorted(str(fonts[key].BaseFont) for key in fonts)
    assert any(name.endswith("Helvetica-Bold") for name in names)
    assert any("+" in name for name in names)  # the TrueType face, subset to the glyphs drawn


def test_the_same_drawing_gives_the_same_bytes() -> None:
    assert page(pdfdraw.draw, synthetic()) == page(pdfdraw.draw, synthetic())


def test_the_games_kits_need_no_fallback(tmp_path: Path) -> None:
    """Every node of the four games' sheets, rulebooks and diagrams is one pdfdraw paints itself."""
    pdfdraw.fallbacks.clear()
    folders = [ROOT / "content" / name for name in GAMES]
    options = BuildOptions(out=tmp_path / "kit", papers=("a4",), languages=("en",), formats=("pdf",),
                           kinds=("sheets", "rulebook"), jobs=1)
    written = build(folders, options).written
    assert any(p.name.endswith("-rules-en.pdf") for p in written) and any("-sheets-" in p.name for p in written)
    build_diagrams(folders, DiagramOptions(out=tmp_path / "diagrams", formats=("pdf",), languages=("en",), jobs=1))
    assert not pdfdraw.fallbacks


def _nodes(node):
    yield node
    if isinstance(node, shapes.Group):
        for child in node.getContents():
            yield from _nodes(child)
