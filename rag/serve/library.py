"""The user's library: every paper list in the index (`paperchat lists`, the page's Library tab), and removal.

Removing an uploaded list moves it out of the data folder and re-ingests the library: one new snapshot
without its papers, committed atomically, so an answer asked meanwhile sees all of them or none. A list
that is not an upload is never deleted: its path can be dropped from the remembered paths instead.
"""

from __future__ import annotations

import shutil
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from rag import api, library
from rag.corpus.formats import sniff_format
from rag.corpus.papers import iter_files
from rag.errors import BadUpload
from rag.index.store import IngestReport
from rag.serve.librarylock import library_lock
from rag.serve.upload import recover_staging
from rag.settings import Settings, current_settings

__all__ = ["PaperList", "paper_lists", "remove_list", "RemoveResult"]


@dataclass(frozen=True)
class PaperList:
    """One file the index reads."""

    name: str  # file name, as papers name their source
    path: str
    format: str  # "paper list", "OpenReview", "arXiv", "BibTeX", "RIS", "CSV", "JSONL"
    venues: tuple[str, ...]  # "ICML 2026", … of its papers, most papers first
    papers: int  # papers indexed from it (an abstract also in another list counts for the first)
    added: float  # when it entered the index (seconds since 1970)
    uploaded: bool  # in the uploads folder: the page and `paperchat remove` can remove it

    @property
    def added_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.added)) if self.added else ""


@dataclass(frozen=True)
class RemoveResult:
    name: str
    removed: int  # papers no longer indexed
    papers: int  # papers indexed now

    @property
    def message(self) -> str:
        noun = "paper" if self.removed == 1 else "papers"
        return f"Removed {self.name}: {self.removed} {noun} (now {self.papers} papers)."


def paper_lists(settings: Settings | None = None) -> list[PaperList]:
    """Every paper list the library reads, uploads last, with what the current snapshot holds from each."""
    settings = settings or current_settings()
    snapshot = api.get_index(settings).snapshot()
    venues: dict[str, Counter] = defaultdict(Counter)
    for paper in snapshot.papers if snapshot else ():
        venues[paper.source][paper.venue_year] += 1
    records = library.file_records(settings)
    uploads = library.uploads_dir(settings).absolute()
    lists = []
    for path in iter_files(library.library_paths(settings), []):
        key = str(path.absolute())
        record = records.get(key) or {}
        counts = venues.get(path.name, Counter())
        lists.append(PaperList(
            name=path.name, path=key, format=record.get("format") or sniff_format(path),
            venues=tuple(v for v, _ in counts.most_common()), papers=sum(counts.values()),
            added=float(record.get("added") or _mtime(path)), uploaded=path.absolute().parent == uploads))
    return sorted(lists, key=lambda item: (item.uploaded, item.path))


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def remove_list(name: str, settings: Settings | None = None) -> RemoveResult:
    """Remove the uploaded list `name` (or forget a remembered path) and drop its papers from the index."""
    settings = settings or current_settings()
    with library_lock(settings):
        recover_staging(settings)
        # a removal killed before its commit left the file here; the ingest below finishes that removal
        shutil.rmtree(Path(settings.index.index_dir) / "trash", ignore_errors=True)
        before = _paper_count(settings)
        target = library.uploads_dir(settings) / name
        if "/" not in name and name not in (".", "..") and target.is_file():
            report = _remove_upload(target, settings)
        else:
            report = _forget_path(name, settings)
    return RemoveResult(name=name, removed=max(before - report.papers, 0), papers=report.papers)


def _paper_count(settings: Settings) -> int:
    snapshot = api.get_index(settings).snapshot()
    return len(snapshot.papers) if snapshot else 0


def _remove_upload(target: Path, settings: Settings) -> IngestReport:
    trash = Path(settings.index.index_dir) / "trash" / uuid.uuid4().hex
    trash.mkdir(parents=True)
    held = trash / target.name
    shutil.move(str(target), held)  # out of the data folder first: the ingest below no longer reads it
    try:
        report = api.ingest(settings=settings)
    except BaseException:
        shutil.move(str(held), target)  # the commit did not land: the list is still indexed, keep its file
        shutil.rmtree(trash, ignore_errors=True)
        raise
    shutil.rmtree(trash.parent, ignore_errors=True)
    return report


def _forget_path(name: str, settings: Settings) -> IngestReport:
    remembered = library.remembered_paths(settings)
    given = str(Path(name).absolute())
    if given not in remembered:
        names = [item.name for item in paper_lists(settings) if item.uploaded]
        listed = f"uploaded lists: {', '.join(names)}" if names else "there are no uploaded lists"
        paths = ", ".join(remembered)
        raise BadUpload(f"{name} is neither an uploaded list nor a path the index is built from ({listed}; "
                        f"paths: {paths}). 'paperchat lists' shows them")
    if len(remembered) == 1:
        raise BadUpload(f"{name} is the only path the index is built from; ingest another path instead")
    return api.ingest([p for p in remembered if p != given], settings=settings)
