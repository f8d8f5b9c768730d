"""What the index is built from: the paths an ingest was given, remembered, plus the user's uploads folder.

`paperchat ingest data/ extra/` is remembered in `<index_dir>/library.json`, so a plain `paperchat ingest`,
`make run`'s start-up ingest and every upload re-read exactly those paths: an upload adds to what is there
and never drops the papers of a path it was not told about. Uploads live in `<data_dir>/uploads/`
(git-ignored), which is always part of the library.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Iterable

from rag.settings import Settings

__all__ = ["UPLOADS", "remembered_paths", "library_paths", "remember", "uploads_dir", "file_records", "record_files"]

UPLOADS = "uploads"
MANIFEST = "library.json"


def _manifest_path(settings: Settings) -> Path:
    return Path(settings.index.index_dir) / MANIFEST


def _read(settings: Settings) -> dict:
    try:
        data = json.loads(_manifest_path(settings).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or damaged: the data folder is the default, as before the manifest
    return data if isinstance(data, dict) else {}


def _write(settings: Settings, data: dict) -> None:
    path = _manifest_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)  # a reader sees the old manifest or the new one, never half of one


def uploads_dir(settings: Settings) -> Path:
    return Path(settings.index.data_dir) / UPLOADS


def remembered_paths(settings: Settings) -> list[str]:
    """The paths the last explicit ingest was given (absolute), else the data folder."""
    paths = _read(settings).get("paths")
    if isinstance(paths, list) and paths and all(isinstance(p, str) for p in paths):
        return paths
    return [str(Path(settings.index.data_dir).absolute())]


def library_paths(settings: Settings, paths: Iterable[str | Path] | None = None) -> list[str]:
    """What an ingest reads: `paths` (default: the remembered ones) and the uploads folder, each once."""
    chosen = [str(Path(p).absolute()) for p in paths] if paths is not None else remembered_paths(settings)
    uploads = uploads_dir(settings).absolute()
    inside = any(uploads == Path(p) or Path(p) in uploads.parents for p in chosen)
    return chosen if inside or not uploads.is_dir() else [*chosen, str(uploads)]


def remember(settings: Settings, paths: Iterable[str | Path]) -> None:
    """Record the paths an explicit ingest was given; later plain ingests and uploads re-read them."""
    data = _read(settings)
    data["paths"] = [str(Path(p).absolute()) for p in paths]
    _write(settings, data)


def file_records(settings: Settings) -> dict[str, dict]:
    """Per file (absolute path): when it entered the index and its format."""
    files = _read(settings).get("files")
    return files if isinstance(files, dict) else {}


def record_files(settings: Settings, formats: dict[str, str]) -> None:
    """Note files new to the index (path → format) with the time they were added; forget files gone."""
    data = _read(settings)
    known = data.get("files") if isinstance(data.get("files"), dict) else {}
    now = time.time()
    data["files"] = {path: known.get(path) or {"added": now, "format": fmt} for path, fmt in formats.items()}
    _write(settings, data)
