"""The puzzle's rules as a reader: a level's doubtful digits settled by which reading solves.

A digit vision could not tell keeps the values the evidence named (`Doubt.candidates`: what
each view and the template classifier read). When every doubt of a level is such a digit,
each combination of their candidates is built into a puzzle and handed to the solver: the
sums, no number twice in a line, every piece used once. When exactly one combination gives a
puzzle with an answer, that is the reading, and each element settled says so (`Settled`).
When several do (a level with several answers, where a sum's neighbour values may fit too),
the doubts stay: the rules decide only where they leave one reading.

This never makes a guess of a doubt: the values the evidence named are tried first, and one
of them must be the only one the rules allow. When none of them solves (a small ringed sum's
views all misread it), every value the element could hold is tried, and again the rules must
allow only one: the truth always solves, so a value that alone solves is the truth. The
search is bounded (`ResolveSettings`): a few elements, a few dozen combinations, one solver
call each, or a listing of answers with the doubtful sums left out (`_sums_left_open`).

A level read with no doubt is checked for an answer too (`why_no_answer`): the game draws
none without one, so a reading without one is a misread however sure its digits looked. The
sums the solver suspects are then opened again and settled as doubtful ones (`reread`), or
the suspects become doubts (`suspects_to_doubts`). Doubtful sums that no total settles,
as sure sums beside them leave no answer, are settled with the sure sums suspected (`reopen`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from math import prod
from typing import TYPE_CHECKING, Literal

from puzzle.model import VALUES, Axis, Puzzle, PuzzleError, Scope, Side, Sum
from vision.reading import CellAt, CellReading, Doubt, PieceReading, Settled, SumAt, SumReading
from vision.settings import RESOLVE

if TYPE_CHECKING:  # z3 loads only when the rules are asked (puzzle.solver imports it)
    from puzzle.solver import Explanation

Reading = CellReading | PieceReading | SumReading
LARGEST_TOTAL = sum(VALUES)  # no line holds a number twice: no sum is larger


@dataclass(frozen=True)
class Open:
    """A doubtful digit reading the rules may settle: its doubt (with the candidates) and its
    reading as it would stand, with any value (the candidate tried replaces it)."""

    doubt: Doubt
    reading: Reading
    # A sum's: how probable the classifier finds each total in its most telling view (its
    # product over the two digits; vision.level), for `weigh`. None for other elements.
    likely: Callable[[int], float] | None = field(default=None, compare=False)
    # ... and as the mean over several of its views (vision.level._pooled), weighed only
    # where `likely` chose nothing.
    pooled: Callable[[int], float] | None = field(default=None, compare=False)
    # ... and each of some totals' residual when drawn in the game's fonts and fitted to the
    # sum's pixels (vision.fitted), for `fit`, asked where the votes chose nothing.
    fitted: Callable[[Sequence[int]], dict[int, float]] | None = field(default=None,
                                                                       compare=False)

    def taking(self, value: int) -> Reading:
        if isinstance(self.reading, SumReading):
            return replace(self.reading, total=value)
        return replace(self.reading, value=value)


@dataclass(frozen=True)
class Unplaced:
    """A sum whose digits and scope read sure but whose line is unknown: no arrow was seen,
    and its digits stand at several line ends (vision.labels.FoundSum.elsewhere). `reading`
    stands at the first of `places`."""

    doubt: Doubt
    reading: SumReading
    places: tuple[tuple[Axis, int, Side], ...]


@dataclass(frozen=True)
class Resolution:
    """The readings with every open element settled, the puzzle they make, and the notes."""

    cells: tuple[CellReading, ...]
    pieces: tuple[PieceReading, ...]
    sums: tuple[SumReading, ...]
    puzzle: Puzzle
    settled: tuple[Settled, ...]


def puzzle_of(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
              sums: Sequence[SumReading]) -> Puzzle:
    """The puzzle the readings describe; raises PuzzleError when they break its format."""
    return Puzzle.build([(c.row, c.col, c.value) for c in cells], [p.value for p in pieces],
                        [Sum(s.axis, s.index, s.total, s.scope, s.side) for s in sums])


def why_no_answer(puzzle: Puzzle) -> Explanation | None:
    """Why a puzzle read with no doubt has no answer, or None when it has one (one solver
    check): the game draws no level without one, so a reading without one is a misread
    however sure each digit looked (a small outlined "05" read "06", say)."""
    from puzzle.solver import explain

    return explain(puzzle)


def reread(explanation: Explanation, cells: Sequence[CellReading],
           pieces: Sequence[PieceReading], sums: Sequence[SumReading],
           sure: Sequence[Open]) -> Resolution | None:
    """The readings settled when the sums the solver suspects (`Explanation.suspects`) are
    opened again, as if doubtful (`sure`: every sum read, open with its evidence), and the
    rules and votes choose their totals as for any doubtful sum (`settle`, `weigh`); None
    when no suspect is a sum, or they do not choose.

    A given it suspects too keeps its reading: a large single digit, where a sum is two
    small ones, and a sum misread by one leaves the given in its line as suspect as itself
    (random look 469: a dark "15" read "16", sure, and a given "6" in its column; level 6's
    row-2 sum read one more suspects a given likewise)."""
    return _suspects_opened(explanation, cells, pieces, sums, sure)


def reopen(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
           sums: Sequence[SumReading], open_: Sequence[Open],
           sure: Sequence[Open]) -> Resolution | None:
    """The readings settled when doubtful sums (`open_`) could not be, because the sums
    read sure leave the level no answer whatever totals those take: the sure sums the solver
    then suspects are opened too, and all are settled together (`decide`); None when the
    level without the doubtful sums has an answer, or they do not choose."""
    if not open_ or not all(isinstance(o.reading, SumReading) for o in open_):
        return None
    try:
        why = why_no_answer(puzzle_of(cells, pieces, sums))
    except PuzzleError:
        return None
    if why is None:
        return None
    return _suspects_opened(why, cells, pieces, sums, sure, open_)


def rivalled(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
             sums: Sequence[SumReading], settled: Resolution,
             open_: Sequence[Open], sure: Sequence[Open]) -> Doubt | None:
    """The doubt when a settlement that took a sum at a total its views never named has a
    rival: that sum at a total its views named, one sure sum read another way its views
    named, the other settled sums free, and the level then has an answer; else None.

    The rules pin a doubtful sum where the other readings leave it one total; a sure sum
    misread elsewhere then steers it away from what its views saw (random look 135782 at
    0.53x: a dark "25" 8 px tall in a dark outline read "23" sure, one view naming 25; the
    blue "10" beside it, its views naming 10, pinned to 13). Where the screen's evidence
    explains it two ways, the doubts stay. Of the 28 settlements that took an unnamed total
    among the frames of random looks 120000-139999 under 0.7x the votes or the fit settled,
    it found a rival for the 2 wrong ones and 1 right one (128778). At most
    RESOLVE.max_solves solver calls; beyond, a doubt too."""
    unnamed = {s.key: s for s in settled.settled if s.among and s.value not in s.among}
    if not unnamed:
        return None
    settled_at = {(k.axis, k.index, k.side) for k in (s.key for s in settled.settled)
                  if isinstance(k, SumAt)}
    rest = [r for r in sums if (r.axis, r.index, r.side) not in settled_at]
    budget = [RESOLVE.max_solves]
    for kept in {o.doubt.key: o for o in (*open_, *sure) if o.doubt.key in unnamed}.values():
        named = [v for v in kept.doubt.candidates if v in _domain(kept, cells)]
        for other in sure:
            at = next((n for n, r in enumerate(rest) if isinstance(other.reading, SumReading)
                       and (r.axis, r.index, r.side) == (other.reading.axis,
                                                         other.reading.index,
                                                         other.reading.side)), None)
            if at is None:
                continue
            for total in other.doubt.candidates:
                if total == rest[at].total or total not in _domain(other, cells):
                    continue
                read_so = [*rest[:at], replace(rest[at], total=total), *rest[at + 1:]]
                for value in named:
                    if budget[0] <= 0 or _solves(cells, pieces, read_so, [kept], [value],
                                                 budget):
                        pinned = unnamed[kept.doubt.key]
                        return Doubt(pinned.key, f"the rules pin it to {pinned.value}, which "
                                     f"its views never named; with {other.doubt.key} read "
                                     f"{total}, as a view did, it may be {value}", pinned.box)
    return None


def misfitted(settled: Resolution, opened: Sequence[Open]) -> Doubt | None:
    """The doubt when a settlement took a sum at a total its views never named, and a total
    they named (any, where they named none) fits the sum's pixels as drawn (vision.fitted)
    clearly better than the one taken, by ResolveSettings.misfit_share of its own residual;
    else None. `opened`: the settled sums' evidence.

    Two readers that fail apart, the views and the fit, then agree on a total the rules
    forbid: the rules were steered by a sure sum misread elsewhere, whose other readings
    no view offered (so `rivalled` finds no rival). Random look 221374 at 0.68x under JPEG
    65: a dark outlined "28" read "23" sure, no view naming 28; the blue "06" beside it,
    named 5, and the blue "03", named 3 among others, were both pinned to 10, where "05"
    fitted 0.20 and "03" 0.49 better than "10".

    Where the views named nothing, every total is weighed so: the scope misjudged too, the
    rules may pin a total no digit shows (random look 224755 at 0.72x under JPEG 59: a pale
    blue "02" kept 2 of 241 ink pixels blue and was taken for a dark sum, unread; the rules
    pinned the line's 13, and "02" fitted 0.86 better). Of 26 such settlements on the level
    screens under 0.75x of random looks 120000-131999, all right, the best other total fitted
    0.069 better at most."""
    for pinned in settled.settled:
        if not isinstance(pinned.key, SumAt) or pinned.value in pinned.among:
            continue
        evidence = next((o for o in opened if o.doubt.key == pinned.key), None)
        if evidence is None or evidence.fitted is None:
            continue
        # (views that named nothing: every total is weighed against the one taken)
        named = sorted({t for t in pinned.among if 0 <= t <= LARGEST_TOTAL}) \
            or [t for t in range(LARGEST_TOTAL + 1) if t != pinned.value]
        fits = evidence.fitted([pinned.value, *named])
        taken = fits.get(pinned.value)
        better = [t for t in named if taken is not None and t in fits
                  and taken - fits[t] >= RESOLVE.misfit_share * fits[t]]
        if better:
            best = min(better, key=fits.__getitem__)
            why = (f"which its views never named, and the {best} they named" if pinned.among
                   else f"where its views named nothing, and {best}")
            return Doubt(pinned.key, f"the rules pin it to {pinned.value}, {why} fits its "
                         "digits better", pinned.box, (pinned.value, best))
    return None


def _suspects_opened(explanation: Explanation, cells: Sequence[CellReading],
                     pieces: Sequence[PieceReading], sums: Sequence[SumReading],
                     sure: Sequence[Open], open_: Sequence[Open] = ()) -> Resolution | None:
    """The sums the solver suspects opened with their evidence (`sure`) and settled with
    `open_` (`decide`); None when none of them is a sum, one is not among `sure`, or the
    rules and votes do not choose."""
    suspects = [s for s in explanation.suspects if isinstance(s, Sum)]

    def suspected(reading: SumReading) -> bool:
        return any(s.axis == reading.axis and s.index == reading.index
                   and s.side in (None, reading.side) for s in suspects)

    opened = [o for o in sure if isinstance(o.reading, SumReading) and suspected(o.reading)]
    if not suspects or len(opened) != len(suspects):
        return None
    return decide(cells, pieces, [s for s in sums if not suspected(s)], [*open_, *opened])


def decide(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
           sums: Sequence[SumReading], open_: Sequence[Open]) -> Resolution | None:
    """The open elements settled by the rules alone (`settle`), else by the votes on each
    sum's one telling view among the totals the rules allow (`weigh`), else by the votes
    pooled over several views, else by fitting those totals as drawn (`fit`); None when
    none of them chooses."""
    open_ = [replace(o, fitted=_remembered(o.fitted)) for o in open_]  # (weigh fits too)
    return (settle(cells, pieces, sums, open_) or weigh(cells, pieces, sums, open_)
            or weigh(cells, pieces, sums, open_, pooled=True)
            or fit(cells, pieces, sums, open_))


def place(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
          sums: Sequence[SumReading], unplaced: Sequence[Unplaced]) -> Resolution | None:
    """The sums whose line is unknown, each put at the line end (of those its digits stand
    at) where the level has an answer, when exactly one way of putting them gives one; None
    when none or several do, or the ways are too many (`ResolveSettings.max_combinations`).

    The game draws no level without an answer, and the true owner always gives one: where
    the other ends give none (a blue "05" below a column with no empty cell to count), the
    owner is the one left. Where two do, which line the sum belongs to stays a doubt."""
    from puzzle.solver import solutions  # z3 loads only when the rules are asked

    choices = [u.places for u in unplaced]
    if not unplaced or prod(len(c) for c in choices) > RESOLVE.max_combinations:
        return None
    found: tuple[tuple[SumReading, ...], Puzzle] | None = None
    for ends in product(*choices):
        put = tuple(replace(u.reading, axis=axis, index=index, side=side)
                    for u, (axis, index, side) in zip(unplaced, ends, strict=True))
        held = [(r.axis, r.index, r.side) for r in (*sums, *put)]
        if len(set(held)) < len(held):
            continue  # a line end holds one sum
        try:
            puzzle = puzzle_of(cells, pieces, [*sums, *put])
        except PuzzleError:
            continue
        if next(solutions(puzzle, limit=1), None) is None:
            continue
        if found is not None:
            return None  # two owners both give an answer: the doubt stays
        found = (put, puzzle)
    if found is None:
        return None
    put, puzzle = found
    settled = tuple(Settled(SumAt(r.axis, r.index, r.side), r.total, (), r.box, "owner")
                    for r in put)
    return Resolution(tuple(cells), tuple(pieces), (*sums, *put), puzzle, settled)


def suspects_to_doubts(explanation: Explanation, cells: Sequence[CellReading],
                       sums: Sequence[SumReading]) -> tuple[Doubt, ...]:
    """The readings the solver blames for "no solution" (`Explanation.suspects`, the givens
    and sums that alone, if misread, would make the puzzle solvable), as doubts with their
    boxes: what a debug picture and a message point at as worth reading again."""
    reason = f"the solver suspects it: {explanation.message}"
    doubts = []
    for suspect in explanation.suspects:
        if isinstance(suspect, Sum):
            # A line may have a sum at both ends: the side tells them apart when it is known.
            found = [s.box for s in sums if s.axis == suspect.axis
                     and s.index == suspect.index and suspect.side in (None, s.side)]
            key = SumAt(suspect.axis, suspect.index, suspect.side)
            doubts.append(Doubt(key, reason, found[-1] if found else None))
        else:
            boxes = [c.box for c in cells if c.cell == (suspect[0], suspect[1])]
            doubts.append(Doubt(CellAt(suspect[0], suspect[1]), reason,
                                boxes[-1] if boxes else None))
    return tuple(doubts)


def reach(cells: Sequence[CellReading], axis: Axis, index: int, scope: Scope) -> range:
    """The totals a sum of this line can have: the line's cells hold different numbers, so a
    `line` sum lies between the smallest and the largest total of that many different values.
    A `placed` sum counts only the cells left empty, at most all of them (a doubtful given
    reads as empty here, so no smallest total is assumed). Empty when the line has more
    cells than there are values."""
    count = sum((c.row if axis == "row" else c.col) == index for c in cells)
    values = sorted(VALUES)
    if count > len(values):
        return range(0)
    smallest = sum(values[:count]) if scope == "line" else 0
    return range(smallest, sum(values[len(values) - count:]) + 1)


def settle(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
           sums: Sequence[SumReading], open_: Sequence[Open]) -> Resolution | None:
    """The open elements' values when the rules leave one reading, else None.

    Two steps. Of the combinations of the values the evidence named (an element with none
    named: every value it could hold), exactly one must give a puzzle with an answer. Then
    the rules alone must pin each element: no other value it could hold (`_domain`, named or
    not) gives an answer with the others as found. The second step is what makes it safe:
    the truth always solves, so when the evidence never named it, another value that solves
    is the truth's rival, and the doubt stays (a one-cell column's sum allows any piece)."""
    if not open_ or len(open_) > RESOLVE.max_elements:
        return None
    domains = [_domain(o, cells) for o in open_]
    choices = [tuple(v for v in o.doubt.candidates if v in d) or tuple(d)
               for o, d in zip(open_, domains, strict=True)]
    budget = [RESOLVE.max_solves]
    found = _only_solving(cells, pieces, sums, open_, choices, budget)
    if found is None:
        # No value the evidence named solves (a small ringed sum's views named "04" and "0"
        # where it reads "05"): every value each element could hold is tried, as for an
        # element the evidence named nothing for; the rules must still pin each one below.
        widened = [tuple(d) for d in domains]
        search = (_sums_left_open if any(isinstance(o.reading, SumReading) for o in open_)
                  else _only_solving)
        if search is _sums_left_open:
            # (every total of the sums at once, the other elements' named values first)
            found = search(cells, pieces, sums, open_, choices, budget)
        if found is None and widened != choices:
            found = search(cells, pieces, sums, open_, widened, budget)
            choices = widened
        if found is None:
            return None
    for n, domain in enumerate(domains):
        totals = _sum_totals(cells, pieces, sums, open_, found, n, budget)
        if totals is not None:  # every total the sum's line takes in any answer: one call
            if totals != {found[n]}:
                return None
            continue
        for value in domain:
            if value in choices[n]:
                continue  # tried above, with the others as found among the rest
            rival = (*found[:n], value, *found[n + 1:])
            if _solves(cells, pieces, sums, open_, rival, budget) or budget[0] < 0:
                return None
    return _resolution(cells, pieces, sums, open_, found)


def weigh(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
          sums: Sequence[SumReading], open_: Sequence[Open],
          pooled: bool = False) -> Resolution | None:
    """The open sums' totals where the rules allow their lines a few and the classifier's
    votes choose one of those by far, else None.

    When the rules leave a line several totals (`settle` gives up), the truth is still one
    of those that give the puzzle an answer. Among so few, the classifier's votes on each
    sum's most telling view (a blue sum's luma shade, a dark sum's plain ink) choose well
    where they could not among all 46: a small ringed "05" the shade votes at 0.4 is still
    far likelier than the "09" its line allows beside it. So the totals are read when one
    combination of them that solves carries at least ResolveSettings.votes_share of the
    votes' weight over every combination that solves, and each of its sums at least
    ResolveSettings.votes_least itself (a view that looks like none of them chooses
    nothing). Only when every open element is a sum. Measured on the 79 doubted sums of
    seeds 0-7799 whose lines the rules allowed several totals (each alone, on the true
    puzzle): 62 read so, none wrongly; the shares of wrong totals reached 0.87 in a blue
    sum's blue view, which is not asked.

    The combinations that solve are listed by the solver itself (`_solving_totals`), not
    tried one by one: three open sums of a level span thousands of combinations, most of
    which solve nothing, while the answers of the puzzle without them give their lines a
    few dozen at most (random look 191: 35 of 46 x 46 x 46, and the votes' choice among
    them held 0.99 of the weight). Only each sum's likeliest totals are listed (`_likeliest`),
    the others' weight counted as a rival that solves; where only that weight stands in the
    way (votes that favour combinations which solve nothing), the listing is made again with
    more of each sum's totals. It stops as soon as no combination, found or not, can carry
    the share (two near equals found, say).

    `pooled`: the votes are each sum's `Open.pooled` (the mean over several views), asked
    where its most telling view's chose nothing; the same shares must hold."""
    likely = [o.pooled if pooled else o.likely for o in open_]
    if not open_ or any(f is None or not isinstance(o.reading, SumReading)
                        for o, f in zip(open_, likely, strict=True)):
        return None
    weights = [{total: f(total) for total in _domain(o, cells)}
               for o, f in zip(open_, likely, strict=True) if f is not None]
    mass = prod(sum(w.values()) for w in weights)
    if mass <= 0:
        return None

    def weight(totals: tuple[int, ...]) -> float:
        return prod(w[t] for w, t in zip(weights, totals, strict=True))

    for tail in RESOLVE.votes_tails:
        kept = [_likeliest(w, tail) for w in weights]
        # Every combination with a total outside `kept`, solving or not, is a rival this heavy.
        left_out = max(0.0, mass - prod(sum(w[t] for t in k)
                                        for w, k in zip(weights, kept, strict=True)))
        heaviest = prod(max((w[t] for t in k), default=0.0)
                        for w, k in zip(weights, kept, strict=True))
        found = _listed(_solving_totals(cells, pieces, sums, open_, kept) or iter(()),
                        weight, heaviest)
        if found is None:
            return None
        best, solving = found
        if weight(best) >= RESOLVE.votes_share * (solving + left_out):
            break
        if weight(best) < RESOLVE.votes_share * solving:
            return None  # (more listed would be rivals)
    else:
        return None  # only the weight left out stands in the way, at the finest tail too
    if min(w[t] for w, t in zip(weights, best, strict=True)) < RESOLVE.votes_least:
        return None
    try:
        if not _fits_agree(cells, pieces, sums, open_, best):
            return None
        return _resolution(cells, pieces, sums, open_, best, by="votes")
    except PuzzleError:
        return None  # (a sum beside a line with no cells)


