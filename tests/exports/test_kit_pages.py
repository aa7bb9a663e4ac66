"""The kit pages across builds: whatever the last build made, they list every output pnp left
under --out for the game (earlier builds' sheets and PNG pages, pnp diagrams' files), mark
those the manifest marks out of date, and are themselves marked out of date when another
build changes what they would list."""

from __future__ import annotations

import json
from pathlib import Path

from pnp.targets import BuildOptions, DiagramOptions, build, build_diagrams
from tests.conftest import ROOT
from tests.exports.html_audit import read_page

QUICK = {"papers": ("a4",), "dpi": 72, "jobs": 1}


def tiny(make_game) -> Path:
    """A small game with chips, a rulebook and two diagrams (one only pnp diagrams writes)."""
    files = {name: (ROOT / "tests/hardening/tiny" / name).read_text(encoding="utf-8")
             for name in ("components.yaml", "rulebook.yaml", "diagrams.yaml", "text/en.yaml", "text/da.yaml")}
    files["components.yaml"] = files["components.yaml"].split("  cards:")[0]  # the cards' art is the corpus's
    return make_game(files)


def linked(out: Path, page: str = "index.html") -> dict[str, bool]:
    """Each file the page links (under --out) → whether the page marks it out of date."""
    html = (out / "tiny" / page).read_text(encoding="utf-8")
    marks = {}
    for item in html.split("<li>")[1:]:
        href = item.split('href="', 1)[1].split('"', 1)[0] if 'href="' in item else ""
        if href and "#" not in href and not href.startswith("index"):
            marks[f"tiny/{href}"] = 'class="stale"' in item
    return marks


def manifest(out: Path) -> dict:
    return json.loads((out / ".pnp" / "manifest.json").read_text(encoding="utf-8"))["files"]


def test_a_kit_page_made_alone_lists_the_sheets_an_earlier_build_made(make_game, tmp_path):
    folder, out = tiny(make_game), tmp_path / "out"
    build([folder], BuildOptions(out=out, formats=("pdf", "png"), **QUICK))
    build([folder], BuildOptions(out=out, formats=("html",), **QUICK))
    shown = linked(out)
    assert {"tiny/tiny-sheets-en-a4.pdf", "tiny/png/tiny-sheets-en-a4-sheet01-front.png",
            "tiny/tiny-rules-en.pdf", "tiny/tiny-booklet-en-a4.pdf", "tiny/tiny-rules-en.html"} <= set(shown)
    assert not any(shown.values())
    page = read_page(out / "tiny" / "index.html")
    assert page.problems() == []
    sheets = next(i for i in page.images if i["src"] == "thumbnails/tiny-sheets-en-a4.webp")
    assert (out / "tiny" / sheets["src"]).is_file()
    again = build([folder], BuildOptions(out=out, formats=("html",), **QUICK))
    assert again.written == [] and again.rendered == 0


def test_outputs_made_out_of_date_are_marked_on_the_page_as_in_the_manifest(make_game, tmp_path):
    folder, out = tiny(make_game), tmp_path / "out"
    build([folder], BuildOptions(out=out, formats=("pdf", "png"), **QUICK))
    english = folder / "text" / "en.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("chip.name: Chip", "chip.name: Coin"),
                       encoding="utf-8")
    build([folder], BuildOptions(out=out, formats=("html",), **QUICK))
    shown = {**linked(out), **linked(out, "index-da.html")}
    stale_in_manifest = {path for path, f in manifest(out).items() if f.get("stale") and "/.pnp/" not in path}
    assert {path for path, stale in shown.items() if stale} == stale_in_manifest
    assert "tiny/tiny-sheets-en-a4.pdf" in stale_in_manifest  # the chips show the changed word
    assert "tiny/tiny-rules-en.html" not in stale_in_manifest  # made by this build
    build([folder], BuildOptions(out=out, formats=("pdf", "png"), **QUICK))  # brings the sheets up to date
    assert not any(f.get("stale") for f in manifest(out).values() if not f["target"].endswith("index.html"))


def test_a_build_of_another_format_marks_the_kit_page_stale_and_the_next_lists_its_files(make_game, tmp_path):
    folder, out = tiny(make_game), tmp_path / "out"
    build([folder], BuildOptions(out=out, formats=("pdf", "html"), **QUICK))
    again = build([folder], BuildOptions(out=out, formats=("pdf",), languages=("en",), **QUICK))
    assert again.stale == []  # nothing the page lists changed
    build([folder], BuildOptions(out=out, formats=("tts",), **QUICK))
    assert manifest(out)["tiny/index.html"]["stale"] is True  # it does not list the TTS files
    build([folder], BuildOptions(out=out, formats=("html",), **QUICK))
    assert "stale" not in manifest(out)["tiny/index.html"]
    assert {"tiny/tts/tiny-en.json", "tiny/tts/tiny-chips-en-gold.png"} <= set(linked(out))


def test_the_pages_list_pnp_diagrams_files_each_with_its_other_formats(make_game, tmp_path):
    folder, out = tiny(make_game), tmp_path / "out"
    build_diagrams([folder], DiagramOptions(out=out, formats=("pdf", "png", "svg"), languages=("en",), dpi=72, jobs=1))
    build([folder], BuildOptions(out=out, formats=("html",), **QUICK))
    html = (out / "tiny" / "index.html").read_text(encoding="utf-8")
    assert 'href="diagrams/tiny-corner-en.pdf"' in html
    assert 'class="also" href="diagrams/tiny-corner-en.png">PNG</a>' in html
    assert 'class="also" href="diagrams/tiny-corner-en.svg">SVG</a>' in html
    assert 'href="diagrams/tiny-corner-da.pdf"' not in html  # none was made
    assert "index-da.html" in html  # the Danish page, which lists the Danish files
