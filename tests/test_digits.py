"""vision.digits, the digit classifier beside Tesseract, and how vision.ocr weighs the two:
a sure answer only when the evidence agrees. The classifier is judged on a font it was never
trained on (pygame's FreeSans Bold; the real game's font is not among the shipped ones either):
sure and right on most of its digits, never sure and wrong."""

from __future__ import annotations

import random

import cv2
import numpy as np
import pytest

from tests.test_ocr import SCHEMES, render
from vision import digits as classifier
from vision import ocr
from vision._ocr_engines import Glyph
from vision.digits import NOT_A_DIGIT, Vote, classify, features
from vision.ocr import _verdict, normalise, read_labels, shown
from vision.settings import DIGITS, OCR, View


def one_digit(text: str, scheme: int = 0, height: int = 20) -> np.ndarray:
    """The normalised ink of a lone rendered digit."""
    name, ink, background, bold = SCHEMES[scheme]
    blobs = normalise(render(text, ink, background, bold, height))
    assert blobs is not None
    (digit,) = blobs.digits()
    return digit


def test_the_network_and_templates_ship_and_load() -> None:
    loaded = classifier.shipped()
    assert loaded is not None, f"missing {classifier.TEMPLATES}: run templates/make_digits.py"
    found = loaded.network
    described = features(one_digit("5")).size
    hidden = found.hidden.shape[1]
    assert found.hidden.shape == (described, hidden) and found.hidden_bias.shape == (hidden,)
    classes = NOT_A_DIGIT + 1
    assert found.out.shape == (hidden, classes) and found.out_bias.shape == (classes,)
    templates = loaded.templates
    assert templates.basis.shape == (described, DIGITS.dims)
    assert templates.features.shape == (len(templates.labels), DIGITS.dims)
    assert set(templates.labels.tolist()) == set(range(10))


@pytest.mark.parametrize("scheme", range(len(SCHEMES)))
def test_clean_digits_get_sure_right_votes(scheme: int) -> None:
    texts = [str(d) for d in range(10)]
    votes = classify([one_digit(t, scheme) for t in texts])
    assert votes is not None
    assert [v.text for v in votes] == texts
    assert sum(v.sure for v in votes) >= 9


def test_a_vote_is_sure_only_when_probable() -> None:
    votes = classify([one_digit(str(d), scheme) for d in range(10) for scheme in (0, 4, 9)])
    assert votes is not None
    for vote in votes:
        assert vote.probability < DIGITS.sure or vote.sure
        assert vote.probability >= DIGITS.agree or not vote.sure
        assert not vote.decisive or (vote.sure and vote.probability >= DIGITS.decisive)
    assert any(v.decisive for v in votes)


def test_no_ink_is_no_feature() -> None:
    blank = np.zeros((32, 20), np.uint8)
    assert not features(blank).any()


def test_a_sure_vote_and_one_tesseract_view_settle_a_digit() -> None:
    vote = Vote("7", sure=True, probability=0.999)
    glyph = _verdict([Glyph("7", 0.9)], vote)
    assert glyph.text == "7" and glyph.confidence >= OCR.doubtful


def test_tesseract_against_a_sure_vote_is_doubtful() -> None:
    vote = Vote("7", sure=True, probability=0.999)
    glyph = _verdict([Glyph("1", 0.95), Glyph("1", 0.9), Glyph("1", 0.92)], vote)
    assert glyph.confidence < OCR.doubtful


def test_tesseract_settled_against_the_nearest_template_is_doubtful() -> None:
    """An unsure vote still counts against: the views alone are not enough when the
    templates find another digit nearest."""
    vote = Vote("3", sure=False, probability=0.6)
    glyph = _verdict([Glyph("8", 0.95), Glyph("8", 0.9)], vote)
    assert glyph.text == "8" and glyph.confidence < OCR.doubtful


