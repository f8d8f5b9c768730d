"""A filtered question abstained on, whose paper the filters leave out: "the streaming memory with prototype
banks" asked with the ICLR filter describes ProtoKV, an ICML paper. Said so, rather than "the papers don't answer"."""

from __future__ import annotations

from dataclasses import replace

from rag.answer.judged import best_judged
from rag.answer.understand import Question
from rag.index.store import PaperIndex, Snapshot
from rag.types import Paper


def outside_filters(index: PaperIndex, snapshot: Snapshot, question: Question, k: int) -> list[Paper]:
    """The paper that answers `question` with its filters cleared, when the calibrated model says it does (the
    same threshold as any answer) and the filters leave it out; [] otherwise, or when nothing is filtered."""
    if (question.venue is None and question.year is None) or question.kind not in ("fact", "compare"):
        return []
    free = replace(question, venue=None, year=None)
    best = best_judged(index, snapshot, free, free.standalone, k, index.settings)
    keep = snapshot.mask(question.venue, question.year)
    return [best.paper] if best and keep is not None and not keep[snapshot.by_id[best.paper.id]] else []
