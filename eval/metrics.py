"""Retrieval metrics (BEIR definitions, binary relevance) and latency percentiles."""

from __future__ import annotations

import math
from typing import Sequence


def recall_at(ranked: Sequence[str], gold: set[str], k: int) -> float:
    return len(set(ranked[:k]) & gold) / len(gold) if gold else 0.0


def mrr_at(ranked: Sequence[str], gold: set[str], k: int = 10) -> float:
    for rank, item in enumerate(ranked[:k], start=1):
        if item in gold:
            return 1.0 / rank
    return 0.0


def ndcg_at(ranked: Sequence[str], gold: set[str], k: int = 10) -> float:
    dcg = sum(1.0 / math.log2(rank + 1) for rank, item in enumerate(ranked[:k], start=1) if item in gold)
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(len(gold), k) + 1))
    return dcg / ideal if ideal else 0.0


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def retrieval_row(runs: list[tuple[list[str], set[str]]]) -> dict[str, float]:
    """Averages over (ranked ids, gold ids) pairs."""
    return {
        "n": len(runs),
        "recall@5": mean([recall_at(r, g, 5) for r, g in runs]),
        "recall@10": mean([recall_at(r, g, 10) for r, g in runs]),
        "mrr@10": mean([mrr_at(r, g, 10) for r, g in runs]),
        "ndcg@10": mean([ndcg_at(r, g, 10) for r, g in runs]),
    }
