"""Size limits on every field of a parsed paper, applied once for every format (.txt, .jsonl, .csv).

A hostile or broken list must not make a 500 kB paper id, a 6 MB page or a 19 MB abstract that is stored,
rendered and returned whole: each field is cut to a limit, and the cut is reported as a warning.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

__all__ = ["FIELD_LIMITS", "bounded_fields"]

# Longest value kept per field: far above any real one (the longest venue in our lists is 25 characters, the
# longest title 230), low enough that a hostile list cannot make a 500 kB paper id or a 6 MB page. The abstract's
# limit is the index's max_index_chars: what is not indexed is not stored or shown either.
FIELD_LIMITS = {"title": 300, "venue": 80, "authors": 2_000, "url": 500, "external_id": 200, "keywords": 1_000,
                "doi": 200, "arxiv_id": 50, "note": 300, "bibtex": 5_000}
Raw = TypeVar("Raw")


def bounded_fields(raw: Raw, name: str, warnings: list[str], max_chars: int) -> Raw:
    """`raw` with every field cut to its limit (the abstract to `max_chars`), saying which were cut."""
    where = f"{name}#{raw.position}"
    if len(raw.abstract) > max_chars:
        warnings.append(f"{where}: abstract is {len(raw.abstract):,} characters; only the first {max_chars:,} "
                        "are kept (missing blank lines between abstracts?)")
        raw = replace(raw, abstract=_cut(raw.abstract, max_chars))
    for field_name, limit in FIELD_LIMITS.items():
        value = getattr(raw, field_name)
        size = len(", ".join(value)) if isinstance(value, tuple) else len(value)
        if size > limit:
            warnings.append(f"{where}: {field_name} is {size:,} characters; only the first {limit} are kept")
            raw = replace(raw, **{field_name: _cut_list(value, limit) if isinstance(value, tuple) else
                                  ("" if field_name == "bibtex" else _cut(value, limit))})
    return raw


def _cut_list(items: tuple[str, ...], limit: int) -> tuple[str, ...]:
    """The leading names (authors, keywords) whose list stays within `limit` characters, each cut to it too."""
    kept, size = [], 0
    for item in items:
        item = _cut(item, limit)
        size += len(item) + 2
        if size > limit + 2:
            break
        kept.append(item)
    return tuple(kept)


def _cut(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, at a space when there is one near the end."""
    cut = text[:limit]
    space = cut.rfind(" ", int(limit * 0.9))
    return (cut[:space] if space > 0 else cut).rstrip()
