"""Make templates/digits.npz, the weights of the network vision.digits classifies digits with.

Every training digit is drawn here, never cut from a screenshot: one or two digits in one of
the game's shipped fonts (game/fonts: Liberation Sans, DejaVu Sans, DejaVu Sans Condensed,
regular and bold; half the lone "1"s without their foot, as most other fonts draw them), at
12-60 px, in a random fill on a random background, plain, outlined (darker or lighter, 1-2 px)
or drop-shadowed as game engines draw UI text, then resized (0.4x-1.6x), maybe JPEG-compressed
(quality 50-95) and darkened or lightened (gamma 0.7-1.4). Each picture is cut exactly as
vision cuts a label (vision.crops: distance from the background, and the fill's contrast) and
normalised by vision.ocr; the digits it yields are kept when they are as many as were drawn.
Each is kept again slanted, narrowed or widened and made heavier or lighter (`varied`), as
other fonts draw digits; and letters and signs that are no digit (OTHERS) are drawn the same
way, as the eleventh class. A one-hidden-layer network is fitted to them (numpy, `train`).
Reproducible: the same seed gives the same file (up to the machine's float rounding).

`--judge N` measures the shipped file instead on fonts no training digit was drawn in
(pygame's FreeSans Bold, and the system's DejaVu Serif and Sans Mono, Liberation Sans Narrow,
Mono and Serif when installed): how many digits it votes sure, and how many of those wrongly;
DigitSettings.sure and .decisive are chosen there.

Run from the project root after changing vision's normalisation or vision.digits.features
(about five minutes):
    .venv/bin/python templates/make_digits.py [--count N] [--seed S]
    .venv/bin/python templates/make_digits.py --judge 1200

`--game SHARE` also draws that share of labels as the practice game's random looks draw them
(`game_picture`: bold two-digit sums at the game's 21 px shrunk as crowded levels shrink them,
blue in a dark ring or dark with the look's effect, and level labels, then degraded 0.5x-2.5x),
each cut in the views vision cuts a blue sum in too (its blueness and its shade,
vision.crops). Not used for the shipped file (templates/README.md says why).
"""

from __future__ import annotations

import argparse
import colorsys
import os
import random
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment above)

from game.draw import Painter  # noqa: E402
from game.looks import FACES, Degrade, FontFace, TextEffect  # noqa: E402
from vision.colours import distance  # noqa: E402
from vision.crops import blueness, fill_contrast, shade  # noqa: E402
from vision.digits import NOT_A_DIGIT, TEMPLATES, classify, features  # noqa: E402
from vision.ocr import normalise  # noqa: E402
from vision.settings import DIGITS, OCR  # noqa: E402

Colour = tuple[int, int, int]

# Characters that are no digit, drawn so that the classifier learns to say so of ink that is
# not one (a letter of "Level", a speck, a fragment) rather than name its nearest digit: none
# that a font may draw like a digit, blurred and small (O o D Q C c U u a e @ for 0, I l i j for
# 1, Z z for 2, S s for 5, G b for 6, B for 8, g q for 9, A for 4, T for 7).
OTHERS = "EFHKLMNPRVWXYfhkmnprtvwxy#%&?+=<>"
OTHERS_SHARE = 0.27  # as many labels of those as of digits

# The network and its training (measured on held-out fonts, --judge): 256 hidden units gave
# more sure votes at no more sure-and-wrong ones than 128 or three networks of 128 averaged.
HIDDEN = 256
TEMPLATES_KEPT = 8300  # digits as drawn the nearest-template vote matches (of about 41,000)
EPOCHS = 25
BATCH = 256
RATE = 2e-3
DECAY = 1e-4
# Random looks whose digits are trained on (--looks) are drawn from this seed on: the benches
# and tests judge on seeds below 10,000.
LOOK_SEEDS = 100_000


def _hls(hue: float, lightness: float, saturation: float) -> Colour:
    r, g, b = colorsys.hls_to_rgb(hue % 1.0, lightness, saturation)
    return (round(r * 255), round(g * 255), round(b * 255))


