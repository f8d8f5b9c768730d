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
import sys
import tempfile
import time
from pathlib import Path

import rag
from rag.answer.citations import claims_for, find_markers, strip_markers
from rag.corpus.text import split_sentences
from rag.answer.llm import load_client
from rag.settings import Settings

from .datasets import ROOT, SCIFACT, SHARED, own_questions, scifact_queries
from .metrics import percentile
from .models import MODELS, fetch
from .run import RESULTS

PUBMEDQA = SHARED / "benchmarks" / "pubmedqa"


# --- the question sets: (set, qid, kind, question, gold ids, facts)

def own_set(limit: int | None) -> list[dict]:
    """The answer-eval test split: its single-paper fact and paraphrase questions (alternating, so a subset has
    both), and every out-of-scope question (they abstain before any model call)."""
    questions = [q for q in own_questions("test") if not q.get("venue") and not q.get("year")]
    facts = [q for q in questions if q["kind"] == "fact" and len(q["gold"]) == 1]
    paraphrases = [q for q in questions if q["kind"] == "paraphrase" and len(q["gold"]) == 1]
    inside = [q for pair in zip(facts, paraphrases) for q in pair] + facts[len(paraphrases):] + paraphrases[len(facts):]
    outside = [q for q in questions if q["kind"] == "out-of-scope"]
    return [{"set": "own", "qid": q["qid"], "kind": q["kind"], "question": q["question"], "gold": q["gold"],
             "facts": q["facts"]} for q in inside[:limit] + outside]


def scifact_set(limit: int) -> list[dict]:
    return [{"set": "scifact", "qid": qid, "kind": "claim", "question": text, "gold": sorted(gold), "facts": []}
            for qid, text, gold in scifact_queries("test")[:limit]]


def pubmedqa_set(limit: int) -> list[dict]:
    items = json.loads((PUBMEDQA / "ori_pqal.json").read_text(encoding="utf-8"))
    test = list(json.loads((PUBMEDQA / "test_ground_truth.json").read_text(encoding="utf-8")))[:limit]
    return [{"set": "pubmedqa", "qid": pmid, "kind": "question", "question": items[pmid]["QUESTION"],
             "gold": [pmid], "facts": []} for pmid in test]


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


# --- asking and scoring

def ask(question: dict, settings: Settings) -> dict:
    """One answer, streamed: its scores, time to first piece and total time."""
    started = time.perf_counter()
    first = None
    for piece in rag.ask_stream(question["question"], settings=settings):
        if isinstance(piece, str):
            if first is None and piece.strip():
                first = time.perf_counter() - started
        else:
            answer = piece
    total = time.perf_counter() - started
    return {**question, **score(answer, question), "ttft": first, "seconds": total,
            "mode": answer.mode, "notice": answer.notice, "answer": answer.text}


def score(answer, question: dict) -> dict:
    cited = {_gold_id(c.paper) for c in answer.citations}
    gold = set(question["gold"])
    claims = sum(len(v) for v in claims_for(answer.text).values())
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
    sentences = sum(len(split_sentences(strip_markers(r["answer"]))) for r in answered)
    written = [r for r in inside if r["mode"].startswith("llm")]
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
             f"Run: `python -m eval.llm {' '.join(sys.argv[1:])}`, {seconds / 60:.0f} min, {time.strftime('%Y-%m-%d')}; "
             f"model reads: **{args.context}**; {args.sources} sources per answer.",
             "", _what_ran(rows), "",
             "| set · mode | every [n] resolves | cited sentences supported by their abstract (claims) | "
             "answer sentences with a citation | "
             "gold cited, single-paper | citation precision / recall | facts present | out-of-scope abstained | "
             "in-scope abstained | no citation | written by the model | TTFT p50 | answer time p50 |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for key, rs in rows.items():
        s = summarise(rs)
        f = lambda v, fmt="{:.2f}": "–" if v is None else fmt.format(v)  # noqa: E731
        lines.append(
            f"| {key} ({s['n_in']} in, {s['n_out']} out) | {f(s['resolves'])} | {f(s['supported'])} ({s['claims']}) | "
            f"{f(s['cited_sentences'])} ({s['sentences']}) | "
            f"{f(s['gold_cited_single'])} | {f(s['precision'])} / {f(s['recall'])} | {f(s['facts'])} | "
            f"{f(s['abstain_out'])} | {f(s['abstain_in'])} | {f(s['no_citation'])} | {f(s['written_share'])} | "
            f"{f(s['ttft_p50'], '{:.1f} s')} | {f(s['seconds_p50'], '{:.1f} s')} |")
    lines += ["", "Targets (issue 12): every [n] resolves 1.0; supported ≥ 0.80; gold cited (single-paper) ≥ 0.90; "
              "out-of-scope abstained ≥ 0.90; facts ≥ extractive; TTFT p50 ≤ 20 s.",
              "\"written by the model\" is the share of in-scope answers the model wrote; the rest fell back to the "
              "extractive answer (a timeout or a cut) or abstained."]
    return "\n".join(lines) + "\n"


