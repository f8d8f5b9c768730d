"""The report of `make bench` (eval/bench.py): bench.md's table and notes, and bench.png."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable


def to_markdown(rows: list[dict], extras: list[tuple[str, list[str], dict]]) -> str:
    sizes = " | ".join(f"{r['papers']:,} papers" for r in rows)
    lines = [
        "# Speed benchmark",
        "",
        f"Written {time.strftime('%Y-%m-%d %H:%M')} (each size's run time is in its `measured` row; a size "
        f"not run this time keeps its last figures) on {len(os.sched_getaffinity(0))} CPU cores (no GPU), embedder "
        "all-MiniLM-L6-v2 int8 ONNX, extractive answers. **Shared machine**: other jobs used the same 2 cores "
        "during these runs (load averages below), so wall times are upper bounds; CPU time is the steadier figure. "
        "The 100k corpus grows SciFact's and PubMedQA's 6,183 real abstracts into distinct replicas: sentences "
        "recombined across abstracts, window vectors perturbed by seeded noise (eval/scale.py)" + _replicas(rows) + ".",
        "",
        f"| measurement | {sizes} | target at 100k |",
        "|---|" + "---:|" * len(rows) + "---|",
    ]
    for name, cell, target in _ROWS:
        lines.append(f"| {name} | " + " | ".join(cell(r) for r in rows) + f" | {target} |")
    lines += ["", *_NOTES]
    for title, section, _ in extras:
        lines += ["", f"## {title}", "", *section]
    return "\n".join(lines) + "\n"


def _replicas(rows: list[dict]) -> str:
    figures = [r["replicas"] for r in rows if r.get("replicas")]
    if not figures:
        return ""
    cos = figures[-1]["cosine_to_source"]
    return (f"; a replica window's cosine with its source window: p10 {cos['10']:.2f}, p50 {cos['50']:.2f}, "
            f"p90 {cos['90']:.2f} (noise scale {figures[-1]['noise']:.2f})")


def _cold(r: dict) -> str:
    c = r.get("cold") or {}
    if not c:
        return "not measured"
    return f"{c['papers_per_s']:.1f} papers/s ({c['papers']:,} distinct, {c['seconds']:.0f} s, {c['measured'][:10]})"


def _stages(r: dict) -> str:
    """The cold ingest's wall seconds per step, and its CPU time (both cores' threads)."""
    c = r.get("cold") or {}
    if not c.get("stages"):
        return "not recorded"
    steps = " · ".join(f"{name} {seconds:,.0f}" for name, seconds in c["stages"].items())
    return f"{steps} s; CPU {c['cpu_s']:,.0f} s, load {c['load_avg'][0]:.1f} → {c['load_avg'][1]:.1f}"


def _warm(r: dict) -> str:
    w = r.get("warm_cache_ingest")
    if not w:
        return "–"
    return f"{w['seconds'] / 60:.1f} min ({w['papers_per_s']:.0f} papers/s, {w['chunks_cached']:,} cached)"


def _build_rss(r: dict) -> str:
    build = r.get("warm_cache_ingest") or r.get("cold") or {}
    return f"{build['peak_rss_mb']:,.0f} MB" if "peak_rss_mb" in build else "not recorded"


def _cpu(r: dict, call: str) -> str:
    lat = r["latency"]
    if f"{call}_cpu_p50_ms" not in lat:
        return "not measured"
    return f"{lat[f'{call}_cpu_p50_ms']:.0f} / {lat[f'{call}_cpu_p95_ms']:.0f} ms"


def _filtered(r: dict) -> str:
    lat = r["latency"]
    if "search_venue_p50_ms" not in lat:
        return "no venues"
    return f"{lat['search_venue_p50_ms']:.0f} / {lat['search_venue_p95_ms']:.0f} ms ({lat['filter_venue']})"


_ROWS: list[tuple[str, Callable[[dict], str], str]] = [
    ("cold ingest (empty embedding cache, distinct text)", _cold, ""),
    ("cold ingest: wall seconds per step", _stages, ""),
    ("full ingest with the embedding cache warm", _warm, ""),
    ("re-ingest unchanged", lambda r: f"{r['reingest']['seconds']:.1f} s", "≤ 60 s"),
    ("search p50 / p95", lambda r: f"{r['latency']['search_p50_ms']:.0f} / {r['latency']['search_p95_ms']:.0f} ms",
     "p50 ≤ 150 ms"),
    ("extractive ask p50 / p95", lambda r: f"{r['latency']['ask_p50_ms']:.0f} / {r['latency']['ask_p95_ms']:.0f} ms",
     "p50 ≤ 400 ms"),
    ("CPU time per search, p50 / p95", lambda r: _cpu(r, "search"), ""),
    ("CPU time per extractive ask, p50 / p95", lambda r: _cpu(r, "ask"), "5,183: ask p50 ≤ 50 ms"),
    ("measured", lambda r: r.get("measured", "–"), ""),
    ("load average during the latency run", lambda r: " → ".join(f"{x:.1f}" for x in r["latency"]["load_avg"]), ""),
    ("search with a venue filter p50 / p95", _filtered, ""),
    ("peak RSS, serving process", lambda r: f"{r['latency']['peak_rss_mb']:,.0f} MB", "≤ 2,048 MB"),
    ("peak RSS, re-ingest process", lambda r: f"{r['reingest']['peak_rss_mb']:,.0f} MB", ""),
    ("peak RSS, building ingest process", lambda r: _build_rss(r), ""),
    ("cold start of the chat page", lambda r: f"{r['cold_start']['seconds']:.1f} s", ""),
    ("first search after start (model load)", lambda r: f"{r['latency']['first_query_s']:.1f} s", ""),
    ("index on disk: Chroma + snapshots",
     lambda r: f"{r['disk']['chroma_mb']:,.0f} + {r['disk']['snapshots_mb']:,.0f} MB", ""),
    ("embedding cache on disk", lambda r: f"{r['disk']['embed_cache_mb']:,.0f} MB", ""),
]
_NOTES = [
    "- Queries: SciFact's 300 test claims and eval/questions/dev.jsonl, at every size; `search` is `rag.search(k=10)`,",
    "  `ask` is `rag.ask` end to end (understand, hybrid search, extractive answer, citations). Ingest embeds every",
    "  abstract sentence into the embedding cache (rag/index/sentences.py), so an `ask` embeds only its question.",
    "- CPU time is `time.process_time()` of the serving process per call; wall time includes waiting for the cores.",
    "- Peak RSS is the maximum resident set of one process (Python, the ONNX model, Chroma's Rust core and its",
    "  HNSW index, the snapshot's papers and BM25 index): the serving process loaded the index and ran every",
    "  query; the re-ingest process only re-read the corpus; the building process ingested the whole corpus.",
    "- Cold ingest figures carry their measurement date: the slow ones are measured once and cached in",
    "  eval/.cache/bench/ (`python -m eval.bench --cold` re-measures them). Everything else is measured each run.",
    "  With `--seed` the 100k corpus's distinct part takes its vectors from the eval caches: no cold figure then.",
    "- Re-ingest of unchanged files hashes them and compares with the digest the last commit recorded",
    "  (rag/fingerprint.py), so it parses, chunks and embeds nothing. Cold start: the OS file cache was warm.",
]


def plot(rows: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = [r["papers"] for r in rows]
    fig, (lat, mem) = plt.subplots(1, 2, figsize=(10, 4))
    for key, style in (("search_p50_ms", "o-"), ("search_p95_ms", "o--"), ("ask_p50_ms", "s-"), ("ask_p95_ms", "s--")):
        lat.plot(sizes, [r["latency"][key] for r in rows], style, label=key.replace("_ms", "").replace("_", " "))
    filtered = [(r["papers"], r["latency"]["search_venue_p50_ms"]) for r in rows if "search_venue_p50_ms" in r["latency"]]
    if filtered:
        lat.plot(*zip(*filtered), "^:", label="search p50, venue filter")
    lat.axhline(150, color="grey", lw=0.8, ls=":")
    lat.axhline(400, color="grey", lw=0.8, ls=":")
    lat.set(xscale="log", xlabel="papers indexed", ylabel="ms", title="latency (2 shared cores)")
    lat.legend()
    mem.plot(sizes, [r["latency"]["peak_rss_mb"] for r in rows], "o-", label="serving process")
    mem.plot(sizes, [r["reingest"]["peak_rss_mb"] for r in rows], "s--", label="re-ingest process")
    mem.axhline(2048, color="grey", lw=0.8, ls=":")
    mem.set(xscale="log", xlabel="papers indexed", ylabel="MB", title="peak RSS")
    mem.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
