"""Text measured, never drawn: the embedded fonts, which font draws which character, widths,
line breaking (plain and with markup and icons) and typography (quotes, runts).

Layout measures with these and paint draws with the same fonts and the same lines, so a
text is broken once, where it is laid out. Fonts are registered with reportlab's font
metrics, which is measuring, not drawing.
"""
