"""Rulebook checks on a small fixture game: overflow is an error naming game, language and key;
a missing translation falls back with a warning, or fails under --strict."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from rulebook_kit import build, make_game

from pnp.model.problems import ContentError

HUGE = " ".join(["Dette er en meget lang sætning om brikker, der bliver ved og ved."] * 40)


def test_fixture_game_builds_an_eight_page_sheet(tmp_path):
    paths, warnings = build(make_game(tmp_path / "tiny-fold"), tmp_path / "out", papers=("a4",))
    assert warnings == []
    booklet = tmp_path / "out" / "tiny-fold" / "tiny-fold-booklet-da-a4.pdf"
    assert booklet in paths and len(pypdf.PdfReader(booklet).pages) == 2


def test_overflowing_danish_text_names_game_language_and_key(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", danish={"rules.s3.p": HUGE})
    with pytest.raises(ContentError) as caught:
        build(folder, tmp_path / "out", papers=("a4",))
    [problem] = caught.value.problems
    assert problem.key == "rules.s3.p"
    assert problem.location.file.endswith("text/da.yaml") and problem.location.line > 0
    message = str(problem)
    assert "tiny-fold (da)" in message and "'rules.s3.p'" in message and "page 4" in message
    assert not (tmp_path / "out").exists()  # nothing written when a check fails


def test_too_many_pages_is_an_error(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", pages=8)  # the cover and 8 more: 9 pages
    with pytest.raises(ContentError, match=r"tiny-fold \(en\).*needs 9 pages but holds 8"):
        build(folder, tmp_path / "out", papers=("a4",))


def test_a5_booklet_lets_long_text_flow(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", booklet="a5-saddle", danish={"rules.s3.p": HUGE * 3})
    paths, _ = build(folder, tmp_path / "out", papers=("a4",))
    pages = {lang: len(pypdf.PdfReader(tmp_path / "out" / "tiny-fold" / f"tiny-fold-rules-{lang}.pdf").pages)
             for lang in ("en", "da")}
    assert pages["da"] >= pages["en"] + 3


def test_section_breaks_give_way_rather_than_leave_pages_nearly_empty(tmp_path):
    # Seven short sections, each asking for a page of its own: kept, those would be seven
    # pages mostly empty. In a flowing edition a break gives way while the page before it
    # is under 60 % full, and holds once the page is fuller than that.
    paragraph = "A few words on this part of the rules, enough for some lines of text. " * 4
    folder = make_game(tmp_path / "tiny-fold", booklet="a5-saddle",
                       english={f"rules.s{n}.p": f"{paragraph}Part {n} ends." for n in range(1, 8)})
    build(folder, tmp_path / "out", papers=("a4",))
    reading = pypdf.PdfReader(tmp_path / "out" / "tiny-fold" / "tiny-fold-rules-en.pdf")
    assert len(reading.pages) == 3
    first, second = (reading.pages[n].extract_text() for n in (1, 2))
    on_first = [n for n in range(1, 8) if f"Part {n}\n" in first]
    assert on_first == list(range(1, len(on_first) + 1)) and len(on_first) >= 3
    # The break held where the page had filled: the next part opens the next page.
    assert second.index(f"Part {len(on_first) + 1}\n") < second.index("A few words")
    assert all(f"Part {n}\n" in second for n in range(len(on_first) + 1, 8))
    # The page the break held after is filled past 60 % (measured to the footer, not to pnp's frame).
    assert _text_depth(tmp_path / "out" / "tiny-fold" / "tiny-fold-rules-en.pdf", 1) > 0.6


def _text_depth(pdf: Path, page: int) -> float:
    """How far down the page's body its text reaches: from its first line to the footer's (0 to 1), read by PDFium."""
    document = pypdfium2.PdfDocument(pdf)
    text = document[page].get_textpage()
    boxes = [text.get_charbox(i) for i in range(text.count_chars()) if not text.get_text_range(i, 1).isspace()]
    footer = min(box[1] for box in boxes)
    body = [box for box in boxes if box[1] > footer + 5]
    top, lowest = max(box[3] for box in body), min(box[1] for box in body)
    return (top - lowest) / (top - footer)


def test_missing_danish_text_falls_back_with_a_warning(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", danish={"rules.s2.p": None})
    paths, warnings = build(folder, tmp_path / "out", papers=("a4",))
    [warning] = warnings
    assert warning.startswith("tiny-fold (da): 1 text missing (set in en) — see pnp translate status tiny-fold\n")
    assert re.fullmatch(r"  missing \(set in en\): .*/tiny-fold/text/en\.yaml:\d+: rules\.s2\.p",
                        warning.splitlines()[1])
    text = "".join(p.extract_text()
                   for p in pypdf.PdfReader(tmp_path / "out" / "tiny-fold" / "tiny-fold-rules-da.pdf").pages)
    assert "The rules of part 2." in text and "Reglerne for del 3: æ ø å." in text


def test_strict_turns_the_fallback_into_an_error(tmp_path):
    folder = make_game(tmp_path / "tiny-fold", danish={"rules.s2.p": None})
    with pytest.raises(ContentError, match=r"da\.yaml: tiny-fold: 1 text missing \(set in en\) \(--strict\)") as raised:
        build(folder, tmp_path / "out", papers=("a4",), strict=True)
    [problem] = raised.value.problems
    assert [line.split(": ")[-1] for line in problem.details] == ["rules.s2.p"]


def test_unknown_text_key_in_rulebook_is_located(tmp_path):
    folder = make_game(tmp_path / "tiny-fold")
    (folder / "rulebook.yaml").write_text((folder / "rulebook.yaml").read_text().replace("rules.s2.p", "rules.s2.para"))
    with pytest.raises(ContentError,
                       match=r"rulebook\.yaml:\d+:\d+ sections\[1\]\.body\[0\]\.p: no text 'rules\.s2\.para'"):
        build(folder, tmp_path / "out")
