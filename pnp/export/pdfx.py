"""A CMYK PDF → PDF/X-1a:2003 (ISO 15930-4), and the check of a file against that standard's rules.

`make_pdfx` takes a PDF whose colours are already CMYK (pnp.export.cmyk separates them)
and adds what the standard asks of the file as a whole: the document information keys
GTS_PDFXVersion (PDF/X-1:2003), GTS_PDFXConformance (PDF/X-1a:2003), Trapped, Title and
dates; an output intent of subtype GTS_PDFX holding the CMYK output profile; a trailer ID
(derived from the content, so the same input gives the same bytes); a PDF 1.4 header
without object streams.

`pdfx_problems` reads any PDF with pikepdf and lists what a PDF/X-1a:2003 check refuses,
one sentence each: a version above 1.4, a missing or wrong key, no GTS_PDFX output intent
or one without a CMYK profile, a page without TrimBox or BleedBox (or boxes outside the
MediaBox), encryption, any RGB or device-independent colour (operators, colour spaces,
images, inline images), any transparency (soft masks, constant alpha below 1, blend modes
other than Normal, transparency groups), and any font without its font file. No free
PDF/X validator is in the package registries; this one follows the standard's clauses and
is tested against files that each break one rule.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pikepdf
from pikepdf import Array, Dictionary, Name, String

PDFX_VERSION = "PDF/X-1:2003"
PDFX_CONFORMANCE = "PDF/X-1a:2003"
REGISTRY = "http://www.color.org"
_RGB_OPERATORS = {"rg", "RG"}
_SPACE_OPERATORS = {"cs", "CS"}
_ALLOWED_SPACES = {"/DeviceCMYK", "/DeviceGray", "/Pattern"}
_INLINE_SPACES = {"/DeviceCMYK", "/CMYK", "/DeviceGray", "/G"}
_NORMAL_BLENDS = {"/Normal", "/Compatible"}


@dataclass(frozen=True)
class OutputIntent:
    """The printing condition a file is separated for: its profile and how the registry names it."""

    icc: bytes
    identifier: str
    condition: str
    description: str


def make_pdfx(pdf: bytes, intent: OutputIntent, title: str) -> bytes:
    """The CMYK PDF with the keys, output intent, header and ID PDF/X-1a:2003 asks for."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        info = document.trailer.get("/Info")
        if info is None:
            info = document.make_indirect(Dictionary())
            document.trailer.Info = info
        info.Title = String(title)
        info.GTS_PDFXVersion = String(PDFX_VERSION)
        info.GTS_PDFXConformance = String(PDFX_CONFORMANCE)
        info.Trapped = Name("/False")
        profile = document.make_stream(intent.icc)
        profile.N = 4
        entry = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=String(intent.identifier),
                           OutputCondition=String(intent.condition), RegistryName=String(REGISTRY),
                           Info=String(intent.description), DestOutputProfile=profile)
        document.Root.OutputIntents = Array([document.make_indirect(entry)])
        out = io.BytesIO()
        document.save(out, force_version="1.4", object_stream_mode=pikepdf.ObjectStreamMode.disable,
                      deterministic_id=True, compress_streams=True)
    return out.getvalue()


def pdfx_problems(data: bytes) -> list[str]:
    """Every way the file breaks PDF/X-1a:2003, one sentence each (none: it conforms as far as this checks)."""
    problems: list[str] = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        if _version(pdf.pdf_version) > (1, 4):
            problems.append(f"PDF version {pdf.pdf_version}: PDF/X-1a:2003 allows 1.4 at most")
        if pdf.is_encrypted:
            problems.append("the file is encrypted")
        problems += _info_problems(pdf)
        problems += _intent_problems(pdf)
        ids = pdf.trailer.get("/ID")
        if not isinstance(ids, Array) or len(ids) != 2:
            problems.append("the trailer has no /ID")
        for number, page in enumerate(pdf.pages, start=1):
            problems += [f"page {number}: {p}" for p in _page_problems(page)]
    return problems


def _version(text: str) -> tuple[int, int]:
    major, _, minor = text.partition(".")
    return int(major), int(minor or 0)


def _info_problems(pdf: pikepdf.Pdf) -> list[str]:
    info = pdf.trailer.get("/Info")
    info = info if isinstance(info, Dictionary) else Dictionary()
    problems = []
    for key, wanted in (("/GTS_PDFXVersion", PDFX_VERSION), ("/GTS_PDFXConformance", PDFX_CONFORMANCE)):
        value = info.get(key)
        if value is None or str(value) != wanted:
            problems.append(f"document information {key[1:]} is {_shown(value)}, not {wanted!r}")
    if str(info.get("/Trapped")) not in ("/True", "/False"):
        problems.append(f"document information Trapped is {_shown(info.get('/Trapped'))}, not /True or /False")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if key not in info:
            problems.append(f"document information has no {key[1:]}")
    return problems


def _shown(value) -> str:
    return "missing" if value is None else repr(str(value))


def _intent_problems(pdf: pikepdf.Pdf) -> list[str]:
    intents = [i for i in pdf.Root.get("/OutputIntents", Array()) if str(i.get("/S")) == "/GTS_PDFX"]
    if len(intents) != 1:
        return [f"the catalog has {len(intents)} output intents of subtype GTS_PDFX, not one"]
    intent = intents[0]
    if "/OutputConditionIdentifier" not in intent:
        return ["the output intent has no OutputConditionIdentifier"]
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        return ["the output intent has no DestOutputProfile (pnp always embeds the profile it separated for)"]
    icc = profile.read_bytes()
    if int(profile.get("/N", 0)) != 4 or icc[16:20] != b"CMYK" or icc[12:16] != b"prtr":
        return ["the output intent's profile is not a CMYK output profile"]
    return []


