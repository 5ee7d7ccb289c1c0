"""Every tunable of vision in one place: one frozen dataclass per step, each field named and
explained (what it measures and why it has this value).

Naming: `<Step>Settings` is the class, `<STEP>` its default instance (GRID = GridSettings()).
Sizes on the game's logical 800x600 view are fractions of the cell side, of the grid's pitch
(cell plus gap: 48 logical px for 44 px cells) or of the game area, so they hold at every zoom;
colour distances are max-channel differences, 0..255. Importing this module has no effects.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ImageSettings:
    """What a screenshot file may be (vision.image): large enough to hold the game, small
    enough to decode safely."""

    min_width: int = 400  # the 800x600 game at 0.5x zoom
    min_height: int = 300
    max_side: int = 8192  # an 8K monitor; a BGR frame this size is 200 MB at most
    max_bytes: int = 256 * 1024 * 1024


@dataclass(frozen=True)
class LocateSettings:
    """Finding the game area in a whole screenshot (vision.locate)."""

    work_side: int = 640  # the long side of the downscaled copy that regions are found on
    flat_step: int = 10  # neighbour difference that still counts as the same flat colour
    # A median of this size first: a noisy capture (sensor noise, sigma 12 per channel) broke
    # every flat region into specks and no game was found; a median keeps the game's edges
    flat_median: int = 3
    aspect_tolerance: float = 0.06
    min_fill: float = 0.5  # of the bounding box covered by the region itself
    min_area_fraction: float = 0.01  # of the screenshot
    edge_colour_distance: int = 36
    # The edges are refined along the middle of each side (from `near` to `far` of it), where
    # no rounded corner or neighbouring window spoils them: a row or column belongs to the
    # game when at least `edge_share` of that middle shows its background.
    edge_probe: tuple[float, float] = (0.3, 0.7)
    edge_share: float = 0.5
    # Where the game was last seen (vision.locate.found_at): each edge is looked for this many
    # pixels either side of its old place; the game is there when every edge is found inside
    # that band with no background beyond it, and its size is unchanged.
    hint_band: int = 3


@dataclass(frozen=True)
class ColourSettings:
    """Colour tests (vision.colours): fractions of the background's brightness or distances."""

    ink_distance: int = 48  # max-channel distance from the background that counts as ink
    dark_fraction: float = 0.8  # darker than this fraction of the background's brightness
    grey_spread: int = 40  # max - min channel below this: a grey, not a colour
    blue_margin: int = 45  # blue channel above red and green by this much: blue ink
    # Blue text as a shape (vision.colours.blue_text): blue above red and green by this much
    # more than the background's own, and by at least `blue_text_min` (a light grey text
    # outline on a yellow background is bluer than it, but not blue).
    blue_text_margin: int = 40
    blue_text_min: int = 15
    # Blue too muted for blue text (vision.colours.muted_blue): bluer than the background by
    # this much more than its own, and darker than it by more than `muted_blue_dark` grey
    # levels of luma (a ringed blue sum's fill and darker outline mixed at half size); taken
    # as ink only in blobs with at most `muted_blue_touching` of their pixels beside other
    # ink (a label's ring beside its found digits: 85-98 %; random look 138974's "07": 1 %).
    muted_blue_margin: int = 20
    muted_blue_dark: int = 30
    muted_blue_touching: float = 0.5
    # ... and of at least this share of a cell's area (a digit's strokes: random look
    # 138974's "07" covered 0.10 of a cell, the specks of look 160871's blue "10"'s ring
    # 0.008 at most)
    muted_blue_least: float = 0.03
    white_min: int = 200  # every channel above this (relative to 255): white digits
    # Red digits (a broken rule): red above green and blue by this much. A pixel of the mask
    # must be clearly red (anti-aliased edges drift towards the background); a blob's median
    # colour is already a mean over those edges, so it needs less.
    red_ink_margin: int = 80
    red_colour_margin: int = 60
    # ... and, on a reddish background, above the background's own redness by this much.
    red_over_background: int = 40
    # A red given as a shape (vision.colours.red_text, looked for inside cells only): red
    # above green and blue by this much more than the background's own, and by at least
    # `red_text_min` (grey text and its anti-aliased edges lean 30 at most; the tinted
    # backgrounds are measured against themselves). Inside a cell a grey digit's edges blend
    # it with the ground, and lean no further red than the ground does: at 40 a red "4" at
    # 0.68x on a pink ground (lean 43), its thin strokes blurred to a lean of 60-90, was
    # lost but for a speck, and the given read as no digits (random look 244777).
    red_text_margin: int = 30
    red_text_min: int = 40
    # of a cell's area: a smaller blob of red text in a cell is JPEG's colour noise (5 px of
    # a 44 px cell at 0.75x on a salmon ground, random look 251031), no stroke of a digit
    red_text_least: float = 0.01
    # A cell shows a red number when this share of its middle is red ink: a digit's strokes
    # cover ten times that, specks of JPEG noise or anti-aliasing far less.
    red_cell_share: float = 0.02


@dataclass(frozen=True)
class GridSettings:
    """The cells' outlines and the lattice they stand on (vision.grid)."""

    min_side: float = 20.0  # logical pixels: cells from 0.45x to 2.2x the usual 44 px
    max_side: float = 100.0
    squareness: float = 0.12  # |w - h| over the side
    min_inside_fill: float = 0.6  # the inside of an outline with its digit's hole
    # The inside less its digit: a bold outlined digit thickened two pixels by the thicker
    # pass takes 0.4-0.5 of a small cell's inside (0.47-0.59 left at 0.56x), so only regions
    # below this are dropped unseen; the rest are measured with their holes (grid._solid).
    min_region_fill: float = 0.3
    size_tolerance: float = 0.12  # of the median side: all cells are one size
    # logical px the ink is thickened by, pass after pass, to close the gaps blur and JPEG
    # break into a thin outline (its inside leaks out through them)
    outline_grow: tuple[int, ...] = (1, 2)
    # ... and last, the ink darker than this fraction of the background's brightness (the dark
    # ink's COLOUR.dark_fraction is 0.8): a thin outline shrunk to 0.5x-0.6x keeps between 0.8
    # and 0.9 for runs of several pixels, too long to grow shut; its lines are this many
    # pixels wider than the dark ink's, as a pass grown by it (its insides 1-2 px smaller).
    # Grown too, the faint ink closes the gaps between cells into false ones (6 of 42 found
    # on random look 20145's board of 36 cells).
    faint_fraction: float = 0.9
    faint_grow: int = 1
    pitch_range: tuple[float, float] = (1.0, 1.4)  # pitch over side
    off_pitch: float = 0.2  # of the pitch: a centre further from the lattice is a doubt
    # An outline is found by its inside, smaller than min_side by the line's width: insides
    # down to this share of min_side count.
    inside_share: float = 0.7
    # An outline's line is measured across (from its inside outward this share of the inside's
    # width, less than the gap to a neighbour) and along the middle of each side, skipping
    # this share at both ends (corners, and arrows touching them).
    profile_reach: float = 0.12
    profile_skip: float = 0.3
    # One lone cell or a line of touching ones shows no pitch; the game's usual one (48 px
    # pitch for 44 px cells) is the best estimate, and only scales coordinates.
    usual_pitch: int = 48
    usual_side: int = 44
    # a pitch this much below pitch_range's low end ends the search: smaller ones only shrink
    pitch_slack: float = 0.95


