"""One change to the user's library at a time (upload or removal), across threads and processes."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from filelock import FileLock, Timeout

from rag.settings import Settings


@contextmanager
def library_lock(settings: Settings, on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the library's lock; `on_wait` is called first when another upload or removal holds it."""
    folder = Path(settings.index.index_dir)
    folder.mkdir(parents=True, exist_ok=True)
    # thread_local=False: the page's upload handlers run on worker threads of one process
    lock = FileLock(str(folder / "library.lock"), thread_local=False, is_singleton=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        if on_wait:
            on_wait()
        lock.acquire()
    try:
        yield
    finally:
        lock.release()
