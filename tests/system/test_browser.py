"""The web editions and kit preview pages rendered by headless Chromium (Debian's package), at a
phone's 360 px and a desktop's 1280 px: nothing scrolls sideways, every image loads, every
link resolves. The kit is served over HTTP from a local server, so links are followed as a
reader's browser follows them.
"""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from browser import Chromium

from tests.conftest import CONTENT

pytestmark = pytest.mark.system
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
WIDTHS = ((360, True), (1280, False))

# What the page reports: overflow, images not loaded, links that do not resolve.
AUDIT = """(async () => {
  const root = document.documentElement;
  const images = [...document.images].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src.slice(0, 60));
  const wide = [...document.querySelectorAll('body *')]
                 .filter(e => e.getBoundingClientRect().right > root.clientWidth + 0.5)
                 .map(e => e.tagName + '.' + e.className).slice(0, 5);
  const broken = [];
  for (const a of document.querySelectorAll('a[href]')) {
    const url = new URL(a.getAttribute('href'), location.href);
    if (url.origin !== location.origin) { broken.push(a.href); continue; }
    if (url.pathname === location.pathname) {
      if (url.hash && !document.getElementById(decodeURIComponent(url.hash.slice(1)))) broken.push(a.href);
      continue;
    }
    const ok = await fetch(url, {method: 'HEAD'}).then(r => r.ok, () => false);
    if (!ok) broken.push(a.href);
  }
  return {overflow: root.scrollWidth - root.clientWidth, wide, images, broken,
          pictures: document.images.length + document.querySelectorAll('svg').length,
          links: document.querySelectorAll('a[href]').length};
})()"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Every game's kit (sheets, rulebooks, web, TTS and print-on-demand files) behind a local HTTP server."""
    from pnp.targets import BuildOptions, build

    out = tmp_path_factory.mktemp("kit")
    build([CONTENT / game for game in GAMES], BuildOptions(out=out, formats=("pdf", "png", "html", "tts", "pod"),
                                                           shop="thegamecrafter", papers=("a4",)))
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", out
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def chromium():
    with Chromium() as browser:
        yield browser


def pages(out, game):
    return sorted(p.relative_to(out).as_posix() for p in (out / game).glob("*.html"))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("width, mobile", WIDTHS)
def test_pages_render_without_overflow_broken_images_or_links(served, chromium, game, width, mobile, tmp_path):
    base, out = served
    names = pages(out, game)
    assert {f"{game}/index.html", f"{game}/{game}-rules-en.html", f"{game}/{game}-rules-da.html"} <= set(names)
    for name in names:
        chromium.open(f"{base}/{name}", width, 800, mobile=mobile)
        report = chromium.evaluate(AUDIT)
        assert report["overflow"] <= 0 and report["wide"] == [], (name, report)
        assert report["images"] == [], (name, report)
        assert report["broken"] == [], (name, report)
        assert report["pictures"] > 0 and report["links"] > 0, (name, report)
        chromium.screenshot(tmp_path / f"{name.replace('/', '-')}-{width}.png")
