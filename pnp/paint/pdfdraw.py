"""A reportlab Drawing or a face's picture → PDF operators on a canvas: pnp's one way to put
either into a PDF.

Faces on sheets (as pictures, pnp.paint.picture), rulebook figures and icons, standalone
diagrams and print-on-demand faces all go through `draw`. It paints what reportlab's
renderPDF paints, node for node, but without renderPDF's cost (about 100 µs a node: a
state tracker dictionary, the node's every property applied, and a canvas
saveState/restoreState around each shape). Here a
group is bracketed by q/Q only when it transforms or clips, and a shape writes only the
colour, alpha, line and font operators that differ from what the PDF already has.

renderPDF's meaning is kept exactly, down to its quirks:
- a None fill or stroke colour means "do not fill" / "do not stroke";
- a colour's own alpha sets the alpha, and `fillOpacity`/`strokeOpacity` override it only
  when set after the colour (renderPDF applies properties in the node's attribute order);
- rectangles, circles, ellipses and polygons fill by the fill rule in force (even-odd
  unless a clip path changed it), a Path by its own `fillMode`;
- a clip Path clips the rest of its group and leaks its style into later siblings, as in
  renderPDF (which draws it without saving state);
- an open Path is filled only when its `autoclose` says so; a rounded Rect uses `rx`;
- `strokeMiterLimit` is not written (renderPDF never writes it; the PDF default applies).
One addition: a group whose `MARKED` entry (set with `mark_group`) names a marked-content
tag and properties is bracketed as that marked content (BDC … EMC), so a reader of the
PDF can tell, say, a component's own art inside a diagram from the diagram's labels.
A node it does not know (a UserNode, a Wedge, a string drawn in outline) is drawn by
renderPDF itself, from the state this renderer holds; `fallbacks` counts them by kind,
and a test checks the games' own drawings never need one.
"""

from __future__ import annotations

import os
from collections import Counter

from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, PATH_OPS
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject, _PDFColorSetter

from pnp.paint import images, picture
from pnp.paint.picture import STATE_DEFAULTS

fallbacks: Counter = Counter()  # node kinds drawn by renderPDF instead, since the process started

_IDENTITY = (1, 0, 0, 1, 0, 0)
_UNKNOWN = object()  # a PDF state value this renderer has not written (whatever the page had)

# The inherited state (renderPDF's tracker and canvas state) and the PDF's own state are
# short lists indexed by these; copying one at a q is a single list.copy().
FILL, STROKE, FILL_ALPHA, STROKE_ALPHA, WIDTH, CAP, JOIN, DASH, FILL_MODE, FONT, SIZE, ANCHOR = range(12)
_PDF_SLOTS = 8  # the PDF state: FILL .. DASH
_STYLE_KEYS = {"strokeColor", "strokeWidth", "strokeLineCap", "strokeLineJoin", "strokeDashArray", "strokeOpacity",
               "fillColor", "fillOpacity", "fillMode", "fontName", "fontSize", "textAnchor"}
_FUSSY_KEYS = {"fillOverprint", "strokeOverprint", "overprintMask"}  # left to renderPDF when set


MARKED = "pnp_marked_content"


def mark_group(group, tag: str, properties: str = "") -> None:
    """Have `group` drawn as marked content: `tag` a PDF name ("/Span"), `properties` a property list."""
    group.__dict__[MARKED] = f"{tag} {properties} BDC" if properties else f"{tag} BMC"


def draw(drawing, canvas, x: float = 0, y: float = 0) -> None:
    """Paint drawing (a reportlab Drawing or a pnp.paint.picture Picture) with its origin at
    (x, y) on canvas, as renderPDF.draw would paint it or its reportlab twin."""
    if not canvas.bottomup or getattr(canvas, "_enforceColorSpace", None):
        from reportlab.graphics import renderPDF

        renderPDF.draw(picture.as_reportlab(drawing), canvas, x, y, showBoundary=False)  # pnp uses neither
        return
    if drawing.renderScale != 1.0:
        from reportlab.graphics.renderbase import renderScaledDrawing

        drawing = renderScaledDrawing(drawing)
    _Painter(drawing, canvas).paint(drawing, x, y)


