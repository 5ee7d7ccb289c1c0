# The two commands of the README. Each sets everything up first (scripts/setup.sh is cheap when
# nothing changed), so either works on a fresh machine.
.PHONY: demo test setup bench lint clean

setup:
	@scripts/setup.sh

demo: setup
	.venv/bin/puzlogic-bot demo

test: setup
	.venv/bin/python -m pytest -q

bench: setup
	.venv/bin/python bench/solver.py

lint: setup
	.venv/bin/ruff check puzzle vision bot game tests bench
	.venv/bin/mypy

clean:
	rm -rf .venv build *.egg-info .pytest_cache .mypy_cache .ruff_cache
