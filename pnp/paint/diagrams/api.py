"""A game's checked diagram book → diagram and example-play pictures and Drawings, per language.

The scenes come from pnp.diagrams; pieces are drawn with their printed faces. A
`Picture` can be drawn at any scale: its `cell` is the one the spec asks for (`cell:`,
or what fits `width:`); a rulebook draws pictures shown together at one shared cell size.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics import shapes

from pnp.diagrams import scene as sc
from pnp.diagrams.book import caption_text, diagram_scene, example_scenes
from pnp.diagrams.sizing import MAX_CELL, frame_cell, natural_cell
from pnp.i18n.catalog import Catalogs, Texts
from pnp.model.diagrams import DiagramBook
from pnp.model.game import Game
from pnp.model.problems import Location, Problems
from pnp.paint.diagrams.art import GameArt
from pnp.paint.diagrams.render import Picture, Renderer, plain_caption
from pnp.paint.faces import FacePainter, game_icons
from pnp.text.typography import typographic_quotes


def _art(game: Game, catalogs: Catalogs, language: str, problems: Problems) -> GameArt:
    return GameArt(game, FacePainter(Texts(catalogs, language), language, problems, icons=game_icons(game)))


def diagram_picture(game: Game, catalogs: Catalogs, book: DiagramBook, diagram_id: str, language: str,
                    problems: Problems) -> Picture:
    """One diagram of the (checked) book, ready to draw at any scale.

    An unknown id is a problem and gives an empty picture.
    """
    spec = book.diagrams.get(diagram_id)
    art = _art(game, catalogs, language, problems)
    renderer = Renderer(art, game.palette, game.rulebook_fonts.body)
    if spec is None:
        known = ", ".join(book.diagrams) or "none"
        problems.add(Location(str(Path(game.folder) / "diagrams.yaml")), "diagrams",
                     f"no diagram '{diagram_id}' (there are: {known})")
        return Picture(sc.Scene(()), renderer, 1.0)
    scene = diagram_scene(spec, art, Texts(catalogs, language), problems)
    return Picture(scene, renderer, spec.cell or natural_cell(scene, spec.width),
                   renderer.smallest_cell(scene, book.legibility), book.legibility)


def diagram_drawing(game: Game, catalogs: Catalogs, book: DiagramBook, diagram_id: str, language: str,
                    problems: Problems, *, caption: bool = False) -> shapes.Drawing:
    """One diagram as a Drawing at the spec's scale (`cell:`, or `width:` wide, 85 mm by default).

    With caption=True the caption is set under the picture (for standalone files);
    a rulebook sets it itself. An unknown id is a problem and gives an empty Drawing.
    """
    picture = diagram_picture(game, catalogs, book, diagram_id, language, problems)
    spec = book.diagrams.get(diagram_id)
    if spec is None:
        return shapes.Drawing(1, 1)
    text = caption_text(spec.caption_key, Texts(catalogs, language), spec.location, problems) if caption else None
    return picture.drawing(caption=typographic_quotes(text, language) if text else None)


def example_pictures(game: Game, catalogs: Catalogs, book: DiagramBook, example_id: str, language: str,
                     problems: Problems) -> list[tuple[Picture, str]]:
    """Each step of an example play as (Picture, caption text with its *emphasis* markup).

    All steps share one cell size (the spec's `cell:`, or the largest at which every
    step fits `width:`), so pieces keep their size from picture to picture.
    """
    spec = book.examples.get(example_id)
    if spec is None:
        known = ", ".join(book.examples) or "none"
        problems.add(Location(str(Path(game.folder) / "examples.yaml")), "examples",
                     f"no example '{example_id}' (there are: {known})")
        return []
    art = _art(game, catalogs, language, problems)
    steps = example_scenes(spec, art, Texts(catalogs, language), problems)
    renderer = Renderer(art, game.palette, game.rulebook_fonts.body)
    cell = spec.cell or min([frame_cell(frame, spec.width) for frame, _ in steps] + [MAX_CELL])
    scenes = [(sc.Scene((frame,)), text) for frame, text in steps]
    return [(Picture(scene, renderer, cell, renderer.smallest_cell(scene, book.legibility), book.legibility), text)
            for scene, text in scenes]


def example_steps(game: Game, catalogs: Catalogs, book: DiagramBook, example_id: str, language: str,
                  problems: Problems, *, caption: bool = False) -> list[tuple[shapes.Drawing, str]]:
    """Each step of an example play as (Drawing, caption text), all at the example's one scale."""
    return [(picture.drawing(caption=typographic_quotes(text, language) if caption else None), text)
            for picture, text in example_pictures(game, catalogs, book, example_id, language, problems)]




@dataclass(frozen=True)
class Standalone:
    """A diagram or example step as a file of its own shows it: the Drawing with its caption set
    under it, the caption as plain text, and the other words the picture shows."""

    drawing: shapes.Drawing
    caption: str
    words: tuple[str, ...]


def standalone_pictures(game: Game, catalogs: Catalogs, book: DiagramBook, what: str, ref: str, language: str,
                        problems: Problems) -> list[Standalone]:
    """The diagram `ref` (what: "diagram"), or every step of the example play `ref`, captioned."""
    if what == "diagram":
        picture = diagram_picture(game, catalogs, book, ref, language, problems)
        spec = book.diagrams.get(ref)
        if spec is None:
            return [Standalone(shapes.Drawing(1, 1), "", ())]
        text = caption_text(spec.caption_key, Texts(catalogs, language), spec.location, problems)
        captioned: list[tuple[Picture, str | None]] = [(picture, text)]
    else:
        captioned = list(example_pictures(game, catalogs, book, ref, language, problems))
    shown = []
    for picture, text in captioned:
        caption = typographic_quotes(text, language) if text else None
        shown.append(Standalone(picture.drawing(caption=caption), plain_caption(caption),
                                tuple(picture.scene.words())))
    return shown
