"""eval/results/external.md from the external checks' results: tune and report parts side by side."""

from __future__ import annotations

import time

from .datasets import SCIFACT_BASELINES

# published figures on the same data (../shared/benchmarks/README.md): they measure retrieval (nDCG@10) or
# yes/no/maybe accuracy, not cited answers, so they are context, not a like-for-like comparison
PUBMEDQA_BASELINES = {"BioBERT (Jin et al. 2019)": 0.681, "single human": 0.780, "majority class": 0.552}
ROWS = [
    # (check, field, label, issue 11's target on the report part)
    ("scifact", "gold_cited", "SciFact claims: a gold abstract cited", "≥ 0.80"),
    ("scifact", "gold_cited_evidence", "SciFact: a gold abstract cited, of the claims with evidence (SUPPORT / CONTRADICT)", ""),
    ("scifact", "gold_cited_nei", "SciFact: a gold abstract cited, of the NOT ENOUGH INFO claims (no evidence in it)", ""),
    ("scifact", "rationale_of_scorable", "SciFact: a gold rationale sentence quoted, of those citing a gold abstract "
                                         "that has rationale sentences (NOT ENOUGH INFO claims have none)", "≥ 0.70"),
    ("scifact", "rationale_of_cited", "SciFact: a gold rationale sentence quoted, of all those citing a gold abstract "
                                      "(NOT ENOUGH INFO claims included: they count as not quoted)", ""),
    ("scifact", "rationale", "SciFact: a gold rationale sentence quoted, of all claims", ""),
    ("scifact", "abstained", "SciFact: abstained", ""),
    ("scifact", "abstained_evidence", "SciFact: abstained, of the claims with evidence", ""),
    ("scifact", "abstained_nei", "SciFact: abstained, of the NOT ENOUGH INFO claims", ""),
    ("scifact", "search_top1", "SciFact: `rag.search` ranks a gold abstract first (for comparison)", ""),
    ("scifact", "search_top1_evidence", "SciFact: `rag.search` ranks a gold abstract first, of the claims with evidence", ""),
    ("pubmedqa", "gold_cited", "PubMedQA: its own abstract cited", "≥ 0.98"),
    ("pubmedqa", "gold_first", "PubMedQA: its own abstract is [1]", ""),
    ("pubmedqa", "abstained", "PubMedQA: abstained", "≤ 0.01"),
    ("pubmedqa", "search_top1", "PubMedQA: `rag.search` ranks it first (for comparison)", ""),
    ("cross-domain", "abstained", "cross-domain: abstained (all)", "≥ 0.998"),
    ("cross-domain", "cited_answer", "cross-domain: a confident cited answer", ""),
    ("leave-one-out", "passed", "leave-one-out: abstained or cited nothing", "≥ 0.90"),
    ("leave-one-out", "abstained", "leave-one-out: abstained", ""),
]
SIZES = {
    "scifact": "claims: train {tune} / test {report}",
    "pubmedqa": "questions over 1,000 abstracts: outside the official test split {tune} / inside it {report}",
    "cross-domain": "asked: {tune} / {report}",
    "leave-one-out": "single-paper questions (fact, paraphrase, typo) without their gold paper: dev {tune} / test {report}",
}


def _cell(result: dict, check: str, part: str, field: str) -> str:
    value = result.get(check, {}).get(part, {}).get(field)
    return "–" if value is None else f"{value:.3f}"


def to_markdown(result: dict) -> str:
    lines = ["# External answer checks (extractive mode)", "",
             f"Written {time.strftime('%Y-%m-%d %H:%M')} by `python -m eval.external`; each check's run time is in "
             "external.json. **tune** is the part constants may be fitted on (`make tune`); **report** is the part "
             "that is reported and never tuned on.", "",
             "| check | tune | report | target (report) |", "|---|---:|---:|---:|"]
    for check, field, label, target in ROWS:
        lines.append(f"| {label} | {_cell(result, check, 'tune', field)} | {_cell(result, check, 'report', field)} "
                     f"| {target} |")
    lines += ["", "Sizes: " + "; ".join(
        f"{check}: " + SIZES[check].format(**{p: result[check].get(p, {}).get("n", "–") for p in ("tune", "report")})
        for check in SIZES if check in result) + "."]
    parts = [result.get("scifact", {}).get(p, {}).get("n_evidence") for p in ("tune", "report")]
    if None not in parts:
        lines += ["", f"SciFact claims with evidence (SUPPORT / CONTRADICT): train {parts[0]} / test {parts[1]}; the rest "
                  "are NOT ENOUGH INFO: qrels names the abstract each was written from, which holds no evidence for it."]
    sci = result.get("scifact", {}).get("report", {})
    if "p50_ms" in sci:
        load = f", load average {sci['load_average']:.1f} on 2 cores" if "load_average" in sci else ""
        lines += ["", f"`ask` over SciFact's 5,183 abstracts (test claims): p50 {sci['p50_ms']:.0f} ms (target ≤ 50 ms; "
                  f"measured {sci.get('measured', '?')}{load})."]
    cross = result.get("cross-domain", {}).get("report", {}).get("by_source")
    if cross:
        lines += ["", "Cross-domain, report part, by source: " + "; ".join(
            f"{s} {v['abstained']:.3f} abstained ({v['n']})" for s, v in cross.items()) + "."]
    lines += ["", "Published on the same data, for context (other tasks, not cited answers): SciFact test nDCG@10 "
              + ", ".join(f"{k} {v:.3f}" for k, v in SCIFACT_BASELINES.items())
              + "; PubMedQA test accuracy (reasoning-required) " + ", ".join(f"{k} {v:.3f}"
                                                                          for k, v in PUBMEDQA_BASELINES.items()) + "."]
    return "\n".join(lines) + "\n"
