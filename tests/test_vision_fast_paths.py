"""The faster ways vision computes a few things a level's first sight pays for, each checked
against the plain way it replaced: the same masks and the same votes, on ordinary and
awkward input (views, random colours, digits the templates must decide)."""

from __future__ import annotations

import numpy as np
import pytest

from puzzle.geometry import Rect
from tests.test_digits import one_digit
from vision import colours, pieces
from vision import digits as classifier
from vision.digits import NOT_A_DIGIT, Vote, classify, features
from vision.settings import COLOUR, DIGITS, PIECE

BACKGROUNDS = [(0, 0, 0), (255, 255, 255), (200, 120, 60), (60, 120, 250), (90, 90, 250),
               (30, 200, 30), (40, 40, 200)]


def images() -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    found = [rng.integers(0, 256, (40, 50, 3), dtype=np.uint8) for _ in range(12)]
    big = rng.integers(0, 256, (90, 120, 3), dtype=np.uint8)
    return [*found, big[5:60, 7:100], big[:, ::3], np.zeros((0, 4, 3), np.uint8)]


def above_both(image: np.ndarray, channel: int, margin: int) -> np.ndarray:
    """The plain way: numpy's int16 planes."""
    planes = [image[:, :, i].astype(np.int16) for i in range(3)]
    lead = planes[channel]
    others = [p for n, p in enumerate(planes) if n != channel]
    return (((lead - others[0]) > margin) & ((lead - others[1]) > margin)).astype(np.uint8) * 255


def margin_of(background: tuple[int, int, int], channel: int, least: int, over: int) -> int:
    others = [v for n, v in enumerate(background) if n != channel]
    return max(least, background[channel] - max(others) + over)


@pytest.mark.parametrize("background", BACKGROUNDS)
def test_the_colour_masks_are_the_plain_differences(background: tuple[int, int, int]) -> None:
    for image in images():
        assert np.array_equal(colours.blue_ink(image), above_both(image, 0, COLOUR.blue_margin))
        blue = margin_of(background, 0, COLOUR.blue_text_min, COLOUR.blue_text_margin)
        assert np.array_equal(colours.blue_text(image, background), above_both(image, 0, blue))
        red = margin_of(background, 2, COLOUR.red_ink_margin, COLOUR.red_over_background)
        assert np.array_equal(colours.red_ink(image, background), above_both(image, 2, red))
        assert np.array_equal(colours.red_ink(image),
                              above_both(image, 2, COLOUR.red_ink_margin))


@pytest.mark.parametrize("background", BACKGROUNDS)
def test_the_distance_is_the_plain_difference(background: tuple[int, int, int]) -> None:
    for image in images()[:-1]:  # (an empty image has no distance, either way)
        plain = np.abs(image.astype(np.int16) - np.array(background, np.int16)).max(
            axis=2, initial=0).astype(np.uint8)
        assert np.array_equal(colours.distance(image, background), plain)


def digits_to_judge() -> list[np.ndarray]:
    """Clean digits and spoilt ones: noise, shifts, faded and speckled ink."""
    rng = np.random.default_rng(3)
    clean = [one_digit(str(d), scheme) for d in range(10) for scheme in (0, 4, 9)]
    spoilt = []
    for digit in clean:
        for kind in range(4):
            ink = digit.astype(np.int32)
            if kind == 0:
                ink = ink + rng.integers(-120, 120, ink.shape)
            elif kind == 1:
                ink = np.roll(ink, int(rng.integers(-4, 5)), axis=int(rng.integers(0, 2)))
            elif kind == 2:
                ink = (ink * rng.uniform(0.3, 1.0)).astype(np.int32)
            else:
                ink = np.maximum(ink, rng.integers(0, 255, ink.shape)
                                 * (rng.random(ink.shape) < 0.1))
            spoilt.append(np.clip(ink, 0, 255).astype(np.uint8))
    return clean + spoilt


def nearest_one_by_one(templates: classifier.Templates, described: np.ndarray
                       ) -> list[int | None]:
    """The templates' verdict row by row, as it was first written."""
    queries = (described - templates.mean) @ templates.basis
    products = np.einsum("ik,jk->ij", queries, templates.features)
    near = np.einsum("ij,ij->i", queries, queries)[:, None] + templates.norms[None, :] \
        - 2 * products
    near = np.maximum(near, 0)
    k = DIGITS.neighbours
    found: list[int | None] = []
    for row in near:
        order = np.argpartition(row, k)[:k]
        labels = templates.labels[order]
        digit = int(labels[np.argmin(row[order])])
        own = float(np.sqrt(row[order].min()))
        other = float(np.sqrt(row[templates.labels != digit].min()))
        clear = other / max(own, 1e-6) - 1 >= DIGITS.margin
        found.append(digit if bool((labels == digit).all()) and clear else None)
    return found


