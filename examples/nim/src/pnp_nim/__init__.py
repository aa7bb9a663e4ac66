"""Nim for pnp: a rules engine (pnp_nim.rules) and its scene adapter (pnp_nim.scenes).

Installed, it is the `pnp.engines` plugin `nim`: a game's diagrams.yaml and examples.yaml
name it with `engine: nim`, and pnp replays their moves with it.
"""
