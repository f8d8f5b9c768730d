"""Fit the abstention model (rag/answer/abstain.py) on training data only; `make tune` runs it.

One row per (question, retrieved paper): the features the answerer computes, and whether that paper
answers that question. Sources, all training parts:
- the dev questions over the shipped collection (eval/questions/dev.jsonl): gold papers of answerable
  kinds are positives; every other retrieved paper, and a not-reported question's own paper, negative;
- SciFact train claims over the SciFact index: gold abstracts positive, the rest negative;
- PubMedQA's tune half (the 500 items outside test_ground_truth.json) over the PubMedQA index;
- cross-domain negatives: those PubMedQA questions and SciFact train claims asked of the shipped collection;
- leave-one-out negatives: each single-paper dev question with its gold paper taken out of the candidates.
The test split and PubMedQA's test half are never read. Writes rag/assets/abstention.json and
eval/results/abstention-tuning.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

import rag
from rag.answer.abstain import FEATURES, Model, fit, shipped_model, weights_file
from rag.answer.decide import candidates
from rag.answer.understand import understand
from rag.retrieval.hybrid import hybrid_search, query_vector
from rag.retrieval.spelling import correct
from rag.settings import Settings

from .datasets import ROOT, SCIFACT, SHARED, own_questions, scifact_queries
from .run import CACHE, RESULTS

PUBMEDQA = SHARED / "benchmarks" / "pubmedqa"
ANSWERABLE = ("fact", "paraphrase", "list", "venue-list", "typo", "compare", "followup", "chinese")
SINGLE = ("fact", "paraphrase", "typo", "followup", "chinese")
# weight of each source's rows in the fit (each (source, label) group sums to this): the shipped
# collection's questions are what users ask; the public sets keep the model from fitting our 70 papers.
IMPORTANCE = {("dev", 1): 3.0, ("dev", 0): 3.0, ("named", 1): 2.0, ("named", 0): 2.0, ("loo", 0): 1.5, ("scifact", 1): 1.0, ("scifact", 0): 1.0,
              ("pubmedqa", 1): 1.0, ("pubmedqa", 0): 1.0, ("cross", 0): 2.0}
# The first-ranked candidate is the row that decides a fact question (answer, or abstain): its rows weigh
# this much more than the other candidates' in their group (dev: 1 left the dev out-of-scope questions at 0.68 abstained, 3 at 0.86)
FIRST_BOOST = 3.0
L2 = 1.0  # ridge on standardised features; 0.1 and 10 changed the dev answer rate by under a point


EMBEDDER = "local"  # set by --embedder: each embedder gets its own weights file


def settings_for(index_dir: Path, data_dir: Path | None = None) -> Settings:
    extra = {"data_dir": data_dir} if data_dir else {}
    return Settings(index_dir=index_dir, openai_api_key=None, openai_base_url=None, embedder=EMBEDDER, **extra)


def cache_name(name: str) -> Path:
    return CACHE / (f"abstention-{name}.json" if EMBEDDER == "local" else f"abstention-{EMBEDDER}-{name}.json")


def pubmedqa_items(half: str) -> list[tuple[str, str, str]]:
    """(pubmed id, question, joined contexts) of the `tune` half (outside the official test) or `test`."""
    items = json.loads((PUBMEDQA / "ori_pqal.json").read_text(encoding="utf-8"))
    test = set(json.loads((PUBMEDQA / "test_ground_truth.json").read_text(encoding="utf-8")))
    keep = (lambda pid: pid in test) if half == "test" else (lambda pid: pid not in test)
    return [(pid, it["QUESTION"], " ".join(it["CONTEXTS"])) for pid, it in items.items() if keep(pid)]


def pubmedqa_index() -> Settings:
    """The 1,000 PubMedQA contexts, joined as abstracts with no titles (both halves: the index is the corpus)."""
    path = CACHE / "pubmedqa-corpus.jsonl"
    if not path.exists():
        CACHE.mkdir(exist_ok=True)
        rows = [{"_id": pid, "title": "", "text": text} for half in ("tune", "test")
                for pid, _, text in pubmedqa_items(half)]
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    settings = settings_for(CACHE / "pubmedqa-index")
    rag.ingest([path], settings=settings)
    return settings


def rows_for(settings: Settings, question: str, gold: set[str], answerable: bool, history=None, venue=None,
             year=None, by_external: bool = False):
    """(features, labels, paper ids) of the candidates the answerer would weigh for `question`."""
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    q = understand(correct(question, snapshot), history, snapshot, venue, year)
    vector = query_vector(index, q.standalone)
    hits = hybrid_search(index, q.standalone, settings.answer.k, venue=q.venue, year=q.year, settings=settings,
                         snapshot=snapshot, vector=vector)
    if not hits:
        return None
    found = candidates(index, snapshot, q, hits, vector)
    ids = [h.paper.external_id if by_external else h.paper.id for h in found.hits]
    labels = np.array([float(answerable and i in gold) for i in ids])
    return found.rows, labels, ids


def leave_one_out(rows: np.ndarray, ids: list[str], gold: set[str]) -> np.ndarray | None:
    """The candidates without the gold paper, scores relative to the best one left, the first flag moved."""
    keep = [i for i, pid in enumerate(ids) if pid not in gold]
    if not keep or len(keep) == len(ids):
        return None
    out = rows[keep].copy()
    rel, first = FEATURES.index("relative_score"), FEATURES.index("first")
    out[:, rel] = out[:, rel] / (out[:, rel].max() or 1.0)
    out[:, first] = 0.0
    out[0, first] = 1.0
    return out


def dev_rows(shipped: Settings) -> tuple[list, list]:
    """Rows of the dev questions, and their leave-one-out negatives."""
    dev, loo = [], []
    for q in own_questions("dev"):
        if q["kind"] == "filter-excluded" or (q["kind"] == "chinese" and EMBEDDER != "multilingual"):
            continue  # decided by rule, before any score
        history = None
        if q.get("turns"):
            first = rag.ask(q["turns"][0], settings=shipped)
            history = [{"role": "user", "content": q["turns"][0]}, {"role": "assistant", "content": first.text}]
        found = rows_for(shipped, q["question"], set(q["gold"]), q["kind"] in ANSWERABLE, history,
                         q.get("venue"), q.get("year"))
        if found is None:
            continue
        rows, labels, ids = found
        dev.append((rows, labels))
        if q["kind"] in SINGLE:
            out = leave_one_out(rows, ids, set(q["gold"]))
            if out is not None:
                loo.append((out, np.zeros(len(out))))
    return dev, loo


def external_rows(settings: Settings, questions: list[tuple[str, set[str]]], answerable: bool) -> list:
    out = []
    for text, gold in questions:
        found = rows_for(settings, text, gold, answerable, by_external=True)
        if found:
            out.append(found[:2])
    return out


SOURCES = ("dev", "loo", "scifact", "pubmedqa", "cross")


def collect(only: tuple[str, ...] = SOURCES, reuse: bool = False) -> dict[str, list]:
    """Rows per source: {source: [(features, labels) per question]}; each source is cached in eval/.cache."""
    groups: dict[str, list] = {}
    shipped = settings_for(CACHE / f"shipped-{EMBEDDER}", ROOT / "data")
    claims = [(text, gold) for _, text, gold in scifact_queries("train")]
    tune = pubmedqa_items("tune")
    for name in only:
        path = cache_name(name)
        if reuse and path.exists():
            groups[name] = [(np.array(r), np.array(l)) for r, l in json.loads(path.read_text())]
            continue
        started = time.perf_counter()
        if name in ("dev", "loo"):
            rag.ingest(settings=shipped)
            groups["dev"], groups["loo"] = dev_rows(shipped)
        elif name == "scifact":
            scifact = settings_for(CACHE / "scifact-index")
            rag.ingest([SCIFACT / "corpus.jsonl"], settings=scifact)
            groups[name] = external_rows(scifact, claims, True)
        elif name == "pubmedqa":
            groups[name] = external_rows(pubmedqa_index(), [(q, {pid}) for pid, q, _ in tune], True)
        elif name == "cross":  # the public questions asked of the shipped ML collection: none answers
            rag.ingest(settings=shipped)
            groups[name] = external_rows(shipped, [(q, set()) for _, q, _ in tune] + claims, False)
        print(f"{name}: {len(groups[name])} questions in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        for key in {name, "loo" if name == "dev" else name, "dev" if name == "loo" else name}:
            cache_name(key).write_text(
                json.dumps([(r.tolist(), l.tolist()) for r, l in groups[key]]))
    return groups


def stack(groups: dict[str, list]):
    xs, ys, ws, names = [], [], [], []
    parts = dict(groups)
    if groups.get("dev"):  # a paper the question names is asked about: does it hold the detail? its own group
        x = np.vstack([r for r, _ in groups["dev"]])
        y = np.concatenate([l for _, l in groups["dev"]])
        named = x[:, FEATURES.index("named")] == 1
        parts["dev"] = [(x[~named], y[~named])]
        parts["named"] = [(x[named], y[named])]
    for name, items in parts.items():
        if not items:
            continue
        x = np.vstack([r for r, _ in items])
        y = np.concatenate([l for _, l in items])
        for label in (0, 1):
            mask = y == label
            if mask.any() and (name, label) in IMPORTANCE:
                xs.append(x[mask])
                ys.append(y[mask])
                boost = np.where(x[mask][:, FEATURES.index("first")] == 1, FIRST_BOOST, 1.0)
                ws.append(IMPORTANCE[(name, label)] * boost / boost.sum())
                names += [name] * int(mask.sum())
    return np.vstack(xs), np.concatenate(ys), np.concatenate(ws) * len(names), names


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
    parser.add_argument("--only", nargs="+", choices=SOURCES, default=list(SOURCES), help="sources to (re)compute")
    parser.add_argument("--reuse", action="store_true", help="reuse the rows cached in eval/.cache by a run before")
    parser.add_argument("--embedder", choices=("local", "multilingual"), default="local")
    args = parser.parse_args(argv)
    global EMBEDDER
    EMBEDDER = args.embedder
    started = time.perf_counter()
    path = Path(rag.__file__).resolve().parent / "assets" / weights_file(EMBEDDER)
    try:
        if not path.exists():
            raise ValueError("no weights yet")
        shipped_model(EMBEDDER)
    except ValueError:  # weights of other features: answer everything while collecting (follow-ups' first turns)
        n = len(FEATURES)
        path.write_text(json.dumps(Model((0.0,) * n, 0.0, (0.0,) * n, (1.0,) * n, 0.5, "neutral").to_dict()))
        shipped_model.cache_clear()
    if EMBEDDER != "local":
        sources = tuple(s for s in args.only if s in ("dev", "loo", "cross"))  # the public indexes: MiniLM only
        args.only = list(sources)
    groups = collect(tuple(args.only), args.reuse)
    for name in SOURCES if EMBEDDER == "local" else ("dev", "loo", "cross"):  # the rest: the last run's cache
        cached = cache_name(name)
        if name not in groups and cached.exists():
            groups[name] = [(np.array(r), np.array(l)) for r, l in json.loads(cached.read_text())]
    x, y, w, _names = stack(groups)
    weights, bias, mean, scale = fit(x, y, w, l2=L2)
    sources = ", ".join(f"{k} {len(v)}" for k, v in groups.items())
    model = Model(tuple(map(float, weights)), bias, tuple(map(float, mean)), tuple(map(float, scale)), 0.5,
                  trained_on=f"make tune (eval/abstention.py): questions per source: {sources}; {len(y)} rows")
    path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    rates = question_rates(groups, model)
    lines = ["# Abstention model, fitted on training data", "", model.trained_on, "",
             "| feature | weight (standardised) |", "|---|---:|"]
    lines += [f"| {f} | {v:+.3f} |" for f, v in zip(FEATURES, weights)]
    lines += ["", "Training questions whose best candidate clears the threshold (answered), and the gold paper's",
              "share among those answerable:", "", "| source | answered | gold kept |", "|---|---:|---:|"]
    lines += [f"| {k} | {a:.3f} | {g:.3f} |" for k, (a, g) in rates.items()]
    lines += ["", f"({time.perf_counter() - started:.0f} s)"]
    text = "\n".join(lines) + "\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"abstention-tuning-{EMBEDDER}.md").write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
