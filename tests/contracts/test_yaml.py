"""PyYAML and libyaml behaviour that pnp.model.source leans on.

pnp builds its located nodes straight from the parser's event stream (libyaml's, through
PyYAML's C binding), resolves plain scalars with PyYAML's resolver and constructs numbers
with its SafeLoader; and where libyaml stops at its own nesting limit, it reads the text
again with PyYAML's own parser, which hands over events as it reads, so that pnp's lower
limit is the one reported.
"""

from __future__ import annotations

import yaml

from pnp.model import limits
from pnp.model.source import LIBYAML_DEPTH_PROBLEM

SAMPLE = """\
title: "Quatre\\u0066oil"   # a comment
sizes: {small: 12mm, large: 1.5e+1}
list:
  - &tile {id: t1, count: 3}
  - *tile
  - !!str 10
  - |
    block
    text
flags: [yes, no, ~, true]
"""


def events(text: str, loader: type) -> list[tuple]:
    """What pnp reads of each event: its kind, anchor, tag, implicit, value, style and place
    (a plain scalar's style is '' from libyaml, None from PyYAML: both mean plain)."""
    seen = []
    for event in yaml.parse(text, Loader=loader):
        mark = event.start_mark
        seen.append((type(event).__name__, getattr(event, "anchor", None), getattr(event, "tag", None),
                     getattr(event, "implicit", None), getattr(event, "value", None),
                     getattr(event, "style", None) or None, mark.line, mark.column))
    return seen


def test_pyyaml_comes_with_libyaml(relied_on) -> None:
    with relied_on("PyYAML", "its wheels' libyaml binding, yaml.CSafeLoader (pnp reads events twice as fast)"):
        assert yaml.__with_libyaml__ and hasattr(yaml, "CSafeLoader")


def test_libyamls_events_are_pyyamls_events(relied_on) -> None:
    with relied_on("PyYAML", "yaml.parse with CSafeLoader giving the events, anchors, tags, styles and "
                             "0-based marks PyYAML's own parser gives"):
        ours = events(SAMPLE, yaml.CSafeLoader)
        assert ours == events(SAMPLE, yaml.SafeLoader)
        scalars = [event for event in ours if event[0] == "ScalarEvent"]
        assert ("ScalarEvent", None, None, (False, True), "Quatrefoil", '"', 0, 7) in scalars
        assert ("ScalarEvent", None, "tag:yaml.org,2002:str", (False, False), "10", None, 5, 4) in scalars
        assert [event[0] for event in ours].count("AliasEvent") == 1


def test_plain_scalars_resolve_and_construct_as_pnp_expects(relied_on) -> None:
    resolver = yaml.resolver.Resolver()
    constructor = yaml.SafeLoader("")
    expected = {"12mm": "str", "1.5e+1": "float", "1.5e1": "str", "3": "int", "yes": "bool", "no": "bool", "~": "null"}
    with relied_on("PyYAML", "Resolver().resolve(ScalarNode, value, implicit) and SafeLoader('').construct_object"):
        for text, kind in expected.items():
            tag = resolver.resolve(yaml.ScalarNode, text, (True, False))
            assert tag == f"tag:yaml.org,2002:{kind}", (text, tag)
        node = yaml.ScalarNode("tag:yaml.org,2002:float", "1.5e+1")
        assert constructor.construct_object(node) == 15.0
        assert constructor.construct_object(yaml.ScalarNode("tag:yaml.org,2002:bool", "no")) is False


def test_libyamls_nesting_limit_is_above_pnps_and_says_so_in_known_words(relied_on) -> None:
    """Nesting past libyaml's own limit is refused in words pnp recognises; anything up to
    pnp's limit parses; PyYAML's own parser has no such limit before pnp's."""
    shallow = "x: " + "[" * (limits.MAX_DEPTH + 1) + "]" * (limits.MAX_DEPTH + 1)
    deep = "x: " + "[" * 5000 + "]" * 5000
    with relied_on("PyYAML", f"libyaml's nesting limit (above pnp's {limits.MAX_DEPTH}) and its message "
                             f"{LIBYAML_DEPTH_PROBLEM!r}"):
        assert len(events(shallow, yaml.CSafeLoader)) > limits.MAX_DEPTH
        try:
            events(deep, yaml.CSafeLoader)
        except yaml.MarkedYAMLError as error:
            assert error.problem == LIBYAML_DEPTH_PROBLEM, error.problem
    with relied_on("PyYAML", "PyYAML's own parser yielding each event as it reads, to any depth"):
        first = []
        for event in yaml.parse(deep, Loader=yaml.SafeLoader):
            first.append(event)
            if len(first) > limits.MAX_DEPTH + 5:
                break
        assert len(first) == limits.MAX_DEPTH + 6
