"""One committed generation on disk: the papers, their chunk ids and the BM25 index, written whole or not at all."""

from __future__ import annotations

import hashlib
import json
import os
import sys
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

    def __init__(self, directory: Path, meta: dict, papers: list[Paper], keyword: KeywordIndex,
                 chunk_ids: ChunkIds, sample: list[str]):
        self.directory = directory
        self.meta = meta  # without its chunk ids: read again from the files only by ingest (`chunk_id_list`)
        self.papers = papers
        self.by_id = {p.id: i for i, p in enumerate(papers)}
        # values answers read from this generation's papers alone, computed once and dropped with it
        self.derived: dict = {}
        self.chunk_ids = chunk_ids
        self.sample = sample  # checked in Chroma when the generation is opened
        self.keyword = keyword
        self.venue_keys = np.array([sys.intern(p.venue.lower()) for p in papers], dtype=object)
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
        listed = _check_side_files(folder)
        meta = json.loads(_checked_bytes(folder / "meta.json", listed.get("meta.json")))
        if meta.get("format", 1) >= 2 and not listed:
            raise ValueError("its manifest is missing")
        # the chunk ids become hashes before the papers are read, so the papers' objects fill the memory their
        # strings freed instead of leaving it in holes (at 100k papers: 56 MB of ids, 563k small strings)
        ids = meta.pop("chunk_ids", [])
        chunk_ids, sample = ChunkIds(ids), sample_ids(ids)
        del ids
        papers = read_papers(folder / "papers.jsonl", listed.get("papers.jsonl"))
        if papers and not (folder / "bm25" / "params.index.json").exists():
            raise ValueError("its BM25 index is missing")  # keyword search would find nothing, in silence
        keyword = KeywordIndex.load(folder / "bm25")
        if meta.get("papers", len(papers)) != len(papers):
            raise ValueError(f"papers.jsonl holds {len(papers)} papers of {meta['papers']}")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise IndexDamaged(f"the index under {folder.parent.parent} is damaged ({folder.name}: {exc}); {REPAIR}") from exc
    return Snapshot(folder, meta, papers, keyword, chunk_ids, sample)


def sample_ids(ids: list[str]) -> list[str]:
    """`SAMPLE` chunk ids spread over the list: the first-written vectors are the ones Chroma has moved into
    its HNSW files, the last ones may still be in its log."""
    return [ids[i] for i in sorted({round(k * (len(ids) - 1) / (SAMPLE - 1)) for k in range(SAMPLE)})] if ids else []


def _check_side_files(folder: Path) -> dict[str, str]:
    """The manifest's checksums, after every file it lists but meta.json and papers.jsonl (checked as they are
    read) matched."""
    manifest = folder / "manifest.json"
    listed = json.loads(manifest.read_text())["files"] if manifest.exists() else {}  # format 1: no manifest
    for name, digest in listed.items():
        if name not in ("meta.json", "papers.jsonl") and _sha256((folder / name).read_bytes()) != digest:
            raise ValueError(f"{name} does not match its checksum")
    return listed


def _checked_bytes(path: Path, digest: str | None) -> bytes:
    data = path.read_bytes()
    if digest is not None and _sha256(data) != digest:
        raise ValueError(f"{path.name} does not match its checksum")
    return data


def read_papers(path: Path, digest: str | None) -> list[Paper]:
    """The papers of a snapshot's papers.jsonl, read line by line while its checksum is computed.

    Line by line rather than the whole file at once: at 100,000 papers the file (310 MB) and its split lines
    held 660 MB while the papers were made, and the memory they freed stayed in the process in holes
    between the papers' objects (759 MB of RSS for the papers; 432 MB read this way)."""
    papers, problem, sha = [], None, hashlib.sha256()
    with open(path, "rb") as fh:
        for number, line in enumerate(fh, 1):
            sha.update(line)
            if problem is None and line.strip():
                try:
                    papers.append(paper_from_dict(json.loads(line)))
                except (ValueError, KeyError, TypeError) as exc:
                    problem = ValueError(f"papers.jsonl line {number}: {exc}")  # a checksum mismatch explains it
    if digest is not None and sha.hexdigest() != digest:
        raise ValueError("papers.jsonl does not match its checksum")
    if problem is not None:
        raise problem
    return papers


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


SHARED = ("venue", "source", "note")  # the same few values across thousands of papers: one string each


def paper_from_dict(row: dict) -> Paper:
    """A paper from its JSON row. Its text shares the abstract's string when equal (99.8% of the 100k bench's
    papers, 181 MB there), and its venue, file name and note are interned."""
    if row.get("text") == row.get("abstract"):
        row["text"] = row["abstract"]
    for name in SHARED:
        if isinstance(row.get(name), str):
            row[name] = sys.intern(row[name])
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
