"""The bounds content must stay within, all in one place: each is generous for a real game.

Content is checked against these when it is read, so a mistyped number or a hostile
file is one located error naming the limit, never minutes of work or gigabytes of
memory. The README's "Limits" section lists them; a test keeps the two in step.
"""

from __future__ import annotations

# --- every content file (YAML, images) ----------------------------------------------
MAX_FILE_BYTES = 2 * 1024 * 1024  # one YAML file
MAX_DEPTH = 40  # nesting of lists and mappings in one YAML document
MAX_NODES = 200_000  # values in one YAML document, counting each alias use again
MAX_EXPANDED_CHARS = 4_000_000  # characters of all its texts, counting each alias use again
MAX_TEXT_CHARS = 10_000  # one text: a YAML value, a catalog entry, a PO translation
MAX_IMAGE_PIXELS = 80_000_000  # one PNG or JPEG (a 29 × 29 in picture at 300 dpi), under Pillow's own alarm

MAX_NUMBER = 1_000_000_000  # any plain number (a rotation, a fraction), either way

# --- names --------------------------------------------------------------------------
MAX_ID_CHARS = 64  # a game, set, item, diagram or example id (they become file names)
MAX_LANGUAGE_TAG_CHARS = 35  # a language tag such as pt-BR (BCP 47's own bound)
MAX_LANGUAGES = 100  # languages of one game, listed or with a catalog file

# --- components ---------------------------------------------------------------------
MAX_ITEMS_PER_SET = 10_000  # distinct items, from product: and items: together
MAX_COPIES_PER_SET = 10_000  # components printed for one set, counting count:
MAX_SET_ELEMENTS = 200_000  # elements drawn for one set: its items times their faces' elements
MAX_LENGTH_MM = 10_000  # any one length or position, in millimetres (10 m)
MAX_COMPONENT_MM = 1_000  # width or height of a card, token, tile or piece
MAX_BLEED_MM = 20  # bleed around a component (real ones are 2–5 mm)
MAX_SHEET_SPACE_MM = 50  # a sheet's printer margin, gutter or cut-mark length
MAX_BOARD_SHEETS = 100  # paper sheets a board may need when it is tiled
# The smallest paper pnp prints on, in each direction (A4's width, US Letter's height):
# a board is measured in sheets of this size, so the bound holds on every paper.
SMALLEST_PAPER_MM = (210.0, 279.4)
MAX_SIDES = 360  # sides of a polygon, points of a star
MAX_DASHES = 16  # dash and gap lengths of one dash pattern
MAX_TEMPLATE_CHAIN = 10  # templates extending templates
MAX_GRID_CELLS = 10_000  # cells of a grid element or of a diagram board (100 × 100)
MAX_REPEAT = 10_000  # copies one `repeat:` makes (all its variables' values multiplied)
MAX_GROUP_DEPTH = 10  # groups placed inside groups placed inside groups …
MAX_EXPRESSION_CHARS = 200  # one ${...} computation such as ${row * 5 + col + 1}

# --- tables of items (CSV, TSV, XLSX) -------------------------------------------------
MAX_TABLE_ROWS = 10_000  # rows of one table (as many as a set may have items)
MAX_TABLE_COLUMNS = 200  # columns of one table
MAX_XLSX_BYTES = 8 * 1024 * 1024  # one XLSX file as stored
MAX_XLSX_UNPACKED_BYTES = 64 * 1024 * 1024  # everything inside it, unpacked (a zip bomb is refused unread)

# --- vector art (SVG) -------------------------------------------------------------------
MAX_SVG_BYTES = 1024 * 1024  # one SVG image or icon
MAX_SVG_ELEMENTS = 20_000  # elements of one SVG

# --- the game's own fonts -----------------------------------------------------------------
MAX_FONT_BYTES = 32 * 1024 * 1024  # one TrueType or OpenType file (a CJK family's regular is about 16 MB)
MAX_FAMILY_CHARS = 64  # a family name in game.yaml's fonts:

# --- rulebook, diagrams, example plays ----------------------------------------------
MAX_SECTIONS = 200  # sections of a rulebook
MAX_BLOCKS = 2_000  # blocks of a rulebook, every bullet and step counted
MAX_RULEBOOK_CHARS = 250_000  # characters of English a rulebook sets (about 80 A5 pages of plain text)
MAX_PICTURES = 500  # diagrams plus example steps of one game
MAX_FRAMES = 50  # frames of one diagram
MAX_MOVES = 500  # moves of one diagram or example step
MAX_NOTATION_CHARS = 500  # one move or position in a rules engine's notation
MAX_DIAGRAM_CELLS = 100  # how far from the origin, in cells, a diagram may place anything
MAX_PICTURE_MM = 500  # width of a diagram or example play

# --- translation --------------------------------------------------------------------
MAX_PO_BYTES = 8 * 1024 * 1024  # one PO file to import

# --- problems -----------------------------------------------------------------------
MAX_PROBLEMS_PER_FILE = 100  # problems listed for one file; the rest are counted (a junk file gives millions)
