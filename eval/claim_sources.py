"""How many papers a claim's answer should cite: SciFact *train* claims only (the tune part of eval/external.py).

For each claim the answerer's own decision is replayed (understand → search → rag.answer.decide.decide), then:

- recall@k of a gold abstract among the papers retrieved (what an answer citing the first k could reach), in
  retrieval's order and in the calibrated score's;
- how the calibrated score (rag/answer/abstain.py) of the papers after the best separates gold from not;
- gold cited and papers per answer for the rule that quotes further papers (decide.answering: CLOSE, SECOND_CUT,
  MOST_PAPERS) over a grid, the shipped constants marked. Decisions other than a claim answered from the
  ranking (a named paper, an abstention) keep the shipped outcome.

`python -m eval.claim_sources` writes eval/results/claim-sources.md. Never run on the test claims.
"""

from __future__ import annotations

import sys
import time

import numpy as np

import rag
from rag.answer.abstain import shipped_model
from rag.answer.decide import CLOSE, MOST_PAPERS, SECOND_CUT, answering, decide
from rag.answer.lists import searched
from rag.answer.named import supported_names
from rag.answer.understand import understand
from rag.retrieval.hybrid import hybrid_search, query_vector
from rag.retrieval.spelling import correct

from .corpora import settings_for
from .datasets import scifact_queries
from .metrics import mean
from .run import publish

CLOSES = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0)
CUTS = (0.25, 0.5, 0.75, 1.0)
MOSTS = (2, 3, 4)


def replay(settings) -> list[dict]:
    """One row per train claim: retrieved external ids, calibrated probabilities, the decision's verdict."""
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    rows = []
    for _qid, claim, gold in scifact_queries("train"):
        q = understand(correct(claim, snapshot), None, snapshot)
        text, k = searched(q, settings.answer.k)
        vector = query_vector(index, text)
        hits = hybrid_search(index, text, k, settings=settings, snapshot=snapshot, vector=vector)
        d = decide(index, snapshot, q, hits, vector) if hits else None
        ranked = [h.paper.external_id for h in d.hits] if d else []
        rows.append({"gold": gold, "ranked": ranked, "p": np.array(d.probabilities if d else ()),
                     "verdict": d.verdict if d else "abstain",
                     "ruled": bool(d and (supported_names(q, hits, snapshot).named or q.subject)),
                     "cited": [s.hit.paper.external_id for s in d.sources] if d and d.verdict == "answer" else []})
    return rows


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return np.log(p / (1 - p))


def auc(scores: list[float], labels: list[bool]) -> float:
    """The chance a gold paper scores above a non-gold one (ties count half)."""
    pos = [s for s, y in zip(scores, labels) if y]
    neg = [s for s, y in zip(scores, labels) if not y]
    if not pos or not neg:
        return float("nan")
    a, b = np.array(pos)[:, None], np.array(neg)[None, :]
    return float(((a > b) + 0.5 * (a == b)).mean())


def outcome(rows: list[dict], threshold: float, close: float, cut: float, most: int) -> tuple[float, float]:
    """(gold cited, papers per answer) with the further-paper rule at these constants."""
    cited, papers = [], []
    for r in rows:
        chosen = r["cited"]
        if r["verdict"] == "answer" and not r["ruled"]:  # answered from the ranking: the rule decides
            best = int(np.argmax(r["p"]))
            chosen = [r["ranked"][i] for i in answering(r["p"], best, threshold, close, cut, most)]
        cited.append(bool(set(chosen) & r["gold"]))
        if r["verdict"] != "abstain":
            papers.append(len(chosen))
    return mean(cited), mean(papers)


def report(rows: list[dict], threshold: float) -> str:
    lines = ["# Further papers for a claim's answer (SciFact train claims)", "",
             f"Written {time.strftime('%Y-%m-%d %H:%M')} by `python -m eval.claim_sources`: {len(rows)} train claims "
             "(tune part; the test claims are never used here).", "",
             "| k | 1 | 2 | 3 | 4 | 5 | 8 |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, order in (("retrieval's order", lambda r: r["ranked"]),
                        ("calibrated score's order", lambda r: [r["ranked"][i] for i in np.argsort(-r["p"])])):
        cells = [f"{mean([bool(set(order(r)[:k]) & r['gold']) for r in rows]):.3f}" for k in (1, 2, 3, 4, 5, 8)]
        lines.append(f"| recall@k, {name} | " + " | ".join(cells) + " |")
    lines += ["", "Papers after the best, in claims answered from the ranking: calibrated probability (median) of "
              "gold and other papers, and how well the log-odds gap to the best tells them apart (AUC).", "",
              "| retrieval rank | gold papers | others | median p gold | median p others | AUC of the gap |",
              "|---:|---:|---:|---:|---:|---:|"]
    for rank in range(5):
        gap, gold = [], []
        for r in rows:
            if r["verdict"] == "answer" and not r["ruled"] and rank < len(r["p"]) and rank != int(np.argmax(r["p"])):
                logit = _logit(r["p"])
                gap.append(float(logit[rank] - logit.max()))
                gold.append(r["ranked"][rank] in r["gold"])
        ps = [float(r["p"][rank]) for r in rows if r["verdict"] == "answer" and not r["ruled"]
              and rank < len(r["p"]) and rank != int(np.argmax(r["p"]))]
        g = [p for p, y in zip(ps, gold) if y]
        o = [p for p, y in zip(ps, gold) if not y]
        lines.append(f"| {rank + 1} | {len(g)} | {len(o)} | {np.median(g) if g else float('nan'):.3f} | "
                     f"{np.median(o) if o else float('nan'):.3f} | {auc(gap, gold):.3f} |")
    lines += ["", "Gold cited / papers per answer, by the rule's constants (shipped: **bold**):", "",
              "| MOST_PAPERS | SECOND_CUT | " + " | ".join(f"CLOSE {c}" for c in CLOSES) + " |",
              "|---:|---:|" + "---:|" * len(CLOSES)]
    for most in MOSTS:
        for cut in CUTS:
            cells = []
            for close in CLOSES:
                g, n = outcome(rows, threshold, close, cut, most)
                shipped = (close, cut, most) == (CLOSE, SECOND_CUT, MOST_PAPERS)
                cells.append(f"**{g:.3f} / {n:.2f}**" if shipped else f"{g:.3f} / {n:.2f}")
            lines.append(f"| {most} | {cut} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> int:
    settings = settings_for("scifact")
    rows = replay(settings)
    text = report(rows, shipped_model(settings.index.embedder).threshold)
    publish("claim-sources.md", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
