"""`make bench`: ingest speed, re-ingest time, disk, memory and latency at 70, 5,183 and 100,000 papers.

Writes eval/results/bench.md, bench.json and bench.png (latency and memory against corpus size).

Each size is measured in fresh processes, so one size's memory never counts towards another's:
  - cold ingest: distinct text into an empty index with an empty embedding cache. The 70 are re-measured
    every run; SciFact and the 100k corpus (its 6,183 distinct abstracts) take many minutes, so their cold
    figures are measured once, kept in eval/.cache/bench/ with their date, and re-measured with --cold.
  - 100k: its 6,183 distinct abstracts are ingested (cold, or with --seed from the eval caches' vectors),
    the replicas' perturbed window vectors are written into the shared embedding cache (eval/scale.py:
    replicas have recombined text and vectors of their own), then the full 100,000-paper ingest runs with
    that cache warm; its wall time is reported as measured. When eval/.cache/bench/replicas-*.json and that
    cache are there, only the full ingest is re-run (the cache is keyed by window text).
  - re-ingest of the unchanged corpus, in a process of its own.
  - search and extractive `ask` latency, in a process that loads the index and the model once.
  - cold start of the chat page: `python -m ui.app` until its HTTP port answers.

    python -m eval.bench                      # all sizes; built indexes are reused from eval/.cache/
    python -m eval.bench --sizes 70,5183      # skip the 100k corpus
    python -m eval.bench --no-peer --no-load  # only the sizes
    python -m eval.bench --seed               # build the 100k corpus from the eval caches' vectors (faster)

The report ends with eval/peer.py (a plain llama-index pipeline beside ours) and eval/load.py (10 and 20
concurrent clients through the running page), run in the same invocation.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import rag
from rag.settings import Settings

from .bench_report import plot, to_markdown
from .datasets import ROOT, retrieval_questions, scifact_queries
from .metrics import percentile
from .page import clean_env, free_port, start_app, stop_app
from .run import CACHE, RESULTS
from .scale import build_scaled, corpus_paths, distinct_size, seed_replica_vectors

BENCH = CACHE / "bench"
SCALED_CACHE = BENCH / "embed-cache.sqlite"  # shared by the distinct and the 100k corpus: replicas reuse it
TARGETS_100K = {"search_p50_ms": 150, "ask_p50_ms": 400, "peak_rss_mb": 2048, "reingest_s": 60}
# Results of other benchmarks join the report here, e.g. eval/peer.py's compare() (a plain llama-index
# pipeline beside ours) and eval/load.py (concurrent clients). Each entry takes the parsed arguments and
# returns (section title, Markdown lines, JSON-able figures); main() adds them to bench.md and bench.json.
def peer_section(args: argparse.Namespace) -> tuple[str, list[str], dict]:
    """eval/peer.py in the same run: a plain llama-index pipeline beside ours, as ratios."""
    from .peer import compare

    result = compare(write=True)
    body = result["markdown"].splitlines()[2:]  # its own title is replaced by the section's
    return "Beside a plain llama-index pipeline (eval/peer.py)", body, \
        {k: v for k, v in result.items() if k != "markdown"}


def load_section(args: argparse.Namespace) -> tuple[str, list[str], dict]:
    """eval/load.py in the same run: concurrent clients through the running page's API."""
    from . import load

    status = load.main([])
    body = (RESULTS / "load.md").read_text(encoding="utf-8").splitlines()[2:]
    figures = json.loads((RESULTS / "load.json").read_text())
    return "Concurrent clients through the page (eval/load.py)", body, {**figures, "failed": bool(status)}


EXTRA_SECTIONS: list[Callable[[argparse.Namespace], tuple[str, list[str], dict]]] = [peer_section, load_section]


# ---------------------------------------------------------------- where each size lives

def index_settings(size: int) -> Settings:
    """The cached index of a benchmark size (SciFact's is shared with `make eval`)."""
    if size == 5183:
        return Settings(index_dir=CACHE / "scifact-index")
    cache = str(SCALED_CACHE) if size > 5183 else None
    return Settings(index_dir=BENCH / f"index-{size}", embed_cache=cache)


