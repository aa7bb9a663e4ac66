"""Headless Chromium driven over the DevTools protocol through a pipe: no driver, no extra package.

`--remote-debugging-pipe` makes Chromium read protocol commands from file descriptor 3
and write replies to 4, each message JSON ended by a NUL byte. That is all a test needs
to emulate a phone's screen, load a page, run a script in it and take a screenshot, with
nothing but Debian's chromium and the standard library (selenium would need
chromium-driver and five packages; playwright a 40 MB wheel and a Node.js runtime).
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path

from programs import program

# What Chromium needs to start headless here, alone, and quietly (no network of its own).
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
         "--remote-debugging-pipe")
TIMEOUT = 60.0


class BrowserError(RuntimeError):
    """The browser refused a command or did not answer in time."""


class Chromium:
    """One headless Chromium with a fresh profile and one page (a tab) to drive."""

    def __init__(self):
        self.profile = tempfile.TemporaryDirectory(prefix="pnp-chromium-")
        commands_read, self._commands = os.pipe()
        self._replies, replies_write = os.pipe()
        self.process = subprocess.Popen(
            [program("chromium"), *FLAGS, f"--user-data-dir={self.profile.name}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=_pipes_at_3_and_4(commands_read, replies_write))
        os.close(commands_read)
        os.close(replies_write)
        self._buffer, self._next_id, self.events = b"", 0, []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.call("Browser.close")
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for descriptor in (self._commands, self._replies):
            with contextlib.suppress(OSError):
                os.close(descriptor)
        self.profile.cleanup()

    # --- the protocol -------------------------------------------------------------

    def call(self, method: str, session: bool = False, **params) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def _read(self) -> dict:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise BrowserError("Chromium did not answer in time")
            chunk = os.read(self._replies, 1 << 16)
            if not chunk:
                raise BrowserError("Chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def _wait_for(self, method: str) -> dict:
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        while True:
            event = self._read()
            if event.get("method") == method:
                return event
            self.events.append(event)

    # --- what tests use ------------------------------------------------------------

    def open(self, url: str, width: int, height: int = 800, mobile: bool = False) -> None:
        """Load url in a window `width` CSS pixels wide (a phone's, with mobile) and wait for its load event."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height, deviceScaleFactor=1,
                  mobile=mobile)
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        self._wait_for("Page.loadEventFired")

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path) -> None:
        """The whole page (not only the window) as a PNG."""
        data = self.call("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=True)["data"]
        Path(path).write_bytes(base64.b64decode(data))


def _pipes_at_3_and_4(commands_read: int, replies_write: int):
    """In the child, before Chromium starts: its end of each pipe as file descriptors 3 and 4."""

    def move() -> None:
        # Through descriptors of 10 and up first, so that placing one cannot overwrite the other.
        high_read, high_write = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (commands_read, replies_write))
        os.dup2(high_read, 3)
        os.dup2(high_write, 4)

    return move