@dataclass(frozen=True)
class LabelSettings:
    """Sum labels and the "Level NN" label beside the board (vision.labels)."""

    arrow_gap: float = 0.35  # pitch: the arrow stands this close to the end cell
    on_axis: float = 0.3  # pitch: a label's centre lies this close to the line's centre
    reach: float = 1.6  # pitch: digits end within this distance of the end cell
    digit_gap: float = 0.3  # pitch: a gap between parts of one label
    # pitch: ink blobs smaller than this are specks (JPEG noise, anti-aliasing), not text; a
    # digit at the smallest zoom still stands about 0.2 of the pitch tall.
    min_part: float = 0.06
    min_stroke: float = 2  # logical px: thinner blobs at a line's end are an outline's remains
    stroke_aspect: float = 8.0  # longer over its width: a stroke of outline, no digit or arrow
    min_stray_area: int = 8  # logical px: smaller blobs at a line's end are specks
    # pitch: beyond the arrow's place, coloured ink this tall alone on its line is a digit of
    # a label the finder lost (vision.labels._stray_ink); a blurred digit's core is 0.2
    stray_digit: float = 0.15
    label_corner: tuple[float, float] = (0.3, 0.11)  # of the game: where "Level NN" stands
    # A blob of a label's digits (width over height) narrower than `one_digit` is one digit,
    # wider than `two_digits` two touching ones; between, either (a bold "0" blurred at a
    # small zoom is 0.95 wide, two touching "1"s about 0.95 too: such a blob read as one
    # narrow digit, "1" or "7", is a doubt).
    one_digit: float = 0.85
    two_digits: float = 1.0
    narrow_digits: str = "17"
    # A sum's arrow is a solid isosceles triangle: its ink, compared with the triangle that
    # fills its own box pointing one way, overlaps it by at least this share of their union.
    # Measured on 200 generated layouts at 0.5x to 2.5x: arrows 0.74 and more, digits (a "4"
    # against a left arrow) 0.61 at most.
    arrow_match: float = 0.67
    # An edge row or column of a blob holding under this share of the ink of the one beside
    # it is a sliver (the outline wipe's leftover) that the triangle match is tried without.
    sliver: float = 0.4
    # A column's arrow (up or down) as flat as this (height over width; the game's is 0.5,
    # a digit's 1.2 or more, two merged digits' 0.85 or more) needs only this match: blur
    # at 0.5x rounds it into a dome that matches its triangle about 0.6.
    flat_arrow: float = 0.7
    flat_arrow_match: float = 0.5
    # A row's arrow that matches weakly: its ink overlaps its mirror image across the row by
    # this share of their union (a "1", its flag on top, about 0.7), its base quarter is
    # this full of the widest column's ink, and its tip quarter at most this full.
    arrow_symmetry: float = 0.85
    # A row's arrow too small to match a triangle (a few logical px, blurred round): a solid
    # blob (this share of its box) no wider than tall, at most this share of the height of
    # the digits that follow it (measured: small arrows 0.3-0.67 of them, a digit 0.9 and up).
    small_arrow: float = 0.75
    # ... or this much of the shorter digit, when exactly two digits follow it (a ringed arrow,
    # measured up to 0.93 at 0.66x: a digit there would make a third, which no label has)
    ringed_arrow: float = 0.95
    # ... or one blob this much wider than tall (two digits a ring merged: one digit is at
    # most 0.95, a ring or blur bringing it nearer 1), set at least `min_stroke` apart from
    # the blob before it. A pair with a narrow "1" merges narrow: "10" 1.29 at 0.5x, a blue
    # "12" 1.22 at 0.63x (random look 126114, its arrow 0.78 of their height). (1.3 once kept
    # random look 4200's row-3 "26", read "28" sure, a doubt; it reads exactly since.)
    merged_two: float = 1.15
    # ... and the blob before them at most this much of their height: a faint blue arrow
    # blurred at 0.61x with JPEG grows as tall as merged ringed digits (random look 3019: a
    # 7 x 15 bar before a 25 x 15 "03"). Two digits plainly merged (`merged_two`) leave no
    # room for a digit before them, as no label has three; taller than they are, the blob is
    # no arrow of theirs either. (Separate digits keep `ringed_arrow`: a blob as tall as each
    # of them may be a digit.)
    merged_arrow: float = 1.0
    small_arrow_solid: float = 0.6
    # Its base across the row is at least this much of the pitch (the smallest arrow's is 0.23,
    # its blurred core 0.16) and it is 3 logical px wide at least: a speck of noise is less.
    small_arrow_base: float = 0.1
    arrow_base_max: float = 0.5  # of the pitch: the largest arrow's base is about 0.3
    small_arrow_side: int = 3
    arrow_solid: float = 0.7  # of its box: blur fills a small arrow; digits keep gaps
    arrow_base_full: float = 0.75
    arrow_tip_thin: float = 0.6
    # An arrow's base is about twice its height, up to 4 times where the cell outline's wipe
    # took a small arrow's base row (0.55x); a blob narrower than 3 logical px or longer than
    # this over its width is a stroke, which any triangle matches.
    arrow_aspect: float = 5.0
    # An arrow's base (across the line) is longer than its height (along it) by at least
    # this (the game's: 2); digits, taller than wide, otherwise match up and down arrows.
    arrow_base: float = 1.25
    # A label whose arrow no test saw (vision.labels._arrowless), in pitches from the end
    # cell's edge: the game draws the arrow from the edge to about 0.2 out and the digits from
    # about 0.25 (0.23-0.35 measured at 0.5x-1.1x). Ink starting within `arrow_head` is the
    # arrow, alone when it ends within `arrow_head_long`; digits starting from `digits_from`
    # to `lost_digits` after no arrow (or a speck of one) lost theirs. A merged arrow is cut
    # where the blob narrows to this share of the ink beyond (its tip against the digits' ring).
    arrow_head: float = 0.15
    digits_height: float = 0.6  # of the pitch: a label's digits are less tall (0.35-0.45)
    arrow_head_long: float = 0.3
    digits_from: float = 0.2
    lost_digits: float = 0.45
    arrow_waist: float = 0.5
    # A faint blue arrow merged with its ringed digits without a waist (its blurred core only
    # in the ink, the ring's halo bridging the gap) is at most this share of the digits' ink
    # across the line (measured 0.43 and 0.5 at 0.5x); a game arrow drawn in full is 0.7 of
    # them or more, and a merged one of those shows a waist.
    arrow_step: float = 0.5
    # A light-blue arrow JPEG spread into a bar (its colour kept at half resolution, so the
    # blue mask is as wide at the tip as at the base; random looks 4200, 4333 at 0.62-0.93x)
    # keeps its triangle in luma, which JPEG keeps at full resolution: its pixels at least
    # this share of the blob's strongest luma contrast with the ground round it are the
    # arrow as drawn (half: the middle of a blurred edge is where the edge was). The blob
    # must show at least `shaded_contrast` grey levels of it (the arrow's luma against the
    # ground: below that JPEG's noise draws the shape).
    shaded_core: float = 0.5
    # A merged arrow is also cut where the blob's luma contrast falls to this share of the
    # fainter of the arrow's and the digits' (the halo that joined them: 0.06-0.26 measured
    # at 0.53x-0.58x; a digit's own strokes never fade so far between its ink and the next).
    arrow_valley: float = 0.35
    shaded_contrast: int = 24
    shaded_ground: int = 2  # logical px round the blob: its pixels of no ink are the ground
    number_width: float = 2.0  # of the line's height: the level number's two digits fit in it
    # When the level number's blobs after the widest space hold one digit only, the blob
    # before joins them if its own space is at least this share of that widest one
    # (vision.labels.last_word).
    number_space: float = 0.5
    # A blob before the level number's two digits is a third ("Level 105") when it is at
    # least this wide for its height (a "1" is 0.45, dimmed down to 0.29; the bare stroke of
    # the "l" ending "Level" measured 0.12-0.27 on 300 random looks) and the space before
    # it is at least this many times the one after it: the "l" stands a letter's space from
    # the "e" and the word's space (2-5 times a letter's) from the number.
    digit_least: float = 0.25
    merged_height: float = 0.85  # of the number's tallest blob: digits merged stand as tall
    # A level number's blob this much wider than tall is two digits merged (a sum's label
    # takes `merged_two`, set by its arrows): "Level 120" at 0.6x and "Level 170" at 1.9x
    # merged their last two digits 1.26-1.29 as wide as tall, counted as two digits in all,
    # and read "no digits"; one digit, a dimmed bold "0" blurred, measured up to 1.07.
    level_merged: float = 1.2
    # Two blobs of the number spanning at most this times its widest blob may be one digit
    # broken apart (a faint "0" into its arcs spans 1.0 of the "9" beside it).
    broken_digit: float = 1.15
    third_digit_space: float = 1.5
    # Three digits apart stand at least this share of their height apart, centre to centre
    # (vision.labels._advancing): a digit's advance is 0.74-0.93 of its height in the shipped
    # fonts, less where a ring or blur adds to the height (a dimmed, ringed "148" at 0.74x:
    # 0.69; "111" at 0.6x: 0.59); a broken "06"'s fragments stood 0.38-0.4 apart.
    digit_advance: float = 0.5
    text_height: float = 0.5  # of the tallest blob: shorter ones by the text are punctuation
    # A level number showing one digit lost its second to faint ink (vision.labels.lost_digit):
    # looked for within `lost_reach` of the digit's height after it, `lost_rows` of it above
    # and below; ink is darker than `lost_ink` of the digit's own (its `lost_percentile`
    # percentile of darkness), and the blob starts within `lost_gap` of the height and stands
    # `lost_height` of it at least. The real "Level 01" at 0.51x-0.53x: the 1's stroke 0.36-0.5
    # of the 0's darkness, 0.86-1.0 of its height, a pixel or two after it.
    lost_reach: float = 1.0
    lost_rows: float = 0.2
    lost_ink: float = 0.3
    lost_percentile: float = 95
    lost_gap: float = 0.45
    lost_height: float = 0.6
    # The level label's line ends at a space wider than this share of its height: "Level 01"
    # spaces its number about 0.4 of it, and where the Level Completed overlay hides all but
    # the "L" and a digit, the space left is "evel 0", up to 4.7 of it in a bold wide font.
    line_gap: float = 5.0


