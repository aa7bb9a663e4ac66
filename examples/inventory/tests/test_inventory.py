"""`pnp build --format inventory` with the plugin installed (pip install -e .): a new game from
`pnp new`, built, and its CSV read back."""

from __future__ import annotations

import csv
import os
from pathlib import Path

from click.testing import CliRunner
from pnp.cli import main


def test_the_inventory_lists_every_item_and_the_total(tmp_path: Path):
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert CliRunner().invoke(main, ["new", "lantern"]).exit_code == 0
        built = CliRunner().invoke(main, ["build", "lantern", "--format", "inventory"])
    finally:
        os.chdir(old)
    assert built.exit_code == 0, built.output
    assert sorted(p.name for p in (tmp_path / "output" / "lantern").iterdir()) == ["lantern-inventory.csv"]
    with open(tmp_path / "output" / "lantern" / "lantern-inventory.csv", newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    items = rows[:-1]
    assert {row["set"] for row in items} == {"cards", "tokens"}
    assert rows[-1]["set"] == "total" and int(rows[-1]["count"]) == sum(int(row["count"]) for row in items)
    tokens = [row for row in items if row["set"] == "tokens"]
    assert len(tokens) == 3 and {(row["shape"], row["width_mm"]) for row in tokens} == {("circle", "25.0")}
