"""One committed generation on disk: the papers, their chunk ids and the BM25 index, written whole or not at all."""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict
from pathlib import Path
from typing import Sequence

import numpy as np

from rag.errors import IndexUnavailable
from rag.index.chroma import normalize_venues
from rag.index.chunks import keyword_text
from rag.index.keyword import KeywordIndex
from rag.types import Chunk, Link, Paper

REPAIR = "run 'paperchat ingest' to rebuild it"


class ChunkIds:
    """Membership of a snapshot's chunk ids, as sorted 64-bit hashes: 548k ids as Python strings in a set
    held 80 MB of a 100k-paper server's memory; this holds 4.4 MB. A false "present" needs a 64-bit
    collision with an uncommitted chunk, and would only let that chunk's vector count a little early."""

    def __init__(self, ids: list[str]):
        self._hashes = np.sort(np.fromiter((hash(i) for i in ids), dtype=np.int64, count=len(ids)))

    def __len__(self) -> int:
        return len(self._hashes)

    def __eq__(self, other) -> bool:
        """Equal to the same ids, as another `ChunkIds` or as a set of strings."""
        if isinstance(other, ChunkIds):
            return np.array_equal(self._hashes, other._hashes)
        if isinstance(other, (set, frozenset)):
            return len(other) == len(self) and all(i in self for i in other)
        return NotImplemented

    __hash__ = None  # mutable-looking and compared by value, like the set it replaces

    def __contains__(self, chunk_id: str) -> bool:
        h = hash(chunk_id)  # str hashes differ between processes, never within one: the set is never stored
        at = int(np.searchsorted(self._hashes, h))
        return at < len(self._hashes) and int(self._hashes[at]) == h


class Snapshot:
    """One committed generation: the papers, their chunk ids, and the BM25 index over them."""

    def __init__(self, directory: Path, meta: dict, papers: list[Paper], keyword: KeywordIndex):
        self.directory = directory
        self.meta = meta
        self.papers = papers
        self.by_id = {p.id: i for i, p in enumerate(papers)}
        self.chunk_ids = ChunkIds(meta.pop("chunk_ids", []))  # the list itself is read again only by ingest
        self.keyword = keyword
        self.venue_keys = np.array([p.venue.lower() for p in papers], dtype=object)
        self.years = np.array([p.year or 0 for p in papers], dtype=np.int32)

    @property
    def generation(self) -> str:
        return self.directory.name

    @property
    def embedder_id(self) -> str:
        return self.meta.get("embedder_id", "")

    def chunk_id_list(self) -> list[str]:
        """The chunk ids themselves, read from the snapshot's files (memory keeps only their hashes)."""
        return json.loads((self.directory / "meta.json").read_text())["chunk_ids"]

    def mask(self, venue: str | Sequence[str] | None, year: int | None) -> np.ndarray | None:
        """1.0 for papers that pass the filters (any of several venues), else 0.0; None when nothing is filtered."""
        keys = normalize_venues(venue)
        if keys is None and year is None:
            return None
        keep = np.ones(len(self.papers), dtype=bool)
        if keys is not None:
            keep &= np.isin(self.venue_keys, keys)
        if year is not None:
            keep &= self.years == year
        return keep.astype(np.float32)


def new_generation() -> str:
    return f"gen-{time.time_ns()}-{os.getpid()}"


def write_generation(folder: Path, papers: list[Paper], chunks: list[Chunk], meta: dict) -> None:
    """Write a generation's files into `folder` (a fresh temporary folder) and fsync them."""
    folder.mkdir(parents=True)
    write_json(folder / "meta.json", {**meta, "papers": len(papers), "chunk_ids": [c.id for c in chunks]})
    with open(folder / "papers.jsonl", "w", encoding="utf-8") as fh:
        for paper in papers:
            fh.write(json.dumps(asdict(paper), ensure_ascii=False) + "\n")
    KeywordIndex.build([keyword_text(p) for p in papers]).save(folder / "bm25")
    _fsync_tree(folder)


def load_snapshot(folder: Path) -> Snapshot:
    """The generation in `folder`, or `IndexUnavailable` naming the repair command when its files are damaged."""
    try:
        meta = json.loads((folder / "meta.json").read_text())
        with open(folder / "papers.jsonl", encoding="utf-8") as fh:
            papers = [paper_from_dict(json.loads(line)) for line in fh if line.strip()]
        keyword = KeywordIndex.load(folder / "bm25")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise IndexUnavailable(f"the index under {folder.parent.parent} is damaged ({exc}); {REPAIR}") from exc
    return Snapshot(folder, meta, papers, keyword)


def paper_from_dict(row: dict) -> Paper:
    row["links"] = tuple(Link(**link) for link in row.get("links", ()))
    row["also_in"] = tuple(row.get("also_in", ()))
    return Paper(**row)


def write_json(path: Path, data: dict) -> None:
    """Replace `path` atomically with `data` (written, fsynced, then renamed over it)."""
    tmp = path.with_suffix(path.suffix + f".{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _fsync_tree(directory: Path) -> None:
    for path in directory.rglob("*"):
        if path.is_file():
            with open(path, "rb") as fh:
                os.fsync(fh.fileno())
