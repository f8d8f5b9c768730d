"""OpenReview API v2 notes: every field under `content` is `{"value": …}`; the forum id gives the link."""

from __future__ import annotations

import re

from rag.corpus.records import Raw, author_list, year_of

FORUM = "https://openreview.net/forum?id={}"
# "ICLR.cc/2026/Conference", "NeurIPS.cc/2025/Datasets_and_Benchmarks_Track", "TMLR"
_VENUE_ID = re.compile(r"^(?P<venue>[A-Za-z][\w-]*?)(?:\.cc)?(?:/(?P<year>(?:19|20)\d{2}))?(?:/|$)")


def parse_note(note: dict, position: int, name: str, warnings: list[str]) -> list[Raw]:
    content = note["content"]
    abstract = _value(content, "abstract")
    if not isinstance(abstract, str) or not abstract.strip():
        warnings.append(f"{name}#{position}: OpenReview note {note.get('id', '?')} has no abstract; skipped")
        return []
    venue, year = _venue(content, note)
    forum = str(note.get("forum") or note.get("id") or "").strip()
    bibtex = _value(content, "_bibtex")
    return [Raw(
        abstract=abstract.strip(),
        position=position,
        title=" ".join(str(_value(content, "title") or "").split()),
        venue=venue,
        year=year,
        authors=author_list(_value(content, "authors")),
        url=FORUM.format(forum) if re.fullmatch(r"[\w-]+", forum) else "",
        external_id=forum,
        keywords=author_list(_value(content, "keywords")),
        note=str(_value(content, "venue") or "").strip(),
        bibtex=bibtex.strip() if isinstance(bibtex, str) and bibtex.lstrip().startswith("@") else "",
    )]


def _value(content: dict, key: str):
    field = content.get(key)
    return field.get("value") if isinstance(field, dict) else field  # API v1 notes give the value itself


def _venue(content: dict, note: dict) -> tuple[str, int | None]:
    """From `venueid` ("ICLR.cc/2026/Conference"), else the `venue` text ("ICLR 2026 Poster")."""
    venue_id = str(_value(content, "venueid") or "")
    match = _VENUE_ID.match(venue_id)
    venue_text = str(_value(content, "venue") or "")
    year = (int(match.group("year")) if match and match.group("year") else None) or year_of(venue_text)
    if match and match.group("venue") and match.group("venue").lower() != "openreview":
        return match.group("venue"), year or _year_of_date(note)
    words = re.sub(r"(?i)^submitted to\s+", "", venue_text).split()
    return (words[0] if words else "unknown"), year or _year_of_date(note)


def _year_of_date(note: dict) -> int | None:
    stamp = note.get("pdate") or note.get("cdate")  # milliseconds since 1970
    if isinstance(stamp, (int, float)) and stamp > 0:
        import datetime

        return datetime.datetime.fromtimestamp(stamp / 1000, datetime.timezone.utc).year
    return None
