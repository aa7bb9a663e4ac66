"""pnp check: a build that writes nothing, with the build's warnings (a soft image, an unstamped translation)."""

from __future__ import annotations

from PIL import Image

from tests.targets.conftest import invoke

SOFT = """\
sets:
  chips:
    kind: token
    width: 20mm
    items: [{id: gold}]
    front:
      elements:
        - image: {file: art/soft.png, w: 100%, h: 100%}
        - text: {key: chip.name, size: 8pt}
"""


def test_check_writes_nothing_and_warns_of_an_image_below_300_dpi(make_game):
    folder = make_game({"components.yaml": SOFT})
    (folder / "art").mkdir()
    Image.new("RGB", (100, 100), (200, 30, 30)).save(folder / "art" / "soft.png")  # 100 px over 20 mm: 127 dpi
    project = folder.parent.parent
    result = invoke(["check", "tiny"], project)
    assert result.exit_code == 0, result.output
    assert ("warning: content/tiny/components.yaml:8:18 image: image 'soft.png' prints at 127 dpi at this size"
            in result.output)
    assert "300 dpi needs 236 × 236 pixels, or an SVG" in result.output
    assert not (project / "output").exists()


def test_check_strict_refuses_a_translation_not_yet_stamped(make_game):
    folder = make_game({"text/da.yaml": "chip.name: Guld\n"})
    project = folder.parent.parent
    relaxed = invoke(["check", "tiny"], project)
    assert relaxed.exit_code == 0 and "warning: tiny (da): 1 text missing (set in en), 1 stale — see" in relaxed.output
    strict = invoke(["check", "tiny", "--strict"], project)
    assert strict.exit_code == 1
    assert ("text/da.yaml: tiny: 1 text missing (set in en), 1 stale (--strict); pnp translate status tiny"
            in strict.output)
    listed = invoke(["check", "tiny", "--strict", "-v"], project)
    assert "  stale: content/tiny/text/da.yaml:1: chip.name (no source recorded; once checked" in listed.output
