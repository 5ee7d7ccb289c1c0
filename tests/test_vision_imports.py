"""What `import vision` costs: in a fresh interpreter it loads neither the solver's z3 nor the
bot's or the game's libraries, and it changes no setting of the process (OMP_THREAD_LIMIT is
set when an OCR engine opens, and only when the user has not set it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
FOREIGN = ("z3", "puzzle.solver", "pynput", "pygame", "bot", "game", "tesserocr", "pytesseract")


def _fresh(code: str, env: dict[str, str] | None = None) -> object:
    """Run `code` in a new interpreter from the project root; it prints one JSON value."""
    done = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, capture_output=True,
                          text=True, timeout=60, check=True, env=env)
    return json.loads(done.stdout)


def test_import_vision_leaves_z3_and_the_other_packages_unloaded() -> None:
    loaded = _fresh("import json, sys, vision, vision.read, vision.level, vision.menus\n"
                    f"print(json.dumps([m for m in {FOREIGN!r} if m in sys.modules]))")
    assert loaded == []


def test_import_vision_sets_no_environment() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OMP_THREAD_LIMIT"}
    assert _fresh("import json, os, vision\n"
                  "print(json.dumps(os.environ.get('OMP_THREAD_LIMIT')))", env) is None


def test_opening_an_engine_limits_openmp_unless_the_user_did() -> None:
    code = ("import json, os\nfrom vision._ocr_engines import open_engine\nopen_engine()\n"
            "print(json.dumps(os.environ.get('OMP_THREAD_LIMIT')))")
    env = {k: v for k, v in os.environ.items() if k != "OMP_THREAD_LIMIT"}
    assert _fresh(code, env) == "1"
    assert _fresh(code, {**env, "OMP_THREAD_LIMIT": "3"}) == "3"
