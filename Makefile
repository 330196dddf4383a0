# Bàn Thẻ: `make play` to play, `make test` to lint and test.
# Both create (or reuse) .venv and reinstall only when setup.cfg/pyproject.toml change.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.banthe-installed
SDL    := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint install clean

play: $(STAMP)
	$(PY) main.py $(ARGS)

test: lint
	$(SDL) $(PY) -m pytest -n 2 $(PYTEST_ARGS)

# ruff: style, complexity (C901 <= 15), banned imports per folder (game/ruff.toml,
# scenes/table/ruff.toml); mypy: game/ strict, saves/ and scenes/ typed ([tool.mypy]).
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

install: $(STAMP)

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): setup.cfg pyproject.toml | $(PY)
	$(PY) -m pip install -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache
