"""Diagrams and example plays: hand-placed YAML, engine-checked moves, pixels, files."""

from __future__ import annotations

import math
import shutil
import textwrap
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from pnp.diagrams import example_scenes, load_diagrams
from pnp.diagrams import scene as sc
from pnp.diagrams.sizing import frame_cell
from pnp.games import boardless_quarto as bq
from pnp.i18n.catalog import Texts, load_catalogs
from pnp.model.game import load_game
from pnp.model.problems import ContentError, Problems
from pnp.output.raster import render_page
from pnp.paint.diagrams.api import _art, diagram_drawing, example_steps
from pnp.paint.diagrams.output import drawing_pdf, drawing_svg
from pnp.paint.diagrams.render import Renderer
from pnp.targets import DiagramOptions, build_diagrams

CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES = ("quatrefoil", "boardless-quarto", "folio", "trifoil")
DPI = 150


def write(folder: Path, name: str, text: str) -> None:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture
def engineless(tmp_path: Path) -> Path:
    """A game with one red token set, no rules engine, and a hand-placed diagram."""
    folder = tmp_path / "content" / "plain"
    write(folder, "game.yaml", """\
        title: Plain
        authors: [Someone]
        version: "1"
        licence: CC0
        languages: [en, da]
        players: "2"
        palette: {red: "#CC0000"}
        """)
    write(folder, "components.yaml", """\
        sets:
          tokens:
            kind: token
            shape: circle
            width: 20mm
            items: [{id: red}]
            front: {background: red}
        """)
    write(folder, "text/en.yaml", "diagram.hand.caption: A red token and a free spot.\n")
    write(folder, "diagrams.yaml", """\
        diagrams:
          hand:
            board: {grid: [3, 1]}
            pieces:
              - {set: tokens, item: red, at: [0, 0]}
            marks:
              - circle: [2, 0]
        """)
    return folder


def test_hand_placed_diagram_draws_the_printed_token_and_the_marker(engineless: Path) -> None:
    game = load_game(engineless)
    catalogs = load_catalogs(game.folder, game.languages)
    book = load_diagrams(game, catalogs)
    problems = Problems()
    drawing = diagram_drawing(game, catalogs, book, "hand", "da", problems)
    assert not problems.items
    image = render_page(drawing_pdf(drawing, "hand"), 0, DPI)
    cell = image.width / 3.24  # three cells plus the frame's 0.12-cell margins
    row = image.height // 2
    red = image.getpixel((round(0.62 * cell), row))
    assert red[0] > 180 and red[1] < 60 and red[2] < 60
    assert _dark_on_ring(image, (2.62 * cell, row), 0.36 * cell) >= 8
    assert _dark_on_ring(image, (1.62 * cell, row), 0.36 * cell) == 0


def test_unknown_keys_and_pieces_are_located_problems(engineless: Path) -> None:
    write(engineless, "diagrams.yaml", """\
        diagrams:
          hand:
            pieces:
              - {set: tokens, item: green, at: [0, 0]}
            marks:
              - {circle: [1, 0], colour: blue}
        """)
    game = load_game(engineless)
    with pytest.raises(ContentError) as error:
        load_diagrams(game)
    message = str(error.value.message)
    assert "diagrams.yaml:4:" in message and "no item 'green'" in message
    assert "diagrams.yaml:6:" in message and "unknown key 'colour'" in message


def test_a_caption_that_is_not_text_is_one_problem_and_its_default_key_stands_in(engineless: Path) -> None:
    write(engineless, "diagrams.yaml", """\
        diagrams:
          hand:
            caption: [1, 2]
            board: {grid: [3, 1]}
        """)
    with pytest.raises(ContentError) as error:
        load_diagrams(load_game(engineless))
    assert len(error.value.problems) == 1
    assert "diagrams.yaml:3:14 diagrams.hand.caption: expected text, got a list" in error.value.message


def _bq_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "content" / "boardless-quarto"
    shutil.copytree(CONTENT / "boardless-quarto", folder)
    return folder


def test_an_illegal_example_move_names_file_line_step_move_and_rule(tmp_path: Path) -> None:
    folder = _bq_copy(tmp_path)
    path = folder / "examples.yaml"
    text = path.read_text(encoding="utf-8").replace('"CBHD@2,-1"', '"CBHD@4,-1"')
    path.write_text(text, encoding="utf-8")
    line = next(number for number, row in enumerate(text.splitlines(), 1) if "CBHD@4,-1" in row)
    with pytest.raises(ContentError) as error:
        load_diagrams(load_game(folder))
    message = error.value.message
    assert f"examples.yaml:{line}:" in message
    assert "step 3" in message and "'CBHD@4,-1'" in message
    assert "a piece must touch another piece side by side" in message
    assert "Traceback" not in error.value.format_message()


