"""The README's pictures of the four games' component sheets: pages of their built sheet PDFs
side by side, at 45 dpi on a grey ground, as a reader would lay the printed pages out.

`python docs/readme_sheets.py` builds the sheets into a temporary folder and writes
docs/sheets-*.png (the pictures the README's "Component sheets" shows).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
SCALE = 45 / 72  # 45 dpi
GAP, GROUND = 16, (200, 200, 200)
# picture: the pages it shows, each (game, paper, --layout or None, page number from 1)
PICTURES = {
    "sheets-quatrefoil-a4": [("quatrefoil", "a4", None, 1), ("quatrefoil", "a4", None, 2)],
    "sheets-quatrefoil-letter": [("quatrefoil", "letter", None, 1), ("quatrefoil", "letter", None, 2)],
    "sheets-folio-trifoil-a4": [("folio", "a4", None, 1), ("folio", "a4", None, 3), ("trifoil", "a4", None, 1)],
    "sheets-fold-a4": [("quatrefoil", "a4", "fold", 1)],
}


def main() -> None:
    import pypdfium2
    from PIL import Image

    from pnp.targets import BuildOptions, build

    with tempfile.TemporaryDirectory() as temporary:
        built: dict[tuple, Path] = {}
        for name, pages in PICTURES.items():
            images = []
            for game, paper, layout, number in pages:
                out = Path(temporary) / (layout or "default")
                if (game, paper, layout) not in built:
                    options = BuildOptions(out=out, papers=(paper,), formats=("pdf",), languages=("en",),
                                           kinds=("sheets",), layout=layout, jobs=1)
                    build([ROOT / "content" / game], options)
                    built[(game, paper, layout)] = out / game / f"{game}-sheets-en-{paper}.pdf"
                document = pypdfium2.PdfDocument(str(built[(game, paper, layout)]))
                images.append(document[number - 1].render(scale=SCALE).to_pil().convert("RGB"))
                document.close()
            width = sum(i.width for i in images) + GAP * (len(images) + 1)
            height = max(i.height for i in images) + 2 * GAP
            picture = Image.new("RGB", (width, height), GROUND)
            x = GAP
            for image in images:
                picture.paste(image, (x, GAP))
                x += image.width + GAP
            picture.save(DOCS / f"{name}.png", optimize=True)
            print(f"docs/{name}.png")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