def _fits_agree(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
                sums: Sequence[SumReading], open_: Sequence[Open],
                chosen: Sequence[int]) -> bool:
    """Whether, sum by sum, the votes' choice fits the sum's pixels as drawn (vision.fitted)
    at least as well as every other total its line may take, the other sums as chosen.

    The votes and the views can fail together: a plain blue "12" 7 px tall at 0.52x under
    JPEG 67 (random look 214843) was read "13" by every view and voted 0.70 for 13 and
    0.013 for 12, the two totals its row allowed, so 13 carried 0.98 of what solves; fitted
    whole, 12 fitted better (by 0.013). Of the 171 totals the votes chose right in random
    looks 120000-121999 and in the frames of 120000-139999 under 0.7x, 33 were the one
    total their line allowed; of the other 138, 6 fitted behind another total (by 0.017 at
    most) and become doubts."""
    for n, o in enumerate(open_):
        if o.fitted is None or not isinstance(o.reading, SumReading):
            continue
        rest = [m for m in range(len(open_)) if m != n]
        puzzle = puzzle_of(*_readings(cells, pieces, sums, [open_[m] for m in rest],
                                      [chosen[m] for m in rest]))
        totals = _totals_taken(puzzle, o.reading, frozenset(_domain(o, cells)))
        if len(totals) < 2:
            continue
        fits = o.fitted(totals)  # (none where no fit is possible: nothing against)
        if chosen[n] in fits and any(f < fits[chosen[n]] for t, f in fits.items()
                                     if t != chosen[n]):
            return False
    return True


