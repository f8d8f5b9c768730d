"""The peer: a plain llama-index pipeline beside paperchat, same machine, same run, same embedder.

The peer is what the llama-index docs build: one `Document` per paper (title + abstract), the default
`SentenceSplitter`, a `VectorStoreIndex` over a Chroma collection, `index.as_retriever(similarity_top_k=K)`.
Papers are ranked by their best node. Both systems answer the same queries, interleaved one by one, so
CPU load from other processes hits both alike. `python -m eval.peer` writes eval/results/peer.md (and
.json); eval/bench.py calls `compare()`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Callable, Sequence

import rag
from rag.corpus.papers import load_papers
from rag.index.embedders import get_embedder
from rag.index.embed import as_llama_index
from rag.index.embedcache import uncached
from rag.settings import Settings
from rag.types import Paper

from .datasets import ROOT, SCIFACT, retrieval_questions, scifact_available, scifact_queries
from .metrics import percentile, retrieval_row
from .run import CACHE, RESULTS

DEPTH = 10  # papers per ranked list: the metrics look at 10
COLLECTION = "peer"
QUALITY = ("recall@5", "mrr@10", "ndcg@10")


@dataclass(frozen=True)
class Query:
    text: str
    gold: frozenset[str]
    venue: str | None = None
    year: int | None = None
    kind: str = "all"


@dataclass(frozen=True)
class Corpus:
    """One evaluation: the paper lists both systems index and the queries both answer."""

    name: str  # the peer's index lives in <cache>/peer-<name>
    paths: tuple[Path, ...]
    id_field: str  # the Paper attribute the gold ids name: "id" (own set) or "external_id" (BEIR)
    queries: tuple[Query, ...]
    ours: Settings  # the paperchat index searched for "ours"
    label: str = ""


def own_corpus(index_dir: Path) -> Corpus:
    """The shipped 70 papers and our test questions that have gold papers (eval/questions/test.jsonl)."""
    queries = tuple(Query(q["question"], frozenset(q["gold"]), q.get("venue"), q.get("year"), q["kind"])
                    for q in retrieval_questions("test"))
    return Corpus("own", (ROOT / "data",), "id", queries,
                  Settings(index_dir=index_dir, data_dir=ROOT / "data"), "own question set")


def scifact_corpus(limit: int | None = None) -> Corpus:
    """SciFact's corpus and test claims, searched by ours in the same cached index eval/run.py uses."""
    queries = tuple(Query(text, frozenset(gold)) for _qid, text, gold in scifact_queries("test")[:limit])
    return Corpus("scifact", (SCIFACT / "corpus.jsonl",), "external_id", queries,
                  Settings(index_dir=CACHE / "scifact-index"), "BEIR SciFact, test split")


# ---------------------------------------------------------------- the peer's index

def peer_documents(papers: Sequence[Paper], id_field: str):
    """One llama-index Document per paper, as a plain pipeline loads a paper list."""
    from llama_index.core import Document

    docs = []
    for paper in papers:
        pid = getattr(paper, id_field)
        metadata = {"paper_id": pid}
        if paper.venue != "unknown":
            metadata["venue"] = paper.venue
        if paper.year is not None:
            metadata["year"] = paper.year
        # the id is kept out of the embedded text: a hash there would only handicap the peer
        docs.append(Document(id_=pid, text=f"{paper.title}\n\n{paper.abstract}", metadata=metadata,
                             excluded_embed_metadata_keys=["paper_id"],
                             excluded_llm_metadata_keys=["paper_id"]))
    return docs


def fingerprint(docs, embedder_id: str) -> str:
    """Changes when the papers, the embedder, the splitter defaults or llama-index change: then rebuild."""
    from llama_index.core.node_parser import SentenceSplitter

    splitter = SentenceSplitter()
    digest = hashlib.sha256()
    for part in (embedder_id, version("llama-index-core"), version("llama-index-vector-stores-chroma"),
                 str(splitter.chunk_size), str(splitter.chunk_overlap)):
        digest.update(part.encode() + b"\0")
    for doc in docs:
        digest.update(json.dumps([doc.id_, doc.text, doc.metadata], sort_keys=True).encode() + b"\0")
    return digest.hexdigest()


