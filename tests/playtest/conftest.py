"""A small card game kept in a git repository made in tmp_path, for pnp diff's tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

CARDS = """\
sets:
  cards:
    extends: cards/poker
    attributes: [name]
    items:
      - {id: spark, name: spark}
      - {id: ember, name: ember}
      - {id: blaze, name: blaze}
    front:
      background: "#fbf7ee"
      elements:
        - text: {key: "card.${name}", x: 8%, y: 8%, w: 84%, h: 20%, size: 14pt, colour: ink}
        - circle: {x: 50%, y: 62%, r: 25%, fill: gold, stroke: ink, width: 1pt}
    back:
      background: ink
      elements:
        - text: {text: TINY, y: 45%, h: 10%, size: 16pt, colour: gold}
"""
TEXT_EN = """\
card.spark: Draw two cards
card.ember: Discard a card
card.blaze: Take another turn
"""
TEXT_DA = """\
card.spark: {text: Træk to kort, source: "%s"}
card.ember: {text: Smid et kort, source: "%s"}
card.blaze: {text: Tag en tur mere, source: "%s"}
"""


def git(where: Path, *args: str) -> str:
    """git with a fixed author and date, so commits are alike on every run."""
    environment = {**os.environ, "GIT_AUTHOR_NAME": "Designer", "GIT_AUTHOR_EMAIL": "designer@example.org",
                   "GIT_COMMITTER_NAME": "Designer", "GIT_COMMITTER_EMAIL": "designer@example.org",
                   "GIT_AUTHOR_DATE": "2024-01-01T12:00:00Z", "GIT_COMMITTER_DATE": "2024-01-01T12:00:00Z"}
    done = subprocess.run(["git", "-c", "commit.gpgsign=false", *args], cwd=where, capture_output=True, text=True,
                          env=environment, check=True)
    return done.stdout


def commit(where: Path, message: str) -> None:
    git(where, "add", "-A")
    git(where, "commit", "-q", "-m", message)


@pytest.fixture
def card_game(make_game, tmp_path):
    """content/tiny/: three cards with texts in English and Danish and one back, committed to a
    repository at tmp_path (with the templates). Returns the game folder."""
    folder = make_game({"components.yaml": CARDS, "text/en.yaml": TEXT_EN, "text/da.yaml": danish()})
    git(tmp_path, "init", "-q", "-b", "main")
    commit(tmp_path, "the first playtest")
    return folder


def danish() -> str:
    """The Danish texts, each confirmed against the English it translates."""
    from pnp.i18n.catalog import fingerprint

    english = [line.split(": ", 1)[1] for line in TEXT_EN.splitlines()]
    title = f'game.title: {{text: Lille, source: "{fingerprint("Tiny")}"}}\n'
    return title + TEXT_DA % tuple(fingerprint(text) for text in english)
