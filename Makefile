# Bàn Thẻ: `make play` to play, `make test` to lint and test.
# Both create (or reuse) .venv and reinstall only when setup.cfg/pyproject.toml change.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.banthe-installed
SDL    := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint install clean mutate bench compile dist

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

# Every benchmark in one table (issue 15; not part of `make test`, ~10 min on 2 cores):
# rules cores, contract calls, RLCard UNO and dgisim side by side (installed into
# throwaway venvs in the user cache folder), frame times, start-up, saves, memory.
bench: $(STAMP)
	-$(PY) tools/compile.py --if-stale
	$(SDL) $(PY) bench/all.py $(BENCH_ARGS)

# The optional mypyc build (issue 15): the rules cores (ManaSurge, Sử Hộ Vương, Thất Thánh
# Triệu Hồi, game/core/rng.py) compiled into build/mypyc/ (outside the sources; needs mypyc
# and a C compiler; minutes). While it is fresh the game and its AI worker run it (the log
# says which; --pure), the bench's mypyc rows and tests/test_compiled_same.py use it;
# `make test` never builds it. `make dist` builds it first and ships it.
# COMPILE_ARGS="--try invokation,shv" also tries those packages.
compile: $(STAMP)
	$(PY) tools/compile.py $(COMPILE_ARGS)

# Mutation testing (issue 13.14; not part of `make test`): a seeded sample of
# MUTANTS mutants per module, each against the module's focused tests, at low
# priority on JOBS cores. Results in build/mutate/, scores in docs/RELIABILITY.md.
MUTANTS ?= 200
JOBS    ?= 2
mutate: $(STAMP)
	$(SDL) nice -n 10 $(PY) tools/mutate.py --sample $(MUTANTS) --jobs $(JOBS) $(MUTATE_ARGS)

# A standalone one-folder app for this machine (issue 12; README "At an event"):
# dist/banthe/ with the interpreter, packages and data inside. PyInstaller lives in
# its own build venv (build/dist-venv), never in .venv. Ends with the documented
# check: the built app runs --frames 60 headless (title, and a table with an AI seat).
dist: $(STAMP)
	$(PY) tools/dist.py $(DIST_ARGS)

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): setup.cfg pyproject.toml | $(PY)
	$(PY) -m pip install -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache
