"""The limits table in the README says what pnp/model/limits.py holds, and the paper the
board bound is measured in is the smallest pnp prints on."""

from __future__ import annotations

import re

from pnp.layout.paper import PAPERS
from pnp.model import limits
from pnp.model.units import to_mm
from pnp.shapes import RECTANGLE
from tests.conftest import ROOT


def readme_limits() -> dict[str, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Limits", 1)[1].split("\n#", 1)[0]
    return {name: shown for shown, name in re.findall(r"^\|[^|]+\| ([^|]+) \| `(\w+)` \|$", section, re.MULTILINE)}


def test_every_limit_is_in_the_readme_with_its_value():
    table = readme_limits()
    constants = {name: value for name, value in vars(limits).items() if name.startswith("MAX_")}
    assert set(table) == set(constants)
    for name, value in constants.items():
        assert f"{value:,}" in table[name], (name, value, table[name])


def test_boards_are_measured_in_the_smallest_paper():
    portrait = [paper.portrait() for paper in PAPERS.values()]
    smallest = (min(to_mm(p.width) for p in portrait), min(to_mm(p.height) for p in portrait))
    assert tuple(round(side, 1) for side in smallest) == limits.SMALLEST_PAPER_MM


def test_the_board_bound_never_counts_more_sheets_than_the_tiling_uses():
    from pnp.layout.blocks import Component
    from pnp.layout.tiling import board_parts
    from pnp.model.set_outline import board_sheets
    from pnp.model.units import mm

    for width, height in ((224, 224), (600, 400), (1000, 1000), (3000, 68), (68, 3000)):
        board = Component("board", 0, mm(width), mm(height), RECTANGLE, 0.0, mm(3), None)
        parts = min(len(board_parts(board, [p.box.inset(mm(5)) for p in paper.orientations()],
                                    [p.box for p in paper.orientations()])) for paper in PAPERS.values())
        assert board_sheets(width, height) <= parts, (width, height)
