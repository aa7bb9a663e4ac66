"""An icon in rulebook text: drawn as vectors on the baseline, never printed as its markup."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from pnp.new import new_game
from pnp.paint.rulebook import edition_pdf
from pnp.targets import load_games
from pnp.text.rich import ICON_HEIGHT

STAR = (0xE9, 0xB4, 0x4C)
# An icon that inks its whole box, so its ink shows where the box is.
SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
          '<rect width="10" height="10" fill="#e9b44c"/></svg>')


def test_an_icon_in_a_paragraph_stands_on_its_baseline(tmp_path):
    new_game(tmp_path / "starry")
    (tmp_path / "starry" / "icons" / "star.svg").write_text(SQUARE)
    [loaded] = load_games([tmp_path / "starry"])
    pdf = edition_pdf(loaded.game, loaded.catalogs, loaded.rulebook, loaded.book, ("en",), {})
    page = pdfium.PdfDocument(pdf)[1]
    text = page.get_textpage()
    assert "{icon" not in text.get_text_range()
    found = text.search("most")
    index, _ = found.get_next()
    left, bottom, right, top = text.get_charbox(index + 3)  # the t of "most", standing on the baseline
    scale = 8
    image = page.render(scale=scale).to_pil().convert("RGB")
    height = page.get_height()
    rows = [y for y in range(int((height - top - 6) * scale), int((height - bottom + 3) * scale))
            if any(image.getpixel((x, y)) == STAR for x in range(int(right * scale), int((right + 20) * scale)))]
    assert rows, "no icon right of 'most'"
    assert height - (max(rows) + 1) / scale == pytest.approx(bottom, abs=0.3)
    assert (max(rows) + 1 - min(rows)) / scale == pytest.approx(10 * ICON_HEIGHT, abs=0.5)  # body text is 10 pt
