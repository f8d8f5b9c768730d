"""The question sets `make eval-llm` asks, per split: (set, qid, kind, question, gold ids, facts) rows.

`dev` is for choosing the prompt, the source count and what the model reads: the answer-eval dev split, SciFact
train claims and the PubMedQA half outside test_ground_truth.json. `test` is only reported: the answer-eval
test split, SciFact test claims and the PubMedQA test half.
"""

from __future__ import annotations

import json
from pathlib import Path

from .datasets import PUBMEDQA, SCIFACT, own_questions, scifact_queries

SPLITS = ("dev", "test")


def own_set(split: str, limit: int | None, outside: int | None = None, chinese: int = 0) -> list[dict]:
    """Up to `outside` out-of-scope questions (all by default), single-paper fact and paraphrase questions
    (alternating, so a subset has both), then `chinese` questions asked in Chinese."""
    questions = [q for q in own_questions(split) if not q.get("venue") and not q.get("year")]
    facts = [q for q in questions if q["kind"] == "fact" and len(q["gold"]) == 1]
    paraphrases = [q for q in questions if q["kind"] == "paraphrase" and len(q["gold"]) == 1]
    inside = [q for pair in zip(facts, paraphrases) for q in pair] + facts[len(paraphrases):] + paraphrases[len(facts):]
    oos = [q for q in questions if q["kind"] == "out-of-scope"]
    foreign = [q for q in questions if q["kind"] == "chinese" and q["gold"]]
    # out-of-scope first: few reach the model, so a run stopped early for time still has all of them
    chosen = oos[:outside] + inside[:limit] + foreign[:chinese]
    return [{"set": "own", "qid": q["qid"], "kind": q["kind"], "question": q["question"], "gold": q["gold"],
             "facts": q["facts"]} for q in chosen]


def scifact_set(split: str, limit: int) -> list[dict]:
    part = "train" if split == "dev" else "test"
    return [{"set": "scifact", "qid": qid, "kind": "claim", "question": text, "gold": sorted(gold), "facts": []}
            for qid, text, gold in scifact_queries(part)[:limit]]


def pubmedqa_set(split: str, limit: int) -> list[dict]:
    items = json.loads((PUBMEDQA / "ori_pqal.json").read_text(encoding="utf-8"))
    test = list(json.loads((PUBMEDQA / "test_ground_truth.json").read_text(encoding="utf-8")))
    chosen = test if split == "test" else [p for p in items if p not in set(test)]
    return [{"set": "pubmedqa", "qid": pmid, "kind": "question", "question": items[pmid]["QUESTION"],
             "gold": [pmid], "facts": []} for pmid in chosen[:limit]]


def write_corpus(folder: Path, name: str, questions: list[dict], distractors: int) -> Path:
    """A JSONL paper list of the questions' gold abstracts and `distractors` others."""
    gold = {g for q in questions for g in q["gold"]}
    rows = []
    if name == "scifact":
        with open(SCIFACT / "corpus.jsonl", encoding="utf-8") as fh:
            for line in fh:
                doc = json.loads(line)
                if doc["_id"] in gold or (distractors > 0 and len(rows) - len(gold) < distractors):
                    rows.append({"_id": doc["_id"], "title": doc["title"], "text": doc["text"], "venue": "SciFact"})
    else:
        items = json.loads((PUBMEDQA / "ori_pqal.json").read_text(encoding="utf-8"))
        others = [p for p in items if p not in gold][:distractors]
        for pmid in sorted(gold) + others:
            rows.append({"_id": pmid, "text": " ".join(items[pmid]["CONTEXTS"]), "venue": "PubMedQA",
                         "year": int(items[pmid]["YEAR"]) if str(items[pmid].get("YEAR", "")).isdigit() else None})
    path = folder / name / f"{name}.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path.parent
