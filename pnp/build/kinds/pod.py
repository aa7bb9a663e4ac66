"""`--format pod --shop NAME`: print-on-demand files for one shop, from its profile in templates/shops/.

Files go to `<game>/pod/<shop>/`: one image per distinct face of each set (and language,
for sets with texts), `<game>-<set>[-<lang>]-<item>.png` (a set's one back is `-back`),
plus `.pdf` where the shop takes PDF; and `<game>[-<lang>]-<shop>.csv`, the manifest of
quantities and files. A set the profile lists no product for is made at its own size
plus the shop's bleed, with a warning to check the shop's templates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.build.exports import FaceArt, game_languages, set_inputs, set_languages, stem
from pnp.build.options import BuildOptions
from pnp.build.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.build.games import LoadedGame
    from pnp.model.components import ComponentSet
    from pnp.model.shops import ShopProfile

NAME = "pod"


def shop_of(loaded: LoadedGame, options: BuildOptions) -> ShopProfile:
    from pnp.model.shops import load_shop

    return load_shop(loaded.game.templates_folder, options.shop)


def folder(loaded: LoadedGame, shop: ShopProfile) -> str:
    return f"{loaded.id}/pod/{shop.id}"


def plan(loaded: LoadedGame, options: BuildOptions):
    if loaded is None or "pod" not in options.formats:
        return
    from pnp.export.pod import file_names, plan_files

    shop = shop_of(loaded, options)
    where = folder(loaded, shop)
    for component_set in loaded.game.sets:
        for language in set_languages(loaded, component_set, options):
            name = stem(loaded, component_set.id, language)
            files = file_names(plan_files(name, component_set), shop)
            yield Target(id=f"{where}/{name}", kind=NAME, unit="", paths=tuple(f"{where}/{f}" for f in files),
                         params=("faces", component_set.id, language, shop), inputs=set_inputs(loaded, component_set, language),
                         label=f"{name} ({shop.id})")
    for language in game_languages(loaded, options):
        path = f"{where}/{stem(loaded, language, shop.id)}.csv"
        yield Target(id=path, kind=NAME, unit="", paths=(path,), params=("manifest", language, shop),
                     inputs=(loaded.digest("components.yaml"), loaded.templates_digest()))


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.export import pod

    if target.params[0] == "manifest":
        _, language, shop = target.params
        rows = []
        for component_set in loaded.game.sets:
            name = stem(loaded, component_set.id, language if component_set.text_keys else None)
            rows += pod.manifest_rows(component_set.id, pod.plan_files(name, component_set), component_set, shop)
        return Rendered({target.paths[0]: pod.manifest_csv(rows)})
    _, set_id, language, shop = target.params
    component_set = next(s for s in loaded.game.sets if s.id == set_id)
    art = FaceArt(loaded, component_set, language, bleed=shop.bleed)
    files = pod.plan_files(stem(loaded, set_id, language), component_set)
    for face in files.faces.values():
        art(face)
    art.check()
    data = pod.face_files(files, component_set, shop, art)
    where = folder(loaded, shop)
    return Rendered({f"{where}/{name}": content for name, content in data.items()},
                    warnings=_unlisted(loaded, component_set, shop))


def _unlisted(loaded: LoadedGame, component_set: ComponentSet, shop: ShopProfile) -> list[str]:
    from pnp.model.units import to_mm

    if shop.product_for(component_set.width, component_set.height) is not None:
        return []
    size = f"{to_mm(component_set.width):.1f} × {to_mm(component_set.height):.1f} mm"
    return [f"{loaded.id}: {component_set.id} ({size}): no product of that size in the {shop.id} profile; "
            "its files are that size plus the shop's bleed (check the shop's templates)"]


KIND = TargetKind(NAME, "build", 3, plan, render)
