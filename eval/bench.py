"""`make bench`: ingest throughput, re-ingest time and search latency on 2 cores.

Writes eval/results/bench.md. Sizes: the shipped 70 papers and BEIR SciFact's 5,183 abstracts.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

import rag
from rag.settings import Settings

from .datasets import ROOT, SCIFACT, scifact_queries
from .metrics import percentile
from .run import CACHE, RESULTS


def cold_ingest(paths: list[Path], index_dir: Path) -> dict:
    settings = Settings(index_dir=index_dir)
    rag.get_index(settings, build=False).embedder.embed(["load the model first"])  # not part of ingest speed
    report = rag.ingest(paths, settings=settings)
    return {"papers": report.papers, "chunks": report.chunks, "seconds": report.seconds,
            "papers_per_s": report.papers / report.seconds}


def search_latency(settings: Settings, queries: list[str]) -> dict:
    rag.search("warm-up", settings=settings)
    times = []
    for q in queries:
        started = time.perf_counter()
        rag.search(q, k=10, settings=settings)
        times.append(time.perf_counter() - started)
    return {"n": len(times), "p50_ms": 1000 * percentile(times, 50), "p95_ms": 1000 * percentile(times, 95)}


def ask_latency(settings: Settings, questions: list[str]) -> dict:
    """`rag.ask` end to end, in the mode the environment configures (extractive without an endpoint)."""
    rag.ask("warm-up question", settings=settings)
    times = []
    for q in questions:
        started = time.perf_counter()
        rag.ask(q, settings=settings)
        times.append(time.perf_counter() - started)
    return {"n": len(times), "p50_ms": 1000 * percentile(times, 50), "p95_ms": 1000 * percentile(times, 95)}


def sample_corpus(n: int, directory: Path) -> Path:
    """The first `n` SciFact abstracts as a file of their own (a cold ingest of distinct text)."""
    out = directory / f"scifact-{n}.jsonl"
    with open(SCIFACT / "corpus.jsonl", encoding="utf-8") as src, open(out, "w", encoding="utf-8") as dst:
        for i, line in enumerate(src):
            if i >= n:
                break
            dst.write(line)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=1000, help="SciFact abstracts in the cold-ingest run")
    args = parser.parse_args(argv)
    rows = {}
    with tempfile.TemporaryDirectory(prefix="paperchat-bench-") as tmp:
        tmp = Path(tmp)
        rows["cold_70"] = cold_ingest([ROOT / "data"], tmp / "own")
        rows["cold_sample"] = cold_ingest([sample_corpus(args.sample, tmp)], tmp / "sample")
    scifact_settings = Settings(index_dir=CACHE / "scifact-index")
    rag.ingest([SCIFACT / "corpus.jsonl"], settings=scifact_settings)  # builds it if missing
    report = rag.ingest([SCIFACT / "corpus.jsonl"], settings=scifact_settings)
    rows["reingest_scifact"] = {"papers": report.papers, "seconds": report.seconds,
                                "embedded": report.chunks_embedded}
    claims = [t for _, t, _ in scifact_queries("test")]
    rows["search_scifact"] = search_latency(scifact_settings, claims)
    rows["ask_scifact"] = ask_latency(scifact_settings, claims)
    rows["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    c70, cs, re_, s = rows["cold_70"], rows["cold_sample"], rows["reingest_scifact"], rows["search_scifact"]
    text = "\n".join([
        "# Speed benchmark",
        "",
        f"Run {time.strftime('%Y-%m-%d %H:%M')} on {_cpus()} CPU cores, embedder all-MiniLM-L6-v2 int8 ONNX.",
        "",
        "| measurement | result | target |",
        "|---|---:|---:|",
        f"| cold ingest, shipped corpus ({c70['papers']} papers, {c70['chunks']} chunks) | "
        f"{c70['papers_per_s']:.1f} papers/s ({c70['seconds']:.1f} s) | ≥ 15 papers/s |",
        f"| cold ingest, SciFact sample ({cs['papers']:,} papers, {cs['chunks']:,} chunks) | "
        f"{cs['papers_per_s']:.1f} papers/s ({cs['seconds']:.0f} s) | ≥ 15 papers/s |",
        f"| re-ingest unchanged SciFact ({re_['papers']:,} papers, {re_['embedded']} embedded) | "
        f"{re_['seconds']:.1f} s | ≤ 5 s |",
        f"| search p50 / p95, {re_['papers']:,} papers indexed ({s['n']} claims) | "
        f"{s['p50_ms']:.1f} / {s['p95_ms']:.1f} ms | p50 ≤ 50 ms |",
        f"| `ask` p50 / p95, {re_['papers']:,} papers indexed ({rows['ask_scifact']['n']} claims) | "
        f"{rows['ask_scifact']['p50_ms']:.1f} / {rows['ask_scifact']['p95_ms']:.1f} ms | p50 ≤ 500 ms |",
        f"| peak RSS of this process | {rows['peak_rss_mb']:.0f} MB | |",
    ]) + "\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "bench.md").write_text(text, encoding="utf-8")
    (RESULTS / "bench.json").write_text(json.dumps(rows, indent=1))
    print(text)
    return 0


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0))


if __name__ == "__main__":
    sys.exit(main())