def open_peer(corpus: Corpus, docs, embedder, cache_dir: Path = CACHE, rebuild: bool = False,
              progress: bool = False):
    """The peer's VectorStoreIndex for `corpus` and its build record, from the cache or built once."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings
    from llama_index.core import VectorStoreIndex
    from llama_index.vector_stores.chroma import ChromaVectorStore

    from rag.index.chroma import NoDownloadEmbeddingFunction

    folder = cache_dir / f"peer-{corpus.name}"
    info_path = folder / "build.json"
    wanted = fingerprint(docs, embedder.id)
    info = json.loads(info_path.read_text()) if info_path.exists() and not rebuild else {}
    folder.mkdir(parents=True, exist_ok=True)
    client = chromadb.PersistentClient(path=str(folder / "chroma"), settings=ChromaSettings(anonymized_telemetry=False))
    # vectors always come from our embedder; Chroma's own default would download a model
    no_download = NoDownloadEmbeddingFunction(embedder.id)
    collection = client.get_or_create_collection(COLLECTION, embedding_function=no_download)
    if info.get("fingerprint") == wanted and collection.count() == info["nodes"]:
        store = ChromaVectorStore(chroma_collection=collection)
        return VectorStoreIndex.from_vector_store(store, embed_model=as_llama_index(embedder)), info
    # stale, half-built or asked for: an empty collection (dropped through Chroma, not rm -r: this
    # process may hold the database open)
    info_path.unlink(missing_ok=True)
    client.delete_collection(COLLECTION)
    collection = client.create_collection(COLLECTION, embedding_function=no_download)
    index, info = build_peer(docs, collection, embedder, progress)
    info["fingerprint"] = wanted
    info_path.write_text(json.dumps(info, indent=1))  # written last: an interrupted build is redone
    return index, info


def build_peer(docs, collection, embedder, progress: bool = False):
    """The plain pipeline's indexing step, timed: default SentenceSplitter, embed, add to Chroma."""
    from llama_index.core import StorageContext, VectorStoreIndex
    from llama_index.core.node_parser import SentenceSplitter
    from llama_index.vector_stores.chroma import ChromaVectorStore

    embedder.embed(["load the model first"])  # model load is not part of the build time
    storage = StorageContext.from_defaults(vector_store=ChromaVectorStore(chroma_collection=collection))
    started = time.perf_counter()
    index = VectorStoreIndex.from_documents(docs, storage_context=storage, embed_model=as_llama_index(embedder),
                                            transformations=[SentenceSplitter()], show_progress=progress)
    seconds = time.perf_counter() - started
    per_paper = Counter(m["paper_id"] for m in collection.get(include=["metadatas"])["metadatas"])
    return index, {"papers": len(docs), "nodes": collection.count(),
                   "max_nodes_per_paper": max(per_paper.values(), default=0), "seconds": seconds,
                   "papers_per_s": len(docs) / seconds if seconds else 0.0,
                   "measured": time.strftime("%Y-%m-%d %H:%M"), "load_average": os.getloadavg()[0]}


class PeerRanker:
    """Papers ranked by their best node among the retriever's top K (one retriever per filter)."""

    def __init__(self, index, k: int):
        self.index, self.k = index, k
        self._retrievers: dict[tuple, object] = {}

    def retriever(self, venue: str | None, year: int | None):
        key = (venue, year)
        if key not in self._retrievers:
            self._retrievers[key] = self.index.as_retriever(similarity_top_k=self.k, filters=_filters(venue, year))
        return self._retrievers[key]

    def rank(self, query: Query) -> list[str]:
        nodes = self.retriever(query.venue, query.year).retrieve(query.text)
        return list(dict.fromkeys(n.node.metadata["paper_id"] for n in nodes))  # best-scored first


