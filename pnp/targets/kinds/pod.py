"""`--format pod --shop NAME [--icc PATH]`: print-on-demand files for one shop, from its profile in templates/shops/.

Files go to `<game>/pod/<shop>/`, each a target of its own, named from
`<game>-<set>[-<lang>]` (a set whose parts differ in size adds each part's width):
a stock product's faces `-<item>.png` (a set's one back `-back.png`), plus `.pdf` where
the shop takes plain PDF; for a shop that asks for PDF/X-1a, one deck `-<product>.pdf` per
set and product, separated to CMYK through `--icc PATH` or the profile pnp ships; a custom
punchout's slugs `-<product>-NN-front.png`, `-back.png` and `-cut.svg`. And
`<game>[-<lang>]-<shop>.csv`, the manifest of quantities, files and products. A part no
product carries gets no file: the build warns with the part, its size, why, and the
nearest product; a palette colour whose CMYK rendering shifts beyond the stated threshold
is a warning naming it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.targets.exports import FaceArt, game_languages, set_inputs, set_languages, stem
from pnp.targets.facets import Facets
from pnp.targets.options import BuildOptions
from pnp.targets.target import Rendered, Target, TargetKind

if TYPE_CHECKING:
    from pnp.export.cmyk import Separation
    from pnp.export.pdfx import OutputIntent
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
class ShopFileTarget:
    """One file (or a face's files) of a set, in the shop's files (a set without texts has no language)."""

    set_id: str
    language: str | None
    stem: str
    shop: str


@dataclass(frozen=True)
class ShopList:
    """The CSV of every file and how many to print."""

    language: str | None
    shop: str


def plan(loaded: LoadedGame, options: BuildOptions):
    if loaded is None or "pod" not in options.formats:
        return
    from pnp.export.pod import plan_set

    shop = shop_of(loaded, options)
    where = folder(loaded, shop)
    colour = (icc_digest(loaded, options),) if shop.colour == "cmyk" else ()
    for component_set in loaded.game.sets:
        for language in set_languages(loaded, component_set, options):
            inputs = (*set_inputs(loaded, component_set, language), *colour)
            for file in plan_set(stem(loaded, component_set.id, language), component_set, shop).files:
                # a slug's front, back and cut file are outputs of their own; a face's formats are one output
                names = file.names(shop)
                for paths in ([(n,) for n in names] if file.kind == "slug" else [names]):
                    paths = tuple(f"{where}/{name}" for name in paths)
                    yield Target(id=paths[0], kind=NAME, unit="", paths=paths,
                                 params=ShopFileTarget(component_set.id, language, file.stem, shop.id), inputs=inputs,
                                 facets=Facets("pod", (language,) if language else (), shop=shop.id))
    for language in game_languages(loaded, options):
        path = f"{where}/{stem(loaded, language, shop.id)}.csv"
        yield Target(id=path, kind=NAME, unit="", paths=(path,), params=ShopList(language, shop.id),
                     inputs=(loaded.digest("game.yaml"), loaded.components_digest(), loaded.templates_digest(),
                             *colour),
                     facets=Facets("pod", (language,) if language else (), shop=shop.id))


def render(target: Target, loaded: LoadedGame, options: BuildOptions, upstream: tuple[bytes, ...]) -> Rendered:
    from pnp.export import pod

    shop = shop_of(loaded, options)
    params = target.params
    if isinstance(params, ShopList):
        rows: list[dict] = []
        warnings: list[str] = []
        for component_set in loaded.game.sets:
            language = params.language if component_set.text_keys else None
            planned = pod.plan_set(stem(loaded, component_set.id, language), component_set, shop)
            rows += planned.rows
            warnings += [pod.unmatched_warning(loaded.id, found) for found in planned.unmatched]
        if shop.colour == "cmyk":
            warnings += colour_warnings(loaded, shop, options)
        return Rendered({target.paths[0]: pod.manifest_csv(rows)}, warnings=warnings)
    component_set = next(s for s in loaded.game.sets if s.id == params.set_id)
    art = FaceArt(loaded, component_set, params.language, bleed=shop.bleed)
    art.paint_all()

    def paint(face, bleed):
        return art.painter.picture(face, component_set.shape, bleed, cut_guide=False)

    planned = pod.plan_set(stem(loaded, params.set_id, params.language), component_set, shop)
    file = next(f for f in planned.files if f.stem == params.stem)
    if file.kind == "slug":
        name = target.paths[0].rsplit("/", 1)[1]
        data = {name: pod.slug_file(file, name, shop, paint, component_set.corner, component_set.shape.name)}
    elif file.kind == "deck":
        data = pod.deck_files(file, shop, paint, *cmyk_of(loaded, shop, options))
    else:
        data = pod.face_files(file, shop, paint)
    return Rendered({f"{folder(loaded, shop)}/{name}": content for name, content in data.items()})


def icc_digest(loaded: LoadedGame, options: BuildOptions) -> str:
    """What decides the separation: the bytes of the profile it is made through."""
    return hashlib.sha256(_profile_bytes(loaded, options)).hexdigest()


def _profile_bytes(loaded: LoadedGame, options: BuildOptions) -> bytes:
    """The user's profile (--icc), else the one pnp ships, from the first template layer that has it."""
    from pnp.export.cmyk import ICC_FOLDER, SHIPPED_PROFILE, shipped_profile
    from pnp.model.folders import layer_with

    if options.icc:
        return Path(options.icc).read_bytes()
    return shipped_profile(layer_with(loaded.game.templates_folders, f"{ICC_FOLDER}/{SHIPPED_PROFILE}"))


def cmyk_of(loaded: LoadedGame, shop: ShopProfile, options: BuildOptions) -> tuple[Separation, OutputIntent]:
    """The separation a CMYK shop's files are made with, and the output intent that names it."""
    from pnp.export.cmyk import SHIPPED_CONDITION
    from pnp.export.pdfx import OutputIntent

    separation = _separation(_profile_bytes(loaded, options))
    condition = shop.output_condition
    if options.icc and condition is not None:  # the user's profile is the condition the shop names
        return separation, OutputIntent(separation.icc, condition.identifier, condition.name, separation.description)
    return separation, OutputIntent(separation.icc, SHIPPED_CONDITION, separation.description, separation.description)


@cache
def _separation(icc: bytes) -> Separation:
    from pnp.export.cmyk import Separation

    return Separation(icc)


def colour_warnings(loaded: LoadedGame, shop: ShopProfile, options: BuildOptions) -> list[str]:
    """The shop's condition when pnp separates for another, and each palette colour that shifts beyond the threshold."""
    from pnp.export.cmyk import SHIFT_WARNING

    separation, intent = cmyk_of(loaded, shop, options)
    warnings = []
    condition = shop.output_condition
    if not options.icc and condition is not None and condition.identifier != intent.identifier:
        warnings.append(f"{loaded.id}: {shop.name} asks for {condition.name}; its files are separated for "
                        f"{intent.description} ({intent.identifier}), the profile pnp ships: give --icc PATH "
                        f"to a {condition.name} profile to print to the shop's condition")
    palette = {name: c.components for name, c in loaded.game.palette.items() if c.model == "rgb"}
    for shift in separation.shifts(palette):
        if shift.delta_e > SHIFT_WARNING:
            warnings.append(f"{loaded.id}: palette colour {shift.name} ({shift.hex}) shifts by ΔE2000 "
                            f"{shift.delta_e:.1f} in CMYK for {intent.description} (over {SHIFT_WARNING:g}): "
                            f"it prints as {shift.ink}")
    return warnings


KIND = TargetKind(NAME, "build", 3, plan, render, formats=("pod",), settings=("shop",), section="pod")
