"""The runner: parallel equals sequential byte for byte, a new kind is one module plus one
registration (an entry point), each face is painted once, and the CLI starts without the drawing libraries."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT, ROOT
from tests.targets.conftest import digests, invoke


def test_parallel_and_sequential_builds_are_byte_identical(tmp_path):
    common = dict(papers=("a4",), dpi=60)
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path / "one", jobs=1, **common))
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path / "two", jobs=2, **common))
    assert digests(tmp_path / "one") == digests(tmp_path / "two")
    assert len(digests(tmp_path / "one")) >= 15


KIND_MODULE = '''
"""A test kind: one text file per game with its title, for --format title."""
from pnp.targets.target import Rendered, Target, TargetKind


def plan(game, options):
    if "title" not in options.formats:
        return
    path = f"{game.id}/{game.id}-title.txt"
    yield Target(id=path, kind="title", unit="", paths=(path,), inputs=(game.digest("game.yaml"),))


def render(target, game, options, upstream):
    return Rendered({target.paths[0]: game.game.title.encode()})


KIND = TargetKind("title", "build", 5, plan, render, formats=("title",))
'''


def test_a_new_output_kind_is_one_module_plus_one_registration(two_sets, tmp_path, install_plugin):
    # The one new module, and the one registration: an entry point in its distribution's metadata.
    install_plugin("extra-kinds", {"pnp.kinds": {"title": "extra_kinds.title"}},
                   {"extra_kinds/__init__.py": "", "extra_kinds/title.py": KIND_MODULE})
    folder, out = two_sets(), tmp_path / "out"
    first = build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf", "title"), jobs=1))
    assert (out / "tiny" / "tiny-title.txt").read_text() == "Tiny"
    assert out / "tiny" / "tiny-title.txt" in first.written
    again = build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf", "title"), jobs=1))
    assert not again.written
    # A build that does not ask for the token leaves the file of the kind where it is.
    build([folder], BuildOptions(out=out, papers=("a4",), formats=("pdf",), jobs=1))
    assert (out / "tiny" / "tiny-title.txt").is_file()


def test_each_distinct_face_is_painted_once_per_sheets_file(tmp_path, monkeypatch):
    from pnp.paint.faces import FacePainter

    painted = []
    original = FacePainter.paint

    def counting(self, face, *args, **kwargs):
        painted.append((self.language, face, args))
        return original(self, face, *args, **kwargs)

    monkeypatch.setattr(FacePainter, "paint", counting)
    build([CONTENT / "quatrefoil"], BuildOptions(out=tmp_path, formats=("pdf",), languages=("en",), papers=("a4",),
                                                 jobs=1, kinds=("sheets",)))
    assert painted and len(painted) == len(set(painted))


def modules_loaded_by(*args: str, cwd: Path = ROOT) -> list[str]:
    """The modules `pnp <args>` has imported when it ends, run in a fresh interpreter."""
    script = ("import sys; from pnp.cli import main\n"
              "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
              "print('MODULES', *sorted(sys.modules), file=sys.stderr)")
    process = subprocess.run([sys.executable, "-c", script, *args], cwd=cwd, capture_output=True, text=True)
    return next(line.split()[1:] for line in process.stderr.splitlines() if line.startswith("MODULES "))


def test_help_and_list_start_without_the_drawing_libraries():
    drawing = ("reportlab", "pikepdf", "pypdfium2", "pnp.paint")
    for command in ("--help", "list"):
        loaded = modules_loaded_by(command)
        assert not [m for m in loaded if m.split(".")[0] in drawing or m.startswith(drawing)], command
    # pnp list reads the settings, the manifest and the kinds' declarations of the settings they take,
    # but neither runs nor loads a game; --help reads nothing of the build.
    assert not {"pnp.targets.runner", "pnp.targets.games", "pnp.model.components"} & set(modules_loaded_by("list"))
    assert not [m for m in modules_loaded_by("--help") if m.startswith("pnp.targets")]


def test_list_reads_no_faces_and_help_no_content():
    # What the start-up time of `pnp list` and `pnp --help` is made of (bench/build_all.py times them);
    # the four games read no table, so the table readers stay out too.
    listed = modules_loaded_by("list")
    assert "pnp.model.set_outline" in listed
    assert not {"pnp.model.components", "pnp.model.faces", "pnp.model.groups", "pnp.model.tables", "logging",
                "difflib"} & set(listed)
    helped = modules_loaded_by("--help")
    assert not {"yaml", "pnp.model.game", "logging"} & set(helped)


def test_a_build_with_nothing_to_do_imports_no_kind_model_or_logging(two_sets, tmp_path):
    # What a no-op build's time is made of (bench/build_all.py times it against a clean build).
    two_sets()
    quick = ["build", "--paper", "a4", "--dpi", "72", "-q"]
    assert invoke(quick, tmp_path).exit_code == 0
    loaded = set(modules_loaded_by(*quick, cwd=tmp_path))
    assert "pnp.targets.runner" in loaded
    assert not {"logging", "shutil", "pnp.targets.kinds", "pnp.targets.target", "pnp.targets.games", "pnp.model.game",
                "yaml", "reportlab"} & loaded


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab æøΔ\n", max_size=60), st.floats(min_value=5, max_value=120))
def test_wrapping_measures_words_once_and_breaks_as_measuring_each_line_would(text, width):
    from pnp.text.fonts import text_width
    from pnp.text.wrap import wrap

    expected = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, 9, "regular") > width:
                expected.append(line)
                line = word
            else:
                line = candidate
        expected.append(line)
    assert wrap(text, width, 9, "regular") == expected


def test_loaded_games_are_frozen_while_their_run_lasts_and_let_go_when_it_ends(tmp_path, monkeypatch):
    import gc

    from pnp.targets import load_games, runner

    frozen_while_rendering = []
    render = runner._Run.render

    def noting(self, progress):
        frozen_while_rendering.append(gc.get_freeze_count())
        return render(self, progress)

    monkeypatch.setattr(runner._Run, "render", noting)
    build([CONTENT / "trifoil"], BuildOptions(out=tmp_path, formats=("pdf",), languages=("en",), papers=("a4",),
                                              jobs=1, kinds=("sheets",)))
    assert frozen_while_rendering[0] > 0 and gc.get_freeze_count() == 0
    assert runner._WORKER == {}  # nothing of the run's games is held once it ends
    load_games([CONTENT / "trifoil"])  # as pnp translate and pnp new do, outside a run
    assert gc.get_freeze_count() == 0


def test_a_run_keeps_what_it_makes_to_last_out_of_the_collectors_reach_and_nothing_else():
    import gc

    from pnp.targets.lasting import freezing_run, kept

    made = kept(lambda: [[]])  # outside a run: made as usual
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    with freezing_run():
        seen = []
        made = kept(lambda: seen.append(gc.isenabled()) or [[]])
        assert seen == [False] and gc.isenabled()  # paused while making, on again after
        assert gc.get_freeze_count() > 0 and not any(o is made for o in gc.get_objects())
        with freezing_run():  # a run within a run leaves the outer one's objects frozen
            pass
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0 and any(o is made for o in gc.get_objects())
