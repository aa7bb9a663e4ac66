"""Plugins (pnp.plugins): pnp's own engines, kinds and languages are entry points as an installed
plugin's are; an installed one is found by name, a broken one is said, and what is installed
enters every key. Plugins are installed here as pip leaves them (tests/conftest.py,
install_plugin); tests/test_install.py installs the examples with pip itself."""

from __future__ import annotations

import importlib.metadata
import shutil
import sys
from pathlib import Path

import pytest

from pnp import plugins
from pnp.model.problems import ContentError
from tests.conftest import ROOT, forget_plugins
from tests.targets.conftest import invoke

NIM = ROOT / "examples" / "nim"
NIM_FILES = {f"pnp_nim/{p.name}": p.read_text(encoding="utf-8") for p in (NIM / "src" / "pnp_nim").glob("*.py")}
NIM_ENTRY = {"pnp.engines": {"nim": "pnp_nim.scenes:NimAdapter"}}


@pytest.fixture(autouse=True)
def fresh_plugins():
    forget_plugins()
    yield
    forget_plugins()


# --- pnp's own -------------------------------------------------------------------------


def test_pnp_declares_its_own_plugins_in_its_metadata_as_built_in_says():
    declared = importlib.metadata.distribution("pnp-kit").entry_points
    found = {group: {point.name: point.value for point in declared if point.group == group} for group in plugins.GROUPS}
    assert found == plugins.BUILT_IN
    if sys.version_info >= (3, 11):  # the metadata above is the installed one; pyproject.toml is what installs
        import tomllib

        project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
        assert {group: project[group] for group in plugins.GROUPS} == plugins.BUILT_IN


def test_every_own_plugin_loads_and_is_what_its_group_expects():
    from pnp.diagrams.engines import adapter_problems, find_adapter
    from pnp.i18n.labels import missing_labels
    from pnp.targets.kinds import kinds_for, own_kinds
    from pnp.targets.options import FORMATS

    for name in plugins.BUILT_IN[plugins.ENGINES]:
        assert adapter_problems(find_adapter(name)) == [], name
    assert set(FORMATS) == {token for kind in kinds_for("build").values() for token in kind.formats}
    # sheets and booklets register an in-memory step each; faces is one kind;
    # pnp diff's step, changes PDF and reprint are three
    assert len(own_kinds()) == 17
    assert all(missing_labels(language) == () for language in plugins.BUILT_IN[plugins.LABELS])


def test_entry_points_are_read_as_their_file_writes_them():
    text = "[console_scripts]\npnp = pnp.cli:run\n\n[pnp.engines]\n# said\nnim = pnp_nim.scenes:NimAdapter [fast]\n"
    assert plugins.parse_entry_points(text) == [("console_scripts", "pnp", "pnp.cli:run"),
                                                ("pnp.engines", "nim", "pnp_nim.scenes:NimAdapter")]


# --- engines ------------------------------------------------------------------------------


def nim_game(tmp_path: Path) -> Path:
    return shutil.copytree(NIM / "content" / "nim", tmp_path / "content" / "nim")


def test_an_installed_engine_gives_its_game_diagrams_and_example_plays(tmp_path, install_plugin):
    from pnp.diagrams import load_diagrams
    from pnp.model import load_game

    install_plugin("pnp-nim", NIM_ENTRY, NIM_FILES)
    book = load_diagrams(load_game(nim_game(tmp_path)))
    assert set(book.diagrams) == {"start", "a-turn", "best"} and len(book.examples["play"].steps) == 7
    assert plugins.find(plugins.ENGINES, "nim").provider == "pnp-nim 1.0"


def test_an_engine_nobody_installed_is_a_located_error_naming_those_there_are(tmp_path):
    from pnp.diagrams import load_diagrams
    from pnp.model import load_game

    with pytest.raises(ContentError) as caught:
        load_diagrams(load_game(nim_game(tmp_path)))
    first = caught.value.problems[0]
    assert str(first.location).endswith("diagrams.yaml:6:5") and first.key == "diagrams.start.engine"
    assert first.message == ("no rules engine 'nim' (there are: quatrefoil, boardless_quarto, folio, trifoil); an "
                             "engine from outside pnp is a plugin to install (docs/engines.md)")