def _filters(venue: str | None, year: int | None):
    from llama_index.core.vector_stores import MetadataFilter, MetadataFilters

    clauses = [MetadataFilter(key=key, value=value) for key, value in (("venue", venue), ("year", year))
               if value is not None]
    return MetadataFilters(filters=clauses) if clauses else None


def choose_k(index, queries: Sequence[Query], probe: int) -> int:
    """The smallest top-K that leaves every query DEPTH distinct papers (or all it can reach).

    Label-free, so using the evaluated queries leaks nothing: it looks at paper counts, never at gold ids.
    `probe` must be an upper bound on what any query needs (DEPTH × the most nodes one paper has).
    """
    deep = PeerRanker(index, probe)
    needed = DEPTH
    for query in queries:
        nodes = deep.retriever(query.venue, query.year).retrieve(query.text)
        seen: set[str] = set()
        for position, node in enumerate(nodes, start=1):
            seen.add(node.node.metadata["paper_id"])
            if len(seen) == DEPTH:
                needed = max(needed, position)
                break
        else:
            needed = max(needed, len(nodes))  # a filter that matches fewer than DEPTH papers
    return needed


# ---------------------------------------------------------------- measuring both

def interleaved(queries: Sequence[Query], systems: dict[str, Callable[[Query], list[str]]]) -> dict:
    """Run every system on every query, alternating who goes first; rankings and per-query seconds."""
    names = list(systems)
    out = {name: {"runs": [], "kinds": [], "times": [], "papers": []} for name in names}
    for name in names:
        systems[name](Query("warm-up query", frozenset()))
    for i, query in enumerate(queries):
        for name in (names if i % 2 == 0 else names[::-1]):
            started = time.perf_counter()
            ranked = systems[name](query)
            out[name]["times"].append(time.perf_counter() - started)
            out[name]["runs"].append((ranked[:DEPTH], set(query.gold)))
            out[name]["kinds"].append(query.kind)
            out[name]["papers"].append(len(set(ranked)))
    return out


def summarise(measured: dict) -> dict:
    """Quality rows (all queries and per kind) and latency percentiles for one system."""
    runs, kinds, times = measured["runs"], measured["kinds"], measured["times"]
    rows = {"all": retrieval_row(runs)}
    for kind in sorted(set(kinds) - {"all"}):
        rows[kind] = retrieval_row([r for r, k in zip(runs, kinds) if k == kind])
    return {"rows": rows, "p50_ms": 1000 * percentile(times, 50), "p95_ms": 1000 * percentile(times, 95),
            "min_papers_per_query": min(measured["papers"], default=0)}


def evaluate(corpus: Corpus, cache_dir: Path = CACHE, rebuild: bool = False, progress: bool = False) -> dict:
    """Ours and the peer on one corpus: quality, latency and their ratios (ours ÷ peer)."""
    papers = load_papers(corpus.paths).papers
    report = rag.ingest(corpus.paths, settings=corpus.ours)  # a no-op when the cached index is current
    # the model ours embeds queries with; not through the embedding cache, which would hand the peer
    # stored query vectors and keep its texts in our cache
    embedder = uncached(get_embedder(corpus.ours))
    docs = peer_documents(papers, corpus.id_field)
    _say(f"peer index for {corpus.name} ({len(docs):,} papers): opening or building under {cache_dir}")
    index, build = open_peer(corpus, docs, embedder, cache_dir, rebuild, progress)
    k = choose_k(index, corpus.queries, probe=min(build["nodes"], DEPTH * build["max_nodes_per_paper"]))
    peer = PeerRanker(index, k)

    def ours(query: Query) -> list[str]:
        hits = rag.search(query.text, k=DEPTH, venue=query.venue, year=query.year, settings=corpus.ours)
        return [getattr(h.paper, corpus.id_field) for h in hits]

    _say(f"{corpus.name}: {len(corpus.queries)} queries through both, interleaved (peer top-K = {k})")
    measured = interleaved(corpus.queries, {"ours": ours, "peer": peer.rank})
    result = {"name": corpus.name, "label": corpus.label, "papers": report.papers, "queries": len(corpus.queries),
              "k": k, "peer_build": build, "ours": summarise(measured["ours"]), "peer": summarise(measured["peer"])}
    result["ratios"] = ratios(result["ours"], result["peer"])
    return result


