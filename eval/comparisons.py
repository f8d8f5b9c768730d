"""Fit the comparison ranker (rag/answer/contrast.py) on the dev comparisons only; `make tune` runs it.

Each dev question of kind `compare` is answered as `rag.ask` would (understand, search, decide); each compared
paper with its own facts (`facts_by_paper`) is one group: its sentences' COMPARISON_FEATURES, and which hold a
fact. A conditional logit over each group (eval/sentences.py's fit) gives rag/assets/comparison.json. The report
(eval/results/comparison-tuning.md) is cross-validated by question: the figure to trust, since the hand rules of
compare.py score their own dev questions far above new ones. Run after eval.sentences: one feature is the
shipped sentence ranker's score. The test split is never read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

import rag
from rag.answer.contrast import COMPARISON_FEATURES, comparison_rows
from rag.answer.decide import decide
from rag.answer.evidence import Ranker
from rag.answer.understand import understand
from rag.corpus.terms import analyse
from rag.retrieval.hybrid import hybrid_search, query_vector
from rag.retrieval.spelling import correct

from .corpora import settings_for
from .datasets import own_questions
from .run import publish
from .sentences import fit_listwise

FOLDS = 5
L2 = 1.0  # ridge on standardised features; cross-validated top-2 on the dev comparisons: 0.3 and 3 within 0.01


def groups() -> list[dict]:
    """One group per (dev comparison, compared paper with facts) that the answer quotes."""
    settings = settings_for("shipped")
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    out = []
    for q in own_questions("dev"):
        if q["kind"] != "compare":
            continue
        question = understand(correct(q["question"], snapshot), None, snapshot, q.get("venue"), q.get("year"))
        vector = query_vector(index, question.standalone)
        hits = hybrid_search(index, question.standalone, settings.answer.k, venue=question.venue, year=question.year,
                             settings=settings, snapshot=snapshot, vector=vector)
        decision = decide(index, snapshot, question, hits, vector) if hits else None
        for source in decision.sources[:3] if decision and question.kind == "compare" else []:
            facts = q["facts_by_paper"].get(source.hit.paper.id)
            labels = [float(any(f.lower() in s.lower() for f in facts or ()))
                      for s in analyse(source.hit.paper.text).sentences]
            if any(labels):
                out.append({"id": q["qid"], "rows": comparison_rows(source, decision.asks, decision.idf),
                            "labels": np.array(labels)})
    return out


def fit(train: list[dict]) -> Ranker:
    w, mean, scale = fit_listwise([g["rows"] for g in train], [g["labels"] / g["labels"].sum() for g in train],
                                  [1.0] * len(train), l2=L2)
    return Ranker(tuple(map(float, w)), 0.0, tuple(map(float, mean)), tuple(map(float, scale)),
                  f"eval/comparisons.py: {len({g['id'] for g in train})} dev comparisons, {len(train)} papers")


def top(ranker: Ranker, group: dict, k: int) -> bool:
    p = ranker.probability(group["rows"])
    return bool(group["labels"][np.lexsort((np.arange(len(p)), -p))[:k]].any())


def cross_validated(all_groups: list[dict]) -> dict[int, tuple[float, float]]:
    """k -> (share of papers whose first k sentences hold a fact, share of questions where every paper's do)."""
    ids = sorted({g["id"] for g in all_groups})
    fold = {qid: i % FOLDS for i, qid in enumerate(ids)}
    rankers = [fit([g for g in all_groups if fold[g["id"]] != f]) for f in range(FOLDS)]
    out = {}
    for k in (1, 2, 3):
        hit = [top(rankers[fold[g["id"]]], g, k) for g in all_groups]
        by_question: dict[str, list[bool]] = {}
        for g, h in zip(all_groups, hit):
            by_question.setdefault(g["id"], []).append(h)
        out[k] = (float(np.mean(hit)), float(np.mean([all(v) for v in by_question.values()])))
    return out


def main(argv: list[str] | None = None) -> int:
    all_groups = groups()
    ranker = fit(all_groups)
    data = {"features": list(COMPARISON_FEATURES), "weights": list(ranker.weights), "bias": 0.0,
            "mean": list(ranker.mean), "scale": list(ranker.scale), "trained_on": ranker.trained_on}
    path = Path(rag.__file__).resolve().parent / "assets" / "comparison.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    lines = ["# Comparison ranker tuning (dev comparisons only)", "", ranker.trained_on + ".", "",
             "| first k sentences | papers with a fact, 5-fold cross-validated | questions with every paper's |",
             "|---:|---:|---:|"]
    lines += [f"| {k} | {p:.3f} | {q:.3f} |" for k, (p, q) in cross_validated(all_groups).items()]
    lines += ["", "| feature | weight (standardised) |", "|---|---:|"]
    lines += [f"| {f} | {w:+.3f} |" for f, w in zip(COMPARISON_FEATURES, ranker.weights)]
    text = "\n".join(lines) + "\n"
    publish("comparison-tuning.md", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
