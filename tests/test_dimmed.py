"""The dimmed "Level Completed" label matched whole against the game's fonts (vision.dimmed):
the number the matcher names, how clearly, and when vision.menus takes it."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzle.geometry import Box  # noqa: E402
from vision.dimmed import match_number  # noqa: E402


def _real_look_match(level: int, scale: float):  # type: ignore[no-untyped-def]
    from game.render import render_screen
    from vision import read_screen

    shot = render_screen("level_complete", level=level, scale=scale)
    reading = read_screen(shot.image)
    assert reading.level_label is not None and reading.scale is not None
    return match_number(shot.image, reading.level_label, reading.scale)


@pytest.mark.parametrize(("level", "scale"), [(7, 0.75), (11, 1.0), (11, 1.3), (14, 2.5)])
def test_the_practice_game_s_dimmed_label_matches_its_number(level: int, scale: float) -> None:
    """The real look's dimmed label, rendered by the practice game, matches its own number
    clearly: "11" too, whose footless "1"s Liberation Sans kerns closer (composed without
    the kerning, it matched "17", clearly)."""
    match = _real_look_match(level, scale)
    assert match is not None and match.number == level and match.clear, match


def test_a_label_the_templates_fit_poorly_is_not_clear() -> None:
    """At 0.6x the real look's "11" is drawn by the font at 13 px, hinted onto whole pixels,
    which the templates (drawn at 84 px and shrunk) do not model: it matches "41" best, but
    not clearly, so vision.menus would not take it."""
    match = _real_look_match(11, 0.6)
    assert match is not None and not match.clear, match


def test_a_blank_ground_matches_no_number_clearly() -> None:
    """Noise where a label would stand names no number clearly: the fit's gain is noise."""
    rng = np.random.default_rng(7)
    image = np.clip(rng.normal(70, 4, (120, 300, 3)), 0, 255).astype(np.uint8)
    match = match_number(image, Box(40, 40, 110, 16), 1.0)
    assert match is None or not match.clear, match


