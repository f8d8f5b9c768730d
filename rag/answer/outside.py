"""A filtered question abstained on, whose paper the filters leave out: "the streaming memory with prototype
banks" asked with the ICLR filter describes ProtoKV, an ICML paper. Said so, rather than "the papers don't answer"."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from rag.answer.abstain import Model, shipped_model
from rag.answer.decide import candidates
from rag.answer.understand import Question
from rag.index.store import PaperIndex, Snapshot
from rag.retrieval.hybrid import hybrid_search, query_vector as embed_query
from rag.types import Paper


def outside_filters(index: PaperIndex, snapshot: Snapshot, question: Question, k: int,
                    model: Model | None = None) -> list[Paper]:
    """The paper that answers `question` with its filters cleared, when the calibrated model says it does (the
    same threshold as any answer) and the filters leave it out; [] otherwise, or when nothing is filtered."""
    if (question.venue is None and question.year is None) or question.kind not in ("fact", "compare"):
        return []
    model = model or shipped_model(index.settings.index.embedder)
    free = replace(question, venue=None, year=None)
    vector = embed_query(index, free.standalone)
    hits = hybrid_search(index, free.standalone, k, settings=index.settings, snapshot=snapshot, vector=vector)
    if not hits:
        return []
    p = model.probability(candidates(index, snapshot, free, hits, vector).rows)
    best = int(np.argmax(p))
    keep = snapshot.mask(question.venue, question.year)
    row = snapshot.by_id[hits[best].paper.id]
    return [hits[best].paper] if p[best] >= model.threshold and keep is not None and not keep[row] else []