def fit(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
        sums: Sequence[SumReading], open_: Sequence[Open]) -> Resolution | None:
    """The open sums' totals where, of the few the rules allow their lines, the digits of
    one drawn in the game's fonts fit its pixels clearly best (vision.fitted), and the
    rules pin the rest; else None.

    The classifier sees a small sum's digits cut apart, where an outlined "6" and "8" differ
    by a few smeared pixels; fitted whole, every pixel of the label weighs in. Sum by sum,
    the totals its line takes in any answer of the puzzle (the other open sums left out, those
    already chosen in) are listed by the solver and fitted; where one fits clearly best
    (vision.fitted.clearly_best) it is taken. Then the open sums' totals must make exactly
    one combination that gives the puzzle an answer: a sum no fit chose is pinned by the
    rules, given those the fit chose. Only when every open element is a sum.

    A best that leads by less than FITTED.share is taken where it is the one total of those
    allowed that the sum's own views named (FITTED.named_share): two readers that fail apart
    agree. (Where the views named two of them, the fit's lead between those two decides
    alone.) Not where another sum of the level is taken as a total its views never named:
    the rules then steer the fits away from what the views saw, as a sure sum misread
    elsewhere does (lab look 44644 at 0.62x: a sure "23" for "28" left a blue "06" only 10
    or 11; the "10" fitted clearly, and with a named "19" taken beside it the rules were
    pinned, sure and wrong). The choices are then made again without the nearer lead, from
    the same fits."""
    readings = [o.reading for o in open_]
    if not open_ or any(o.fitted is None or not isinstance(r, SumReading)
                        for o, r in zip(open_, readings, strict=True)):
        return None
    from puzzle.solver import line_totals  # z3 loads only when the rules are asked

    open_ = [replace(o, fitted=_remembered(o.fitted)) for o in open_]  # (asked twice at most)
    try:
        picked = _fitted_picks(cells, pieces, sums, open_, agreeing=True)
        if picked is None:
            return None
        kept, agreed, unnamed = picked
        if agreed and unnamed:
            picked = _fitted_picks(cells, pieces, sums, open_, agreeing=False)
            if picked is None:
                return None
            kept = picked[0]
        lines = tuple(Sum(r.axis, r.index, 0, r.scope, r.side) for r in readings
                      if isinstance(r, SumReading))
        left = list(line_totals(puzzle_of(cells, pieces, sums), lines, 2, tuple(kept)))
        if len(left) != 1:
            return None
        return _resolution(cells, pieces, sums, open_, left[0], by="fitted")
    except PuzzleError:
        return None  # (a sum beside a line with no cells)