@dataclass(frozen=True)
class PieceSettings:
    """Pieces in the tray and on the board (vision.pieces)."""

    side_range: tuple[float, float] = (0.6, 1.1)  # fill side over the cell side
    # A board whose every cell holds a piece shows no outline to measure its cells by: they
    # are guessed at these times GridSettings.usual_side (each guess finds fills over
    # side_range of it: together 16-88 logical px), then measured by the pieces' pitch, or
    # else as the fills' median over `fill_share`, a fill's side over its cell's (36 px of
    # 44 in the real look; vision.read._cell_side).
    covered_guesses: tuple[float, ...] = (1.0, 0.6, 1.65)
    fill_share: float = 36 / 44
    # Two placed pieces' centres this many times a fill's side apart, along a row or a
    # column, stand a pitch apart: side by side (48 px over 36 in the real look; bordered
    # or outlined looks' fills are a little smaller or larger), not a cell or more between.
    pitch_over_fill: tuple[float, float] = (1.1, 1.7)
    # ... and every piece standing in a cell there must show its digit: this share of its
    # fill's middle this far from the fill's colour (a white "1" covers about a tenth of it;
    # the title's logo squares are plain fill)
    digit_ink: int = 60
    digit_share: float = 0.04
    # ... asked only where this many outlines of one size or fewer show
    covered_outlines: int = 2
    squareness: float = 0.15
    min_fill: float = 0.55  # the fill covers most of its box (the digit is a hole)
    # capture pixels a fill's width may differ from its height beyond `squareness`: one
    # gained or lost at each edge (level 8's light blue tray pieces at 0.5x-0.67x under JPEG
    # 50-60 read 33-36 x 41-43 logical px, their frames' tops and bottoms joined to them).
    edge_pixels: float = 2.0
    # of its box's width (height): rows (columns) at a fill blob's ends holding less are a
    # spur it is trimmed of (vision.pieces._trimmed); a fill's own edge rows hold nearly all.
    core_share: float = 0.5
    # of a fill blob's short side: how far its long side may miss a whole number of short
    # sides for it to be cut into that many pieces (vision.pieces._split). Pieces side by side
    # measure n x 1 sides to a pixel or two each (the real look at 0.46x: 92 x 44); a fill
    # with a smear along it misses by far more, and its parts must still be filled squares.
    split_slack: float = 0.15
    min_spread: int = 50  # max - min channel: a saturated fill
    # A fill's chroma (max - min channel) this far above the background's own counts as far
    # from it, whatever the colour distance: the piece fills' chroma is 120 or more (saturation
    # 0.6-1, lightness 0.4-0.6), a pale background's 30 or less.
    livelier: int = 48
    # A channel's difference from the background, less the shift all three channels share,
    # this large counts as far too (vision.pieces._hue_far): a fill of another hue than a
    # saturated ground. Ink's and the ground's own shades shift all channels alike.
    hue_distance: int = 36
    # ... and so does a max-channel distance from the background this large (under
    # ColourSettings.ink_distance) in the same pass: a fill of the ground's own hue, darker or
    # more vivid (random look 164475: orange on orange-brown, 43 at most; 160871: 31 apart
    # in hue). Its square must still hold a white digit; warm reads cost 1.6 % more (median).
    near_distance: int = 30
    # A fill found by its hue alone holds a white digit (vision.pieces._holds_white): this
    # share of its middle half at least has its dimmest channel this much above the middle's
    # median one, and stands as far from the ground as ink (a blue sum's fill inside its
    # darker ring is no lighter, and the ground between its digits is the ground).
    white_over: int = 40
    white_share: float = 0.04
    # (max - min) over max channel (HSV saturation) above which a dark pixel is a piece's fill,
    # not ink: grey ink (#404040 and tints of it, 0.4 at most) and the blue sums' ring (0.37)
    # stay below, pieces of any hue at lightness 0.4-0.6 and saturation 0.6-1 lie above 0.55.
    dark_saturation: float = 0.5
    outline_share: float = 0.6  # of a side's middle that must be outline ink: placed
    closed_sides: int = 3
    # An outline round a placed piece is sampled this far (of the cell side) inside the cell's
    # edge, at `outline_samples` points spread `outline_span` of the side either way of each
    # side's middle.
    outline_inset: float = 0.025
    outline_span: float = 0.2
    outline_samples: int = 9


@dataclass(frozen=True)
class ScreenKindSettings:
    """Telling the screens apart, and the buttons of those that are not a level
    (vision.screens, vision.menus)."""

    # A background this dark (brightest channel) is the "Level Completed" overlay: the real
    # one is 76 (#454c4c), any background dimmed under it at most 82, 114 after a brightening
    # gamma of 0.7; a level's background is 125 at the least (lightness 0.5, gamma 1.4).
    overlay_brightness: int = 120
    # of the way from the overlay's brightness to white: white text. Under half size the thin
    # strokes of "ext" in Next blur to a third of the way, and a word that loses its middle
    # letters falls apart into two; the overlay and anything dimmed under it stay far below.
    white_share: float = 0.3
    faint_ink: int = 16  # colour distance of the locked (dashed) buttons' faint grey
    button_side: tuple[float, float] = (0.035, 0.075)  # of the game width
    # of the game height: map buttons' rows (a map of 25 levels, five full rows, ends at 0.977:
    # cut at 0.95, random looks of 25- and 30-level packs read "a row missed" in 13 of 40)
    button_band: tuple[float, float] = (0.42, 0.99)
    # of the game width: the least side of a filled square that makes a screen with the logo a
    # map, not the title, even when no map can be read from it: a pack of 36 levels or more
    # shrinks its buttons under `button_side` (0.02 at 60 levels), and such a map was read as
    # the title, sure and wrong; also the floor of the second, smaller search for a map's
    # buttons (vision.screens.small_map_buttons)
    least_button: float = 0.012
    # screen px: a shrunk button smaller than this holds a check mark of 3 px or less, which
    # blur and JPEG leave no trace of; such a map stays a doubt
    least_button_px: float = 12
    # screen px: under this a button's check mark (a quarter of its side) is a few grey
    # pixels: the real map at 0.4x read completed levels open. While a level is locked the
    # states then follow the game's order (vision.screens.states_by_order), not the marks.
    mark_px: float = 24
    # brighter than the fill by this: the completed check mark. Measured as the corner's
    # n-th brightest excess over the fill (n: the pixels _state asks for) on 563 maps of
    # random looks shrunk under 0.75x: open buttons 9 at most, completed ones 16 at the
    # least. But at 1.0x under JPEG 57 and a darkening gamma 1.38 (random look 4233) an open
    # level 2 after a completed level 1 stood 15-30 over its fill and, at 15, was read
    # completed, sure and wrong, with no locked button to contradict it; so 30 stays, and a
    # corner between check_faint_margin and this is a doubt.
    check_colour_margin: int = 30
    # A corner only this much brighter than the fill (but not check_colour_margin) is a check
    # mark washed out by blur and a darkening gamma, or a fill's JPEG ringing: a doubt.
    check_faint_margin: int = 12
    # ... unless the same band's right half (no mark there, the same fill, blur, JPEG and
    # gamma) stands under check_faint_margin and the corner this much above it: then a mark
    # on one side only, completed. Measured as the corner's n-th brightest over the right
    # half's on 1,200 maps of random looks (600 of them under a darkening gamma): open
    # buttons 5 at most (random look 4233's 2: both halves bright), completed ones washed
    # into the faint band 21 at the least.
    check_mirror_margin: int = 15
    fill_match: int = 40  # colour distance within which a pixel belongs to a button's fill
    logo_band: float = 0.3  # of the game height: where the logo stands
    logo_square: tuple[float, float] = (0.012, 0.04)  # of the game width: one logo square
    logo_min_squares: int = 12
    logo_ink: int = 60  # colour distance from the green: the logo's squares are far from it
    logo_fill: float = 0.7  # of its box: a logo square is filled (letters' strokes are not)
    # The logo's squares stand 1-2 px apart at 0.5x: JPEG then bridges the gaps and the
    # squares read as letter-sized blobs. Up to this many 3x3 erosions part them again.
    logo_split: int = 1
    # of the game width: the game box's edge may catch a line of the browser's frame there
    frame_margin: float = 0.03
    # of the usual run: every map button is one size, so a run of another length is no button
    button_size_tolerance: float = 0.2
    # The map holds any number of buttons in rows of this many (a pack's map grows rows as
    # the real one does), every row full but the last, each row on the first row's columns
    # to within this share of a button's width.
    map_columns: int = 5
    column_tolerance: float = 0.25
    # The buttons' pitch over their side (64 px over 44 on the real map), for a map whose
    # first row shows one button only (the others locked and too faint to find): the lattice
    # is walked on it to find them.
    button_pitch: float = 64 / 44
    button_pitch_slack: tuple[float, float] = (0.88, 1.04)  # of that pitch: tried between
    # The spot after the last button found: ink this far from the map's green (colour
    # distance) on this share of its outline is a locked button a degraded capture left too
    # faint to find, so the map is a doubt (a level map would otherwise be read short, sure).
    slot_ink: int = 8
    slot_share: float = 0.15
    # A spot on the map's lattice whose outline has ink (as `slot_ink`, and darker than the
    # map) on this share holds a locked button too faint for the projections: measured
    # 0.53-0.73 on such buttons at 0.5x-0.7x and JPEG 50, 0.00 on the spot after the last.
    locked_outline: float = 0.35
    # of a button's side: how far a spot of the lattice walked from level 1's button alone
    # may move to meet its outline (vision.screens.lattice_buttons)
    lattice_shift: float = 0.08
    # of `button_pitch`: the pitch a lattice centred on the game gives level 1's button,
    # its side measured on its fill (a frame or bevel more or less: 1.51 times the fill of a
    # 53-level map's buttons at 1.5x), for the lattice to be walked at all
    lattice_pitch_slack: tuple[float, float] = (0.85, 1.2)
    # of the smallest button: a locked button's dashes leave short gaps that its digits do not
    # always cover; gaps under this are closed (buttons stand further apart than that)
    dash_bridge: float = 0.4
    speck_area: int = 6  # logical px: smaller blobs of the map's faint ink are JPEG noise
    # px of ink across a projection's whole breadth (all the buttons' columns, or rows): a
    # position with no more is a stray stroke, no row or column of buttons (whose ink there is
    # tens of px, a locked row's dashes several); only asked of a run too long for a button.
    thin_ink: int = 1
    edge_band: float = 0.1  # of the button's width: how near its edge ink counts as outline
    edge_ink: float = 0.25  # share of the outline with ink near it (dashes cover about half)
    fill_distance: int = 60  # the middle of a button this far from the green: filled, not dashed
    # of the fill's height and width: the band the completed check mark stands in, above the
    # digits in the fill's top-left corner
    check_corner: tuple[float, float] = (0.06, 0.26)
    play_size_tolerance: float = 0.25  # of its side: "play" is square to within this
    play_hollow: float = 0.5  # of its box: "play" is an outline, so its ink covers less
    word_gap: float = 0.6  # of the text height: a wider gap splits two words
    word_space_share: float = 0.5  # of the widest gap in the line: narrower ones split no words
    # logical px: the map's blobs smaller than this are specks; the "play" square it looks for
    # is about 36 px a side.
    map_min_part: float = 4
    # of the game height: Menu and Next stand in the lower half of the completed overlay, the
    # dimmed level label and board text above it must not count as words.
    words_top: float = 0.5


