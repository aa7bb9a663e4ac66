"""Text per language: catalogs keyed by id, fallbacks, translation status and PO files.

English (`text/en.yaml`) is the source; every other language (`text/da.yaml`) keeps,
beside each translation, a fingerprint of the English it was made from, so a change
to the English marks the translation stale.
"""