def ratios(ours: dict, peer: dict) -> dict:
    """ours ÷ peer: above 1 is better for quality, below 1 is better for latency."""
    out = {m: _ratio(ours["rows"]["all"][m], peer["rows"]["all"][m]) for m in QUALITY}
    out.update({p: _ratio(ours[p], peer[p]) for p in ("p50_ms", "p95_ms")})
    out["ahead_on_quality"] = all(ours["rows"]["all"][m] >= peer["rows"]["all"][m] for m in QUALITY)
    out["latency_no_worse"] = ours["p50_ms"] <= peer["p50_ms"]
    return out


def _ratio(a: float, b: float) -> float | None:
    return a / b if b else None


# ---------------------------------------------------------------- the report

def compare(corpora: Sequence[str] = ("own", "scifact"), *, scifact_limit: int | None = None,
            rebuild: bool = False, write: bool = True, progress: bool = False) -> dict:
    """Measure ours against the peer on `corpora` ("own", "scifact"); write peer.md/.json unless write=False.

    Returns {"corpora": [per-corpus results], "markdown": the report, ...}; SciFact is skipped (with a
    note) when ../shared/benchmarks/scifact is missing.
    """
    unknown = set(corpora) - {"own", "scifact"}
    if unknown:
        raise ValueError(f"unknown corpus {sorted(unknown)}: choose from 'own' and 'scifact'")
    result = {"run": time.strftime("%Y-%m-%d %H:%M"), "cpus": len(os.sched_getaffinity(0)),
              "load_average_start": os.getloadavg()[0], "embedder": Settings().embedder_id,
              "versions": {p: version(p) for p in ("llama-index-core", "llama-index-vector-stores-chroma", "chromadb")},
              "corpora": [], "skipped": []}
    with tempfile.TemporaryDirectory(prefix="paperchat-peer-") as tmp:
        if "own" in corpora:
            result["corpora"].append(evaluate(own_corpus(Path(tmp) / "own"), rebuild=rebuild, progress=progress))
    if "scifact" in corpora:
        if scifact_available():
            result["corpora"].append(evaluate(scifact_corpus(scifact_limit), rebuild=rebuild, progress=progress))
        else:
            result["skipped"].append(f"SciFact: {SCIFACT} not found")
    result["load_average_end"] = os.getloadavg()[0]
    result["markdown"] = to_markdown(result)
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "peer.md").write_text(result["markdown"], encoding="utf-8")
        (RESULTS / "peer.json").write_text(json.dumps({k: v for k, v in result.items() if k != "markdown"}, indent=1))
    return result