class _ColourOps(_PDFColorSetter):
    """reportlab's own colour operators for a colour, caught instead of written to a canvas."""

    def __init__(self, canvas):
        self._code = []
        self._doc = canvas._doc
        self._colorsUsed = canvas._colorsUsed
        self.alpha = None

    def setFillAlpha(self, alpha):
        self.alpha = alpha

    setStrokeAlpha = setFillAlpha

    def ops(self, colour, stroke: bool) -> tuple[str, float | None]:
        self._code.clear()
        self.alpha = None
        (self.setStrokeColor if stroke else self.setFillColor)(colour)
        return " ".join(self._code), self.alpha


# id(colour) → (colour, (operator, alpha)), for plain RGB and CMYK colours (a separation names a document's resource)
_FILL_COLOURS: dict = {}
_STROKE_COLOURS: dict = {}


def _initial_state(drawing, painter) -> list:
    """renderPDF's starting state: its defaults, as the Drawing's initial* attributes change them."""
    key = tuple(getattr(drawing, name, None) for name in _INITIAL_NAMES.values())
    found = _INITIAL_STATES.get(key)
    if found is None:
        values = dict(STATE_DEFAULTS)
        for state_key, value in zip(_INITIAL_NAMES, key):
            if value is not None:
                values[state_key] = value
        found = [None, None, 1, 1, None, None, None, None, None, None, None, None]
        painter._style(values, found)
        if all(type(values[k]) in _CACHEABLE_COLOURS for k in ("fillColor", "strokeColor")):
            _INITIAL_STATES[key] = found
    return found.copy()


_INITIAL_NAMES = {key: "initial" + key[:1].upper() + key[1:] for key in STATE_DEFAULTS}
_INITIAL_STATES: dict = {}


