"""Colour as people see it: how far apart two colours look (CIELAB, CIEDE2000), how well text
shows on its ground (WCAG 2 contrast), and what a person with a colour-vision deficiency, or a
greyscale printer, makes of a colour.

`contrast` is plain Python, for a colour or two at a time (the sheets ask it for a guide's
pen); `difference` works on numpy arrays of many colours at once (a face's pixels, a palette)
and is the one CIEDE2000 of pnp: the accessibility check, the print-shop colour shift and the
tests all use it. Both are written from the published formulas; tests/test_vision.py checks
them against the published test data and against colour-science.
"""
