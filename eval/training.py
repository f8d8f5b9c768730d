"""Labelled examples for fitting the abstention model (`make tune`): tune parts only, never a test item.

Each row: `source`, `id`, `question` (with `turns` for a follow-up: ask them in order), `index` (a name
for `eval.corpora.settings_for`), `venue` / `year` filters, `abstain` (what a right answer does) and
`gold` (our paper ids, in that index, that a right answer cites; empty when it should abstain).

Sources: the dev questions; SciFact train claims and the PubMedQA tune half, each over its own index;
cross-domain negatives (those two asked of the shipped collection, dev questions asked of PubMedQA);
leave-one-out negatives (dev single-paper questions asked without their gold paper). Chinese questions
are left out: in the default mode they get a message of their own, and with the multilingual embedder the
ranking answers them unscored (rag/answer/decide.py). With the multilingual embedder the SciFact claims
run over `scifact-train-subset` (TRAIN_SUBSET abstracts), since e5 takes hours to index all of SciFact here.

Features are the answerer's business: ask or search with `index_settings(row["index"], embedder)` (rows come
grouped by index, so each leave-one-out index is built once). `python -m eval.training` writes
eval/.cache/training-rows.jsonl.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from functools import lru_cache
from pathlib import Path

import rag
from rag.corpus.papers import load_papers
from rag.settings import Settings

from .corpora import CACHE, LOO_PREFIX, _pubmedqa_corpus, settings_for
from .datasets import SCIFACT, own_questions, pubmedqa_items, scifact_gold_subset, scifact_queries
from .external import LOO_KINDS

ABSTAIN_KINDS = ("out-of-scope", "not-reported", "filter-excluded")  # a right answer abstains (cites no answer)
SKIPPED_KINDS = ("chinese",)


SUBSET_INDEX = "scifact-train-subset"
# abstracts in the multilingual SciFact index: the gold abstracts of the train claims plus random others (seed 0);
# e5 indexes ~2 abstracts a second on a free core, so all 5,183 take hours on the shared machine, 1,500 minutes
TRAIN_SUBSET = 1500


def train_subset() -> Path:
    """SciFact's train claims' gold abstracts plus random others, TRAIN_SUBSET in all, as a JSONL (written once)."""
    return scifact_gold_subset("train", TRAIN_SUBSET, CACHE / "scifact-subset" / f"train-{TRAIN_SUBSET}.jsonl")


_subset_built: set[str] = set()


def index_settings(name: str, embedder: str = "local") -> Settings:
    """`eval.corpora.settings_for`, plus the SciFact train subset the multilingual rows use."""
    if name != SUBSET_INDEX:
        return settings_for(name, embedder)
    settings = Settings(index_dir=CACHE / f"{SUBSET_INDEX}-{embedder}", embedder=embedder, openai_api_key=None,
                        openai_base_url=None)
    if embedder not in _subset_built:
        rag.ingest([train_subset()], settings=settings, progress=sys.stderr.isatty())
        _subset_built.add(embedder)
    return settings


@lru_cache(maxsize=None)
def _ids_by_external(corpus: str) -> dict[str, str]:
    path = {"scifact": SCIFACT / "corpus.jsonl", "pubmedqa": _pubmedqa_corpus(),
            SUBSET_INDEX: train_subset()}[corpus]
    return {p.external_id: p.id for p in load_papers([path]).papers}


def _row(source, item_id, question, index, abstain, gold=(), **extra) -> dict:
    return {"source": source, "id": item_id, "question": question, "index": index, "venue": None, "year": None,
            "abstain": abstain, "gold": [] if abstain else sorted(gold), **extra}


def dev_rows() -> list[dict]:
    rows = []
    for q in own_questions("dev"):
        if q["kind"] in SKIPPED_KINDS:
            continue
        abstain = q["kind"] in ABSTAIN_KINDS
        extra = {"kind": q["kind"], "venue": q.get("venue"), "year": q.get("year"),
                 "named": q["gold"] if abstain else []}  # the paper a not-reported / filtered answer names
        if q.get("turns"):
            extra["turns"] = q["turns"]
        rows.append(_row("dev", q["qid"], q["question"], "shipped", abstain, q["gold"], **extra))
    return rows


def scifact_rows(index: str = "scifact") -> list[dict]:
    ids = _ids_by_external(index)
    return [_row("scifact-train", qid, claim, index, False, [ids[g] for g in gold if g in ids])
            for qid, claim, gold in scifact_queries("train")]


def pubmedqa_rows() -> list[dict]:
    ids = _ids_by_external("pubmedqa")
    return [_row("pubmedqa-tune", i["pmid"], i["question"], "pubmedqa", False, [ids[i["pmid"]]])
            for i in pubmedqa_items() if not i["test"]]


def cross_domain_rows() -> list[dict]:
    rows = [_row("pubmedqa-tune→shipped", i["pmid"], i["question"], "shipped", True)
            for i in pubmedqa_items() if not i["test"]]
    rows += [_row("scifact-train→shipped", qid, claim, "shipped", True) for qid, claim, _ in scifact_queries("train")]
    rows += [_row("dev→pubmedqa", q["qid"], q["question"], "pubmedqa", True)
             for q in own_questions("dev") if q["gold"] and q["kind"] not in SKIPPED_KINDS]
    return rows


def leave_one_out_rows() -> list[dict]:
    qs = [q for q in own_questions("dev") if q["kind"] in LOO_KINDS and len(q["gold"]) == 1]
    return [_row("dev-leave-one-out", q["qid"], q["question"], LOO_PREFIX + q["gold"][0], True,
                 kind=q["kind"], venue=q.get("venue"), year=q.get("year"))
            for q in sorted(qs, key=lambda q: q["gold"][0])]


# With the multilingual embedder, questions kept of each public source (seed 0; the dev questions and their
# leave-one-out rows are all kept): e5 embeds a question and its candidates' sentences in 1-2 s on the shared
# machine (load average 10), so all ~3,000 public ones take over an hour
MULTILINGUAL_SAMPLE = 120
KEPT_WHOLE = ("dev", "dev-leave-one-out")


def _sampled(rows: list[dict]) -> list[dict]:
    by_source: dict[str, list[dict]] = {}
    for row in rows:
        by_source.setdefault(row["source"], []).append(row)
    out = []
    for source, items in by_source.items():
        out += items if source in KEPT_WHOLE else random.Random(0).sample(items, min(MULTILINGUAL_SAMPLE, len(items)))
    return out


def training_rows(embedder: str = "local") -> list[dict]:
    """Every labelled example of the tune parts, grouped by index (with the multilingual embedder, a sample of
    each public source's)."""
    if embedder == "multilingual":
        rows = _sampled(dev_rows() + scifact_rows(SUBSET_INDEX) + pubmedqa_rows() + cross_domain_rows()
                        + leave_one_out_rows())
        return sorted(rows, key=lambda r: r["index"])
    rows = dev_rows() + scifact_rows() + pubmedqa_rows() + cross_domain_rows() + leave_one_out_rows()
    return sorted(rows, key=lambda r: r["index"])  # stable: the order within an index is kept


def main() -> int:
    rows = training_rows()
    path = CACHE / "training-rows.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    counts = Counter((r["source"], r["abstain"]) for r in rows)
    for (source, abstain), n in sorted(counts.items()):
        print(f"{source:24} abstain={abstain!s:5} {n}")
    print(f"{len(rows)} rows → {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
