"""A game's faces → what some players cannot tell apart or read, and a page that shows it.

Every face is painted as the sheets paint it and rasterized at DPI (pnp.export.accessibility.looks).
Two items of a set whose attributes differ (so a player must tell them apart) and whose
faces a person with normal vision tells apart are compared again as protanopia,
deuteranopia and tritanopia (Machado et al. 2009, full severity) and a greyscale print see
them (pnp.vision): a side is told apart when its two faces differ by at least
LEAST_DIFFERENCE (CIEDE2000) over at least LEAST_AREA_MM2, so a symbol, a word or a pattern
that shows in every vision is what keeps two items apart, not colour alone. Every text is
measured too: its x-height as printed, and the contrast of its colour with what lies under
its letters (WCAG 2's ratio). docs/accessibility.md says where each threshold comes from.

A set whose colours carry no meaning (`accessibility: {colour: decorative}`) is not compared;
its texts are still measured. pnp.export.accessibility.check finds; .page shows.
"""

from __future__ import annotations

DPI = 150
# The thresholds' sources and reasoning are in docs/accessibility.md ("Why these thresholds").
# Two colours this far apart (CIEDE2000) stay two colours at a glance, on any home printer: ten
# times the difference a trained eye just sees side by side, twice ISO 12647-2's tolerance for
# a press's solid inks.
LEAST_DIFFERENCE = 10.0
# ...over at least this much of the face (mm²): a 2 × 2 mm mark spans 11–17 minutes of arc from
# 40–60 cm, about the least character height of ANSI/HFES 100-2007 (16').
LEAST_AREA_MM2 = 4.0
# Text: the x-height as printed (mm) that EU food labels must reach (Regulation 1169/2011, Annex IV).
LEAST_X_HEIGHT_MM = 1.2
# WCAG 2's contrast ratios (success criterion 1.4.3): text, and large text (18 pt, or 14 pt bold).
LEAST_CONTRAST, LEAST_LARGE_CONTRAST = 4.5, 3.0
LARGE_TEXT_PT, LARGE_BOLD_TEXT_PT = 18.0, 14.0
# A text's contrast is the one at least this share of its letters' ink reaches.
CONTRAST_SHARE = 0.9
# How the page and the warnings name each vision.
SEEN_AS = {"normal": "as printed", "protanopia": "protanopia", "deuteranopia": "deuteranopia",
           "tritanopia": "tritanopia", "greyscale": "a greyscale print"}
