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
    },
}


def label(name: str, language: str) -> str:
    """The label called name in language, else in English; KeyError if pnp has no such label."""
    return LABELS.get(language, {}).get(name) or LABELS["en"][name]
