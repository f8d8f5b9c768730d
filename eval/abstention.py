"""Fit the abstention model (rag/answer/abstain.py) on training data only; `make tune` runs it.

One row per (question, retrieved paper): the features the answerer computes, and whether that paper
answers that question. The questions are eval/training.py's labelled tune parts, each over its own index
(eval/corpora.py): the dev questions, SciFact train claims, PubMedQA's tune half, cross-domain negatives
(those asked of the shipped collection, dev questions asked of PubMedQA) and leave-one-out negatives (dev
single-paper questions over the collection without their gold paper). The test split and PubMedQA's test
half are never read. Writes rag/assets/abstention.json (abstention-multilingual.json with
`--embedder multilingual`, on the sources that index fast enough with e5: dev, cross-domain, leave-one-out)
and eval/results/abstention-tuning-<embedder>.md.
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
from rag.answer.abstain import FEATURES, Model, fit, shipped_model, weights_file
from rag.answer.decide import candidates
from rag.answer.lists import searched
from rag.answer.understand import understand
from rag.retrieval.hybrid import hybrid_search, query_vector
from rag.retrieval.spelling import correct

from .corpora import CACHE, settings_for
from .run import RESULTS
from .training import training_rows

# Rows grouped for weighting: each (group, label) sums to its importance, so the 70-paper collection's
# questions (what users ask) count as much as the thousands of public ones, which keep the model from
# fitting our 70 papers. A question that names a paper is its own group: does that paper hold the detail?
GROUPS = {"dev": "dev", "scifact-train": "scifact", "pubmedqa-tune": "pubmedqa", "dev-leave-one-out": "loo",
          "pubmedqa-tune→shipped": "cross", "scifact-train→shipped": "cross", "dev→pubmedqa": "cross"}
# (set on training data: dev named 3/4 gave dev not-reported 0.9 but in-scope abstained 0.079; 2/2 gives 0.9 / 0.059)
IMPORTANCE = {("dev", 1): 3.0, ("dev", 0): 3.0, ("named", 1): 2.0, ("named", 0): 2.0, ("loo", 0): 1.5,
              ("scifact", 1): 1.0, ("scifact", 0): 1.0, ("pubmedqa", 1): 1.0, ("pubmedqa", 0): 1.0,
              ("cross", 0): 2.0}
# The first-ranked candidate is the row that decides a fact question (answer, or abstain): its rows weigh
# this much more than the other candidates' in their group (dev: 1 left the dev out-of-scope questions at
# 0.68 abstained, 3 at 0.86)
FIRST_BOOST = 3.0
L2 = 1.0  # ridge on standardised features
RULED = ("filter-excluded", "chinese")  # decided by rule before any score (Chinese: in the default mode)
MULTILINGUAL_SOURCES = ("dev", "dev-leave-one-out", "pubmedqa-tune→shipped", "scifact-train→shipped")


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


def collect(embedder: str) -> dict[str, list]:
    """{row source: [(features, labels) per question]}, cached per source in eval/.cache."""
    groups: dict[str, list] = defaultdict(list)
    wanted = [r for r in training_rows() if embedder == "local" or r["source"] in MULTILINGUAL_SOURCES]
    for row in wanted:
        if row.get("kind") in RULED and not (row["kind"] == "chinese" and embedder == "multilingual"):
            continue
        settings = settings_for(row["index"], embedder)
        history = None
        if row.get("turns"):
            first = rag.ask(row["turns"][0], settings=settings)
            history = [{"role": "user", "content": row["turns"][0]}, {"role": "assistant", "content": first.text}]
        found = rows_for(settings, row["question"], set(row["gold"]), not row["abstain"], history,
                         row.get("venue"), row.get("year"))
        if found is not None:
            groups[row["source"]].append(found)
    return dict(groups)


def stack(groups: dict[str, list]):
    """Features, labels and weights of every row, each (group, label) summing to its importance."""
    parts: dict[str, list] = defaultdict(list)
    for source, items in groups.items():
        for rows, labels in items:
            # our questions that name a paper (a gene in a SciFact claim "names" papers too: not this group)
            named = (rows[:, FEATURES.index("named")] == 1) & (source == "dev")
            parts[GROUPS[source]].append((rows[~named], labels[~named]))
            if named.any():
                parts["named"].append((rows[named], labels[named]))
    xs, ys, ws = [], [], []
    for name, items in parts.items():
        x = np.vstack([r for r, _ in items])
        y = np.concatenate([l for _, l in items])
        for label in (0, 1):
            mask = y == label
            if mask.any() and (name, label) in IMPORTANCE:
                boost = np.where(x[mask][:, FEATURES.index("first")] == 1, FIRST_BOOST, 1.0)
                xs.append(x[mask])
                ys.append(y[mask])
                ws.append(IMPORTANCE[(name, label)] * boost / boost.sum())
    w = np.concatenate(ws)
    return np.vstack(xs), np.concatenate(ys), w * len(w) / w.sum()


def question_rates(groups: dict[str, list], model: Model) -> dict[str, tuple[float, float]]:
    """Per source: share of questions answered (any candidate over the threshold), and share of gold papers kept."""
    out = {}
    for name, items in groups.items():
        answered = [bool((model.probability(r) >= model.threshold).any()) for r, _ in items]
        kept = [bool(model.probability(r[l == 1]).min() >= model.threshold) for r, l in items if (l == 1).any()]
        out[name] = (float(np.mean(answered)) if answered else float("nan"),
                     float(np.mean(kept)) if kept else float("nan"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", choices=("local", "multilingual"), default="local")
    parser.add_argument("--reuse", action="store_true", help="refit on the rows the last run cached")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    path = Path(rag.__file__).resolve().parent / "assets" / weights_file(args.embedder)
    cache = CACHE / f"abstention-rows-{args.embedder}.json"
    if args.reuse and cache.exists():
        groups = {k: [(np.array(r), np.array(l)) for r, l in v] for k, v in json.loads(cache.read_text()).items()}
    else:
        try:
            if not path.exists():
                raise ValueError("no weights yet")
            shipped_model(args.embedder)
        except ValueError:  # weights of other features: answer everything while collecting (follow-ups' first turns)
            n = len(FEATURES)
            path.write_text(json.dumps(Model((0.0,) * n, 0.0, (0.0,) * n, (1.0,) * n, 0.5, "neutral").to_dict()))
            shipped_model.cache_clear()
        groups = collect(args.embedder)
        cache.write_text(json.dumps({k: [(r.tolist(), l.tolist()) for r, l in v] for k, v in groups.items()}))
    x, y, w = stack(groups)
    weights, bias, mean, scale = fit(x, y, w, l2=L2)
    counts = ", ".join(f"{k} {len(v)}" for k, v in groups.items())
    model = Model(tuple(map(float, weights)), bias, tuple(map(float, mean)), tuple(map(float, scale)), 0.5,
                  trained_on=f"make tune (eval/abstention.py), embedder {args.embedder}: questions per source: "
                             f"{counts}; {len(y)} candidate rows")
    path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    rates = question_rates(groups, model)
    lines = ["# Abstention model, fitted on training data", "", model.trained_on, "",
             "| feature | weight (standardised) |", "|---|---:|"]
    lines += [f"| {f} | {v:+.3f} |" for f, v in zip(FEATURES, weights)]
    lines += ["", "Training questions whose best candidate clears the threshold (answered), and the share of",
              "gold papers that clear it (training data: the held-out figures are in eval/results/):", "",
              "| source | answered | gold kept |", "|---|---:|---:|"]
    lines += [f"| {k} | {a:.3f} | {g:.3f} |" for k, (a, g) in rates.items()]
    lines += ["", f"({time.perf_counter() - started:.0f} s)"]
    text = "\n".join(lines) + "\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"abstention-tuning-{args.embedder}.md").write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
