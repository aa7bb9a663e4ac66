"""Drawing with reportlab: faces, component sheets, calibration sheets, diagrams.

Each face is built once as a reportlab Drawing in points; the same Drawing goes onto
a sheet (as a PDF form when it repeats), into a rulebook, or out as SVG.
"""

from reportlab import rl_config

# Shapes check every attribute as it is set, a help while developing reportlab code and
# a third of the time it takes to build a face. The model has checked every value, and
# a value a library still refuses is reported by the build as that target's failure.
rl_config.shapeChecking = 0
