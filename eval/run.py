"""`make eval`: retrieval quality and speed on our own question set and on BEIR SciFact (test split).

Writes eval/results/retrieval.md (and .json) and prints the same table.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

import rag
from rag.settings import Settings

from .datasets import ROOT, SCIFACT, SCIFACT_BASELINES, RETRIEVABLE, retrieval_questions, scifact_available, scifact_queries
from .metrics import percentile, retrieval_row

RESULTS = Path(__file__).resolve().parent / "results"
CACHE = Path(__file__).resolve().parent / ".cache"
MODES = ("hybrid", "dense", "keyword")


def publish(name: str, text: str) -> None:
    """A tuning script's report: written whole to eval/results/`name` and printed."""
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / name).write_text(text, encoding="utf-8")
    print(text)


def run_own_set(index_dir: Path) -> dict:
    """Cold-ingest the shipped corpus into `index_dir`, then search every test question that has gold papers."""
    settings = Settings(index_dir=index_dir, data_dir=ROOT / "data")
    report = rag.ingest([settings.index.data_dir], settings=settings)
    questions = retrieval_questions("test")
    rows: dict[str, dict] = {}
    latencies: list[float] = []
    rag.search("warm-up query", settings=settings)
    for mode in MODES:
        runs_by_kind: dict[str, list] = {}
        for q in questions:
            started = time.perf_counter()
            hits = rag.search(q["question"], k=10, venue=q.get("venue"), year=q.get("year"),
                              settings=settings, mode=mode)
            if mode == "hybrid":
                latencies.append(time.perf_counter() - started)
            ranked = [h.paper.id for h in hits]
            runs_by_kind.setdefault(q["kind"], []).append((ranked, set(q["gold"])))
            runs_by_kind.setdefault("all", []).append((ranked, set(q["gold"])))
        rows[mode] = {kind: retrieval_row(runs) for kind, runs in runs_by_kind.items()}
    return {
        "papers": report.papers,
        "ingest_seconds": report.seconds,
        "ingest_papers_per_s": report.papers / report.seconds,
        "p50_ms": 1000 * percentile(latencies, 50),
        "p95_ms": 1000 * percentile(latencies, 95),
        "rows": rows,
    }


def run_scifact(cold: bool, limit: int | None) -> dict:
    """SciFact through the same ingest into its own index dir; test-split claims as queries."""
    index_dir = CACHE / "scifact-index"
    ingest_log = CACHE / "scifact-ingest.json"
    if cold and index_dir.exists():
        shutil.rmtree(index_dir)
    settings = Settings(index_dir=index_dir)
    corpus = [SCIFACT / "corpus.jsonl"]
    first = not (index_dir / "current.json").exists()
    report = rag.ingest(corpus, settings=settings, progress=sys.stderr.isatty())
    if first:
        cold_stats = {"papers": report.papers, "seconds": report.seconds,
                      "papers_per_s": report.papers / report.seconds, "measured": time.strftime("%Y-%m-%d")}
        CACHE.mkdir(exist_ok=True)
        ingest_log.write_text(json.dumps(cold_stats))
        reingest = rag.ingest(corpus, settings=settings)
    else:
        reingest = report
    cold_stats = json.loads(ingest_log.read_text()) if ingest_log.exists() else {}
    queries = scifact_queries("test")[:limit]
    rag.search("warm-up query", settings=settings)
    rows, latencies = {}, []
    for mode in MODES:
        runs = []
        for _qid, text, gold in queries:
            started = time.perf_counter()
            hits = rag.search(text, k=10, settings=settings, mode=mode)
            if mode == "hybrid":
                latencies.append(time.perf_counter() - started)
            runs.append(([h.paper.external_id for h in hits], gold))
        rows[mode] = retrieval_row(runs)
    return {
        "papers": reingest.papers,
        "cold_ingest": cold_stats,
        "reingest_seconds": reingest.seconds,
        "reingest_embedded": reingest.chunks_embedded,
        "p50_ms": 1000 * percentile(latencies, 50),
        "p95_ms": 1000 * percentile(latencies, 95),
        "rows": rows,
    }