def test_tesseract_settled_with_the_classifier_barely_behind_is_doubtful() -> None:
    """Random look 4341: a red "3" 9 px tall read "2" in four of five views, sure, with the
    classifier naming "2" at 0.41: a vote that weak backs nothing (DigitSettings.backs)."""
    ballot = [Glyph("", 0.0), Glyph("2", 0.947), Glyph("3", 0.865), Glyph("2", 0.985),
              Glyph("2", 0.989)]
    weak = _verdict(ballot, Vote("2", sure=False, probability=0.41))
    assert weak.text == "2" and weak.confidence < OCR.doubtful and "3" in weak.alternatives
    backed = _verdict(ballot, Vote("2", sure=False, probability=DIGITS.backs))
    assert backed.confidence >= OCR.doubtful


def test_a_sure_vote_alone_is_not_an_answer() -> None:
    """Tesseract reading nothing is no evidence for the vote."""
    glyph = _verdict([Glyph("", 0.0), Glyph("", 0.0)], Vote("4", sure=True, probability=0.995))
    assert glyph.confidence < OCR.doubtful


def test_a_decisive_vote_stands_where_tesseract_reads_nothing_but_not_against_a_view() -> None:
    """A vote the network is decisive about counts twice once a view has been read: Tesseract
    reading nothing leaves it standing, one view reading another digit sure makes it a doubt,
    and before any view is read it settles nothing alone."""
    decisive = Vote("0", sure=True, probability=0.999)
    assert decisive.decisive
    assert _verdict([Glyph("", 0.0)], decisive).text == "0"
    assert _verdict([Glyph("", 0.0)], decisive).confidence >= OCR.doubtful
    assert _verdict([Glyph("6", 0.95)], decisive).confidence < OCR.doubtful
    assert not ocr._decided([], decisive)


def test_without_templates_tesseract_alone_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(classifier, "shipped", lambda: None)
    monkeypatch.setattr(ocr, "classify", lambda digits: classifier.classify(digits))
    crops = [render(t, (64, 64, 64), (185, 174, 111), False, 20) for t in ("7", "31", "0")]
    reader = ocr._Reader(ocr._reader().engine)
    assert [g.text for g in reader.read(crops)] == ["7", "31", "0"]


def test_a_heavy_digit_is_thinned_for_tesseract() -> None:
    """Text outlined in its own darkness comes out too heavy for Tesseract to read at all;
    the thinned view brings its strokes back to a reading weight."""
    digit = one_digit("9", height=32)
    heavy = cv2.dilate(digit, np.ones((3, 3), np.uint8), iterations=3)
    plain = shown(heavy, View(0.42))
    thinned = shown(heavy, View(0.42, stroke=0.16))
    assert (thinned == 0).sum() < 0.8 * (plain == 0).sum()


def test_heavy_outlined_digits_read_exactly() -> None:
    """Dark digits in a darker 1 px ring, as a game engine's UI text draws them: as distance
    from the background the ring is the farthest ink, and must not stand for the digit."""
    rng = random.Random(3)
    texts = [str(rng.randint(0, 9)) for _ in range(12)]
    crops = []
    for text in texts:
        image = render(text, (64, 64, 64), (185, 174, 111), True, 30)
        ink = np.any(image != np.array((185, 174, 111), np.uint8), axis=2).astype(np.uint8)
        ring = cv2.dilate(ink, np.ones((3, 3), np.uint8)) > 0
        image[ring & (ink == 0)] = (30, 30, 30)
        crops.append(image)
    glyphs = read_labels(crops)
    sure = [(g.text, text) for g, text in zip(glyphs, texts, strict=True)
            if g.confidence >= OCR.doubtful]
    assert all(read == text for read, text in sure), sure
    # measured 8 of 12: a ring fills the small counter of a bold "9", which then reads as nothing
    assert len(sure) >= 8, (len(sure), glyphs)


