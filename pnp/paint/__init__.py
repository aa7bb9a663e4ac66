"""Drawing with reportlab: faces, component sheets, calibration sheets, diagrams.

Each face is built once as a reportlab Drawing in points; the same Drawing goes onto
a sheet (as a PDF form when it repeats), into a rulebook, or out as SVG.
"""
