"""A side search judged by the calibrated model: the paper that answers a phrase or a question searched on its own
(a described paper of a comparison, the paper a filter leaves out), at the same threshold as any answer."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from rag.answer.abstain import Model, shipped_model
from rag.answer.decide import candidates
from rag.answer.understand import Question
from rag.index.store import PaperIndex, Snapshot
from rag.retrieval.hybrid import hybrid_search, query_vector
from rag.types import Hit


def best_judged(index: PaperIndex, snapshot: Snapshot, question: Question, query: str, k: int, settings,
                venue: str | Sequence[str] | None = None, year: int | None = None, skip: Sequence[str] = (),
                model: Model | None = None) -> Hit | None:
    """The hit of a search for `query` (papers in `skip` left out) that the model scores best for `question`,
    when it clears the model's threshold; None otherwise."""
    model = model or shipped_model(index.settings.index.embedder)
    found = judged_best(index, snapshot, question, query, k, settings, venue, year, skip, model)
    return found[0] if found and found[1] >= model.threshold else None


def judged_best(index: PaperIndex, snapshot: Snapshot, question: Question, query: str, k: int, settings,
                venue: str | Sequence[str] | None = None, year: int | None = None, skip: Sequence[str] = (),
                model: Model | None = None) -> tuple[Hit, float] | None:
    """The hit the model scores best for `question` in a search for `query`, with its probability."""
    model = model or shipped_model(index.settings.index.embedder)
    vector = query_vector(index, query)
    hits = [h for h in hybrid_search(index, query, k, venue=venue, year=year, settings=settings, snapshot=snapshot,
                                     vector=vector) if h.paper.id not in skip]
    if not hits:
        return None
    p = model.probability(candidates(index, snapshot, question, hits, vector).rows)
    best = int(np.argmax(p))
    return hits[best], float(p[best])
