"""Which part of a request an output answers: the format it is made for, its languages, paper and shop.

A build removes an earlier output only when its own request covers the output's facets
(pnp.targets.options) and it no longer makes it. The manifest keeps each file's facets, so
they are a light tuple: a build with nothing to do reads hundreds of them.
"""

from __future__ import annotations

from typing import NamedTuple


class Facets(NamedTuple):
    """What part of a request a target's files answer: the format they are made for (None:
    each file's extension says, for kinds that make several formats at once), the languages
    they are in, the paper and the shop. An empty facet (no languages, no paper) is made
    whatever a request says of it."""

    format: str | None = None
    languages: tuple[str, ...] = ()
    paper: str | None = None
    shop: str | None = None

    def format_of(self, path: str) -> str:
        return self.format or path.rsplit(".", 1)[-1]

    def to_json(self) -> list:
        return [self.format, list(self.languages), self.paper, self.shop]

    @classmethod
    def from_json(cls, raw: list) -> Facets:
        form, languages, paper, shop = raw
        return cls(form, tuple(languages), paper, shop)