def to_markdown(result: dict) -> str:
    lines = [
        "# paperchat vs a plain llama-index pipeline",
        "",
        f"Run {result['run']} · {result['cpus']} CPU cores shared with other processes (1-min load average "
        f"{result['load_average_start']:.1f} at the start, {result['load_average_end']:.1f} at the end) · "
        f"embedder `{result['embedder']}` for both · llama-index-core {result['versions']['llama-index-core']}, "
        f"llama-index-vector-stores-chroma {result['versions']['llama-index-vector-stores-chroma']}, "
        f"chromadb {result['versions']['chromadb']}",
        "",
        "**ours** = `rag.search(q, k=10)` (hybrid: sentence-window vectors + BM25). **peer** = one Document per "
        "paper (title + abstract), default `SentenceSplitter` (1024 tokens, overlap 200), `VectorStoreIndex` over "
        "Chroma, `as_retriever(similarity_top_k=K)`, papers ranked by their best node; K is the smallest that "
        "leaves every query 10 distinct papers. Metadata filters (venue, year) go to both. Queries alternate "
        "between the two, so load from other processes falls on both alike. Ratio = ours ÷ peer: for quality "
        "above 1 means ours is better, for latency below 1 means ours is faster.",
        "",
        "| corpus | measure | ours | peer | ours ÷ peer | better |",
        "|---|---|---:|---:|---:|---|",
    ]
    for c in result["corpora"]:
        name = f"{c['label']} ({c['queries']} q, {c['papers']:,} papers)"
        for metric in QUALITY:
            lines.append(_row(name, metric, c["ours"]["rows"]["all"][metric], c["peer"]["rows"]["all"][metric],
                              c["ratios"][metric], "higher", "{:.3f}"))
        for p, label in (("p50_ms", "latency p50 (ms)"), ("p95_ms", "latency p95 (ms)")):
            lines.append(_row(name, label, c["ours"][p], c["peer"][p], c["ratios"][p], "lower", "{:.1f}"))
    lines.append("")
    for c in result["corpora"]:
        lines += _notes(c)
    lines += [f"Skipped: {s}." for s in result["skipped"]]
    return "\n".join(lines) + "\n"


def _row(corpus: str, measure: str, ours: float, peer: float, ratio: float | None, better: str, fmt: str) -> str:
    shown = f"{ratio:.2f}" if ratio is not None else "–"
    return f"| {corpus} | {measure} | {fmt.format(ours)} | {fmt.format(peer)} | {shown} | {better} |"


def _notes(c: dict) -> list[str]:
    r, build = c["ratios"], c["peer_build"]
    misses = [] if r["ahead_on_quality"] else ["not ahead on every quality measure"]
    if not r["latency_no_worse"]:
        slower = c["ours"]["p50_ms"] - c["peer"]["p50_ms"]
        misses.append(f"ours is {slower:.1f} ms slower at p50 ({r['p50_ms']:.2f}×)")
    verdict = "missed: " + "; ".join(misses) if misses else "met"
    kinds = [k for k in c["ours"]["rows"] if k != "all"]
    lines = [
        f"**{c['label']}**: target (ahead on quality at no worse p50 latency) {verdict}. Peer top-K = {c['k']} "
        f"({build['nodes']:,} nodes for {build['papers']:,} papers, at most {build['max_nodes_per_paper']} per "
        f"paper; fewest distinct papers in a peer list: {c['peer']['min_papers_per_query']}). Peer cold build "
        f"(embedding included, model load excluded): {build['seconds']:.1f} s, {build['papers_per_s']:.1f} "
        f"papers/s, measured {build['measured']} at load average {build['load_average']:.1f}.",
    ]
    if kinds:
        lines.append("")
        lines.append("| kind | n | ours recall@5 | peer recall@5 | ours nDCG@10 | peer nDCG@10 |")
        lines.append("|---|---:|---:|---:|---:|---:|")
        for kind in kinds:
            o, p = c["ours"]["rows"][kind], c["peer"]["rows"][kind]
            lines.append(f"| {kind} | {o['n']} | {o['recall@5']:.3f} | {p['recall@5']:.3f} | "
                         f"{o['ndcg@10']:.3f} | {p['ndcg@10']:.3f} |")
    return lines + [""]


def _say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--skip-scifact", action="store_true", help="only the own question set")
    parser.add_argument("--scifact-limit", type=int, help="first N SciFact test claims only")
    parser.add_argument("--rebuild", action="store_true", help="rebuild the peer's cached indexes")
    args = parser.parse_args(argv)
    corpora = ("own",) if args.skip_scifact else ("own", "scifact")
    result = compare(corpora, scifact_limit=args.scifact_limit, rebuild=args.rebuild, progress=sys.stderr.isatty())
    print(result["markdown"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
