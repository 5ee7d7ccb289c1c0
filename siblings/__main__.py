"""``python -m siblings ...``: the sibling puzzles' command line (siblings.cli)."""

import sys

from siblings.cli import main

sys.exit(main())
