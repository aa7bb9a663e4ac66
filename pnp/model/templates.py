"""`extends:` — a YAML mapping built on a reusable template, overridden key by key.

`extends: cards/poker` reads the mapping `poker` in `templates/cards.yaml`, from the first
layer of templates that has it (the game's own, the project's, pnp's: pnp.model.folders).
Templates may extend other templates; mappings merge recursively, anything else is replaced.
Merged values keep their own locations, so an error points at the file it came from.
"""

from __future__ import annotations

from pathlib import Path

from pnp.model.folders import layer_file
from pnp.model.limits import MAX_TEMPLATE_CHAIN
from pnp.model.names import is_id
from pnp.model.problems import ContentError, Problem, listing, quote
from pnp.model.source import Node, load_yaml


def merge(base: Node, override: Node) -> Node:
    """override laid over base: mappings merge key by key, other values replace."""
    if not (base.is_map and override.is_map):
        return override
    merged = dict(base.value)
    locations = dict(base.key_locations or {})
    for key, value in override.value.items():
        merged[key] = merge(merged[key], value) if key in merged else value
        locations[key] = override.key_location(key)
    return Node(merged, override.location, locations)


class Templates:
    """Resolves `extends:` against layers of templates folders, caching the files it reads."""

    def __init__(self, folders: tuple[Path, ...]):
        self.folders = tuple(folders)
        self._files: dict[Path, Node] = {}

    def resolve(self, node: Node, chain: tuple[str, ...] = ()) -> Node:
        """node with its `extends:` (if any) applied; the `extends` key is removed."""
        if not node.is_map or "extends" not in node.value:
            return node
        reference = node.value["extends"]
        own = Node({k: v for k, v in node.value.items() if k != "extends"}, node.location, node.key_locations)
        base = self.lookup(reference, chain)
        return merge(self.resolve(base, chain + (reference.value,)), own)

    def lookup(self, reference: Node, chain: tuple[str, ...]) -> Node:
        name = reference.value
        if not isinstance(name, str) or name.count("/") != 1 or not all(is_id(part) for part in name.split("/")):
            raise self._fail(reference, f"expected 'file/name' naming a template in templates/, got {quote(name)}")
        if name in chain:
            raise self._fail(reference, f"templates extend each other in a loop: {' → '.join(chain + (name,))}")
        if len(chain) >= MAX_TEMPLATE_CHAIN:
            raise self._fail(reference,
                             f"templates extend each other more than {MAX_TEMPLATE_CHAIN} deep, over the limit")
        file_name, key = name.split("/")
        found_files, names = 0, set()
        for folder in self.folders:
            document = self._document(folder, file_name)
            if document is None:
                continue
            found_files += 1
            if document.is_map and key in document.value:
                return document.value[key]
            names |= set(document.value) if document.is_map else set()
        if not found_files:
            raise self._fail(reference, f"no template file templates/{file_name}.yaml")
        has = listing(sorted(names)) or "none"
        raise self._fail(reference, f"templates/{file_name}.yaml has no template '{key}' (it has: {has})")

    def _document(self, folder: Path, file_name: str) -> Node | None:
        path = Path(folder) / f"{file_name}.yaml"
        if layer_file(folder, f"{file_name}.yaml") is None:
            return None
        if path not in self._files:
            self._files[path] = load_yaml(path, folder)
        return self._files[path]

    @staticmethod
    def _fail(node: Node, message: str) -> ContentError:
        return ContentError([Problem(node.location, "extends", message)])
