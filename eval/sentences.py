"""Fit the sentence ranker (rag/answer/evidence.py) on training data only; `make tune` runs it.

One row per abstract sentence of a gold paper the answerer retrieved: the features the answerer
computes for it (evidence.SENTENCE_FEATURES), and whether it answers. Labels come from the tune parts
only: SciFact *train* claims (a sentence is positive when it is one of the claim's gold rationale
sentences, extras/corpus_sentences.jsonl + the queries' metadata) and the dev questions (a sentence is
positive when it holds one of the question's gold `facts` strings; a comparison labels each paper by
its own facts). The test split and SciFact's test claims are never read. Writes rag/assets/sentences.json
and eval/results/sentence-tuning.md (cross-validated, by question, beside the former hand-set weights).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import asdict
from pathlib import Path

import numpy as np

import rag
from rag.answer.asks import Asks
from rag.answer.decide import candidates
from rag.answer.evidence import (SENTENCE_FEATURES, Ranker, Sentence, feature_rows,
                                 is_background, own_name)
from rag.answer.quoting import choose
from rag.answer.understand import understand
from rag.index.sentences import sentence_vectors
from rag.corpus.terms import analyse
from rag.retrieval.hybrid import hybrid_search, query_vector
from rag.retrieval.spelling import correct

from .corpora import CACHE, external_ids, settings_for
from .datasets import own_questions, scifact_queries, scifact_rationales
from .external import quotes_rationale
from .run import publish

DEV_KINDS = ("fact", "paraphrase", "typo", "followup", "compare")
# Each source's questions together weigh this much (dev: what users ask, 70 papers; SciFact: claims, not
# questions, but ten times as many). Within a source every question counts the same, its positive and
# negative sentences each half. (Set on the cross-validated P@1 of both sources, eval/results/sentence-tuning.md.)
IMPORTANCE = {"dev": 1.0, "scifact": 1.0}
L2 = 1.0  # ridge on standardised features (cross-validated P@1 with 138 dev groups: 10 and 30 no better, 0.002-0.04 worse)
FOLDS = 5
# the former hand-set score (0.45 asked terms + 0.15 focus + 0.5 cosine + 0.25 detail − 0.2 background), for comparison
HAND = {"cos": 0.5, "ask": 0.45, "focus": 0.15, "number": 0.25, "names": 0.25, "method": 0.25, "background": -0.2}


def _asks_dict(asks: Asks) -> dict:
    # (an asked clause's own `parts`, and what a list asks of its papers, are for composing answers: the ranker's features
    # never read them; `of_listed`, an Asks of its own, made the rows unwritable: `make tune` failed in session 46)
    out = {k: sorted(v) if isinstance(v, frozenset) else v for k, v in asdict(asks).items()
           if k not in ("parts", "of_listed")}
    out["details"] = [[phrase, sorted(need), sorted(head)] for phrase, need, head in asks.details]  # JSON-able
    return out


def _asks(data: dict) -> Asks:
    fields = {k: frozenset(v) if isinstance(v, list) else v for k, v in data.items() if k not in ("details", "written")}
    details = tuple((phrase, frozenset(need), frozenset(head)) for phrase, need, head in data.get("details", ()))
    return Asks(**fields, details=details, written=tuple(data.get("written", ())))


def _items() -> list[dict]:
    """(source, id, question, turns, index, venue, year, gold {paper id: facts or None for SciFact})."""
    out = []
    for q in own_questions("dev"):
        if q["kind"] not in DEV_KINDS or not q["gold"]:
            continue
        by_paper = q.get("facts_by_paper") or {pid: q.get("facts") or [] for pid in q["gold"]}
        gold = {pid: facts for pid, facts in by_paper.items() if facts}
        if gold:
            out.append({"source": "dev", "id": q["qid"], "question": q["question"], "turns": q.get("turns") or [],
                        "index": "shipped", "venue": q.get("venue"), "year": q.get("year"), "gold": gold})
    key = scifact_rationales()
    for qid, claim, gold in scifact_queries("train"):
        rationale = {doc: key.get(qid, {}).get(doc) for doc in gold if key.get(qid, {}).get(doc)}
        if rationale:
            out.append({"source": "scifact", "id": qid, "question": claim, "turns": [], "index": "scifact",
                        "venue": None, "year": None, "gold": rationale})
    return out


def _labels(sentences: tuple[str, ...], source: str, answer: list[str]) -> list[int]:
    if source == "scifact":
        return [int(quotes_rationale([s], answer)) for s in sentences]
    return [int(any(f.lower() in s.lower() for f in answer)) for s in sentences]


def collect_item(item: dict) -> list[dict]:
    """One group per gold paper the answerer retrieved: its sentences' inputs to the ranker, and labels."""
    settings = settings_for(item["index"])
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    history = None
    if item["turns"]:
        first = rag.ask(item["turns"][0], settings=settings)
        history = [{"role": "user", "content": item["turns"][0]}, {"role": "assistant", "content": first.text}]
    q = understand(correct(item["question"], snapshot), history, snapshot, item["venue"], item["year"])
    vector = query_vector(index, q.standalone)
    hits = hybrid_search(index, q.standalone, settings.answer.k, venue=q.venue, year=q.year, settings=settings,
                         snapshot=snapshot, vector=vector)
    if not hits:
        return []
    found = candidates(index, snapshot, q, hits, vector)
    ext = external_ids(settings) if item["source"] == "scifact" else {}
    vectors = sentence_vectors(index.embedder)
    groups = []
    for hit in found.hits:
        answer = item["gold"].get(ext.get(hit.paper.id, hit.paper.id))
        if not answer:
            continue
        analysis = analyse(hit.paper.text)
        groups.append({
            "source": item["source"], "id": item["id"], "paper": hit.paper.id, "text": hit.paper.text,
            "name": own_name(hit), "asks": _asks_dict(found.asks), "idf": found.idf,
            "cos": (vectors.of(list(analysis.sentences)) @ found.asked).tolist(),
            "labels": _labels(analysis.sentences, item["source"], answer), "facts": answer})
    return groups


