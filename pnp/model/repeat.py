"""`repeat:` → the values each copy of an element, a diagram piece or a mark is made with.

`repeat: {n: {from: 1, to: 25}}` makes 25 copies with n = 1 … 25 (`step:` counts by
more than one, or down); `repeat: {letter: [A, B, C]}` one copy per value listed. Several
variables make every combination, the first written outermost:
`repeat: {row: {from: 0, to: 4}, col: {from: 0, to: 4}}` is a 5 × 5 grid in reading
order. The copies use the variables like attributes: `${n}`, `${row * 5 + col + 1}`.
The number of copies is counted before any is made, and bounded (MAX_REPEAT).
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from pnp.model.limits import MAX_REPEAT
from pnp.model.problems import Problems, quote
from pnp.model.reader import Fields, join_key
from pnp.model.source import Node

_NAME_HINT = "a variable name such as n, row or col"


def repeat_values(node: Node, path: str, problems: Problems) -> list[dict[str, Any]]:
    """Each copy's variables, in order; [] (and a problem) when the repeat is wrong or too large."""
    if not node.is_map or not node.value:
        problems.add(node.location, path, "expected variables and their values, such as "
                                          "repeat: {n: {from: 1, to: 25}} or repeat: {letter: [A, B, C]}")
        return []
    axes = []
    for name, values_node in node.value.items():
        where = join_key(path, name)
        if not name.replace("-", "").replace("_", "").isalnum() or name[0].isdigit():
            problems.add(node.key_location(name), where, f"expected {_NAME_HINT}, got {quote(name)}")
            return []
        axis = _axis(values_node, where, problems)
        if axis is None:
            return []
        axes.append([(name, value) for value in axis])
    copies = math.prod(len(axis) for axis in axes)
    if copies > MAX_REPEAT:
        problems.add(node.location, path, f"repeat makes {copies} copies, over the limit of {MAX_REPEAT}")
        return []
    return [dict(combination) for combination in itertools.product(*axes)]


def _axis(node: Node, path: str, problems: Problems) -> list | range | None:
    """The values of one variable: a list as written, or a range {from, to, step}."""
    if node.is_list:
        values = [item.value for item in node.value]
        if len(values) > MAX_REPEAT:
            problems.add(node.location, path, f"{len(values)} values are over the limit of {MAX_REPEAT}")
            return None
        return values
    fields = Fields(node, path, problems)
    start = fields.integer("from")
    stop = fields.integer("to")
    step = fields.integer("step", default=1 if (start or 0) <= (stop or 0) else -1)
    fields.finish()
    if start is None or stop is None or step is None:
        return None
    if step == 0 or (stop - start) * step < 0:
        fields.report(node, f"a step of {step} never gets from {start} to {stop}", "step")
        return None
    count = (stop - start) // step + 1
    if count > MAX_REPEAT:
        problems.add(node.location, path, f"repeat makes {count} copies, over the limit of {MAX_REPEAT}")
        return None
    return range(start, stop + (1 if step > 0 else -1), step)
