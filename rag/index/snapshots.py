"""Where the current generation is named: local files (`current.json`), or the Chroma server shared by machines.

Both keep generations in `<index_dir>/generations/`; a server store downloads them there from the server.
The interface is three calls: `current()`, `folder(generation)` and `publish(generation, folder, base)`."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Protocol

from rag.errors import IndexBusy, IndexDamaged
from rag.index.published import Conflict, PublishedSnapshots
from rag.index.snapshot import REPAIR, write_json

POLL_SECONDS = 1.0  # with a server, how stale another process's commit may look to this one


class SnapshotStore(Protocol):
    def current(self, fresh: bool = False) -> str | None:
        """The generation named as current (None before the first commit); cheap enough to call per query.

        `fresh`: asked of the source now, not a recent answer (an ingest starts from it)."""

    def folder(self, generation: str) -> Path:
        """A local folder holding `generation`'s files."""

    def publish(self, generation: str, folder: Path, base: str | None) -> None:
        """Make `generation` (already in `folder`) current: the commit point."""


class LocalSnapshots:
    """`current.json` names the generation; replacing it is the commit point."""

    def __init__(self, directory: Path):
        self.dir = directory
        self.pointer = directory / "current.json"
        self._key: tuple | None = None
        self._generation: str | None = None

    def current(self, fresh: bool = False) -> str | None:
        try:
            stat = self.pointer.stat()
        except FileNotFoundError:
            return None
        key = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        if key != self._key:
            try:
                generation = json.loads(self.pointer.read_text())["generation"]
            except (OSError, ValueError, KeyError, TypeError) as exc:
                raise IndexDamaged(f"the index under {self.dir} is damaged ({self.pointer.name}: {exc}); "
                                       f"{REPAIR}") from exc
            self._key, self._generation = key, generation
        return self._generation

    def folder(self, generation: str) -> Path:
        return self.dir / "generations" / generation

    def publish(self, generation: str, folder: Path, base: str | None) -> None:
        write_json(self.pointer, {"generation": generation})
        prune_generations(self.dir, keep=generation)


class ServerSnapshots:
    """The Chroma server names the generation; each machine downloads it once into its own folder."""

    def __init__(self, published: PublishedSnapshots, directory: Path, url: str):
        self.published = published
        self.local = LocalSnapshots(directory)
        self.url = url
        self._checked = float("-inf")
        self._generation: str | None = None

    def current(self, fresh: bool = False) -> str | None:
        now = time.monotonic()
        if fresh or now - self._checked >= POLL_SECONDS:
            self._generation = self.published.current()
            self._checked = now
        return self._generation

    def folder(self, generation: str) -> Path:
        folder = self.local.folder(generation)
        try:
            if folder.exists():
                self.published.check(generation)  # what other machines would download: is it all there?
            else:
                self.published.fetch(generation, folder)
                prune_generations(self.local.dir, keep=generation)
        except ValueError as exc:  # a part missing or not matching its digest
            raise IndexDamaged(f"the index on {self.url} is damaged ({exc}); {REPAIR}") from exc
        return folder

    def publish(self, generation: str, folder: Path, base: str | None) -> None:
        try:
            self.published.publish(generation, folder, base)  # the commit point for every process of the server
        except Conflict as exc:
            shutil.rmtree(folder, ignore_errors=True)
            raise IndexBusy(f"{exc} on {self.url}: nothing of this ingest was published (its vectors are ignored, "
                            "and the next ingest removes them); run it again") from exc
        self.published.prune(keep={generation, base} - {None})
        self._checked = float("-inf")
        self.local.publish(generation, folder, base)


def prune_generations(directory: Path, keep: str) -> None:
    folders = list((directory / "generations").iterdir())
    # a half-written generation ("gen-<ns>-<pid>.tmp") of a process that was killed is never finished: it
    # held 332 MB at 100k papers and, counted as a generation, kept the previous one from being pruned
    for stale in (p for p in folders if p.name.endswith(".tmp") and not _alive(p.name)):
        shutil.rmtree(stale, ignore_errors=True)
    # keep the previous generation too: a reader may still be loading it
    gens = sorted((p for p in folders if not p.name.endswith(".tmp")), key=lambda p: p.stat().st_mtime)
    for old in gens[:-2]:
        if old.name != keep:
            shutil.rmtree(old, ignore_errors=True)


def _alive(tmp_name: str) -> bool:
    """Is the process that writes this temporary generation (its pid ends the name) still running?"""
    try:
        os.kill(int(tmp_name.removesuffix(".tmp").rsplit("-", 1)[1]), 0)
    except (ValueError, IndexError, ProcessLookupError):
        return False
    except PermissionError:
        return True  # another user's process
    return True
