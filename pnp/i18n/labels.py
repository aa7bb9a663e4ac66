"""pnp's own small words (cover facts, footers, headings it adds) → text per language.

These belong to the tool, not to a game, so they live here rather than in a game's
catalog; a language without a label falls back to English.
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "players": "Players",
        "minutes": "Minutes",
        "age": "Age",
        "page": "Page",
        "components": "Components",
        "contents": "Contents",
        "edition": "Edition",
        "rules": "Rules",
        "step": "Step",
        "by": "by",
        "checklist": "Checklist",
        "checklist-intro": "Tick each part off as you cut it out, and again when you pack the game away.",
        "notes": "Notes",
        "print-sides": "Print on {paper} at 100 % (actual size), both sides, flipping on the {edge} edge.",
        "edge-long": "long",
        "edge-short": "short",
        "fold-a5-saddle": "Fold each sheet in half, nest them in order, sheet 1 outside, and staple on the fold.",
        "fold-a6-sheet": "Fold the top half back, then in half again; cut open the top fold.",
        "sheet-footer": "{game} · {sets} · sheet {sheet} of {sheets} · {side} · print at 100 %",
        "side-front": "front",
        "side-back": "back",
        "side-blank": "back: leave blank",
        "side-fold": "fold on the dashed line, glue, then cut",
        "glue-tab": "glue under part {part}",
        "board-part": "board part {part} of {parts}",
    },
    "da": {
        "players": "Spillere",
        "minutes": "Minutter",
        "age": "Alder",
        "page": "Side",
        "components": "Komponenter",
        "contents": "Indhold",
        "edition": "Udgave",
        "rules": "Regler",
        "step": "Trin",
        "by": "af",
        "checklist": "Tjekliste",
        "checklist-intro": "Sæt kryds ved hver del, når du har klippet den ud, og igen, når spillet pakkes væk.",
        "notes": "Noter",
        "print-sides": "Udskriv på {paper} i 100 % (faktisk størrelse) på begge sider, vend på den {edge} kant.",
        "edge-long": "lange",
        "edge-short": "korte",
        "fold-a5-saddle": "Fold hvert ark på midten, læg dem i hinanden i rækkefølge, ark 1 yderst, og hæft i folden.",
        "fold-a6-sheet": "Fold den øverste halvdel bagud og så på midten igen; skær den øverste fold op.",
        "sheet-footer": "{game} · {sets} · ark {sheet} af {sheets} · {side} · udskriv i 100 %",
        "side-front": "forside",
        "side-back": "bagside",
        "side-blank": "bagside: lad den være tom",
        "side-fold": "fold på den stiplede linje, lim og klip",
        "glue-tab": "lim under del {part}",
        "board-part": "brætdel {part} af {parts}",
    },
}


def label(name: str, language: str) -> str:
    """The label called name in language, else in English; KeyError if pnp has no such label."""
    return LABELS.get(language, {}).get(name) or LABELS["en"][name]
