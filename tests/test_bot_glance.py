"""A level's first sight at a glance (bot.glance): the classifier's reading, and when the bot may
act on it. The play loop's use of it (a glance the full reading contradicts never releases a
piece, a doubtful one is read in full first) is tested with the play loop, tests/test_bot_play.py.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.glance import same_board
from game.render import render_screen
from vision import read_screen
from vision.reading import Doubt, Named


@pytest.mark.parametrize("level", [1, 7, 15])
def test_a_glance_reads_the_board_without_tesseract_as_the_full_reading_does(
        level: int, monkeypatch: pytest.MonkeyPatch) -> None:
    image = render_screen("level", level).image
    full = read_screen(image)

    def no_tesseract(crops: object) -> object:
        raise AssertionError("a glance asked Tesseract")

    monkeypatch.setattr("vision.crops.read_labels", no_tesseract)
    glance = read_screen(image, quick=True)
    assert full.ok and glance.ok
    assert same_board(glance, full)


def test_a_glance_is_usable_only_when_the_full_reading_says_the_same() -> None:
    full = read_screen(render_screen("level", 2).image)
    assert same_board(full, full)
    pieces = list(full.pieces)
    pieces[0] = replace(pieces[0], value=pieces[0].value + 1)
    assert not same_board(replace(full, pieces=tuple(pieces)), full)
    assert not same_board(replace(full, level=3), full)
    doubtful = replace(full, doubts=(Doubt(Named("sum"), "doubtful"),))
    assert not same_board(full, doubtful)  # the full reading's own doubt: no release on it
    assert full.puzzle is not None
    cells = list(full.cells)
    given = next(n for n, c in enumerate(cells) if c.value is not None)
    cells[given] = replace(cells[given], value=(cells[given].value or 0) + 1)
    assert not same_board(replace(full, cells=tuple(cells)), full)


def test_a_glance_with_a_digit_the_classifier_is_unsure_of_is_doubtful(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.ocr
    from vision.digits import Vote

    def unsure(digits: list[object]) -> list[Vote]:
        return [Vote("3", False, 0.01) for _ in digits]

    monkeypatch.setattr(vision.ocr, "classify", unsure)
    vision.ocr._glances().cache.clear()
    try:
        glance = read_screen(render_screen("level", 1).image, quick=True)
    finally:
        vision.ocr._glances().cache.clear()
    assert not glance.ok and glance.puzzle is None
    assert any("doubtful" in d.reason for d in glance.doubts)


def test_a_glances_full_reading_is_the_images_full_reading_without_finding_its_elements_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.read
    from vision.read import glance_screen

    image = render_screen("level", 9).image
    expected = replace(read_screen(image), seconds=0.0)
    glance, full = glance_screen(image)
    assert glance.ok and same_board(glance, expected)

    def found_again(*args: object) -> object:
        raise AssertionError("the game was looked for again")

    monkeypatch.setattr(vision.read, "find_game", found_again)
    assert replace(full(), seconds=0.0) == expected