def cold_record(size: int) -> Path:
    return BENCH / f"ingest-{distinct_size() if size > 5183 else size}-cold.json"


# ---------------------------------------------------------------- measurements (each in its own process)

def measure_ingest(paths: list[Path], settings: Settings, label: str) -> dict:
    """One ingest, timed; the model is loaded first, as it is not part of ingest speed."""
    from rag.index.embedcache import uncached

    index = rag.get_index(settings, build=False)
    uncached(index.embedder).embed(["load the model first"])
    load, cpu = os.getloadavg()[0], time.process_time()
    report = rag.ingest(paths, settings=settings)
    return {
        "label": label, "papers": report.papers, "chunks": report.chunks,
        "chunks_embedded": report.chunks_embedded, "chunks_cached": report.chunks_cached,
        "sentences_embedded": report.sentences_embedded,
        "seconds": report.seconds, "papers_per_s": report.papers / max(report.seconds, 1e-9),
        # wall seconds per step (rag/index/report.py), and the CPU time of all this process's threads
        "stages": report.stages, "cpu_s": time.process_time() - cpu,
        "peak_rss_mb": _peak_rss_mb(), "load_avg": [load, os.getloadavg()[0]],
        "measured": time.strftime("%Y-%m-%d %H:%M"),
    }


def measure_latency(settings: Settings, queries: list[str]) -> dict:
    """search and extractive ask over `queries`, after loading the index and the model once."""
    started = time.perf_counter()
    rag.search("warm-up query", settings=settings)
    first_query_s = time.perf_counter() - started
    load = os.getloadavg()[0]
    out = {"queries": len(queries), "first_query_s": first_query_s}
    venue = _largest_venue(settings)
    calls = [("search", lambda q: rag.search(q, k=10, settings=settings)),
             ("ask", lambda q: rag.ask(q, settings=settings))]
    if venue:  # a filter goes to Chroma's metadata index and BM25's mask
        out["filter_venue"] = venue
        calls.append(("search_venue", lambda q: rag.search(q, k=10, venue=venue, settings=settings)))
    for name, call in calls:
        times, cpu = [], []
        for q in queries:
            t, c = time.perf_counter(), time.process_time()
            call(q)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)  # this process's CPU: what other jobs' load inflates least
        for p in (50, 95):
            out[f"{name}_p{p}_ms"] = 1000 * percentile(times, p)
            out[f"{name}_cpu_p{p}_ms"] = 1000 * percentile(cpu, p)
    out["peak_rss_mb"] = _peak_rss_mb()
    out["load_avg"] = [load, os.getloadavg()[0]]
    return out


def _largest_venue(settings: Settings) -> str | None:
    counts = rag.stats(settings).per_venue()
    counts.pop("unknown", None)
    return max(counts, key=counts.get) if counts else None


def measure_cold_start(settings: Settings, data: list[Path]) -> dict:
    """Seconds from `python -m ui.app` to its HTTP port answering (imports, index and snapshot load)."""
    started = time.perf_counter()
    app = start_app(settings.replace(data_dir=data[0]), free_port())
    seconds = time.perf_counter() - started
    stop_app(app)
    return {"seconds": seconds}


def disk_usage(settings: Settings) -> dict:
    """MB on disk: the Chroma database, the snapshot generations, and the embedding cache."""
    root = Path(settings.index.index_dir)
    cache = settings.embed_cache_path
    parts = {"chroma_mb": _du(root / "chroma"), "snapshots_mb": _du(root / "generations"),
             "embed_cache_mb": sum(_du(p) for p in cache.parent.glob(cache.name + "*")) if cache else 0.0}
    parts["total_mb"] = parts["chroma_mb"] + parts["snapshots_mb"] + parts["embed_cache_mb"]
    return parts


def bench_queries() -> list[str]:
    """SciFact's 300 test claims (text only, never their answer key) and our own dev questions."""
    return [text for _, text, _ in scifact_queries("test")] + [q["question"] for q in retrieval_questions("dev")]


