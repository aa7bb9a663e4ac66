"""Raster art (pnp.paint.images): each image embedded once per PDF, sized for print, passed through
where it can be, with its alpha and colour profile honoured; read back with pikepdf and PDFium.

The game is Quatrefoil with a PNG on its tokens (`image: {file: art.png, w: 40%, h: 40%}`),
as an illustrated game has: the same art on five tokens, on both sides, on every sheet,
in every rulebook figure of them, in every language.
"""

from __future__ import annotations

import hashlib
import io
import shutil
import struct
from pathlib import Path

import pikepdf
import pypdfium2
from PIL import Image

from pnp.paint import images
from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT

ART = "        - image: {file: art.png, w: 40%, h: 40%}\n"


def illustrated_quatrefoil(tmp_path: Path, art: Image.Image, name: str = "art.png", **save) -> Path:
    folder = tmp_path / "content" / "quatrefoil"
    shutil.copytree(CONTENT / "quatrefoil", folder)
    art.save(folder / name, **save)
    components = folder / "components.yaml"
    text = components.read_text(encoding="utf-8")
    anchor = '        - use: {group: symbol, with: {shape: "${symbol}"}}\n'
    assert anchor in text
    components.write_text(text.replace(anchor, anchor + ART.replace("art.png", name), 1), encoding="utf-8")
    return folder


def noisy(size: tuple[int, int], mode: str = "RGB") -> Image.Image:
    grey = Image.effect_noise(size, 60).convert("L")
    if mode == "L":
        return grey
    return Image.merge("RGB", (grey, grey.rotate(90), grey.transpose(Image.Transpose.FLIP_LEFT_RIGHT)))


def described_images(pdf_path: Path) -> list[dict]:
    """Each image XObject of the file: its size, filter, mask, and the digest of its raw bytes."""
    with pikepdf.open(pdf_path) as pdf:
        found = []
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                found.append({"size": (int(obj.Width), int(obj.Height)), "filter": str(obj.get("/Filter")),
                              "mask": "/SMask" in obj, "space": str(obj.get("/ColorSpace")),
                              "digest": hashlib.sha256(obj.read_raw_bytes()).hexdigest(),
                              "raw": obj.read_raw_bytes()})
        return found


def test_the_pixels_kept_cover_the_box_at_the_dpi_and_never_grow() -> None:
    ten_mm = 10 / 25.4 * 72
    assert images.target_size((1000, 1000), ten_mm, ten_mm, 300) == (119, 119)  # 10 mm at 300 dpi: 118.1 px
    assert images.target_size((2000, 1000), ten_mm, ten_mm, 300) == (237, 119)  # proportions kept, both covered
    assert images.target_size((100, 100), ten_mm, ten_mm, 300) == (100, 100)  # below: never upsampled
    assert images.target_size((125, 125), ten_mm, ten_mm, 300) == (125, 125)  # within 10 %: kept whole
    assert images.target_size((140, 140), ten_mm, ten_mm, 300) == (119, 119)


def test_one_image_on_every_token_is_one_stream_in_every_pdf(tmp_path) -> None:
    folder = illustrated_quatrefoil(tmp_path, noisy((1000, 1000)))
    out = tmp_path / "out"
    build([folder], BuildOptions(out=out, papers=("a4", "letter"), formats=("pdf",)))
    pdfs = sorted((out / "quatrefoil").glob("*.pdf"))
    assert len(pdfs) == 11  # sheets × 2 languages × 2 papers, rules × 2, booklets × 4, bilingual
    for pdf in pdfs:
        found = described_images(pdf)
        assert len(found) == 1, (pdf.name, found)
        (image,) = found
        assert image["filter"] == "/FlateDecode" and image["space"] == "/DeviceRGB"
        expected = 119 if "sheets" in pdf.name else 79  # 10 mm at 300 dpi on sheets, 200 dpi in figures
        assert image["size"] == (expected, expected), pdf.name
        assert pdf.stat().st_size < 2_000_000, pdf.name
        with pikepdf.open(pdf) as opened:  # drawn by reference, on more than one page of it
            users = [page for page in opened.pages if _draws_images(page)]
        assert len(users) >= (2 if "sheets" in pdf.name else 1), pdf.name