def test_a_step_text_that_is_not_a_key_is_one_problem_and_its_default_key_stands_in(tmp_path: Path) -> None:
    folder = _bq_copy(tmp_path)
    path = folder / "examples.yaml"
    first = '      - moves: ["start SOHD@0,0 SOFL@1,0"]\n'
    text = path.read_text(encoding="utf-8")
    assert first in text
    path.write_text(text.replace(first, first + "        text: [1]\n"), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_diagrams(load_game(folder))
    assert len(error.value.problems) == 1
    assert "examples.play.steps[0].text: expected text, got a list" in error.value.message


def test_a_caption_claim_the_engine_denies_is_a_problem(tmp_path: Path) -> None:
    folder = _bq_copy(tmp_path)
    path = folder / "examples.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{fixed: rows}", "{fixed: grid}"), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_diagrams(load_game(folder))
    assert "step 6: the caption says the grid are fixed, but the engine says: rows" in error.value.message


def _dark_on_ring(image, centre, radius: float) -> int:
    count = 0
    for step in range(72):
        angle = math.radians(step * 5)
        pixel = image.getpixel((round(centre[0] + radius * math.cos(angle)),
                                round(centre[1] + radius * math.sin(angle))))
        count += sum(pixel[:3]) < 200
    return count


def test_rasterized_example_shows_dashed_circles_where_the_engine_allows_a_piece() -> None:
    game = load_game(CONTENT / "boardless-quarto")
    catalogs = load_catalogs(game.folder, game.languages)
    problems = Problems()
    spec = load_diagrams(game, catalogs).examples["play"]
    art = _art(game, catalogs, "en", problems)
    frame, _ = example_scenes(spec, art, Texts(catalogs, "en"), problems)[1]
    cell = frame_cell(frame, spec.width)
    drawing = Renderer(art, game.palette).drawing(sc.Scene((frame,)), spec.width, cell=cell)
    image = render_page(drawing_pdf(drawing, "step"), 0, DPI)
    x0, y0, _, _ = frame.area()
    to_pixels = DPI / 72 * cell

    def pixel_centre(x: float, y: float) -> tuple[float, float]:
        return ((x - x0) * to_pixels, (y - y0) * to_pixels)

    state = bq.apply(bq.apply(bq.apply(bq.START, bq.parse_move("start SOHD@0,0 SOFL@1,0")), bq.parse_move("give COFL")),
                     bq.parse_move("COFL@1,-1"))
    spots = bq.legal_placements(state)
    rings = [item for item in frame.items if isinstance(item, sc.Ring)]
    assert len(rings) == len(spots) > 0
    # Scene cells are the engine's own: cell (x, y) is centred at (x + 0.5, y + 0.5).
    for x, y in spots:
        assert _dark_on_ring(image, pixel_centre(x + 0.5, y + 0.5), 0.36 * to_pixels) >= 8
    empty_corner = (x0 + 0.5, y0 + 0.5)
    assert (round(empty_corner[0] - 0.5), round(empty_corner[1] - 0.5)) not in spots
    assert _dark_on_ring(image, pixel_centre(*empty_corner), 0.36 * to_pixels) == 0


def test_svg_is_well_formed_xml_and_files_are_the_same_on_rebuild(tmp_path: Path) -> None:
    first = write_diagrams(CONTENT / "folio", tmp_path / "a", ("pdf", "png", "svg"), ("en",), False, 100)
    second = write_diagrams(CONTENT / "folio", tmp_path / "b", ("pdf", "png", "svg"), ("en",), False, 100)
    assert len(first) == len(second)
    names = sorted(p.name for p in first)
    assert "folio-legal-region-en.svg" in names and "folio-win-sizes-en.png" in names
    assert all(p.parent == tmp_path / "a" / "folio" / "diagrams" for p in first)
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes(), a.name
    for path in first:
        if path.suffix == ".svg":
            ElementTree.fromstring(path.read_bytes())


def test_example_steps_are_written_one_file_each(tmp_path: Path) -> None:
    written = write_diagrams(CONTENT / "boardless-quarto", tmp_path, ("svg",), ("da",), True, 72)
    names = {p.name for p in written}
    assert {f"boardless-quarto-example-play-step{n:02d}-da.svg" for n in range(1, 14)} <= names


