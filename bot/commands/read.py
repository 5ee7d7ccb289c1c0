"""`puzlogic-bot read IMAGE...`: what vision sees on each screenshot, as text or one JSON object
per line, with an overlay and the glyph crops per image under --debug.

Exit codes: 0 every image read cleanly, 1 some reading is doubtful, 2 some image is bad input
(reported on stderr, one line each; the others are still read).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from bot.screenshots import Shot, describe_reading, no_game_reason, read_shot
from puzzle.exits import BadInput, ExitCode
from vision.image import ImageError, save_image
from vision.overlay import draw_overlay, glyph_crops


def run(args: argparse.Namespace, out: TextIO) -> int:
    code = ExitCode.OK
    for path in args.images:
        try:
            shot = read_shot(path)
            if args.debug is not None:
                write_debug(shot, args.debug)
            reason = no_game_reason(shot)
            if reason is not None:
                raise BadInput(reason)
        except BadInput as error:
            print(f"puzlogic-bot: {error}", file=sys.stderr)
            if args.json:
                print(json.dumps({"image": path, "error": str(error)}), file=out)
            code = ExitCode.BAD_INPUT
            continue
        if args.json:
            doubts = [{"element": str(d.element), "reason": d.reason,
                       "box": d.box.to_list() if d.box else None} for d in shot.reading.doubts]
            print(json.dumps({"image": path, **shot.reading.to_dict(), "doubts": doubts}), file=out)
        else:
            print(describe_reading(shot), file=out)
        if not shot.reading.ok and code == ExitCode.OK:
            code = ExitCode.FAILED
    return code


def write_debug(shot: Shot, folder: Path) -> Path:
    """folder/<stem>-overlay.png and folder/<stem>-glyphs/<label>.png; the overlay's path."""
    glyphs = folder / f"{Path(shot.path).stem}-glyphs"
    try:
        glyphs.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"{folder}: cannot write there ({error.strerror})") from None
    overlay = folder / f"{Path(shot.path).stem}-overlay.png"
    try:
        save_image(overlay, draw_overlay(shot.image, shot.reading))
        for name, crop in glyph_crops(shot.image, shot.reading):
            save_image(glyphs / f"{name}.png", crop)
    except ImageError as error:
        raise BadInput(str(error)) from None
    return overlay
