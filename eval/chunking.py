"""Which chunks pay for their embedding time? A study on SciFact's *train* split.

Subset: every abstract that is gold for a train claim plus 1,100 random others (seed 0), so each
variant embeds ~1,700 abstracts instead of 5,183. Dense retrieval is exact (numpy), BM25 and the
fusion are paperchat's own. `python -m eval.chunking` writes eval/results/chunking.md (~10 min).
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import replace

import numpy as np

import rag
from rag.index.chunks import keyword_text, make_chunks
from rag.index.keyword import KeywordIndex
from rag.retrieval.hybrid import Candidates, fuse
from rag.settings import Settings

from .datasets import SCIFACT, scifact_queries
from .metrics import mean, ndcg_at
from .run import CACHE, RESULTS

WEIGHTS = (0.0, 0.3, 0.4, 0.5, 1.0)


def variants(settings: Settings) -> dict:
    three = settings.replace(chunk_sentences=3, chunk_stride=3)
    overlap = settings.replace(chunk_sentences=2, chunk_stride=1)
    untitled = lambda p: replace(p, title_derived=True)  # noqa: E731 - windows only, no title chunk
    return {
        "2-sentence windows": lambda p: [c.text for c in make_chunks(untitled(p), settings)],
        "2-sentence windows + title chunk (default)": lambda p: [c.text for c in make_chunks(p, settings)],
        "title prefixed to every 2-sentence window": lambda p: [
            f"{p.title}. {c.text}" for c in make_chunks(untitled(p), settings)],
        "3-sentence windows + title chunk": lambda p: [c.text for c in make_chunks(p, three)],
        "overlapping 2-sentence windows (stride 1) + title chunk": lambda p: [
            c.text for c in make_chunks(p, overlap)],
        "2-sentence windows + title chunk + whole abstract": lambda p: [
            c.text for c in make_chunks(p, settings)] + [f"{p.title}. {p.text}"],
    }


def main() -> int:
    settings = Settings(index_dir=CACHE / "scifact-index")
    rag.ingest([SCIFACT / "corpus.jsonl"], settings=settings)
    index = rag.get_index(settings)
    papers = index.snapshot().papers
    queries = scifact_queries("train")
    gold_ids = set().union(*(g for _, _, g in queries))
    rng = random.Random(0)
    subset = [p for p in papers if p.external_id in gold_ids]
    subset += rng.sample([p for p in papers if p.external_id not in gold_ids], 1100)
    queries = [q for q in queries if q[2] & {p.external_id for p in subset}]
    qvecs = index.embedder.embed([text for _, text, _ in queries])
    keyword = KeywordIndex.build([keyword_text(p) for p in subset])
    kw_scores = [keyword.scores(text, len(subset)) for _, text, _ in queries]

    rows = []
    for name, chunker in variants(settings).items():
        owners, texts = [], []
        for row, paper in enumerate(subset):
            for text in chunker(paper):
                owners.append(row)
                texts.append(text)
        started = time.perf_counter()
        vectors = index.embedder.embed(texts)
        seconds = time.perf_counter() - started
        sims = qvecs @ vectors.T
        scores = [_ndcg(sims, np.array(owners), kw_scores, queries, subset, settings, w) for w in WEIGHTS]
        rows.append((name, len(texts) / len(subset), len(subset) / seconds, scores))
        print(f"{name}: {scores}", file=sys.stderr, flush=True)

    lines = [
        "# Chunking study (SciFact train subset)",
        "",
        f"{len(subset):,} abstracts, {len(queries)} train claims; nDCG@10 by dense weight "
        f"(0 = BM25 only, 1 = dense only). papers/s is wall-clock embedding speed on this machine's 2 cores "
        f"during this run: compare rows of one run only (other jobs on the machine slow all rows).",
        "",
        "| chunks | chunks/paper | papers/s | " + " | ".join(f"w={w}" for w in WEIGHTS) + " |",
        "|---|---:|---:|" + "---:|" * len(WEIGHTS),
    ]
    for name, per_paper, speed, scores in rows:
        lines.append(f"| {name} | {per_paper:.1f} | {speed:.1f} | " + " | ".join(f"{s:.4f}" for s in scores) + " |")
    text = "\n".join(lines) + "\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "chunking.md").write_text(text, encoding="utf-8")
    print(text)
    return 0


def _ndcg(sims, owners, kw_scores, queries, subset, settings, weight) -> float:
    out = []
    for qi, (_qid, _text, gold) in enumerate(queries):
        best: dict[int, float] = {}
        order = np.argsort(-sims[qi])
        for idx in order[: settings.search.candidates * 4]:
            row = int(owners[idx])
            if row not in best:
                best[row] = float(sims[qi, idx])
        dense = dict(list(best.items())[: settings.search.candidates])
        fused = fuse(Candidates(dense=dense, keyword=kw_scores[qi]),
                     settings.replace(dense_weight=weight))
        ranked = [subset[r].external_id for r, _ in sorted(fused.items(), key=lambda x: -x[1])[:10]]
        out.append(ndcg_at(ranked, gold, 10))
    return mean(out)


if __name__ == "__main__":
    sys.exit(main())