# ---------------------------------------------------------------- building the cached indexes

def ensure_built(size: int, args: argparse.Namespace) -> None:
    """Build the index of `size` if missing (or if `--cold`), recording the cold ingest it took."""
    settings = index_settings(size)
    record = cold_record(size)
    built = rag.get_index(settings, build=False).exists()
    if size == 70 or (built and not args.cold):
        return  # a built index is never thrown away for a missing cold figure (an hour of CPU): --cold measures it
    BENCH.mkdir(parents=True, exist_ok=True)
    if size == 5183:
        shutil.rmtree(settings.index.index_dir, ignore_errors=True)
        _child_json("ingest", size, str(record), "cold")
        return
    # the 100k corpus: its distinct text into an index of its own (cold, with an empty shared cache, or from
    # the eval caches with --seed), then the replicas' vectors into that cache, then the whole corpus
    shutil.rmtree(settings.index.index_dir, ignore_errors=True)
    seeded = BENCH / f"replicas-{size}.json"
    if seeded.exists() and SCALED_CACHE.exists() and not args.cold:
        # the distinct part and the replicas' vectors are in the cache already (keyed by window text, so a new
        # corpus version reuses every window it shares and the ingest embeds, and reports, the rest)
        _child_json("ingest", size, str(BENCH / f"ingest-{size}-warm-cache.json"), "warm-cache")
        return
    shutil.rmtree(SCALED_CACHE.parent / f"index-{distinct_size()}", ignore_errors=True)
    for stale in SCALED_CACHE.parent.glob(SCALED_CACHE.name + "*"):
        stale.unlink()
    if args.seed and not args.cold:
        seed_cache(SCALED_CACHE)
        _child_json("ingest", distinct_size(), str(BENCH / f"ingest-{distinct_size()}-seeded.json"), "seeded")
    else:
        _child_json("ingest", distinct_size(), str(record), "cold")
    seeded.write_text(json.dumps(seed_replica_vectors(build_scaled(size), settings), indent=1))
    _child_json("ingest", size, str(BENCH / f"ingest-{size}-warm-cache.json"), "warm-cache")


SEED_FROM = (CACHE / "scifact-index" / "embed-cache.sqlite", CACHE / "pubmedqa-index-local" / "embed-cache.sqlite")


def seed_cache(target: Path) -> None:
    """Copy the vectors `make eval` already computed for SciFact and PubMedQA into the benchmark's cache (same
    embedder, keyed by text): the distinct corpus then ingests without re-embedding (not a cold figure)."""
    import sqlite3

    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(target) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vec BLOB NOT NULL) WITHOUT ROWID")
        for n, source in enumerate(p for p in SEED_FROM if p.exists()):
            conn.execute(f"ATTACH DATABASE ? AS seed{n}", (str(source),))
            conn.execute(f"INSERT OR IGNORE INTO vectors SELECT key, vec FROM seed{n}.vectors")
            conn.commit()
            conn.execute(f"DETACH DATABASE seed{n}")


def measure_size(size: int, args: argparse.Namespace) -> dict:
    """Every figure of one corpus size; the slow builds come from eval/.cache/ when they are there."""
    started = time.strftime("%Y-%m-%d %H:%M")
    ensure_built(size, args)
    out: dict = {"size": size}
    if size == 70:
        with tempfile.TemporaryDirectory(prefix="paperchat-bench-") as tmp:
            out["cold"] = _child_json("ingest", 70, str(Path(tmp) / "cold.json"), "cold", tmp)
    else:
        out["cold"] = _cold_figures(size)
    if size > 5183:
        out["warm_cache_ingest"] = json.loads((BENCH / f"ingest-{size}-warm-cache.json").read_text())
        replicas = BENCH / f"replicas-{size}.json"
        out["replicas"] = json.loads(replicas.read_text()) if replicas.exists() else {}
    # one ingest to bring the cached index up to date (a code change re-parses), then the timed one
    _child_json("ingest", size, None, "update")
    out["reingest"] = _child_json("ingest", size, None, "reingest")
    out["latency"] = _child_json("latency", size)
    out["cold_start"] = _child_json("coldstart", size)
    out["disk"] = disk_usage(index_settings(size))
    out["papers"] = out["reingest"]["papers"]
    out["measured"] = f"{started} – {time.strftime('%H:%M')}"
    return out


