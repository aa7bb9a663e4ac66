"""Inline markup → Paragraph XML: bold and terms become tags, everything else is escaped."""

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from pnp.paint.rulebook.markup import paragraph_xml, plain_text


def test_bold_and_terms():
    assert (paragraph_xml("Choose **Push**, **Twist** or **Stack**.")
            == "Choose <b>Push</b>, <b>Twist</b> or <b>Stack</b>.")
    assert paragraph_xml("the *free token* and *north*") == "the <i>free token</i> and <i>north</i>"
    assert paragraph_xml("**Nothing to Hide** – *open* cards") == "<b>Nothing to Hide</b> – <i>open</i> cards"


def test_everything_else_is_escaped():
    assert paragraph_xml('a < b & c > d <b>not bold</b>') == "a &lt; b &amp; c &gt; d &lt;b&gt;not bold&lt;/b&gt;"
    assert paragraph_xml("2*3 = 6 and a lone * star") == "2*3 = 6 and a lone * star"
    assert paragraph_xml("„Quarto!“ – sagde hun") == "„Quarto!“ – sagde hun"


def test_the_xml_is_accepted_by_platypus():
    xml = paragraph_xml("<script> & **bold *and* more** „æøå“ *x*\nline two")
    paragraph = Paragraph(xml, ParagraphStyle("t"))
    paragraph.wrap(300, 100)
    assert "<br/>" in xml


def test_plain_text():
    assert plain_text("Choose **Push** or the *free token*.") == "Choose Push or the free token."
