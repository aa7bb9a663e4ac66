"""The layers of pnp import only downwards: every import of every module (at its top or inside
a function) goes to a package its own may use, as DESIGN.md draws them:

    cli → serve → targets → (paint, export, playtest) → (layout, diagrams, i18n) → (model, games, shapes, text, output)

(playtest, pnp diff's comparison and report, stands beside export and may use it.)

pnp.plugins (entry points → plugins) imports nothing of pnp and every layer may use it: pnp's
own engines, kinds and languages are found through it as an installed plugin's are. Read
from the source with ast, so an import added anywhere, even one a test never runs, is held
to the same arrows.
"""

from __future__ import annotations

import ast
from pathlib import Path

PNP = Path(__file__).resolve().parents[1] / "pnp"

BOTTOM = {"model", "games", "shapes", "output"}
ALLOWED: dict[str, set[str]] = {
    "model": {"shapes"},
    "shapes": set(),
    "games": set(),
    "output": {"model"},
    "i18n": {"model", "output"},
    "text": {"model", "i18n"},
    "layout": {"model", "shapes", "text", "i18n"},
    "diagrams": {"model", "games", "shapes", "text", "i18n"},
    "paint": BOTTOM | {"text", "i18n", "layout", "diagrams"},
    "export": BOTTOM | {"text", "i18n", "layout", "diagrams", "paint"},
    "playtest": BOTTOM | {"text", "i18n", "layout", "diagrams", "paint", "export"},
    "plugins": set(),
}
EVERYWHERE = {"plugins"}  # may be imported by every layer
TOP = {"targets", "serve", "build", "new", "cli", "__main__", "scaffold", "templates"}  # may use every layer below


def package_of(path: Path) -> str:
    relative = path.relative_to(PNP)
    return relative.parts[0].removesuffix(".py") if len(relative.parts) > 1 or relative.stem != "__init__" else "pnp"


def imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
    return [name for name in found if name.startswith("pnp.")]


def test_every_import_points_down() -> None:
    wrong = []
    for path in sorted(PNP.rglob("*.py")):
        package = package_of(path)
        if package in TOP or package == "pnp":
            continue
        assert package in ALLOWED, f"{path}: package {package!r} has no place in the layers (add it to ALLOWED)"
        for name in imports(path):
            target = name.split(".")[1]
            if target != package and target not in ALLOWED[package] | EVERYWHERE:
                wrong.append(f"{path.relative_to(PNP.parent)} imports {name}")
    assert not wrong, "\n".join(wrong)


def test_nothing_below_the_top_imports_the_planner_or_the_cli() -> None:
    for path in sorted(PNP.rglob("*.py")):
        if package_of(path) in TOP:
            continue
        assert not [n for n in imports(path) if n.split(".")[1] in TOP], path
