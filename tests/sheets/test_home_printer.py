"""The four games' sheets read back as a home printer and a pair of scissors meet them: marks
and everything that must print (all but the bleed) outside the printer margin, discs and
hexagons with white paper between them, and every part's cut guide showing on the part it
cuts. PDFium's objects and pixels only.
"""

from __future__ import annotations

import math

import pypdfium2
import pytest
from PIL import ImageChops, ImageDraw

from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT
from tests.sheets.colour_vision import contrast, from_pixel
from tests.sheets.reading import FORM, MM, PATH, Obj, Page, Rect, read_pages, render

GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
LANGUAGES = ("en", "da")
MARGIN = 5.0  # mm: what home printers leave blank, pnp's default printer margin
BLEED, WHITE_GAP = 2.0, 2.0  # the discs' and hexagons' bleed in these games, and the paper between two bleeds
OUTLINE = 0.5  # pt: a part's own cut guide
# The parts cut on their own outline, by their trim size in mm: discs by diameter, hexagons corner to corner.
DISCS = {"quatrefoil": (25.0,), "trifoil": (25.0,), "boardless-quarto": (30.0,)}
HEXAGONS = {"trifoil": (60.0,)}


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("home")
    build([CONTENT / g for g in GAMES], BuildOptions(out=out, papers=("a4", "letter"), formats=("pdf",),
                                                     languages=LANGUAGES, kinds=("sheets",), jobs=1))
    return out


def sheets_pdf(out, game: str, paper: str, language: str = "en"):
    return out / game / f"{game}-sheets-{language}-{paper}.pdf"


# --- the printer margin ---------------------------------------------------------------------
# Bleed may run into the margin: a printer that prints there gives the cut more to spare, one
# that cannot leaves it blank, and nothing is lost. Everything else must print, so stays out.

# Each game's faces by the size of their bleed boxes (mm), with how far their trim box lies inside
# it across and up: the bleed (a hexagon's corners grow by 2/√3 of it); Folio's board parts by
# their size, on the board's 3 mm bleed.
HEX = 2 / math.sqrt(3)
FACES = {
    "quatrefoil": [((69.5, 94.9), (3.0, 3.0)), ((29.0, 29.0), (2.0, 2.0))],
    "trifoil": [((20.0, 12.0), (2.0, 2.0)), ((29.0, 29.0), (2.0, 2.0)),
                ((60 + 4 * HEX, 30 * math.sqrt(3) + 4), (2 * HEX, 2.0))],
    "boardless-quarto": [((34.0, 34.0), (2.0, 2.0))],
    "folio": [((18.0, 18.0), (2.0, 2.0)), ((22.0, 22.0), (2.0, 2.0)), ((26.0, 26.0), (2.0, 2.0))],
}
BOARD_BLEED = 3.0
TAB_GREY = (219, 219, 219)


def bleeds(page: Page, game: str) -> list[tuple[Rect, Rect]]:
    """(bleed box, trim box) of every face on the page: what lies between the two is bleed."""
    found = [(box, Rect(box.x0 + dx, box.y0 + dy, box.x1 - dx, box.y1 - dy))
             for size, (dx, dy) in FACES[game] for box in page.faces(*size, tol=0.1)]
    if game == "folio":  # the whole board drawn, clipped to the part's bleed box; the part's glue tab, grey
        found += [(o.shown, o.shown.inset(BOARD_BLEED)) for o in page.objects if o.kind in (PATH, FORM)
                  and (o.shown.w > 100 and o.shown.h > 100 or o.kind == PATH and o.fill_rgba[:3] == TAB_GREY)]
    return found


