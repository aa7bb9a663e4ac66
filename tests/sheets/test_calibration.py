"""The calibration scale reads the correction: derived through the same back placement as sheets."""

from pnp.layout.calibration import correction_sign
from pnp.layout.paper import PAPERS


def test_long_edge_mirrors_x_so_x_reads_directly_and_y_inverted():
    # A back shifted right by the printer shows, through the paper, left of centre;
    # the offset that cancels it is negative, so the scale left of zero reads negative.
    assert correction_sign(PAPERS["a4"], "long", 0) == 1
    assert correction_sign(PAPERS["a4"], "long", 1) == -1


def test_short_edge_is_the_other_way_round():
    assert correction_sign(PAPERS["a4"], "short", 0) == -1
    assert correction_sign(PAPERS["a4"], "short", 1) == 1


def calibration_text(tmp_path, *args):
    import pypdf
    from click.testing import CliRunner

    from pnp.cli import main

    out = tmp_path / "calibration.pdf"
    result = CliRunner().invoke(main, ["calibrate", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return [page.extract_text() for page in pypdf.PdfReader(out).pages], result.output


def test_the_calibration_sheet_speaks_the_language_asked_for(tmp_path):
    (front, back), _ = calibration_text(tmp_path, "--lang", "da", "--duplex", "short")
    assert front.startswith("pnp-kalibrering af tosidet tryk – forside")
    assert "vend på den korte kant" in front and "angiv tallene som --back-offset X,Y" in front
    assert "decimaler med punktum" in " ".join(front.split())  # the command wants 1,-0.5, not 1,-0,5
    assert back.strip() == "pnp-kalibrering af tosidet tryk – bagside"
    for english in ("Print", "pointer", "front", "Example", "calibration"):
        assert english not in front + back


def test_the_calibration_sheet_in_german_and_in_a_language_pnp_lacks(tmp_path):
    (front, _), _ = calibration_text(tmp_path, "--lang", "de")
    assert "Vorderseite" in front and "Wenden an der langen Kante" in front
    assert "Dezimalzahlen mit Punkt" in " ".join(front.split())
    (front, _), output = calibration_text(tmp_path, "--lang", "fr")
    assert "pnp duplex calibration – front" in front and "warning: pnp has no fr words of its own" in output


def test_a_person_can_read_the_sheet_by_eye(tmp_path):
    """PDFium's reading: two scales of 81 hairline ticks each, 0.5 mm apart over 40 mm, values
    that do not touch, a 50 mm bar, and on the back two pointers four times as thick."""
    from tests.sheets.reading import TEXT, read_pages

    calibration_text(tmp_path)
    front, back = read_pages(tmp_path / "calibration.pdf")
    ticks = front.lines(0.3, (0, 0, 0))
    across = sorted(t.x0 for t in ticks if t.w < t.h)
    up = sorted(t.y0 for t in ticks if t.w > t.h)
    for positions in (across, up):
        steps = {round(b - a, 3) for a, b in zip(positions, positions[1:])}
        assert len(positions) == 81 and steps == {0.5} and abs(positions[-1] - positions[0] - 40) < 0.01
    labels = [o.box for o in front.objects if o.kind == TEXT and o.box.w < 8]
    assert len(labels) >= 18
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert min(a.x1, b.x1) <= max(a.x0, b.x0) or min(a.y1, b.y1) <= max(a.y0, b.y0), (a, b)
    assert any(abs(bar.w - 50) < 0.01 for bar in front.lines(0.5, (0, 0, 0)))
    pointers = back.lines(1.2, (0, 0, 0))
    assert len(pointers) == 2 and all(max(p.w, p.h) >= 25 for p in pointers)
