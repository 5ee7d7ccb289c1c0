"""Put the practice game beside the real one: each real screenshot's game area (found by vision,
so nothing is cut by hand) next to the practice game's render of the same screen.

The real screenshots are read in place from ../shared/real-screens and never copied into the
project; the picture goes where you say, outside the project by default.

    .venv/bin/python scripts/side_by_side.py [OUT.png]     (default /tmp/side-by-side.png)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from game.render import render_screen  # noqa: E402
from vision import read_screen  # noqa: E402

REAL = Path(__file__).resolve().parents[1].parent / "shared" / "real-screens"
# The real map shows 01-08 ticked and 09 open, so the practice map shows 8 completed levels.
PAIRS = [("puzlogic-start", {"screen": "title"}),
         ("puzlogic-start-map", {"screen": "map", "completed": 8}),
         ("puzlogic-map-1", {"screen": "level", "level": 1}),
         ("puzlogic-map-3", {"screen": "level", "level": 3}),
         ("puzlogic-with-sums", {"screen": "level", "level": 6}),
         ("puzlogic-map-7", {"screen": "level", "level": 7}),
         ("puzlogic-level-completed", {"screen": "complete", "level": 1})]
WHITE = (255, 255, 255)


def labelled(image: np.ndarray, text: str) -> np.ndarray:
    out = image.copy()
    cv2.rectangle(out, (0, out.shape[0] - 24), (300, out.shape[0]), WHITE, -1)
    cv2.putText(out, text, (5, out.shape[0] - 7), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1,
                cv2.LINE_AA)
    return out


def real_game_area(name: str) -> np.ndarray:
    shot = cv2.imread(str(REAL / f"{name}.png"))
    game = read_screen(shot).game
    if game is None:
        raise SystemExit(f"vision found no game on {name}.png")
    crop = shot[game.y:game.y + game.h, game.x:game.x + game.w]
    return cv2.resize(crop, (800, 600), interpolation=cv2.INTER_AREA)


def pair(name: str, options: dict[str, object]) -> np.ndarray:
    ours = render_screen(**options).image  # type: ignore[arg-type]
    gap = np.full((600, 10, 3), 255, np.uint8)
    described = " ".join(f"{k}={v}" for k, v in options.items())
    return np.hstack([labelled(real_game_area(name), f"REAL {name}"), gap,
                      labelled(ours, f"PRACTICE {described}")])


def main(argv: list[str]) -> int:
    if not REAL.is_dir():
        print(f"side_by_side: the real screenshots are not at {REAL}", file=sys.stderr)
        return 2
    out = Path(argv[0]) if argv else Path("/tmp/side-by-side.png")
    rows = [pair(name, options) for name, options in PAIRS]
    gap = np.full((10, rows[0].shape[1], 3), 255, np.uint8)
    picture = np.vstack([part for row in rows for part in (row, gap)][:-1])
    cv2.imwrite(str(out), picture)
    print(f"wrote {out} ({picture.shape[1]}x{picture.shape[0]})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
