"""`puzlogic-bot replay PATH...`: read and solve saved screenshots in bulk (overlays, report.html,
a summary table), comparing each with its ground truth `NAME.json` when it has one; or re-read
one run recorded with --record (bot.commands.replay_recording), which `--video FILE` also turns
into an animation.

`--json` prints one object per image and line on stdout (vision.report.outcome_json) and the
summary on stderr, for CI. Exit codes: 0 every image solved or read cleanly and as its truth
says, 1 some image failed or differs, 2 a path is missing or some image is bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from bot.commands.replay_images import replay_files, replay_one
from bot.commands.replay_recording import recording_among, replay_recording
from bot.progress import ProgressBar
from bot.wording import count
from puzzle.exits import BadInput, ExitCode
from vision.report import ImageOutcome, outcome_json, summary_table, write_report


def run(args: argparse.Namespace, out: TextIO) -> int:
    recording = recording_among(args.paths)
    if args.video is not None:
        if recording is None:
            raise BadInput("--video turns one run recorded with --record into an animation; "
                           "give that run's folder as the only PATH")
        from bot.film import film_of_recording  # imageio loads only for a video

        written = film_of_recording(recording, args.video)
        print(f"video: {', '.join(str(p) for p in written)}", file=out)
        return ExitCode.OK
    if recording is not None:
        return replay_recording(recording, args.out, out, as_json=args.json)
    files = replay_files(args.paths, args.out)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"{args.out}: cannot write the report there ({error.strerror})") from None
    progress = ProgressBar(len(files), sys.stderr)
    outcomes: list[ImageOutcome] = []
    for number, path in enumerate(files, 1):
        progress.show(number - 1, path.name)
        outcomes.append(replay_one(path, number, args.out))
    progress.close()
    for outcome in outcomes:
        if outcome.status == "bad input":
            print(f"puzlogic-bot: {outcome.detail}", file=sys.stderr)
        if args.json:
            print(json.dumps(outcome_json(outcome)), file=out)
    page = write_report(outcomes, args.out)
    said = sys.stderr if args.json else out  # --json keeps stdout to the JSON lines
    failed = sum(o.failed for o in outcomes)
    differ = sum(bool(o.differences) for o in outcomes)
    print(summary_table(outcomes), file=said)
    print(f"{count(len(outcomes), 'image')} replayed, {failed} failed, {differ} differ from "
          f"their ground truth; report: {page}", file=said)
    if any(o.status == "bad input" for o in outcomes):
        return ExitCode.BAD_INPUT
    return ExitCode.FAILED if any(o.bad for o in outcomes) else ExitCode.OK
