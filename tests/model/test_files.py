"""Content files are regular files inside their folder: what is found instead is named."""

from __future__ import annotations

import os

import pytest

from pnp.model.files import content_file, is_game_folder, read_content, read_regular_file
from pnp.model.problems import ContentError


def message(call) -> str:
    with pytest.raises(ContentError) as caught:
        call()
    [problem] = caught.value.problems
    return str(problem)


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "content" / "tiny"
    (folder / "text").mkdir(parents=True)
    (folder / "game.yaml").write_text("title: Tiny\n")
    (tmp_path / "outside.yaml").write_text("secret: yes\n")
    return folder


def test_a_regular_file_inside_is_found_and_nothing_is_absent(game):
    assert content_file(game / "game.yaml", game) == (game / "game.yaml").resolve()
    assert content_file(game / "rulebook.yaml", game) is None
    (game / "alias.yaml").symlink_to(game / "game.yaml")
    assert content_file(game / "alias.yaml", game) == (game / "game.yaml").resolve()


@pytest.mark.parametrize(("make", "expected"), [
    (lambda p, g: p.mkdir(), "expected a file, found a folder"),
    (lambda p, g: os.mkfifo(p), "found a named pipe (FIFO)"),
    (lambda p, g: p.symlink_to("/dev/null"), "leads outside"),
    (lambda p, g: p.symlink_to(g.parent.parent / "outside.yaml"), "leads outside"),
    (lambda p, g: p.symlink_to(g / "missing.yaml"), "is a link to a file that does not exist"),
    (lambda p, g: p.symlink_to(p), "cannot be looked up"),
])
def test_anything_else_is_an_error_saying_what(game, make, expected):
    path = game / "text" / "da.yaml"
    make(path, game)
    assert expected in message(lambda: content_file(path, game))
    assert message(lambda: content_file(path, game)).startswith(str(path))


def test_a_path_that_climbs_out_is_refused_even_when_absent(game):
    assert "leads outside" in message(lambda: content_file(game / ".." / "elsewhere.yaml", game))
    (game / "text").rmdir()
    (game / "text").symlink_to(game.parent.parent, target_is_directory=True)
    assert "leads outside" in message(lambda: content_file(game / "text" / "nothing.yaml", game))


def test_reading_is_bounded_and_never_waits_on_a_fifo(game):
    assert read_content(game / "game.yaml", game) == b"title: Tiny\n"
    assert "over the limit of 5 bytes" in message(lambda: read_content(game / "game.yaml", game, limit=5))
    os.mkfifo(game / "pipe.po")
    assert "found a named pipe (FIFO)" in message(lambda: read_regular_file(game / "pipe.po", 100))
    assert "file not found" in message(lambda: read_content(game / "none.yaml", game))


def test_game_folder_lookup_survives_hostile_names(tmp_path):
    assert not is_game_folder(tmp_path / ("a" * 5000))
    assert not is_game_folder(tmp_path / "a\0b")
