"""Fit the abstention model (rag/answer/abstain.py) on training data only; `make tune` runs it.

One row per (question, retrieved paper): the features the answerer computes, and whether that paper
answers that question. The questions are eval/training.py's labelled tune parts, each over its own index
(eval/corpora.py): the dev questions, SciFact train claims, PubMedQA's tune half, cross-domain negatives
(those asked of the shipped collection, dev questions asked of PubMedQA) and leave-one-out negatives (dev
single-paper questions over the collection without their gold paper). The test split and PubMedQA's test
half are never read. With `--embedder multilingual` the SciFact claims run over a subset of SciFact
(eval/training.py: e5 would take hours to index all 5,183 abstracts here).

The threshold is chosen on cross-validated probabilities (eval/abstention_fit.py): the fewest wrong
decisions on the dev questions (in scope and out of scope), plus the shortfall of the leave-one-out,
cross-domain and PubMedQA figures from the issue's targets. Writes rag/assets/abstention.json
(abstention-multilingual.json) and eval/results/abstention-tuning-<embedder>.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

import rag
from rag.answer.abstain import FEATURES, Model, shipped_model, weights_file
from rag.answer.decide import candidates
from rag.answer.lists import searched
from rag.answer.understand import understand
from rag.retrieval.hybrid import hybrid_search, query_vector
from rag.retrieval.spelling import correct

from .abstention_fit import Item, choose, cross_validated, curve, fitted, outcomes, report, sign_constrained
from .corpora import CACHE
from .run import RESULTS
from .training import index_settings, training_rows

RULED = ("filter-excluded", "chinese")  # decided by rule before any score (see rag/answer/pipeline.py, decide.py)


def rows_for(settings, question: str, gold: set[str], answerable: bool, history=None, venue=None, year=None):
    """(features, labels) of the candidates the answerer weighs for `question`."""
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    q = understand(correct(question, snapshot), history, snapshot, venue, year)
    text, k = searched(q, settings.answer.k)  # what the answerer searches (a list: its topic, a wider pool)
    vector = query_vector(index, text)
    hits = hybrid_search(index, text, k, venue=q.venue, year=q.year, settings=settings,
                         snapshot=snapshot, vector=vector)
    if not hits:
        return None
    found = candidates(index, snapshot, q, hits, vector)
    return found.rows, np.array([float(answerable and h.paper.id in gold) for h in found.hits])


def collect(embedder: str, skip: tuple[str, ...] = ()) -> list[Item]:
    """Every training question's candidate rows, in training_rows() order (but the sources in `skip`)."""
    items = []
    for row in training_rows(embedder):
        if row.get("kind") in RULED or row["source"] in skip:
            continue
        settings = index_settings(row["index"], embedder)
        history = None
        if row.get("turns"):
            first = rag.ask(row["turns"][0], settings=settings)
            history = [{"role": "user", "content": row["turns"][0]}, {"role": "assistant", "content": first.text}]
        found = rows_for(settings, row["question"], set(row["gold"]), not row["abstain"], history,
                         row.get("venue"), row.get("year"))
        if found is not None:
            items.append(Item(row["source"], row.get("kind", ""), bool(row["abstain"]), *found))
    return items


def _save(items: list[Item], path: Path) -> None:
    path.write_text(json.dumps({"features": list(FEATURES), "items": [
        [i.source, i.kind, i.abstain, i.rows.tolist(), i.labels.tolist()] for i in items]}), encoding="utf-8")


def _load(path: Path) -> list[Item] | None:
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    if data.get("features") != list(FEATURES):
        return None
    return [Item(s, k, a, np.array(r, dtype=np.float64).reshape(-1, len(FEATURES)), np.array(l))
            for s, k, a, r, l in data["items"]]


def _neutral(path: Path, embedder: str) -> None:
    """Weights that answer everything, while rows are collected (follow-ups' first turns) with no usable model."""
    try:
        if path.exists():
            shipped_model(embedder)
            return
    except ValueError:
        pass
    n = len(FEATURES)
    path.write_text(json.dumps(Model((0.0,) * n, 0.0, (0.0,) * n, (1.0,) * n, 0.5, "neutral").to_dict()))
    shipped_model.cache_clear()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", choices=("local", "multilingual"), default="local")
    parser.add_argument("--reuse", action="store_true", help="refit on the rows the last run cached")
    parser.add_argument("--skip", nargs="*", default=[], help="training sources to leave out (their index is not ready)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    path = Path(rag.__file__).resolve().parent / "assets" / weights_file(args.embedder)
    cache = CACHE / f"abstention-items-{args.embedder}.json"
    items = _load(cache) if args.reuse else None
    if items is None:
        _neutral(path, args.embedder)
        items = collect(args.embedder, tuple(args.skip))
        _save(items, cache)
    uses = sign_constrained(items)
    folds = cross_validated(items, uses)
    threshold, chosen = choose(items, folds)
    model = fitted(items, uses, threshold)
    counts = defaultdict(int)
    for item in items:
        counts[item.source] += 1
    model = Model(model.weights, model.bias, model.mean, model.scale, model.threshold,
                  f"make tune (eval/abstention.py), embedder {args.embedder}: questions per source: "
                  + ", ".join(f"{k} {v}" for k, v in counts.items())
                  + f"; {sum(len(i.labels) for i in items)} candidate rows; threshold from 5-fold "
                    f"cross-validation on the same rows", model.uses)
    path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    text = report(model, chosen, outcomes(items, model.probability, threshold), time.perf_counter() - started,
                  curve(items, folds))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"abstention-tuning-{args.embedder}.md").write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