@dataclass(frozen=True)
class ReadSettings:
    """What every screen reader shares (vision.read, vision.crops)."""

    min_image_side: int = 32  # pixels: smaller cannot hold a readable game
    crop_margin: float = 0.15  # of a label's height, around its digits
    # A digit's fill: its ink (farther from the colour around it than `fill_ink` of the
    # farthest pixel) falls into two colours, fill and outline; the fill lies deeper inside
    # the strokes. Two colours closer than `fill_split` (max channel) are one: plain text.
    fill_ink: float = 0.5
    fill_split: int = 24
    # A fill nearer the background than half the ring's distance is no ink by that rule: the
    # ring's inside is then taken for it (vision.crops._enclosed_fill) when that holds at
    # least `enclosed_share` as many pixels as the ink, and its colour differs from the
    # background by `enclosed_fill` of the strongest ink's distance. (Measured: a ring's fill
    # 0.15-0.34 of its ink, a ringed "03"'s hole, where the fill counted as ink, 0.01-0.05.)
    enclosed_fill: float = 0.25
    enclosed_share: float = 0.1
    # of a blue sum's bluest pixel: less blue than this is its ring (see Shot.blue_crop)
    blue_floor: float = 0.45
    # A tiny label is read enlarged `enlarge` times (cubic) and smoothed over `enlarge_smooth`
    # of a native pixel (vision.crops.enlarged): JPEG's steps and specks fade, the strokes
    # stay whole, and the reader, which cuts digits at the crop's own size, no longer joins
    # them to the digits.
    enlarge: int = 3
    enlarge_smooth: float = 0.5


