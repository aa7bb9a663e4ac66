"""The pictures of the reference docs: every example in docs/*.md built by pnp, as PNG.

An example is the fenced blocks whose info string names a file of a game,
```` ```yaml file=components.yaml ````, up to one that also says `picture=NAME` (or a comment
`<!-- picture=NAME from=components.yaml -->`, which pictures the files so far): pnp builds
the game those blocks make (a block replaces an earlier one of the same file on the page;
all lie over a small base game: game.yaml, a palette, English and Danish texts; or over a
game of content/ named by `base=GAME`) and draws:

- components.yaml: the front of every item (`show=backs` adds the backs; `sets=a,b` only those
  sets), side by side at true size, in rows;
- diagrams.yaml: the first diagram; examples.yaml: the first example play, its steps in a row;
- rulebook.yaml, game.yaml, text/…: a page of the English rulebook (`page=N`, default 1), or with
  `show=faces` the faces, in the language `lang=` names;
- `show=sheet`: the first page of the game's component sheets on A4 (`page=N` another; `sets=a,b`
  only those sets' sheets), whole, at SHEET_DPI;
- `show=diff`: what `pnp diff HEAD` makes when the game without the page's blocks marked
  `version=2` is committed and those blocks are the game now: the changes PDF's first page,
  and beside it, smaller, the reprint's first page (English, A4).
- `show=vision`: each item's front in a row, as printed and as protanopia, deuteranopia,
  tritanopia and a greyscale print see it (the accessibility check's pictures).

A font file a game.yaml names under `fonts/` (`fonts/AmaticSC-Bold.ttf`) is copied from the
OFL font wheels the tests install (`FONT_WHEELS`), so an example of a game's own fonts
needs no font kept in docs/.

`plugin=NAME` takes the base game's game.yaml and components.yaml from the game of the
example plugin examples/NAME (its content/NAME), and installs the plugin for the drawing as
pip leaves one: its code on sys.path and a .dist-info naming its entry points, by which pnp
finds it.

The PNG is the PDF rasterized (pypdfium2), so the same content gives the same pixels.
`python docs/pictures.py` (`make docs`) writes docs/pictures/NAME.png; tests/docs checks
that every committed picture is what its example makes now.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
PICTURES = DOCS / "pictures"
DPI = 150
SHEET_DPI = 100  # a whole A4 sheet: 827 × 1169 pixels
_FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```|^<!-- (picture=[^\n]*?) -->", re.MULTILINE | re.DOTALL)
ROW_MM = 260  # faces wrap into rows no wider than this

BASE = {
    "game.yaml": """\
title: Lantern Market
subtitle: A game of trade by night
authors: [A. Designer]
version: "1.0"
licence: CC BY-SA 4.0
players: "2–4"
minutes: "30"
age: "10+"
languages: [en, da]
palette:
  ink: "#222222"
  paper: "#fbf7ee"
  sea: "#2a6f97"
  sun: "#e9b44c"
  leaf: "#5b8e55"
  rose: "#c8553d"
""",
    "text/en.yaml": "",
    "text/da.yaml": "",
}


@dataclass
class Example:
    """Files of one example, and how to picture it."""

    source: Path
    name: str
    files: dict[str, str] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    last_file: str = ""
    before: dict[str, str] = field(default_factory=dict)  # the files but the blocks marked version=2


def examples(paths=None) -> list[Example]:
    """Every example of the docs, in the order written."""
    found = []
    for path in sorted(paths or DOCS.glob("*.md")):
        files: dict[str, str] = {}
        before: dict[str, str] = {}
        for match in _FENCE.finditer(path.read_text(encoding="utf-8")):
            info = match.group(4) if match.group(4) is not None else match.group(2)
            options = dict(re.findall(r"(\w+)=(\S+)", info))
            if "file" in options:
                files[options["file"]] = match.group(3)
                if options.get("version") != "2":
                    before[options["file"]] = match.group(3)
            if "picture" in options:
                last = options.get("file") or options.get("from", "components.yaml")
                found.append(Example(path, options["picture"], dict(files), options, last, dict(before)))
    return found


def write_game(example: Example, folder: Path, files: dict[str, str] | None = None) -> Path:
    """The example's game folder: the base game (`base=GAME`: a game of content/; `plugin=NAME`: with an
    example plugin's game.yaml and components.yaml) with its files (or those given) laid over."""
    game = folder / "content" / "lantern"
    base = BASE
    if "base" in example.options:
        shutil.copytree(ROOT / "content" / example.options["base"], game, dirs_exist_ok=True)
        base = {}
    elif "plugin" in example.options:
        plugin = ROOT / "examples" / example.options["plugin"] / "content" / example.options["plugin"]
        base = {**BASE, **{name: (plugin / name).read_text(encoding="utf-8")
                           for name in ("game.yaml", "components.yaml")}}
    for name, text in {**base, **(example.files if files is None else files)}.items():
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        (game / name).write_text(text, encoding="utf-8")
    copy_fonts(game)
    return game