def test_the_classifier_asks_the_templates_only_where_they_decide() -> None:
    loaded = classifier.shipped()
    assert loaded is not None
    judged = digits_to_judge()
    described = np.stack([features(d) for d in judged])
    nearest = nearest_one_by_one(loaded.templates, described)
    assert loaded.templates.nearest_agree(described) == nearest
    expected = []
    for row, near in zip(loaded.network.probabilities(described), nearest, strict=True):
        digit = int(np.argmax(row[:NOT_A_DIGIT]))
        probability = float(row[digit])
        sure = probability >= DIGITS.sure or (near == digit and probability >= DIGITS.agree)
        expected.append(Vote(str(digit), sure, round(probability, 4)))
    assert classify(judged) == expected
    # the spoilt digits put some votes where the templates decide, both ways
    decided = [v for v in expected if DIGITS.agree <= v.probability < DIGITS.sure]
    assert any(v.sure for v in decided) and any(not v.sure for v in decided)


def plain_fill_mask(view: np.ndarray, background: np.ndarray, dark: np.ndarray) -> np.ndarray:
    """The plain way: numpy's booleans and a float product."""
    top = colours.channel_max(view)
    chroma = top.astype(np.int16) - colours.channel_min(view).astype(np.int16)
    own = int(background.max()) - int(background.min())
    far = (colours.distance(view, background) > COLOUR.ink_distance) | (
        chroma > min(255, own + PIECE.livelier))
    spread = chroma > PIECE.min_spread
    vivid = chroma > PIECE.dark_saturation * top.astype(np.float32)
    mask: np.ndarray = (far & spread & ((dark == 0) | vivid)).astype(np.uint8) * 255
    return mask


def plain_in_cell(dark: np.ndarray, fill: Rect, cell_side: float) -> bool:
    """The plain way: one fill's four sides sampled on their own."""
    cx, cy = fill.center
    half = cell_side / 2
    inset = max(1.0, cell_side * PIECE.outline_inset)
    reach = PIECE.outline_span * cell_side
    span = np.linspace(-reach, reach, PIECE.outline_samples)
    shares = []
    for dx, dy, along_x in ((-half + inset, 0, False), (half - inset, 0, False),
                            (0, -half + inset, True), (0, half - inset, True)):
        xs = np.broadcast_to(cx + dx + (span if along_x else 0), span.shape)
        ys = np.broadcast_to(cy + dy + (0 if along_x else span), span.shape)
        shares.append(pieces._sample(dark, xs, ys).mean())
    return sum(share >= PIECE.outline_share for share in shares) >= PIECE.closed_sides


@pytest.mark.parametrize("background", BACKGROUNDS)
def test_the_piece_mask_is_the_plain_one(background: tuple[int, int, int]) -> None:
    rng = np.random.default_rng(3)
    for image in images()[:-1]:
        for dark in (colours.dark_ink(image, np.array(background)),
                     rng.integers(0, 3, image.shape[:2], dtype=np.uint8) * 100):
            assert np.array_equal(pieces._fill_masks(image, np.array(background), dark)[0],
                                  plain_fill_mask(image, np.array(background), dark))


def test_the_pieces_outlines_are_sampled_as_one_by_one() -> None:
    rng = np.random.default_rng(5)
    for density in (0.2, 0.5, 0.8):
        dark = (rng.random((120, 160)) < density).astype(np.uint8) * 255
        dark[40:80, 30:34] = 255  # a solid outline's sides for some fills
        dark[40:80, 66:70] = 255
        dark[40:44, 30:70] = dark[76:80, 30:70] = 255
        fills = [Rect(float(x), float(y), float(w), float(w))
                 for x, y, w in rng.uniform((-10, -10, 8), (170, 130, 40), (40, 3))]
        fills.append(Rect(36.0, 46.0, 28.0, 28.0))
        for side in (20.0, 40.0, 44.0):
            found = pieces._in_cells(dark, fills, side)
            assert list(found) == [plain_in_cell(dark, fill, side) for fill in fills]
    assert len(pieces._in_cells(dark, [], 40.0)) == 0


def test_the_strong_ink_cut_picks_what_the_percentile_picks() -> None:
    from vision.ocr import _strong_cut
    rng = np.random.default_rng(11)
    for n in (1, 2, 3, 7, 10, 11, 57, 300, 1001):
        for values in (rng.integers(0, 256, n).astype(np.float32) / 2,
                       np.full(n, 40.5, np.float32), rng.random(n).astype(np.float32)):
            for percent in (0.0, 50.0, 75.0, 90.0, 99.0, 100.0):
                cut = _strong_cut(values, percent)
                assert np.array_equal(values >= cut,
                                      values >= np.percentile(values, percent)), (n, percent)
