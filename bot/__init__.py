"""The player: command line, play loop and screen states, mouse with safety."""
