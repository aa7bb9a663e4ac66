"""A process forked while another thread renders a PDF page can render too (pnp serve renders its
pictures in threads while its watch forks the build's workers)."""

from __future__ import annotations

import io
import os
import signal
import threading
import time

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.output.raster import page_png, render_page

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is what is tested")


def _pdf() -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(595, 842))
    canvas.setFillColorRGB(0.8, 0.3, 0.1)
    canvas.circle(300, 400, 200, fill=1)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _ended(pid: int, timeout: float) -> int | None:
    """The child's exit status, or None if it has not ended within timeout (it is then killed)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.01)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return None


def test_a_child_forked_mid_render_renders():
    pdf = _pdf()
    stop = threading.Event()

    def churn() -> None:
        while not stop.is_set():
            render_page(pdf, 0, 150)

    thread = threading.Thread(target=churn, daemon=True)
    thread.start()
    try:
        for _ in range(10):
            time.sleep(0.01)
            pid = os.fork()
            if pid == 0:  # the child: render once and leave at once, whatever happens
                try:
                    os._exit(0 if page_png(pdf, 0, 72).startswith(b"\x89PNG") else 1)
                finally:
                    os._exit(2)
            assert _ended(pid, 10) == 0, "a child forked while a thread rendered could not render"
    finally:
        stop.set()
        thread.join()
