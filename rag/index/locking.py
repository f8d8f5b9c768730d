"""One ingest at a time: a file lock per index folder (this machine), and the server's lease (other machines)."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from filelock import FileLock

from rag.errors import IndexUnavailable
from rag.index.chroma import write_problem

log = logging.getLogger("paperchat.index")


@contextmanager
def writing(directory: Path, lease: Callable[[], object] | None, guard) -> Iterator[None]:
    """Hold the ingest lock (and with a server, its lease); a write the disk refused becomes advice."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        # one ingest at a time on this machine; the OS frees the lock if we are killed
        with FileLock(directory / "ingest.lock"), _server_lease(lease, guard):
            yield
    except OSError as exc:
        raise IndexUnavailable(write_problem(directory, exc)) from exc


@contextmanager
def _server_lease(published: Callable[[], object] | None, guard) -> Iterator[None]:
    """With a server, ingests from other machines are kept out by a lease stored beside the snapshot."""
    if published is None:
        yield
        return
    with guard():
        published().acquire()  # or `Busy`, an `IndexBusy` naming the ingest that holds the lease
    try:
        yield
    finally:
        try:
            published().release()
        except Exception as exc:  # the lease then expires on its own
            log.warning("could not release the ingest lease: %s", exc)