def collect(reuse: bool) -> list[dict]:
    path = CACHE / "sentence-rows.json"
    if reuse and path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    groups = [g for item in _items() for g in collect_item(item)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(groups), encoding="utf-8")
    return groups


def rows_of(group: dict, cos: list[float] | np.ndarray) -> np.ndarray:
    return feature_rows(analyse(group["text"]), _asks(group["asks"]), group["idf"], group["name"], np.asarray(cos))


def runtime_cos(group: dict) -> np.ndarray:
    """The cosines the answerer has: every sentence's own with what is asked (ingest embedded them all)."""
    return np.asarray(group["cos"], dtype=np.float64)


def fit_listwise(rows: list[np.ndarray], targets: list[np.ndarray], weights: list[float], l2: float | None = None,
                 steps: int = 50) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Conditional logit by Newton's method: in each group a softmax over its rows, fitted to the share of
    its answering sentences; L2 on standardised features. (weights, mean, scale)."""
    l2 = L2 if l2 is None else l2
    stacked = np.vstack(rows)
    mean, scale = stacked.mean(axis=0), stacked.std(axis=0)
    scale[scale < 1e-9] = 1.0
    xs = [(x - mean) / scale for x in rows]
    w = np.zeros(stacked.shape[1])
    for _ in range(steps):
        gradient, hessian = l2 * w, l2 * np.eye(len(w))
        for x, t, weight in zip(xs, targets, weights):
            z = x @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            gradient += weight * x.T @ (p - t)
            mean_x = x.T @ p
            hessian += weight * ((x.T * p) @ x - np.outer(mean_x, mean_x))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.sqrt(step @ step)) < 1e-8:
            break
    return w, mean, scale


def fitted(groups: list[dict]) -> Ranker:
    groups = [g for g in groups if any(g["labels"])]
    per_source = defaultdict(int)
    for g in groups:
        per_source[g["source"]] += 1
    weights = np.array([IMPORTANCE[g["source"]] / per_source[g["source"]] for g in groups])
    targets = [np.array(g["labels"], dtype=np.float64) / sum(g["labels"]) for g in groups]
    w, mean, scale = fit_listwise([rows_of(g, g["cos"]) for g in groups], targets,
                                  list(weights * len(weights) / weights.sum()))
    sources = ", ".join(f"{n} {s} groups" for s, n in sorted(per_source.items()))
    return Ranker(tuple(map(float, w)), 0.0, tuple(map(float, mean)), tuple(map(float, scale)),
                  f"eval/sentences.py: {sources} (dev questions' fact sentences, SciFact train rationales)")


def hand_ranker() -> Ranker:
    n = len(SENTENCE_FEATURES)
    return Ranker(tuple(HAND.get(f, 0.0) for f in SENTENCE_FEATURES), 0.0, (0.0,) * n, (1.0,) * n, "hand-set")


def ranked(group: dict, ranker: Ranker) -> np.ndarray:
    p = ranker.probability(rows_of(group, runtime_cos(group)))
    return np.lexsort((np.arange(len(p)), -p)), p


def measures(groups: list[dict], ranker_of) -> dict:
    """Per source: P@1 (the first sentence answers), P@2 (one of the first two does), and for dev the share
    of facts in the best one and the best two."""
    out = defaultdict(lambda: defaultdict(list))
    for g in groups:
        if not any(g["labels"]):
            continue
        order, _ = ranked(g, ranker_of(g))
        labels = np.array(g["labels"])
        m = out[g["source"]]
        m["p@1"].append(float(labels[order[0]]))
        m["p@2"].append(float(labels[order[:2]].any()))
        if g["source"] == "dev":
            sentences = analyse(g["text"]).sentences
            for k in (1, 2):
                text = " ".join(sentences[i] for i in order[:k]).lower()
                m[f"facts@{k}"].append(sum(f.lower() in text for f in g["facts"]) / len(g["facts"]))
    return {s: {k: (float(np.mean(v)), len(v)) for k, v in m.items()} for s, m in out.items()}


RUNNER_UPS = (0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.01)  # 1.01: never a second sentence


def composition(groups: list[dict], ranker_of) -> dict:
    """Per runner-up share: dev facts present and SciFact rationale quoted, answers of up to two sentences."""
    out = {}
    for share in RUNNER_UPS:
        m = defaultdict(list)
        for g in groups:
            _, p = ranked(g, ranker_of(g))
            sentences = analyse(g["text"]).sentences
            picked = choose([Sentence(i, t, float(x), is_background(t, i, g["name"]))
                             for i, (t, x) in enumerate(zip(sentences, p))],
                            _asks(g["asks"]), 2, share)
            if g["source"] == "dev":
                text = " ".join(s.text for s in picked).lower()
                m["dev facts"].append(sum(f.lower() in text for f in g["facts"]) / len(g["facts"]))
            else:
                m["scifact rationale"].append(float(any(g["labels"][s.position] for s in picked)))
            m[f"{g['source']} words"].append(sum(len(s.text.split()) for s in picked))
        out[share] = {k: float(np.mean(v)) for k, v in m.items()}
    return out


def cv_rankers(groups: list[dict]):
    """A ranker per question fitted without it (folds by question id)."""
    fold_of = {key: i % FOLDS for i, key in enumerate(sorted({(g["source"], g["id"]) for g in groups}))}
    rankers = [fitted([g for g in groups if fold_of[(g["source"], g["id"])] != f]) for f in range(FOLDS)]
    return lambda g: rankers[fold_of[(g["source"], g["id"])]]


def report(groups: list[dict], ranker: Ranker) -> str:
    held_out = cv_rankers(groups)
    hand, cv = measures(groups, lambda g: hand_ranker()), measures(groups, held_out)
    lines = ["# Sentence ranker tuning (training data only)", "",
             f"{ranker.trained_on}. Groups = (question, gold paper retrieved); only groups with an answering "
             "sentence are scored. Cosines as the answerer has them (every sentence's own with what is asked).", "",
             "| source | measure | hand-set weights | fitted, 5-fold cross-validated |", "|---|---|---:|---:|"]
    for source in sorted(cv):
        for k, (v, n) in cv[source].items():
            lines.append(f"| {source} | {k} | {hand[source][k][0]:.3f} | {v:.3f} ({n}) |")
    shares = composition(groups, held_out)
    keys = list(next(iter(shares.values())))
    lines += ["", "Answers of up to two sentences (best first; a second, not a background one unless the problem "
              "is asked, when it has the share below of the best one's probability), cross-validated "
              "(extractive.RUNNER_UP):", "",
              "| runner-up share | " + " | ".join(keys) + " |", "|---:|" + "---:|" * len(keys)]
    lines += [f"| {share} | " + " | ".join(f"{v[k]:.3f}" for k in keys) + " |" for share, v in shares.items()]
    lines += ["", "| feature | weight (standardised) |", "|---|---:|"]
    lines += [f"| {f} | {w:+.3f} |" for f, w in zip(SENTENCE_FEATURES, ranker.weights)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reuse", action="store_true", help="refit on the rows the last run cached")
    args = parser.parse_args(argv)
    groups = collect(args.reuse)
    ranker = fitted(groups)
    path = Path(rag.__file__).resolve().parent / "assets" / "sentences.json"
    path.write_text(json.dumps(ranker.to_dict(), indent=1) + "\n", encoding="utf-8")
    text = report(groups, ranker)
    publish("sentence-tuning.md", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
