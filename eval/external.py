"""Answer checks on data nobody on the team wrote (issue 11), each with a tune part and a report part.

`python -m eval.external` (part of `make eval`) runs, in extractive mode:

- **SciFact**: claims over the SciFact index. Is a gold abstract cited, and is a quote of it one of its
  gold rationale sentences? Tune = the train claims, report = the test claims.
- **PubMedQA**: the 1,000 contexts joined as abstracts (no titles); each QUESTION asked. Is its own
  abstract cited, and is it [1]? Tune = the 500 outside test_ground_truth.json, report = the 500 in it.
- **Cross-domain**: PubMedQA questions and SciFact claims asked of the shipped ML collection, and our
  own questions (those with gold papers) asked of the PubMedQA index. All must abstain.
- **Leave-one-out**: each single-paper question (fact, paraphrase, typo) asked of the shipped corpus
  without its gold paper. It must abstain, or cite no paper. Tune = dev questions, report = test.

Writes eval/results/external.md and external.json (every item's outcome). The answer keys (SciFact's
evidence, PubMedQA's split) are read only to score.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict

import rag
from rag.errors import PaperchatError

from .corpora import LOO_PREFIX, external_ids, settings_for
from .datasets import (own_questions, pubmedqa_available, pubmedqa_items, scifact_available, scifact_queries,
                       scifact_rationales)
from .external_report import to_markdown
from .metrics import mean, percentile
from .run import RESULTS

PARTS = ("tune", "report")
LOO_KINDS = ("fact", "paraphrase", "typo")
SCIFACT_SPLIT = {"tune": "train", "report": "test"}
QUESTION_SPLIT = {"tune": "dev", "report": "test"}


def ask(text: str, settings, venue=None, year=None) -> dict:
    """One extractive answer, reduced to what the checks score (and the seconds it took)."""
    started = time.perf_counter()
    try:
        answer = rag.ask(text, venue=venue, year=year, settings=settings)
    except PaperchatError as exc:
        return {"abstained": False, "cited": [], "quotes": {}, "error": f"{type(exc).__name__}: {exc}",
                "seconds": time.perf_counter() - started}
    return {"abstained": answer.abstained, "cited": [c.paper.id for c in answer.citations],
            "quotes": {c.paper.id: list(c.quotes) for c in answer.citations}, "error": "",
            "seconds": time.perf_counter() - started}


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def quotes_rationale(quotes: list[str], rationale: list[str]) -> bool:
    """A quote is a rationale sentence (one contains the other, whitespace and case aside)."""
    wanted = [_norm(r) for r in rationale if len(r.strip()) >= 20]
    return any(r in _norm(q) or (len(_norm(q)) >= 20 and _norm(q) in r) for q in quotes for r in wanted)


def rationale_outcome(quotes_by_doc: dict[str, list[str]], rationales: dict[str, list[str]]) -> tuple[bool, bool]:
    """(scorable, quoted) for one answer: `quotes_by_doc` holds the quotes of each gold abstract it cites.
    It is scorable when one of them has gold rationale sentences in the key: SciFact's NOT ENOUGH INFO claims
    (304 of the 809 train, 112 of the 300 test) name the abstract they were written from but no sentence of it,
    so no quote of it can count."""
    scorable = [doc for doc in quotes_by_doc if rationales.get(doc)]
    return bool(scorable), any(quotes_rationale(quotes_by_doc[doc], rationales[doc]) for doc in scorable)


def scifact(part: str) -> dict:
    settings = settings_for("scifact")
    ext = external_ids(settings)
    key = scifact_rationales()
    rows = []
    for qid, claim, gold in scifact_queries(SCIFACT_SPLIT[part]):
        got = ask(claim, settings)
        cited_gold = [pid for pid in got["cited"] if ext.get(pid) in gold]
        scorable, rationale = rationale_outcome({ext[pid]: got["quotes"][pid] for pid in cited_gold}, key.get(qid, {}))
        top = rag.search(claim, k=1, settings=settings)
        rows.append({"id": qid, "gold_cited": bool(cited_gold), "rationale": rationale, "scorable": scorable,
                     "evidence": any(key.get(qid, {}).get(doc) for doc in gold),  # SUPPORT/CONTRADICT, not NEI
                     "abstained": got["abstained"], "search_top1": bool(top and top[0].paper.external_id in gold),
                     "seconds": got["seconds"]})
    cited = [r for r in rows if r["gold_cited"]]
    return {"n": len(rows), "gold_cited": mean([r["gold_cited"] for r in rows]),
            "rationale_of_cited": mean([r["rationale"] for r in cited]), "n_cited": len(cited),
            "rationale_of_scorable": mean([r["rationale"] for r in rows if r["scorable"]]),
            "n_scorable": sum(r["scorable"] for r in rows),
            "rationale": mean([r["rationale"] for r in rows]), "abstained": mean([r["abstained"] for r in rows]),
            "search_top1": mean([r["search_top1"] for r in rows]), **by_evidence(rows),
            "p50_ms": 1000 * percentile([r["seconds"] for r in rows], 50), "rows": rows}


def by_evidence(rows: list[dict]) -> dict:
    """Gold cited, abstained and search's first, apart for the claims with evidence in their abstracts and the
    NOT ENOUGH INFO ones (whose qrels abstract is the one the claim was written from, but says nothing on it)."""
    out = {}
    for suffix, wanted in (("evidence", True), ("nei", False)):
        part = [r for r in rows if r["evidence"] is wanted]
        out[f"n_{suffix}"] = len(part)
        out.update({f"{field}_{suffix}": mean([r[field] for r in part]) for field in ("gold_cited", "abstained", "search_top1")})
    return out


def pubmedqa(part: str) -> dict:
    settings = settings_for("pubmedqa")
    ext = external_ids(settings)
    rows = []
    for item in [i for i in pubmedqa_items() if i["test"] == (part == "report")]:
        got = ask(item["question"], settings)
        cited = [ext.get(pid) for pid in got["cited"]]
        top = rag.search(item["question"], k=1, settings=settings)
        rows.append({"id": item["pmid"], "gold_cited": item["pmid"] in cited,
                     "gold_first": bool(cited) and cited[0] == item["pmid"], "abstained": got["abstained"],
                     "search_top1": bool(top and top[0].paper.external_id == item["pmid"]), "seconds": got["seconds"]})
    return {"n": len(rows), **{k: mean([r[k] for r in rows]) for k in ("gold_cited", "gold_first", "abstained",
                                                                       "search_top1")},
            "p50_ms": 1000 * percentile([r["seconds"] for r in rows], 50), "rows": rows}


def cross_domain_questions(part: str) -> list[tuple[str, str, str]]:
    """(source, id, text) asked of another domain's index: the index is in the source's name."""
    out = [("pubmedqa→shipped", i["pmid"], i["question"]) for i in pubmedqa_items() if i["test"] == (part == "report")]
    out += [("scifact→shipped", qid, claim) for qid, claim, _gold in scifact_queries(SCIFACT_SPLIT[part])]
    out += [("ours→pubmedqa", q["qid"], q["question"]) for q in own_questions(QUESTION_SPLIT[part]) if q["gold"]]
    return out


def cross_domain(part: str) -> dict:
    rows = []
    for source, item_id, text in cross_domain_questions(part):
        got = ask(text, settings_for(source.split("→")[1]))
        rows.append({"source": source, "id": item_id, "abstained": got["abstained"],
                     "cited_answer": bool(got["cited"]) and not got["abstained"]})
    by_source = defaultdict(list)
    for r in rows:
        by_source[r["source"]].append(r)
    return {"n": len(rows), "abstained": mean([r["abstained"] for r in rows]),
            "cited_answer": mean([r["cited_answer"] for r in rows]),
            "by_source": {s: {"n": len(rs), "abstained": mean([r["abstained"] for r in rs])} for s, rs in by_source.items()},
            "rows": rows}


def loo_questions(split: str) -> list[dict]:
    return [q for q in own_questions(split) if q["kind"] in LOO_KINDS and len(q["gold"]) == 1]


def leave_one_out(part: str) -> dict:
    rows = []
    questions = sorted(loo_questions(QUESTION_SPLIT[part]), key=lambda q: q["gold"][0])  # one rebuild per paper
    for q in questions:
        got = ask(q["question"], settings_for(LOO_PREFIX + q["gold"][0]), q.get("venue"), q.get("year"))
        rows.append({"id": q["qid"], "kind": q["kind"], "abstained": got["abstained"],
                     "passed": got["abstained"] or not got["cited"], "cited": got["cited"], "error": got["error"]})
    return {"n": len(rows), "papers": len({q["gold"][0] for q in questions}),
            "passed": mean([r["passed"] for r in rows]), "abstained": mean([r["abstained"] for r in rows]),
            "rows": rows}


CHECKS = {"scifact": (scifact, scifact_available), "pubmedqa": (pubmedqa, pubmedqa_available),
          "cross-domain": (cross_domain, lambda: scifact_available() and pubmedqa_available()),
          "leave-one-out": (leave_one_out, lambda: True)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checks", nargs="+", choices=list(CHECKS), default=list(CHECKS))
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    args = parser.parse_args(argv)
    saved = RESULTS / "external.json"
    result: dict = {}
    for name in args.checks:
        run, available = CHECKS[name]
        if not available():
            print(f"skipped {name}: its data is not in ../shared/benchmarks", file=sys.stderr)
            continue
        for part in args.parts:
            started = time.perf_counter()
            result.setdefault(name, {})[part] = run(part)
            result[name][part]["measured"] = time.strftime("%Y-%m-%d %H:%M")
            result[name][part]["load_average"] = os.getloadavg()[0]  # other jobs on the shared cores
            print(f"{name} {part}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    # checks not run now keep their last results (read at the end: another run may have written meanwhile)
    earlier = json.loads(saved.read_text(encoding="utf-8")) if saved.exists() else {}
    for name, parts in result.items():
        earlier.setdefault(name, {}).update(parts)
    result = earlier
    RESULTS.mkdir(exist_ok=True)
    saved.write_text(json.dumps(result, indent=1), encoding="utf-8")
    (RESULTS / "external.md").write_text(to_markdown(result), encoding="utf-8")
    print(to_markdown(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
