"""Exports beyond the home printer: a game's faces and rulebook → bytes for other places.

- `faces`: a face Drawing → an image of an exact pixel size, cut to its shape when asked;
- `tts`: card sets → Tabletop Simulator deck sheets, other sets → token and tile images,
  and the saved object that puts them all on a table;
- `pod`: every distinct face → the file a print-on-demand shop wants (its size, its
  bleed), and the manifest of counts its upload asks for;
- `web`: the rulebook → a self-contained HTML edition per language, and the kit preview
  page that links every output.

Faces and diagrams are the same Drawings the sheets and the rulebook print. Nothing here
writes a file: the build kinds (pnp.targets.kinds.tts, pod, web, preview) name and write them.
"""
