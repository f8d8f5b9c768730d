"""The peer comparison (eval/peer.py) end to end on a handful of papers: both systems, one cache, fair K."""

from __future__ import annotations

import json
import sys

import pytest

import rag

from conftest import FAST_THREADS, PROJECT_ROOT

pytest.importorskip("llama_index.vector_stores.chroma", reason="the peer needs the dev extra: pip install -e '.[dev]'")
if str(PROJECT_ROOT) not in sys.path:  # eval/ is a top-level package of the checkout, not installed
    sys.path.insert(0, str(PROJECT_ROOT))

from eval import peer  # noqa: E402

pytestmark = pytest.mark.slow  # builds both systems' indexes; eval/peer.py is what `make bench` runs

# ~3 × the splitter's 1024 tokens: the one paper the default SentenceSplitter cuts into several nodes
LONG_ABSTRACT = " ".join(
    f"Glacier observation {i} records how meltwater channel number {i} widened during summer season {i % 7}."
    for i in range(260)
)
PAPERS = [
    ("p1", "ICML", "Veda", "Veda accelerates video diffusion transformers with sparse attention, reaching a 5.1x speedup."),
    ("p2", "ICML", "ProtoKV", "ProtoKV answers streaming video questions with a bounded key-value memory of prototypes."),
    ("p3", "ICLR", "SoilNet", "SoilNet predicts soil moisture from satellite radar using a graph neural network."),
    ("p4", "ICLR", "ChessLM", "ChessLM teaches a language model to play chess by self-play and search over moves."),
    ("p5", "ICLR", "ProteinFold", "ProteinFold predicts protein structures from amino acid sequences with diffusion."),
    ("p6", "ICML", "Glaciers", LONG_ABSTRACT),
]
QUERIES = (
    peer.Query("How much faster is video diffusion with sparse attention?", frozenset({"p1"}), kind="known-item"),
    peer.Query("soil moisture from radar satellites", frozenset({"p3"}), kind="known-item"),
    peer.Query("glacier meltwater channels in summer", frozenset({"p6"}), kind="known-item"),
    peer.Query("Which ICLR papers use diffusion?", frozenset({"p5"}), venue="ICLR", year=2026, kind="venue"),
)


def write_papers(path, papers=PAPERS):
    rows = [{"_id": pid, "title": title, "text": text, "venue": venue, "year": 2026}
            for pid, venue, title, text in papers]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def tiny(tmp_path):
    settings = rag.Settings(index_dir=tmp_path / "ours", embed_threads=FAST_THREADS)
    corpus_file = write_papers(tmp_path / "papers.jsonl")
    return peer.Corpus("tiny", (corpus_file,), "external_id", QUERIES, settings, "tiny set")


def test_evaluate_scores_both_systems_on_the_same_queries(tiny, tmp_path):
    result = peer.evaluate(tiny, cache_dir=tmp_path / "cache")

    assert result["papers"] == 6 and result["queries"] == len(QUERIES)
    assert result["peer_build"]["nodes"] > 6  # the long abstract became several nodes
    for system in ("ours", "peer"):
        assert result[system]["rows"]["all"]["n"] == len(QUERIES)
        assert set(result[system]["rows"]) == {"all", "known-item", "venue"}
        assert result[system]["p50_ms"] > 0
    ours, theirs = result["ours"]["rows"]["all"], result["peer"]["rows"]["all"]
    assert result["ratios"]["ndcg@10"] == pytest.approx(ours["ndcg@10"] / theirs["ndcg@10"])
    assert result["ratios"]["p50_ms"] == pytest.approx(result["ours"]["p50_ms"] / result["peer"]["p50_ms"])
    assert (tmp_path / "cache" / "peer-tiny" / "build.json").exists()
    assert "| tiny set (4 q, 6 papers) | ndcg@10 |" in peer.to_markdown(
        {"run": "now", "cpus": 2, "load_average_start": 0.0, "load_average_end": 0.0, "embedder": "x",
         "versions": {"llama-index-core": "a", "llama-index-vector-stores-chroma": "b", "chromadb": "c"},
         "corpora": [result], "skipped": []})


def test_peer_ranks_papers_by_their_best_node_and_applies_filters(tiny, tmp_path):
    index, _info = open_tiny(tiny, tmp_path)
    ranker = peer.PeerRanker(index, k=20)

    glacier = ranker.rank(QUERIES[2])
    iclr = ranker.rank(QUERIES[3])

    assert glacier[0] == "p6" and len(glacier) == len(set(glacier)) == 6  # several p6 nodes, one p6 entry
    assert set(iclr) == {"p3", "p4", "p5"} and iclr[0] == "p5"


def test_k_is_raised_until_every_query_has_enough_distinct_papers(tiny, tmp_path, monkeypatch):
    index, info = open_tiny(tiny, tmp_path)
    monkeypatch.setattr(peer, "DEPTH", 3)

    k = peer.choose_k(index, QUERIES, probe=info["nodes"])

    assert k > 3  # the glacier query's top nodes are mostly the one long paper
    ranker = peer.PeerRanker(index, k)
    assert all(len(ranker.rank(q)) >= 3 for q in QUERIES)
    assert any(len(peer.PeerRanker(index, k - 1).rank(q)) < 3 for q in QUERIES)  # and no larger than needed


def test_the_peer_index_is_cached_and_rebuilt_only_when_the_papers_change(tiny, tmp_path, monkeypatch):
    _index, first = open_tiny(tiny, tmp_path)
    with monkeypatch.context() as m:
        m.setattr(peer, "build_peer", lambda *a, **k: pytest.fail("rebuilt an unchanged index"))
        _index, again = open_tiny(tiny, tmp_path)
    assert again == first

    edited = [*PAPERS[:-1], ("p6", "ICML", "Glaciers", "Glaciers retreat; a short abstract now.")]
    write_papers(tiny.paths[0], edited)
    _index, rebuilt = open_tiny(tiny, tmp_path)
    assert rebuilt["fingerprint"] != first["fingerprint"] and rebuilt["nodes"] == 6


def open_tiny(corpus, tmp_path):
    from rag.corpus.papers import load_papers
    from rag.index.embedders import get_embedder
    from rag.index.embedcache import uncached

    docs = peer.peer_documents(load_papers(corpus.paths).papers, corpus.id_field)
    return peer.open_peer(corpus, docs, uncached(get_embedder(corpus.ours)), cache_dir=tmp_path / "cache")
