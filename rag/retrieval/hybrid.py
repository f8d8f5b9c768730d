"""Hybrid retrieval: dense chunk hits (Chroma) and BM25 paper scores, fused by paper id."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from rag.index.embedcache import uncached
from rag.index.exact import exact_vectors
from rag.retrieval.spelling import correct
from rag.index.store import PaperIndex, Snapshot
from rag.corpus.terms import analyse, terms
from rag.errors import BadQuery
from rag.safety import has_lone_surrogate
from rag.settings import Settings
from rag.types import Hit

log = logging.getLogger("paperchat.retrieve")
MODES = ("hybrid", "dense", "keyword")
# Dense candidates are chunks: fetch 3 per paper wanted (`candidates`, or more when the caller asks for more
# papers). One per paper cost multi-paper answers 0.901 -> 0.802 gold recall (eval/answers.py) and saved
# only 0.5 ms a search once Chroma returns distances alone.
CHUNKS_PER_PAPER = 3
# A filter keeping at least this share of the papers is applied to a wider unfiltered query (see
# `dense_filtered`); the wide query is capped at 5,000 chunks (about 30 ms at 550k chunks).
MIN_SHARE_TO_WIDEN = 0.03
MAX_WIDE = 5000


@dataclass(frozen=True)
class Candidates:
    """Per-paper evidence from both retrievers, before fusion."""

    dense: dict[int, float]  # paper row → best chunk similarity
    keyword: np.ndarray  # BM25 score of every paper (0 when filtered out)
    chunks: dict[int, list[tuple[str, float]]] = field(default_factory=dict)  # row → (chunk id, similarity)


def clean_query(query: str, settings: Settings) -> str:
    """Validate and bound a query: empty is an error, very long is truncated."""
    if not isinstance(query, str):
        raise BadQuery(f"the query must be text, got {type(query).__name__}: type a question or some keywords")
    if not query.strip():
        raise BadQuery("the query is empty: type a question or some keywords")
    if has_lone_surrogate(query):  # half of a UTF-16 pair: no tokenizer or encoder accepts it
        raise BadQuery("the query holds an invalid character (a lone UTF-16 surrogate); retype or re-paste it")
    query = " ".join(query.split())
    if len(query) > settings.search.max_query_chars:
        log.info("query of %d characters truncated to %d", len(query), settings.search.max_query_chars)
        query = query[: settings.search.max_query_chars]
    return query


def hybrid_search(
    index: PaperIndex, query: str, k: int, venue: str | Sequence[str] | None = None, year: int | None = None,
    mode: str | None = None, settings: Settings | None = None, *, snapshot: Snapshot | None = None,
    vector: np.ndarray | None = None,
) -> list[Hit]:
    """Best papers for `query` (already checked by `clean_query`), one `Hit` each; `mode` is "hybrid"
    (default), "dense" or "keyword".

    `venue` is one name or several (papers of any of them); both retrievers apply the same filters. A caller
    that holds the snapshot (and the query's vector) passes them, so one question reads the snapshot once.
    Words of the query the index lacks are corrected against its vocabulary before keyword search."""
    settings = settings or index.settings  # search settings may differ per call; the index is the same
    snapshot = snapshot or index.snapshot()
    if snapshot is None or not snapshot.papers:
        return []
    mode = mode or "hybrid"
    if mode not in MODES:
        raise ValueError(f"unknown search mode {mode!r}: use one of {', '.join(MODES)}")
    query = correct(query, snapshot)
    cands = gather(index, snapshot, query, venue, year, with_dense=mode != "keyword", k=k, settings=settings,
                   vector=vector)
    scores = fuse(cands, settings, mode)
    ranked = sorted(scores.items(), key=lambda item: -item[1])[:k]
    query_terms = terms(query)
    hits = []
    for row, score in ranked:
        paper = snapshot.papers[row]
        chunks = _with_texts(index, paper, cands.chunks.get(row, []))
        hits.append(Hit(paper=paper, score=round(float(score), 4),
                        snippets=snippets(paper.text, query_terms, _best_window(chunks)),
                        dense_score=cands.dense.get(row), keyword_score=float(cands.keyword[row]),
                        chunks=tuple(chunks)))
    return hits


def _with_texts(index: PaperIndex, paper, matched: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """(chunk id, similarity) → (chunk text, similarity), for the few papers returned."""
    if not matched:
        return []
    texts = index.chunk_texts(paper)
    return [(texts[cid], sim) for cid, sim in matched if cid in texts]


def query_vector(index: PaperIndex, query: str) -> np.ndarray:
    """The query's embedding (queries are not worth storing in the embedding cache)."""
    return uncached(index.embedder).embed([query])[0]


def gather(index: PaperIndex, snapshot: Snapshot, query: str, venue, year, with_dense=True, k: int = 10,
           settings: Settings | None = None, vector: np.ndarray | None = None) -> Candidates:
    """Run both retrievers under the same filters; `k` is how many papers the caller wants in the end."""
    mask = snapshot.mask(venue, year)
    keyword = snapshot.keyword.scores(query, len(snapshot.papers), mask)
    dense: dict[int, float] = {}
    chunks: dict[int, list[tuple[str, float]]] = {}
    if with_dense:
        vector = query_vector(index, query) if vector is None else vector
        n = max((settings or index.settings).search.candidates, k) * CHUNKS_PER_PAPER
        for chunk_id, paper_id, similarity in dense_filtered(index, snapshot, vector, n, venue, year, mask):
            row = snapshot.by_id.get(paper_id)
            if row is None or chunk_id not in snapshot.chunk_ids:
                continue  # written by an ingest that has not committed yet
            chunks.setdefault(row, []).append((chunk_id, similarity))
            if similarity > dense.get(row, -1.0):
                dense[row] = similarity
    return Candidates(dense=dense, keyword=keyword, chunks=chunks)


def dense_filtered(index: PaperIndex, snapshot: Snapshot, vector: np.ndarray, n: int, venue, year,
                   mask: np.ndarray | None) -> list[tuple[str, str, float]]:
    """The top `n` chunks of the papers that pass the filters.

    Chroma's metadata filter took 156 ms at 100k papers for a venue of 6% of them; an unfiltered query for
    enough chunks to hold `n` of that venue took 20. Whenever the wide query holds `n` chunks that pass,
    those are exactly the filtered top `n` (every chunk it left out ranks lower), so only a filter that
    keeps too few papers, or a wide list short of `n`, goes to Chroma's filter. A snapshot of up to
    exact.EXACT_CHUNKS chunks in the embedded client is searched exactly instead, the same in every process
    (rag/index/exact.py); a Chroma server keeps one graph for as long as it runs, holds the vectors of every
    process that uses it, and is asked every time (an answer while it is down is an error, not a stale copy)."""
    exact = _exact(index, snapshot)
    if exact is not None:
        return exact.top(vector, n, mask)
    if mask is None:
        return index.dense(vector, n)
    share = float(mask.mean())
    if share >= MIN_SHARE_TO_WIDEN:
        wide = index.dense(vector, min(int(n / share * 1.5) + 1, MAX_WIDE))
        kept = [hit for hit in wide if _passes(snapshot, mask, hit[1])]
        if len(kept) >= n:
            return kept[:n]
    return index.dense(vector, n, venue, year)


def _exact(index: PaperIndex, snapshot: Snapshot):
    """The snapshot's exact search matrix, or None: a Chroma server, or a snapshot over exact.EXACT_CHUNKS."""
    return None if index.settings.index.chroma_url else exact_vectors(snapshot, index.vectors.embeddings)


def warm(index: PaperIndex) -> None:
    """Load the current snapshot's exact search matrix now (3 s at 5,183 papers), not in the first answer; a
    Chroma server has none to load (and its snapshot is not read for nothing)."""
    snapshot = None if index.settings.index.chroma_url else index.snapshot()
    if snapshot is not None and snapshot.papers:
        _exact(index, snapshot)


def _passes(snapshot: Snapshot, mask: np.ndarray, paper_id: str) -> bool:
    row = snapshot.by_id.get(paper_id)
    return row is not None and bool(mask[row])


def fuse(cands: Candidates, settings: Settings, mode: str = "hybrid") -> dict[int, float]:
    """Paper row → fused score. Weighted: min-max normalised sum; rrf: reciprocal-rank fusion."""
    top_kw = _top_keyword(cands.keyword, settings.search.candidates)
    if mode == "keyword":
        return top_kw
    if mode == "dense":
        return dict(cands.dense)
    rows = set(cands.dense) | set(top_kw)
    if settings.search.fusion == "rrf":
        dense_rank = _ranks(cands.dense)
        kw_rank = _ranks(top_kw)
        return {
            r: sum(1.0 / (settings.search.rrf_k + rank[r]) for rank in (dense_rank, kw_rank) if r in rank)
            for r in rows
        }
    dense_n = _minmax(cands.dense)
    # BM25 is exact for every paper, so normalise over all candidates, not only its own top list
    kw_n = _minmax({r: float(cands.keyword[r]) for r in rows})
    w = settings.search.dense_weight
    return {r: w * dense_n.get(r, 0.0) + (1 - w) * kw_n.get(r, 0.0) for r in rows}


def _top_keyword(scores: np.ndarray, n: int) -> dict[int, float]:
    if not scores.size:
        return {}
    n = min(n, scores.size)
    top = np.argpartition(-scores, n - 1)[:n]
    return {int(r): float(scores[r]) for r in top if scores[r] > 0}


def _ranks(scores: dict[int, float]) -> dict[int, int]:
    return {r: i + 1 for i, (r, _) in enumerate(sorted(scores.items(), key=lambda x: -x[1]))}


def _minmax(scores: dict[int, float]) -> dict[int, float]:
    if not scores:
        return {}
    lo, hi = min(scores.values()), max(scores.values())
    if hi - lo < 1e-9:
        return {r: 1.0 for r in scores}
    return {r: (s - lo) / (hi - lo) for r, s in scores.items()}


def _best_window(chunks: list[tuple[str, float]]) -> str:
    return max(chunks, key=lambda c: c[1])[0] if chunks else ""


def snippets(text: str, query_terms: set[str], best_chunk: str = "", n: int = 2) -> tuple[str, ...]:
    """The abstract's sentences that best match the query: term overlap, plus the best dense chunk."""
    analysis = analyse(text)  # cached per abstract: 2 ms a search otherwise
    scored = []
    for i, (sentence, have) in enumerate(zip(analysis.sentences, analysis.terms)):
        overlap = len(query_terms & have) / (len(query_terms) or 1)
        in_chunk = 0.5 if best_chunk and sentence in best_chunk else 0.0
        scored.append((overlap + in_chunk, -i, sentence))
    scored.sort(reverse=True)
    return tuple(s for _, _, s in scored[:n])