def to_markdown(own: dict, scifact: dict | None, settings: Settings) -> str:
    lines = [
        "# Retrieval evaluation",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%M')} · embedder `{settings.embedder_id}` · fusion "
        f"`{settings.search.fusion}` (dense weight {settings.search.dense_weight}) · chunks of {settings.index.chunk_sentences} "
        f"sentences, stride {settings.index.chunk_stride} · 2-core CPU",
        "",
        f"## Own question set, test split ({own['papers']} papers, {own['rows']['hybrid']['all']['n']} questions "
        "with gold papers: eval/questions/test.jsonl, kinds " + ", ".join(RETRIEVABLE) + ")",
        "",
        "| mode | kind | n | recall@5 | recall@10 | MRR@10 | nDCG@10 |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for mode, kinds in own["rows"].items():
        for kind in ["all"] + sorted(k for k in kinds if k != "all"):
            r = kinds[kind]
            lines.append(f"| {mode} | {kind} | {r['n']} | {r['recall@5']:.3f} | {r['recall@10']:.3f} | "
                         f"{r['mrr@10']:.3f} | {r['ndcg@10']:.3f} |")
    lines += [
        "",
        f"Search latency (hybrid): p50 {own['p50_ms']:.1f} ms, p95 {own['p95_ms']:.1f} ms. "
        f"Cold ingest: {own['papers']} papers in {own['ingest_seconds']:.1f} s "
        f"({own['ingest_papers_per_s']:.1f} papers/s, model load included).",
    ]
    if scifact:
        cold = scifact["cold_ingest"]
        lines += [
            "",
            f"## BEIR SciFact, test split ({scifact['rows']['hybrid']['n']} claims, {scifact['papers']:,} abstracts)",
            "",
            "| system | recall@5 | recall@10 | MRR@10 | nDCG@10 |",
            "|---|---:|---:|---:|---:|",
        ]
        for mode, r in scifact["rows"].items():
            lines.append(f"| paperchat {mode} | {r['recall@5']:.3f} | {r['recall@10']:.3f} | {r['mrr@10']:.3f} | "
                         f"**{r['ndcg@10']:.3f}** |" if mode == "hybrid" else
                         f"| paperchat {mode} | {r['recall@5']:.3f} | {r['recall@10']:.3f} | {r['mrr@10']:.3f} | "
                         f"{r['ndcg@10']:.3f} |")
        for name, ndcg in SCIFACT_BASELINES.items():
            lines.append(f"| {name}, published | – | – | – | {ndcg:.3f} |")
        lines += [
            "",
            f"Search latency (hybrid, {scifact['papers']:,} papers): p50 {scifact['p50_ms']:.1f} ms, "
            f"p95 {scifact['p95_ms']:.1f} ms. "
            + (f"Cold ingest: {cold['papers']:,} papers in {cold['seconds']:.0f} s "
               f"({cold['papers_per_s']:.1f} papers/s, measured {cold['measured']}). " if cold else "")
            + f"Re-ingest unchanged: {scifact['reingest_seconds']:.1f} s "
            f"({scifact['reingest_embedded']} chunks embedded).",
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--skip-scifact", action="store_true", help="only the own question set")
    parser.add_argument("--cold", action="store_true", help="rebuild the SciFact index from scratch")
    parser.add_argument("--scifact-limit", type=int, help="first N test claims only")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="paperchat-eval-") as tmp:
        own = run_own_set(Path(tmp))
    scifact = None
    if not args.skip_scifact:
        if scifact_available():
            scifact = run_scifact(args.cold, args.scifact_limit)
        else:
            print(f"skipped SciFact: {SCIFACT} not found", file=sys.stderr)
    markdown = to_markdown(own, scifact, Settings())
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "retrieval.md").write_text(markdown, encoding="utf-8")
    (RESULTS / "retrieval.json").write_text(json.dumps({"own": own, "scifact": scifact}, indent=1))
    print(markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