def _totals_taken(puzzle: Puzzle, reading: SumReading, among: frozenset[int]) -> list[int]:
    """The totals, of `among`, that the sum's line adds up to in some answer of `puzzle` (the
    puzzle without that sum), in order: one solver check each, and one more."""
    from puzzle.solver import line_totals  # z3 loads only when the rules are asked

    line = Sum(reading.axis, reading.index, 0, reading.scope, reading.side)
    return sorted(t for (t,) in line_totals(puzzle, (line,), LARGEST_TOTAL + 2, (among,)))


def _remembered(fitted: Callable[[Sequence[int]], dict[int, float]] | None
                ) -> Callable[[Sequence[int]], dict[int, float]] | None:
    """`fitted`, each list of totals fitted once (a fit costs 0.2-2 s)."""
    if fitted is None:
        return None
    seen: dict[tuple[int, ...], dict[int, float]] = {}

    def again(totals: Sequence[int]) -> dict[int, float]:
        key = tuple(totals)
        if key not in seen:
            seen[key] = fitted(totals)
        return seen[key]

    return again


def _fitted_picks(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
                  sums: Sequence[SumReading], open_: Sequence[Open], agreeing: bool
                  ) -> tuple[list[frozenset[int]], bool, bool] | None:
    """`fit`'s choices, sum by sum: each open sum's totals left (the one fitted clearly best,
    or every one it could hold), whether a choice leant on its views' agreement (FITTED.
    named_share; only when `agreeing`, and only for the one allowed total they named), and
    whether one is a total its views never named; None when nothing was chosen."""
    from vision.fitted import clearly_best

    readings = [o.reading for o in open_]
    kept = [frozenset(_domain(o, cells)) for o in open_]
    chosen: list[SumReading] = []
    agreed = unnamed = False
    for n, o in enumerate(open_):
        puzzle = puzzle_of(cells, pieces, (*sums, *chosen))
        totals = _totals_taken(puzzle, readings[n], kept[n])  # type: ignore[arg-type]
        if len(totals) < 2 or o.fitted is None:
            continue
        fits = o.fitted(totals)
        named = [t for t in totals if t in o.doubt.candidates]
        best = clearly_best(fits, named if agreeing and len(named) == 1 else ())
        if best is None:
            continue
        agreed |= clearly_best(fits) is None
        unnamed |= best not in o.doubt.candidates
        kept[n] = frozenset({best})
        chosen.append(replace(readings[n], total=best))  # type: ignore[arg-type]
    return (kept, agreed, unnamed) if chosen else None


