"""`.jsonl` and `.json` lists: plain rows, OpenReview API v2 notes, or arXiv metadata (OAI snapshot) lines.

A `.json` file holds one array of rows or an API answer `{"notes": [...]}`; a `.jsonl` file one row a line.
Each row is read by the parser its fields call for, so one file may mix them.
"""

from __future__ import annotations

import json

from rag.corpus.formats import arxiv, openreview
from rag.corpus.records import Raw, parse_records


def parse_jsonl(text: str, name: str, warnings: list[str]) -> list[Raw]:
    return _papers(_lines(text, name, warnings), name, warnings)


def parse_json(text: str, name: str, warnings: list[str]) -> list[Raw]:
    return _papers(_rows(text, name, warnings), name, warnings)


def _papers(rows: list[dict | None], name: str, warnings: list[str]) -> list[Raw]:
    raws: list[Raw] = []
    plain: list[dict | None] = []
    for position, row in enumerate(rows, start=1):
        kind = kind_of(row) if row is not None else ""
        if kind == "OpenReview":
            raws += openreview.parse_note(row, position, name, warnings)
        elif kind == "arXiv":
            raws += arxiv.parse_row(row, position, name, warnings)
        plain.append(row if kind == "JSONL" else None)  # keeps positions: None rows are skipped
    if any(plain):
        raws += parse_records(plain, name, warnings)
    return sorted(raws, key=lambda r: r.position)


def kind_of(row: dict) -> str:
    """'OpenReview' for a v2 note, 'arXiv' for an OAI metadata row, else 'JSONL' (plain fields)."""
    if isinstance(row.get("content"), dict):
        return "OpenReview"
    if "categories" in row and "id" in row and ("authors_parsed" in row or "update_date" in row):
        return "arXiv"
    return "JSONL"


def kind_of_text(head: str) -> str:
    """The kind of the first complete row in the start of a file, or '' when none can be read."""
    text = head.lstrip()
    if text.startswith("[") or text.startswith("{\"notes\""):
        try:
            rows = _rows(text, "", [])
        except ValueError:
            rows = []
        if not rows:  # a big .json cut mid-way: guess from its field names
            return "OpenReview" if '"content"' in text else ""
    else:
        rows = []
        for line in text.split("\n")[:5]:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            rows.append(row if isinstance(row, dict) else None)
    row = next((r for r in rows if r), None)
    return kind_of(row) if row else ""


def _rows(text: str, name: str, warnings: list[str]) -> list[dict | None]:
    """A `.json` file: one document, or JSON lines saved under that name."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":
            return _lines(text, name, warnings)
    except (ValueError, RecursionError):
        pass
    return _document(text, name, warnings)


def _document(text: str, name: str, warnings: list[str]) -> list[dict | None]:
    """A whole-file JSON document: an array of rows, `{"notes": [...]}`, or a single row."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        warnings.append(f"{name}: not valid JSON ({getattr(exc, 'msg', type(exc).__name__)}); skipped")
        return []
    if isinstance(data, dict):
        data = data.get("notes") if isinstance(data.get("notes"), list) else [data]
    if not isinstance(data, list):
        warnings.append(f"{name}: a JSON list of papers was expected; skipped")
        return []
    rows: list[dict | None] = []
    for number, row in enumerate(data, start=1):
        if not isinstance(row, dict):
            warnings.append(f"{name}: item {number} is not a JSON object; skipped")
            row = None
        rows.append(row)
    return rows


def _lines(text: str, name: str, warnings: list[str]) -> list[dict | None]:
    rows: list[dict | None] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            warnings.append(f"{name}: line {number} is not valid JSON ({exc.msg}); skipped")
            rows.append(None)
            continue
        except (ValueError, RecursionError) as exc:  # a 5,000-digit number, nesting deeper than Python's stack
            problem = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).split(";")[0]
            warnings.append(f"{name}: line {number} cannot be read ({problem}); skipped")
            rows.append(None)
            continue
        if not isinstance(row, dict):
            warnings.append(f"{name}: line {number} is not a JSON object; skipped")
            row = None
        rows.append(row)
    return rows