def _blend(a: Colour, b: Colour, share: float) -> Colour:
    return tuple(round(x + (y - x) * share) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _luma(colour: Colour) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


class FileFace(FontFace):
    """A font outside game/fonts (held out of training, to judge the classifier on a font it
    never saw): its files' absolute paths."""

    def path(self, bold: bool = False) -> Path:
        return Path(self.bold if bold else self.regular)


def held_out_faces() -> dict[str, FontFace]:
    """Fonts no template is drawn from: pygame's own FreeSans Bold (always there), and the
    system's serif, monospaced and narrow fonts when installed (Debian's fonts-dejavu-extra
    and fonts-liberation)."""
    import pygame.font

    free = str(Path(pygame.__file__).parent / pygame.font.get_default_font())
    faces: dict[str, FontFace] = {"freesans-bold": FileFace("FreeSans Bold", free, free, 0.72)}
    system = {"dejavu-serif": ("dejavu/DejaVuSerif.ttf", "dejavu/DejaVuSerif-Bold.ttf", 0.73),
              "dejavu-mono": ("dejavu/DejaVuSansMono.ttf", "dejavu/DejaVuSansMono-Bold.ttf", 0.73),
              "liberation-narrow": ("liberation/LiberationSansNarrow-Regular.ttf",
                                    "liberation/LiberationSansNarrow-Bold.ttf", 0.72),
              "liberation-mono": ("liberation/LiberationMono-Regular.ttf",
                                  "liberation/LiberationMono-Bold.ttf", 0.66),
              "liberation-serif": ("liberation/LiberationSerif-Regular.ttf",
                                   "liberation/LiberationSerif-Bold.ttf", 0.68)}
    root = Path("/usr/share/fonts/truetype")
    for name, (regular, bold, cap) in system.items():
        if (root / regular).is_file() and (root / bold).is_file():
            faces[name] = FileFace(name, str(root / regular), str(root / bold), cap)
    return faces


def picture(rng: random.Random, faces: dict[str, FontFace] = FACES,
            text: str | None = None) -> tuple[np.ndarray, str]:
    """One random label (BGR) in one of `faces` and the digits on it (or `text`)."""
    if text is None:
        text = str(rng.randint(0, 9)) if rng.random() < 0.6 else f"{rng.randint(0, 45):02d}"
    face = faces[rng.choice(sorted(faces))]
    bold = rng.random() < 0.5
    size = rng.choice((12, 14, 16, 18, 20, 22, 24, 28, 32, 40, 48, 60))
    background = _hls(rng.random(), rng.uniform(0.25, 0.9), rng.uniform(0.0, 0.8))
    kind = rng.choice(("dark", "white", "blue", "any"))
    fill = {"dark": _hls(0, rng.uniform(0.15, 0.32), rng.uniform(0, 0.1)),
            "white": (255, 255, 255),
            "blue": _hls(0.667 + rng.uniform(-0.03, 0.03), rng.uniform(0.65, 0.8), 1.0),
            "any": _hls(rng.random(), rng.uniform(0.1, 0.95), rng.uniform(0, 1))}[kind]
    if abs(_luma(fill) - _luma(background)) < 50 and kind != "blue":
        fill = (255, 255, 255) if _luma(background) < 128 else (40, 40, 40)
    effect = None
    roll = rng.random()
    if roll < 0.35:
        lighter = rng.random() < 0.4
        ring = _blend(fill, (255, 255, 255) if lighter else (0, 0, 0), rng.uniform(0.4, 0.85))
        effect = TextEffect("outline", ring, 1.0 if lighter else rng.choice((1.0, 1.5, 2.0)))
    elif roll < 0.6:
        effect = TextEffect("shadow", _blend(fill, (0, 0, 0), rng.uniform(0.4, 0.9)),
                            rng.choice((1.0, 1.5, 2.0)))
    painter = Painter(1.0, face=face)
    font = painter.font(size, bold)
    width, height = font.size(text)
    surface = pygame.Surface((width + size, height + size // 2))
    surface.fill(background)
    if text == "1" and rng.random() < 0.5:
        _baseless_one(surface, font, fill, effect)
    else:
        painter.text_at(surface, text, size,
                        (surface.get_width() / 2, surface.get_height() / 2), fill, bold, effect)
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    bgr = np.ascontiguousarray(rgb[:, :, ::-1])
    if rng.random() < 0.3:
        bgr = np.clip(bgr + np.random.default_rng(rng.randint(0, 1 << 30)).normal(
            0, rng.uniform(1, 6), bgr.shape), 0, 255).astype(np.uint8)
    degrade = Degrade(rescale=rng.uniform(0.4, 1.6),
                      jpeg_quality=rng.randint(50, 95) if rng.random() < 0.7 else None,
                      gamma=rng.uniform(0.7, 1.4))
    return degrade.apply(bgr), text


def game_picture(rng: random.Random, faces: dict[str, FontFace] = FACES
                 ) -> tuple[np.ndarray, str, bool]:
    """One label (BGR) as a random look of the practice game draws it (game.looks): a bold
    two-digit sum, blue with a dark ring or dark with the look's text effect, or a level
    label, at the game's 21 px shrunk as a crowded level shrinks it, then degraded as a
    capture is (0.5x-2.5x, the effects thinned to 1 px below 0.8x as the looks thin them).
    `picture` draws outlines 1-2 px at 12-60 px; here they are as thick against the strokes
    as the game draws them, where an outlined "5" shrunk to 0.5x looks most like a "6".
    The flag: a blue sum (vision reads it in its blueness and shade views too)."""
    text = f"{rng.randint(0, 45):02d}"
    face = faces[rng.choice(sorted(faces))]
    background = _hls((rng.random() + rng.uniform(-0.05, 0.05)) % 1, rng.uniform(0.5, 0.86),
                      rng.uniform(0.12, 0.55))
    grey = tuple(max(0, min(255, 0x42 + rng.randint(-14, 14))) for _ in range(3))
    kind = rng.choice(("blue", "blue", "dark", "label"))
    size, bold = round(21 * rng.uniform(0.55, 1.0)), True
    effect: TextEffect | None = None
    if kind == "blue":
        fill = _hls(0.667 + rng.uniform(-0.022, 0.022), rng.uniform(0.68, 0.78),
                    rng.uniform(0.9, 1.0))
        if rng.random() < 0.8:
            effect = TextEffect("outline", _hls(0.694 + rng.uniform(-0.028, 0.028),
                                                rng.uniform(0.4, 0.5), rng.uniform(0.15, 0.35)),
                                rng.choice((1.0, 1.0, 1.5, 2.0)))
    else:
        fill = grey  # type: ignore[assignment]
        if kind == "label":
            size, bold = 21, False
        roll = rng.random()
        width = rng.choice((1.0, 1.0, 1.5, 2.0))
        if roll < 0.5:
            lighter = rng.random() < 0.4
            ring = _blend(fill, (255, 255, 255) if lighter else (0, 0, 0), rng.uniform(0.45, 0.85))
            effect = TextEffect("outline", ring, 1.0 if lighter else width)
        elif roll < 0.75:
            effect = TextEffect("shadow", _blend(fill, (0, 0, 0), rng.uniform(0.5, 0.9)), width)
    rescale = rng.uniform(0.5, 2.5) if rng.random() < 0.5 else rng.uniform(0.45, 1.2)
    if effect is not None and rescale < 0.8:
        effect = TextEffect(effect.kind, effect.colour, min(effect.width, 1.0))
    painter = Painter(1.0, face=face)
    font = painter.font(size, bold)
    width_px, height_px = font.size(text)
    surface = pygame.Surface((width_px + size, height_px + size // 2))
    surface.fill(background)
    painter.text_at(surface, text, size, (surface.get_width() / 2, surface.get_height() / 2),
                    fill, bold, effect)
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    bgr = np.ascontiguousarray(rgb[:, :, ::-1])
    if rng.random() < 0.3:
        bgr = np.clip(bgr + np.random.default_rng(rng.randint(0, 1 << 30)).normal(
            0, rng.uniform(1, 6), bgr.shape), 0, 255).astype(np.uint8)
    degrade = Degrade(rescale=rescale, jpeg_quality=rng.randint(50, 95),
                      gamma=rng.uniform(0.7, 1.4))
    return degrade.apply(bgr), text, kind == "blue"


def _baseless_one(surface: pygame.Surface, font: pygame.font.Font, fill: Colour,
                  effect: TextEffect | None) -> None:
    """A "1" without its foot: the shipped fonts all draw one, many others (the real game's
    among them) do not. The foot is every row of the glyph's lower part wider than its stem."""
    glyph = font.render("1", True, (255, 255, 255))
    alpha = pygame.surfarray.array_alpha(glyph).T.astype(np.float32) / 255  # rows, columns
    rows = np.nonzero(alpha.max(axis=1) > 0.5)[0]
    middle = alpha[(rows[0] + rows[-1]) // 2] > 0.5
    stem = np.nonzero(middle)[0]
    lower = rows[0] + 3 * (rows[-1] - rows[0]) // 4
    alpha[lower:, :max(0, stem[0] - 1)] = 0
    alpha[lower:, stem[-1] + 2:] = 0
    at = ((surface.get_width() - glyph.get_width()) // 2,
          (surface.get_height() - glyph.get_height()) // 2)
    layers = []
    if effect is not None:
        width = max(1, round(effect.width))
        offsets = ([(dx, dy) for dy in range(-width, width + 1) for dx in range(-width, width + 1)
                    if (dx or dy) and dx * dx + dy * dy <= (width + 0.5) ** 2]
                   if effect.kind == "outline" else [(width, width)])
        layers += [(effect.colour, offset) for offset in offsets]
    layers.append((fill, (0, 0)))
    pixels = pygame.surfarray.pixels3d(surface)
    h, w = alpha.shape
    for colour, (dx, dy) in layers:
        x, y = at[0] + dx, at[1] + dy
        region = pixels[x:x + w, y:y + h].astype(np.float32)
        share = alpha.T[:region.shape[0], :region.shape[1], None]
        blended = region * (1 - share) + np.array(colour, np.float32) * share
        pixels[x:x + w, y:y + h] = blended.round().astype(np.uint8)
    del pixels


def samples(count: int, seed: int, faces: dict[str, FontFace] = FACES, others: float = 0.0,
            game: bool = False) -> tuple[list[np.ndarray], np.ndarray]:
    """`count` labels' digits, normalised as vision.ocr cuts them, and their digits; a share
    `others` of the labels is one character that is no digit, every blob of it labelled
    NOT_A_DIGIT; with `game`, the labels are drawn as the game's looks draw them
    (`game_picture`)."""
    rng = random.Random(seed)
    found, labels = [], []
    for _ in range(count):
        other = rng.random() < others
        blue = False
        if game:
            image, text, blue = game_picture(rng, faces)
        else:
            image, text = picture(rng, faces, rng.choice(OTHERS) if other else None)
        border = np.concatenate([image[0], image[-1], image[:, 0], image[:, -1]])
        background = np.median(border, axis=0).round().astype(np.uint8)
        views = [np.clip(distance(image, background), 0, 255).astype(np.uint8),
                 fill_contrast(image, background)]
        if blue:  # as vision.level._sum_crop cuts a blue sum
            views += [blueness(image, background), shade(image)]
        for crop in views:
            blobs = normalise(crop)
            digits = blobs.digits() if blobs is not None else []
            if other:
                found += digits
                labels += [NOT_A_DIGIT] * len(digits)
                continue
            if len(digits) != len(text):
                continue
            for digit, char in zip(digits, text, strict=True):
                if char == "1" and len(text) == 2 and rng.random() < 0.5:
                    digit = _footless(digit)
                found.append(digit)
                labels.append(int(char))
    return found, np.array(labels, np.int8)


def _footless(one: np.ndarray) -> np.ndarray:
    """A normalised "1" without its foot, as the real game's map buttons ("11", "14") draw
    it (`_baseless_one` draws lone ones so; in a two-digit label the foot goes here): the
    ink of its lowest fifth outside the stem, as wide as it stands halfway up, is cleared."""
    level = round(255 * OCR.segment_level)
    rows = np.nonzero((one > level).any(axis=1))[0]
    if not rows.size:
        return one
    stem = np.nonzero(one[(rows[0] + rows[-1]) // 2] > level)[0]
    if not stem.size:
        return one
    out = one.copy()
    lower = rows[-1] - (rows[-1] - rows[0]) // 5
    out[lower:, :max(0, stem[0] - 1)] = 0
    out[lower:, stem[-1] + 2:] = 0
    return out


def varied(digit: np.ndarray, rng: random.Random) -> np.ndarray:
    """A copy of a normalised digit reshaped as another font might draw it: slanted (up to
    0.2 of its height), narrower or wider (0.75x-1.3x), maybe a pixel heavier or lighter. The
    real game's font is none of the shipped ones; these shapes teach the network what varies
    between fonts, and the held-out fonts (--judge) measure whether it did."""
    h = digit.shape[0]
    shear, stretch = rng.uniform(-0.2, 0.2), rng.uniform(0.75, 1.3)
    room = int(abs(shear) * h) + 4
    canvas = cv2.copyMakeBorder(digit, 0, 0, room, room, cv2.BORDER_CONSTANT, value=0)
    warp = np.float32([[stretch, -shear * stretch, shear * stretch * h / 2], [0, 1, 0]])
    out: np.ndarray = cv2.warpAffine(canvas, warp, (round(canvas.shape[1] * stretch), h),
                                     flags=cv2.INTER_LINEAR, borderValue=0)
    roll = rng.random()
    if roll < 0.25:
        out = cv2.dilate(out, np.ones((2, 2), np.uint8))
    elif roll < 0.5:
        out = cv2.erode(out, np.ones((2, 2), np.uint8))
    return out


def train(rows: np.ndarray, labels: np.ndarray, seed: int) -> dict[str, np.ndarray]:
    """The network's weights (HIDDEN ReLU units, softmax over the digits and NOT_A_DIGIT),
    fitted by Adam on the cross-entropy, the step size falling on a cosine over EPOCHS."""
    rng = np.random.default_rng(seed)
    classes = NOT_A_DIGIT + 1
    weights = {"hidden": rng.normal(0, np.sqrt(2 / rows.shape[1]),
                                    (rows.shape[1], HIDDEN)).astype(np.float32),
               "hidden_bias": np.zeros(HIDDEN, np.float32),
               "out": rng.normal(0, np.sqrt(1 / HIDDEN), (HIDDEN, classes)).astype(np.float32),
               "out_bias": np.zeros(classes, np.float32)}
    first = {k: np.zeros_like(v) for k, v in weights.items()}
    second = {k: np.zeros_like(v) for k, v in weights.items()}
    wanted = np.eye(classes, dtype=np.float32)[labels]
    step = 0
    for epoch in range(EPOCHS):
        rate = RATE * 0.5 * (1 + np.cos(np.pi * epoch / EPOCHS))
        order = rng.permutation(len(labels))
        for at in range(0, len(labels), BATCH):
            batch = order[at:at + BATCH]
            x, y = rows[batch], wanted[batch]
            before = x @ weights["hidden"] + weights["hidden_bias"]
            inner = np.maximum(before, 0)
            scores = inner @ weights["out"] + weights["out_bias"]
            exp = np.exp(scores - scores.max(axis=1, keepdims=True))
            error = (exp / exp.sum(axis=1, keepdims=True) - y) / len(batch)
            back = error @ weights["out"].T
            back[before <= 0] = 0
            grads = {"out": inner.T @ error + DECAY * weights["out"],
                     "out_bias": error.sum(axis=0),
                     "hidden": x.T @ back + DECAY * weights["hidden"],
                     "hidden_bias": back.sum(axis=0)}
            step += 1
            for k, g in grads.items():
                first[k] = 0.9 * first[k] + 0.1 * g
                second[k] = 0.999 * second[k] + 0.001 * g * g
                update = (first[k] / (1 - 0.9 ** step)) / (
                    np.sqrt(second[k] / (1 - 0.999 ** step)) + 1e-8)
                weights[k] = (weights[k] - rate * update).astype(np.float32)
    return weights


def look_samples(count: int) -> tuple[list[np.ndarray], np.ndarray]:
    """The digits of `count` random looks of the practice game (game.looks, seeds from
    LOOK_SEEDS on, far from every seed the benches and tests judge on), cut by vision itself
    in every view of every label (bench/digits.py), each labelled by the render's truth where
    the view shows as many digits as the truth. These are the shapes drawing alone misses:
    small ringed sums on tinted grounds, as rescaled, JPEG-compressed and gamma-shifted
    screens make them."""
    if not count:
        return [], np.zeros(0, np.int8)
    from bench.digits import sweep

    records, _ = sweep(range(LOOK_SEEDS, LOOK_SEEDS + count), reads=False)
    return [r.pixels for r in records], np.array([int(r.truth) for r in records], np.int8)


def training_set(count: int, seed: int, looks: int = 0, game: float = 0.0
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Descriptions and classes: `count` labels' digits and a reshaped copy of each, plus
    OTHERS_SHARE as many labels of characters that are no digit (and their copies), plus
    `game` as many labels drawn as the game's looks draw them (`game_picture`, and their
    copies), plus the digits of `looks` random looks (`look_samples`). The digits as drawn
    come first."""
    digits, labels = samples(count, seed)
    others, other_labels = samples(round(OTHERS_SHARE * count), seed + 1, others=1.0)
    drawn, game_labels = samples(round(game * count), seed + 3, game=True)
    labels = np.concatenate([labels, other_labels, game_labels])
    rng = random.Random(seed + 2)
    shapes = digits + others + drawn
    shapes += [varied(d, rng) for d in shapes]
    seen, seen_labels = look_samples(looks)
    # (kept as cut: with a reshaped copy of each too, 1,000 looks judged worse on held-out
    # fonts than 600 looks without)
    shapes += seen
    classes = np.concatenate([labels, labels, seen_labels]).astype(np.int64)
    return np.stack([features(d) for d in shapes]), classes


def judge(count: int, seed: int) -> str:
    """Per held-out font (and the shipped ones, other seeds): digits right, sure, sure and
    wrong, as classify() votes; and how often a character that is no digit gets a sure vote."""
    lines = []
    faces: dict[str, dict[str, FontFace]] = {"shipped": dict(FACES)}
    faces.update({name: {name: face} for name, face in held_out_faces().items()})
    for name, chosen in faces.items():
        digits, labels = samples(count, seed, chosen)
        votes = classify(digits) or []
        right = sum(int(v.text) == d for v, d in zip(votes, labels, strict=True))
        sure = [(v, d) for v, d in zip(votes, labels, strict=True) if v.sure]
        wrong = sum(int(v.text) != d for v, d in sure)
        decisive = [(v, d) for v, d in sure if v.decisive]
        lines.append(f"{name:18} {len(votes):5} digits: right {100 * right / len(votes):5.1f} %, "
                     f"sure {100 * len(sure) / len(votes):5.1f} % ({wrong} wrong), decisive "
                     f"{100 * len(decisive) / len(votes):5.1f} % "
                     f"({sum(int(v.text) != d for v, d in decisive)} wrong)")
        others, _ = samples(count // 3, seed + 1, chosen, others=1.0)
        other_votes = classify(others) or []
        lines.append(f"{'':18} {len(others):5} others: voted a sure digit "
                     f"{sum(v.sure for v in other_votes)}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=15000, help="labels drawn (15000)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--out", type=Path, default=TEMPLATES)
    parser.add_argument("--looks", type=int, default=0,
                        help="also train on the digits of this many random looks (0)")
    parser.add_argument("--game", type=float, default=0.0, metavar="SHARE",
                        help="also train on this share of labels drawn as the game's looks "
                             "draw them (0; see templates/README.md)")
    parser.add_argument("--judge", type=int, metavar="N",
                        help="instead: judge the shipped file on N labels per font")
    args = parser.parse_args()
    pygame.font.init()
    if args.judge:
        print(judge(args.judge, args.seed + 1000))
        return 0
    rows, classes = training_set(args.count, args.seed, args.looks, args.game)
    weights = train(rows, classes, args.seed)
    # The nearest-template vote (vision.digits) matches the first TEMPLATES digits as drawn,
    # kept in their descriptions' DIGITS.dims principal components: the distances hardly
    # change, and a match costs a seventh of the whole description.
    kept, kept_classes = rows[:TEMPLATES_KEPT], classes[:TEMPLATES_KEPT]
    assert (kept_classes < NOT_A_DIGIT).all()
    mean = kept.mean(axis=0)
    _, _, axes = np.linalg.svd(kept - mean, full_matrices=False)
    basis = axes[:DIGITS.dims].T.astype(np.float32)
    templates = {"features": ((kept - mean) @ basis).astype(np.float16),
                 "labels": kept_classes.astype(np.int8), "mean": mean.astype(np.float32),
                 "basis": basis}
    np.savez_compressed(args.out, **{k: v.astype(np.float16) for k, v in weights.items()},
                        **templates)
    counts = np.bincount(classes, minlength=NOT_A_DIGIT + 1)
    print(f"trained on {len(classes)} shapes from {args.count} labels and {args.looks} looks "
          f"-> {args.out} "
          f"({args.out.stat().st_size // 1024} KB); per class {counts.tolist()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
