"""A doubtful sum's total fitted whole as the game's fonts draw it (vision.fitted): which
total fits best, how clearly, and the small sums the classifier's votes left open that the
fit reads (vision.resolve.fit)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzle.geometry import Box  # noqa: E402
from vision.fitted import clearly_best, fit_totals  # noqa: E402


def _sum_fits(monkeypatch: pytest.MonkeyPatch, level: int, scale: float
              ) -> list[tuple[int, dict[int, float]]]:
    """The real look's level screen at `scale`: each sum's fits (as vision.level asks them)
    of its total and of the totals a digit away, with the truth."""
    from game.render import render_screen
    from vision import level as vision_level
    from vision import read_screen

    asked = []
    real = vision_level._fitted

    def fitted(shot, digits, pitch):  # type: ignore[no-untyped-def]
        asked.append((shot.box(digits), real(shot, digits, pitch)))
        return asked[-1][1]

    monkeypatch.setattr(vision_level, "_fitted", fitted)
    monkeypatch.setattr(vision_level, "_unquestioned", lambda glyph: False)  # every sum asked
    shot = render_screen("level", level=level, scale=scale)
    reading = read_screen(shot.image)
    assert reading.ok and reading.sums and len(asked) == len(reading.sums)
    found = []
    for s in reading.sums:
        digits, fit = next((d, f) for d, f in asked if s.box.union(d) == s.box)
        tens, units = divmod(s.total, 10)
        near = {tens * 10 + (units + d) % 10 for d in (1, 2, 3)} | \
            {(tens + d) % 5 * 10 + units for d in (1, 2)}
        found.append((s.total, fit(sorted({s.total, *near}))))
    return found


@pytest.mark.parametrize(("level", "scale"), [(6, 0.55), (6, 0.8), (14, 1.0), (11, 2.0)])
def test_the_real_looks_sums_fit_their_own_totals_best(monkeypatch: pytest.MonkeyPatch,
                                                      level: int, scale: float) -> None:
    """Every sum of the real look, from half size to twice it, fits its own total best among
    totals a digit away ("16" against "17", "18", "19", "26", "36"), and clearly from 0.8x
    up (at 0.55x level 6's "12" leads its "32" by 0.059, just under FITTED.share)."""
    for total, fits in _sum_fits(monkeypatch, level, scale):
        assert min(fits, key=fits.__getitem__) == total, (total, fits)
        if scale >= 0.8:
            assert clearly_best(fits) == total, (total, fits)


def test_a_blank_ground_fits_no_total_clearly() -> None:
    """Noise where a sum would stand names no total clearly: any gain is the noise's."""
    rng = np.random.default_rng(7)
    image = np.clip(rng.normal(120, 6, (80, 120, 3)), 0, 255).astype(np.uint8)
    fits = fit_totals(image, Box(40, 30, 24, 14), 19.0, [5, 6, 8, 15, 16, 18])
    assert len(fits) == 6 and clearly_best(fits) is None, fits


def test_without_the_templates_nothing_is_fitted(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    """A checkout without templates/sums.npz fits nothing: the doubt stands."""
    import vision.fitted

    monkeypatch.setattr(vision.fitted, "TEMPLATES", tmp_path / "sums.npz")
    vision.fitted._fonts.cache_clear()
    vision.fitted._parts.cache_clear()
    try:
        image = np.full((80, 120, 3), 200, np.uint8)
        assert fit_totals(image, Box(40, 30, 24, 14), 19.0, [5, 6]) == {}
    finally:
        vision.fitted._fonts.cache_clear()
        vision.fitted._parts.cache_clear()


def test_small_sums_the_votes_left_open_are_read_by_their_fit() -> None:
    """Random looks 46380 (0.55x: a dark "16" in a 1 px dark outline, which the classifier
    voted "18"), 47067 (0.54x: the same in DejaVu Sans Condensed, read "1") and 45106 (0.71x:
    a blue outlined "12" read "1" and a shadowed dark "13" read doubtfully, on one level).
    The rules allow each line several totals and the votes chose none; drawn in the game's
    fonts, the true totals fit clearly best of those, and each level reads exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    for case in cases([46380, 47067, 45106]):
        assert case.screen == "level"
        shot = render(case)
        reading = read_screen(shot.image)
        verdict, detail = judge(reading, shot.truth)
        assert verdict == "exact", (case, detail)
        assert reading.settled and {s.by for s in reading.settled} == {"fitted"}, reading.settled


def test_a_sum_whose_digits_box_holds_one_digit_is_not_fitted() -> None:
    """Random look 29645 (held out, 1.04x): a blue "23" on a sky-blue ground, its "2" broken
    and half taken for the arrow, so the digits' box held the "3" alone. Fitted round that
    box, "21" led "23" by 0.065 and the level was read sure and wrong; a box narrower than
    two digits is now fitted to nothing (FittedSettings.two_digits_aspect), and the sum
    stays a doubt."""
    from bench.looks import cases, judge, render
    from vision import read_screen

    case = cases([29645])[0]
    shot = render(case)
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth)[0] != "sure-wrong", case
    assert not any(s.by == "fitted" for s in reading.settled), reading.settled


def test_the_fit_draws_sums_at_the_game_s_own_size() -> None:
    """Vision's copy of the sum's size and the grid's pitch (which give a sum's em) is the
    practice game's, which draws the real game's."""
    from game.theme import THEME
    from vision.settings import FITTED, GRID

    assert FITTED.sum_font == THEME.fonts.sum
    assert GRID.usual_pitch == THEME.geometry.pitch
