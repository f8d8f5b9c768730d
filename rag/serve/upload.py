"""Adding a paper list from the page: check the one file, keep it under the data folder, ingest.

A refused file changes nothing. An accepted one is stored as `<data_dir>/uploads/<name>` (never over
another file) and the data folder is ingested as usual, so its papers are searchable at once and are
still there after a restart (every start ingests the data folder).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rag import api
from rag.corpus.papers import SUPPORTED, content_hash, load_papers
from rag.errors import BadUpload, ConfigError
from rag.index.store import Progress
from rag.settings import Settings, current_settings

__all__ = ["UploadResult", "add_papers", "safe_name", "UPLOADS"]

UPLOADS = "uploads"
MAX_NAME = 100


@dataclass(frozen=True)
class UploadResult:
    """What an upload added."""

    name: str  # the stored file's name under <data_dir>/uploads/
    added: int  # papers the index did not hold before
    papers: int  # papers indexed now
    warnings: tuple[str, ...] = ()  # problems with some of the file's rows, which were skipped

    @property
    def message(self) -> str:
        noun = "paper" if self.added == 1 else "papers"
        return f"Added {self.added} {noun} from {self.name} (now {self.papers} papers)."


def add_papers(path: str | Path, settings: Settings | None = None, progress: Progress | None = None,
               name: str | None = None) -> UploadResult:
    """Check the paper list at `path` (shown as `name`), store it in the data folder, and ingest it."""
    settings = settings or current_settings()
    source = Path(path)
    name = safe_name(name if name is not None else source.name)
    _check_size(source, name, settings.serve.upload_max_mb)
    with tempfile.TemporaryDirectory(prefix="paperchat-upload-") as staging:
        staged = Path(staging) / name  # parse under its own name, so messages name the user's file
        shutil.copyfile(source, staged)
        warnings = _check_papers(staged, settings)
        stored = _store(staged, _uploads_dir(settings))
    try:
        report = api.ingest(settings=settings, progress=progress or False)
    except BaseException:
        stored.unlink(missing_ok=True)  # the upload must not stay half-added
        raise
    mine = tuple(w for w in report.warnings if w.startswith(stored.name))
    return UploadResult(name=stored.name, added=report.added, papers=report.papers,
                        warnings=tuple(dict.fromkeys(warnings + mine)))


def safe_name(name: str) -> str:
    """The name to store an upload under: a plain file name (no folders, not hidden) of safe characters."""
    if not name or name in (".", "..") or any(c in name for c in "/\\\x00") or name.startswith("."):
        raise BadUpload(f"{name!r} is not a plain file name: give the paper list a name like icml2026.txt")
    suffix = Path(name).suffix.lower()
    if suffix not in SUPPORTED:
        raise BadUpload(f"{name} is not a paper list: upload a .txt list, a .jsonl or a .csv file")
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", name[: -len(suffix)]).strip("._") or "papers"
    return stem[: MAX_NAME - len(suffix)] + suffix


def _check_size(source: Path, name: str, max_mb: float) -> None:
    try:
        size = source.stat().st_size
    except OSError as exc:
        raise BadUpload(f"{name} could not be read ({exc.strerror or exc}); upload it again") from exc
    if size > max_mb * 1024 * 1024:
        raise BadUpload(f"{name} is {size / 1024 / 1024:.1f} MB; uploads are limited to {max_mb:g} MB "
                        "(PAPERCHAT_UPLOAD_MAX_MB): split the list or raise the limit")


def _check_papers(staged: Path, settings: Settings) -> tuple[str, ...]:
    """The file's own warnings; refuses a file with no papers, or only papers already indexed."""
    loaded = load_papers([staged], max_chars=settings.index.max_index_chars)
    if not loaded.papers:
        raise BadUpload(f"{staged.name} was not added: {_reasons(loaded.warnings, staged.name)}")
    snapshot = api.get_index(settings).snapshot()
    indexed = {content_hash(p.abstract) for p in snapshot.papers} if snapshot else set()
    if all(content_hash(p.abstract) in indexed for p in loaded.papers):
        raise BadUpload(f"{staged.name} was not added: all {len(loaded.papers)} of its abstracts are "
                        "already indexed")
    return tuple(loaded.warnings)


def _reasons(warnings: list[str], name: str) -> str:
    reasons = [w.removeprefix(f"{name}: ").removesuffix("; skipped") for w in warnings]
    return "; ".join(dict.fromkeys(reasons)) or "no abstracts found"


def _uploads_dir(settings: Settings) -> Path:
    data = Path(settings.index.data_dir)
    if data.exists() and not data.is_dir():
        raise ConfigError(f"uploads are kept in the data folder, but PAPERCHAT_DATA_DIR={data} is a file; "
                          "point it at a folder")
    folder = data / UPLOADS
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _store(staged: Path, folder: Path) -> Path:
    """Copy into `folder` under a free name: `list.txt`, else `list-2.txt`, … (never over another file)."""
    stem, suffix = staged.stem, staged.suffix
    for n in range(1, 1000):
        target = folder / (staged.name if n == 1 else f"{stem}-{n}{suffix}")
        try:
            out = open(target, "xb")  # "x": fails if the name is taken
        except FileExistsError:
            continue
        try:
            with out, open(staged, "rb") as src:
                shutil.copyfileobj(src, out)
        except BaseException:
            target.unlink(missing_ok=True)  # a disk that filled up must not leave half a list behind
            raise
        return target
    raise BadUpload(f"{staged.name}: 999 uploads already use this name; rename the file and upload it again")