@dataclass(frozen=True)
class LevelSettings:
    """Reading a level screen (vision.level): the board, the tray, the sums, the buttons."""

    # Outlines between these times the cells' side are a cell misdrawn or misread (a doubt);
    # much smaller enclosed squares are text (the inside of a "Q", the Restart and Quit icons)
    # and much larger ones are the tray's or the window's frame.
    odd_outline: tuple[float, float] = (0.6, 1.6)
    # Of the pitch: ink this tall on a grid point between cells, where no outline was found,
    # is a digit of a cell whose outline was missed (vision.level.unoutlined); a digit
    # stands about 0.4 of the pitch, JPEG's specks and a leaf's edge a few pixels.
    loose_digit: float = 0.25
    # Cell outlines are wiped from the ink before the sums are looked for, so an arrow touching
    # an outline stands on its own: the wipe reaches this far (of the side) outside an outline
    # (its blurred edge) and stops this far inside it (a given's digit is left alone).
    outline_grow: float = 0.03
    outline_inset: float = 0.1
    # of the side: a given's digit stands this far inside its outline; ink nearer the outline
    # is the outline itself.
    given_inset: float = 0.12
    # of the fill's side: a piece's digit stands this far inside its fill, clear of its
    # rounded corners and frame.
    piece_digit_inset: float = 0.2
    # px: the Gaussian kernel a lone digit's one-colour view is smoothed with
    # (vision.crops.rejoined), so a 1 px core's anti-aliased gaps do not break it apart.
    rejoin_blur: int = 3
    # of the cell side: the piece's thin frame around its fill (1 px of a 44 px cell), so a
    # piece's box is the whole piece the mouse grabs.
    piece_frame: float = 1 / 44
    # colour distance from the background: a sum's pixels this far off are its ink, whose
    # colours say dark (line) or blue (placed); anti-aliased edges stay below it.
    sum_ink: int = 40
    # of a sum's ink (arrow and digits): this share or more clearly blue (blue above red and
    # green by COLOUR.blue_margin) makes it a blue `placed` sum. A dark label has no such
    # pixel (its anti-aliased edges take the background's tint, whose hue is never the blue
    # sums'): not one of 4,154 dark labels of random looks (seeds 0-999) and of the real look
    # at 0.4x-0.7x under JPEG 25-75, nor of 4,272 of random looks at 0.5x-0.9x (seeds 0-3999
    # and 16000-19999, level screens) and 4,661 of drawable random layouts (30000-31999).
    # A blue label keeps much of its ink blue even small: a ringed one over half at 1x, and
    # the least measured 5.5 % (random look 45347, a "12" at 0.52x; 8 blue labels of those
    # sets and of seeds 44000-45999 kept 5.5-23 %). At 0.25, those 8 were doubts ("scope
    # unknown"); at 0.04 all 8 frames read exactly. At 0.1, the real look's blue "12"
    # and "15" at 0.42x-0.58x, their footless "1" thin, kept 4.6-9.9 % blue and read dark
    # while dark_share was 0.1, and the rules settled their line's own total: 7 frames of
    # 1,200 read sure and wrong (real lab 40061, 40124, 40322, 40501, 40559, 40915, 41175).
    # A label whose blue is under `dark_share` is dark; between the two shares, the lean
    # below decides (from `lean_share` up), else its scope is unknown (a doubt).
    blue_share: float = 0.04
    dark_share: float = 0.01
    # ... unless its ink's median blue-over-red-and-green is this much above the background's:
    # blue labels between measured 31-36 (0.5x-0.6x, JPEG), and a shadowed "07" and a
    # light-ringed "12" at 0.51x-0.56x 13 and 17, 56 and 57 above it (random looks 120397,
    # 125874: doubts while the lean had to reach this much in itself too). A dark label's
    # ink leans up to 21 itself (3,274 of random looks 150000-151499, 99 % under 15), and
    # none of those showed 1 % of its ink blue (the most 0.4 %), nor of the 4,154 before;
    # on a blue ground one may (random look 128450: a "23" at 1.06x, 1.4 %), its ink leaning
    # less than the ground's (16 against 42): of unknown scope, a doubt.
    # Under `dark_share` a label leaning so, and this much in itself, is of unknown scope.
    blue_lean: int = 20
    # ... and the lean decides only from this share of blue up: dark labels may keep more
    # than `dark_share` after all (random look 209385: an "03" at 1.85x under JPEG 51 on
    # green, 1.1 %; 211305, 1 of 2,110 dark labels of random looks 211200-212199, 1.4 %),
    # their ink leaning 11 and -10 in itself but far beyond their grounds' (read blue, the
    # rules then made 209385's "03" a placed 0: sure and wrong). The blue labels of the band
    # kept 2.2 % and 2.6 % (above). From `dark_share` to this, the scope is unknown (a doubt),
    # but beside dark labels whose ink it matches (`dark_peers`).
    lean_share: float = 0.02
    # A label taken for dark is of unknown scope (a doubt) where its darkest ink (this
    # percentile of its ink's luma) lies under the ground by less than `dark_depth` of the
    # median depth of the level's other dark labels: the game draws every dark sum in one
    # colour, while a blue one that lost its blue to JPEG keeps its light luma (random look
    # 224755: a pale blue "02" with 2 of 241 ink pixels blue, 0.47 as deep as its level's
    # four dark sums; as plain blue on a lighter ground, about 0.52). Of 3,933 dark labels
    # beside other dark ones on the level screens of random looks 150000-151999, the least
    # deep lay 0.92 as deep as its level's others; of 2,557 on random layouts 30000-30999,
    # 0.71 (thick dark outlines and shadows at 2x, partly in a label's ink). The median ink
    # would not do: a light outline made one dark label 0.24 as deep as its level's others.
    depth_percentile: float = 10
    dark_depth: float = 0.6
    # A label of unknown scope with a few blue pixels (from `dark_share` to `lean_share`) is
    # dark beside this many dark labels of its level, its ink leaning blue at most `peer_lean`
    # beyond the most leaning of theirs (vision.level._dark_as_the_rest).
    dark_peers: int = 2
    peer_lean: float = 5
    # of a sum's ink: this share red (beyond the background's own red, and more than its
    # blue) is a broken rule's red digits, which say no scope.
    red_share: float = 0.25
    # of the game: Restart and Quit are the text lines right of this x and above this y.
    buttons_corner: tuple[float, float] = (0.75, 0.15)
    # ... each a line of two blobs or more, or of one this many times as wide as tall: a
    # word whose letters merged ("Quit" in a black outline: 1.8-2.1; two bold digits
    # touching, the widest other blob that may stand there, are about 1.3)
    merged_word: float = 1.6
    level_digits: int = 2  # the game pads the level number: "Level 07"
    # A doubtful level label on a level screen is read from its plain view's classifier votes
    # alone when each digit is this probable (vision.crops._votes_stand), as a dark sum's
    # (DigitSettings.dark_votes_alone). Measured on the labels of 633 level screens of random
    # looks (seeds 0-799): no plain-view vote named two wrong digits; 632 right ones reach it.
    label_votes_alone: float = 0.7
    # A level label read sure whose classifier vote is short of this is read in its other
    # views too, and doubtful when two of them, made from two pictures, vote the same other
    # digits (vision.crops._voted_otherwise). Measured on the 1,753 level labels read sure on
    # random looks' level screens (seeds 0-587, 1000-1999, 3000-3307, 90000-90599): it doubts
    # the two sure and wrong, "05"s read "06" (backed at 0.91 and 0.93), and no right one; one
    # view voting otherwise at DigitSettings.views_agree would have doubted three right ones.
    label_vote_backed: float = 0.95
    # A level label's reading that closes digits (a "6" for a "5", an "8" for a "3") this many
    # of its views' classifier votes name, however weakly, is doubtful (vision.crops.
    # ring_closed): a thin dark outline closes the "5" of "05" into Tesseract's sure "06",
    # while the votes of three or four views still name "05" at 0.09-0.70 (random looks
    # 29991, 32418: sure and wrong). On the level screens of random looks 40000-41999, no
    # right reading had even one view voting its open digits.
    label_open_votes: int = 2
    # ... and one holding such a digit ("6", "8") that no view's classifier vote backs at this
    # is doubtful too: at 1.07x the outline closed the "5" in every view, which voted "06" at
    # 0.51-0.78 (random look 35023, sure and wrong). Of 86 closed readings whose other views
    # were read (random looks 36000-37199, 40000-41999 and the known cases), the 83 right
    # ones were backed at 0.846 or more, the wrong ones at 0.72, 0.78 and 0.92 (the last
    # caught by `label_open_votes`). Not for a tiny label read enlarged, whose votes are weak
    # whatever the truth (vision.level._enlarged_crop).
    label_closed_backed: float = 0.8
    # ... and the pairs a ring closes in it beyond OcrSettings.ring_closes: a ring joining a
    # "6"'s hook to its bowl makes it an "8" (a numbered "Level 86" in a 1 px dark outline at
    # 0.79x under JPEG 50 read "88" sure in its darkness, two views of two pictures voting
    # "86" at 0.73 and 0.88: bench/looks.py --numbers, 195316), and a "9"'s tail the same
    # (by symmetry; not seen). Not for sums, whose puzzle rules check them: a level number
    # has no such check.
    label_ring_closes: tuple[tuple[str, str], ...] = (("6", "8"), ("9", "8"))
    # px: the Gaussian kernel the level label's fill is smoothed with for its smoothed views
    # (vision.level._level_crop), about the width of the JPEG speckles inside a thick outline.
    label_smooth: int = 3
    # The level label's dark core view (vision.crops.dark_core): the smoothing's sigma (px),
    # about a pixel, blends a thick dark outline with the thin fill inside it into one stroke
    # (on "Level 03" in a 1.5 px dark ring at 0.9x-1.03x, 0.8 and 1.2 px lost two of the three
    # sure readings); ink is at least this share as dark as the darkest pixel, or as the
    # strokes' core; the 15th and 85th percentiles of the ink's luma are its darkest and its
    # lightest (the stroke's core and its edges), robust to JPEG's specks.
    core_sigma: float = 1.0
    core_ink: float = 0.5
    core_percentiles: tuple[float, float] = (15.0, 85.0)
    # The level label's ringed fill view (vision.crops.ringed_fill): px of depth inside the
    # ink beyond which a pixel is inside a stroke, not on its edge blending into the
    # background through every luma; the least luma between the ring's level and the fill's
    # (JPEG's noise splits one plain colour by less); and how much deeper (px, mean) the
    # fill's level must lie than the ring's. On 800 lab labels in an outline (looks 20000+):
    # of 413 in a dark ring the view was made for 300 (255 of the 262 at 1.25x or more, 1 of
    # 60 under 0.8x), for none of 387 in a light ring; it read 291 right and sure, none wrong
    # in two digits. With no depth margin it was made for 399 and read 7 wrong (one digit).
    ring_edge: float = 1.5
    ring_split: float = 12.0
    ring_deeper: float = 0.5
    # ... but the view itself, one of a label's several, is made at this margin: a dark fill
    # in a near-black ring 1.5-2 px wide at 0.9x-1.05x, where two digits' rings join between
    # them, lay only 0.35-0.49 px deeper (random looks 166480, 166581, 167198: doubts); at
    # 0.3 they read. Level screens of dark-outlined looks (numbers rich in 0/3/5/6/8/9):
    # 1 more of 271 read exactly (176000-177499), none worse; 1,500 forced "Level Completed"
    # looks (118000-119499): 1 more. Whether a label shows a ring at all, which turns the
    # font matcher off (vision.level._matched_level, vision.menus), keeps ring_deeper: at
    # 0.3 there too, 2 of those 1,500 lost their reading.
    ring_view_deeper: float = 0.3
    # The level label's darkest ink view (vision.crops.darkest_ink) is made for digits under
    # this height (px, on the screenshot): the scale below which (0.8x, game.looks) an
    # outline is under a pixel and blurs into the digits' gaps rather than showing round
    # them (5241's at 0.53x: 9 px). Above, the view keeps a thin speckled core: a "01" at
    # 1.56x (lab look 20880) read "31" sure there and dissented from a sure "01". Ink is
    # what is at least `strict_ink` as dark as the darkest: on 61 lab labels in a dark ring
    # at 0.5x-0.8x Tesseract read 28 right and sure there, none wrong.
    strict_height: float = 14.0
    # Native px: a level label's digits shorter than this are read enlarged
    # (vision.crops.enlarged): the real screens' label at 0.4x-0.5x under JPEG, 8-10 px.
    enlarge_below: float = 11.0
    strict_ink: float = 0.7
    # Native px: a sum's digits shorter than this, left doubtful as cut, are read again
    # enlarged (vision.level._small_labels_enlarged): a sum under about 0.9x, where JPEG's
    # 8 px blocks are as large as a digit's strokes and gaps (the level label's 11 px is
    # the real screens' label; a sum's two digits are read as one crop, as wide again).
    sum_enlarge_below: float = 14.0
    # ... and a piece's digit shorter than this (drawn larger than a sum's: about 21 px at
    # 1x against 15): also about 0.95x.
    piece_enlarge_below: float = 20.0


