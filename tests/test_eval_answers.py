"""eval/answers.py: a sealed question set is scored by its per-kind figures alone, and nothing is written."""

from __future__ import annotations

import json
import sys

from conftest import PROJECT_ROOT

if str(PROJECT_ROOT) not in sys.path:  # eval/ is a top-level package of the checkout, not installed
    sys.path.insert(0, str(PROJECT_ROOT))

from eval import answers  # noqa: E402


def test_a_sealed_set_prints_its_figures_never_its_questions_or_answers(tmp_path, monkeypatch, capsys):
    rows = [{"qid": "s1", "kind": "out-of-scope", "question": "Secret question about deepfakes?", "gold": [],
             "venue": None, "year": None, "facts": []}]
    sealed = tmp_path / "sealed.jsonl"
    sealed.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    monkeypatch.setattr(answers, "settings_for", lambda name, embedder="local": None)
    monkeypatch.setattr(answers.rag, "ask", lambda *a, **k: None)
    detail = {"qid": "s1", "kind": "out-of-scope", "passed": 1.0, "abstained": True, "gold_cited": None, "facts": None,
              "f1": None, "precision": None, "recall": None, "question": rows[0]["question"], "answer": "Secret answer"}
    monkeypatch.setattr(answers, "evaluate", lambda questions, settings: {"details": [detail], "latencies": [0.01]})
    monkeypatch.setattr(answers, "RESULTS", tmp_path / "results")

    assert answers.main(["--questions", str(sealed), "--embedders", "local"]) == 0

    out = capsys.readouterr().out
    assert "out-of-scope abstained: 1.000 (1)" in out
    assert "Secret" not in out and not (tmp_path / "results").exists()


def test_an_unreadable_set_is_a_clear_error(tmp_path, capsys):
    assert answers.main(["--questions", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err
