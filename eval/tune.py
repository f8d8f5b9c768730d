"""Choose the fusion on SciFact's *train* split: RRF (several k) vs min-max weighted sums (several weights).

Each retriever runs once per claim; the fusions are then replayed offline on the same candidates.
`python -m eval.tune` writes eval/results/fusion-tuning.md.
"""

from __future__ import annotations

import sys
import time

import rag
from rag.retrieval.hybrid import fuse, gather
from rag.settings import Settings

from .datasets import SCIFACT, scifact_queries
from .metrics import mean, ndcg_at
from .run import CACHE, publish

WEIGHTS = [round(0.05 * i, 2) for i in range(21)]
RRF_KS = [5, 10, 20, 40, 60, 100]


def main() -> int:
    settings = Settings(index_dir=CACHE / "scifact-index")
    rag.ingest([SCIFACT / "corpus.jsonl"], settings=settings, progress=sys.stderr.isatty())
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    queries = scifact_queries("train")
    started = time.perf_counter()
    cands = [(gather(index, snapshot, text, None, None), gold) for _qid, text, gold in queries]
    print(f"gathered {len(cands)} train claims in {time.perf_counter() - started:.0f} s", file=sys.stderr)

    def score(s: Settings) -> float:
        out = []
        for cand, gold in cands:
            fused = fuse(cand, s)
            ranked = [snapshot.papers[r].external_id for r, _ in sorted(fused.items(), key=lambda x: -x[1])[:10]]
            out.append(ndcg_at(ranked, gold, 10))
        return mean(out)

    weighted = {w: score(settings.replace(fusion="weighted", dense_weight=w)) for w in WEIGHTS}
    rrf = {k: score(settings.replace(fusion="rrf", rrf_k=k)) for k in RRF_KS}
    best_w = max(weighted, key=weighted.get)
    best_k = max(rrf, key=rrf.get)
    lines = [
        "# Fusion tuning on SciFact train",
        "",
        f"{len(queries)} train claims, {len(snapshot.papers):,} abstracts, {settings.search.candidates} candidates per "
        "retriever. nDCG@10 per fusion; the test split is never used here.",
        "",
        "| fusion | parameter | nDCG@10 |",
        "|---|---|---:|",
    ]
    lines += [f"| weighted (min-max) | dense weight {w} | {v:.4f} |" for w, v in weighted.items()]
    lines += [f"| RRF | k={k} | {v:.4f} |" for k, v in rrf.items()]
    winner = ("weighted", best_w, weighted[best_w]) if weighted[best_w] >= rrf[best_k] else ("rrf", best_k, rrf[best_k])
    lines += ["", f"Best weighted: dense weight {best_w} → {weighted[best_w]:.4f}. "
              f"Best RRF: k={best_k} → {rrf[best_k]:.4f}. Keep: **{winner[0]} ({winner[1]})**."]
    text = "\n".join(lines) + "\n"
    publish("fusion-tuning.md", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