@dataclass(frozen=True)
class CompletedSettings:
    """Reading the level number dimmed under the "Level Completed" overlay (vision.menus)."""

    faint_ink: int = 6  # colour distance of the dimmed level label on the overlay: the least
    # The dimmed text differs from the overlay by a few levels only: a pixel is ink above this
    # share of the strongest ink in the label's corner (its 99.5th percentile, so a hot pixel
    # does not set it).
    faint_share: float = 0.45
    ink_percentile: float = 99.5
    # of that threshold: a column of the label's line, smoothed, is inked from this share
    # (vision.menus._columns), so a digit the mask lost still shows in its columns.
    column_share: float = 0.5
    number_moved: float = 0.4  # of the line's height: about half a digit's width
    # of the game's height: the band along the game box's top and left edges where a line of
    # the dark frame round the game may show (the real screenshot at 0.55x: a 3 px line set
    # the threshold above the label's ink). The label stands about 0.03 from the top.
    frame_band: float = 0.01
    close: int = 2  # px: the faint mask's letters break up; closing joins their fragments
    min_part: float = 3  # logical px: smaller blobs of the faint mask are noise
    # Where the mask found no line of text, the darkness is smoothed by this Gaussian sigma
    # (logical px, about a stroke's half width) and thresholded again, at least at
    # `smoothed_ink` (smoothing spreads a letter's few levels thinner).
    speck_blur: float = 1.0
    smoothed_ink: float = 1.0
    # JPEG noise is as strong as this faint ink: the screenshot is smoothed over about a
    # stroke's width first; the digits stand this many strokes tall.
    strokes_per_height: int = 6
    # of the digits' height: the faint mask may miss a digit's outer strokes, so the crop is
    # widened by this much for OCR to see them whole.
    widen: float = 0.25
    # The dimmed label is read from its views' classifier votes (vision.menus._by_votes) only
    # when the two strongest average at least this: at 0.7 each, 3 of 25 such readings on
    # 1,000 forced "Level Completed" random looks were wrong (the most probable pair 0.86 on
    # average), right ones 0.90 and more in 17 of 22.
    votes_agree: float = 0.9
    # A dimmed label left doubtful is read when every distinct view of every pass names the
    # same two digits, Tesseract and the classifier alike (vision.menus._consensus); one
    # view's vote may name others, under this probability. On 3,000 forced "Level Completed"
    # looks (seeds 60000-62999) the rule named the truth on 2,407 exact readings and 10
    # doubts, and nothing else (two views dissenting at any probability: one wrong, "64").
    dissent: float = 0.5
    # Native px: a dimmed label's digits shorter than this are read enlarged
    # (vision.crops.enlarged) before they are read as cut: at 8-12 px JPEG's blocks break the
    # faint strokes.
    enlarge_below: float = 14
    # Native px: a dimmed label's digits this tall or more, read closed, are doubted where one
    # view reads them open (vision.menus._faint_level): a ring 1.5-2 px wide, grown with the
    # zoom, fills a "3"'s gaps in every view but its fill's (random look 128647, 1.44x).
    # Smaller, the overlay fades a stroke away as well: a "06" at 0.82x read "05" in one
    # view (forced "Level Completed" look 118925; from 14 px its doubt let the matcher's
    # clear "05" stand, sure and wrong).
    one_view_opens: float = 20
    # A dimmed label no smaller than that, left doubtful, is read again as a level screen's
    # label on an undimmed copy of its surroundings (vision.menus._undimmed): its ink's
    # difference from the overlay stretched to this much, on a light grey ground, and taken
    # when read at least `undim_sure` and as a value the views named. Stretched, JPEG's blocks
    # in the faint ink stand out too: on forced "Level Completed" random looks of seeds of our
    # own (`lc-N`), read at every size 8 of 900 doubts read right and 5 wrong (all under
    # 0.75x); at 14 px and more, 4 of 900 right and none wrong, then on 900 held out 6 right
    # and 1 wrong, a blocky "04" read "01" at 0.76 (at 1.46x, JPEG 51), where the right ones
    # read 0.5-0.999, 7 of 10 at 0.89 or more.
    undim_contrast: float = 150
    undim_ground: int = 200
    undim_sure: float = 0.85
    # ... and read again so, still doubtful, with its differences first smoothed by each of
    # these Gaussian sigmas (px): stretched, the faint ink's JPEG blocks stand out as the
    # strokes do, and a digit's fill inside a ring breaks into specks (a ringed "06" at 1.22x
    # under JPEG 51 read "04" unsure, smoothed "06" sure; forced looks 300000-300799).
    undim_blurs: tuple[float, ...] = (0.7, 1.0)
    # A label still doubtful is matched against the game's fonts as drawn (vision.dimmed):
    # the effects tried round the text (logical px: an outline's reach, a shadow's offset),
    # the zooms about the game's own (linspace: first, last, count), the blurs the capture's
    # resampling and JPEG may have added (Gaussian sigmas, screenshot px), how far each
    # number's fit may move from where the word "Level" fits (px), and the ground round the
    # text fitted with it. Its best number is taken when the views named it, it closes no
    # other number they named nor its own runner-up (vision.dimmed.closes_named), and its
    # residual lies under the runner-up's by `match_llr` times the fit's noise and by
    # `match_share` of its own. Measured on the labels the views left doubtful in forced
    # "Level Completed" looks. Without blurs: 0.04 read 105 right and 2 wrong (at 0.042 and
    # 0.045) of 369 labels of 60000-62999 and 66000-68999, 0.05 80 right, 0.06 68, none
    # wrong. With them, 0.06 read 57 of 196 labels of 60000-62999 (32 without) and 112 of
    # 439 of 63000-68999 (83), none wrong once the runner-up rule refused "18" for 13 (at
    # 0.072); then, held out, 32 of 139 of 69000-70999 (17 without), none wrong, where 0.03
    # read one wrong (at 0.038), and 0.05 42. So 0.05 was tried on 150 labels of
    # 71000-72999, held out too: 56 right (0.06: 44), none wrong (none down to 0.03). On
    # 134 more, 73000-74999, it read 43 right and one wrong: a 0.54x "03" fitted best as
    # another font's "01", 0.076 ahead. Wrong matches lead further on small labels: of 392
    # taken on all these, the 1 wrong was under 0.6x, and on those with a share over 0.02
    # 3 of the 5 wrong (0.027-0.076) against none over 0.027 from 0.6x up. So under
    # `match_small` a match needs `match_share_small`, a margin over 0.076 as 0.05 is over
    # 0.027-0.038: 315 right then, none wrong (a number the views may have closed counted
    # as named, vision.dimmed.takes). Held out last, 142 labels of 75000-76999: 55 right,
    # none wrong. The noise alone overstates how clear a match is: JPEG's and the
    # templates' errors are no independent pixels (wrong ones at 220 times it).
    # Since then the margins are taken over the best number that is no closed form of the
    # best (dimmed.Match.rival: "07" rather than "61" for a "01"), and the views' every
    # reading counts as named: forced looks 54000-55499, 1,391 / 106 / 3 -> 1,410 / 87 / 3.
    label_font: int = 21  # logical px: the level label's font size (game.theme.FontSizes.label)
    match_effects: tuple[tuple[str, float], ...] = (
        ("outline", 1.5), ("outline", 2.5), ("shadow", 1.0), ("shadow", 2.0))
    match_zoom: tuple[float, float, int] = (0.9, 1.1, 11)
    match_blur: tuple[float, ...] = (0.0, 0.5, 0.9, 1.4, 2.0)  # Gaussian sigmas, screenshot px
    match_slack: int = 2
    match_margin: float = 3  # logical px of ground round the drawn text, in every fit
    match_llr: float = 20
    match_share: float = 0.05
    match_small: float = 0.6  # the game's zoom: under it the label is 10 px tall or less
    match_share_small: float = 0.1
    # A sure reading that closes another number (vision.menus._matched_open) is in doubt when
    # the matcher fits that number as well as it, within this share of its residual: a
    # dimmed "05" in a 1 px dark outline at 0.75x, read "06" by every view, fitted 0.020
    # behind (random look 186562, sure and wrong at 0.01). Right readings' open runner-up
    # stood 0.035 or more behind on forced looks 60000-62399; on 800 more (199000-199799,
    # levels 3, 5, 6, 8 and 9 only) at 0.023 and 0.027 once each, no wrong one in between:
    # 0.025 doubts one of them.
    open_tie: float = 0.025
    # (open, closed): digits the closed one reads as when the overlay fades some of its
    # strokes away, where no ring adds ink (vision.menus._closed_named): an "8" that lost its
    # left half reads "3", its top right "6"... more than a ring's closings
    # (OcrSettings.ring_closes), as a stroke may fade anywhere.
    faded: tuple[tuple[str, str], ...] = (
        ("3", "8"), ("5", "6"), ("5", "8"), ("5", "9"), ("3", "9"), ("6", "8"), ("9", "8"),
        ("0", "8"))


@dataclass(frozen=True)
class View:
    """One way to show a digit to Tesseract: its ink scaled by `scale`, then thresholded at
    `level` of full ink strength, its strokes thinned to `stroke` if heavier."""

    level: float
    scale: float = 1.0
    # strokes heavier than this share of the digit's height are eroded to it (None: as drawn)
    stroke: float | None = None


# Measured (tests/test_ocr.py material, one view at a time, 3319 normalised digits): thin
# strokes (level 0.5) read the tiny digits best, bold ones (0.35) miss fewer large ones, and
# bold strokes a little smaller or larger than the normalised height misread least (2 of 3319).
# Tesseract's misreads ("1" as "4" at 0.97) and blanks differ from view to view, so further
# views are read only while no two agree on a digit.
_VIEWS = (View(0.42, stroke=0.16), View(0.5), View(0.35), View(0.6, stroke=0.2),
          View(0.5, scale=1.25, stroke=0.14), View(0.35, scale=0.8), View(0.35, scale=1.25),
          View(0.35, stroke=0.16), View(0.5, 0.8), View(0.5, stroke=0.12), View(0.42, scale=0.7),
          View(0.6))