def _draws_images(page) -> bool:
    def walk(resources) -> bool:
        xobjects = resources.get("/XObject", {}) if resources is not None else {}
        return any(x.get("/Subtype") == "/Image" or (x.get("/Subtype") == "/Form" and walk(x.get("/Resources")))
                   for x in xobjects.values())

    return walk(page.get("/Resources"))


def test_a_small_jpeg_is_embedded_as_its_own_bytes(tmp_path) -> None:
    folder = illustrated_quatrefoil(tmp_path, noisy((120, 120)), "art.jpg", quality=85)
    out = tmp_path / "out"
    result = build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("en",)))
    (image,) = described_images(out / "quatrefoil" / "quatrefoil-sheets-en-a4.pdf")
    assert image["filter"] == "/DCTDecode" and image["raw"] == (folder / "art.jpg").read_bytes()
    assert not any("dpi" in warning for warning in result.warnings)  # 120 px for 10 mm is 305 dpi


def test_a_plain_png_small_enough_is_embedded_without_decoding(tmp_path) -> None:
    art = noisy((110, 110))
    folder = illustrated_quatrefoil(tmp_path, art)
    out = tmp_path / "out"
    build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("en",)))
    (image,) = described_images(out / "quatrefoil" / "quatrefoil-sheets-en-a4.pdf")
    assert image["raw"] == images._png_pixels((folder / "art.png").read_bytes())
    assert image["size"] == (110, 110)


def test_a_large_image_is_downsampled_not_embedded_whole(tmp_path) -> None:
    folder = illustrated_quatrefoil(tmp_path, Image.new("RGB", (6000, 6000), (200, 30, 30)))
    out = tmp_path / "out"
    build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("en",)))
    (image,) = described_images(out / "quatrefoil" / "quatrefoil-sheets-en-a4.pdf")
    assert image["size"] == (119, 119)


def test_the_sheets_resolution_setting_sizes_their_art(tmp_path) -> None:
    folder = illustrated_quatrefoil(tmp_path, noisy((1000, 1000)))
    out = tmp_path / "out"
    build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf",), languages=("en",), dpi=150))
    (image,) = described_images(out / "quatrefoil" / "quatrefoil-sheets-en-a4.pdf")
    assert image["size"] == (60, 60)  # 10 mm at 150 dpi: 59.1 px
    (figure,) = described_images(out / "quatrefoil" / "quatrefoil-rules-en.pdf")
    assert figure["size"] == (79, 79)  # a rulebook's figures keep their own resolution


