"""Answer quality of `rag.ask` on the dev and test question splits, per kind of question (issue 11).

`python -m eval.answers` (part of `make eval`) asks every question of eval/questions/dev.jsonl and
test.jsonl over the shipped corpus, with the default embedder and with `embedder="multilingual"`,
and writes eval/results/answers.md and answers.json (every question's answer and score). Dev is for
tuning; test is only reported. The LLM mode runs too when an endpoint is configured.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import rag
from rag.answer.llm import llm_configured, model_label
from rag.errors import PaperchatError
from rag.settings import Settings

from .corpora import settings_for
from .datasets import ROOT, SPLITS, own_questions
from .metrics import mean, percentile
from .run import RESULTS
from .scoring import IN_SCOPE, LISTS, SINGLE, from_answer, score

EMBEDDERS = ("local", "multilingual")
# (key, what it measures, kinds it is averaged over, Score field, issue 11's target)
METRICS = [
    ("gold_cited_single", "gold paper cited, single-paper (fact, paraphrase)", SINGLE, "gold_cited", "≥ 0.95"),
    ("facts", "facts present (fact, paraphrase)", SINGLE, "facts", "≥ 0.90"),
    ("list_f1", "topic lists: F1 vs the complete gold (list, venue-list)", LISTS, "f1", "≥ 0.75"),
    ("list_precision", "topic lists: precision", LISTS, "precision", ""),
    ("list_recall", "topic lists: recall", LISTS, "recall", ""),
    ("not_reported", "\"not reported\" correctly said (abstained, paper in sources, says so)",
     ("not-reported",), "passed", "≥ 0.80"),
    ("filter_excluded", "filter-excluded named paper: cites nothing, says it is outside the filter",
     ("filter-excluded",), "passed", "≥ 0.90"),
    ("out_of_scope", "out-of-scope abstained", ("out-of-scope",), "passed", "≥ 0.90"),
    ("in_scope_abstained", "in-scope abstained (" + ", ".join(IN_SCOPE) + ")", IN_SCOPE, "abstained", "≤ 0.03"),
    ("typos", "typos: gold cited", ("typo",), "passed", "≥ 0.90"),
    ("followups", "follow-ups: gold cited on the 2nd turn and every fact", ("followup",), "passed", "≥ 0.85"),
    ("followup_gold_cited", "follow-ups: gold cited on the 2nd turn", ("followup",), "gold_cited", ""),
    ("compare", "comparisons: both cited, each paper's fact present", ("compare",), "passed", "≥ 0.66"),
    ("chinese", "Chinese questions: gold cited", ("chinese",), "passed", "≥ 0.75 (multilingual)"),
]


def llm_settings(llm: Settings) -> Settings:
    """The shipped corpus's cached index (see eval/corpora.py), answered by the configured LLM."""
    return llm.replace(index_dir=settings_for("shipped").index.index_dir, data_dir=ROOT / "data")


def ask_question(q: dict, settings: Settings) -> tuple[object, str, list[float]]:
    """(answer of the last turn or None, error text, seconds per turn); filters are passed as the user would."""
    turns = q.get("turns") or [q["question"]]
    history: list[dict] = []
    seconds, answer = [], None
    try:
        for turn in turns:
            started = time.perf_counter()
            answer = rag.ask(turn, history=history or None, venue=q.get("venue"), year=q.get("year"),
                             settings=settings)
            seconds.append(time.perf_counter() - started)
            history += [{"role": "user", "content": turn}, {"role": "assistant", "content": answer.text}]
    except PaperchatError as exc:
        return None, f"{type(exc).__name__}: {exc}", seconds
    return answer, "", seconds


def evaluate(questions: list[dict], settings: Settings) -> dict:
    """Ask every question and score what comes back; details keep the answer text for reading."""
    details, latencies = [], []
    for q in questions:
        answer, error, seconds = ask_question(q, settings)
        latencies += seconds
        row = score(q, from_answer(answer, error)).as_dict()
        row.update(question=q["question"], answer=answer.text if answer else error,
                   cited=[c.paper.title for c in answer.citations] if answer else [])
        details.append(row)
    return {"details": details, "latencies": latencies}


def summarise(details: list[dict], latencies: list[float] | None = None) -> dict:
    """Each metric of METRICS as {value, n}; value None when the split has no such question."""
    out = {}
    for key, _label, kinds, field, _target in METRICS:
        values = [float(d[field]) for d in details if d["kind"] in kinds and d[field] is not None]
        out[key] = {"value": mean(values) if values else None, "n": len(values)}
    if latencies is not None:
        out["p50_ms"] = 1000 * percentile(latencies, 50)
        out["p95_ms"] = 1000 * percentile(latencies, 95)
    return out