def _listed(listing: Iterator[tuple[int, ...]], weight: Callable[[tuple[int, ...]], float],
            heaviest: float) -> tuple[tuple[int, ...], float] | None:
    """The heaviest combination of `listing` and the weight of them all, or None when
    none is listed, or more than ResolveSettings.votes_listed, or as soon as no
    combination can carry ResolveSettings.votes_share of that weight: neither the heaviest
    found, nor one not yet found, which weighs `heaviest` at most."""
    best: tuple[int, ...] | None = None
    solving = 0.0
    listed = 0
    for totals in listing:
        listed += 1
        solving += weight(totals)
        best = totals if best is None or weight(totals) > weight(best) else best
        bar = RESOLVE.votes_share * solving
        if weight(best) < bar and heaviest * (1 - RESOLVE.votes_share) < bar:
            return None
    if best is None or listed >= RESOLVE.votes_listed:
        return None  # (at votes_listed there may be more)
    return best, solving


def _solving_totals(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
                    sums: Sequence[SumReading], open_: Sequence[Open],
                    kept: Sequence[frozenset[int]]) -> Iterator[tuple[int, ...]] | None:
    """Each combination of the open sums' totals, among `kept` (each sum's likeliest),
    that gives the puzzle an answer, up to ResolveSettings.votes_listed of them, one solver
    check each; None when the puzzle without them cannot be built."""
    from puzzle.solver import line_totals  # z3 loads only when the rules are asked

    lines = tuple(Sum(r.axis, r.index, 0, r.scope, r.side) for r in
                  (o.reading for o in open_) if isinstance(r, SumReading))
    try:
        puzzle = puzzle_of(cells, pieces, sums)
    except PuzzleError:
        return None
    return line_totals(puzzle, lines, RESOLVE.votes_listed, tuple(kept))


