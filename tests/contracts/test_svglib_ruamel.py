"""svglib's own Path kinds (pnp.paint.pdfdraw) and ruamel.yaml's comment records
(pnp.i18n.catalog_file), both reached below their libraries' documented API."""

from __future__ import annotations

import io

from reportlab.graphics import shapes
from reportlab.lib import colors
from ruamel.yaml import YAML

from pnp.i18n import catalog_file
from pnp.paint import pdfdraw


def test_svglibs_path_kinds_trim_their_paint_as_pdfdraw_expects(relied_on) -> None:
    """pdfdraw knows svglib's Path subclasses by name, without importing svglib, and paints
    them as their getProperties say: no stroke, or neither fill nor stroke."""
    from svglib import svglib

    expected = {"no stroke": {"strokeColor": None, "strokeWidth": 0},
                "no paint": {"fillColor": None, "strokeColor": None}}
    for name, trim in pdfdraw._SVGLIB_PATHS.items():
        with relied_on("svglib", f"svglib.svglib.{name}, a reportlab Path whose getProperties give {trim}"):
            kind = getattr(svglib, name)
            assert issubclass(kind, shapes.Path)
            path = kind(fillColor=colors.red, strokeColor=colors.blue, strokeWidth=2)
            properties = path.getProperties()
            assert {key: properties[key] for key in expected[trim]} == expected[trim]


def test_ruamels_comment_records_carry_a_trailing_comment_in_slot_2(relied_on) -> None:
    """catalog_file moves the comment after an entry to a new entry through CommentedMap.ca.items,
    whose record for a key holds the comment after its value at index 2."""
    text = "a:\n  text: one\n# about b\nb:\n  text: two\n"
    yaml = catalog_file._yaml()
    with relied_on("ruamel.yaml", "CommentedMap.ca.items[key][2], the comment token after a key's value"):
        document = yaml.load(text)
        assert document["a"].ca.items["text"][2].value == "\n# about b\n"
        catalog_file._move_trailing_comment(document, "a", "b")
        out = io.StringIO()
        yaml.dump(document, out)
        assert out.getvalue() == "a:\n  text: one\nb:\n  text: two\n# about b\n"


def test_ruamels_resolver_can_read_every_plain_scalar_as_text(relied_on) -> None:
    with relied_on("ruamel.yaml", "VersionedResolver.resolve(kind, value, implicit) and DEFAULT_SCALAR_TAG, "
                                  "overridden so a catalog is edited, never reinterpreted"):
        document = catalog_file._yaml().load("a: 1e5\nb: yes\nc: 012\n")
        assert dict(document) == {"a": "1e5", "b": "yes", "c": "012"}
    with relied_on("ruamel.yaml", "a plain YAML() resolving numbers (the override above is what keeps them text)"):
        assert YAML().load("a: 1e5\n")["a"] != "1e5"