def png_page(pdf: bytes, index: int, dpi: int = 150) -> Image.Image:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def one_image_pdf(source, size: tuple[float, float] = (100, 100), background=(0, 0.5, 0)) -> bytes:
    """A page of `size` points filled with background, the image drawn over all of it through pdfdraw."""
    from reportlab.graphics import shapes
    from reportlab.lib import colors
    from reportlab.pdfgen.canvas import Canvas

    from pnp.paint import pdfdraw

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=size, invariant=1)
    drawing = shapes.Drawing(*size)
    drawing.add(shapes.Rect(0, 0, *size, fillColor=colors.Color(*background), strokeColor=None))
    drawing.add(shapes.Image(0, 0, *size, str(source)))
    pdfdraw.draw(drawing, canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_alpha_becomes_a_soft_mask_over_what_is_beneath(tmp_path) -> None:
    art = Image.new("RGBA", (40, 40), (255, 0, 0, 255))
    art.paste((0, 0, 0, 0), (0, 0, 40, 20))  # the top half clear
    art.save(tmp_path / "half.png")
    pdf = one_image_pdf(tmp_path / "half.png")
    (tmp_path / "half.pdf").write_bytes(pdf)
    found = described_images(tmp_path / "half.pdf")
    assert sorted(i["space"] for i in found) == ["/DeviceGray", "/DeviceRGB"] and any(i["mask"] for i in found)
    page = png_page(pdf, 0)
    top, bottom = page.getpixel((100, 40)), page.getpixel((100, 160))
    assert top[1] > 100 and top[0] < 30, top  # the green beneath shows through
    assert bottom[0] > 220 and bottom[1] < 30, bottom


def swapped_primaries_profile() -> bytes:
    """An ICC v2 RGB profile whose red and blue colorants are swapped: its red is sRGB's blue."""
    def xyz(x: float, y: float, z: float) -> bytes:
        return b"XYZ " + bytes(4) + b"".join(struct.pack(">i", round(v * 65536)) for v in (x, y, z))

    curve = b"curv" + bytes(4) + struct.pack(">I", 0)  # identity
    description = b"Swapped test RGB"
    desc = (b"desc" + bytes(4) + struct.pack(">I", len(description) + 1) + description + b"\0"
            + bytes(4 + 4 + 2 + 1 + 67))
    tags = [(b"desc", desc), (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
            (b"rXYZ", xyz(0.1431, 0.0606, 0.7141)), (b"gXYZ", xyz(0.3851, 0.7169, 0.0971)),
            (b"bXYZ", xyz(0.4361, 0.2225, 0.0139)), (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        body += bytes(-len(body) % 4)
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = offset + len(data)
    header = (struct.pack(">I", size) + b"none" + bytes([2, 0x10, 0, 0]) + b"mntrRGB XYZ " + bytes(12) + b"acsp"
              + bytes(24) + struct.pack(">I", 0) + b"".join(struct.pack(">i", round(v * 65536))
                                                            for v in (0.9642, 1.0, 0.8249))
              + bytes(48))
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + data


def test_an_images_colour_profile_is_honoured(tmp_path) -> None:
    art = Image.new("RGB", (40, 40), (255, 0, 0))
    art.save(tmp_path / "tagged.png", icc_profile=swapped_primaries_profile())
    page = png_page(one_image_pdf(tmp_path / "tagged.png"), 0)
    r, g, b = page.getpixel((100, 100))
    assert b > 150 and r < 80, (r, g, b)  # the profile's red is blue


def test_exif_orientation_is_applied(tmp_path) -> None:
    art = Image.new("RGB", (40, 20), (0, 0, 255))
    art.paste((255, 0, 0), (0, 0, 20, 20))  # red on the left as stored
    exif = Image.Exif()
    exif[0x0112] = 3  # shown turned 180°: red on the right
    art.save(tmp_path / "turned.jpg", exif=exif, quality=95)
    page = png_page(one_image_pdf(tmp_path / "turned.jpg", size=(200, 100)), 0)
    left, right = page.getpixel((60, 100)), page.getpixel((360, 100))
    assert left[2] > 150 and right[0] > 150, (left, right)


def test_parts_of_a_long_kit_share_their_images_when_joined(tmp_path) -> None:
    folder = tmp_path / "content" / "deck"
    (folder / "text").mkdir(parents=True)
    noisy((300, 300)).save(folder / "art.png")
    noisy((200, 200), "L").save(folder / "back.png")
    (folder / "game.yaml").write_text("title: Deck\nauthors: [Bench]\nversion: '1'\nlicence: CC0\nlanguages: [en]\n"
                                      "players: '2'\n")
    (folder / "text" / "en.yaml").write_text("{}\n")
    items = "".join(f"      - {{id: c{i:03d}, n: '{i + 1}'}}\n" for i in range(520))
    (folder / "components.yaml").write_text(
        "sets:\n  deck:\n    extends: cards/poker\n    attributes: [n]\n    items:\n" + items +
        "    front:\n      elements:\n        - image: {file: art.png, w: 50%, h: 30%}\n"
        "        - text: {text: '${n}', y: 80%, h: 10%, size: 10pt}\n"
        "    back:\n      elements:\n        - image: {file: back.png}\n", encoding="utf-8")
    out = tmp_path / "out"
    build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf",)))
    found = described_images(out / "deck" / "deck-sheets-en-a4.pdf")
    assert len({i["digest"] for i in found}) == len(found) == 2, [i["size"] for i in found]
    with pikepdf.open(out / "deck" / "deck-sheets-en-a4.pdf") as pdf:
        assert len(pdf.pages) == 2 * -(-520 // 9)


def test_the_web_edition_holds_each_image_once(tmp_path) -> None:
    folder = illustrated_quatrefoil(tmp_path, noisy((1000, 1000)))
    out = tmp_path / "out"
    build([folder], BuildOptions(out=out, papers=("a4",), formats=("html",)))
    for page in (out / "quatrefoil").glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert html.count("data:image/png;base64,") == 1, page.name
        assert html.count('href="#image-1"') >= 5, page.name  # every token drawn by reference
        assert len(html) < 1_500_000, (page.name, len(html))