def _likeliest(weight: dict[int, float], tail: float) -> frozenset[int]:
    """The fewest totals, heaviest first, that hold all but `tail` of the weight: the rest
    may be left out of the listing, their weight counted as a rival."""
    total = sum(weight.values())
    kept: set[int] = set()
    held = 0.0
    for value, w in sorted(weight.items(), key=lambda item: -item[1]):
        if held >= (1 - tail) * total or w <= 0:
            break
        kept.add(value)
        held += w
    return frozenset(kept)


def _only_solving(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
                  sums: Sequence[SumReading], open_: Sequence[Open],
                  choices: Sequence[tuple[int, ...]], budget: list[int],
                  ) -> tuple[int, ...] | None:
    """The one combination of `choices` that gives a puzzle with an answer; None when none
    or several do (the doubts stay), or the search is over its bounds."""
    if prod(len(c) for c in choices) > RESOLVE.max_combinations:
        return None
    found: tuple[int, ...] | None = None
    for values in product(*choices):
        if _solves(cells, pieces, sums, open_, values, budget):
            if found is not None:
                return None  # two readings both solve: the doubts stay
            found = values
        if budget[0] < 0:
            return None
    return found


def _sums_left_open(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
                    sums: Sequence[SumReading], open_: Sequence[Open],
                    choices: Sequence[tuple[int, ...]], budget: list[int],
                    ) -> tuple[int, ...] | None:
    """The open elements' values when one combination of the other elements' `choices`, with
    the open sums left out, has answers, and all of them give each open sum's line one total
    (which is then its value); else None. Every total of a sum is tried at once so, by one
    listing of answers: two misread sums of a level (46 totals each) are too many to try in
    pairs. The truth is one of those answers, so these are its values; step two of `settle`
    still checks that the rules pin each element. None too when the answers are too many to
    list (`ResolveSettings.answers_listed`)."""
    from puzzle.solver import solutions

    summed = [n for n, o in enumerate(open_) if isinstance(o.reading, SumReading)]
    rest = [o for n, o in enumerate(open_) if n not in summed]
    options = [c for n, c in enumerate(choices) if n not in summed]
    if prod(len(c) for c in options) > RESOLVE.max_combinations:
        return None
    lines = [Sum(r.axis, r.index, 0, r.scope, r.side) for r in
             (open_[n].reading for n in summed) if isinstance(r, SumReading)]
    found: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for values in product(*options):
        try:
            puzzle = puzzle_of(*_readings(cells, pieces, sums, rest, values))
        except PuzzleError:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        counted = [puzzle.counted_cells(line) for line in lines]
        listed = 0
        for answer in solutions(puzzle, limit=RESOLVE.answers_listed):
            listed += 1
            held = {**puzzle.givens, **{p.cell: p.value for p in answer}}
            found.add((values, tuple(sum(held[cell] for cell in line) for line in counted)))
            if len(found) > 1:
                return None
        if listed >= RESOLVE.answers_listed:
            return None
    if len(found) != 1:
        return None
    values, totals = found.pop()
    taken, given = iter(values), iter(totals)
    return tuple(next(given) if n in summed else next(taken) for n in range(len(open_)))


