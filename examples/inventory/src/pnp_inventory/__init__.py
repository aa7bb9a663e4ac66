"""`pnp build --format inventory`: `<game>/<game>-inventory.csv`, every component the kit prints.

One row per item of every component set (its set, id, count, kind, shape, trim size and
whether it has a back) and a last row with the total: a list to count the cut pieces
against, or to order a print by. An output kind from outside pnp: this module is the
`pnp.kinds` entry point `inventory`, and its `KIND` makes files for the --format token
`inventory`, which no kind of pnp's own makes.
"""

from __future__ import annotations

import csv
import io

from pnp.targets.facets import Facets
from pnp.targets.target import Rendered, Target, TargetKind

TOKEN = "inventory"
POINTS_PER_MM = 72 / 25.4
HEADER = ("set", "item", "count", "kind", "shape", "width_mm", "height_mm", "back")


def plan(loaded, options):
    """One CSV per game, when the build asks for the token; its bytes follow the components and templates."""
    if loaded is None or TOKEN not in options.formats:
        return
    path = f"{loaded.id}/{loaded.id}-inventory.csv"
    yield Target(id=path, kind=TOKEN, unit="", paths=(path,),
                 inputs=(loaded.components_digest(), loaded.templates_digest()), facets=Facets(TOKEN))


def render(target, loaded, options, upstream):
    text = io.StringIO()
    rows = csv.writer(text, lineterminator="\n")
    rows.writerow(HEADER)
    for component_set in loaded.game.sets:
        for item in component_set.items:
            rows.writerow((component_set.id, item.id, item.count, component_set.kind, component_set.shape.name,
                           _mm(item.width), _mm(item.height), "yes" if item.back is not None else "no"))
    rows.writerow(("total", "", sum(s.count for s in loaded.game.sets), "", "", "", "", ""))
    return Rendered({target.paths[0]: text.getvalue().encode("utf-8")})


def _mm(points: float) -> str:
    return f"{points / POINTS_PER_MM:.1f}"


KIND = TargetKind(TOKEN, "build", 3, plan, render, formats=(TOKEN,))
