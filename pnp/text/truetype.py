"""An OpenType font with PostScript (CFF) outlines → the same font with TrueType outlines.

reportlab embeds TrueType outlines only (it refuses an `OTTO` font), while many fonts a
designer buys or downloads come as such .otf files. fontTools' cu2qu turns each cubic
curve into quadratic ones within one font unit (a thousandth of an em in most CFF fonts:
0.01 pt at 10 pt), the way fontTools' own otf2ttf recipe does; the metrics, names,
character map and licence bits stay as they were. The font's timestamps are kept, so the
same file gives the same bytes.
"""

from __future__ import annotations

import io

# One font unit: far below what a printer or a screen can show.
MAX_ERROR = 1.0


def truetype_outlines(data: bytes) -> bytes:
    """The bytes of a CFF-flavoured OpenType font, its glyphs redrawn as TrueType outlines."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))  # TrueType winds the other way
        glyphs[name] = pen.glyph()
    for table in ("CFF ", "CFF2", "VORG"):
        if table in font:
            del font[table]
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    glyf.compile(font)
    metrics = font["hmtx"]
    for name, glyph in glyphs.items():
        if hasattr(glyph, "xMin"):  # a glyph with an outline: its left side bearing from the new outline
            metrics[name] = (metrics[name][0], glyph.xMin)
    font["maxp"] = _truetype_profile(font, glyphs)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue()


def _truetype_profile(font, glyphs):
    """The `maxp` table of a TrueType font (version 1.0), its glyph counts from the outlines."""
    from fontTools.ttLib import newTable

    profile = newTable("maxp")
    profile.tableVersion = 0x00010000
    profile.numGlyphs = len(glyphs)
    profile.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs", "maxStackElements",
                  "maxSizeOfInstructions", "maxPoints", "maxContours", "maxCompositePoints", "maxCompositeContours",
                  "maxComponentElements", "maxComponentDepth"):
        setattr(profile, field, 0)
    profile.recalc(font)  # points, contours and components from the glyphs
    return profile