def write_diagrams(folder: Path, out: Path, formats, languages, transparent: bool = False,
                   dpi: int = 300) -> list[Path]:
    options = DiagramOptions(out=out, formats=formats, languages=languages, transparent=transparent, dpi=dpi, jobs=1)
    return sorted(build_diagrams([folder], options).written)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_declared_diagram_renders_in_english_and_danish(game_id: str) -> None:
    game = load_game(CONTENT / game_id)
    catalogs = load_catalogs(game.folder, game.languages)
    book = load_diagrams(game, catalogs)
    assert book.diagrams or book.examples
    for language in ("en", "da"):
        problems = Problems()
        for diagram_id in book.diagrams:
            drawing = diagram_drawing(game, catalogs, book, diagram_id, language, problems)
            spec = book.diagrams[diagram_id]
            # At its own scale a diagram is as wide as its spec says, or, with `cell:`, fits an A5 page.
            assert 0 < drawing.width <= (122 if spec.cell else spec.width * 25.4 / 72) * 72 / 25.4 + 0.01
            ElementTree.fromstring(drawing_svg(drawing))
        for example_id in book.examples:
            steps = example_steps(game, catalogs, book, example_id, language, problems)
            assert steps and all(text for _, text in steps)
        assert not problems.items, problems.items


def test_rulebook_diagram_ids_are_all_declared() -> None:
    import yaml

    for game_id in GAMES:
        rulebook = yaml.safe_load((CONTENT / game_id / "rulebook.yaml").read_text(encoding="utf-8"))
        wanted = _values(rulebook, "diagram")
        book = load_diagrams(load_game(CONTENT / game_id))
        assert wanted <= set(book.diagrams), (game_id, wanted - set(book.diagrams))
        assert _values(rulebook, "example") <= set(book.examples)


def _values(node, key: str) -> set:
    if isinstance(node, dict):
        found = {node[key]} if key in node and isinstance(node[key], str) else set()
        return found.union(*(_values(v, key) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_values(v, key) for v in node)) if node else set()
    return set()


def test_the_example_ends_with_bob_winning_on_the_third_column() -> None:
    game = load_game(CONTENT / "boardless-quarto")
    catalogs = load_catalogs(game.folder, game.languages)
    book = load_diagrams(game, catalogs)
    steps = example_steps(game, catalogs, book, "play", "en", Problems())
    assert len(steps) == 13
    assert "third column" in steps[-1][1]
    steps_da = example_steps(game, catalogs, book, "play", "da", Problems())
    assert "Bjarke" in steps_da[-1][1] and "Bob" not in steps_da[-1][1]


def _trifoil_scene(diagram_id: str):
    game = load_game(CONTENT / "trifoil")
    catalogs = load_catalogs(game.folder, game.languages)
    problems = Problems()
    spec = load_diagrams(game, catalogs).diagrams[diagram_id]
    from pnp.diagrams import diagram_scene

    art = _art(game, catalogs, "en", problems)
    return game, art, diagram_scene(spec, art, Texts(catalogs, "en"), problems)


def test_the_refused_push_is_crossed_out_past_the_edge_where_the_last_link_would_fall_off() -> None:
    from pnp.games import trifoil as t

    _, _, scene = _trifoil_scene("push-blocked")
    [frame] = scene.frames
    [cross] = [i for i in frame.items if isinstance(i, sc.Cross)]
    game_map = t.get_map(6)
    # Below a3, the last tile of the pushed column, and on no tile at all.
    a3 = game_map.tile_centre("a3")
    assert abs(cross.x - a3[0]) < 1e-9 and cross.y > a3[1] + math.sqrt(3) / 2
    assert all(math.dist((cross.x, cross.y), game_map.tile_centre(tile)) > math.sqrt(3) / 2 for tile in game_map.tiles)


def test_every_trifoil_action_diagram_shows_the_triangles_by_their_letters() -> None:
    # On the whole board, each triangle is outlined and named by a label (a letter that
    # prints at a readable size), which stays on one tile from frame to frame.
    for diagram_id in ("place", "push-chain", "spin", "chain-wins"):
        _, _, scene = _trifoil_scene(diagram_id)
        places = [{i.text: (i.x, i.y) for i in frame.items if isinstance(i, sc.Label) and i.tag}
                  for frame in scene.frames]
        assert all(set(found) == {"Δ", "Ω", "θ"} for found in places), diagram_id
        assert all(found == places[0] for found in places), diagram_id
        assert all(i.size >= 7.5 for frame in scene.frames for i in frame.items if isinstance(i, sc.Label))


