"""Checkers published on npm that the system tests run: fetched once as their registry tarballs
(pinned, checked against the registry's sha512 integrity), kept under bench/.cache/npm/ (git
ignores it) and unpacked there. No npm or Node.js is needed: axe-core runs inside Chromium,
the Nu HTML checker (vnu-jar) in Java (Debian's default-jre-headless).
"""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

CACHE = Path(__file__).resolve().parents[2] / "bench" / ".cache" / "npm"
REGISTRY = "https://registry.npmjs.org"


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    integrity: str  # as the registry and package-lock.json give it: "sha512-<base64>"

    def file(self, member: str) -> Path:
        """A file of the package (its path inside `package/`), fetched and unpacked the first time."""
        folder = CACHE / f"{self.name}-{self.version}"
        path = folder / member
        if not path.is_file():
            tarball = f"{REGISTRY}/{self.name}/-/{self.name}-{self.version}.tgz"
            data = urllib.request.urlopen(tarball, timeout=120).read()
            digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")
            if digest != self.integrity:
                raise RuntimeError(f"{self.name} {self.version}: the registry's tarball is not the pinned one")
            with tarfile.open(fileobj=io.BytesIO(data)) as archive:
                source = archive.extractfile(f"package/{member}")
                if source is None:
                    raise RuntimeError(f"{self.name} {self.version} has no {member}")
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(source.read())
        return path


AXE = Package("axe-core", "4.14.1",
              "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==")
NU = Package("vnu-jar", "26.9.27",
             "sha512-TkQd5DFfOaWC9ebtvozTsrH2Vaod3jYg+vrOeREzIXxBexLz9+rS2DNtjn7+RPUiZhgli0SghgBX6RJRNea0KA==")
