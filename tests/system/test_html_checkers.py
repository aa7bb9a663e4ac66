"""Every HTML page pnp writes for the four games (web editions, kit pages in each language,
accessibility reports) as the Nu HTML checker and axe-core read them: no message from the
one (info warnings included), no violation from the other (axe-core runs in Debian's headless
Chromium, at a desktop's width). Both checkers come pinned from npm (npm_tools).
"""

from __future__ import annotations

import json

import pytest
from browser import Chromium
from npm_tools import AXE, NU
from programs import run

from tests.conftest import CONTENT

pytestmark = pytest.mark.system
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
AXE_RUN = ("axe.run(document, {resultTypes: ['violations']})"
           ".then(r => JSON.stringify(r.violations.map(v => [v.id, v.impact, v.nodes.map(n => n.target)])))")


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    from pnp.targets import BuildOptions, build

    out = tmp_path_factory.mktemp("kit")
    build([CONTENT / game for game in GAMES], BuildOptions(out=out, formats=("pdf", "html", "accessibility"),
                                                           papers=("a4", "letter")))
    found = sorted(p for p in out.rglob("*.html") if ".pnp" not in p.relative_to(out).parts)
    kinds = {p.name.split("-")[0] if p.name.startswith("index") else p.stem.rsplit("-", 1)[-1] for p in found}
    assert len(found) == 20 and {"index", "accessibility", "en", "da"} <= kinds, [p.name for p in found]
    return found


def test_the_nu_checker_has_nothing_to_say(pages):
    checked = run("java", "-jar", str(NU.file("build/dist/vnu.jar")), "--format", "json", *map(str, pages))
    messages = json.loads(checked.stderr)["messages"]
    assert [(m["url"].rsplit("/", 2)[-2:], m.get("subType", m["type"]), m["message"]) for m in messages] == []


def test_axe_core_finds_no_violation(pages):
    axe = AXE.file("axe.min.js").read_text(encoding="utf-8")
    found = {}
    with Chromium() as browser:
        for page in pages:
            browser.open(page.as_uri(), 1280)
            browser.evaluate(axe)
            violations = json.loads(browser.evaluate(AXE_RUN))
            if violations:
                found[f"{page.parent.name}/{page.name}"] = violations
    assert found == {}