def kept_rows(sizes: list[int]) -> list[dict]:
    """The last report's rows of the sizes not run now (each row says when it was measured)."""
    last = RESULTS / "bench.json"
    rows = json.loads(last.read_text())["sizes"] if last.exists() else []
    return [r for r in rows if r["size"] not in sizes]


def _cold_figures(size: int) -> dict:
    record = cold_record(size)
    if record.exists():
        return json.loads(record.read_text())
    legacy = CACHE / "scifact-ingest.json"  # written by `make eval` when it built the SciFact index cold
    if size == 5183 and legacy.exists():
        return {**json.loads(legacy.read_text()), "label": "cold (from make eval)"}
    return {}


# ---------------------------------------------------------------- child processes

def child(argv: list[str]) -> int:
    """`python -m eval.bench --child KIND SIZE [OUT] [LABEL] [INDEX_DIR]`: one measurement, JSON on stdout."""
    kind, size = argv[0], int(argv[1])
    out_path = Path(argv[2]) if len(argv) > 2 and argv[2] != "-" else None
    label = argv[3] if len(argv) > 3 else ""
    settings = index_settings(size)
    if len(argv) > 4:  # a throw-away index (the 70's cold ingest): its own empty embedding cache
        settings = Settings(index_dir=Path(argv[4]) / "index")
    paths = corpus_paths(size)
    if kind == "ingest":
        result = measure_ingest(paths, settings, label)
    elif kind == "latency":
        result = measure_latency(settings, bench_queries())
    elif kind == "coldstart":
        result = measure_cold_start(settings, paths)
    else:
        raise SystemExit(f"unknown measurement {kind!r}")
    if out_path:
        out_path.write_text(json.dumps(result, indent=1))
    print(json.dumps(result))
    return 0


def _child_json(kind: str, size: int, out: str | None = None, label: str = "", index_dir: str = "") -> dict:
    argv = [sys.executable, "-m", "eval.bench", "--child", kind, str(size), out or "-", label]
    argv += [index_dir] if index_dir else []
    print(f"bench: {kind} {size:,} {label}".rstrip(), file=sys.stderr, flush=True)
    done = subprocess.run(argv, cwd=ROOT, env=clean_env(), capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{kind} at {size:,} papers failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _du(path: Path) -> float:
    if path.is_file():
        return path.stat().st_blocks * 512 / 2**20
    return sum(p.stat().st_blocks * 512 for p in path.rglob("*") if p.is_file()) / 2**20 if path.exists() else 0.0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return child(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="70,5183,100000", help="corpus sizes: 70, 5183 and/or a scaled size")
    parser.add_argument("--cold", action="store_true", help="re-measure the cached cold ingests (slow)")
    parser.add_argument("--seed", action="store_true",
                        help="build the 100k corpus's distinct part from the eval caches' vectors (no cold figure)")
    parser.add_argument("--no-peer", action="store_true", help="skip the plain llama-index pipeline beside ours")
    parser.add_argument("--no-load", action="store_true", help="skip the concurrent-clients run through the page")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    for size in sizes:
        if size not in (70, 5183):
            build_scaled(size)
    rows = kept_rows(sizes) + [measure_size(size, args) for size in sizes]
    rows.sort(key=lambda r: r["size"])
    skip = {peer_section: args.no_peer, load_section: args.no_load}
    extras = [section(args) for section in EXTRA_SECTIONS if not skip.get(section)]
    text = to_markdown(rows, extras)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "bench.md").write_text(text, encoding="utf-8")
    (RESULTS / "bench.json").write_text(json.dumps({"sizes": rows, **{t: d for t, _, d in extras}}, indent=1))
    plot(rows, RESULTS / "bench.png")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
