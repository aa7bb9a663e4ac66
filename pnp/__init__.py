"""pnp turns a tabletop game kept as YAML into a print-and-play kit.

Data flows one way: YAML (content/, templates/) is loaded into a typed, located
model (pnp.model), planned into targets (pnp.targets), laid out as pure geometry
(pnp.layout), painted with reportlab (pnp.paint) and written atomically, PDF first
and PNG rasterized from the same pages (pnp.output).
"""

__version__ = "0.1.0"
