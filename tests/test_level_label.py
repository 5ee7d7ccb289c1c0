"""The level label on random looks: a thick outline round a thin fill, speckled by JPEG, read
from its fill smoothed (vision.level._level_crop), whose classifier votes are not weighed;
and the level map's columns found when specks bridge the gap between two of them."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.ocr import Glyph  # noqa: E402
from vision.settings import OCR  # noqa: E402


def _read(monkeypatch: pytest.MonkeyPatch, views: list[Glyph],
          voted_views: int | None) -> Glyph:
    """vision.crops.read_crops on one level label whose first view reads views[0] and whose
    other views read the rest."""
    from puzzle.geometry import Box
    from vision import crops
    from vision.reading import LEVEL_LABEL

    answers = iter([views[:1], views[1:]])
    monkeypatch.setattr(crops, "read_labels", lambda images: next(answers))
    blank = np.zeros((8, 8), np.uint8)
    label = crops.LabelCrop(LEVEL_LABEL, (blank,), Box(0, 0, 8, 8),
                            lambda: (blank,) * (len(views) - 1), by_votes=True,
                            voted_views=voted_views)
    return crops.read_crops([label])[LEVEL_LABEL].glyph


def test_votes_of_the_smoothed_views_read_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 6150: an outlined "03" that Tesseract reads "03" doubtfully in every view,
    while the classifier names "08" at 0.78 and 0.75 in the two smoothed views (blur closes
    the "3"). Their votes alone would read "08", sure and wrong; only the first two views'
    votes are weighed."""
    doubtful = [Glyph("03", 0.3, ("08",), "08", 0.0), Glyph("03", 0.3, ("08",), "08", 0.0),
                Glyph("03", 0.3, ("08",), "08", 0.782), Glyph("03", 0.3, ("08",), "08", 0.751)]
    assert _read(monkeypatch, doubtful, None).text == "08"  # what the limit prevents
    assert _read(monkeypatch, doubtful, 2).confidence < OCR.doubtful


def _bench_case(seed: int):  # type: ignore[no-untyped-def]
    from bench.looks import cases, render

    return render(cases([seed])[0])


@pytest.mark.parametrize("seed", [1265, 1751, 4137])
def test_a_thick_outlined_label_is_read_from_its_smoothed_fill(seed: int) -> None:
    """Random looks with a thick dark outline round a thin grey fill under JPEG: the fill's
    contrast speckles into dots read "93", "63" or nothing; smoothed, a view reads the
    digits sure and agrees with another (all three were doubts before)."""
    from vision import read_screen

    shot = _bench_case(seed)
    assert shot.truth["screen"] == "level"
    reading = read_screen(shot.image)
    assert reading.level == shot.truth["level"], reading.doubts


def test_specks_between_two_columns_do_not_merge_them() -> None:
    """A few specks of a button's frame in the gap between two columns of the level map
    bridged them into one run too long for a button: both columns were lost."""
    from vision.screens import _intervals

    profile = np.zeros(200, bool)
    profile[10:58] = True  # a button 48 px wide
    profile[60:62] = True  # specks in the gap, within the dash bridge of both
    profile[71:73] = True
    profile[74:121] = True  # the next button
    assert _intervals(profile, 28.0, 60.0) == [(10, 58), (74, 121)]
    profile[130:170] = True
    assert _intervals(profile, 28.0, 60.0)[-1] == (130, 170)  # a run that fits stays whole


@pytest.mark.parametrize("seed", [621, 5354])
def test_a_map_whose_first_columns_touched_specks_reads_exact(seed: int) -> None:
    """Random looks 621 and 5354 (maps at 0.55x under JPEG): the first two columns were
    lost, and the map was a doubt ("the first button is not in its first column")."""
    from vision import read_screen

    shot = _bench_case(seed)
    assert shot.truth["screen"] == "level_select"
    reading = read_screen(shot.image)
    assert not reading.doubts, reading.doubts
    assert {k: list(v) for k, v in reading.levels.items()} == shot.truth["levels"]
