"""`.csv` lists: a header row naming `title`, `abstract` (or `text`) and optional metadata columns."""

from __future__ import annotations

import csv
import io

from rag.corpus.records import Raw, parse_records


def parse(text: str, name: str, warnings: list[str]) -> list[Raw]:
    # the csv module refuses a field over 131,072 characters, which would lose the whole file for one
    # runaway abstract; the length check every format shares then reports and truncates that one
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    rows = [dict(row) for row in csv.DictReader(io.StringIO(text))]
    return parse_records(rows, name, warnings)