def _foreign_label(text: str, height: int, shear: float) -> np.ndarray:
    """`text` in pygame's own default font (FreeSans Bold: not one of the fonts the templates
    were drawn from), dark on tan, slanted by `shear` (x shift per row, as a share of y)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame.font
    import pygame.surfarray

    pygame.font.init()
    font = pygame.font.Font(pygame.font.get_default_font(), round(height / 0.72))
    background = (111, 174, 185)  # RGB
    surface = font.render(text, True, (64, 64, 64), background)
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    bgr = cv2.copyMakeBorder(np.ascontiguousarray(rgb[:, :, ::-1]), 6, 6, 12, 12,
                             cv2.BORDER_CONSTANT, value=background[::-1])
    h, w = bgr.shape[:2]
    slant = np.float32([[1, -shear, shear * h / 2], [0, 1, 0]])
    return cv2.warpAffine(bgr, slant, (w, h), borderValue=background[::-1])


def test_a_font_the_templates_do_not_know_is_never_read_sure_and_wrong() -> None:
    """The real game's font is not among the templates: digits in another font, upright or
    slanted as a distortion no template shows, must read right or be doubted, never a sure
    wrong digit (a sure reading is the classifier and Tesseract agreeing)."""
    texts = [str(d) for d in range(10)] + ["17", "28", "39", "40"]
    cases = [(text, height, shear) for text in texts for height in (12, 24)
             for shear in (0.0, 0.25)]
    glyphs = read_labels([_foreign_label(*case) for case in cases])
    wrong = [(case, g) for case, g in zip(cases, glyphs, strict=True)
             if g.confidence >= OCR.doubtful and g.text != case[0]]
    assert not wrong, wrong
    # and the font is no excuse to doubt everything: most of it reads
    sure = sum(g.confidence >= OCR.doubtful for g in glyphs)
    assert sure >= 0.5 * len(cases), (sure, len(cases))


def _foreign_digits(texts: list[str], height: int, shear: float, exact: bool = True
                    ) -> list[np.ndarray]:
    """Each text's normalised digits in FreeSans Bold (see _foreign_label); `exact`: as many as
    the text has characters."""
    found = []
    for text in texts:
        blobs = normalise(_foreign_label(text, height, shear))
        assert blobs is not None
        digits = blobs.digits()
        assert not exact or len(digits) == len(text), text
        found += digits
    return found


def test_the_classifier_alone_is_never_sure_and_wrong_on_a_font_it_never_saw() -> None:
    """FreeSans Bold is in no training picture: each digit, 12-40 px, upright or slanted,
    must be voted right or not sure, and most must be voted sure and right."""
    texts = [str(d) for d in range(10)]
    truth, votes = [], []
    for height in (12, 16, 24, 40):
        for shear in (0.0, 0.15):
            found = classify(_foreign_digits(texts, height, shear))
            assert found is not None
            votes += found
            truth += texts
    wrong = [(t, v) for t, v in zip(truth, votes, strict=True) if v.sure and v.text != t]
    assert not wrong, wrong
    sure = sum(v.sure for v in votes)
    # measured 79 of 80
    assert sure >= 0.8 * len(votes), (sure, len(votes))


def test_ink_that_is_no_digit_gets_no_sure_vote() -> None:
    """Letters and signs (a fragment of "Level", a stray mark) in a font the classifier never
    saw: it says "no digit" rather than naming the nearest digit sure."""
    shapes = _foreign_digits(["K", "M", "R", "W", "h", "k", "x", "#", "%", "?"], 24, 0.0,
                             exact=False)
    votes = classify(shapes)
    assert votes is not None
    assert not [v for v in votes if v.sure], votes


def test_a_probable_vote_stands_alone_once_every_view_read_nothing() -> None:
    """Tesseract reads a lone "0" (the padding of "05" and "Level 07") as nothing in most
    looks: once every view has read nothing, a vote of DigitSettings.unseen stands; before
    then, less probable, or against any view's read, it does not."""
    vote = Vote("0", sure=False, probability=DIGITS.unseen)
    blank = [Glyph("", 0.0)] * len(OCR.views)
    assert _verdict(blank, vote).text == "0"
    assert _verdict(blank, vote).confidence >= OCR.doubtful
    assert _verdict(blank[1:], vote).confidence < OCR.doubtful
    unsure = Vote("0", sure=False, probability=DIGITS.unseen - 0.05)
    assert _verdict(blank, unsure).confidence < OCR.doubtful
    templates_agree = Vote("0", sure=True, probability=DIGITS.agree)
    assert _verdict(blank, templates_agree).confidence >= OCR.doubtful
    against = [Glyph("6", 0.9), *blank[1:]]
    assert _verdict(against, vote).confidence < OCR.doubtful