def _what_ran(rows: dict) -> str:
    parts = []
    for key, rs in rows.items():
        if key.endswith("/llm"):
            parts.append(f"{key.split('/')[0]}: {len(rs)} questions ({', '.join(r['qid'] for r in rs[:60])})")
    return "Questions: " + "; ".join(parts) + "."


def compare_context(questions: list[dict], llm: Settings) -> str:
    """Time to first token with whole abstracts and with selected sentences, the same questions back to back."""
    lines = ["# What the model reads: selected sentences or whole abstracts", "",
             f"Same model and run, {len(questions)} questions of the answer-eval test split, each asked with both "
             "(16 tokens of answer at most: only the wait for the first word is measured).", "",
             "| question | TTFT, sentences | TTFT, abstracts | abstracts ÷ sentences |", "|---|---:|---:|---:|"]
    ratios = []
    for q in questions:
        ttft = {}
        for context in ("sentences", "abstracts"):
            ttft[context] = ask(q, llm.replace(llm_context=context, llm_max_tokens=16))["ttft"]
        if ttft["sentences"] and ttft["abstracts"]:
            ratios.append(ttft["abstracts"] / ttft["sentences"])
        lines.append(f"| {q['qid']} | {ttft['sentences'] or 0:.1f} s | {ttft['abstracts'] or 0:.1f} s | "
                     f"{ratios[-1] if ratios else 0:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--own", type=int, default=None, help="in-scope questions of our set (default: all)")
    parser.add_argument("--scifact", type=int, default=50)
    parser.add_argument("--pubmedqa", type=int, default=50)
    parser.add_argument("--distractors", type=int, default=300)
    parser.add_argument("--context", choices=("sentences", "abstracts"), default="sentences")
    parser.add_argument("--sources", type=int, default=8, help="papers retrieved per answer (answer k)")
    parser.add_argument("--out", default="llm", help="results file stem under eval/results/")
    parser.add_argument("--compare-context", type=int, default=0, metavar="N",
                        help="only measure time to first token, sentences against abstracts, on N own questions")
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
        base = Settings(index_dir=Path(tmp) / "own-index", data_dir=ROOT / "data", answer_k=args.sources)
        # a CPU model reads for tens of seconds before its first word: these budgets only stop a runaway
        llm = base.replace(llm_gguf=model, llm_timeout=600, llm_answer_timeout=1200, llm_context=args.context,
                           llm_model=model.stem)
        load_client(llm)
        if args.compare_context:
            rag.ingest(settings=base)
            text = compare_context([q for q in own_set(args.compare_context) if q["kind"] != "out-of-scope"],
                                   llm.replace(index_dir=base.index.index_dir))
            (RESULTS / "llm-context.md").write_text(text, encoding="utf-8")
            print(text)
            return 0
        sets = [("own", own_set(args.own), None)]
        if args.scifact:
            questions = scifact_set(args.scifact)
            sets.append(("scifact", questions, write_corpus(Path(tmp), "scifact", questions, args.distractors)))
        if args.pubmedqa:
            questions = pubmedqa_set(args.pubmedqa)
            sets.append(("pubmedqa", questions, write_corpus(Path(tmp), "pubmedqa", questions, args.distractors)))
        for name, questions, folder in sets:
            index = Path(tmp) / f"{name}-index"
            run_set(name, questions, folder, base.replace(index_dir=index), llm.replace(index_dir=index), rows, save)
    save()
    print((RESULTS / f"{args.out}.md").read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
