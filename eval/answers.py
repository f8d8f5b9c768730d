"""Answer quality of `rag.ask` on our own question set: citations, key facts, abstention, follow-ups.

`python -m eval.answers` (part of `make eval`) writes eval/results/answers.md. The LLM mode runs only
when an endpoint is configured (OPENAI_API_KEY or OPENAI_BASE_URL).
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

import rag
from rag.answer.llm import llm_configured, model_label
from rag.settings import Settings

from .datasets import EVAL_DIR, ROOT, own_questions
from .metrics import mean, percentile
from .run import RESULTS

SINGLE = ("known-item", "paraphrase")


def followups() -> list[dict]:
    with open(EVAL_DIR / "followups.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def evaluate(settings: Settings) -> dict:
    """Ask every question (venue named only in the text) and score what comes back."""
    rows: dict[str, list] = {}
    latencies = []
    details = []
    rag.ask("warm-up question about video", settings=settings)
    for q in own_questions():
        started = time.perf_counter()
        answer = rag.ask(q["question"], settings=settings)
        latencies.append(time.perf_counter() - started)
        cited = {c.paper.id for c in answer.citations}
        gold = set(q["gold"])
        text = answer.text.lower()
        row = {
            "qid": q["qid"], "kind": q["kind"], "abstained": answer.abstained,
            "gold_cited": bool(cited & gold) if gold else None,
            "precision": (len(cited & gold) / len(cited)) if cited and gold else None,
            "recall": (len(cited & gold) / len(gold)) if gold else None,
            "facts": (sum(f.lower() in text for f in q["facts"]) / len(q["facts"])) if q["facts"] else None,
        }
        rows.setdefault(q["kind"], []).append(row)
        details.append({**row, "question": q["question"], "answer": answer.text})
    follow = []
    for f in followups():
        first = rag.ask(f["turns"][0], settings=settings)
        history = [{"role": "user", "content": f["turns"][0]}, {"role": "assistant", "content": first.text}]
        second = rag.ask(f["turns"][1], history=history, settings=settings)
        cited = {c.paper.id for c in second.citations}
        facts = sum(x.lower() in second.text.lower() for x in f["facts"]) / len(f["facts"]) if f["facts"] else 1.0
        follow.append({"fid": f["fid"], "gold_cited": bool(cited & set(f["gold"])), "facts": facts})
        details.append({"fid": f["fid"], "turns": f["turns"], "answer": second.text})
    return {"rows": rows, "follow": follow, "latencies": latencies, "details": details}


def summarise(result: dict) -> dict:
    rows = result["rows"]
    single = [r for k in SINGLE for r in rows.get(k, [])]
    in_scope = [r for k, rs in rows.items() if k != "out-of-scope" for r in rs]
    multi = [r for k in ("multi", "venue") for r in rows.get(k, [])]
    defined = lambda rs, key: [r[key] for r in rs if r[key] is not None]  # noqa: E731
    return {
        "gold_cited_single": mean(defined(single, "gold_cited")),
        "precision_single": mean(defined(single, "precision")),
        "facts_single": mean(defined(single, "facts")),
        "recall_multi": mean(defined(multi, "recall")),
        "precision_multi": mean(defined(multi, "precision")),
        "abstain_out_of_scope": mean([r["abstained"] for r in rows.get("out-of-scope", [])]),
        "answer_rate_in_scope": mean([not r["abstained"] for r in in_scope]),
        "followup_gold_cited": mean([f["gold_cited"] for f in result["follow"]]),
        "followup_facts": mean([f["facts"] for f in result["follow"]]),
        "p50_ms": 1000 * percentile(result["latencies"], 50),
        "p95_ms": 1000 * percentile(result["latencies"], 95),
        "n_single": len(single), "n_multi": len(multi), "n_in": len(in_scope),
        "n_out": len(rows.get("out-of-scope", [])), "n_follow": len(result["follow"]),
    }


def to_markdown(s: dict, mode: str) -> str:
    return "\n".join([
        f"## Answers, {mode} mode ({s['n_in']} in-scope and {s['n_out']} out-of-scope questions)",
        "",
        "| metric | result | target |",
        "|---|---:|---:|",
        f"| gold paper cited, single-paper questions ({s['n_single']}) | {s['gold_cited_single']:.3f} | ≥ 0.95 |",
        f"| citation precision (cited ⊆ gold), single-paper | {s['precision_single']:.3f} | ≥ 0.9 |",
        f"| key facts present, single-paper | {s['facts_single']:.3f} | ≥ 0.85 |",
        f"| gold recall / precision, multi-paper and venue questions ({s['n_multi']}) | "
        f"{s['recall_multi']:.3f} / {s['precision_multi']:.3f} | |",
        f"| abstains on out-of-scope | {s['abstain_out_of_scope']:.3f} | ≥ 0.90 |",
        f"| answers in-scope | {s['answer_rate_in_scope']:.3f} | ≥ 0.95 |",
        f"| follow-ups: gold cited / facts present ({s['n_follow']}) | "
        f"{s['followup_gold_cited']:.3f} / {s['followup_facts']:.3f} | |",
        f"| `ask` latency p50 / p95 | {s['p50_ms']:.0f} / {s['p95_ms']:.0f} ms | p50 ≤ 300 ms |",
    ]) + "\n"


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="paperchat-answers-") as tmp:
        # the extractive run ignores any endpoint in the environment
        settings = Settings(index_dir=Path(tmp), data_dir=ROOT / "data", openai_api_key=None, openai_base_url=None)
        rag.ingest(settings=settings)
        result = evaluate(settings)
    summary = summarise(result)
    text = "# Answer evaluation\n\n" + to_markdown(summary, "extractive")
    llm = Settings()
    if llm_configured(llm):
        with tempfile.TemporaryDirectory(prefix="paperchat-answers-") as tmp:
            settings = llm.replace(index_dir=Path(tmp), data_dir=ROOT / "data")
            rag.ingest(settings=settings)
            llm_result = evaluate(settings)
        text += "\n" + to_markdown(summarise(llm_result), model_label(llm))
    else:
        text += "\nLLM mode: skipped: no LLM endpoint (set OPENAI_API_KEY or OPENAI_BASE_URL).\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "answers.md").write_text(text, encoding="utf-8")
    (RESULTS / "answers.json").write_text(json.dumps({"summary": summary, "details": result["details"]},
                                                     indent=1, ensure_ascii=False))
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
