"""Benchmark corpora built from data on disk, no downloads: the shipped 70, SciFact's 5,183, and up to
100,000 papers grown from the real SciFact and PubMedQA abstracts (6,183 distinct texts).

Replica 0 of an abstract is the original. Replica r >= 1 is a paper of its own (venue "SciFact-R07" /
"PubMedQA-R07", its own id) whose text and vectors are both distinct, seeded by (r, the source id):

- **text**: the source's sentences, with one sentence of every two-sentence window (the chunking's
  windows) swapped for a sentence of another abstract of the same family, so no window is a copy of
  a real one; a SciFact title keeps its first half and takes the second half of another title.
  BM25 therefore indexes 100k different documents, with real sentences and real term statistics.
- **PubMedQA titles**: PubMedQA abstracts have none, and deriving one at ingest scores candidate key
  phrases with the embedder (rag/corpus/titles.py): ~13 new embeddings for each of the ~15,000
  recombined replicas, which kept the 100k ingest reading its lists for over 20 minutes. A replica
  is therefore given, as its list title, the title derived from its source's abstract without the
  embedder (the statistical key-phrase choice, as for a non-local embedder); replica 0 keeps no title,
  so the ingest derives it as for any title-less list. A given title is a window of its own: the
  ingest embeds those ~15,000 short titles for real.
- **vectors**: embedding 550k new windows would take days on 2 cores, so each replica window gets the
  vector of the source window at its position plus seeded Gaussian noise shaped like the corpus
  (covariance of the real windows' vectors), renormalised, written into the benchmark's embedding
  cache before the ingest (`seed_replica_vectors`), which then finds every replica window there.
  NOISE is chosen so that a replica window's cosine with its source window is about the median cosine
  of a real SciFact window with its nearest window in another paper (0.647, measured over 2,000
  windows): a replica sits from its source as a real near-neighbour paper does. Its sentences are real
  sentences, so the answerer's sentence vectors are the real ones.

    python -m eval.scale --sizes 70,5183,100000   # writes eval/.cache/corpus-*/ and prints the paths
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import numpy as np

from rag.corpus.text import clean_markup, split_sentences
from rag.corpus.titles import derive_title

from .datasets import ROOT, SCIFACT, SHARED

CACHE = Path(__file__).resolve().parent / ".cache"
PUBMEDQA = SHARED / "benchmarks" / "pubmedqa" / "ori_pqal.json"
SCIFACT_YEAR = 2025  # SciFact's corpus has no years; one fixed year keeps "VENUE YEAR" filters usable
SEED = 13  # issue 13's distinct-replica corpus


@dataclass(frozen=True)
class Source:
    """One distinct abstract, as read from the benchmark files."""

    family: str  # "SciFact" | "PubMedQA"
    id: str
    title: str
    text: str
    year: int  # 0 when the source gives none


def sources() -> list[Source]:
    """The 6,183 distinct abstracts: SciFact's corpus, then PubMedQA's 1,000 labelled items."""
    out = []
    with open(SCIFACT / "corpus.jsonl", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)  # corpus rows only: the claims and their answer key are never read
            out.append(Source("SciFact", row["_id"], row["title"], row["text"], SCIFACT_YEAR))
    items = json.loads(PUBMEDQA.read_text(encoding="utf-8"))
    for pmid, item in items.items():
        # the abstract's parts only: the question, labels and answers stay out
        out.append(Source("PubMedQA", pmid, "", " ".join(item["CONTEXTS"]), int(item.get("YEAR") or 0)))
    return out


def sentences(text: str) -> list[str]:
    return split_sentences(clean_markup(text))


def replica_text(source: Source, replica: int, pool: list[list[str]]) -> str:
    """The source's sentences, one of every two-sentence window swapped for a sentence of another abstract in
    `pool` (the same family's sentence lists); replica 0 is the original text."""
    if replica == 0:
        return source.text
    rng = _rng("text", source, replica)
    out = sentences(source.text)
    for start in range(0, len(out), 2):
        at = start + int(rng.integers(min(2, len(out) - start)))
        for _ in range(8):  # another sentence than the one it replaces (a donor may be the source itself)
            donor = pool[int(rng.integers(len(pool)))]
            if donor and (swap := donor[int(rng.integers(len(donor)))]) != out[at]:
                out[at] = swap
                break
    return " ".join(out)


def replica_title(source: Source, replica: int, titles: list[str]) -> str:
    """The first half of the source's title and the second half of another one; for a source without one
    (PubMedQA), the title derived from its abstract, so the ingest embeds no key phrases for it."""
    if replica == 0:
        return source.title
    if not source.title:
        return _derived_title(source.text)
    rng = _rng("title", source, replica)
    own = source.title.split()
    made = [" ".join(own[:max(1, len(own) // 2)] + other[len(other) // 2:])
            for other in (titles[int(i)].split() for i in rng.integers(len(titles), size=8))]
    return next((t for t in made if t != source.title), f"{source.title} ({replica})")


@functools.lru_cache(maxsize=None)
def _derived_title(text: str) -> str:
    return derive_title(clean_markup(text), scorer=None)  # no embedder: the statistical key-phrase choice


def _rng(what: str, source: Source, replica: int) -> np.random.Generator:
    return np.random.default_rng([SEED, zlib.crc32(f"{what}/{source.family}/{source.id}".encode()), replica])


def rows(size: int, base: list[Source]) -> Iterator[tuple[int, Source, dict]]:
    """The first `size` papers in replica order: all of replica 0, then all of replica 1, …"""
    pools = {f: [sentences(s.text) for s in base if s.family == f] for f in {s.family for s in base}}
    titles = [s.title for s in base if s.title]
    for n in range(size):
        replica, src = divmod(n, len(base))
        source = base[src]
        row = {
            "_id": replica_id(source.id, replica),
            "title": replica_title(source, replica, titles),
            "abstract": replica_text(source, replica, pools[source.family]),
            "venue": f"{source.family}-R{replica:02d}",
            "year": source.year or None,
        }
        yield replica, source, row


def replica_id(source_id: str, replica: int) -> str:
    return source_id if replica == 0 else f"{source_id}~R{replica:02d}"


def build_scaled(size: int, root: Path = CACHE) -> Path:
    """A folder of `.jsonl` lists, one per family and replica, holding `size` papers; reused if complete."""
    folder = root / f"corpus-{size}-v3"  # v3: titled PubMedQA replicas (v2: distinct replicas; v1 copied the text)
    done = folder / ".complete"
    if done.exists():
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.jsonl"):
        old.unlink()
    handles: dict[tuple[int, str], object] = {}
    try:
        for replica, source, row in rows(size, sources()):
            key = (replica, source.family)
            if key not in handles:
                handles[key] = open(folder / f"r{replica:02d}-{source.family.lower()}.jsonl", "w", encoding="utf-8")
            handles[key].write(json.dumps(row, ensure_ascii=False) + "\n")
    finally:
        for fh in handles.values():
            fh.close()
    done.write_text(str(size))
    return folder


NOISE_COSINE = 0.647  # median cosine of a SciFact window with its nearest window in another paper (2,000 sampled)
NOISE = (1 / NOISE_COSINE ** 2 - 1) ** 0.5  # |v + NOISE·g| for unit v and E|g|² = 1: cosine ≈ 1 / sqrt(1 + NOISE²)


def seed_replica_vectors(folder: Path, settings, batch: int = 20_000) -> dict:
    """Write every replica window's vector (its source window's, perturbed) into the embedding cache of
    `settings`, which must already hold the source windows (the distinct corpus ingested). Returns figures
    on what was written: how many, and the cosines between replica and source windows."""
    from rag.corpus.papers import load_papers
    from rag.index.chunks import make_chunks
    from rag.index.embedcache import CachedEmbedder, EmbedCache

    cache = EmbedCache(settings.embed_cache_path)
    key = CachedEmbedder(_Unused(settings.embedder_id), cache).key
    papers = load_papers([folder], max_chars=settings.index.max_index_chars).papers
    sources = {(p.venue, p.external_id): p for p in papers if "~R" not in p.external_id}
    windows = lambda paper: [c.text for c in make_chunks(paper, settings)]  # noqa: E731
    source_vectors: dict[str, np.ndarray] = {}
    for start in range(0, len(sources), 2000):
        texts = [t for p in list(sources.values())[start:start + 2000] for t in windows(p)]
        stored = cache.get([key(t) for t in texts])
        source_vectors.update({t: np.frombuffer(stored[key(t)], np.float32) for t in texts if key(t) in stored})
    shape = _noise_shape(np.stack(list(source_vectors.values())))
    pending, written, cosines = [], 0, []
    for paper in papers:
        source_id, _, replica = paper.external_id.partition("~R")
        if not replica:
            continue
        source = sources.get((paper.venue.rsplit("-R", 1)[0] + "-R00", source_id))
        base = [source_vectors[t] for t in windows(source) if t in source_vectors] if source else []
        if not base:  # (its source was kept once with an identical abstract: the ingest embeds this one)
            continue
        rng = np.random.default_rng([SEED, zlib.crc32(paper.external_id.encode())])
        for i, text in enumerate(windows(paper)):
            v = base[min(i, len(base) - 1)]
            moved = v + NOISE * (shape @ rng.standard_normal(len(v)))
            moved = (moved / np.linalg.norm(moved)).astype(np.float32)
            cosines.append(float(moved @ v))
            pending.append((key(text), moved.tobytes()))
        if len(pending) >= batch:
            cache.put(pending)
            written, pending = written + len(pending), []
    cache.put(pending)
    cache.close()
    return {"replica_windows": written + len(pending), "noise": NOISE,
            "cosine_to_source": {q: float(np.percentile(cosines, q)) for q in (10, 50, 90)} if cosines else {}}


def _noise_shape(vectors: np.ndarray) -> np.ndarray:
    """A matrix turning N(0, I) into Gaussian noise with the windows' own covariance, scaled to E|g|² = 1
    (isotropic noise would push replicas out of the cone real MiniLM vectors occupy)."""
    cov = np.cov(vectors, rowvar=False)
    values, basis = np.linalg.eigh(cov)
    shape = basis * np.sqrt(np.clip(values, 0, None))
    return shape / np.sqrt(np.trace(cov))


class _Unused:
    """Stands in for the model: only its id is read, to key the cache as the ingest will."""

    def __init__(self, id: str):
        self.id, self.dim = id, 0

    def embed(self, texts):
        raise RuntimeError("seed_replica_vectors embeds nothing")


def corpus_paths(size: int) -> list[Path]:
    """What to ingest for a benchmark size: 70 = the shipped data, 5,183 = SciFact, else a scaled corpus."""
    if size == 70:
        return [ROOT / "data"]
    if size == 5183:
        return [SCIFACT / "corpus.jsonl"]
    return [build_scaled(size)]


def distinct_size() -> int:
    return len(sources())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="70,5183,100000", help="comma-separated corpus sizes")
    args = parser.parse_args(argv)
    for size in (int(s) for s in args.sizes.split(",")):
        print(size, " ".join(str(p) for p in corpus_paths(size)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