class _Painter:
    """One draw: the canvas's code list, the inherited state and the state the PDF holds."""

    def __init__(self, drawing, canvas) -> None:
        self.root = drawing  # not self.drawing: that is the method that paints a Drawing node
        self.canvas = canvas
        self.code = canvas._code
        self.colours = _ColourOps(canvas)
        self.text = None
        extgstate = canvas._extgstate
        self.pdf = [_UNKNOWN] * _PDF_SLOTS
        self.pdf[FILL_ALPHA] = extgstate.getValue("ca")
        self.pdf[STROKE_ALPHA] = extgstate.getValue("CA")
        self.state = _initial_state(drawing, self)
        self.saved: list = []

    def paint(self, drawing, x, y) -> None:
        canvas = self.canvas
        canvas.saveState()  # the canvas's own record of font, colours and alpha is left as it was
        self.code.append(f"{fp_str(1, 0, 0, 1, x, y)} cm")
        try:
            self.node(drawing)
        finally:
            canvas.restoreState()

    # -- the tree --------------------------------------------------------------------------

    def node(self, node) -> None:
        method = _DISPATCH.get(type(node)) or _method_for(type(node))
        if _FUSSY_KEYS & node.__dict__.keys():
            method = _Painter.fallback
        method(self, node)

    def drawing(self, node) -> None:
        self.group(node, node.getContents())  # a Drawing's background comes first

    def group(self, node, contents=None) -> None:
        d = node.__dict__
        if contents is None:
            contents = node.contents
        transform = d.get("transform", _IDENTITY)
        moved = tuple(transform) != _IDENTITY
        clips = any(getattr(child, "isClipPath", 0) for child in contents)
        styled = [key for key in d if key in _STYLE_KEYS]
        marked = d.get(MARKED)
        if marked:
            self.code.append(marked)
        if moved or clips:
            self.code.append("q")
            self.saved.append(self.pdf.copy())
            if moved:
                self.code.append(f"{fp_str(*transform)} cm")
        inherited = self.state
        if clips or styled:
            self.state = inherited.copy()
            if styled:
                self._style(d, self.state)
        for child in contents:
            self.node(child)
        self.state = inherited
        if moved or clips:
            self.code.append("Q")
            self.pdf = self.saved.pop()
        if marked:
            self.code.append("EMC")

    def fallback(self, node) -> None:
        """A node this renderer does not know: renderPDF draws it (counted in `fallbacks`)."""
        fallbacks[type(node).__name__] += 1
        self.delegate(node)

    def delegate(self, node) -> None:
        """renderPDF draws node from this renderer's state: the PDF and the canvas are told it first.

        Also the way for a node that draws itself (svglib's gradients are DirectDraw nodes).
        """
        from reportlab.graphics import renderPDF
        from reportlab.graphics.renderbase import StateTracker

        canvas, state = self.canvas, self.state
        self._sync(state[FILL], state[STROKE], state[FILL_ALPHA], state[STROKE_ALPHA], state[WIDTH], state[CAP],
                   state[JOIN], state[DASH])
        canvas.saveState()
        self.saved.append(self.pdf.copy())
        try:
            canvas._fillMode = state[FILL_MODE]
            canvas._fontname, canvas._fontsize = state[FONT], state[SIZE]
            canvas._extgstate._d.update(ca=state[FILL_ALPHA], CA=state[STROKE_ALPHA])
            renderer = renderPDF._PDFRenderer()
            renderer._canvas, renderer._drawing = canvas, self.root
            renderer._fill, renderer._stroke = int(state[FILL] is not None), int(state[STROKE] is not None)
            renderer._tracker = StateTracker(self._tracker_state())
            renderer.drawNode(node)
        finally:
            canvas.restoreState()
            self.pdf = self.saved.pop()

    def _tracker_state(self) -> dict:
        state = self.state
        values = dict(STATE_DEFAULTS, transform=_IDENTITY)
        values.update(strokeWidth=state[WIDTH],
                      strokeLineCap=state[CAP], strokeLineJoin=state[JOIN], strokeDashArray=state[DASH],
                      fillMode=state[FILL_MODE], fontName=state[FONT], fontSize=state[SIZE], textAnchor=state[ANCHOR])
        return values

    # -- state -----------------------------------------------------------------------------

    def _colour(self, colour, stroke: bool) -> tuple[str, float | None]:
        # By identity: a face's shapes share a few colour objects, and Color's own hash is slow Python.
        # The cache holds the colour, so its id stays its own while the entry lives.
        cache = _STROKE_COLOURS if stroke else _FILL_COLOURS
        found = cache.get(id(colour))
        if found is not None and found[0] is colour:
            return found[1]
        ops = self.colours.ops(colour, stroke)
        if type(colour) in _CACHEABLE_COLOURS:
            if len(cache) > 4096:
                cache.clear()
            cache[id(colour)] = (colour, ops)
        return ops

    def _style(self, d: dict, state: list) -> list:
        """A node's properties over the inherited state, as renderPDF's applyStateChanges has them."""
        self._paint(d, state, "fillColor", "fillOpacity", FILL, FILL_ALPHA)
        self._paint(d, state, "strokeColor", "strokeOpacity", STROKE, STROKE_ALPHA)
        for key, slot in _PLAIN_SLOTS:
            if key in d:
                state[slot] = d[key]
        return state

    def _paint(self, d: dict, state: list, colour_key: str, opacity_key: str, slot: int, alpha_slot: int) -> None:
        """One of fill and stroke: the colour's operator (None: do not paint), then its alpha."""
        if colour_key in d:
            colour = d[colour_key]
            if colour is None:
                state[slot] = None
            else:
                state[slot], alpha = self._colour(colour, slot == STROKE)
                if alpha is not None:
                    state[alpha_slot] = alpha
        opacity = d.get(opacity_key)
        if opacity is not None and _after(d, opacity_key, colour_key):
            state[alpha_slot] = opacity

    def _own_state(self, node) -> list:
        """The state node paints with: its properties over the inherited ones (svglib's paths trimmed)."""
        state = self._style(node.__dict__, self.state.copy())
        trim = _SVGLIB_PATHS.get(type(node).__name__) if type(node) in _SVGLIB_KINDS else None
        if trim == "no stroke":
            state[STROKE], state[WIDTH] = None, 0
        elif trim == "no paint":
            state[FILL] = state[STROKE] = None
        return state

    def _sync(self, fill, stroke, fill_alpha, stroke_alpha, width, cap, join, dash) -> None:
        """Write the operators that bring the PDF's state to these values.

        None leaves a value as it is; for the dash, where None means "solid", _UNKNOWN does.
        """
        pdf, code = self.pdf, self.code
        if fill is not None and pdf[FILL] != fill:
            code.append(fill)
            pdf[FILL] = fill
        if stroke is not None and pdf[STROKE] != stroke:
            code.append(stroke)
            pdf[STROKE] = stroke
        if fill_alpha is not None and pdf[FILL_ALPHA] != fill_alpha:
            self._alpha("ca", fill_alpha)
            pdf[FILL_ALPHA] = fill_alpha
        if stroke_alpha is not None and pdf[STROKE_ALPHA] != stroke_alpha:
            self._alpha("CA", stroke_alpha)
            pdf[STROKE_ALPHA] = stroke_alpha
        if width is not None and pdf[WIDTH] != width:
            code.append(f"{fp_str(width)} w")
            pdf[WIDTH] = width
        if cap is not None and pdf[CAP] != cap:
            code.append(f"{int(cap)} J")  # int(): what "%d" printed for any number
            pdf[CAP] = cap
        if join is not None and pdf[JOIN] != join:
            code.append(f"{int(join)} j")
            pdf[JOIN] = join
        if dash is not _UNKNOWN and pdf[DASH] != dash:
            self._dash(dash)
            pdf[DASH] = dash

    def _alpha(self, key: str, value: float) -> None:
        """An ExtGState setting, registered with the canvas as its setFillAlpha would register it."""
        canvas = self.canvas
        canvas._doc.ensureMinPdfVersion("transparency")
        states = canvas._extgstate._c  # shared by every saved state of the canvas: the page's resources
        name = states.get((key, value))
        if name is None:
            name = states[(key, value)] = "gRLs" + str(len(states))
        self.code.append(f"/{name} gs")

    def _dash(self, value) -> None:
        phase = 0
        if value and isinstance(value, (list, tuple)) and len(value) == 2 and isinstance(value[1], (tuple, list)):
            phase, value = value
        self.canvas.setDash(value or [], phase)  # the canvas's own record of it ends with the draw

    def _stroke_state(self, state) -> None:
        self._sync(None, state[STROKE], None, state[STROKE_ALPHA], state[WIDTH], state[CAP], state[JOIN], state[DASH])

    def _paint_state(self, state) -> tuple[int, int]:
        """Sync what filling and stroking with state need; the fill and stroke flags."""
        fill, stroke = state[FILL] is not None, state[STROKE] is not None
        if stroke:
            self._sync(state[FILL], state[STROKE], state[FILL_ALPHA] if fill else None, state[STROKE_ALPHA],
                       state[WIDTH], state[CAP], state[JOIN], state[DASH])
        elif fill:
            self._sync(state[FILL], None, state[FILL_ALPHA], None, None, None, None, _UNKNOWN)
        return int(fill), int(stroke)

    # -- shapes ----------------------------------------------------------------------------

    def rect(self, node) -> None:
        state = self._own_state(node)
        fill, stroke = self._paint_state(state)
        if not (fill or stroke):
            return
        operator = PATH_OPS[stroke, fill, state[FILL_MODE]]
        if node.rx == node.ry == 0:
            self.code.append(f"n {fp_str(node.x, node.y, node.width, node.height)} re {operator}")
        else:
            PDFPathObject(code=self.code).roundRect(node.x, node.y, node.width, node.height, node.rx)
            self.code.append(operator)

    def circle(self, node) -> None:
        self._ellipse(node, node.cx - node.r, node.cy - node.r, node.cx + node.r, node.cy + node.r)

    def ellipse(self, node) -> None:
        self._ellipse(node, node.cx - node.rx, node.cy - node.ry, node.cx + node.rx, node.cy + node.ry)

    def _ellipse(self, node, x1, y1, x2, y2) -> None:
        state = self._own_state(node)
        fill, stroke = self._paint_state(state)
        if fill or stroke:
            PDFPathObject(code=self.code).ellipse(x1, y1, x2 - x1, y2 - y1)
            self.code.append(PATH_OPS[stroke, fill, state[FILL_MODE]])

    def polygon(self, node) -> None:
        state = self._own_state(node)
        fill, stroke = self._paint_state(state)
        if fill or stroke:
            self.code.append(_points_path(node.points, close=True))
            self.code.append(PATH_OPS[stroke, fill, state[FILL_MODE]])

    def polyline(self, node) -> None:
        state = self._own_state(node)
        if state[STROKE] is not None:
            self._stroke_state(state)
            self.code.append(_points_path(node.points, close=False))
            self.code.append("S")

    def line(self, node) -> None:
        state = self._own_state(node)
        if state[STROKE] is not None:
            self._stroke_state(state)
            self.code.append(f"n {fp_str(node.x1, node.y1)} m {fp_str(node.x2, node.y2)} l S")

    def path(self, node) -> None:
        clip = node.isClipPath
        if clip:  # no saved state around a clip: its style stays for its group's later shapes
            self.state = state = self._own_state(node)
        else:
            state = self._own_state(node)
        fill, stroke = self._paint_state(state)
        if not (fill or stroke or clip):
            return
        autoclose = getattr(node, "autoclose", "")
        pdf_path = PDFPathObject()
        closed = _trace(node, (pdf_path.moveTo, pdf_path.lineTo, pdf_path.curveTo, pdf_path.close),
                        forceClose=bool(fill) and autoclose == "pdf")
        fill_mode = getattr(node, "fillMode", None)
        rule = state[FILL_MODE] if fill_mode is None else fill_mode
        code = pdf_path.getCode()
        if autoclose == "svg" and fill and stroke and not closed:
            self._path_ops(code, clip, fill, 0, rule)
            self._path_ops(code, False, 0, stroke, rule)
        else:
            if autoclose not in ("svg", "pdf") and not closed:
                fill = 0
            self._path_ops(code, clip, fill, stroke, rule)

    def _path_ops(self, code: str, clip, fill, stroke, rule) -> None:
        if clip:
            self.code.append(f"{code}{' W* ' if rule == FILL_EVEN_ODD else ' W '}{PATH_OPS[stroke, fill, rule]}")
        else:
            self.code.append(code)
            self.code.append(PATH_OPS[stroke, fill, rule])

    def string(self, node) -> None:
        if getattr(node, "textRenderMode", 0):
            return self.fallback(node)
        state = self._own_state(node)
        if state[FILL] is None:
            return
        anchor = state[ANCHOR]
        font, size, text, x = state[FONT], state[SIZE], node.text, node.x
        if anchor not in ("start", "inherited"):
            width = stringWidth(text, font, size, node.encoding)
            if anchor == "end":
                x -= width
            elif anchor == "middle":
                x -= width * 0.5
            else:  # "numeric" or a stranger
                return self.fallback(node)
        self._sync(state[FILL], None, state[FILL_ALPHA], None, None, None, None, _UNKNOWN)
        self.code.append(f"BT 1 0 0 1 {fp_str(x, node.y)} Tm {self._glyphs(font, size, text)} ET")

    def _glyphs(self, font: str, size: float, text: str) -> str:
        """Text-showing operators through the canvas's text object: fonts and subset glyphs are recorded."""
        writer = self.text
        if writer is None:
            writer = self.text = PDFTextObject(self.canvas)
        writer._fontname, writer._fontsize, writer._leading = font, size, size * 1.2
        writer._curSubset = -1
        shown = writer._formatText(text)
        face = getFont(font)
        if face._dynamicFont or face._multiByte:
            return shown  # these name their (subset) font themselves
        return f"{self.canvas._doc.getInternalFontName(font)} {fp_str(size)} Tf {shown}"

    def image(self, node) -> None:
        source = node.path
        if not (source and (hasattr(source, "mode") or os.path.exists(source))):
            return
        state = self._own_state(node)
        self._sync(None, None, state[FILL_ALPHA], None, None, None, None, _UNKNOWN)
        images.draw_image(self.canvas, source, node.x, node.y, node.width, node.height)


