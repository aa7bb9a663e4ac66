"""Times `pnp translate import` of a PO file translating every row of a 10,000-row table.

A game from `pnp new` gets a deck of MAX_TABLE_ROWS cards in cards.csv (or cards.xlsx):
its own three, then new ones, each with a name and a rule in English and nothing yet in Danish; a PO file exported
from it is filled in (20,000 translations) and imported. The floor is `pnp translate
export` of the same game in the same run: it reads the same table and catalogs and
writes a PO file of the same texts, so the ratio is what writing the translations into
the table and the catalog costs on top of reading them. (Before issue 26 the CSV import
took 104 s: each new catalog entry was inserted into ruamel's mapping by rebuilding it.)

Run from the repository root: `python bench/table_import.py [csv|xlsx ...]`.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pnp.model.limits import MAX_TABLE_ROWS  # noqa: E402
from pnp.new import new_game  # noqa: E402

HEADER = ["id", "count", "value", "colour", "name.en", "name.da", "rule.en", "rule.da"]


def rows(folder: Path) -> list[list]:
    """The scaffold's rows (kept: text/da.yaml records what their Danish translates), then new ones."""
    import csv

    with open(folder / "cards.csv", encoding="utf-8", newline="") as table:
        own = [[row[0], 1, *row[2:]] for row in list(csv.reader(table))[1:]]  # one of each: 10,000 printed at most
    return own + [[f"card-{n}", 1, n % 5 + 1, "sun", f"Card {n}", "", f"Take {n % 7 + 1} steps.", ""]
                  for n in range(MAX_TABLE_ROWS - len(own))]


def make_game(folder: Path, kind: str) -> None:
    new_game(folder)
    table = [HEADER, *rows(folder)]
    if kind == "csv":
        import csv

        with open(folder / "cards.csv", "w", encoding="utf-8", newline="") as out:
            csv.writer(out, lineterminator="\n").writerows(table)
    else:
        import openpyxl

        book = openpyxl.Workbook(write_only=True)
        sheet = book.create_sheet()
        for row in table:
            sheet.append([value if value != "" else None for value in row])
        book.save(folder / "cards.xlsx")
        (folder / "cards.csv").unlink()
        components = folder / "components.yaml"
        components.write_text(components.read_text(encoding="utf-8").replace("cards.csv", "cards.xlsx"),
                              encoding="utf-8")


def timed(args: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"pnp {' '.join(args)}: {done.stderr}")
    return seconds


def main(kinds: list[str]) -> None:
    print(f"{'table':<6} {'rows':>6} {'texts':>6} {'export s':>9} {'import s':>9} {'× floor':>8}")
    for kind in kinds:
        with tempfile.TemporaryDirectory() as scratch:
            work = Path(scratch)
            make_game(work / "deck", kind)
            floor = timed(["translate", "export", "deck", "-o", "da.po"], work)
            po = (work / "da.po").read_text(encoding="utf-8")
            po, texts = re.subn(r'(msgctxt "cards\.card-\d+\.(?:name|rule)"\nmsgid "([^"]*)"\n)msgstr ""',
                                lambda m: f'{m.group(1)}msgstr "{m.group(2)} (da)"', po)
            (work / "da.po").write_text(po, encoding="utf-8")
            seconds = timed(["translate", "import", "deck", "da.po"], work)
            print(f"{kind:<6} {MAX_TABLE_ROWS:>6} {texts:>6} {floor:9.2f} {seconds:9.2f} {seconds / floor:8.2f}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["csv", "xlsx"])
