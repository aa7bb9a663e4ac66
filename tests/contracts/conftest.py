"""Contract tests: each names one internal of a library that pnp relies on.

pnp reaches below some libraries' public API where that pays (pnp.paint.pdfdraw writes
into a reportlab canvas's operator list; pnp.model.source reads libyaml's event stream;
pnp.output.raster calls PDFium through ctypes). Those libraries may change such things in
any release. Each test here exercises one of them the way pnp does, so an upgrade that
breaks one fails in one test whose message says which library, which version and which
internal: `make test-latest` runs them against the newest releases pyproject allows.
"""

from __future__ import annotations

import importlib.metadata
from contextlib import contextmanager

import pytest


@pytest.fixture
def relied_on():
    """`with relied_on("reportlab", "Canvas._code is the page's operator list"):` fails the
    test with one line naming the library, its installed version and the internal."""

    @contextmanager
    def check(distribution: str, internal: str):
        try:
            yield
        except Exception as error:  # an AssertionError, or the internal gone (AttributeError, TypeError…)
            version = importlib.metadata.version(distribution)
            said = " ".join(str(error).split())
            said = said if len(said) <= 300 else said[:300] + " …"
            pytest.fail(f"{distribution} {version}: pnp relies on {internal}, which no longer holds "
                        f"({type(error).__name__}: {said})", pytrace=False)

    return check
