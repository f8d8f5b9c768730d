"""Adding a paper list from the page (or `paperchat add`): check the one file, index it, keep it in the library.

A refused, failed or cancelled upload changes nothing. The file is staged under `<index_dir>/staging/`,
outside the data folder, ingested from there together with everything the index already holds, and moved
into `<data_dir>/uploads/` only once that commit has landed: a page killed mid-upload leaves no copy that
later ingests would index. One upload (or removal) at a time per library; a second one is told it waits,
and is checked for duplicates only once it holds the lock, so two identical uploads cannot both get in.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rag import api, library
from rag.corpus.formats.txt import header_of, with_header
from rag.corpus.papers import SUPPORTED, content_hash, load_papers
from rag.errors import BadUpload, ConfigError, UploadCancelled
from rag.index.store import Progress
from rag.serve.librarylock import library_lock
from rag.settings import Settings, current_settings

__all__ = ["UploadResult", "add_papers", "safe_name", "UPLOADS", "recover_staging"]

UPLOADS = library.UPLOADS
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
               name: str | None = None, *, venue: str | None = None, year: int | None = None,
               cancel: threading.Event | None = None, on_wait: Callable[[], None] | None = None) -> UploadResult:
    """Check the paper list at `path` (shown as `name`), index it with the library, and keep it there.

    `venue`/`year` give a `.txt` list with no header its venue (stored as its first line); `cancel` set
    while embedding stops the upload with nothing changed; `on_wait` is called if another upload runs."""
    settings = settings or current_settings()
    source = Path(path)
    name = safe_name(name if name is not None else source.name)
    _check_size(source, name, settings.serve.upload_max_mb)
    uploads = _uploads_dir(settings)
    with library_lock(settings, on_wait):
        recover_staging(settings)
        final = _free_name(uploads, name)
        staged = _stage(source, final.name, settings, venue, year)
        try:
            warnings = _check_papers(staged, settings)
            _check_not_uploaded(staged, uploads)
            report = api.ingest(settings=settings, progress=_cancellable(progress, cancel), adding=[staged])
            _move_in(staged, final)  # the commit has landed: only now is the file part of the library
        finally:
            shutil.rmtree(staged.parent, ignore_errors=True)
    mine = tuple(w for w in report.warnings if w.startswith(final.name))
    return UploadResult(name=final.name, added=report.added, papers=report.papers,
                        warnings=tuple(dict.fromkeys(warnings + mine)))


def safe_name(name: str) -> str:
    """The name to store an upload under: a plain file name (no folders, not hidden) of safe characters."""
    if not name or name in (".", "..") or any(c in name for c in "/\\\x00") or name.startswith("."):
        raise BadUpload(f"{name!r} is not a plain file name: give the paper list a name like icml2026.txt")
    suffix = Path(name).suffix.lower()
    if suffix not in SUPPORTED:
        raise BadUpload(f"{name} is not a paper list: upload a .txt list, a .jsonl/.json (plain rows, OpenReview "
                        "notes or arXiv metadata), a .csv, a BibTeX .bib or a RIS .ris file")
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", name[: -len(suffix)]).strip("._") or "papers"
    return stem[: MAX_NAME - len(suffix)] + suffix


def _staging_root(settings: Settings) -> Path:
    return Path(settings.index.index_dir) / "staging"


def _stage(source: Path, name: str, settings: Settings, venue: str | None, year: int | None) -> Path:
    """A private copy under the final name (messages and the papers' `source` name the stored file)."""
    folder = _staging_root(settings) / uuid.uuid4().hex
    folder.mkdir(parents=True)
    staged = folder / name
    try:
        shutil.copyfile(source, staged)
        if Path(name).suffix.lower() == ".txt" and (venue or year):
            _add_header(staged, venue, year)
    except OSError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise BadUpload(f"{name} could not be read ({exc.strerror or exc}); upload it again") from exc
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return staged


def _add_header(staged: Path, venue: str | None, year: int | None) -> None:
    venue = " ".join((venue or "").split())
    if not venue or not year or not re.fullmatch(r"[^\d\s][^\n]{0,80}", venue) or not 1900 <= int(year) <= 2100:
        raise BadUpload(f"{staged.name}: give both a venue (e.g. ICML) and a year (e.g. 2026) for a list "
                        "without a header")
    text = staged.read_text(encoding="utf-8-sig", errors="strict")
    staged.write_text(with_header(text, venue, int(year)), encoding="utf-8")


def recover_staging(settings: Settings) -> None:
    """Uploads a killed process left in staging: moved in if their commit landed, else deleted."""
    root = _staging_root(settings)
    if not root.is_dir():
        return
    snapshot = api.get_index(settings, build=False).snapshot()
    indexed = set(snapshot.by_id) if snapshot else set()
    for folder in root.iterdir():
        for staged in folder.iterdir() if folder.is_dir() else ():
            ids = {p.id for p in load_papers([staged]).papers}
            target = library.uploads_dir(settings) / staged.name
            if ids and ids <= indexed and not target.exists():
                _move_in(staged, target)
        shutil.rmtree(folder, ignore_errors=True)


def _move_in(staged: Path, final: Path) -> None:
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.with_name(f".{final.name}.{uuid.uuid4().hex[:8]}.part")  # hidden: ingests never read it
    shutil.copyfile(staged, tmp)  # staging and data may be on different disks: copy, then rename
    tmp.replace(final)


def _cancellable(progress: Progress | None, cancel: threading.Event | None) -> Progress | bool:
    if cancel is None:
        return progress or False

    def step(done: int, total: int) -> None:
        if cancel.is_set():
            raise UploadCancelled("upload cancelled: nothing was added")
        if progress:
            progress(done, total)

    return step


def _check_size(source: Path, name: str, max_mb: float) -> None:
    try:
        size = source.stat().st_size
    except OSError as exc:
        raise BadUpload(f"{name} could not be read ({exc.strerror or exc}); upload it again") from exc
    if size > max_mb * 1024 * 1024:
        raise BadUpload(f"{name} is {size / 1024 / 1024:.1f} MB; uploads are limited to {max_mb:g} MB "
                        "(PAPERCHAT_UPLOAD_MAX_MB): split the list or raise the limit")


def _check_papers(staged: Path, settings: Settings) -> tuple[str, ...]:
    """The file's own warnings; refuses a file with no papers, too many, or only papers already indexed."""
    if staged.suffix.lower() == ".txt":
        _check_header(staged)
    loaded = load_papers([staged], max_chars=settings.index.max_index_chars)
    if not loaded.papers:
        raise BadUpload(f"{staged.name} was not added: {_reasons(loaded.warnings, staged.name)}")
    limit = settings.serve.upload_max_papers
    if len(loaded.papers) > limit:
        raise BadUpload(f"{staged.name} was not added: it has {len(loaded.papers):,} papers and an upload may have "
                        f"{limit:,} (PAPERCHAT_UPLOAD_MAX_PAPERS); split it, or index it with 'paperchat ingest'")
    snapshot = api.get_index(settings).snapshot()
    indexed = {content_hash(p.abstract) for p in snapshot.papers} if snapshot else set()
    if all(content_hash(p.abstract) in indexed for p in loaded.papers):
        raise BadUpload(f"{staged.name} was not added: all {len(loaded.papers)} of its abstracts are "
                        "already indexed")
    return tuple(loaded.warnings)


def _check_header(staged: Path) -> None:
    try:
        text = staged.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return  # the parser reports it with the byte offset
    if text.strip() and header_of(text.replace("\r\n", "\n")) is None:
        raise BadUpload(f"{staged.name} was not added: its first line is not a '<VENUE> <YEAR>' header "
                        "(e.g. 'ICML 2026'), so its papers would have no venue. Add that line, or fill in the "
                        "venue and year fields for it")


def _check_not_uploaded(staged: Path, uploads: Path) -> None:
    digest = _file_digest(staged)
    for other in sorted(uploads.iterdir()) if uploads.is_dir() else ():
        if other.is_file() and not other.name.startswith(".") and _file_digest(other) == digest:
            raise BadUpload(f"{staged.name} was not added: the same file is already in the library as {other.name}")


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _reasons(warnings: list[str], name: str) -> str:
    reasons = [w.removeprefix(f"{name}: ").removesuffix("; skipped") for w in warnings]
    return "; ".join(dict.fromkeys(reasons)) or "no abstracts found"


def _uploads_dir(settings: Settings) -> Path:
    data = Path(settings.index.data_dir)
    if data.exists() and not data.is_dir():
        raise ConfigError(f"uploads are kept in the data folder, but PAPERCHAT_DATA_DIR={data} is a file; "
                          "point it at a folder")
    return library.uploads_dir(settings)  # made when the first upload moves in


def _free_name(folder: Path, name: str) -> Path:
    """`list.txt`, else `list-2.txt`, … (never over another file; checked under the library lock)."""
    stem, suffix = Path(name).stem, Path(name).suffix
    for n in range(1, 1000):
        target = folder / (name if n == 1 else f"{stem}-{n}{suffix}")
        if not target.exists():
            return target
    raise BadUpload(f"{name}: 999 uploads already use this name; rename the file and upload it again")