@dataclass(frozen=True)
class OcrSettings:
    """Reading label crops (vision.ocr, vision._ocr_engines): sizes in pixels of the
    normalised digit, thresholds for ink, the views and the vote."""

    doubtful: float = 0.5  # a glyph's confidence below this: do not act on it
    digit_height: int = 32
    margin: int = 10
    min_contrast: int = 8  # largest colour difference in the crop; below it the crop is blank
    min_height_fraction: float = 0.6  # of the tallest blob: shorter ones are not digits
    # Blobs stacked in one column (sharing this much of the narrower one's width, and at most
    # `stacked_overlap` of the shorter one's rows), each at least `stacked_part` of the
    # tallest blob's height tall and wide, are the halves of one broken digit (vision.ocr).
    same_column: float = 0.6
    stacked_overlap: float = 0.25
    stacked_part: float = 0.3
    stacked_gap: float = 0.2  # of the tallest blob: the most the halves stand apart
    ink_share: float = 0.5  # of the farthest ink: a pixel this far from the background is ink
    # of a label crop: digits (bold, outlined, cut tight) cover less; more is a frame's inside.
    # Measured on random looks: two digits in a 2 px ring cut tight cover up to 0.77.
    max_ink_cover: float = 0.85
    max_digits: int = 2
    sum_digits: int = 2  # the game draws every sum in two digits, padded: "05" (game.layout)
    # The leading digits a padded "0" of a tiny level label (8-14 px, read enlarged) is read
    # as when JPEG fills its gap or pinches its middle: a sure reading so stays doubtful, on
    # the level screen (vision.level._closed_zero_doubted: the real "Level 04" at 0.52x read
    # "64" at 0.985, voted 0.67) and dimmed under the overlay (vision.menus._unsure_when_small:
    # "64" for 04, "63" for 03 read sure in every view).
    closed_zero: str = "689"
    # Digits whose gap an outline, a shadow or blur closes, each with the digit it then looks
    # like: "3" into "8", "5" into "6" (the misreadings of outlined labels the benches keep
    # finding). Added ink closes a gap; it does not open one, so a reading that is a closed
    # form of what other views name is the one in doubt (vision.ocr.closes).
    ring_closes: tuple[tuple[str, str], ...] = (("3", "8"), ("5", "6"))
    full_ink_percentile: float = 75  # of the digits' colour difference: their full colour
    min_digit_width: float = 0.6  # of the height: narrower digits are padded to it
    # At the normalised height, one digit is at most this wide relative to its height: a wider
    # blob is two touching digits.
    single_digit_aspect: float = 0.95
    # A pair of touching digits is cut at the thinnest column of its middle third; another
    # column there this nearly as thin that reads as other digits leaves the label unsettled
    # (vision.ocr._rival_reading). Of the touching pairs in seeds 0-599's sum views, 12 of 23
    # with such a rival read wrong by the classifier, 65 of 862 without; the sums' readings
    # lost 2 of 1,864 labels to doubt, and seed 3094's ringed "06" read "03" sure is doubted
    # (at 1.2 a sure "05" of tests/test_ocr.py's JPEG ratchet was doubted too).
    split_rival: float = 1.1
    rival_vote: float = 0.5  # of each half of a rival cut: less, and the rival is no reading
    segment_level: float = 0.42  # where digits are told apart: every view sees the same digits
    views: tuple[View, ...] = field(default=_VIEWS)  # in the order they are read
    vote_floor: float = 0.5  # Tesseract's confidence below which a view's read is no vote
    unsettled: float = 0.3  # the most confidence a digit gets when its views never agreed
    # a label read sure below this is read in its other views too (vision.crops.read_crops):
    # a view reading other digits sure makes it doubtful
    recheck: float = 0.97
    # a label with an unread digit or too many digits is at most this sure
    incomplete: float = 0.2
    # What a doubtful label keeps of the other texts its views and the classifier named, for
    # the puzzle's rules to choose among (vision.resolve): a read too unsure to vote still
    # names its digit with at least this weight, and a label keeps at most this many.
    named_floor: float = 0.1
    max_alternatives: int = 12
    cache_size: int = 4096
    # One thread per tesseract: OpenMP start-up costs more than it saves on glyphs this small
    # (measured: a sheet of 30 glyphs 150 ms with it, about 500 ms without). Applied when the
    # engine opens, unless the user set OMP_THREAD_LIMIT.
    omp_thread_limit: int = 1


@dataclass(frozen=True)
class ResolveSettings:
    """The puzzle's rules choosing among a level's doubtful digit readings (vision.resolve)."""

    # Bounds on the search: every combination of the doubtful elements' candidates is one
    # puzzle built and one solver call (a few ms), so a frame costs at most this many.
    max_elements: int = 4
    max_combinations: int = 64
    # Solver calls in all, the check that the rules pin each element included (every value
    # a sum's line can make, 46 at most, or ten for a digit): about 3-10 ms each.
    max_solves: int = 150
    # A doubtful sum is pinned when every answer of the puzzle without it gives its line the
    # one total: listed up to this many answers (each a fraction of a solver call), beyond
    # which each total the line can make is tried alone instead.
    answers_listed: int = 48
    # Where the rules allow a doubtful sum's line several totals, the classifier's votes on
    # its most telling view choose one when its share of their weight over the totals that
    # solve is at least `votes_share`, and its own probability `votes_least`
    # (vision.resolve.weigh). On 79 such sums of seeds 0-7799 no wrong total reached 0.9.
    # The same shares hold for the votes pooled over several views (vision.level._pooled),
    # weighed where one view's chose nothing: on 128 weighed sums (labs and looks 0-7799)
    # the heaviest wrong combination listed there held 0.73 of what solves.
    votes_share: float = 0.95
    votes_least: float = 0.05
    # A sum read sure whose classifier vote names the same digits this probably is not
    # opened again when the level read has no answer (vision.level._sum_readings): the
    # fault is then elsewhere (a cell and its piece missed, a blue sum read as dark), and
    # the rules, choosing the total that fits the faulty rest, read it sure and wrong (real
    # look 40071 at 0.63x: a "32" read at 0.998, voted 0.9996, settled to 24, a placed piece
    # and its cell unseen). The suspects become doubts instead. The wrong sure sums of the
    # real lab 40000-40599 were voted 0.93 at most (40169: "25" for 35), those the rules
    # corrected not at all (40449: "06" for 05, no vote).
    unquestioned: float = 0.99
    # A sum settled at a total its views never named is a doubt where a total they named
    # fits its pixels (vision.fitted) better by this share of that total's residual
    # (vision.resolve.misfitted). Of the 142 such settlements among the level screens under
    # 0.75x of random looks 120000-139999, 23 of the 140 right ones had a named total fit
    # better, by 0.156 at most (a "02" beside a named "03"); the 2 wrong ones by 0.15 and
    # 0.05 (135782, 136190: `rivalled` doubts those), held-out 221374's by 0.20 and 0.49.
    # Where the views named nothing, any total: of 26 such settlements under 0.75x of
    # 120000-131999, all right, the best other total fitted 0.069 better at most; held-out
    # 224755's pinned 13 fitted 0.86 worse than its "02".
    misfit_share: float = 0.25
    # The combinations that solve are listed by the solver (one check each) among each
    # sum's likeliest totals, those holding all but a tail of its weight; the rest count as
    # a rival of that weight. Three sums at 0.002 each leave out at most 0.6 % of the weight
    # of every combination; look 191's solving ones hold 28 % of it, so the rival is 2 % of
    # theirs, and its choice at 0.994 of what solves still stands (0.978). Where votes favour
    # combinations that solve nothing, what solves holds so little that the tail alone
    # outweighs the rest (lab look 20222: 5 % of the weight solves); only then the listing
    # is made again with a tail 200 times thinner.
    votes_tails: tuple[float, ...] = (0.002, 1e-5)
    # ... and at most this many combinations (each one check of one solver, 3-20 ms; the
    # three sums of look 191 make 35 among all their totals): more and no choice is made.
    votes_listed: int = 40


@dataclass(frozen=True)
class FittedSettings:
    """A doubtful sum's total fitted whole as the game's fonts draw it (vision.fitted), where
    the rules allow its line several totals (vision.resolve.fit)."""

    # logical px: a sum's font size (game.theme.FontSizes.sum) on a grid of the game's usual
    # pitch (GridSettings.usual_pitch): a sum's em is 21/48 of the pitch found
    sum_font: int = 21
    # the effects tried round the digits (logical px: an outline's reach, a shadow's offset;
    # none is the fit's ring weighed 0), the zooms about the em the pitch gives, and the
    # blurs a capture's resampling and JPEG may have added (Gaussian sigmas, screenshot px)
    effects: tuple[tuple[str, float], ...] = (
        ("outline", 1.5), ("outline", 2.5), ("shadow", 1.0), ("shadow", 2.0))
    zooms: tuple[float, ...] = (0.95, 1.0, 1.05)
    blurs: tuple[float, ...] = (0.0, 0.5, 0.9, 1.4)
    slack: float = 0.3  # em: how far round the digits' box the fit may place them
    margin: float = 3  # logical px of ground round the drawn digits, in every fit
    largest_em: float = 24  # px: a larger sum is shrunk to this em first
    # The best total is taken when its residual lies under every other total's the rules
    # allow by this share of its own. Measured with every fit taken (a share of 0) on the 79
    # sums fitted in random looks 0-1999 and 44000-47999, random layouts 30000-30999 and
    # real-look captures 77000-77399 and 78000-78399: the 12 wrong bests led by 0.032 at
    # most (small ringed blue sums of the real look at 0.5x-0.67x, a "12" best fitted as
    # "15" or "16", an "03" as "09"; a dark "15" as "18", an "08" as "06"), the 67 right
    # ones by up to 0.65, 38 of them by 0.06 or more: about twice the worst wrong lead.
    share: float = 0.06
    # ... or by this share where the best is a total the sum's own views or votes named
    # (Doubt.candidates), the only one of the totals allowed that they named: two readers
    # that fail apart agree. On 2,400 level screens at 0.5x-0.62x (docs/vision.md) such bests
    # read wrong led by 0.026 at most; where the views named two allowed totals, by 0.031.
    named_share: float = 0.04
    # A sum's digits box narrower than this over its height holds one digit, not the two
    # every sum is drawn with: the label finder lost the other (random look 29645: a blue
    # "23" on a sky-blue ground, its "2" broken and half taken for the arrow), and a fit
    # round the one digit left judges the totals on half their pixels ("21" led "23" by
    # 0.065). The digits' boxes of 4,413 sums found in random looks 0-1499 stood 1.06 to
    # 1.87 times as wide as tall (median 1.54); one digit stands 0.3-0.75.
    two_digits_aspect: float = 0.9
    # (open, closed) digits: OcrSettings.ring_closes and a "5" whose upper notch a ring shuts
    # into a "9". A best fit that is its runner-up with such a gap closed is not
    # taken, however far it leads. A ring and blur add ink round a small sum's digits and
    # never take it away, and the templates' rings fit a closed shape as well as the screen's:
    # random look 232539's ringed blue "05", 6 px tall at 0.52x, fitted "09" 7.3 % better
    # where the rules allowed 5 or 9 (its upper notch closed), sure and wrong. A lab of about
    # 2,100 random looks shrunk to 0.5x-0.62x (seeds 236000-238420, every fit logged: 139
    # sums, 92 bests taken) held 6 bests that closed their runner-up (four "09" over a true
    # "05", "26" over 25, "18" over 13 where the truth, 19, was not allowed), all wrong, and
    # no right one.
    ring_closes: tuple[tuple[str, str], ...] = (*OcrSettings.ring_closes, ("5", "9"))


