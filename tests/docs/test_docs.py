"""The docs cannot rot: every picture is what its example makes now, every reader key is
documented, and the tutorial's files and commands build the game it promises."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import shlex
import sys
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# A picture may differ from a fresh one only by anti-aliasing: at most this share of its
# pixels by more than STRONG in a channel (a changed digit on a board changes ten times more).
DIFFERENT_SHARE, STRONG = 0.0005, 64


def pictures_module():
    spec = importlib.util.spec_from_file_location("docs_pictures", DOCS / "pictures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


PICTURES = pictures_module()
EXAMPLES = PICTURES.examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_every_committed_picture_is_what_its_example_makes(example):
    committed = DOCS / "pictures" / f"{example.name}.png"
    assert committed.is_file(), f"run make docs: {committed} is missing"
    fresh = Image.open(io.BytesIO(PICTURES.picture(example))).convert("RGB")
    old = Image.open(committed).convert("RGB")
    assert fresh.size == old.size, f"{example.name}: {old.size} committed, {fresh.size} now; run make docs"
    difference = ImageChops.difference(fresh, old).convert("L").point(lambda v: 255 if v > STRONG else 0)
    changed = sum(difference.histogram()[255:]) / (fresh.width * fresh.height)
    assert changed <= DIFFERENT_SHARE, f"{example.name}: {changed:.2%} of the pixels changed; run make docs"


def test_every_picture_is_shown_and_every_page_is_linked():
    pages = {path.name: path.read_text(encoding="utf-8") for path in DOCS.glob("*.md")}
    shown = {name for text in pages.values() for name in re.findall(r"\(pictures/([\w-]+\.png)\)", text)}
    assert shown == {p.name for p in (DOCS / "pictures").glob("*.png")} == {f"{e.name}.png" for e in EXAMPLES}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    index = pages["README.md"]
    for name in pages:
        if name != "README.md":
            assert f"({name})" in index, f"docs/README.md does not link {name}"
    assert "(docs/README.md)" in readme


READERS = [ROOT / "pnp" / "model" / name for name in (
    "game.py", "set_outline.py", "components.py", "faces.py", "groups.py", "diagrams.py", "rulebook.py", "repeat.py",
    "item_sources.py", "table_items.py", "sheets.py", "nets.py")]
READERS.append(ROOT / "pnp" / "i18n" / "catalog.py")
_KEY_READ = re.compile(r"""\.(?:text|integer|number|boolean|length|choice|colour|mapping|items|get|typed|has)"""
                       r"""\(\s*"([a-z][\w-]*)\"""")


def test_every_key_the_readers_take_is_in_the_reference():
    documented = "".join(path.read_text(encoding="utf-8") for path in DOCS.glob("*.md"))
    keys = {key for path in READERS for key in _KEY_READ.findall(path.read_text(encoding="utf-8"))}
    missing = sorted(key for key in keys if f"`{key}`" not in documented and f"{key}:" not in documented)
    assert not missing, f"keys read but not documented in docs/: {missing}"


# --- the tutorial ------------------------------------------------------------------------


def tutorial_files_and_commands() -> tuple[dict[str, str], list[list[str]]]:
    text = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    files, commands = {}, []
    for info, body in re.findall(r"^```([^\n]*)\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
        options = dict(re.findall(r"(\w+)=(\S+)", info))
        if "file" in options:
            files[options["file"]] = body
        elif info.strip() == "sh":
            commands += [shlex.split(line)[1:] for line in body.splitlines() if line.startswith("pnp ")]
    return files, commands


def chars(pdf: Path) -> list[tuple[str, float]]:
    """Each character of the first page with its angle (PDFium)."""
    page = pdfium.PdfDocument(pdf)[0]
    text = page.get_textpage()
    return [(text.get_text_range(i, 1), raw.FPDFText_GetCharAngle(text.raw, i)) for i in range(text.count_chars())]


def page_text(pdf: Path) -> str:
    return "".join(pdfium.PdfDocument(pdf)[i].get_textpage().get_text_range()
                   for i in range(len(pdfium.PdfDocument(pdf))))


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory) -> Path:
    """The tutorial's game, written from its snippets alone and built by its own commands.

    The build is asked for PDF on A4 only, to keep the test quick; the game is the page's.
    """
    work = tmp_path_factory.mktemp("tutorial")
    game = work / "content" / "lantern"
    files, commands = tutorial_files_and_commands()
    for name, body in files.items():
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        (game / name).write_text(body, encoding="utf-8")
    old = os.getcwd()
    os.chdir(work)
    try:
        for args in commands:
            if args[0] == "build":
                args = [*args, "--format", "pdf", "--paper", "a4"]
            result = CliRunner().invoke(main, args)
            assert result.exit_code == 0, f"pnp {' '.join(args)}: {result.output}"
            if args[0] == "build":
                assert "warning" not in result.output
    finally:
        os.chdir(old)
    return work


def test_the_tutorial_makes_fifty_cards_in_two_languages(tutorial: Path):
    from pnp.model import load_game

    game = load_game(tutorial / "content" / "lantern")
    cards = next(s for s in game.sets if s.id == "cards")
    assert cards.count == 50 and len(cards.items) == 10
    out = tutorial / "output" / "lantern"
    english, danish = page_text(out / "lantern-sheets-en-a4.pdf"), page_text(out / "lantern-sheets-da-a4.pdf")
    assert "Spark" in english and "Gnist" in danish and "Gnist" not in english
    assert "Træk to kort og behold ét." in danish


def test_the_tokens_share_the_cards_symbol_group(tutorial: Path):
    from pnp.model import load_game
    from pnp.model.faces import Group

    game = load_game(tutorial / "content" / "lantern")
    placed = {s.id: {e.name for item in s.items for e in item.front.walk() if isinstance(e, Group) and e.name}
              for s in game.sets}
    assert placed["cards"] == placed["tokens"] == {"suit"}
    assert next(s for s in game.sets if s.id == "tokens").count == 20


def test_the_corner_numbers_are_rotated_and_the_coin_is_vector_art_in_the_text(tutorial: Path):
    pdf = tutorial / "output" / "lantern" / "lantern-sheets-en-a4.pdf"
    angles = [angle for char, angle in chars(pdf) if char == "1"]
    assert any(abs(a) < 1e-3 for a in angles) and any(abs(a - 3.14159) < 1e-3 for a in angles)
    with pikepdf.open(pdf) as document:
        assert not any(str(o.get("/Subtype")) == "/Image" for o in document.objects if isinstance(o, pikepdf.Stream))
    image = pdfium.PdfDocument(pdf)[0].render(scale=2).to_pil().convert("RGB")
    assert (0xE9, 0xB4, 0x4C) in {image.getpixel((x, y)) for x in range(0, image.width, 3)
                                  for y in range(0, image.height, 3)}


def test_the_board_is_numbered_one_to_twenty_five(tutorial: Path):
    text = page_text(tutorial / "output" / "lantern" / "lantern-sheets-en-a4.pdf")
    # The board is the first thing on its sheet (the cards packed beside it follow): its 25 numbers lead.
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    assert numbers[:25] == list(range(1, 26))
