"""`--format pod --shop NAME`: print-on-demand files for one shop, from its profile in templates/shops/.

Files go to `<game>/pod/<shop>/`: one image per distinct face of each set (and language,
for sets with texts), `<game>-<set>[-<lang>]-<item>.png` (a set's one back is `-back`),
plus `.pdf` where the shop takes PDF, each face a target of its own; and
`<game>[-<lang>]-<shop>.csv`, the manifest of quantities and files. A set the profile
lists no product for is made at its own size plus the shop's bleed, with a warning to
check the shop's templates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.targets.exports import FaceArt, game_languages, set_inputs, set_languages, stem
from pnp.targets.facets import Facets
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.model.shops import ShopProfile
    from pnp.targets.games import LoadedGame

NAME = "pod"


def shop_of(loaded: LoadedGame, options: BuildOptions) -> ShopProfile:
    from pnp.model.folders import layer_with
    from pnp.model.shops import SHOPS_FOLDER, load_shop

    if options.shop is None:  # BuildOptions refuses --format pod without a shop
        raise AssertionError("print-on-demand files need a shop")
    layers = loaded.game.templates_folders
    return load_shop(layer_with(layers, f"{SHOPS_FOLDER}/{options.shop}.yaml"), options.shop)


def folder(loaded: LoadedGame, shop: ShopProfile) -> str:
    return f"{loaded.id}/pod/{shop.id}"



@dataclass(frozen=True)
class ShopFace:
    """One distinct face of a set, in the shop's files (a set without texts has no language)."""

    set_id: str
    language: str | None
    name: str
    shop: str


@dataclass(frozen=True)
class ShopList:
    """The CSV of every file and how many to print."""

    language: str | None
    shop: str

def plan(loaded: LoadedGame, options: BuildOptions):
    if loaded is None or "pod" not in options.formats:
        return
    from pnp.export.pod import plan_files

    shop = shop_of(loaded, options)
    where = folder(loaded, shop)
    for component_set in loaded.game.sets:
        for language in set_languages(loaded, component_set, options):
            inputs = set_inputs(loaded, component_set, language)
            for name in plan_files(stem(loaded, component_set.id, language), component_set).faces:
                paths = tuple(f"{where}/{name}.{extension}" for extension in shop.formats)
                yield Target(id=paths[0], kind=NAME, unit="", paths=paths,
                             params=ShopFace(component_set.id, language, name, shop.id), inputs=inputs,
                             facets=Facets("pod", (language,) if language else (), shop=shop.id))
    for language in game_languages(loaded, options):
        path = f"{where}/{stem(loaded, language, shop.id)}.csv"
        yield Target(id=path, kind=NAME, unit="", paths=(path,), params=ShopList(language, shop.id),
                     inputs=(loaded.components_digest(), loaded.templates_digest()),
                     facets=Facets("pod", (language,) if language else (), shop=shop.id))


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.export import pod

    shop = shop_of(loaded, options)
    params = target.params
    if isinstance(params, ShopList):
        language = params.language
        rows = []
        for component_set in loaded.game.sets:
            name = stem(loaded, component_set.id, language if component_set.text_keys else None)
            rows += pod.manifest_rows(component_set.id, pod.plan_files(name, component_set), component_set, shop)
        return Rendered({target.paths[0]: pod.manifest_csv(rows)}, warnings=_unlisted(loaded, shop))
    component_set = next(s for s in loaded.game.sets if s.id == params.set_id)
    art = FaceArt(loaded, component_set, params.language, bleed=shop.bleed)
    art.paint_all()
    face = pod.plan_files(stem(loaded, params.set_id, params.language), component_set).faces[params.name]
    data = pod.face_files(face, params.name, component_set, shop, art)
    return Rendered({f"{folder(loaded, shop)}/{file}": content for file, content in data.items()})


def _unlisted(loaded: LoadedGame, shop: ShopProfile) -> list[str]:
    """A warning per set the profile lists no product for: its size is the set's own."""
    from pnp.model.units import to_mm

    warnings = []
    for component_set in loaded.game.sets:
        if shop.product_for(component_set.width, component_set.height) is None:
            size = f"{to_mm(component_set.width):.1f} × {to_mm(component_set.height):.1f} mm"
            warnings.append(f"{loaded.id}: {component_set.id} ({size}): no product of that size in the {shop.id} "
                            "profile; its files are that size plus the shop's bleed (check the shop's templates)")
    return warnings


KIND = TargetKind(NAME, "build", 3, plan, render, formats=("pod",), settings=("shop",), section="pod")