def test_a_trifoil_close_up_draws_only_the_tiles_it_names() -> None:
    _, _, scene = _trifoil_scene("push")
    for frame in scene.frames:
        assert len([i for i in frame.items if isinstance(i, sc.Cell)]) == 2
        assert not [i for i in frame.items if isinstance(i, (sc.Label, sc.Outline))]


def test_a_winning_chain_is_a_halo_under_the_links_which_stay_untouched() -> None:
    # Rendered with and without the chain's halo, every pixel inside each link is the same:
    # the halo shows around the links and hides nothing of them.
    game, art, scene = _trifoil_scene("chain-wins")
    [frame] = scene.frames
    halo = [i for i in frame.items if isinstance(i, sc.Stroke) and i.role == "win"]
    assert halo
    bare = sc.Frame(tuple(i for i in frame.items if i not in halo), frame.label, frame.bounds)
    renderer, cell = Renderer(art, game.palette), 20.0
    with_halo = render_page(drawing_pdf(renderer.drawing(sc.Scene((frame,)), cell=cell), "a"), 0, DPI)
    without = render_page(drawing_pdf(renderer.drawing(sc.Scene((bare,)), cell=cell), "b"), 0, DPI)
    x0, y0, _, _ = frame.area()
    scale = DPI / 72 * cell
    links = [i for i in frame.items if isinstance(i, sc.Piece) and i.set_id == "links"]
    chained = [link for link in links if any(math.dist((link.x, link.y), p) < 1e-6 for s in halo for p in s.points)]
    assert len(chained) >= 5
    for link in chained:
        px, py = (link.x - x0) * scale, (link.y - y0) * scale
        for dx in (-2, 0, 2):
            for dy in (-2, 0, 2):
                at = (round(px + dx), round(py + dy))
                assert with_halo.getpixel(at) == without.getpixel(at), (link, at)
    # ... and the halo is there, between the links.
    changed = 0
    for (ax, ay), (bx, by) in zip(halo[0].points, halo[0].points[1:]):
        for t in (0.3, 0.4, 0.5, 0.6, 0.7):
            at = (round((ax + (bx - ax) * t - x0) * scale), round((ay + (by - ay) * t - y0) * scale))
            changed += with_halo.getpixel(at) != without.getpixel(at)
    assert changed >= 5


def test_a_standalone_caption_prints_greek_in_its_italic_line(engineless: Path, tmp_path: Path) -> None:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    (engineless / "text" / "en.yaml").write_text("diagram.hand.caption: The token on triangle Δ, not θ.\n",
                                                 encoding="utf-8")
    [pdf] = write_diagrams(engineless, tmp_path / "out", ("pdf",), ("en",))
    textpage = pdfium.PdfDocument(str(pdf))[0].get_textpage()
    assert "Δ" in textpage.get_text_range() and "θ" in textpage.get_text_range()
    assert all(raw.FPDFText_GetUnicode(textpage.raw, i) != 0 for i in range(textpage.count_chars()))


def test_every_mark_kind_the_model_reads_becomes_a_scene_item() -> None:
    from pnp.diagrams import hand
    from pnp.model.diagrams import MARKS

    assert set(hand._MARKS) == set(MARKS)


def _hand_scene(folder: Path, diagrams: str) -> sc.Scene:
    from pnp.diagrams.book import diagram_scene
    from pnp.diagrams.pieces import Pieces

    write(folder, "diagrams.yaml", diagrams)
    game = load_game(folder)
    catalogs = load_catalogs(game.folder, game.languages)
    book = load_diagrams(game, catalogs)
    return diagram_scene(book.diagrams["hand"], Pieces(game), Texts(catalogs, "en"), Problems())


