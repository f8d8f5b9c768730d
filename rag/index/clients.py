"""The embedded Chroma client of each database folder, shared by every index object of this process, and the gate
that lets one thread close it (to load another process's writes) without failing searches in flight."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from rag.settings import Settings

# One embedded client per database folder per process. chromadb keeps one system per path and never re-reads the
# disk; `close()` on the last client of a path is its supported way to stop that system, so every index object of
# this process shares this client, and reopening closes it for all of them.
_CLIENTS: dict[Path, object] = {}
_CLIENTS_LOCK = threading.Lock()  # threads opening Chroma at once would start two systems on one path


class ClientGate:
    """Shared use of one folder's client by many threads, exclusive for closing it: closing stops chromadb's
    system for every holder (its bindings are deleted), so a reopen waits for in-flight calls and holds new
    ones back until the fresh client is in place. A thread's nested uses count once."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._users = 0
        self._closing = False
        self._mine = threading.local()

    @contextmanager
    def use(self) -> Iterator[None]:
        depth = getattr(self._mine, "depth", 0)
        if depth == 0:
            with self._changed:
                self._changed.wait_for(lambda: not self._closing)
                self._users += 1
        self._mine.depth = depth + 1
        try:
            yield
        finally:
            self._mine.depth = depth
            if depth == 0:
                with self._changed:
                    self._users -= 1
                    self._changed.notify_all()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        if getattr(self._mine, "depth", 0):
            raise RuntimeError("a thread using the Chroma client cannot close it")
        with self._changed:
            self._changed.wait_for(lambda: not self._closing)
            self._closing = True
            self._changed.wait_for(lambda: self._users == 0)
        try:
            yield
        finally:
            with self._changed:
                self._closing = False
                self._changed.notify_all()


class NoGate:
    """A server's client is never closed by a reopen, so its calls need no gate."""

    @contextmanager
    def use(self) -> Iterator[None]:
        yield

    exclusive = use


_GATES: dict[Path, ClientGate] = {}


def gate(folder: Path, settings: Settings) -> ClientGate | NoGate:
    if settings.index.chroma_url:
        return NoGate()
    with _CLIENTS_LOCK:
        return _GATES.setdefault(folder, ClientGate())


def shared_client(folder: Path, open_client: Callable[[], object]):
    with _CLIENTS_LOCK:
        if folder not in _CLIENTS:
            _CLIENTS[folder] = open_client()
        return _CLIENTS[folder]


def close_shared_client(folder: Path) -> None:
    with _CLIENTS_LOCK:  # (held while closing: an open meanwhile would get the system being stopped)
        client = _CLIENTS.pop(folder, None)
        if client is not None:
            client.close()
