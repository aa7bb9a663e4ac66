"""A game's own fonts as Chromium renders its web edition: the fonts it actually draws each
element's text with, as its DevTools protocol reports them (CSS.getPlatformFontsForNode),
are the game's families carried in the page, not a font of the machine."""

from __future__ import annotations

import pytest
from browser import Chromium

pytestmark = pytest.mark.system


def drawn_with(chromium: Chromium, selector: str) -> set[str]:
    """The family names of the fonts Chromium drew the text of the first element matching selector with."""
    root = chromium.call("DOM.getDocument", session=True)["root"]["nodeId"]
    node = chromium.call("DOM.querySelector", session=True, nodeId=root, selector=selector)["nodeId"]
    assert node, selector
    return {font["familyName"] for font in chromium.call("CSS.getPlatformFontsForNode", session=True,
                                                         nodeId=node)["fonts"]}


def test_chromium_draws_the_web_edition_in_the_games_fonts(tmp_path):
    from pnp.targets import BuildOptions, build
    from tests.fonts.test_game_fonts import font_game

    folder = font_game(tmp_path)
    build([folder], BuildOptions(out=tmp_path / "out", formats=("html",), languages=("en",), jobs=1))
    with Chromium() as chromium:
        chromium.open((tmp_path / "out" / "tiny" / "tiny-rules-en.html").as_uri(), 1280)
        assert chromium.evaluate("document.fonts.ready.then(() => document.fonts.size)") > 0
        chromium.call("DOM.enable", session=True)
        chromium.call("CSS.enable", session=True)
        assert drawn_with(chromium, "h1") == {"Amatic SC"}
        assert drawn_with(chromium, "h2[id^=section]") == {"Amatic SC"}
        assert drawn_with(chromium, "p.tagline") == {"Source Serif Pro"}