def must_print_ink(pdf, game: str, dpi: int = 600, reach: float = MARGIN + 0.5) -> list[float]:
    """Per page, how near to a paper edge anything but bleed is inked, in mm (inf for nothing within
    `reach`): the strips along the four edges rendered by PDFium, the faces' bleed painted out in
    white, and the first pixel left that is not paper white."""
    scale = dpi / 72
    pages = read_pages(pdf)
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        nearest = []
        for index, page in enumerate(pages):
            w, h = page.width * MM, page.height * MM
            strip = reach * MM
            found = math.inf
            # crop: how much of the page to leave off (left, bottom, right, top), in points
            for side, crop in (("left", (0, 0, w - strip, 0)), ("right", (w - strip, 0, 0, 0)),
                               ("bottom", (0, 0, 0, h - strip)), ("top", (0, h - strip, 0, 0))):
                image = document[index].render(scale=scale, crop=crop).to_pil().convert("RGB")
                draw = ImageDraw.Draw(image)
                for box, trim in bleeds(page, game):
                    for x0, y0, x1, y1 in ((box.x0, box.y0, trim.x0, box.y1), (trim.x1, box.y0, box.x1, box.y1),
                                           (box.x0, box.y0, box.x1, trim.y0), (box.x0, trim.y1, box.x1, box.y1)):
                        # mm from the page's bottom left → pixels from the strip's top left
                        left, right = (x0 * MM - crop[0]) * scale, (x1 * MM - crop[0]) * scale
                        top, bottom = (h - crop[3] - y1 * MM) * scale, (h - crop[3] - y0 * MM) * scale
                        draw.rectangle((math.floor(left), math.floor(top), math.ceil(right), math.ceil(bottom)),
                                       fill="white")
                inked = ImageChops.invert(image).getbbox()
                if inked is not None:
                    pixels = {"left": inked[0], "right": image.width - inked[2], "top": inked[1],
                              "bottom": image.height - inked[3]}
                    found = min(found, pixels[side] / (dpi / 25.4))
            nearest.append(found)
        return nearest
    finally:
        document.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_marks_and_everything_that_must_print_stay_five_millimetres_from_every_edge(kit, game, paper, language):
    pdf = sheets_pdf(kit, game, paper, language)
    for page in read_pages(pdf):
        for _, trim in bleeds(page, game):  # every trim, and so every face's art but its bleed
            assert min(trim.x0, trim.y0, page.width - trim.x1, page.height - trim.y1) >= MARGIN - 0.01, trim
        # Marks, and the cut lines drawn where no mark has room: on a trim at the margin a line
        # lies on it, its stroke cut off there (the pixels below show that).
        for line in (*page.marks, *page.lines(0.3, (115, 115, 115))):
            assert min(line.x0, line.y0, page.width - line.x1, page.height - line.y1) >= MARGIN - 0.01, line
    # Every pixel wholly inside the margin is paper (or bleed); the one that straddles its line may be inked.
    least = math.floor(MARGIN * 600 / 25.4) / (600 / 25.4)
    nearest = must_print_ink(pdf, game)
    assert all(d >= least for d in nearest), nearest


# --- discs and hexagons: white paper between them ------------------------------------------

def outline_parts(page: Page, game: str) -> list[tuple[str, Obj]]:
    """("disc" or "hexagon", its cut guide) for every part cut on its own outline, known by its size."""
    found = []
    for guide in page.outlines(OUTLINE):
        box = guide.box
        if any(abs(box.w - d) < 0.05 and abs(box.h - d) < 0.05 for d in DISCS.get(game, ())):
            found.append(("disc", guide))
        elif any(abs(box.h - w * math.sqrt(3) / 2) < 0.05 for w in HEXAGONS.get(game, ())):
            found.append(("hexagon", guide))
    return found


def corners(kind: str, guide: Obj, steps: int = 72) -> list[tuple[float, float]]:
    """The outline's points (a disc as a 72-gon), from the centre line's box."""
    box = guide.box
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    if kind == "disc":
        r = box.w / 2
        return [(cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps))
                for i in range(steps)]
    r = box.h / math.sqrt(3)  # a flat-topped hexagon: centre to corner
    return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]


def gap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    """The least distance between two convex outlines that do not overlap."""
    def sides(poly):
        return list(zip(poly, (*poly[1:], poly[0])))

    def to_side(point, p, q):
        dx, dy = q[0] - p[0], q[1] - p[1]
        t = max(0.0, min(1.0, ((point[0] - p[0]) * dx + (point[1] - p[1]) * dy) / (dx * dx + dy * dy)))
        return math.hypot(point[0] - p[0] - t * dx, point[1] - p[1] - t * dy)

    return min(to_side(point, *side) for one, other in ((a, b), (b, a)) for point in one for side in sides(other))