def run_mode(settings: Settings, splits: tuple[str, ...]) -> dict:
    rag.ask("warm-up question about video", settings=settings)
    result = {}
    for split in splits:
        run = evaluate(own_questions(split), settings)
        result[split] = {"summary": summarise(run["details"], run["latencies"]), "details": run["details"]}
        if split == "test":  # the test questions nobody on the team wrote or tuned on
            independent = [d for d in run["details"] if d["origin"] == "independent"]
            result["test-independent"] = {"summary": summarise(independent)}
    return result


def cell(summary: dict, key: str) -> str:
    m = summary.get(key)
    return "–" if not m or m["value"] is None else f"{m['value']:.3f} ({m['n']})"


def to_markdown(result: dict, title: str) -> str:
    columns = [c for c in ("dev", "test", "test-independent") if c in result]
    lines = [f"## {title}", "", "| metric (n questions) | " + " | ".join(columns) + " | target (test) |",
             "|---|" + "---:|" * (len(columns) + 1)]
    for key, label, *_rest, target in METRICS:
        lines.append(f"| {label} | " + " | ".join(cell(result[c]["summary"], key) for c in columns)
                     + f" | {target} |")
    latency = [f"{c} p50 {result[c]['summary']['p50_ms']:.0f} ms / p95 {result[c]['summary']['p95_ms']:.0f} ms"
               for c in ("dev", "test") if c in result]
    lines += ["", "`ask` latency per turn (70 papers): " + "; ".join(latency) + "."]
    return "\n".join(lines) + "\n"


def dev_misses(result: dict) -> str:
    """The dev questions each kind gets wrong (never the test ones: test failures are not for tuning)."""
    misses: dict[str, list[str]] = {}
    for d in result["dev"]["details"]:
        if d["passed"] < (0.75 if d["kind"] in LISTS else 1.0):  # lists: below the F1 target
            misses.setdefault(d["kind"], []).append(d["qid"])
    return "Dev misses (details in answers.json): " + "; ".join(
        f"{kind} {', '.join(ids)}" for kind, ids in sorted(misses.items())) + ".\n"


HEADER = """# Answer evaluation

Run {when} · shipped corpus (70 papers) · questions in eval/questions/ (see its README): **dev** tunes
and feeds unit tests, **test** is only reported; *test-independent* is the part of test written by
people outside the team (150 questions), the rest of test is the team's older set (its answers were
tuned on it before the split). Each cell: mean (questions). Filters in a question (venue, year) are
passed to `rag.ask`. Per-question answers and scores: answers.json.

"""


def score_set(path: Path, embedders: list[str]) -> int:
    """Per-kind figures of a question set kept apart from dev and test (a sealed set: its questions and answers
    are never shown, so that scoring it does not make it tuning data)."""
    try:
        questions = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, ValueError) as exc:
        print(f"cannot read {path}: {exc}", file=sys.stderr)
        return 2
    for q in questions:
        q.setdefault("origin", "team")
    for embedder in embedders:
        settings = settings_for("shipped", embedder)
        rag.ask("warm-up question about video", settings=settings)
        run = evaluate(questions, settings)
        summary = summarise(run["details"])
        print(f"{path.name}, extractive, embedder {embedder}:")
        for key, label, *_rest in METRICS:
            if summary[key]["value"] is not None:
                print(f"  {label}: {summary[key]['value']:.3f} ({summary[key]['n']})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--splits", nargs="+", choices=SPLITS, default=list(SPLITS))
    parser.add_argument("--embedders", nargs="+", choices=EMBEDDERS, default=list(EMBEDDERS))
    parser.add_argument("--questions", type=Path, metavar="FILE",
                        help="score this JSONL set instead (eval/questions/sealed/): print its per-kind figures "
                             "only, never a question or an answer, and write nothing")
    args = parser.parse_args(argv)
    if args.questions:
        return score_set(args.questions, args.embedders)
    splits = tuple(args.splits)
    text = HEADER.format(when=time.strftime("%Y-%m-%d %H:%M"))
    results = {}
    for embedder in args.embedders:
        results[f"extractive/{embedder}"] = run_mode(settings_for("shipped", embedder), splits)
        run = results[f"extractive/{embedder}"]
        text += to_markdown(run, f"Extractive answers, embedder `{embedder}`") + "\n"
        text += (dev_misses(run) + "\n") if "dev" in run else ""
    llm = Settings()
    if llm_configured(llm):
        results["llm/local"] = run_mode(llm_settings(llm), splits)
        text += to_markdown(results["llm/local"], f"LLM answers ({model_label(llm)}), embedder `local`")
    else:
        text += "LLM mode: skipped: no LLM endpoint (set OPENAI_API_KEY or OPENAI_BASE_URL).\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "answers.md").write_text(text, encoding="utf-8")
    (RESULTS / "answers.json").write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