FONT_WHEELS = ("font_amatic_sc", "font_source_serif_pro")
_FONT_FILE = re.compile(r"\bfonts/([\w-]+\.(?:ttf|otf))\b")


def copy_fonts(game: Path) -> None:
    """The font files the game's game.yaml names under fonts/, from the wheels that hold them."""
    import importlib

    folders = [Path(importlib.import_module(wheel).font_directory) for wheel in FONT_WHEELS]
    for name in _FONT_FILE.findall((game / "game.yaml").read_text(encoding="utf-8")):
        source = next((folder / name for folder in folders if (folder / name).is_file()), None)
        if source is not None:
            (game / "fonts").mkdir(exist_ok=True)
            shutil.copy(source, game / "fonts" / name)


def picture(example: Example) -> bytes:
    """The PNG of one example."""
    with tempfile.TemporaryDirectory() as temporary:
        if example.options.get("show") == "diff":
            return _changes(example, Path(temporary))
        game = write_game(example, Path(temporary))
        if "plugin" not in example.options:
            return _draw(example, game)
        with installed_plugin(example.options["plugin"], Path(temporary) / "site-packages"):
            return _draw(example, game)


@contextmanager
def installed_plugin(name: str, site: Path):
    """The example plugin examples/<name> installed for this process as pip leaves one: its code
    (src/) on sys.path, and in site a .dist-info naming the entry points its pyproject.toml declares."""
    from pnp import plugins

    folder = ROOT / "examples" / name
    info = site / f"pnp_{name}-0.dist-info"
    info.mkdir(parents=True)
    declared = re.findall(r'^\[project\.entry-points\."([\w.]+)"\]\n((?:\w+ = "[^"\n]*"\n)*)',
                          (folder / "pyproject.toml").read_text(encoding="utf-8"), re.MULTILINE)
    text = "".join(f"[{group}]\n{points}\n" for group, points in declared).replace('"', "")
    (info / "entry_points.txt").write_text(text, encoding="utf-8")
    added = [str(site), str(folder / "src")]
    sys.path[:0] = added
    plugins.forget()
    try:
        yield
    finally:
        for entry in added:
            sys.path.remove(entry)
        plugins.forget()


def _draw(example: Example, folder: Path) -> bytes:
    from pnp.output.raster import page_png
    from pnp.targets import load_games

    [loaded] = load_games([folder])
    language = example.options.get("lang", "en")
    kind = example.last_file
    show = example.options.get("show", "")
    sets = example.options["sets"].split(",") if "sets" in example.options else None
    if show == "sheet":
        return _sheet(loaded, language, sets, int(example.options.get("page", "1")) - 1)
    if show == "vision":
        return _visions(loaded, language, sets)
    if kind == "diagrams.yaml" and show != "faces":
        return _drawing_png(_diagram(loaded, language))
    if kind == "examples.yaml":
        return _drawing_png(_example(loaded, language))
    if kind == "components.yaml" or show in ("faces", "backs"):
        return _drawing_png(_faces(loaded, language, show == "backs", sets))
    from pnp.paint.rulebook import edition_pdf

    pdf = edition_pdf(loaded.game, loaded.catalogs, loaded.rulebook, loaded.book, (language,), {})
    return page_png(pdf, int(example.options.get("page", "1")) - 1, DPI)


