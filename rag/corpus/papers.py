"""Paper lists on disk → `Paper` records: finding files, reading them safely, dedupe, and clear warnings.

Each format's parser is in `rag.corpus.formats`; rows become papers in `rag.corpus.records`; titles for
lists that give none come from `rag.corpus.titles`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Iterator

from rag.corpus.formats import SUPPORTED, parse_text
from rag.corpus.limits import bounded_fields
from rag.corpus.formats.txt import parse as parse_paper_list
from rag.corpus.records import Raw, content_hash, make_paper, paper_id, parse_records
from rag.corpus.titles import derive_title, first_clause, unique_titles
from rag.types import Paper

__all__ = ["LoadResult", "load_papers", "iter_files", "SUPPORTED", "content_hash", "paper_id", "make_paper",
           "parse_records", "parse_paper_list", "derive_title", "first_clause", "MAX_FILE_BYTES"]

log = logging.getLogger("paperchat.corpus")

MAX_FILE_BYTES = 200 * 1024 * 1024
_Raw = Raw  # the name older code used


@dataclass
class LoadResult:
    """Papers read from disk, deduplicated, plus one warning line per problem found."""

    papers: list[Paper] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def load_papers(paths: Iterable[str | Path], max_chars: int = 20_000) -> LoadResult:
    """Read every supported file under `paths`; bad files are skipped with a warning, never raised."""
    result = LoadResult()
    by_hash: dict[str, int] = {}
    for path in iter_files(paths, result.warnings):
        result.files.append(str(path))
        try:
            raws = _parse_file(path, result.warnings, max_chars)
        except Exception as exc:  # a parser bug must not sink the whole ingest
            result.warnings.append(f"{path.name}: could not be read ({type(exc).__name__}: {exc}); skipped")
            continue
        for raw in raws:
            paper = make_paper(raw, path.name)
            if not paper.text:  # only markup, e.g. "\quad \! \,": nothing to index, show or cite
                result.warnings.append(f"{path.name}#{raw.position}: no text left once markup is removed; skipped")
                continue
            key = content_hash(paper.abstract)
            if key in by_hash:
                first = result.papers[by_hash[key]]
                where = f"{path.name}#{raw.position}"
                result.papers[by_hash[key]] = replace(first, also_in=first.also_in + (where,))
                result.warnings.append(
                    f"{where}: same abstract as {first.source}#{first.position}; kept once, both sources recorded"
                )
                continue
            by_hash[key] = len(result.papers)
            result.papers.append(paper)
    result.papers = unique_titles(result.papers)
    return result


def iter_files(paths: Iterable[str | Path], warnings: list[str]) -> Iterator[Path]:
    """Supported files under the given files/folders, in a stable order, each once."""
    seen: set[Path] = set()
    for child in _iter_given(paths, warnings):
        key = child.resolve()
        if key not in seen:  # a folder and a file or subfolder inside it, both given
            seen.add(key)
            yield child


def _iter_given(paths: Iterable[str | Path], warnings: list[str]) -> Iterator[Path]:
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for child in sorted(p for p in path.rglob("*") if p.is_file()):
                rel = child.relative_to(path).parts
                if any(part.startswith(".") for part in rel) or child.suffix.lower() not in SUPPORTED:
                    continue
                yield child
        elif path.is_file():
            if path.suffix.lower() in SUPPORTED:
                yield path
            else:
                warnings.append(f"{path.name}: unsupported file type (use {', '.join(SUPPORTED)}); skipped")
        else:
            warnings.append(f"{path}: no such file or folder; skipped")


def _read_text(path: Path, warnings: list[str]) -> str | None:
    size = path.stat().st_size
    if size == 0:
        warnings.append(f"{path.name}: empty file; skipped")
        return None
    if size > MAX_FILE_BYTES:
        warnings.append(f"{path.name}: {size:,} bytes is over the {MAX_FILE_BYTES:,}-byte limit; skipped")
        return None
    data = path.read_bytes()
    if b"\x00" in data[:8192]:
        warnings.append(f"{path.name}: binary file, not a paper list; skipped")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        warnings.append(
            f"{path.name}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "re-save it as UTF-8; skipped"
        )
        return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        warnings.append(f"{path.name}: only blank lines; skipped")
        return None
    return text


def _parse_file(path: Path, warnings: list[str], max_chars: int) -> list[_Raw]:
    text = _read_text(path, warnings)
    if text is None:
        return []
    before = len(warnings)
    raws = parse_text(path.suffix, text, path.name, warnings)
    raws = [bounded_fields(raw, path.name, warnings, max_chars) for raw in raws]
    if not raws and not any(w.startswith(f"{path.name}: ") and w.endswith("skipped") for w in warnings[before:]):
        warnings.append(f"{path.name}: no abstracts found; skipped")
    return raws