def _sum_totals(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
                sums: Sequence[SumReading], open_: Sequence[Open], values: Sequence[int],
                n: int, budget: list[int]) -> set[int] | None:
    """When open element `n` is a sum: the totals its line takes over every answer of the
    puzzle without that sum (the others as `values`), stopping at a second total. None when
    it is no sum, or the answers are too many to list (`ResolveSettings.answers_listed`):
    then each value is tried alone. One solver, where trying each total costs one per value."""
    from puzzle.solver import solutions

    reading = open_[n].reading
    if not isinstance(reading, SumReading):
        return None
    rest = [o for m, o in enumerate(open_) if m != n]
    try:
        puzzle = puzzle_of(*_readings(cells, pieces, sums, rest,
                                      [v for m, v in enumerate(values) if m != n]))
    except PuzzleError:
        return None
    budget[0] -= 1
    line = Sum(reading.axis, reading.index, 0, reading.scope, reading.side)
    counted = puzzle.counted_cells(line)
    totals: set[int] = set()
    listed = 0
    for answer in solutions(puzzle, limit=RESOLVE.answers_listed):
        listed += 1
        held = {**puzzle.givens, **{p.cell: p.value for p in answer}}
        totals.add(sum(held[cell] for cell in counted))
        if len(totals) > 1:
            return totals
    return totals if listed < RESOLVE.answers_listed else None


