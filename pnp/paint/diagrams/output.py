"""A game folder → every diagram and example step written alone as PDF, PNG and SVG files.

Files are `<out>/<game>/diagrams/<game>-<diagram>-<lang>.<ext>` and
`<game>-example-<id>-step<NN>-<lang>.<ext>`. The PDF is reportlab's invariant output
with embedded fonts; the PNG is that PDF rasterized (so both match) with its DPI
stored; the SVG comes from the same Drawing. Every write is atomic.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.graphics import renderPDF, renderSVG, shapes
from reportlab.pdfgen.canvas import Canvas

from pnp.i18n.catalog import load_game_catalogs
from pnp.model.game import load_game
from pnp.model.problems import Problems
from pnp.output.files import write_bytes
from pnp.output.raster import png_bytes, render_page
from pnp.paint.diagrams.api import diagram_drawing, example_steps, load_diagrams
from pnp.paint.fonts import font_name

FORMATS = ("pdf", "png", "svg")


def write_diagrams(game_folder: Path, out: Path, formats: tuple[str, ...] = FORMATS, languages: tuple[str, ...] | None = None,
                   transparent: bool = False, dpi: int = 300) -> list[Path]:
    """Write every diagram and example step of a game; return the paths written.

    Raises ContentError (every problem, located) before writing anything if the
    diagrams, examples, components or catalogs have problems.
    """
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise ValueError(f"unknown diagram format {unknown[0]!r}; expected {', '.join(FORMATS)}")
    game = load_game(Path(game_folder))
    catalogs = load_game_catalogs(game)
    book = load_diagrams(game, catalogs)
    folder = Path(out) / game.id / "diagrams"
    problems, pictures = Problems(), []
    for language in languages or game.languages:
        for diagram_id in book.diagrams:
            drawing = diagram_drawing(game, catalogs, diagram_id, language, problems, caption=True)
            pictures.append((f"{game.id}-{diagram_id}-{language}", drawing))
        for example_id in book.examples:
            steps = example_steps(game, catalogs, example_id, language, problems, caption=True)
            for number, (drawing, _) in enumerate(steps, 1):
                pictures.append((f"{game.id}-example-{example_id}-step{number:02d}-{language}", drawing))
    problems.raise_if_any()
    return [path for stem, drawing in pictures for path in _write(folder, stem, drawing, formats, transparent, dpi)]


def _write(folder: Path, stem: str, drawing: shapes.Drawing, formats, transparent: bool, dpi: int) -> list[Path]:
    pdf = drawing_pdf(drawing, stem)
    written = []
    for extension in formats:
        target = folder / f"{stem}.{extension}"
        if extension == "pdf":
            data = pdf
        elif extension == "png":
            data = png_bytes(render_page(pdf, 0, dpi, transparent=transparent), dpi)
        else:
            data = drawing_svg(drawing)
        write_bytes(target, data)
        written.append(target)
    return written


def drawing_pdf(drawing: shapes.Drawing, title: str) -> bytes:
    """One page exactly the Drawing's size; invariant, so the same Drawing gives the same bytes."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(drawing.width, drawing.height), invariant=1, initialFontName=font_name(), pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("pnp")
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def drawing_svg(drawing: shapes.Drawing) -> bytes:
    return renderSVG.drawToString(drawing).encode("utf-8")
