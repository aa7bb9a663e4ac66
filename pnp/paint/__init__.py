"""Drawing with reportlab: faces, component sheets, calibration sheets, diagrams.

Each face is built once as a picture in points (pnp.paint.picture, the light twin of a
reportlab Drawing); the picture goes onto a sheet (as a PDF form when it repeats), and
its Drawing into a rulebook, a diagram or out as SVG.
"""

from reportlab import rl_config

# Shapes check every attribute as it is set, a help while developing reportlab code and
# a third of the time it takes to build a face. The model has checked every value, and
# a value a library still refuses is reported by the build as that target's failure.
rl_config.shapeChecking = 0
