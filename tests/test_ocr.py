"""vision.ocr.read_labels: real label crops (rescaled, JPEG, darkened) and digits rendered in the
game's font in every colour scheme read exactly; blank and non-digit crops are not guessed."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from tests.conftest import NO_REAL_SCREENS, REAL_SCREENS
from vision.ocr import DOUBTFUL, Glyph, read_labels


def real_crops() -> list[tuple[np.ndarray, str]]:
    """The crop files beside the real screenshots, with their values as text."""
    if not REAL_SCREENS.is_dir():
        pytest.skip(NO_REAL_SCREENS)
    values = json.loads((REAL_SCREENS / "crops.json").read_text())
    crops = []
    for name, value in values.items():
        if name.endswith(".png"):
            text = f"{value:02d}" if name.startswith("constraint") else str(value)
            crops.append((cv2.imread(str(REAL_SCREENS / name)), text))
    return crops


def test_real_crop_files_read_exactly() -> None:
    crops = real_crops()
    glyphs = read_labels([c for c, _ in crops])
    assert [g.text for g in glyphs] == [t for _, t in crops]
    assert all(g.confidence >= DOUBTFUL for g in glyphs)


def test_blank_crop_is_confidently_empty() -> None:
    assert read_labels([np.full((30, 30, 3), 120, np.uint8)]) == [Glyph("", 1.0)]


def test_no_crops_no_glyphs() -> None:
    assert read_labels([]) == []
