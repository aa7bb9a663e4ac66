"""`pnp serve` in Debian's headless Chromium: the page shows a card, a save changes the card's text,
and the page shows the new picture without reloading (within 30 s); a content error takes the
picture's place in its located form; the controls are named and work from the keyboard; the
true-size calibration is kept. The save-to-picture time is printed (bench/serving.py measures it
against pnp watch's)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from browser import Chromium
from PIL import Image, ImageChops
from pypdf import PdfReader

from tests.conftest import CONTENT, ROOT, wait_until

pytestmark = pytest.mark.system
SAVE_TIMEOUT_S = 30.0
FIRST_BUILD_TIMEOUT_S = 180.0
IDLE = "document.getElementById('status').textContent.startsWith('Up to date')"
RED = "[...document.images].find(i => i.alt === 'Colour cards: red')"
SHOWN = f"(() => {{ const i = {RED}; return i && i.complete && i.naturalWidth > 0 ? i.dataset.version : null; }})()"
# Every control named, every picture described, the page's landmarks and language there.
AUDIT = """(() => {
  const named = (e) => (e.getAttribute('aria-label') || e.textContent.trim()
                        || e.querySelector('img[alt]:not([alt=""])')
                        || (e.id && document.querySelector(`label[for="${e.id}"]`))) ? null : e.outerHTML.slice(0, 80);
  return {unnamed: [...document.querySelectorAll('button, select, input, a')].map(named).filter(Boolean),
          undescribed: [...document.images].filter(i => !i.alt).length,
          images: document.images.length, lang: document.documentElement.lang,
          landmarks: ['header', 'main', 'nav'].filter(t => document.querySelector(t)).length,
          status: document.getElementById('status').getAttribute('role')};
})()"""


@pytest.fixture
def project(tmp_path) -> Path:
    """A project holding Quatrefoil and the templates, to edit."""
    shutil.copytree(CONTENT / "quatrefoil", tmp_path / "content" / "quatrefoil")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    return tmp_path


class Serving:
    """`pnp serve` as a user runs it, its stderr kept for the failure messages."""

    def __init__(self, project: Path):
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pnp", "serve", "quatrefoil", "--port", "0", "--paper", "a4", "--format", "pdf",
             "-j", "2"], cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)
            if line.startswith("serving "):
                self.url = line.split(" at ", 1)[1].split()[0]
                break
        else:
            pytest.fail("pnp serve ended before it served:\n" + "".join(self.lines))
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    def said(self) -> str:
        return "".join(self.lines)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def wait_for(browser: Chromium, expression: str, timeout: float):
    """The expression's value once it is truthy, polled in the page every 50 ms; None after timeout."""
    return wait_until(lambda: browser.evaluate(expression), timeout)


KEY_CODES = {"Tab": 9, "Escape": 27}


def press(browser: Chromium, key: str) -> None:
    """A key pressed and released, as the keyboard sends it."""
    code = KEY_CODES.get(key) or (ord(key.upper()) if key.isalpha() and len(key) == 1 else 0)
    for kind in ("keyDown", "keyUp"):
        browser.call("Input.dispatchKeyEvent", session=True, type=kind, key=key, code=key if key in KEY_CODES else "",
                     windowsVirtualKeyCode=code, **({"text": key} if kind == "keyDown" and len(key) == 1 else {}))


def picture(url: str) -> Image.Image:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return Image.open(io.BytesIO(answer.read())).convert("RGB")


