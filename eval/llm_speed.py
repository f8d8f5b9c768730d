"""`python -m eval.llm_speed`: how long a written answer waits for its first word, on a fixed small set.

The first `--questions` single-paper questions of the answer-eval split (test by default; fact and paraphrase
alternating, as `make eval-llm` takes them) are asked with Qwen2.5-Coder-1.5B through `PAPERCHAT_LLM_GGUF`,
each allowed 16 tokens of answer: only the wait for the first word is measured, not the answer's quality
(`make eval-llm` reports that). Beside each time it gives what llama.cpp read for that answer (prompt tokens and
its read rate) and the load average, so a time can be read against how busy the 2 shared cores were.
Results: eval/results/llm-ttft.md. `--compare-context N` instead asks N questions with selected sentences and
with whole abstracts, back to back (eval/results/llm-context.md).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import rag
from rag.answer.llm import load_client
from rag.settings import Settings

from .datasets import ROOT
from .llm import ask
from .llm_sets import SPLITS, own_set
from .metrics import percentile
from .models import MODELS, fetch
from .run import RESULTS

FIRST_WORDS = 16  # tokens of answer: enough for a first word, little generating beyond it


def ttft(questions: list[dict], llm: Settings) -> str:
    """One row a question: time to first word, prompt tokens read, read rate and load; then their medians."""
    rows = [ask(q, llm.replace(llm_max_tokens=FIRST_WORDS)) for q in questions]
    read = [r for r in rows if r.get("prompt_tokens")]  # the model was asked (not an abstention)
    lines = ["# Time to first word of a written answer", "",
             f"`python -m eval.llm_speed {' '.join(sys.argv[1:])}`, {time.strftime('%Y-%m-%d %H:%M')} UTC: "
             f"{len(rows)} single-paper questions of the answer-eval split, Qwen2.5-Coder-1.5B Q4_K_M on llama.cpp "
             f"(xllamacpp), {FIRST_WORDS} tokens of answer each. The rules of the prompt are read once when the "
             "model loads and cached; each answer reads its question and sources.", "",
             "| question | time to first word | prompt tokens read | read rate | load average |",
             "|---|---:|---:|---:|---:|"]
    for r in rows:
        rate = r["prompt_tokens"] / r["prompt_seconds"] if r.get("prompt_seconds") else None
        lines.append(f"| {r['qid']} | {r['ttft'] or 0:.1f} s | {r['prompt_tokens'] or 0:.0f} | "
                     f"{'–' if rate is None else f'{rate:.1f} tokens/s'} | {r['load']:.1f} |")
    if read:
        tokens = sum(r["prompt_tokens"] for r in read)
        lines += ["", f"**Time to first word p50: {percentile([r['ttft'] for r in read], 50):.1f} s** over the "
                  f"{len(read)} answers the model wrote (target ≤ 20 s); prompt tokens read p50 "
                  f"{percentile([r['prompt_tokens'] for r in read], 50):.0f}; read rate "
                  f"{tokens / sum(r['prompt_seconds'] for r in read):.1f} tokens/s; load average "
                  f"{min(r['load'] for r in rows):.1f}–{max(r['load'] for r in rows):.1f}."]
    return "\n".join(lines) + "\n"


def compare_context(questions: list[dict], llm: Settings) -> str:
    """Time to first token with whole abstracts and with selected sentences, the same questions back to back."""
    lines = ["# What the model reads: selected sentences or whole abstracts", "",
             f"Same model and run, {len(questions)} questions of the answer-eval split, each asked with both "
             f"({FIRST_WORDS} tokens of answer at most: only the wait for the first word is measured).", "",
             "| question | TTFT, sentences | TTFT, abstracts | abstracts ÷ sentences |", "|---|---:|---:|---:|"]
    ratios = []
    for q in questions:
        first = {}
        for context in ("sentences", "abstracts"):
            first[context] = ask(q, llm.replace(llm_context=context, llm_max_tokens=FIRST_WORDS))["ttft"]
        if first["sentences"] and first["abstracts"]:
            ratios.append(first["abstracts"] / first["sentences"])
        lines.append(f"| {q['qid']} | {first['sentences'] or 0:.1f} s | {first['abstracts'] or 0:.1f} s | "
                     f"{ratios[-1] if ratios else 0:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=SPLITS, default="test")
    parser.add_argument("--questions", type=int, default=12, help="single-paper questions asked (default 12)")
    parser.add_argument("--compare-context", type=int, default=0, metavar="N",
                        help="instead: N questions with selected sentences and with whole abstracts")
    args = parser.parse_args(argv)
    model = fetch(MODELS["qwen"])
    RESULTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="paperchat-llm-speed-") as tmp:
        base = Settings(index_dir=Path(tmp) / "own-index", data_dir=ROOT / "data")
        rag.ingest(settings=base)
        llm = base.replace(llm_gguf=model, llm_timeout=600, llm_answer_timeout=1200, llm_model=model.stem)
        load_client(llm)  # the model loads and reads the rules before the clock starts
        if args.compare_context:
            name, text = "llm-context", compare_context(own_set(args.split, args.compare_context, 0), llm)
        else:
            name, text = "llm-ttft", ttft(own_set(args.split, args.questions, 0), llm)
    (RESULTS / f"{name}.md").write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
