"""The evaluation sets: our own questions over the shipped corpus, and BEIR SciFact."""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from pathlib import Path

EVAL_DIR = Path(__file__).resolve().parent
ROOT = EVAL_DIR.parent
SHARED = ROOT.parent / "shared"
SCIFACT = SHARED / "benchmarks" / "scifact"

# Published nDCG@10 on the SciFact test split (../shared/benchmarks/README.md)
SCIFACT_BASELINES = {
    "BM25 (BEIR paper)": 0.665,
    "BM25 + cross-encoder rerank (BEIR paper)": 0.688,
    "all-MiniLM-L6-v2 (MTEB)": 0.645,
    "bge-small-en-v1.5 (MTEB)": 0.713,
    "bge-base-en-v1.5 (MTEB)": 0.741,
}


def own_questions() -> list[dict]:
    with open(EVAL_DIR / "questions.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def scifact_queries(split: str) -> list[tuple[str, str, set[str]]]:
    """(query id, claim text, gold corpus ids) for a split; the answer-key `metadata` is dropped here."""
    gold: dict[str, set[str]] = defaultdict(set)
    with open(SCIFACT / "qrels" / f"{split}.tsv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            if int(row["score"]) > 0:
                gold[row["query-id"]].add(row["corpus-id"])
    queries = []
    with open(SCIFACT / "queries.jsonl", encoding="utf-8") as fh:
        for line in fh:
            q = json.loads(line)
            if q["_id"] in gold:
                queries.append((q["_id"], q["text"], gold[q["_id"]]))
    return queries


def scifact_available() -> bool:
    return (SCIFACT / "corpus.jsonl").exists()