def test_a_hex_board_places_pieces_and_marks_on_its_hexagons_without_arithmetic(engineless: Path) -> None:
    """`board: {hex: [3, 2]}`: flat-topped hexagons one cell across their flats, odd columns half a
    cell lower, so every neighbour's centre is one cell away; [c, r] is that hexagon's centre."""
    from pnp.shapes import HEXAGON

    scene = _hand_scene(engineless, """\
        diagrams:
          hand:
            board: {hex: [3, 2]}
            pieces:
              - {set: tokens, item: red, at: [1, 0]}
            marks:
              - square: [2, 1]
              - arrow: [[0, 0], [1, 0]]
              - {label: edge, at: [0.5, 0]}
        """)
    [frame] = scene.frames
    cells = [i for i in frame.items if isinstance(i, sc.Cell)]
    assert len(cells) == 6 and all(c.shape is HEXAGON for c in cells)
    assert all(c.shape.natural_height(c.width) == pytest.approx(1.0) for c in cells)  # one cell flat to flat
    centre = {(round(c.x, 6), round(c.y, 6)) for c in cells}
    step = math.sqrt(3) / 2
    width = 2 / math.sqrt(3)
    expected = {(round(width / 2 + col * step, 6), round(0.5 + row + (0.5 if col % 2 else 0.0), 6))
                for col in range(3) for row in range(2)}
    assert centre == expected
    for a in cells:  # every hexagon's six neighbours on the board are exactly one cell away
        near = [b for b in cells if b is not a and math.dist((a.x, a.y), (b.x, b.y)) < 1.01]
        assert all(math.dist((a.x, a.y), (b.x, b.y)) == pytest.approx(1.0) for b in near) and near
    [piece] = [i for i in frame.items if isinstance(i, sc.Piece)]
    assert (piece.x, piece.y) == pytest.approx((width / 2 + step, 1.0))
    [highlight] = [i for i in frame.items if isinstance(i, sc.Highlight)]
    assert highlight.shape is HEXAGON and (highlight.x + highlight.w / 2, highlight.y + highlight.h / 2) == \
        pytest.approx((width / 2 + 2 * step, 1.5))
    [arrow] = [i for i in frame.items if isinstance(i, sc.Stroke)]
    assert [p for point in arrow.points for p in point] == pytest.approx([width / 2, 0.5, width / 2 + step, 1.0])
    [label] = [i for i in frame.items if isinstance(i, sc.Label)]
    assert (label.x, label.y) == pytest.approx((width / 2 + step / 2, 0.75))  # the middle of the shared edge


def test_an_offset_board_staggers_its_odd_rows_by_half_a_cell(engineless: Path) -> None:
    scene = _hand_scene(engineless, """\
        diagrams:
          hand:
            board: {offset: [[0, 0], [1, 0], [0, 1]]}
            pieces:
              - {set: tokens, item: red, at: [0, 1]}
        """)
    [frame] = scene.frames
    assert [(c.x, c.y) for c in frame.items if isinstance(c, sc.Cell)] == [(0.5, 0.5), (1.5, 0.5), (1.0, 1.5)]
    [piece] = [i for i in frame.items if isinstance(i, sc.Piece)]
    assert (piece.x, piece.y) == (1.0, 1.5)


def test_a_board_of_two_grids_is_a_located_problem(engineless: Path) -> None:
    write(engineless, "diagrams.yaml", """\
        diagrams:
          hand:
            board: {hex: [3, 2], grid: [3, 2]}
        """)
    with pytest.raises(ContentError, match=r"diagrams.yaml:3:\d+ diagrams.hand.board: a board is one kind of grid: "
                                           r"'grid' or 'cells' \(squares\), 'hex' or 'offset', got 'grid' and 'hex'"):
        load_diagrams(load_game(engineless))


def test_a_hex_board_prints_hexagons_with_the_token_on_its_cell(engineless: Path, tmp_path: Path) -> None:
    """Read back with PDFium: board-coloured hexagons, white between their corners, the red token
    at its hexagon's centre."""
    import pypdfium2

    write(engineless, "diagrams.yaml", """\
        diagrams:
          hand:
            cell: 20mm
            board: {hex: [2, 1]}
            pieces:
              - {set: tokens, item: red, at: [1, 0]}
        """)
    game = load_game(engineless)
    catalogs = load_catalogs(game.folder, game.languages)
    book = load_diagrams(game, catalogs)
    problems = Problems()
    pdf = drawing_pdf(diagram_drawing(game, catalogs, book, "hand", "en", problems), "hand")
    assert not problems.items
    document = pypdfium2.PdfDocument(pdf)
    page = document[0]
    image = page.render(scale=DPI / 72).to_pil().convert("RGB")
    document.close()
    px = DPI / 25.4 * 20  # pixels a cell
    margin = 0.12 * px
    width = 2 / math.sqrt(3)
    # The frame spans two hexagons: 1.5 hexagon widths across, 1.5 cells down (the second column half lower).
    assert image.width == pytest.approx((width * 1.75 + 0.24) * px, abs=2)

    def at(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(margin + x * px), round(margin + y * px)))

    board = at(width / 2, 0.5)
    assert board != (255, 255, 255) and board[0] < 250  # the first hexagon's ground
    red = at(width / 2 + math.sqrt(3) / 2, 1.0)
    assert red[0] > 180 and red[1] < 60 and red[2] < 60
    assert at(width - 0.05, 0.1) == (255, 255, 255)  # beside the first hexagon's upper right edge
