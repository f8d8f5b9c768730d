"""Tools for a helper session writing a question set from the abstracts alone (eval/questions/SPEC.md).

    python -m eval.check_set --papers /work/notes/papers.md   # the 70 abstracts, each headed by its paper id
    python -m eval.check_set SET.jsonl                       # check a set; renders LaTeX in its facts in place

A set is checked for its fields, its gold ids, follow-up turns, and facts that occur in their gold paper's text
as the product renders it (`clean_markup`: a fact copied with `$\\times$` becomes "×"). Sets written on a machine
are lost with it, so this and the spec live in the repository (session 25 had to write both again).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rag.corpus.papers import load_papers
from rag.corpus.text import clean_markup
from rag.safety import terminal_text

from .datasets import ROOT

KINDS = frozenset({"fact", "paraphrase", "list", "venue-list", "not-reported", "filter-excluded", "out-of-scope",
                   "typo", "chinese", "compare", "followup"})


def shipped_papers() -> dict:
    return {p.id: p for p in load_papers(sorted((ROOT / "data").glob("*"))).papers}


def write_papers(path: Path, papers: dict) -> None:
    """Every abstract as written, headed by its id, venue and the title the product derives."""
    blocks = [f"## {p.id}\nvenue: {p.venue} {p.year}\ntitle (derived by the product, may be imperfect): {p.title}\n\n"
              f"{p.abstract}\n" for p in papers.values()]
    path.write_text("\n".join(blocks), encoding="utf-8")


def _in_text(fact: str, ids: list[str], papers: dict) -> bool:
    return any(fact.lower() in papers[i].text.lower() for i in ids if i in papers)


def problems(q: dict, papers: dict) -> list[str]:
    """What is wrong with one row (its facts already rendered)."""
    found = []
    if q.get("kind") not in KINDS:
        found.append(f"kind {q.get('kind')!r}")
    found += [f"unknown gold id {g}" for g in q.get("gold", []) if g not in papers]
    if q.get("kind") == "out-of-scope" and q.get("gold"):
        found.append("out-of-scope with gold")
    if q.get("kind") != "out-of-scope" and not q.get("gold"):
        found.append("no gold")
    if q.get("kind") == "followup" and (not q.get("turns") or q["turns"][-1] != q.get("question")):
        found.append("followup: turns missing or last turn != question")
    if "facts_by_paper" in q:
        found += [f"fact {f!r} not in {pid}" for pid, facts in q["facts_by_paper"].items() for f in facts
                  if not _in_text(f, [pid], papers)]
    else:
        found += [f"fact {f!r} not in any gold paper's text" for f in q.get("facts", [])
                  if not _in_text(f, q.get("gold", []), papers)]
    return found


def rendered(q: dict) -> dict:
    q = {**q, "facts": [clean_markup(f).strip() for f in q.get("facts", [])]}
    if "facts_by_paper" in q:
        q["facts_by_paper"] = {pid: [clean_markup(f).strip() for f in fs] for pid, fs in q["facts_by_paper"].items()}
    return q


def check(path: Path, papers: dict) -> int:
    rows = [rendered(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    bad = 0
    for n, q in enumerate(rows, 1):
        found = problems(q, papers)
        if found:
            bad += 1
            # a set's strings are quoted back: a terminal escape in one is shown inert, not acted on
            print(terminal_text(f"line {n} {q.get('qid')}: " + "; ".join(found)))
    path.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in rows), encoding="utf-8")
    print(f"{len(rows)} rows, {bad} with problems")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("set", nargs="?", type=Path, help="a question set (JSONL) to check")
    parser.add_argument("--papers", type=Path, help="write the abstracts, headed by their ids, to this file")
    args = parser.parse_args(argv)
    papers = shipped_papers()
    if args.papers:
        write_papers(args.papers, papers)
    return check(args.set, papers) if args.set else 0


if __name__ == "__main__":
    sys.exit(main())
