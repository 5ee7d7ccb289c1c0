"""`python -m bot` is the `puzlogic-bot` command."""

from bot.cli import main

raise SystemExit(main())
