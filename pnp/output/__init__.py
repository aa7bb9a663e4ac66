"""Writing results: the one guarded, atomic file writer, all-or-nothing runs, PDF → PNG."""
