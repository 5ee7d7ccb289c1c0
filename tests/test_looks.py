"""Vision on random looks (game.looks.random_look): a fixed 200 seeds, as bench/looks.py
counts them (exact / doubt / sure-wrong).

The issue's target is at least 99.5 % exact and no reading that is sure and wrong. Where vision
stands (measured 2026-11-23, bench/looks.py, structure and digits work merged): on these 200
seeds 144 exact, 56 doubted, none sure and wrong (before: 102, 97, 1); on seeds 0-299 212 exact,
88 doubted, none sure and wrong. After the digits work (rings cut as their fill, a ringed
label's own background, a narrow sure read checked in its other views, k-means no longer
random): 154 of these 200 exact, seeds 0-299 228. This test is a ratchet on those figures: it
fails when vision gets worse, and its bounds are raised as it gets better.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.looks import sweep  # noqa: E402  (the bench lives beside the tests)

SEEDS = range(200)
MIN_EXACT = 0.76  # measured 154 of these 200 (digits work); target 0.995
MAX_SURE_WRONG = 0  # measured 0 of these 200; the target


@pytest.mark.slow  # about two minutes: 200 renders, read one by one
def test_random_looks_read_exactly_or_are_doubted() -> None:
    outcomes = sweep(SEEDS)
    counts = Counter(o.verdict for o in outcomes)
    wrong = [f"{o.case}: {o.detail}" for o in outcomes if o.verdict == "sure-wrong"]
    assert len(outcomes) == len(SEEDS)
    assert counts["sure-wrong"] <= MAX_SURE_WRONG, wrong
    assert counts["exact"] >= MIN_EXACT * len(outcomes), counts


def test_text_effects_stay_thin_on_a_shrunk_capture() -> None:
    """Shrunk under 0.8x, a ring or shadow wider than 1 logical px fills the digits' holes:
    no random look draws one there (wider ones remain on larger captures)."""
    from game.looks import THIN_EFFECTS_BELOW, random_look

    looks = [random_look(seed) for seed in range(300)]
    widths = {look.degrade.rescale < THIN_EFFECTS_BELOW: [] for look in looks}
    for look in looks:
        effects = (look.text_effect, look.blue_effect, look.piece_effect)
        widths[look.degrade.rescale < THIN_EFFECTS_BELOW] += [e.width for e in effects if e]
    assert max(widths[True]) == 1.0
    assert max(widths[False]) > 1.0


def test_text_effects_dim_under_the_completed_overlay() -> None:
    """The overlay dims everything drawn before it, a light text outline too (left bright, it
    outshone the dimmed label and read as white words on the overlay)."""
    from dataclasses import replace

    import numpy as np

    from game.levels import load_level
    from game.looks import Look, TextEffect
    from game.render import render_screen

    look = replace(Look.real(load_level(3)), text_effect=TextEffect("outline", (235, 235, 235)))
    shot = render_screen("level_complete", level=3, look=look)
    label = shot.truth["boxes"]["level_label"]
    x, y, w, h = label
    corner = shot.image[y:y + h, x:x + w]
    assert int(np.max(corner)) < 120  # the overlay is #454c4c; undimmed, the ring was 235
