"""Vision on random looks (game.looks.random_look): a fixed 200 seeds, as bench/looks.py
counts them (exact / doubt / sure-wrong).

The issue's target is at least 99.5 % exact and no reading that is sure and wrong. Where vision
stands (measured 2026-11-23 on these seeds, see bench/looks.py for 2,000): about half exact,
the rest doubted, and rare sure-wrong readings (a completed map button's check mark lost at
0.5x under darkening gamma; a small ringed blue label's "1" read as "2"). This test is a
ratchet on those figures: it fails when vision gets worse, and its bounds are raised as it
gets better.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.looks import sweep  # noqa: E402  (the bench lives beside the tests)

pytestmark = pytest.mark.slow  # about two minutes: 200 renders, read one by one

SEEDS = range(200)
MIN_EXACT = 0.45  # measured 0.51 on the first 150 seeds; target 0.995
MAX_SURE_WRONG = 2  # measured 1 on the first 150 seeds; target 0


def test_random_looks_read_exactly_or_are_doubted() -> None:
    outcomes = sweep(SEEDS)
    counts = Counter(o.verdict for o in outcomes)
    wrong = [f"{o.case}: {o.detail}" for o in outcomes if o.verdict == "sure-wrong"]
    assert len(outcomes) == len(SEEDS)
    assert counts["sure-wrong"] <= MAX_SURE_WRONG, wrong
    assert counts["exact"] >= MIN_EXACT * len(outcomes), counts
