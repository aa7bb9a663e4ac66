"""Every word on a sheet is in the sheet's language, read back from the PDFs by PDFium.

Each game gets one sheets PDF per language and paper, also a game whose faces show no
text (Folio, Trifoil, Boardless Quarto): the footers, set names, glue tabs and scale bar
are words too. The words a sheet may print are read here from the catalogs' YAML files
as a translator sees them, not through pnp: pnp's own sheet labels and the game's title
and set names. A translated sheet must not show an English one of them (unless the
translation uses the same word), and every page's footer starts with the translated title.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest
import yaml

from pnp.targets import BuildOptions, build
from tests.conftest import CONTENT

ROOT = Path(__file__).resolve().parents[2]
LABELS = ROOT / "pnp" / "i18n" / "labels"
GAMES = ("quatrefoil", "trifoil", "boardless-quarto", "folio")
PAPERS = ("a4", "letter")
# pnp's labels that are printed on component sheets (pnp/paint/sheets.py).
SHEET_LABELS = ("sheet-footer", "side-front", "side-back", "side-blank", "side-fold", "glue-tab", "board-part",
                "scale-bar")
WORD = re.compile(r"[^\W\d_]+")


def game_yaml(game: str) -> dict:
    return yaml.safe_load((CONTENT / game / "game.yaml").read_text(encoding="utf-8"))


def catalog(path: Path) -> dict[str, str]:
    """A catalog file's texts by key (an entry is a text or a mapping holding `text`)."""
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {key: value["text"] if isinstance(value, dict) else value for key, value in entries.items()}


def sheet_texts(game: str, language: str) -> list[str]:
    """What the sheets of game may print in language: pnp's sheet labels, the game's title and set names."""
    labels = catalog(LABELS / f"{language}.yaml")
    texts = catalog(CONTENT / game / "text" / f"{language}.yaml")
    names = [text for key, text in texts.items() if re.fullmatch(r"component\.[\w-]+\.name", key)]
    title = texts.get("game.title", game_yaml(game)["title"])
    return [re.sub(r"\{\w+\}", " ", labels[name]) for name in SHEET_LABELS] + [title, *names]


def words(texts) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(text)}


def translations() -> list[tuple[str, str]]:
    return [(game, lang) for game in GAMES for lang in game_yaml(game)["languages"] if lang != "en"]


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("languages")
    build([CONTENT / g for g in GAMES],
          BuildOptions(out=out, papers=PAPERS, formats=("pdf",), jobs=1, kinds=("sheets",)))
    return out


def page_texts(pdf: Path) -> list[str]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_one_sheets_pdf_per_language_and_paper(kit, game):
    expected = {f"{game}-sheets-{lang}-{paper}.pdf" for lang in game_yaml(game)["languages"] for paper in PAPERS}
    assert {p.name for p in (kit / game).glob("*.pdf")} == expected


@pytest.mark.parametrize("game,language", translations())
@pytest.mark.parametrize("paper", PAPERS)
def test_a_translated_sheet_shows_no_english_sheet_word_and_its_own_title(kit, game, language, paper):
    own = words(sheet_texts(game, language)) | words(catalog(CONTENT / game / "text" / f"{language}.yaml").values())
    english = words(sheet_texts(game, "en")) - own
    assert len(english) > 10  # the check has English to look for: "sheet", "front", "print", "glue", …
    title = catalog(CONTENT / game / "text" / f"{language}.yaml")["game.title"]
    version = game_yaml(game)["version"]
    pages = page_texts(kit / game / f"{game}-sheets-{language}-{paper}.pdf")
    for number, text in enumerate(pages, 1):
        found = sorted(words([text]) & english)
        assert not found, f"{game} {language} {paper} page {number} shows English {found}: {text!r}"
        assert f"{title} {version} · " in text, f"page {number}'s footer does not start with {title!r}: {text!r}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["en", "da"])
def test_set_names_inside_a_footer_are_in_lower_case(kit, game, language):
    """"Quatrefoil 1.0 · colour cards, position cards · sheet 1 of 2": names written as headings
    ("Colour cards") lose their capital inside the footer's running line, in English and Danish."""
    texts = catalog(CONTENT / game / "text" / f"{language}.yaml")
    names = {text for key, text in texts.items() if re.fullmatch(r"component\.[\w-]+\.name", key)}
    assert all(name[0].isupper() for name in names)  # as written in the catalogs: the check has capitals to drop
    title = texts.get("game.title", game_yaml(game)["title"])
    sheet_word = catalog(LABELS / f"{language}.yaml")["sheet-footer"].split("{set} · ")[1].split(" ")[0]
    footer = re.compile(rf"{re.escape(title)} {re.escape(game_yaml(game)['version'])} · (.+?) · {sheet_word} \d")
    listed = [footer.search(text) for text in page_texts(kit / game / f"{game}-sheets-{language}-a4.pdf")]
    assert listed and all(listed)
    for match in listed:
        for name in match[1].split(", "):
            assert name[0].islower() and name[0].upper() + name[1:] in names, match[0]
