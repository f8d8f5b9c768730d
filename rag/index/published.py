"""Snapshots published to a Chroma server, so every process using that server reads the same papers and BM25.

With an embedded Chroma the snapshot is a folder beside the database and `current.json` names it. With a server,
processes may run on other machines: the committed generation is also stored in the server itself, as a gzipped
tar split into parts. A reader that sees a new current generation downloads it once into its local folder and
checks its digest before using it.

The commit point is a compare-and-set: generation G's successor is the record `next/G`, written with Chroma's
`add`, which keeps the first record of an id and ignores any later one. An ingest started from G commits only if
its `add` of `next/G` is the one kept; an ingest that lost the race fails and nothing it wrote is ever named.
The current generation is the end of that chain; the `current` record is only a hint where to start following it.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import shutil
import socket
import tarfile
import time
from pathlib import Path

from rag.errors import IndexBusy
from rag.index.chroma import NoDownloadEmbeddingFunction

PART_CHARS = 1_000_000  # base64 characters per record: small HTTP bodies, any snapshot size
POINTER = "current"  # a hint: the chain of `next/` records is the truth
ROOT = "next/(empty)"  # the successor of the empty index: the first commit
LEASE = "ingest-lease"
MAX_HOPS = 1000  # a chain longer than this means the hint is not being written: a damaged snapshot collection
LEASE_SECONDS = 120.0  # an ingest renews its lease after every batch of vectors, far more often than this
_UNIT = [1.0]  # Chroma wants a vector per record; these records are only ever fetched by id


class PublishedSnapshots:
    """The snapshot records of one index in one Chroma collection of their own."""

    def __init__(self, client, name: str):
        self.collection = client.get_or_create_collection(
            name, embedding_function=NoDownloadEmbeddingFunction("paperchat-snapshots"),
            metadata={"paperchat": "snapshots"},
        )

    def current(self) -> str | None:
        """The generation the server names as current, or None before the first commit."""
        found = self.collection.get(ids=[POINTER], include=["metadatas"])
        generation = found["metadatas"][0]["generation"] if found["ids"] else None
        for _ in range(MAX_HOPS):
            successor = self._next(generation)
            if successor is None:
                return generation
            generation = successor
        raise ValueError(f"the chain of commits after {generation} does not end")

    def _next(self, generation: str | None) -> str | None:
        found = self.collection.get(ids=[_next_id(generation)], include=["metadatas"])
        return found["metadatas"][0]["generation"] if found["ids"] else None

    def publish(self, generation: str, directory: Path, base: str | None) -> None:
        """Store `directory` as `generation`, then make it current if `base` still is; else raise `Conflict`."""
        blob = base64.b64encode(_pack(directory)).decode("ascii")
        digest = hashlib.sha256(blob.encode("ascii")).hexdigest()
        parts = [blob[i:i + PART_CHARS] for i in range(0, len(blob), PART_CHARS)] or [""]
        meta = {"kind": "part", "generation": generation, "parts": len(parts), "sha256": digest}
        for start in range(0, len(parts), 8):
            batch = parts[start:start + 8]
            self.collection.upsert(
                ids=[f"{generation}/{start + i}" for i in range(len(batch))],
                documents=batch,
                embeddings=[_UNIT] * len(batch),
                metadatas=[{**meta, "part": start + i} for i in range(len(batch))],
            )
        # the commit point: `add` keeps the first `next/<base>` only, so of two ingests from `base` one wins
        self.collection.add(ids=[_next_id(base)], documents=[generation], embeddings=[_UNIT],
                            metadatas=[{"kind": "next", "generation": generation}])
        winner = self._next(base)
        if winner != generation:
            self.collection.delete(where={"generation": generation})  # our parts: nothing will ever name them
            raise Conflict(base, winner)
        self.collection.upsert(ids=[POINTER], documents=[generation], embeddings=[_UNIT],
                               metadatas=[{"kind": "pointer", "generation": generation}])

    def check(self, generation: str) -> None:
        """Raise `ValueError` unless every part of `generation` is on the server (their metadata only)."""
        found = self.collection.get(where={"generation": generation}, include=["metadatas"])
        parts = sorted(m["part"] for m in found["metadatas"] if m.get("kind") == "part")
        if not parts or parts != list(range(next(m["parts"] for m in found["metadatas"] if m.get("kind") == "part"))):
            raise ValueError(f"snapshot {generation} is incomplete on the server")

    def fetch(self, generation: str, target: Path) -> None:
        """Download `generation` into the folder `target` (made whole or not at all)."""
        found = self.collection.get(where={"generation": generation}, include=["documents", "metadatas"])
        rows = [(m, doc) for m, doc in zip(found["metadatas"], found["documents"]) if m.get("kind") == "part"]
        rows.sort(key=lambda row: row[0]["part"])
        if not rows or [m["part"] for m, _ in rows] != list(range(rows[0][0]["parts"])):
            raise ValueError(f"snapshot {generation} is incomplete on the server")
        blob = "".join(doc for _, doc in rows)
        if hashlib.sha256(blob.encode("ascii")).hexdigest() != rows[0][0]["sha256"]:
            raise ValueError(f"snapshot {generation} on the server does not match its digest")
        tmp = target.with_name(target.name + f".{os.getpid()}.download")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        with tarfile.open(fileobj=io.BytesIO(base64.b64decode(blob)), mode="r:gz") as tar:
            tar.extractall(tmp, filter="data")  # "data": no absolute paths, links or devices
        try:
            os.rename(tmp, target)
        except OSError:  # another reader of this folder finished first: theirs is the same bytes
            shutil.rmtree(tmp, ignore_errors=True)

    def prune(self, keep: set[str]) -> None:
        """Delete the parts of every generation not in `keep` (`next/` records stay: they make the chain)."""
        self.collection.delete(where={"$and": [{"kind": "part"}, {"generation": {"$nin": sorted(keep)}}]})


    # ---- one ingest at a time across machines (the file lock only covers one machine)
    def acquire(self) -> None:
        """Take the ingest lease or raise `Busy` naming the ingest that holds it."""
        held = self._lease()
        if held and held["owner"] != _owner():
            if not _expired(held):
                raise Busy(held)
            self.collection.delete(ids=[LEASE])  # a dead ingest's: a rival doing the same is sorted out by `add`
        self._claim()

    def renew(self) -> None:
        """Extend our lease; `Busy` if another ingest holds it now (ours expired and was taken over)."""
        held = self._lease()
        if held is None:
            self._claim()
        elif held["owner"] != _owner():
            raise Busy(held)
        else:
            self.collection.upsert(ids=[LEASE], documents=[_owner()], embeddings=[_UNIT],
                                   metadatas=[{**held, "expires": time.time() + LEASE_SECONDS}])

    def release(self) -> None:
        held = self._lease()
        if held and held["owner"] == _owner():
            self.collection.delete(ids=[LEASE])

    def _claim(self) -> None:
        now = time.time()
        # `add` keeps the first record: of two ingests claiming a free lease at once, one gets it
        self.collection.add(ids=[LEASE], documents=[_owner()], embeddings=[_UNIT], metadatas=[{
            "kind": "lease", "owner": _owner(), "since": now, "expires": now + LEASE_SECONDS}])
        held = self._lease()
        if not held or held["owner"] != _owner():
            raise Busy(held or {"owner": "unknown", "since": now})

    def _lease(self) -> dict | None:
        found = self.collection.get(ids=[LEASE], include=["metadatas"])
        return found["metadatas"][0] if found["ids"] else None


class Busy(IndexBusy):
    """Another process is ingesting into the same index on the server."""

    def __init__(self, held: dict):
        started = time.strftime("%H:%M:%S", time.localtime(held["since"]))
        super().__init__(f"another ingest ({held['owner']}, since {started}) is writing this index; "
                         "run yours when it has finished")


class Conflict(Exception):
    """Another ingest committed after the generation this one started from: this one's commit is refused."""

    def __init__(self, base: str | None, winner: str | None):
        super().__init__(f"another ingest committed {winner} after {base or 'the empty index'}, "
                         "which this ingest started from")


def _next_id(generation: str | None) -> str:
    return f"next/{generation}" if generation else ROOT


def _owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"  # computed per call: a forked child is another owner


def _expired(held: dict) -> bool:
    """Past its time, or held by a process of this machine that no longer exists (killed mid-ingest)."""
    if held["expires"] < time.time():
        return True
    host, _, pid = held["owner"].rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def _pack(directory: Path) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", compresslevel=6) as tar:
        for path in sorted(directory.rglob("*")):
            if path.is_file():
                tar.add(path, arcname=str(path.relative_to(directory)), recursive=False)
    return buffer.getvalue()
