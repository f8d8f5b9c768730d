"""`make eval-llm`: written answers from a real model (Qwen2.5-Coder-1.5B, llama.cpp on this CPU) beside the
extractive answers, on the same questions.

`python -m eval.llm` runs the full sets: every question of the answer-eval set, 50 SciFact test claims and
50 PubMedQA test questions. On 2 shared cores a written answer takes minutes, so `--own N --scifact N
--pubmedqa N` run the first N of each (out-of-scope questions never reach the model, so all of them run);
the report says exactly what ran. Results: eval/results/llm.md (and llm.json), rewritten after every question.

SciFact and PubMedQA are asked over a corpus of their questions' gold abstracts plus `--distractors` others
(the first ones of the corpus file that are not gold), not the whole 5,183-abstract SciFact corpus: the
question here is how well the model writes from what retrieval found, and building the full index costs
more CPU than the answers. The model is served as a user would: `PAPERCHAT_LLM_GGUF` (rag/answer/gguf.py).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

import rag
from rag.answer import gguf, pipeline
from rag.answer.citations import claims_for, find_markers, strip_markers
from rag.corpus.text import split_sentences
from rag.answer.llm import load_client
from rag.settings import Settings

from .datasets import ROOT
from .llm_sets import SPLITS, own_set, pubmedqa_set, scifact_set, write_corpus
from .metrics import percentile
from .models import MODELS, fetch
from .run import RESULTS


# --- asking and scoring

SERVER_COUNTERS = ("prompt_tokens_total", "prompt_seconds_total", "tokens_predicted_total",
                   "tokens_predicted_seconds_total")


def server_counters(settings: Settings) -> dict[str, float]:
    """llama.cpp's running totals (its /metrics): prompt tokens read and the seconds spent reading them, so a
    time to first token can be read against the prompt's size and the machine's load. {} without a GGUF."""
    if not settings.llm.gguf:
        return {}
    url = gguf.local_server(settings.llm.gguf, threads=settings.llm.threads).url.removesuffix("/v1")
    totals = {}
    for line in httpx.get(url + "/metrics", timeout=30).text.splitlines():
        name, _, value = line.partition(" ")
        if name.removeprefix("llamacpp:") in SERVER_COUNTERS:
            totals[name.removeprefix("llamacpp:")] = float(value)
    return totals


_DECLINED: list[float] = []  # the decision's best probability at each decline of the model, for this question


def _recording(best):
    def probability(decision) -> float:
        _DECLINED.append(best(decision))
        return _DECLINED[-1]
    return probability


# the pipeline asks for the decision's best probability only when the model declines: record it, to set
# pipeline.OVERRULE_DECLINE on dev from the declines of in-scope and out-of-scope questions
pipeline._best_probability = _recording(pipeline._best_probability)


def ask(question: dict, settings: Settings) -> dict:
    """One answer, streamed: its scores, time to first piece and total time, and what llama.cpp read for it."""
    before = server_counters(settings)
    _DECLINED.clear()
    started = time.perf_counter()
    first, streamed = None, []
    for piece in rag.ask_stream(question["question"], settings=settings):
        if isinstance(piece, str):
            streamed.append(piece)
            if first is None and piece.strip():
                first = time.perf_counter() - started
        else:
            answer = piece
    total = time.perf_counter() - started
    after = server_counters(settings)
    used = {k: after[k] - before.get(k, 0.0) for k in after}
    return {**question, **score(answer, question), "ttft": first, "seconds": total,
            "prompt_tokens": used.get("prompt_tokens_total"), "prompt_seconds": used.get("prompt_seconds_total"),
            "tokens": used.get("tokens_predicted_total"), "load": os.getloadavg()[0],
            "mode": answer.mode, "notice": answer.notice, "answer": answer.text, "streamed": "".join(streamed),
            "cited": [_gold_id(c.paper) for c in answer.citations],
            "declined_p": _DECLINED[0] if _DECLINED else None}


def score(answer, question: dict) -> dict:
    cited = {_gold_id(c.paper) for c in answer.citations}
    gold = set(question["gold"])
    claims = len({c for cited in claims_for(answer.text).values() for c in cited})  # a sentence citing [1, 2] once
    sentences = 0 if answer.abstained else len(split_sentences(strip_markers(answer.text)))
    text = answer.text.lower()
    return {
        "abstained": answer.abstained,
        "resolves": all(n <= len(answer.citations) for m in find_markers(answer.text) for n in m.numbers),
        "claims": claims, "sentences": sentences,
        "cited_sentences": claims / sentences if sentences else None, "unsupported": len(answer.unsupported),
        "no_citation": not answer.abstained and not answer.citations,
        "gold_cited": bool(cited & gold) if gold else None,
        "precision": len(cited & gold) / len(cited) if cited and gold else None,
        "recall": len(cited & gold) / len(gold) if gold else None,
        "facts": sum(f.lower() in text for f in question["facts"]) / len(question["facts"]) if question["facts"] else None,
    }


def _gold_id(paper) -> str:
    return paper.external_id or paper.id  # SciFact and PubMedQA gold are the source's own ids


def mean(values: list) -> float | None:
    return sum(values) / len(values) if values else None  # no such questions ran: "–", not 0


def summarise(rows: list[dict]) -> dict:
    inside = [r for r in rows if r["kind"] != "out-of-scope"]
    answered = [r for r in inside if not r["abstained"]]
    single = [r for r in inside if len(r["gold"]) == 1]
    defined = lambda key, rs: [r[key] for r in rs if r[key] is not None]  # noqa: E731
    claims = sum(r["claims"] for r in answered)
    sentences = sum(r["sentences"] for r in answered)
    written = [r for r in inside if r["mode"].startswith("llm")]
    read = [r for r in rows if r.get("prompt_seconds")]
    return {
        "n": len(rows), "n_in": len(inside), "n_out": len(rows) - len(inside), "n_single": len(single),
        "resolves": mean([r["resolves"] for r in rows]),
        "supported": 1 - sum(r["unsupported"] for r in answered) / claims if claims else None,
        "claims": claims, "sentences": sentences,
        "cited_sentences": claims / sentences if sentences else None,
        "gold_cited_single": mean(defined("gold_cited", single)),
        "precision": mean(defined("precision", inside)),
        "recall": mean(defined("recall", inside)),
        "facts": mean(defined("facts", inside)),
        "abstain_out": mean([r["abstained"] for r in rows if r["kind"] == "out-of-scope"]),
        "abstain_in": mean([r["abstained"] for r in inside]),
        "no_citation": mean([r["no_citation"] for r in inside]),
        "written_share": len(written) / len(inside) if inside else None,
        "ttft_p50": percentile(defined("ttft", written), 50) if written else None,
        "seconds_p50": percentile([r["seconds"] for r in inside], 50) if inside else None,
        "seconds_total": sum(r["seconds"] for r in rows),
        "prompt_tokens_p50": percentile([r["prompt_tokens"] for r in read], 50) if read else None,
        "prompt_rate": sum(r["prompt_tokens"] for r in read) / sum(r["prompt_seconds"] for r in read) if read else None,
        "load": mean([r["load"] for r in rows if r.get("load") is not None]),
    }


def run_set(name: str, questions: list[dict], folder: Path | None, settings: Settings, llm: Settings,
            rows: dict, save) -> None:
    """Both modes on one set, extractive first; results saved after every question."""
    extractive = settings.replace(openai_api_key=None, openai_base_url=None, llm_gguf=None)
    if folder is not None:
        extractive = extractive.replace(data_dir=folder)
        llm = llm.replace(data_dir=folder)
    rag.ingest(settings=extractive)
    for mode, s in (("extractive", extractive), ("llm", llm.replace(index_dir=extractive.index.index_dir))):
        for q in questions:
            rows.setdefault(f"{name}/{mode}", []).append(ask(q, s))
            save()


def report(rows: dict, args, model: str, seconds: float) -> str:
    lines = ["# Written answers from a real model, beside the extractive answers",
             "",
             f"Model: {model} (Q4_K_M GGUF, llama.cpp through xllamacpp, `PAPERCHAT_LLM_GGUF`), 2 shared CPU cores.",
             f"Run: `python -m eval.llm {' '.join(sys.argv[1:])}`, {seconds / 60:.0f} min, "
             f"{time.strftime('%Y-%m-%d %H:%M')} UTC, split {args.split}; "
             f"model reads: **{args.context}** ({args.evidence} a source); at most {args.sources} sources an answer.",
             "", _what_ran(rows), "",
             "| set · mode | every [n] resolves | cited sentences supported by their abstract (claims) | "
             "answer sentences with a citation | "
             "gold cited, single-paper | citation precision / recall | facts present | out-of-scope abstained | "
             "in-scope abstained | no citation | written by the model | TTFT p50 | answer time p50 | "
             "prompt tokens read p50 | prompt read rate | load average |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for key, rs in rows.items():
        written = {r["qid"] for r in rows.get(key.replace("/extractive", "/llm"), rs)}
        s = summarise([r for r in rs if r["qid"] in written])  # a run stopped early: the questions both answered
        f = lambda v, fmt="{:.2f}": "–" if v is None else fmt.format(v)  # noqa: E731
        lines.append(
            f"| {key} ({s['n_in']} in, {s['n_out']} out) | {f(s['resolves'])} | {f(s['supported'])} ({s['claims']}) | "
            f"{f(s['cited_sentences'])} ({s['sentences']}) | "
            f"{f(s['gold_cited_single'])} | {f(s['precision'])} / {f(s['recall'])} | {f(s['facts'])} | "
            f"{f(s['abstain_out'])} | {f(s['abstain_in'])} | {f(s['no_citation'])} | {f(s['written_share'])} | "
            f"{f(s['ttft_p50'], '{:.1f} s')} | {f(s['seconds_p50'], '{:.1f} s')} | "
            f"{f(s['prompt_tokens_p50'], '{:.0f}')} | {f(s['prompt_rate'], '{:.1f} tokens/s')} | {f(s['load'], '{:.1f}')} |")
    lines += ["", "Targets (issue 12): every [n] resolves 1.0; supported ≥ 0.80; gold cited (single-paper) ≥ 0.90; "
              "out-of-scope abstained ≥ 0.90; facts ≥ extractive; TTFT p50 ≤ 20 s.",
              "\"written by the model\" is the share of in-scope answers the model wrote; the rest fell back to the "
              "extractive answer (a timeout or a cut) or abstained. \"prompt tokens read\" are those llama.cpp "
              "evaluated for the answer (its /metrics; a prefix it has cached, such as the rules, is not read "
              "again); the read rate is theirs over its prompt seconds, so a TTFT can be read against the load "
              "(the 1-minute load average when each question ended)."]
    return "\n".join(lines) + "\n"


def _what_ran(rows: dict) -> str:
    parts = []
    for key, rs in rows.items():
        if key.endswith("/llm"):
            parts.append(f"{key.split('/')[0]}: {len(rs)} questions ({', '.join(r['qid'] for r in rs[:60])})")
    return "Questions: " + "; ".join(parts) + "."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=SPLITS, default="test",
                        help="test (reported) or dev: answer-eval dev, SciFact train, the PubMedQA tune half")
    parser.add_argument("--own", type=int, default=None, help="in-scope questions of our set (default: all)")
    parser.add_argument("--oos", type=int, default=None, help="out-of-scope questions of our set (default: all)")
    parser.add_argument("--chinese", type=int, default=0, help="questions asked in Chinese (default: none)")
    parser.add_argument("--scifact", type=int, default=50)
    parser.add_argument("--pubmedqa", type=int, default=50)
    parser.add_argument("--distractors", type=int, default=300)
    parser.add_argument("--context", choices=("sentences", "abstracts"), default="sentences")
    parser.add_argument("--sources", type=int, default=Settings().llm.sources, help="most sources the model reads")
    parser.add_argument("--evidence", type=int, default=Settings().llm.evidence, help="sentences per source")
    parser.add_argument("--out", default="llm", help="results file stem under eval/results/")
    parser.add_argument("--report", nargs="+", metavar="JSON",
                        help="only write eval/results/<out>.md again from saved results (several are merged)")
    parser.add_argument("--model", choices=sorted(MODELS), default="qwen",
                        help="qwen (the evaluation) or smollm (a quick check of the harness)")
    args = parser.parse_args(argv)
    if args.report:
        rows = {k: v for path in args.report for k, v in json.loads(Path(path).read_text(encoding="utf-8")).items()}
        (RESULTS / f"{args.out}.md").write_text(report(rows, args, MODELS[args.model].name, 0.0), encoding="utf-8")
        return 0
    model = fetch(MODELS[args.model])
    started = time.perf_counter()
    rows: dict[str, list] = {}
    RESULTS.mkdir(exist_ok=True)

    def save() -> None:
        (RESULTS / f"{args.out}.json").write_text(json.dumps(rows, indent=1, ensure_ascii=False), encoding="utf-8")
        (RESULTS / f"{args.out}.md").write_text(report(rows, args, model.name, time.perf_counter() - started),
                                                encoding="utf-8")

    with tempfile.TemporaryDirectory(prefix="paperchat-eval-llm-") as tmp:
        base = Settings(index_dir=Path(tmp) / "own-index", data_dir=ROOT / "data")
        # a CPU model reads for tens of seconds before its first word: these budgets only stop a runaway
        llm = base.replace(llm_gguf=model, llm_timeout=600, llm_answer_timeout=1200, llm_context=args.context,
                           llm_model=model.stem, llm_sources=args.sources, llm_evidence=args.evidence)
        load_client(llm)
        sets = [("own", own_set(args.split, args.own, args.oos, args.chinese), None)]
        if args.scifact:
            questions = scifact_set(args.split, args.scifact)
            sets.append(("scifact", questions, write_corpus(Path(tmp), "scifact", questions, args.distractors)))
        if args.pubmedqa:
            questions = pubmedqa_set(args.split, args.pubmedqa)
            sets.append(("pubmedqa", questions, write_corpus(Path(tmp), "pubmedqa", questions, args.distractors)))
        for name, questions, folder in sets:
            index = Path(tmp) / f"{name}-index"
            run_set(name, questions, folder, base.replace(index_dir=index), llm.replace(index_dir=index), rows, save)
    save()
    print((RESULTS / f"{args.out}.md").read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
