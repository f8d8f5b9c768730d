"""Thumbs up/down on answers, appended to a local JSONL file (one line per click, never rewritten)."""

from __future__ import annotations

import json
import os
import threading
from datetime import datetime, timezone
from pathlib import Path

from rag.errors import ConfigError
from rag.settings import Settings, current_settings
from rag.types import Answer

__all__ = ["feedback_record", "record_feedback"]

_lock = threading.Lock()  # one writer at a time within the process; O_APPEND keeps processes apart


def feedback_record(question: str, answer: Answer, liked: bool | None, when: datetime | None = None) -> dict:
    """One JSON line: when, the question, liked (None = vote withdrawn), then the answer as `Answer.to_dict()`."""
    return {"time": (when or datetime.now(timezone.utc)).isoformat(timespec="seconds"), "question": question,
            "liked": liked, **answer.to_dict()}


def record_feedback(question: str, answer: Answer, liked: bool | None, settings: Settings | None = None) -> Path:
    """Append one feedback line to `settings.feedback_file` (created if missing); returns the file."""
    path = (settings or current_settings()).feedback_file
    line = json.dumps(feedback_record(question, answer, liked), ensure_ascii=False) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _lock:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line.encode("utf-8"))  # one write: a line is never interleaved with another
            finally:
                os.close(fd)
    except OSError as exc:
        raise ConfigError(
            f"cannot record feedback in {path} ({exc.strerror or exc}); "
            "set PAPERCHAT_FEEDBACK_PATH to a file in a writable folder"
        ) from exc
    return path