@pytest.mark.parametrize("files, said", [
    ({"pnp_nim/__init__.py": "", "pnp_nim/scenes.py": "import not_installed_anywhere\n"},
     "the rules engine 'nim' of pnp-nim 1.0 cannot be loaded (pnp_nim.scenes:NimAdapter): ModuleNotFoundError: "
     "No module named 'not_installed_anywhere'"),
    ({"pnp_nim/__init__.py": "", "pnp_nim/scenes.py": "class NimAdapter:\n    views = ('rows',)\n"},
     "the rules engine 'nim' of pnp-nim 1.0 (pnp_nim.scenes:NimAdapter) is not a scene adapter: no frames(); no "
     "step(); no check(); no engine; no default_position (a position in the engine's notation, or None) "
     "(docs/engines.md says what an engine plugin gives)"),
])
def test_a_broken_engine_plugin_is_a_located_error_that_says_what_is_wrong(tmp_path, install_plugin, files, said):
    from pnp.diagrams import load_diagrams
    from pnp.model import load_game

    install_plugin("pnp-nim", NIM_ENTRY, files)
    with pytest.raises(ContentError) as caught:
        load_diagrams(load_game(nim_game(tmp_path)))
    assert caught.value.problems[0].key == "diagrams.start.engine"
    assert caught.value.problems[0].message == said


def test_pnp_own_engine_comes_before_an_installed_one_of_the_same_name(install_plugin):
    install_plugin("other-folio", {"pnp.engines": {"folio": "pnp_nim.scenes:NimAdapter"}}, NIM_FILES)
    assert plugins.find(plugins.ENGINES, "folio").distribution is None
    listed = invoke(["list", "--plugins"], ROOT)
    assert listed.exit_code == 0, listed.output
    assert "  folio             other-folio 1.0                  not used: pnp 0.1.0 (built in) has 'folio' first" \
        in listed.output


# --- labels -------------------------------------------------------------------------------


def test_an_installed_language_gives_pnp_words_in_it_and_english_fills_what_it_lacks(install_plugin):
    from pnp.i18n.labels import label, label_warning

    install_plugin("pnp-french", {"pnp.labels": {"fr": "pnp_french:LABELS"}}, {
        "pnp_french/__init__.py": "from importlib.resources import files\nLABELS = files(__name__)\n",
        "pnp_french/fr.yaml": "page: Page\ncredit-licence: 'Licence : {licence}'\ncontents: Sommaire\n"})
    assert label("contents", "fr") == "Sommaire" and label("contents", "fr-CA") == "Sommaire"
    assert label("page", "de") == "Seite"  # pnp's own are unchanged
    warning = label_warning("fr")
    assert warning.startswith("pnp has no fr words for ") and "contents" not in warning


def test_an_installed_language_whose_label_fills_in_other_names_is_an_error(install_plugin):
    from pnp.i18n.labels import label

    install_plugin("pnp-french", {"pnp.labels": {"fr": "pnp_french:LABELS"}}, {
        "pnp_french/__init__.py": "from pathlib import Path\nLABELS = Path(__file__).parent\n",
        "pnp_french/fr.yaml": "based-on: d'après {titre}\n"})
    with pytest.raises(plugins.PluginError, match=r"fr.yaml of pnp-french 1.0: based-on must fill in the same "
                                                  r"\{names\} as English \('based on \{work\}'\)"):
        label("page", "fr")


# --- kinds --------------------------------------------------------------------------------

KIND = '''
from pnp.targets.target import Rendered, Target, TargetKind

def plan(game, options):
    if "{token}" in options.formats:
        yield Target(id=f"{{game.id}}/words.txt", kind="{name}", unit="", paths=(f"{{game.id}}/words.txt",))

def render(target, game, options, upstream):
    return Rendered({{target.paths[0]: game.game.title.encode()}})

KIND = TargetKind("{name}", "build", 3, plan, render, formats=("{token}",))
'''


