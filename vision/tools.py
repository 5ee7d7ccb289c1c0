"""The system tools vision needs, checked before a command reads its first image.

Tesseract is a program (and language data) installed apart from Python: when it is missing
from PATH, or finds no English data, reading fails deep inside OCR. `tesseract_problem` says so
first, in one line that names the fix, so a command can stop with exit 2 and no traceback.
One `tesseract --list-langs` run (about 20 ms) per process, remembered.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from functools import cache

LANGUAGE = "eng"  # the data the OCR engines load (vision._ocr_engines)

INSTALL = {
    "linux": "sudo apt-get install -y tesseract-ocr",
    "darwin": "brew install tesseract",
    "win32": "install Tesseract (the UB Mannheim build) and add its folder to PATH",
}


def install_hint(platform: str = sys.platform) -> str:
    return INSTALL.get(platform, INSTALL["linux"])


@cache
def tesseract_problem() -> str | None:
    """None when tesseract runs and has English data, else the one line to show."""
    return diagnose(shutil.which("tesseract"), os.environ.get("TESSDATA_PREFIX"))


def diagnose(program: str | None, prefix: str | None, platform: str = sys.platform) -> str | None:
    """What is wrong with the tesseract at `program` (None: not on PATH) under the
    TESSDATA_PREFIX `prefix`, in one line with the fix; None when nothing is."""
    if program is None:
        return ("tesseract (the OCR program) is not installed or not on PATH: "
                f"{install_hint(platform)}")
    try:
        listing = subprocess.run([program, "--list-langs"], capture_output=True, text=True,
                                 timeout=20, check=False)
    except (OSError, subprocess.SubprocessError) as error:
        return f"tesseract at {program} does not run ({error}): {install_hint(platform)}"
    text = listing.stdout + listing.stderr
    if LANGUAGE in text.split():
        return None
    folder = re.search(r'"([^"]+)"', text)
    where = f" in {folder.group(1)}" if folder else ""
    if prefix:
        return (f"tesseract finds no English language data ({LANGUAGE}.traineddata){where}: "
                f"TESSDATA_PREFIX={prefix} is set; point it at the folder that holds "
                f"{LANGUAGE}.traineddata, or unset it")
    package = "sudo apt-get install -y tesseract-ocr-eng" if platform == "linux" else \
        install_hint(platform)
    return (f"tesseract finds no English language data ({LANGUAGE}.traineddata){where}: "
            f"{package}, or set TESSDATA_PREFIX to the folder that holds it")
