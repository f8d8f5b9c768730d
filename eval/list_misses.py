"""Where a topic list loses its gold papers: dev lists only (eval/questions/dev.jsonl, kind `list`).

Each dev list is replayed as the answerer runs it (understand → its topic searched over the list's pool →
rag.answer.decide.decide), and every gold paper the answer does not cite is put in one of three places:

- **abstained**: the list answered nothing (its best paper's calibrated score is below the model's threshold);
- **cut**: retrieved in the pool but not kept by the cut-off (rag/answer/lists.py `kept`);
- **not retrieved**: outside the pool; its rank in `rag.search` on the same topic says how far.

The report also gives how well search ranks the topic (MAP over the pool) and the best F1 any top-n cut of that
ranking could reach (the ceiling of a cut-off, all lists opened and with the shipped opening), beside the list F1
the answerer gets. `python -m eval.list_misses` writes eval/results/list-misses.md. Never run on the test split.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

import rag
from rag.answer.decide import decide
from rag.answer.lists import searched
from rag.answer.understand import understand
from rag.retrieval.hybrid import hybrid_search, query_vector
from rag.retrieval.spelling import correct

from .corpora import settings_for
from .datasets import own_questions
from .metrics import mean
from .run import publish
from .scoring import set_prf


def replay(settings) -> list[dict]:
    """One row per dev list: its topic, the pool in retrieval's order, the cited papers, the gold set, and each
    gold paper's rank (0-based) in search over the whole collection on the same topic."""
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    rows = []
    for q in own_questions("dev"):
        if q["kind"] != "list":
            continue
        question = understand(correct(q["question"], snapshot), None, snapshot, q.get("venue"), q.get("year"))
        text, k = searched(question, settings.answer.k)
        vector = query_vector(index, text)
        hits = hybrid_search(index, text, k, venue=question.venue, year=question.year, settings=settings,
                             snapshot=snapshot, vector=vector)
        d = decide(index, snapshot, question, hits, vector) if hits else None
        ranked = [h.paper.id for h in hybrid_search(index, text, len(snapshot.papers), venue=question.venue,
                                                    year=question.year, settings=settings, snapshot=snapshot)]
        rows.append({"qid": q["qid"], "topic": text, "routed": question.kind, "gold": set(q["gold"]),
                     "pool": [h.paper.id for h in d.hits] if d else [],
                     "cited": [s.hit.paper.id for s in d.sources] if d and d.verdict == "answer" else [],
                     "search_rank": {g: ranked.index(g) if g in ranked else None for g in q["gold"]}})
    return rows


def misses(row: dict) -> list[tuple[str, str]]:
    """(gold paper, where it was lost) for each gold paper the list does not cite."""
    lost = []
    for paper in sorted(row["gold"] - set(row["cited"])):
        if not row["cited"]:
            lost.append((paper, "abstained"))
        elif paper in row["pool"]:
            lost.append((paper, "cut"))
        else:
            lost.append((paper, "not retrieved"))
    return lost


def best_cut_f1(ranked: list[str], gold: set[str]) -> float:
    """The best F1 a cut after the first n papers of `ranked` reaches (n from 1 to all)."""
    return max((set_prf(set(ranked[:n]), gold)[2] for n in range(1, len(ranked) + 1)), default=0.0)


def average_precision(ranked: list[str], gold: set[str]) -> float:
    """Average precision of `ranked` against the complete gold set (gold papers outside it count as missed)."""
    found, total = 0, 0.0
    for i, paper in enumerate(ranked):
        if paper in gold:
            found += 1
            total += found / (i + 1)
    return total / len(gold) if gold else 0.0


def report(rows: list[dict]) -> str:
    prf = [set_prf(set(r["cited"]), r["gold"]) for r in rows]
    lost = [(r, paper, where) for r in rows for paper, where in misses(r)]
    places = Counter(where for _r, _p, where in lost)
    opened = [r for r in rows if r["cited"]]
    lines = ["# Where topic lists lose their gold papers (dev lists)", "",
             f"Written {time.strftime('%Y-%m-%d %H:%M')} by `python -m eval.list_misses`: {len(rows)} dev lists "
             f"(kind `list`; {sum(r['routed'] != 'list' for r in rows)} not routed as lists), "
             f"{sum(len(r['gold']) for r in rows)} gold papers. The test split is never used here.", "",
             "| figure | value |", "|---|---:|",
             f"| list F1 / precision / recall | {mean([x[2] for x in prf]):.3f} / {mean([x[0] for x in prf]):.3f} / "
             f"{mean([x[1] for x in prf]):.3f} |",
             f"| lists that answer nothing | {len(rows) - len(opened)} |",
             f"| search's ranking of the topic over the pool: MAP | "
             f"{mean([average_precision(r['pool'], r['gold']) for r in rows]):.3f} |",
             f"| best top-n cut of that ranking: F1, every list answered | "
             f"{mean([best_cut_f1(r['pool'], r['gold']) for r in rows]):.3f} |",
             f"| best top-n cut, lists that answer nothing at 0 | "
             f"{mean([best_cut_f1(r['pool'], r['gold']) if r['cited'] else 0.0 for r in rows]):.3f} |", "",
             "Gold papers not cited, by where they were lost:", "",
             "| abstained | cut | not retrieved |", "|---:|---:|---:|",
             f"| {places['abstained']} | {places['cut']} | {places['not retrieved']} |", "",
             "| list | topic searched | gold paper | lost | rank in search on the topic |", "|---|---|---|---|---:|"]
    for r, paper, where in lost:
        rank = r["search_rank"].get(paper)
        topic = r["topic"].replace("|", "\\|")  # a table cell
        lines.append(f"| {r['qid']} | {topic} | {paper} | {where} | {'—' if rank is None else rank + 1} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    publish("list-misses.md", report(replay(settings_for("shipped"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
