"""A synthetic deck of N poker cards for the benchmarks: every card a distinct front (its
suit colour, a frame, a title, a few lines of rules, a circle) and one shared back."""

from __future__ import annotations

from pathlib import Path

SUITS = ("#c0392b", "#2471a3", "#229954", "#d4ac0d")
WORDS = ("draw", "a", "card", "then", "move", "one", "piece", "to", "any", "empty", "square", "next", "to", "it",
         "or", "swap", "two", "tokens", "of", "the", "same", "colour")

GAME = """\
title: Synthetic
authors: [Bench]
version: "1"
licence: CC0
languages: [en]
players: "2"
palette:
  ink: "#111111"
  back: "#2b2d42"
"""

SET = """\
sets:
  deck:
    extends: cards/poker
    attributes: [suit, name, rules]
    items:
{items}
    front:
      background: "${{suit}}"
      elements:
        - rect: {{x: 5%, y: 4%, w: 90%, h: 92%, radius: 2mm, fill: none, stroke: ink, width: 0.5pt}}
        - text: {{text: "${{name}}", x: 8%, y: 6%, w: 84%, h: 10%, size: 12pt, font: bold, colour: ink}}
        - text: {{text: "${{rules}}", x: 10%, y: 35%, w: 80%, h: 40%, size: 8pt, colour: ink}}
        - circle: {{y: 85%, r: 8%, fill: none, stroke: ink, width: 0.5pt}}
    back:
      background: back
      elements:
        - text: {{text: SYNTHETIC, y: 45%, h: 10%, size: 14pt, font: bold, colour: white}}
"""


def card_values(index: int) -> dict:
    words = [WORDS[(index * 7 + k * 3) % len(WORDS)] for k in range(18)]
    return {"suit": SUITS[index % len(SUITS)], "name": f"Card {index + 1}", "rules": " ".join(words)}


def write_deck(root: Path, cards: int) -> Path:
    """root/content/synthetic/ with a deck of `cards` cards; returns the game folder."""
    folder = root / "content" / "synthetic"
    (folder / "text").mkdir(parents=True, exist_ok=True)
    items = "\n".join(f'      - {{id: c{i:05d}, suit: "{v["suit"]}", name: "{v["name"]}", rules: "{v["rules"]}"}}'
                      for i, v in ((i, card_values(i)) for i in range(cards)))
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "components.yaml").write_text(SET.format(items=items), encoding="utf-8")
    (folder / "text" / "en.yaml").write_text("{}\n", encoding="utf-8")
    return folder
