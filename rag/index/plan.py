"""The ingest plan, pure: given what the last snapshot and Chroma hold and the papers now read, what to do.

No I/O here, so every case is a row of a table in tests/test_plan.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rag.types import Chunk, Paper


@dataclass(frozen=True)
class Previous:
    """What the last committed snapshot says (None of it when there is none, or it cannot be read)."""

    embedder_id: str
    papers: tuple[Paper, ...]
    inputs: str | None  # the digest of the files it was read from
    chunks: int  # how many chunk ids it names

    @classmethod
    def of(cls, snapshot) -> "Previous | None":
        """What `snapshot` (a rag.index.snapshot.Snapshot, or None) says."""
        if snapshot is None:
            return None
        return cls(snapshot.embedder_id, tuple(snapshot.papers), snapshot.meta.get("inputs"), len(snapshot.chunk_ids))


@dataclass(frozen=True)
class IngestPlan:
    """Chunks to embed and write, stale ids to delete after the commit, and whether a new generation is needed."""

    add: tuple[Chunk, ...]
    delete: tuple[str, ...]
    commit: bool
    added: int  # papers new to the index
    removed: int  # papers it no longer holds
    unchanged: int


def is_unchanged(previous: Previous | None, inputs: str | None, embedder_id: str, vectors: int,
                 verified: bool) -> bool:
    """Re-reading exactly the files an intact snapshot was built from: nothing to parse, embed or commit."""
    return bool(inputs and previous and verified and previous.inputs == inputs
                and previous.embedder_id == embedder_id and vectors == previous.chunks)


def plan_ingest(previous: Previous | None, papers: Sequence[Paper], chunks: Sequence[Chunk], present: set[str],
                embedder_id: str, inputs: str | None) -> IngestPlan:
    """Add the chunks Chroma lacks, commit unless the snapshot already says exactly this, then drop the rest."""
    same = previous is not None and previous.embedder_id == embedder_id
    old_ids = {p.id for p in previous.papers} if same else set()
    new_ids = {p.id for p in papers}
    target = {c.id for c in chunks}
    up_to_date = same and present == target and list(previous.papers) == list(papers) and previous.inputs == inputs
    return IngestPlan(
        add=tuple(c for c in chunks if c.id not in present),
        delete=tuple(sorted(present - target)),
        commit=not up_to_date,
        added=len(new_ids - old_ids), removed=len(old_ids - new_ids), unchanged=len(new_ids & old_ids),
    )
