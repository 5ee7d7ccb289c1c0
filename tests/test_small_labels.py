"""Small sums and pieces left doubtful as cut are read again enlarged (vision.level.
_small_labels_enlarged): the enlarged reading counts only when sure, and only for digits under
LevelSettings.sum_enlarge_below / piece_enlarge_below px tall."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzle.geometry import Box  # noqa: E402
from vision.crops import LabelCrop, LabelRead  # noqa: E402
from vision.ocr import Glyph  # noqa: E402
from vision.reading import CellAt, Element, PieceAt, SumAt  # noqa: E402
from vision.settings import LEVEL, OCR, READ  # noqa: E402


def _crop(element: Element, digit_height: float) -> LabelCrop:
    h = round(digit_height * (1 + 2 * READ.crop_margin))
    return LabelCrop(element, (np.zeros((h, h), np.uint8),), Box(0, 0, h, h))


def _enlarged_reading(monkeypatch: pytest.MonkeyPatch, crops: Sequence[LabelCrop],
                      as_cut: Glyph, enlarged: Glyph) -> dict[Element, Glyph]:
    """What each crop reads when its views as cut read `as_cut` and enlarged `enlarged`."""
    from vision import level

    asked: list[Element] = []

    def reader(labels: Sequence[LabelCrop], quick: bool = False) -> dict[Element, LabelRead]:
        asked.extend(label.element for label in labels)
        # the classifier's votes alone never read an enlarged view
        assert not any(label.by_votes or label.votes for label in labels)
        return {label.element: LabelRead(enlarged, label.box) for label in labels}

    monkeypatch.setattr(level, "read_crops", reader)
    reads = {c.element: LabelRead(as_cut, c.box) for c in crops}
    result = level._small_labels_enlarged(crops, reads)
    assert all(label in [c.element for c in crops] for label in asked)
    return {element: read.glyph for element, read in result.items()}


def test_a_small_doubtful_sum_or_piece_takes_its_sure_enlarged_reading(
        monkeypatch: pytest.MonkeyPatch) -> None:
    small_sum = _crop(SumAt("row", 4, "left"), LEVEL.sum_enlarge_below - 2)
    small_piece = _crop(PieceAt(1), LEVEL.piece_enlarge_below - 2)
    read = _enlarged_reading(monkeypatch, [small_sum, small_piece], Glyph("4", 0.3),
                             Glyph("12", 0.9))
    assert read[small_sum.element].text == "12"
    assert read[small_piece.element].text == "12"


def test_a_doubtful_enlarged_reading_leaves_the_label_as_cut(
        monkeypatch: pytest.MonkeyPatch) -> None:
    small_sum = _crop(SumAt("row", 4, "left"), LEVEL.sum_enlarge_below - 2)
    read = _enlarged_reading(monkeypatch, [small_sum], Glyph("4", 0.3), Glyph("12", 0.3))
    assert read[small_sum.element] == Glyph("4", 0.3)


def test_large_sure_and_given_labels_are_not_read_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    large_sum = _crop(SumAt("col", 2, "top"), LEVEL.sum_enlarge_below + 2)
    large_piece = _crop(PieceAt(0), LEVEL.piece_enlarge_below + 2)
    given = _crop(CellAt(0, 0), 8)
    read = _enlarged_reading(monkeypatch, [large_sum, large_piece, given], Glyph("4", 0.3),
                             Glyph("12", 0.9))
    assert all(glyph == Glyph("4", 0.3) for glyph in read.values())
    sure = _crop(SumAt("row", 1, "right"), LEVEL.sum_enlarge_below - 2)
    read = _enlarged_reading(monkeypatch, [sure], Glyph("15", OCR.doubtful), Glyph("16", 0.99))
    assert read[sure.element].text == "15"


@pytest.mark.parametrize(("seed", "levels"), [(20953, (14,)), (22042, (3, 5, 7, 8, 9, 12)),
                                             (22230, (3, 5, 7, 8, 9, 12))])
def test_small_labels_doubtful_as_cut_read_exactly_enlarged(
        seed: int, levels: tuple[int, ...]) -> None:
    """Lab looks under 0.8x forced onto level screens: a ringed blue "19" at 0.71x under JPEG
    58, and outlined white digits on light blue pieces at 0.76x and 0.57x, each doubted as
    cut, read right and sure enlarged, and the frame exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    shot = render(cases([seed], levels)[0], footed=True)
    verdict, detail = judge(read_screen(shot.image), shot.truth)
    assert verdict == "exact", detail
