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
        "language-name": "English",
        "languages": "Languages",
        "kit": "Print-and-play kit",
        "kit-web-edition": "Rules to read on screen",
        "kit-rulebooks": "Rulebooks to print",
        "kit-sheets": "Component sheets",
        "kit-png-pages": "Sheets as PNG images",
        "kit-diagrams": "Diagrams",
        "kit-tts": "Tabletop Simulator",
        "kit-pod": "Print on demand",
        "kit-files": "Other files",
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
        "language-name": "Dansk",
        "languages": "Sprog",
        "kit": "Print-and-play-sæt",
        "kit-web-edition": "Regler til skærmen",
        "kit-rulebooks": "Regelhæfter til print",
        "kit-sheets": "Komponentark",
        "kit-png-pages": "Ark som PNG-billeder",
        "kit-diagrams": "Diagrammer",
        "kit-tts": "Tabletop Simulator",
        "kit-pod": "Print on demand",
        "kit-files": "Andre filer",
    },
}


def label(name: str, language: str) -> str:
    """The label called name in language, else in English; KeyError if pnp has no such label."""
    return LABELS.get(language, {}).get(name) or LABELS["en"][name]