def test_a_saved_card_is_redrawn_without_a_reload(project, tmp_path):
    serving = Serving(project)
    english = project / "content" / "quatrefoil" / "text" / "en.yaml"
    faces = project / "output" / "quatrefoil" / "quatrefoil-faces-en.pdf"
    try:
        with Chromium() as browser:
            browser.open(serving.url, 1280, 900)
            assert wait_for(browser, IDLE, FIRST_BUILD_TIMEOUT_S), serving.said()
            old = wait_for(browser, SHOWN, SAVE_TIMEOUT_S)
            assert old, serving.said()
            old_source = browser.evaluate(f"{RED}.src")
            browser.evaluate("window.pnpSamePage = true")

            english.write_text(english.read_text(encoding="utf-8").replace("colour.red: Red", "colour.red: Scarlet"),
                               encoding="utf-8")
            saved = time.perf_counter()
            new = wait_for(browser, f"(() => {{ const v = {SHOWN}; return v && v !== '{old}' ? v : null; }})()",
                           SAVE_TIMEOUT_S)
            shown = time.perf_counter() - saved
            assert new, f"the new picture was not shown within {SAVE_TIMEOUT_S:.0f} s\n{serving.said()}"
            print(f"save → new picture shown: {shown:.2f} s")

            assert browser.evaluate("window.pnpSamePage === true && performance.getEntriesByType('navigation')"
                                    ".length === 1"), "the page was reloaded"
            assert new == hashlib.sha256(faces.read_bytes()).hexdigest()[:16]
            assert PdfReader(faces).pages[8].extract_text().strip() == "Scarlet"
            difference = ImageChops.difference(picture(old_source), picture(browser.evaluate(f"{RED}.src")))
            assert difference.getbbox() is not None  # the picture shown is another one
            wait_for(browser, f"{IDLE} && {SHOWN}", SAVE_TIMEOUT_S)
            screenshot(browser, tmp_path / "serve.png")

            broken = english.read_text(encoding="utf-8").replace("colour.red: Scarlet", "colour.red: [Scarlet")
            english.write_text(broken, encoding="utf-8")
            message = wait_for(browser, "document.querySelector('#section-faces .error pre')?.textContent",
                               SAVE_TIMEOUT_S)
            assert message and "content/quatrefoil/text/en.yaml:" in message, serving.said()
            assert browser.evaluate("document.querySelectorAll('#section-faces img').length") == 0
            screenshot(browser, tmp_path / "serve-error.png")
            english.write_text(broken.replace("colour.red: [Scarlet", "colour.red: Crimson"), encoding="utf-8")
            assert wait_for(browser, f"(() => {{ const v = {SHOWN}; return v && v !== '{new}' ? v : null; }})()",
                            SAVE_TIMEOUT_S), serving.said()
            assert browser.evaluate("document.querySelector('.error')") is None
    finally:
        serving.stop()


def test_the_page_is_named_works_from_the_keyboard_and_keeps_its_calibration(project):
    serving = Serving(project)
    try:
        with Chromium() as browser:
            browser.open(serving.url, 1280, 900)
            assert wait_for(browser, SHOWN, FIRST_BUILD_TIMEOUT_S), serving.said()
            report = browser.evaluate(AUDIT)
            assert report["unnamed"] == [] and report["undescribed"] == 0 and report["images"] >= 16, report
            assert report["lang"] == "en" and report["landmarks"] == 3 and report["status"] == "status", report
            press(browser, "Tab")
            assert browser.evaluate("document.activeElement.className") == "skip"

            press(browser, "t")  # true size
            assert browser.evaluate("document.getElementById('true-size').getAttribute('aria-pressed')") == "true"
            browser.evaluate("document.getElementById('calibrate').click()")
            assert browser.evaluate("document.getElementById('calibration').open")
            press(browser, "Escape")
            assert browser.evaluate("!document.getElementById('calibration').open")
            browser.evaluate("document.getElementById('calibrate').click()")
            browser.evaluate("(() => { const r = document.getElementById('px-per-mm'); r.value = '5';"
                             " r.dispatchEvent(new Event('input')); })()")
            card = browser.evaluate("getComputedStyle(document.getElementById('card-shape')).width")
            assert card == "428px"  # 85.6 mm at 5 px/mm
            browser.evaluate("document.getElementById('calibration-save').click()")
            kept = project / "output" / ".pnp" / "serve.json"
            assert wait_until(lambda: kept.is_file(), 10), serving.said()
            assert json.loads(kept.read_text()) == {"px_per_mm": 5}
            assert browser.evaluate(f"{RED}.style.width") == "317.5px"  # 63.5 mm at 5 px/mm, true size
            press(browser, "-")
            assert browser.evaluate("document.getElementById('zoom').textContent") == "75 %"
    finally:
        serving.stop()


def screenshot(browser: Chromium, path: Path) -> None:
    """What the window shows, as a PNG; with PNP_SERVE_SCREENSHOTS=FOLDER also there, in 256 colours
    (docs/serve.md's pictures: `PNP_SERVE_SCREENSHOTS=docs make system-test`)."""
    data = base64.b64decode(browser.call("Page.captureScreenshot", session=True, format="png")["data"])
    path.write_bytes(data)
    if os.environ.get("PNP_SERVE_SCREENSHOTS"):
        image = Image.open(io.BytesIO(data)).convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT)
        image.save(Path(os.environ["PNP_SERVE_SCREENSHOTS"]) / path.name, optimize=True)
