"""Writing results: atomic files (never a truncated or half-replaced output) and PDF → PNG."""
