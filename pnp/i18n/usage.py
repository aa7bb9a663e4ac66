"""A game's model → every text key it reads, and where a reader meets each one.

A `Use` says what the text is on the page ("card face: front of a 'colour-cards'
item", "rulebook, section “Setting up”: step 2", "caption of diagram 'push-row'"),
where the use is written (the components.yaml, rulebook.yaml or diagrams.yaml line),
and, for a text in a fixed box on a component, the room it has. Translation status
counts these keys as used; the PO file shows them to the translator as notes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pnp.model.components import ComponentSet
from pnp.model.diagrams import DiagramSpec, ExampleSpec, read_diagram_book
from pnp.model.faces import Text
from pnp.model.game import SUBTITLE_KEY, TITLE_KEY, Game
from pnp.model.item_sources import item_text_key
from pnp.model.problems import Location, Problems
from pnp.model.rulebook import Section, load_rulebook, rulebook_path
from pnp.model.units import to_mm


@dataclass(frozen=True)
class Use:
    key: str
    note: str
    location: Location
    element: Text | None = None  # the face element that sets the text in a fixed box, if it is on a component
    heading: bool = False  # set in the rulebook's headings font (as well as its body font, in lists of contents)

    @property
    def room(self) -> str | None:
        """The fixed box the text is set in, as a translator needs to know it."""
        e = self.element
        if e is None:
            return None
        return (f"fixed box {to_mm(e.w):.0f} × {to_mm(e.h):.0f} mm, {e.size:g} pt {e.font}; "
                "a text that does not fit is an error (pnp translate status checks it)")


Uses = dict[str, list[Use]]
_GAME_TEXTS = {TITLE_KEY: "the game's title: rulebook cover and page footers, sheet footers",
               SUBTITLE_KEY: "the game's subtitle: rulebook cover, under the title"}


def text_uses(game: Game, source: Mapping[str, str] | None = None) -> Uses:
    """Every key the game's outputs read, each with its uses in reading order (game texts,
    components, rulebook, diagrams, example plays). `source` (the source texts by key)
    names rulebook sections by their headings, and tells which optional texts the game has."""
    uses: Uses = {}
    source = source or {}
    for key, (_, location) in game.own_texts.items():
        _add(uses, Use(key, _GAME_TEXTS[key], location, heading=key == TITLE_KEY))
    has_rulebook = rulebook_path(game.folder).is_file()
    for component_set in game.sets:
        _component_uses(component_set, uses, source, has_rulebook)
    if has_rulebook:
        _rulebook_uses(game, uses, source)
    _picture_uses(game, uses, source)
    return uses


def _add(uses: Uses, use: Use) -> None:
    known = uses.setdefault(use.key, [])
    if all((u.note, u.element) != (use.note, use.element) for u in known):
        known.append(use)


def _section_name(section: Section, source: Mapping[str, str]) -> str:
    return f"“{source[section.title]}”" if section.title in source else f"'{section.title}'"


def _component_uses(component_set: ComponentSet, uses: Uses, source: Mapping[str, str], has_rulebook: bool) -> None:
    """A set's name (sheet footers; the rulebook's components list and a booklet's back cover), its
    description (that list), its items' names (Tabletop Simulator's objects) and the texts on its
    faces with the room each has."""
    name, description = f"component.{component_set.id}.name", f"component.{component_set.id}.description"
    # The rulebook needs both; sheet footers show the name where the game gives one.
    if has_rulebook or name in source:
        _add(uses, Use(name, f"name of the component set '{component_set.id}': sheet footers, the rulebook's "
                             "components list and back cover", component_set.location))
    if has_rulebook:
        _add(uses, Use(description, f"description of the component set '{component_set.id}' in the rulebook's "
                                    "components list", component_set.location))
    for item in component_set.items:
        item_name = item_text_key(component_set.id, item.id, "name")
        if item_name in source:
            _add(uses, Use(item_name, f"name of the item '{item.id}' of the component set '{component_set.id}': "
                                      "Tabletop Simulator shows it", component_set.location))
        for side, face in item.faces:
            for element in face.walk():
                if isinstance(element, Text) and element.key:
                    note = f"{component_set.kind} face: {side} of the '{component_set.id}' set"
                    _add(uses, Use(element.key, note, element.location, element))


def _rulebook_uses(game: Game, uses: Uses, source: Mapping[str, str]) -> None:
    rulebook = load_rulebook(game.folder)
    if rulebook.cover.tagline:
        _add(uses, Use(rulebook.cover.tagline, "rulebook cover: the line under the title", rulebook.location))
    for number, section in enumerate(rulebook.sections, start=1):
        _add(uses, Use(section.title, f"rulebook: heading of section {number}", section.location, heading=True))
        for block in section.body:
            for index, key in enumerate(block.keys, start=1):
                part = _block_part(block.kind, index)
                _add(uses, Use(key, f"rulebook, section {_section_name(section, source)}: {part}", block.location))


def _block_part(kind: str, index: int) -> str:
    return {"p": "paragraph", "bullets": f"bullet point {index}", "steps": f"numbered step {index}"}.get(kind, kind)


def _picture_uses(game: Game, uses: Uses, source: Mapping[str, str]) -> None:
    problems = Problems()
    book = read_diagram_book(game.folder, problems)
    problems.raise_if_any()
    for diagram in book.diagrams.values():
        _diagram_uses(diagram, uses)
    for example in book.examples.values():
        _example_uses(example, uses, source)


def _diagram_uses(diagram: DiagramSpec, uses: Uses) -> None:
    where = "in the rulebook and alone (pnp diagrams)"
    _add(uses, Use(diagram.caption_key, f"caption of diagram '{diagram.id}' {where}", diagram.location))
    for number, frame in enumerate((*diagram.frames, diagram.overlay), start=1):
        if frame is None:
            continue
        if frame.label_key:
            _add(uses, Use(frame.label_key, f"label under frame {number} of diagram '{diagram.id}'", frame.location))
        for mark in frame.marks:
            if mark.kind == "label-key" and mark.text:
                _add(uses, Use(mark.text, f"label drawn inside diagram '{diagram.id}': keep it short", mark.location))


def _example_uses(example: ExampleSpec, uses: Uses, source: Mapping[str, str]) -> None:
    # The rulebook opens an example with who plays and how to read its pictures, where the game says so.
    for part, what in (("intro", "introduction to"), ("markers", "how to read the pictures of")):
        key = f"example.{example.id}.{part}"
        if key in source:
            _add(uses, Use(key, f"rulebook: {what} example play '{example.id}'", example.location))
    for step in example.steps:
        for key in step.text_keys:
            _add(uses, Use(key, f"caption of step {step.number} of example play '{example.id}'", step.location))