def _drawing_png(drawing) -> bytes:
    from pnp.paint.diagrams.output import picture_files

    return picture_files(drawing, "docs", ("png",), False, DPI)["png"]


def _sheet(loaded, language: str, sets: list[str] | None, page: int) -> bytes:
    """A page of the sets' A4 sheets (every set's when sets is None), laid out and painted as
    `pnp build` lays out and paints them."""
    from pnp.i18n.catalog import Texts
    from pnp.layout.kit import lay_out
    from pnp.layout.paper import PAPERS
    from pnp.model.problems import Problems
    from pnp.output.raster import page_png
    from pnp.paint.faces import FacePainter
    from pnp.paint.sheets import paint_kit
    from pnp.targets import BuildOptions
    from pnp.targets.kinds.sheets import settings_of, sheet_words

    chosen = [s for s in loaded.game.sets if sets is None or s.id in sets]
    settings = settings_of(loaded, BuildOptions())
    texts = Texts(loaded.catalogs, language)
    problems = Problems()
    painter = FacePainter(texts, language, problems, icons=loaded.icons)
    kit = lay_out(chosen, loaded.game.sheets, PAPERS["a4"], settings)
    pdf = paint_kit(kit, chosen, painter, settings, sheet_words(loaded, texts))
    problems.raise_if_any()
    return page_png(pdf, page, SHEET_DPI)


def _faces(loaded, language: str, backs: bool, sets: list[str] | None):
    from reportlab.graphics import shapes

    from pnp.i18n.catalog import Texts
    from pnp.model.problems import Problems
    from pnp.model.units import mm
    from pnp.paint.faces import FacePainter, new_drawing

    problems = Problems()
    painter = FacePainter(Texts(loaded.catalogs, language), language, problems, icons=loaded.icons)
    drawings = []
    for component_set in loaded.game.sets:
        if sets is not None and component_set.id not in sets:
            continue
        for item in component_set.items:
            for face in (item.front, item.back if backs else None):
                if face is not None:
                    drawings.append(painter.drawing(face, component_set.shape, 0.0))
    problems.raise_if_any()
    gap, rows = mm(4), [[]]
    for drawing in drawings:
        if rows[-1] and sum(d.width + gap for d in rows[-1]) + drawing.width > mm(ROW_MM):
            rows.append([])
        rows[-1].append(drawing)
    widths = [sum(d.width for d in row) + gap * (len(row) + 1) for row in rows]
    heights = [max(d.height for d in row) + gap for row in rows]
    picture = new_drawing(max(widths), sum(heights) + gap)
    top = picture.height - gap
    for row, height in zip(rows, heights):
        x = gap
        for drawing in row:
            group = shapes.Group(*drawing.contents)
            group.translate(x, top - height + gap + (height - gap - drawing.height) / 2)
            picture.add(group)
            x += drawing.width + gap
        top -= height
    return picture