def test_without_the_templates_nothing_is_matched(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    """A checkout without templates/label.npz matches nothing: the views' doubt stands."""
    import vision.dimmed

    monkeypatch.setattr(vision.dimmed, "TEMPLATES", tmp_path / "label.npz")
    vision.dimmed._fonts.cache_clear()
    try:
        image = np.full((120, 300, 3), 70, np.uint8)
        assert match_number(image, Box(40, 40, 110, 16), 1.0) is None
    finally:
        monkeypatch.undo()
        vision.dimmed._fonts.cache_clear()


def _completed_case(seed: int):  # type: ignore[no-untyped-def]
    from bench.looks import cases, render

    return render(cases([seed], completed_screens=True)[0])


@pytest.mark.parametrize("seed", [61670])
def test_a_dimmed_label_the_views_left_doubtful_reads_matched(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A forced "Level Completed" look whose views left a dimmed "02" in a light ring
    doubtful: matched whole, the label reads exactly. The matcher alone makes the
    difference: without it the label stays doubtful. (61173's "11" read so too until a
    ringed label's match was no longer taken: its ring is dark, vision.menus._ringed.)"""
    import vision.menus
    from vision import read_screen

    shot = _completed_case(seed)
    assert read_screen(shot.image).level == shot.truth["level"]
    monkeypatch.setattr(vision.menus, "match_number", lambda *_: None)
    assert read_screen(shot.image).level is None


def test_a_match_closing_a_number_the_views_named_is_refused() -> None:
    """A thick ring leaves "03" and "08" a few pixels apart, where the templates and the
    screen differ as much: a match that is a closed form of another named number is not
    taken (nor a padded "0" closed into a 6, 8 or 9); the open form may be."""
    from vision.dimmed import closes_named

    assert closes_named(8, [3, 8]) and closes_named(16, [13, 15])
    assert closes_named(64, [4, 64]) and closes_named(94, [4])
    assert not closes_named(3, [3, 8]) and not closes_named(4, [64])
    assert not closes_named(12, [13, 17]) and not closes_named(8, [8])


def test_a_match_closing_its_own_runner_up_is_refused() -> None:
    """A dimmed "13" in a thin ring at 0.53x, JPEG 56: the views named only "18", and the
    matcher put "18" ahead of "13" by 7 % of its residual, over the share it then asked. A
    ring closes a "3" into an "8" by a few pixels, so a match that closes its own runner-up
    is refused like one that closes a number the views named. (A match this small and this
    close is refused since by COMPLETED.match_share_small too; the test of `takes` below
    holds the runner-up rule alone.) The label stays doubtful (or, where Tesseract's outcome
    differs by CPU, reads exactly), never "18"."""
    from vision import read_screen

    shot = _completed_case(64654)
    assert shot.truth["level"] == 13
    assert read_screen(shot.image).level in (None, 13)


def test_the_templates_blurred_as_the_capture_read_a_soft_label(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Random look 989's dimmed "03" in a thin dark ring (0.7x, JPEG 64): fitted sharp, the
    ring term stood in for the capture's blur and "03" led "08" by 1 % of its residual;
    with the templates blurred as resampling and JPEG blur text, by 7 %, and the label
    reads exactly."""
    from dataclasses import replace

    import vision.dimmed
    from bench.looks import cases, render
    from vision import read_screen
    from vision.settings import COMPLETED

    shot = render(cases([989])[0])
    assert shot.truth["level"] == 3 and read_screen(shot.image).level == 3
    sharp = replace(COMPLETED, match_blur=(0.0,))
    monkeypatch.setattr(vision.dimmed, "COMPLETED", sharp)
    assert read_screen(shot.image).level is None


def test_a_match_is_taken_as_named_or_opened_never_closed() -> None:
    """vision.menus takes a clear match the views named, or an open form of one they named
    (added ink closes a gap and never opens one: "01" for a named "61", "03" for "08"); never
    a closed form of a named number or of the matcher's runner-up, an unclear match, "00",
    or a number the views saw nothing of."""
    from vision.dimmed import Match, takes

    def clear(number: int, runner_up: int) -> Match:
        return Match(number, runner_up, llr=100.0, share=0.2, rival=runner_up, rival_llr=100.0,
                     rival_share=0.2)

    assert takes(clear(1, 7), [61, 91]) and takes(clear(3, 5), [8])
    assert takes(clear(12, 17), [12]) and takes(clear(5, 2), [6, 56])
    assert not takes(clear(8, 3), [8]) and not takes(clear(8, 5), [3, 8])
    assert not takes(Match(4, 94, llr=100.0, share=0.01, rival=94, rival_llr=100.0,
                            rival_share=0.01), [4])
    assert not takes(clear(0, 8), [0, 8]) and not takes(clear(4, 7), [1, 41])


def test_a_reading_the_matcher_beats_is_beaten_unless_its_best_closes_it() -> None:
    """vision.menus._beaten: the matcher's best beats a reading by Match.beats's bars
    (forced look 118178: "05" fitted 0.16 better than the "45" read undimmed), unless that
    best is the reading with gaps closed, a padded or inner 0 into a 6, 8 or 9 too (a ringed
    "03" at 2.1x-2.3x fitted "08" and "68" best, forced looks 54374 and 118392)."""
    from vision.dimmed import Match
    from vision.menus import _beaten

    def best(number: int, lead: tuple[float, float]) -> Match:
        leads = tuple((0.0, 0.0) if n == number else lead for n in range(100))
        return Match(number, 6, llr=0.1, share=0.0, scale=1.0, rival=96, rival_llr=92.0,
                     rival_share=0.04, leads=leads)

    far = (345.0, 0.16)
    assert _beaten(45, lambda: best(5, far))
    assert not _beaten(3, lambda: best(8, far)) and not _beaten(3, lambda: best(68, far))
    assert not _beaten(45, lambda: best(5, (10.0, 0.16)))  # too few pixels' worth of lead
    assert not _beaten(5, lambda: best(5, far)) and not _beaten(45, lambda: None)


def test_a_small_label_s_match_must_lead_further() -> None:
    """Under COMPLETED.match_small a digit is hardly taller than JPEG's 8 px blocks, and a
    match 7.6 % ahead was wrong there (a 0.54x "03" in a 1 px shadow, matched "01" in
    another font): it must lead by COMPLETED.match_share_small."""
    from vision.dimmed import Match
    from vision.settings import COMPLETED

    def match(share: float, scale: float) -> Match:
        return Match(1, 5, 100.0, share, scale, rival=5, rival_llr=100.0, rival_share=share)

    between = (COMPLETED.match_share + COMPLETED.match_share_small) / 2
    assert match(between, COMPLETED.match_small).clear
    assert not match(between, COMPLETED.match_small - 0.01).clear
    assert match(COMPLETED.match_share_small, 0.5).clear


def test_a_match_leads_its_rivals_not_its_own_closed_forms() -> None:
    """A "01" fits about as well as "61", its padded 0 closed (a few pixels of ink apart),
    and "03" as "08": how clear a match is, is measured against the best number it is no
    open form of (Match.rival), so a dimmed "Level 01" is not left doubtful for its "61".
    Forced "Level Completed" look 54269: an "01" in a 1.5 px dark ring at 1.14x under JPEG
    51, which no two views read alike, fits "01" 1 % ahead of "61" and 11 % ahead of "51";
    it reads exactly."""
    from bench.looks import cases, judge, render
    from vision import read_screen
    from vision.ocr import closed_form
    from vision.settings import COMPLETED

    shot = render(cases([54269], completed_screens=True)[0])
    reading = read_screen(shot.image)
    assert judge(reading, shot.truth) == ("exact", "") and reading.level_label is not None
    match = match_number(shot.image, reading.level_label, reading.scale)
    assert match is not None and match.number == 1 and match.rival is not None
    assert closed_form(f"{match.runner_up:02d}", "01") and match.share < COMPLETED.match_share
    assert not closed_form(f"{match.rival:02d}", "01") and match.clear


def test_a_small_label_matched_in_the_wrong_font_stays_doubtful() -> None:
    """Forced Level Completed look 73409: a dimmed "03" in Liberation Sans with a 1 px
    shadow, at 0.54x under JPEG 58, which DejaVu Sans Condensed's "01" fitted best, 7.6 %
    ahead of its runner-up. Under COMPLETED.match_small that is not enough: the label stays
    doubtful (or reads exactly, where Tesseract's outcome differs by CPU), never "01"."""
    from vision import read_screen

    shot = _completed_case(73409)
    assert shot.truth["level"] == 3
    assert read_screen(shot.image).level in (None, 3)


@pytest.mark.parametrize(("seed", "read"),
                         [(118178, 5), (54374, 3), (118392, 3), (118072, 8)])
def test_an_undimmed_reading_the_matcher_beats_is_not_taken(seed: int, read: int) -> None:
    """Forced "Level Completed" looks: 118178's "05" at 0.89x, doubtful in the views, read
    "45" sure undimmed, which the matcher's "05" beats: never level 45 (a doubt once, read
    "05" since "96", its zero and gap closed at once, is no rival: vision.ocr.closed_form). The
    ringed "03"s of 54374 and 118392 at 2.1x-2.3x, fitted "08" and "68" best, closed forms,
    still read undimmed. 118072's ringed "08" at 2.1x, which only the matcher read, was a
    doubt since a ringed label's match is not taken (vision.menus._ringed); the undimmed copy
    smoothed (COMPLETED.undim_blurs) reads it now."""
    from vision import read_screen

    shot = _completed_case(seed)
    reading = read_screen(shot.image)
    assert reading.level == read == int(shot.truth["level"]), (reading.level, reading.doubts)


def test_an_undimmed_00_names_no_level() -> None:
    """Seed 194333's look as "Level Completed" numbered 60 (a 1.5 px dark outline at 1.35x):
    the ring joins the "6" into a "0", every view reads "00", and the undimmed copy reads
    "00" sure. Levels count from 1: the "read 00" doubt names no level, and the undimmed
    "00" is not taken (it was, as level 0, sure and wrong)."""
    from dataclasses import replace

    from bench.looks import cases, render
    from vision import read_screen

    case = replace(cases([194333])[0], screen="level_complete", shown=60, placed=0,
                   misplace=0, completed=0)
    reading = read_screen(render(case).image)
    assert reading.level is None
    assert reading.doubts


@pytest.mark.parametrize("seed", [300062])
def test_a_large_ringed_label_is_read_undimmed_and_smoothed(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forced "Level Completed" look 300062: a dimmed "06" in a dark outline at 1.22x under
    JPEG 51, which no view read and the undimmed copy read "04" unsure, its stretched JPEG
    blocks breaking the fill inside the ring. Smoothed first (COMPLETED.undim_blurs), the
    undimmed copy reads "06" sure, a value the views named: the label reads exactly, and
    without the smoothing stayed a doubt on the machine it was found on. On an AMD EPYC
    without AVX-512 (whose Tesseract and OpenCV compute with other vector instructions) it
    reads "06" unsmoothed too: exact or doubted are both honest there; sure and wrong is not."""
    from dataclasses import replace

    import vision.menus
    from vision import read_screen

    shot = _completed_case(seed)
    assert shot.truth["level"] == 6
    assert read_screen(shot.image).level == 6
    monkeypatch.setattr(vision.menus, "COMPLETED",
                        replace(vision.menus.COMPLETED, undim_blurs=()))
    unsmoothed = read_screen(shot.image)
    assert (unsmoothed.level, bool(unsmoothed.doubts)) in ((6, False), (None, True))
