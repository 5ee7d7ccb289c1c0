"""`puzlogic-bot replay PATH...`: read and solve saved screenshots in bulk (overlays, report.html,
a summary table), or re-read one run recorded with --record (bot.commands.replay_recording).

Exit codes: 0 every image solved or read cleanly, 1 some image failed, 2 some image is bad input.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from bot.commands.replay_images import replay_files, replay_one
from bot.commands.replay_recording import recording_among, replay_recording
from bot.progress import ProgressBar
from bot.wording import count
from puzzle.exits import BadInput, ExitCode
from vision.report import ImageOutcome, summary_table, write_report


def run(args: argparse.Namespace, out: TextIO) -> int:
    recording = recording_among(args.paths)
    if recording is not None:
        return replay_recording(recording, args.out, out)
    files = replay_files(args.paths)
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
    page = write_report(outcomes, args.out)
    failed = [o for o in outcomes if o.failed]
    print(summary_table(outcomes), file=out)
    print(f"{count(len(outcomes), 'image')} replayed, {len(failed)} failed; report: {page}",
          file=out)
    if any(o.status == "bad input" for o in failed):
        return ExitCode.BAD_INPUT
    return ExitCode.FAILED if failed else ExitCode.OK