def _domain(open_: Open, cells: Sequence[CellReading]) -> range:
    """Every value the element could hold: a digit, or the totals its line can make."""
    reading = open_.reading
    if isinstance(reading, SumReading):
        return reach(cells, reading.axis, reading.index, reading.scope)
    return VALUES


def _readings(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
              sums: Sequence[SumReading], open_: Sequence[Open], values: Sequence[int],
              ) -> tuple[tuple[CellReading, ...], tuple[PieceReading, ...],
                         tuple[SumReading, ...]]:
    """The readings with each open element taking its value."""
    taken = [o.taking(v) for o, v in zip(open_, values, strict=True)]
    given = {(r.row, r.col): r for r in taken if isinstance(r, CellReading)}
    return (tuple(given.get(c.cell, c) for c in cells),
            (*pieces, *(r for r in taken if isinstance(r, PieceReading))),
            (*sums, *(r for r in taken if isinstance(r, SumReading))))


def _solves(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
            sums: Sequence[SumReading], open_: Sequence[Open], values: Sequence[int],
            budget: list[int]) -> bool:
    """Whether the readings with these values make a puzzle with an answer; one solver call
    taken from `budget` (a one-item list, counted down)."""
    from puzzle.solver import solutions  # z3 loads only when the rules are asked

    try:
        puzzle = puzzle_of(*_readings(cells, pieces, sums, open_, values))
    except PuzzleError:
        return False
    budget[0] -= 1
    return next(solutions(puzzle, limit=1), None) is not None


def _resolution(cells: Sequence[CellReading], pieces: Sequence[PieceReading],
                sums: Sequence[SumReading], open_: Sequence[Open],
                values: Sequence[int], by: Literal["rules", "votes", "fitted"] = "rules",
                ) -> Resolution:
    all_cells, all_pieces, all_sums = _readings(cells, pieces, sums, open_, values)
    settled = tuple(Settled(o.doubt.key, v, o.doubt.candidates, o.doubt.box, by)
                    for o, v in zip(open_, values, strict=True))
    return Resolution(all_cells, all_pieces, all_sums,
                      puzzle_of(all_cells, all_pieces, all_sums), settled)