def _visions(loaded, language: str, sets: list[str] | None) -> bytes:
    """Each item's front (one row each): as printed, then as each simulated vision sees it."""
    import io

    from PIL import Image

    from pnp.export.accessibility.looks import Camera
    from pnp.export.accessibility.page import seen
    from pnp.i18n.catalog import Texts
    from pnp.model.problems import Problems
    from pnp.paint.faces import FacePainter
    from pnp.vision.difference import NORMAL, VISIONS

    problems = Problems()
    camera = Camera({language: FacePainter(Texts(loaded.catalogs, language), language, problems,
                                           icons=loaded.icons)}, DPI)
    rows = [[seen(camera.look(item.front, component_set.shape, component_set.corner, language), vision)
             for vision in (NORMAL, *VISIONS)]
            for component_set in loaded.game.sets if sets is None or component_set.id in sets
            for item in component_set.items]
    problems.raise_if_any()
    gap = round(4 / 25.4 * DPI)
    width = max(sum(image.width + gap for image in row) + gap for row in rows)
    heights = [max(image.height for image in row) for row in rows]
    canvas = Image.new("RGB", (width, sum(heights) + gap * (len(rows) + 1)), (255, 255, 255))
    top = gap
    for row, height in zip(rows, heights):
        left = gap
        for image in row:
            canvas.paste(image, (left, top + (height - image.height) // 2))
            left += image.width + gap
        top += height + gap
    png = io.BytesIO()
    canvas.save(png, format="PNG", dpi=(DPI, DPI))
    return png.getvalue()


def _diagram(loaded, language: str):
    from pnp.model.problems import Problems
    from pnp.paint.diagrams import diagram_drawing

    problems = Problems()
    drawing = diagram_drawing(loaded.game, loaded.catalogs, loaded.book, next(iter(loaded.book.diagrams)), language,
                              problems, caption=True)
    problems.raise_if_any()
    return drawing


def _example(loaded, language: str):
    from reportlab.graphics import shapes

    from pnp.model.problems import Problems
    from pnp.model.units import mm
    from pnp.paint.diagrams import example_steps
    from pnp.paint.faces import new_drawing

    problems = Problems()
    steps = [d for d, _ in example_steps(loaded.game, loaded.catalogs, loaded.book, next(iter(loaded.book.examples)),
                                         language, problems, caption=True)]
    problems.raise_if_any()
    gap = mm(4)
    row = new_drawing(sum(d.width for d in steps) + gap * (len(steps) - 1), max(d.height for d in steps))
    x = 0.0
    for drawing in steps:
        group = shapes.Group(*drawing.contents)
        group.translate(x, row.height - drawing.height)
        row.add(group)
        x += drawing.width + gap
    return row


def _changes(example: Example, project: Path) -> bytes:
    """The game before, committed to a git repository made for it; the game now; and what pnp diff
    HEAD makes of the two: the changes PDF's first page, and the reprint's first page beside it."""
    from PIL import Image, ImageChops

    from pnp.output.png import png_bytes
    from pnp.output.raster import render_page
    from pnp.targets import DiffOptions, diff

    game = write_game(example, project, example.before)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the first playtest"]):
        subprocess.run(["git", "-c", "commit.gpgsign=false", *args], cwd=project, check=True, capture_output=True,
                       env=_GIT)
    write_game(example, project)
    out = project / "output"
    diff("HEAD", [game], DiffOptions(out=out, jobs=1, papers=("a4",), languages=("en",)))
    changes = render_page((out / "lantern" / "diff" / "lantern-changes-en.pdf").read_bytes(), 0, DPI)
    changes = changes.crop(ImageChops.difference(changes, Image.new("RGB", changes.size, "white")).getbbox())
    reprint = render_page((out / "lantern" / "diff" / "lantern-reprint-en-a4.pdf").read_bytes(), 0, DPI // 3)
    gap = DPI // 4
    whole = Image.new("RGB", (changes.width + reprint.width + 4 * gap, max(changes.height, reprint.height) + 2 * gap),
                      "white")
    whole.paste(changes, (gap, gap))
    left = changes.width + 3 * gap
    whole.paste(Image.new("RGB", (reprint.width + 2, reprint.height + 2), (150, 150, 150)), (left - 1, gap - 1))
    whole.paste(reprint, (left, gap))
    return png_bytes(whole, DPI)


# git as pnp diff's tests run it: a fixed author and date, so the commit, and the picture, are alike on every run.
_GIT = {**os.environ, "GIT_AUTHOR_NAME": "Designer", "GIT_AUTHOR_EMAIL": "designer@example.org",
        "GIT_COMMITTER_NAME": "Designer", "GIT_COMMITTER_EMAIL": "designer@example.org",
        "GIT_AUTHOR_DATE": "2024-01-01T12:00:00Z", "GIT_COMMITTER_DATE": "2024-01-01T12:00:00Z"}


def main() -> None:
    PICTURES.mkdir(exist_ok=True)
    made = set()
    for example in examples():
        (PICTURES / f"{example.name}.png").write_bytes(picture(example))
        made.add(f"{example.name}.png")
        print(f"docs/pictures/{example.name}.png  ({example.source.name})")
    for stale in PICTURES.glob("*.png"):
        if stale.name not in made:
            stale.unlink()


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
