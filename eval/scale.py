"""Benchmark corpora built from data on disk, no downloads: the shipped 70, SciFact's 5,183, and up to
100,000 papers made of the real SciFact and PubMedQA abstracts (6,183 distinct texts) replicated.

Replica r of an abstract is a paper of its own: venue "SciFact-R07" / "PubMedQA-R07", its own id, and
one word wrapped in LaTeX emphasis (`\\emph{word}`), as a re-export of the same list with different
markup would have it. paperchat strips that markup, so a replica's indexed text and chunk windows are
exactly the original's: it costs no embedding (the embedding cache serves it) yet counts as a distinct
paper everywhere else (the ingest keeps identical abstracts only once, so byte-identical copies would
collapse). Replica 0 is the original text.

    python -m eval.scale --sizes 70,5183,100000   # writes eval/.cache/corpus-*/ and prints the paths
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from rag.corpus.text import clean_markup

from .datasets import ROOT, SCIFACT, SHARED

CACHE = Path(__file__).resolve().parent / ".cache"
PUBMEDQA = SHARED / "benchmarks" / "pubmedqa" / "ori_pqal.json"
SCIFACT_YEAR = 2025  # SciFact's corpus has no years; one fixed year keeps "VENUE YEAR" filters usable
_WORD = re.compile(r"(?<![\\\w{}$])[A-Za-z]{4,}(?![\w{}$])")


@dataclass(frozen=True)
class Source:
    """One distinct abstract, as read from the benchmark files."""

    family: str  # "SciFact" | "PubMedQA"
    id: str
    title: str
    text: str
    year: int  # 0 when the source gives none


def sources() -> list[Source]:
    """The 6,183 distinct abstracts: SciFact's corpus, then PubMedQA's 1,000 labelled items."""
    out = []
    with open(SCIFACT / "corpus.jsonl", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)  # corpus rows only: the claims and their answer key are never read
            out.append(Source("SciFact", row["_id"], row["title"], row["text"], SCIFACT_YEAR))
    items = json.loads(PUBMEDQA.read_text(encoding="utf-8"))
    for pmid, item in items.items():
        # the abstract's parts only: the question, labels and answers stay out
        out.append(Source("PubMedQA", pmid, "", " ".join(item["CONTEXTS"]), int(item.get("YEAR") or 0)))
    return out


def replica_text(text: str, replica: int) -> str:
    """The abstract with its `replica`-th plain word emphasised; identical once the markup is stripped."""
    if replica == 0:
        return text
    words = list(_WORD.finditer(text))
    for offset in range(len(words)):
        match = words[(replica - 1 + offset) % len(words)]
        marked = f"{text[:match.start()]}\\emph{{{match.group(0)}}}{text[match.end():]}"
        if clean_markup(marked) == clean_markup(text):
            return marked
    raise ValueError(f"no word of this abstract can carry replica markup: {text[:60]!r}")


def rows(size: int, base: list[Source]) -> Iterator[tuple[int, Source, dict]]:
    """The first `size` papers in replica order: all of replica 0, then all of replica 1, …"""
    for n in range(size):
        replica, src = divmod(n, len(base))
        source = base[src]
        row = {
            "_id": source.id if replica == 0 else f"{source.id}~R{replica:02d}",
            "title": source.title,
            "abstract": replica_text(source.text, replica),
            "venue": f"{source.family}-R{replica:02d}",
            "year": source.year or None,
        }
        yield replica, source, row


def build_scaled(size: int, root: Path = CACHE) -> Path:
    """A folder of `.jsonl` lists, one per family and replica, holding `size` papers; reused if complete."""
    folder = root / f"corpus-{size}"
    done = folder / ".complete"
    if done.exists():
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.jsonl"):
        old.unlink()
    handles: dict[tuple[int, str], object] = {}
    try:
        for replica, source, row in rows(size, sources()):
            key = (replica, source.family)
            if key not in handles:
                handles[key] = open(folder / f"r{replica:02d}-{source.family.lower()}.jsonl", "w", encoding="utf-8")
            handles[key].write(json.dumps(row, ensure_ascii=False) + "\n")
    finally:
        for fh in handles.values():
            fh.close()
    done.write_text(str(size))
    return folder


def corpus_paths(size: int) -> list[Path]:
    """What to ingest for a benchmark size: 70 = the shipped data, 5,183 = SciFact, else a scaled corpus."""
    if size == 70:
        return [ROOT / "data"]
    if size == 5183:
        return [SCIFACT / "corpus.jsonl"]
    return [build_scaled(size)]


def distinct_size() -> int:
    return len(sources())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="70,5183,100000", help="comma-separated corpus sizes")
    args = parser.parse_args(argv)
    for size in (int(s) for s in args.sizes.split(",")):
        print(size, " ".join(str(p) for p in corpus_paths(size)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
