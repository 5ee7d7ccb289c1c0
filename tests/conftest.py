"""Shared fixtures: the real screenshots' ground truth in ../shared/real-screens (read in place,
never copied; tests that need it skip with the reason when the folder is absent)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

REAL_SCREENS = Path(__file__).resolve().parents[1].parent / "shared" / "real-screens"


def real_level_files() -> list[Path]:
    """Ground-truth files of the real level screenshots (those that hold a puzzle)."""
    if not REAL_SCREENS.is_dir():
        return []
    return sorted(p for p in REAL_SCREENS.glob("*.json")
                  if json.loads(p.read_text()).get("screen") == "level")


NO_REAL_SCREENS = f"real screenshots not found at {REAL_SCREENS} (../shared beside the checkout)"


@pytest.fixture(params=real_level_files() or [None], ids=lambda p: p.stem if p else "absent")
def real_level(request: pytest.FixtureRequest) -> dict[str, Any]:
    """One real level's ground truth: {"puzzle": {...}, "solution": [...], "level": N, ...}."""
    if request.param is None:
        pytest.skip(NO_REAL_SCREENS)
    return json.loads(request.param.read_text())
