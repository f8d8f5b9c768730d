"""The evaluation sets: our own questions over the shipped corpus, and BEIR SciFact."""

from __future__ import annotations

import csv
import json
import random
from collections import defaultdict
from pathlib import Path

EVAL_DIR = Path(__file__).resolve().parent
ROOT = EVAL_DIR.parent
# ../shared beside the checkout (a git worktree may sit deeper: the nearest ancestor that has one)
SHARED = next((a / "shared" for a in ROOT.parents if (a / "shared" / "benchmarks").is_dir()), ROOT.parent / "shared")
SCIFACT = SHARED / "benchmarks" / "scifact"
PUBMEDQA = SHARED / "benchmarks" / "pubmedqa"
QUESTIONS_DIR = EVAL_DIR / "questions"
SPLITS = ("dev", "test")
# kinds asked alone whose answer must cite the gold paper(s); with "not-reported", the kinds search must find
ANSWERED = ("fact", "paraphrase", "list", "venue-list", "typo", "compare")
RETRIEVABLE = ANSWERED + ("not-reported",)

# Published nDCG@10 on the SciFact test split (../shared/benchmarks/README.md)
SCIFACT_BASELINES = {
    "BM25 (BEIR paper)": 0.665,
    "BM25 + cross-encoder rerank (BEIR paper)": 0.688,
    "all-MiniLM-L6-v2 (MTEB)": 0.645,
    "bge-small-en-v1.5 (MTEB)": 0.713,
    "bge-base-en-v1.5 (MTEB)": 0.741,
}


def own_questions(split: str = "dev") -> list[dict]:
    """Our questions over the shipped corpus: `dev` tunes and feeds tests, `test` is only reported."""
    if split not in SPLITS:
        raise ValueError(f"unknown question split {split!r}; use one of {SPLITS}")
    with open(QUESTIONS_DIR / f"{split}.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def retrieval_questions(split: str = "dev", kinds: tuple[str, ...] = RETRIEVABLE) -> list[dict]:
    """The questions of `split` whose gold papers a search (or an answer) must find, asked alone."""
    return [q for q in own_questions(split) if q["kind"] in kinds and q["gold"]]


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


def scifact_rationales() -> dict[str, dict[str, list[str]]]:
    """Answer key, for scoring only: claim id → gold doc id → the text of its rationale sentences."""
    sentences: dict[str, list[str]] = {}
    with open(SCIFACT / "extras" / "corpus_sentences.jsonl", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            sentences[str(row["doc_id"])] = row["abstract"]
    key: dict[str, dict[str, list[str]]] = {}
    with open(SCIFACT / "queries.jsonl", encoding="utf-8") as fh:
        for line in fh:
            q = json.loads(line)
            for doc, evidence in (q.get("metadata") or {}).items():
                found = sentences.get(str(doc), [])
                indices = sorted({i for e in evidence for i in e["sentences"]})
                key.setdefault(q["_id"], {})[str(doc)] = [found[i] for i in indices if i < len(found)]
    return key


def pubmedqa_available() -> bool:
    return (PUBMEDQA / "ori_pqal.json").exists()


def pubmedqa_items() -> list[dict]:
    """PubMedQA PQA-L: {pmid, question, context (the CONTEXTS joined), test}; `test` = in the official test split."""
    with open(PUBMEDQA / "ori_pqal.json", encoding="utf-8") as fh:
        items = json.load(fh)
    with open(PUBMEDQA / "test_ground_truth.json", encoding="utf-8") as fh:
        test = set(json.load(fh))
    return [{"pmid": pmid, "question": item["QUESTION"], "context": " ".join(item["CONTEXTS"]), "test": pmid in test}
            for pmid, item in items.items()]


def scifact_gold_subset(split: str, size: int, path: Path) -> Path:
    """A SciFact corpus of `size` abstracts at `path`: the gold abstracts of `split`'s claims plus random others
    (seed 0), for indexes too slow to build over all 5,183 (the multilingual embedder). Written once."""
    if path.exists():
        return path
    gold = {g for _qid, _text, golds in scifact_queries(split) for g in golds}
    with open(SCIFACT / "corpus.jsonl", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    others = [r["_id"] for r in rows if r["_id"] not in gold]
    keep = gold | set(random.Random(0).sample(others, max(size - len(gold), 0)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows if r["_id"] in keep), encoding="utf-8")
    return path
