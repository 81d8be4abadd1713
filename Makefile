# Two commands: `make run` plays the default game, `make test` runs every test and lint.
# Both do their own set-up (Debian packages, .venv, games, compiled Inform games), idempotently.
PY := .venv/bin/python
GAMES_FROM ?=

.PHONY: setup run test lint serve clean

setup:
	GAMES_FROM="$(GAMES_FROM)" bash scripts/setup.sh

run: setup
	$(PY) main.py

serve: setup
	$(PY) main.py serve

lint: setup
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy autofrotz

test: setup
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/mypy autofrotz
	$(PY) -m pytest

clean:
	rm -rf .venv build