def white_run(image, page: Page, a: tuple[float, float], b: tuple[float, float], dpi: int) -> float:
    """How much paper white (mm) runs along the line from centre a to centre b, around its middle."""
    k = dpi / 25.4
    length = math.dist(a, b)
    steps = int(length * k)

    def white(i: int) -> bool:
        t = i / steps
        x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
        return image.getpixel((int(x * k), int((page.height - y) * k))) == (255, 255, 255)

    middle = steps // 2
    if not white(middle):
        return 0.0
    low = high = middle
    while low > 0 and white(low - 1):
        low -= 1
    while high < steps and white(high + 1):
        high += 1
    return (high - low + 1) / k


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", sorted(DISCS))
def test_discs_and_hexagons_have_white_paper_between_every_two(kit, game, paper):
    pdf = sheets_pdf(kit, game, paper)
    pages = read_pages(pdf)
    counted = 0
    for index in range(0, len(pages), 2):  # fronts: the guides are drawn there
        parts = outline_parts(pages[index], game)
        if not parts:
            continue
        image = render(pdf, index, 300)
        outlines = [corners(kind, guide) for kind, guide in parts]
        for i, (_, guide) in enumerate(parts):
            for j in range(i + 1, len(parts)):
                apart = gap(outlines[i], outlines[j])
                # Cuts never shared: both bleeds and white paper between any two trims.
                assert apart >= 2 * BLEED + WHITE_GAP - 0.05, (game, paper, guide.box, parts[j][1].box, apart)
                if apart < 2 * BLEED + WHITE_GAP + 0.5:  # neighbours: the paper shows between them
                    centres = [((o.box.x0 + o.box.x1) / 2, (o.box.y0 + o.box.y1) / 2) for o in (guide, parts[j][1])]
                    # All paper white but the two pixels its edges share with the bleeds.
                    assert white_run(image, pages[index], *centres, 300) >= WHITE_GAP - 2 * 25.4 / 300
                    counted += 1
    # 5 in a row; 4 × 4; 12 in a honeycomb and 4 in a column
    assert counted == {"quatrefoil": 4, "boardless-quarto": 24, "trifoil": 23 + 3}[game]


# --- cut guides that show ------------------------------------------------------------------

def guide_contrasts(image, page: Page, kind: str, guide: Obj, dpi: int, inside: float = 0.8) -> list[float]:
    """WCAG contrast between the guide as printed and the part just inside it, around the outline:
    a disc at every 30°, a hexagon at the middle of each edge."""
    k = dpi / 25.4
    box = guide.box
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    if kind == "disc":
        reach, angles = box.w / 2, range(0, 360, 30)
    else:
        reach, angles = box.h / 2, range(30, 360, 60)

    def pixel(distance: float, angle: float):
        x, y = cx + distance * math.cos(math.radians(angle)), cy + distance * math.sin(math.radians(angle))
        return from_pixel(image.getpixel((round(x * k - 0.5), round((page.height - y) * k - 0.5))))

    return [contrast(pixel(reach, a), pixel(reach - inside, a)) for a in angles]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", sorted(DISCS))
def test_every_cut_guide_shows_on_the_part_it_cuts(kit, game, paper):
    pdf = sheets_pdf(kit, game, paper)
    pages = read_pages(pdf)
    guides = 0
    for index in range(0, len(pages), 2):
        parts = outline_parts(pages[index], game)
        if not parts:
            continue
        image = render(pdf, index, 600)
        for kind, guide in parts:
            assert guide.stroke_rgba[:3] in ((0, 0, 0), (255, 255, 255))
            # WCAG asks 3:1 of graphics one must see; black or white on the part gives 4.58:1 at least.
            assert min(guide_contrasts(image, pages[index], kind, guide, 600)) >= 4.5, (game, guide)
            guides += 1
    assert guides == {"quatrefoil": 5, "boardless-quarto": 16, "trifoil": 16}[game]
