# paperchat — `make run` starts the app, `make test` runs the suite. Both set up .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 7860

.PHONY: run test eval tune bench ingest clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# reinstall only when pyproject.toml changes
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/paperchat ingest
	PAPERCHAT_HOST=$(HOST) PAPERCHAT_PORT=$(PORT) $(BIN)/python -m ui.app

test: $(VENV)/.installed-dev
	$(BIN)/python -m pytest

ingest: $(VENV)/.installed
	$(BIN)/paperchat ingest

eval: $(VENV)/.installed
	$(BIN)/python -m eval.run
	$(BIN)/python -m eval.answers

tune: $(VENV)/.installed
	$(BIN)/python -m eval.tune

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[bench]'
	touch $@ $(VENV)/.installed

bench: $(VENV)/.installed-bench
	$(BIN)/python -m eval.bench

clean:
	rm -rf .paperchat .pytest_cache eval/.cache
