"""Text per language: catalogs keyed by id, pnp's own words, translation status and QA, PO files.

A game's source texts (`text/en.yaml`, unless it names another source language) are
translated into each of its other languages; beside each translation its catalog keeps a
fingerprint of the source text it was made from, and that text, so a change to the source
marks the translation stale and can show the translator what changed.
"""
