"""One module per `puzlogic-bot` command, each with `run`; bot.cli imports only the one asked
for, so a command loads only the libraries it uses (`solve FILE.json` never loads OpenCV).

A parsed command's `run(args, out) -> int`; `practice` and `sibling`, which hand their
arguments on untouched, take `run(argv) -> int`.
"""