def _page_problems(page: pikepdf.Page) -> list[str]:
    problems = []
    media = _box(page.obj.get("/MediaBox"))
    trim, bleed = _box(page.obj.get("/TrimBox")), _box(page.obj.get("/BleedBox"))
    if trim is None:
        problems.append("no TrimBox")
    if bleed is None:
        problems.append("no BleedBox")
    if trim and bleed and not _within(trim, bleed):
        problems.append("the TrimBox is not inside the BleedBox")
    if bleed and media and not _within(bleed, media):
        problems.append("the BleedBox is not inside the MediaBox")
    group = page.obj.get("/Group")
    if group is not None and str(group.get("/S")) == "/Transparency":
        problems.append("a transparency group")
    seen: set = set()
    problems += _stream_problems(page.obj, page.obj.get("/Resources", Dictionary()), seen)
    return list(dict.fromkeys(problems))


def _box(value) -> tuple[float, ...] | None:
    if value is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in value)
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _within(inner, outer, tolerance: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - tolerance and inner[1] >= outer[1] - tolerance
            and inner[2] <= outer[2] + tolerance and inner[3] <= outer[3] + tolerance)


def _stream_problems(owner, resources, seen: set) -> list[str]:
    """What a content stream (a page's or a form's) and its resources break, forms followed inside."""
    problems = _resource_problems(resources, seen)
    spaces = _named_spaces(resources)
    for instruction in pikepdf.parse_content_stream(owner):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            problems += _inline_problems(instruction.iimage)
            continue
        operands, name = instruction.operands, str(instruction.operator)
        if name in _RGB_OPERATORS:
            problems.append(f"RGB colour operator {name!r}")
        elif name in _SPACE_OPERATORS and operands:
            space = str(operands[0])
            if space not in _ALLOWED_SPACES and space not in spaces:  # a named one is judged with the resources
                problems.append(f"colour space {space} set by {name!r} is not CMYK or grey")
    for xobject in _xobjects(resources):
        if str(xobject.get("/Subtype")) == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            group = xobject.get("/Group")
            if group is not None and str(group.get("/S")) == "/Transparency":
                problems.append("a form with a transparency group")
            problems += _stream_problems(xobject, xobject.get("/Resources", resources), seen)
    return problems


def _inline_problems(image: pikepdf.PdfInlineImage) -> list[str]:
    spaces = {str(value) for key, value in image.obj.items() if str(key) in ("/CS", "/ColorSpace")}
    return [f"an inline image in {space}" for space in spaces if space not in _INLINE_SPACES]


def _named_spaces(resources) -> dict[str, bool]:
    """Each colour space the resources name → whether PDF/X-1a allows it."""
    spaces = resources.get("/ColorSpace", Dictionary())
    return {str(name): _space_allowed(space) for name, space in spaces.items()}


def _space_allowed(space) -> bool:
    if isinstance(space, Name):
        return str(space) in _ALLOWED_SPACES
    if isinstance(space, Array) and len(space):
        family = str(space[0])
        if family in ("/Separation", "/DeviceN"):
            return _space_allowed(space[2])  # its alternate space
        if family == "/Indexed":
            return _space_allowed(space[1])
        if family == "/Pattern":
            return len(space) < 2 or _space_allowed(space[1])
    return False  # ICCBased, CalRGB, CalGray, Lab: device-independent colour


def _resource_problems(resources, seen: set) -> list[str]:
    problems = []
    for state in resources.get("/ExtGState", Dictionary()).values():
        if str(state.get("/SMask", "/None")) != "/None":
            problems.append("a soft mask in a graphics state")
        for key in ("/CA", "/ca"):
            if key in state and float(state[key]) < 1:
                problems.append(f"transparency: {key[1:]} {float(state[key]):g} in a graphics state")
        blend = state.get("/BM")
        if blend is not None and str(blend) not in _NORMAL_BLENDS:
            problems.append(f"transparency: blend mode {blend}")
    for name, space in _named_spaces(resources).items():
        if not space:
            problems.append(f"colour space {name} is not CMYK or grey")
    for xobject in _xobjects(resources):
        if str(xobject.get("/Subtype")) == "/Image":
            problems += _image_problems(xobject)
    for font in resources.get("/Font", Dictionary()).values():
        if not _embedded(font):
            problems.append(f"font {font.get('/BaseFont')} is not embedded")
    return problems


def _xobjects(resources) -> list:
    return list(resources.get("/XObject", Dictionary()).values())


def _image_problems(image) -> list[str]:
    problems = []
    if "/SMask" in image or "/SMaskInData" in image and int(image.SMaskInData):
        problems.append("an image with a soft mask")
    space = image.get("/ColorSpace")
    if not image.get("/ImageMask", False) and (space is None or not _space_allowed(space)):
        named = space if isinstance(space, Name) else "a colour space that is not CMYK or grey"
        problems.append(f"an image in {named}")
    return problems


def _embedded(font) -> bool:
    if str(font.get("/Subtype")) == "/Type3":
        return True
    if str(font.get("/Subtype")) == "/Type0":
        font = font.DescendantFonts[0]
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