def _after(d: dict, later: str, earlier: str) -> bool:
    """Whether renderPDF applies `later` after `earlier` (its order is the node's attribute order)."""
    colour = d.get(earlier)
    if colour is None or getattr(colour, "alpha", None) is None:
        return True
    keys = list(d)
    return keys.index(later) > keys.index(earlier)


def _trace(path, draw, forceClose: bool) -> bool:
    """Draw a Path's operators with draw's (move, line, curve, close) functions; whether every
    subpath was closed. reportlab's shapes._renderPath, which renderPDF uses, step for step."""
    points, i, moves, closes, last = path.points, 0, 0, 0, None
    for op in path.operators:
        if op == picture.MOVETO:
            if forceClose and moves and last != picture.CLOSEPATH:
                closes += 1
                draw[picture.CLOSEPATH]()
            moves += 1
        j = i + picture.OPERANDS[op]
        draw[op](*points[i:j])
        i = j
        if op == picture.CLOSEPATH:
            closes += 1
        last = op
    if forceClose and moves and last != picture.CLOSEPATH:
        closes += 1
        draw[picture.CLOSEPATH]()
    return moves == closes


def _points_path(points, close: bool) -> str:
    path = PDFPathObject()
    path.moveTo(points[0], points[1])
    for i in range(2, len(points), 2):
        path.lineTo(points[i], points[i + 1])
    if close:
        path.close()
    return path.getCode()


