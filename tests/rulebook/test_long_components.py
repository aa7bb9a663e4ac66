"""A components section longer than a page: a set of 100 distinct cards (`components: true`)
goes on over as many pages as it needs, instead of failing as a picture too large for a page."""

from __future__ import annotations

import os
import re

import pypdf
from click.testing import CliRunner

from pnp.cli import main


def test_a_hundred_distinct_cards_fill_the_pages_they_need(tmp_path):
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert CliRunner().invoke(main, ["new", "many"]).exit_code == 0
        rows = ["id,count,value,colour,name.en,name.da,rule.en,rule.da"]
        rows += [f"c{n},1,{n % 5 + 1},sun,Card {n},Kort {n},Take {n}.,Tag {n}." for n in range(100)]
        (tmp_path / "many" / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        built = CliRunner().invoke(main, ["build", "many", "--out", "out", "--format", "pdf", "--paper", "a4", "-q"])
    finally:
        os.chdir(old)
    assert built.exit_code == 0, built.output
    reader = pypdf.PdfReader(tmp_path / "out" / "many" / "many-rules-en.pdf")
    shown = [set(map(int, re.findall(r"Card (\d+)", page.extract_text()))) for page in reader.pages]
    components = [cards for cards in shown[1:] if cards]  # the cover shows a few of them too
    assert len(components) >= 2 and set().union(*components) == set(range(100))
    assert sum(len(cards) for cards in components) == 100  # each card once: a row is never drawn twice
