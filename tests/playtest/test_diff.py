"""pnp diff end to end: a game in a git repository made in tmp_path is changed, compared with a
revision or an earlier build, and its changes PDF and reprint kit are read back with pypdf
(text, pages, page boxes) and PDFium (pixels), not with pnp's own code."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2
from pypdf import PdfReader

from tests.playtest.conftest import TEXT_EN, commit, git
from tests.targets.conftest import invoke

MM = 72 / 25.4
POKER = (63.5 * MM, 88.9 * MM)


def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def trim_size(page) -> tuple[float, float]:
    box = page.trimbox
    return float(box.width), float(box.height)


def changed_spark(folder: Path, to: str = "Draw three cards") -> None:
    english = folder / "text" / "en.yaml"
    english.write_text(TEXT_EN.replace("Draw two cards", to), encoding="utf-8")


def test_a_card_whose_text_changed_is_shown_before_and_after_and_reprinted_alone(card_game, tmp_path):
    changed_spark(card_game)
    commit(tmp_path, "spark draws three")
    result = invoke(["diff", "HEAD~1", "--paper", "a4"], tmp_path)
    assert result.exit_code == 0, result.output
    out = tmp_path / "output" / "tiny" / "diff"

    changes = PdfReader(out / "tiny-changes-en.pdf")
    said = text_of(out / "tiny-changes-en.pdf")
    assert len(changes.pages) == 1
    assert "Draw two cards" in said and "Draw three cards" in said  # the card before and after
    assert "Discard a card" not in said and "Take another turn" not in said  # and no other card
    assert "spark · front: text ('two' → 'three')" in said
    assert said.index("before") < said.index("after")

    reprint = PdfReader(out / "tiny-reprint-en-a4.pdf")
    assert len(reprint.pages) == 2  # one sheet, front and back
    front, back = (page.extract_text() for page in reprint.pages)
    assert "Draw three cards" in front and "Discard" not in front and "another turn" not in front
    assert back.count("TINY") == 1
    # A page holding one component carries its trim box: the card's, front and back.
    assert all(abs(a - b) < 0.01 for page in reprint.pages for a, b in zip(trim_size(page), POKER))

    # Danish did not change: a report that says so, and nothing to print again.
    assert "Intet er ændret siden HEAD~1" in text_of(out / "tiny-changes-da.pdf")
    assert not (out / "tiny-reprint-da-a4.pdf").exists()
    lines = result.output.splitlines()
    summary = r"tiny \(en\) since HEAD~1 \([0-9a-f]{7}\): cards: 1 changed, 2 unchanged — 1 copy to print again"
    assert re.fullmatch(summary, lines[1]), lines
    assert "tiny (en, a4): 1 copy to print again, on 1 sheet" in lines
    assert git(tmp_path, "worktree", "list").count("\n") == 1  # the checkout is gone


def test_the_reprint_card_is_painted_where_its_trim_box_says(card_game, tmp_path):
    changed_spark(card_game)
    assert invoke(["diff", "HEAD", "--paper", "a4", "--lang", "en", "-q"], tmp_path).exit_code == 0
    pdf = tmp_path / "output" / "tiny" / "diff" / "tiny-reprint-en-a4.pdf"
    box = PdfReader(pdf).pages[0].trimbox
    x0, y0, x1, y1 = (float(v) for v in (box.left, box.bottom, box.right, box.top))
    page = pypdfium2.PdfDocument(pdf)[0]
    image = page.render(scale=1).to_pil().convert("RGB")
    height = page.get_height()

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(x), round(height - y)))

    # The gold disc 62 % down the card, the paper above it, white beyond the card's bleed.
    assert pixel((x0 + x1) / 2, y1 - 0.62 * (y1 - y0)) == (0xE6, 0x9F, 0x00)
    assert pixel((x0 + x1) / 2, y1 - 0.3 * (y1 - y0)) == (0xFB, 0xF7, 0xEE)
    assert pixel(x0 - 5 * MM, (y0 + y1) / 2) == (255, 255, 255)


def test_an_earlier_build_is_compared_from_its_sheets(card_game, tmp_path):
    assert invoke(["build", "--format", "pdf", "--paper", "a4", "--out", "playtest-1", "-q"], tmp_path).exit_code == 0
    changed_spark(card_game)
    colours = card_game / "game.yaml"
    colours.write_text(colours.read_text(encoding="utf-8").replace("#E69F00", "#0072B2"), encoding="utf-8")
    result = invoke(["diff", "playtest-1", "--paper", "a4", "--lang", "en"], tmp_path)
    assert result.exit_code == 0, result.output
    out = tmp_path / "output" / "tiny" / "diff"
    said = text_of(out / "tiny-changes-en.pdf")
    # Every card's gold disc is blue now; the spark card's text changed too; the one back (ink and gold),
    # behind every card, is another colour, and is shown once for all three.
    assert "spark · front: text ('two' → 'three'), colour" in said
    assert "ember · front: colour" in said and "blaze · front: colour" in said
    assert said.count("· back: colour") == 1 and "cards · spark, ember, blaze · back: colour" in said
    reprint = PdfReader(out / "tiny-reprint-en-a4.pdf")
    assert len(reprint.pages) == 2 and text_of(out / "tiny-reprint-en-a4.pdf").count("TINY") == 3
    assert "since playtest-1" in result.output
    # The before was cut out of the earlier sheets: its pixels are those sheets', the gold disc gold.
    page = pypdfium2.PdfDocument(out / "tiny-changes-en.pdf")[0].render(scale=1).to_pil().convert("RGB")
    colours_seen = set(zip(*[iter(page.tobytes())] * 3))
    assert (0xE6, 0x9F, 0x00) in colours_seen and (0x00, 0x72, 0xB2) in colours_seen


def test_faces_that_paint_alike_are_unchanged_whatever_their_yaml(card_game, tmp_path):
    components = card_game / "components.yaml"
    yaml = components.read_text(encoding="utf-8")
    # The same disc, its colour written otherwise, and its keys in another order: another YAML, the same paint.
    components.write_text(yaml.replace("circle: {x: 50%, y: 62%, r: 25%, fill: gold, stroke: ink, width: 1pt}",
                                       "circle: {fill: '#E69F00', y: 62%, x: 50%, width: 1pt, r: 25%, stroke: ink}"),
                          encoding="utf-8")
    result = invoke(["diff", "HEAD", "--paper", "a4"], tmp_path)
    assert result.exit_code == 0, result.output
    assert "cards: 3 unchanged — nothing to print again" in result.output
    assert not list((tmp_path / "output" / "tiny" / "diff").glob("*reprint*"))


def test_added_removed_and_recounted_items_are_said_and_only_new_copies_reprinted(card_game, tmp_path):
    components = card_game / "components.yaml"
    yaml = components.read_text(encoding="utf-8")
    spark = "      - {id: spark, name: spark}\n"
    components.write_text(yaml.replace("      - {id: blaze, name: blaze}\n", "")
                          .replace("{id: ember, name: ember}", "{id: ember, name: ember, count: 3}")
                          .replace(spark, spark + "      - {id: flare, name: flare}\n"), encoding="utf-8")
    (card_game / "text" / "en.yaml").write_text(TEXT_EN + "card.flare: Look at the top card\n", encoding="utf-8")
    result = invoke(["diff", "HEAD", "--paper", "a4", "--lang", "en"], tmp_path)
    assert result.exit_code == 0, result.output
    assert "cards: 1 added, 1 removed, 1 recounted, 1 unchanged — 3 copies to print again" in result.output
    out = tmp_path / "output" / "tiny" / "diff"
    said = text_of(out / "tiny-changes-en.pdf")
    assert "flare · front: added" in said and "blaze · front: removed" in said
    assert "ember · front: count (1 → 3)" in said
    assert "Take another turn" in said  # the removed card, shown as it was
    reprinted = text_of(out / "tiny-reprint-en-a4.pdf")
    assert reprinted.count("Look at the top card") == 1 and reprinted.count("Discard a card") == 2
    assert "Draw two cards" not in reprinted and "Take another turn" not in reprinted


def test_a_revision_that_does_not_load_is_said_where_it_is_at_that_revision(card_game, tmp_path):
    components = card_game / "components.yaml"
    good = components.read_text(encoding="utf-8")
    components.write_text(good.replace("size: 14pt", "size: huge"), encoding="utf-8")
    commit(tmp_path, "a typo")
    components.write_text(good, encoding="utf-8")
    result = invoke(["diff", "HEAD", "--paper", "a4"], tmp_path)
    assert result.exit_code == 1
    line = next(line for line in result.output.splitlines() if "size" in line)
    where = r"Error: HEAD:content/tiny/components\.yaml:12:\d+ sets\.cards\.front\.elements\[0\]\.text\.size: "
    assert re.match(where, line), line
    assert not (tmp_path / "output").exists()  # nothing written
    assert git(tmp_path, "worktree", "list").count("\n") == 1


def test_a_ref_that_is_neither_a_revision_nor_a_folder_is_a_usage_error(card_game, tmp_path):
    result = invoke(["diff", "no-such-ref"], tmp_path)
    assert result.exit_code == 2
    assert "'no-such-ref' is neither a folder nor a revision of the git repository" in result.output
    shutil.rmtree(tmp_path / ".git")
    outside = invoke(["diff", "HEAD"], tmp_path)
    assert outside.exit_code == 2 and "is not in a git repository" in outside.output


def test_a_folder_without_the_record_of_an_earlier_build_is_refused(card_game, tmp_path):
    (tmp_path / "old" / "tiny").mkdir(parents=True)
    result = invoke(["diff", "old"], tmp_path)
    assert result.exit_code == 2 and "holds no sheets of tiny that pnp can compare" in result.output


def test_a_game_that_was_not_there_at_the_revision_is_all_new(card_game, tmp_path):
    git(tmp_path, "rm", "-q", "-r", "--cached", "content")
    git(tmp_path, "commit", "-q", "-m", "without the game")
    result = invoke(["diff", "HEAD", "--paper", "a4", "--lang", "en"], tmp_path)
    assert result.exit_code == 0, result.output
    assert "cards: 3 added — 3 copies to print again" in result.output


def test_a_second_diff_with_nothing_changed_renders_nothing_and_says_the_same(card_game, tmp_path):
    changed_spark(card_game)
    first = invoke(["diff", "HEAD", "--paper", "a4"], tmp_path)
    again = invoke(["diff", "HEAD", "--paper", "a4"], tmp_path)
    assert again.exit_code == 0
    notes = [line for line in first.output.splitlines() if line.startswith("tiny (")]
    assert notes and [line for line in again.output.splitlines() if line.startswith("tiny (")] == notes
    assert "wrote 0 files" in again.output
    # Once nothing is to be printed again, the earlier reprint goes.
    changed_spark(card_game, "Draw two cards")
    same = invoke(["diff", "HEAD", "--paper", "a4"], tmp_path)
    assert "removed 1 no longer made" in same.output
    assert not (tmp_path / "output" / "tiny" / "diff" / "tiny-reprint-en-a4.pdf").exists()
