"""Packages of pnp (the rest of its metadata is in pyproject.toml).

The repository's templates/ (card sizes, token shapes, groups, icons) is installed as the
package data `pnp/templates`, so a pnp installed with pip or pipx has them outside a clone;
a game's or a project's own templates/ still come first (pnp.model.folders).
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["pnp", "pnp.*"]), "pnp.templates"],
    package_dir={"pnp.templates": "templates"},
)