@dataclass(frozen=True)
class DigitSettings:
    """The digit classifier beside Tesseract (vision.digits, templates/digits.npz)."""

    side: int = 24  # px: a digit squared up and shrunk to this for its description
    pad: int = 2  # px of empty border round it, so the outer strokes have gradients
    hog_cell: int = 6
    hog_bins: int = 9
    # The aspect (width over height) is a feature too, weighted against the HOG's 324 values
    # (each under 1): a "1" and a "7" differ most in it.
    aspect_weight: float = 1.0
    # A vote is sure when its digit's probability is at least this. Chosen on fonts no
    # training digit was drawn in (templates/make_digits.py --judge): at 0.99 one digit in
    # about 14,000 was wrong there, and none in the shipped fonts.
    sure: float = 0.99
    # Or when the nearest templates agree on it (below) and the network gives it at least
    # this. Together, on 19,000 digits in six held-out fonts: 83 % sure, 11 sure and wrong (the
    # templates alone: 85 %, 138); on random looks (bench/digits.py, 27,000 digits) 96.5 %
    # sure, 7 sure and wrong (the templates alone: 96.7 %, 41).
    agree: float = 0.9
    # A vote this probable is decisive: on the held-out fonts 1 in 12,000 was wrong, on random
    # looks none. vision.ocr may let it stand without a Tesseract view reading the same digit
    # (Tesseract reads nothing in many heavy or outlined "0"s), though never against one.
    decisive: float = 0.997
    # The least probability at which the network's vote backs a digit Tesseract's views settled
    # on (vision.ocr._verdict): below it the digit is doubtful. Random look 4341: a red "3"
    # 9 px tall read "2" sure in two views, the network naming "2" at 0.41 and 0.32. On 1,600
    # other random looks one frame more was doubted (a "0" the network gave 0.07), none else
    # changed; 10 px rendered digits under JPEG: 3 fewer read wrong, 7 more doubtful.
    backs: float = 0.5
    # A vote this probable stands alone where every Tesseract view read nothing (a lone "0",
    # the padding of "05" and "Level 07", Tesseract reads as nothing in most looks).
    unseen: float = 0.95
    # A doubtful sum is read from its views' votes (vision.crops._by_votes) when two views'
    # classifier votes name the same digits, each this probable; or when its plain view reads
    # sure and the classifier names each of its digits this probable (`alone`). On the sums
    # 2,600 random looks doubted none was wrong down to 0.6 and 0.7.
    views_agree: float = 0.7
    alone: float = 0.9
    # A piece, given or sum Tesseract reads sure while the classifier backs it under this is
    # read in its other views too, and is doubtful when one of them reads other digits sure
    # (vision.crops._weakly_backed). A shadowed "6" on a piece read "8" at 0.98 in plain ink,
    # the classifier at 0.71, its light view "6" at 1.0 (lab look 20031, level 15); a dark
    # "25" at 0.5x under JPEG 60 read "26" at 0.97, the classifier at 0.65, its fill's
    # contrast "25" at 0.99 (captures 20441). At views_agree (0.7) only pieces and givens were
    # checked.
    recheck_backing: float = 0.9
    # ... and a piece or given (one digit) unless the classifier's vote is sure itself
    # (`sure`): lab look 21094, an outlined given "0" at 0.58x read "8" at 1.0, the
    # classifier at 0.96, while its shade smoothed over a pixel read "0" at 0.99 (the
    # classifier 0.997): Tesseract and a vote short of sure were both wrong.
    recheck_single: float = 0.99
    # A sum Tesseract reads sure, checked in its other views as weakly backed and not
    # dissented from, is a doubt when the classifier names it under this in every view
    # (vision.crops._unbacked): the agreement of two views is no second source.
    sum_backing: float = 0.7
    # ... when its digits are under this tall (px): where an outline blurs into the digits'
    # gaps (LevelSettings.strict_height) and Tesseract's views are the same few pixels.
    unbacked_below: float = 14.0
    # A doubtful dark sum is read from its plain view's classifier votes alone when each digit
    # is this probable (vision.crops._votes_stand): Tesseract reads nothing, or an unsure
    # wrong digit, in many bold or outlined dark digits the classifier names right. (On the
    # real look captured at 0.5x-0.6x under JPEG 25-51 wrong votes reached 0.77, a "17" voted
    # "27" and a "16" voted "10"; at 0.8 random look 3129's shadowed "28" at 1.91x, voted 0.77
    # and read "28" unsure by Tesseract in both views, was lost: left at 0.7.)
    dark_votes_alone: float = 0.7
    # ... and a blue sum from its shade's (vision.crops.Shot.shade_crop: its luma, which JPEG
    # keeps sharp) at this, its first digit voted among 0-4 (vision.ocr.vote_labels). Of the
    # shade votes on 589 blue sums (seeds 0-599 and the sums 2,600 looks doubted) the most
    # probable wrong one was 0.89; 407 right ones reach 0.95 (379 without the 0-4).
    # (Of the plain votes on 1,722 dark sums, the most probable wrong one was 0.55, and 1,686
    # right ones reach 0.7.) A ringed "13" at 0.5x under JPEG 70 (captures 21358) was voted
    # "33" at 0.951, so it stands above that: the right votes at 0.951-0.952 (random looks
    # 173 and 405) are then doubts the puzzle's rules settle.
    blue_votes_alone: float = 0.96
    # A doubtful sum is read when the classifier votes the same two digits in two of its
    # views, each this probable, and every Tesseract view reads them, one of them (the other
    # lost in an outline or ring) or nothing (vision.crops._padded); or when its shade's vote
    # is this probable (`shade_backed`) and a Tesseract view reads the same digits. On the
    # 252 sums doubted in seeds 0-7799 the most probable wrong ones were 0.5 and 0.75.
    padded_votes: float = 0.6
    shade_backed: float = 0.85
    dims: int = 48  # principal components the templates are kept in (of 325)
    neighbours: int = 5  # templates that vote; all must name one digit for an agreeing vote
    # the nearest template of another digit at least this much further than this digit's
    # nearest (as a share of it): the templates' vote stands clear of every other digit
    margin: float = 0.15


@dataclass(frozen=True)
class VerifySettings:
    """The quick check that a drop landed (vision.verify)."""

    middle: float = 0.6  # of the piece's side compared: its fill and digit, not its edge
    alike_within: float = 22.0  # mean absolute difference (0-255) for "the same picture"
    shift: int = 1  # px the target's picture is moved to meet the piece's (vision.verify.landed)


@dataclass(frozen=True)
class TwinSettings:
    """A doubtful piece confirmed by a sure piece of the same frame (vision.twins).

    Measured leave-one-out on the 14,469 sure pieces of the level frames of random looks
    0-1999 and random layouts 30000-30599: the best match (normalised cross-correlation of
    the insides) of a piece against the frame's sure pieces of another digit reached 0.878
    (a "3" against "8"s at 36 px), against pieces of its own digit a median of 0.98; at 0.9
    and 0.2 none of the 5,805 without a sure twin of their own digit passed, and 6,953 of
    the 8,664 with one did."""

    alike: float = 0.9  # the least match with a sure piece of the digit
    margin: float = 0.2  # by which it beats every other digit's best match
    sure: float = 0.9  # the least confidence of a piece that confirms another
    slack: float = 0.1  # of the digit box's side: how far the match may shift


@dataclass(frozen=True)
class ViewSettings:
    """Is the game still in view as read (vision.view): the bot's check before each press and
    its words for a game that is covered, cut off or gone."""

    pixel_within: int = 40  # a pixel is unchanged when no channel moved more than this (JPEG-
                            # free screen grabs differ by 0; a red digit on a piece by far more)
    same_share: float = 0.7  # of a piece's pixels unchanged: the same piece. Its digit, which
                             # turns red when a rule breaks, is well under a third of the box;
                             # a window over the piece changes nearly all of it
    still_share: float = 0.25  # of the game's pixels unchanged: the game is still where it was
    cover_pieces: float = 2.5  # a changed block this many piece areas large is something over
                               # the game: a moved piece changes at most one piece area per spot
                               # (cells stand apart), a notification is several pieces large
    colour_within: int = 12  # a pixel of the game's background colour, per channel
    colour_share: float = 0.1  # of the game's area in its background colour: part of it shows


IMAGE = ImageSettings()
LOCATE = LocateSettings()
COLOUR = ColourSettings()
GRID = GridSettings()
LABEL = LabelSettings()
PIECE = PieceSettings()
SCREEN_KIND = ScreenKindSettings()
READ = ReadSettings()
LEVEL = LevelSettings()
COMPLETED = CompletedSettings()
OCR = OcrSettings()
RESOLVE = ResolveSettings()
FITTED = FittedSettings()
DIGITS = DigitSettings()
VERIFY = VerifySettings()
TWINS = TwinSettings()
VIEW = ViewSettings()
