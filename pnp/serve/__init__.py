"""`pnp serve`: the kit as pictures in a browser, rebuilt and redrawn on every save.

A watch (pnp.targets.watch) builds the games into --out and rebuilds what a save changed;
the session (session.py) follows its passes; the server (server.py) shows each game's
outputs as pictures, PDF pages rendered by PDFium (kit.py), and tells every open page when
a pass begins or ends, so the page draws the new pictures without reloading.
"""
