"""The web: the rulebook model and texts → a self-contained HTML edition per language, and the kit preview page.

- `svg`: a reportlab Drawing → SVG to put inside a page (its ids kept apart from the
  other pictures', its text in the page's fonts, an accessible name);
- `page`: the page around the content: document, styles, language switch, escaping;
- `edition`: the rulebook's sections and blocks → HTML, with the same texts and markup
  as the PDF and the same Drawings for diagrams, example plays and components;
- `preview`: every output of a game's kit → one page of thumbnails linking the files.

Every content text is escaped; nothing here reads or writes a file.
"""