_PLAIN_SLOTS = (("strokeWidth", WIDTH), ("strokeLineCap", CAP), ("strokeLineJoin", JOIN), ("strokeDashArray", DASH),
                ("fillMode", FILL_MODE), ("fontName", FONT), ("fontSize", SIZE), ("textAnchor", ANCHOR))
_CACHEABLE_COLOURS = {colors.Color, colors.CMYKColor}
# reportlab's shapes by name (importing them here would import platypus into every sheet's process)
_BY_NAME = {
    "Drawing": _Painter.drawing, "Group": _Painter.group, "Rect": _Painter.rect, "Circle": _Painter.circle,
    "Ellipse": _Painter.ellipse, "Polygon": _Painter.polygon, "PolyLine": _Painter.polyline, "Line": _Painter.line,
    "Path": _Painter.path, "String": _Painter.string, "Image": _Painter.image,
}
# A face's picture shapes, painted as their reportlab twins are
_DISPATCH = {
    picture.Picture: _Painter.group, picture.Group: _Painter.group, picture.Rect: _Painter.rect,
    picture.Circle: _Painter.circle, picture.Polygon: _Painter.polygon, picture.Line: _Painter.line,
    picture.Path: _Painter.path, picture.String: _Painter.string, picture.Image: _Painter.image,
}
# svglib's own Path kinds, known by name (importing svglib here would slow every command's start):
# their getProperties drop the stroke, or both fill and stroke.
_SVGLIB_PATHS = {"NoStrokePath": "no stroke", "ClippingPath": "no paint"}
_SVGLIB_KINDS: set = set()


def _method_for(kind):
    """How to paint a node kind _DISPATCH does not name yet (the answer is remembered)."""
    from reportlab.graphics import shapes  # whoever made the node has imported it

    if kind.__module__ == shapes.__name__ and kind.__name__ in _BY_NAME:
        method = _BY_NAME[kind.__name__]
    elif kind.__module__ == "svglib.svglib" and kind.__name__ in _SVGLIB_PATHS and issubclass(kind, shapes.Path):
        _SVGLIB_KINDS.add(kind)
        method = _Painter.path
    elif issubclass(kind, shapes.DirectDraw):
        method = _Painter.delegate
    else:
        method = _Painter.fallback
    _DISPATCH[kind] = method
    return method

__all__ = ["draw", "fallbacks", "mark_group"]
