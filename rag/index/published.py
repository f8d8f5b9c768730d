"""Snapshots published to a Chroma server, so every process using that server reads the same papers and BM25.

With an embedded Chroma the snapshot is a folder beside the database and `current.json` names it. With a server,
processes may run on other machines: the committed generation is also stored in the server itself, as a gzipped
tar split into parts, and a pointer record names the current one. Writing the pointer is the commit point, after
the vectors and every part are in; a reader that sees a new pointer downloads that generation once into its
local folder and checks its digest before using it.
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

from rag.index.chroma import NoDownloadEmbeddingFunction

PART_CHARS = 1_000_000  # base64 characters per record: small HTTP bodies, any snapshot size
POINTER = "current"
LEASE = "ingest-lease"
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
        return found["metadatas"][0]["generation"] if found["ids"] else None

    def publish(self, generation: str, directory: Path) -> None:
        """Store `directory` as `generation`, then make it current (the pointer is written last)."""
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
        self.collection.upsert(ids=[POINTER], documents=[generation], embeddings=[_UNIT],
                               metadatas=[{"kind": "pointer", "generation": generation}])

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
        """Delete the parts of every generation not in `keep`."""
        self.collection.delete(where={"$and": [{"kind": "part"}, {"generation": {"$nin": sorted(keep)}}]})


    # ---- one ingest at a time across machines (the file lock only covers one machine)
    def acquire(self) -> None:
        """Take the ingest lease or raise `Busy` naming the ingest that holds it."""
        held = self._lease()
        if held and held["owner"] != _owner() and not _expired(held):
            raise Busy(held)
        self.renew()
        time.sleep(0.2)  # a rival that read the same free lease writes within this window; the last write wins
        held = self._lease()
        if not held or held["owner"] != _owner():
            raise Busy(held or {"owner": "unknown", "since": time.time()})

    def renew(self) -> None:
        held = self._lease()
        since = held["since"] if held and held["owner"] == _owner() else time.time()
        self.collection.upsert(ids=[LEASE], documents=[_owner()], embeddings=[_UNIT], metadatas=[{
            "kind": "lease", "owner": _owner(), "since": since, "expires": time.time() + LEASE_SECONDS}])

    def release(self) -> None:
        held = self._lease()
        if held and held["owner"] == _owner():
            self.collection.delete(ids=[LEASE])

    def _lease(self) -> dict | None:
        found = self.collection.get(ids=[LEASE], include=["metadatas"])
        return found["metadatas"][0] if found["ids"] else None


class Busy(Exception):
    """Another process is ingesting into the same index on the server."""

    def __init__(self, held: dict):
        started = time.strftime("%H:%M:%S", time.localtime(held["since"]))
        super().__init__(f"another ingest ({held['owner']}, since {started}) is writing this index; "
                         "run yours when it has finished")


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
