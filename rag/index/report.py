"""What an ingest reports, and the progress bar it can draw on a terminal."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

Progress = Callable[[int, int], None]


@dataclass
class IngestReport:
    """What one ingest did, for the CLI, the UI and the benchmarks."""

    papers: int = 0
    added: int = 0
    removed: int = 0
    unchanged: int = 0
    chunks: int = 0
    chunks_embedded: int = 0  # chunks given vectors in this ingest (by the model or the embedding cache)
    chunks_cached: int = 0  # of those, texts whose vector came from the embedding cache: no model call
    sentences_embedded: int = 0  # abstract sentences embedded into the cache for answers (rag/index/sentences.py)
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)
    # wall seconds of each step, in order ("open": the lock, the last snapshot and Chroma opened; "read": the
    # paper lists parsed): where a slow ingest spends its time, for `make bench`'s cold ingest
    stages: dict[str, float] = field(default_factory=dict)
    _lap: float = field(default_factory=time.perf_counter, repr=False, compare=False)

    def lap(self, stage: str) -> None:
        """The seconds since the last lap (or since this report was made) are `stage`'s."""
        now = time.perf_counter()
        self.stages[stage] = self.stages.get(stage, 0.0) + now - self._lap
        self._lap = now


def progress_callback(progress: Progress | bool) -> Progress | None:
    """`progress` as a callback: itself, None, or (True) a tqdm bar of chunks embedded."""
    if callable(progress):
        return progress
    if not progress:
        return None
    from tqdm import tqdm

    bar: dict = {}

    def update(done: int, total: int) -> None:
        if "bar" not in bar:
            bar["bar"] = tqdm(total=total, unit="chunk", desc="embedding", leave=False)
        bar["bar"].n = done
        bar["bar"].refresh()
        if done >= total:
            bar["bar"].close()

    return update
