"""`python -m pnp` runs the command-line interface."""

from pnp.cli import run

run()