@pytest.mark.parametrize("name, token, said", [
    ("sheets", "words", "the output kind 'words' of pnp-words 1.0 names a kind 'sheets', as one of pnp's own is named"),
    ("words", "pdf", "the output kind 'words' of pnp-words 1.0 must give kinds of pnp build that make files for a "
                     "--format token of their own (they make pdf; pnp's own make pdf, png, tts, pod, html, faces)"),
])
def test_a_kind_that_would_take_the_place_of_pnp_own_is_refused(install_plugin, make_game, tmp_path, name, token, said):
    install_plugin("pnp-words", {"pnp.kinds": {"words": "pnp_words"}},
                   {"pnp_words.py": KIND.format(name=name, token=token)})
    make_game()
    listed = invoke(["list", "--plugins"], tmp_path)
    assert listed.exit_code == 1 and listed.output.endswith(f"Error: {said}\n"), listed.output
    asked = invoke(["build", "--format", "other"], tmp_path)
    assert asked.exit_code == 1 and said in asked.output


def test_a_build_asking_only_for_pnp_own_formats_loads_no_plugin(install_plugin, make_game, tmp_path):
    install_plugin("pnp-words", {"pnp.kinds": {"words": "pnp_words"}}, {"pnp_words.py": "raise ImportError('no')\n"})
    make_game()
    assert invoke(["build", "--format", "pdf", "--paper", "a4", "-q"], tmp_path).exit_code == 0
    assert "pnp_words" not in sys.modules
    broken = invoke(["build", "--format", "words"], tmp_path)
    assert broken.exit_code == 1 and "the output kind 'words' of pnp-words 1.0 cannot be loaded" in broken.output


# --- the digest ---------------------------------------------------------------------------


def test_installing_a_plugin_or_changing_an_editable_one_changes_every_key(install_plugin, tmp_path):
    from pnp.targets.digest import code_digest

    alone = code_digest()
    source = tmp_path / "checkout"
    (source / "pnp_nim").mkdir(parents=True)
    site = install_plugin("pnp-nim", NIM_ENTRY, NIM_FILES, source=source)
    installed = code_digest()
    assert installed != alone
    forget_plugins()
    assert code_digest() == installed  # the same plugin, the same key
    scenes = site / "pnp_nim" / "scenes.py"
    scenes.write_text(scenes.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    forget_plugins()
    assert code_digest() != installed  # its code is hashed: its version alone would not change


def test_list_plugins_shows_pnp_own_and_the_installed_with_where_they_come_from(install_plugin, tmp_path):
    source = tmp_path / "checkout"
    install_plugin("pnp-nim", NIM_ENTRY, NIM_FILES, source=source)
    listed = invoke(["list", "--plugins"], tmp_path)
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert lines[0] == "rules engines (pnp.engines):"
    assert "  folio             pnp 0.1.0 (built in)             views: position; starts from 'B gives'" in lines
    assert f"  nim               pnp-nim 1.0, from {source} views: rows; starts from 'A 1 3 5 7'" in lines
    assert "  sheets            pnp 0.1.0 (built in)             pnp build --format pdf" in lines
    assert "  da                pnp 0.1.0 (built in)             every label" in lines
    assert invoke(["list", "--plugins", "folio"], tmp_path).exit_code == 2


def test_the_kit_preview_lists_a_plugin_kind_files_in_the_section_it_names(install_plugin, make_game, tmp_path):
    module = KIND.format(name="words", token="words").replace('formats=("words",))', 'formats=("words",), section="x")')
    install_plugin("pnp-words", {"pnp.kinds": {"words": "pnp_words"}}, {"pnp_words.py": module})
    make_game()
    built = invoke(["build", "--format", "html,words", "--lang", "en", "-q"], tmp_path)
    assert built.exit_code == 0, built.output
    page = (tmp_path / "output" / "tiny" / "index.html").read_text(encoding="utf-8")
    assert (tmp_path / "output" / "tiny" / "words.txt").read_text() == "Tiny"
    assert page.index("Other files") < page.index('href="words.txt"')  # a section the preview lacks: other files
