"""One committed generation on disk: the papers, their chunk ids and the BM25 index, written whole or not at all."""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import asdict
from pathlib import Path
from typing import Sequence

import numpy as np

from rag.errors import IndexDamaged
from rag.index.chroma import normalize_venues
from rag.index.chunks import keyword_text
from rag.index.keyword import KeywordIndex
from rag.types import Chunk, Link, Paper

REPAIR = "run 'paperchat repair' to rebuild it from your paper lists (vectors come back from the embedding cache)"
FORMAT = 2  # 2: a manifest of checksums; 1 (none recorded): checked for the BM25 files only
SAMPLE = 16  # chunk ids checked in Chroma when a generation is opened: found, and finding themselves


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
        ids = meta.pop("chunk_ids", [])
        self.chunk_ids = ChunkIds(ids)  # the list itself is read again only by ingest
        # spread over the list: the first-written vectors are the ones Chroma has moved into its HNSW files
        self.sample = [ids[i] for i in sorted({round(k * (len(ids) - 1) / (SAMPLE - 1)) for k in range(SAMPLE)})] \
            if ids else []
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
    write_json(folder / "meta.json", {**meta, "format": FORMAT, "papers": len(papers),
                                      "chunk_ids": [c.id for c in chunks]})
    with open(folder / "papers.jsonl", "w", encoding="utf-8") as fh:
        for paper in papers:
            fh.write(json.dumps(asdict(paper), ensure_ascii=False) + "\n")
    KeywordIndex.build([keyword_text(p) for p in papers]).save(folder / "bm25")
    files = {str(p.relative_to(folder)): _sha256(p.read_bytes()) for p in sorted(folder.rglob("*")) if p.is_file()}
    write_json(folder / "manifest.json", {"format": FORMAT, "files": files})
    _fsync_tree(folder)


def load_snapshot(folder: Path) -> Snapshot:
    """The generation in `folder`, checked against its manifest; `IndexDamaged` naming the repair command if not."""
    try:
        files, listed = _checked_files(folder)
        meta = json.loads(files["meta.json"])
        if meta.get("format", 1) >= 2 and not listed:
            raise ValueError("its manifest is missing")
        papers = [paper_from_dict(json.loads(line)) for line in files["papers.jsonl"].splitlines() if line.strip()]
        if papers and not (folder / "bm25" / "params.index.json").exists():
            raise ValueError("its BM25 index is missing")  # keyword search would find nothing, in silence
        keyword = KeywordIndex.load(folder / "bm25")
        if meta.get("papers", len(papers)) != len(papers):
            raise ValueError(f"papers.jsonl holds {len(papers)} papers of {meta['papers']}")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise IndexDamaged(f"the index under {folder.parent.parent} is damaged ({folder.name}: {exc}); {REPAIR}") from exc
    return Snapshot(folder, meta, papers, keyword)


def _checked_files(folder: Path) -> tuple[dict[str, bytes], dict[str, str]]:
    """meta.json and papers.jsonl as bytes, after every file the manifest lists matched its checksum."""
    manifest = folder / "manifest.json"
    listed = json.loads(manifest.read_text())["files"] if manifest.exists() else {}  # format 1: no manifest
    for name, digest in listed.items():
        if name not in ("meta.json", "papers.jsonl") and _sha256((folder / name).read_bytes()) != digest:
            raise ValueError(f"{name} does not match its checksum")
    found = {name: (folder / name).read_bytes() for name in ("meta.json", "papers.jsonl")}
    for name, data in found.items():
        if name in listed and _sha256(data) != listed[name]:
            raise ValueError(f"{name} does not match its checksum")
    return found, listed


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


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
