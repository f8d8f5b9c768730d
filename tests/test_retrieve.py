"""Search through the public `rag.search`: known items, filters in every mode, bad queries, first use."""

from __future__ import annotations

import json
import logging

import pytest

import rag
from rag.corpus.papers import load_papers

from conftest import FAST_THREADS, PAPERS_DIR, PROJECT_ROOT, VEDA_QUESTION

MODES = ["hybrid", "dense", "keyword"]
QUESTIONS = PROJECT_ROOT / "eval" / "questions" / "dev.jsonl"  # dev only: the test split is never a fixture


def known_items() -> list:
    rows = [json.loads(line) for line in QUESTIONS.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [pytest.param(r["question"], r["gold"], r.get("venue"), r.get("year"), id=r["qid"])
            for r in rows if r["kind"] == "fact"]


@pytest.fixture(scope="module")
def shipped_papers():
    return load_papers([PAPERS_DIR]).papers


# ---------------------------------------------------------------- known items

def test_veda_question_finds_veda_with_the_speedup_sentence(built_settings):
    hits = rag.search(VEDA_QUESTION, settings=built_settings)

    assert hits[0].paper.title == "Veda"
    assert any("5.1× end-to-end speedup" in s for s in hits[0].snippets)
    assert hits[0].dense_score is not None and hits[0].keyword_score > 0


@pytest.mark.parametrize(("question", "gold", "venue", "year"), known_items())
def test_known_item_questions_find_their_paper_in_the_top_5(built_settings, question, gold, venue, year):
    hits = rag.search(question, k=5, venue=venue, year=year, settings=built_settings)

    assert set(gold) <= {h.paper.id for h in hits}, [h.paper.title for h in hits]


@pytest.mark.parametrize("mode", MODES)
def test_hits_are_one_per_paper_best_first(built_settings, mode):
    hits = rag.search("streaming video understanding with bounded memory", k=20, settings=built_settings, mode=mode)

    assert 0 < len(hits) <= 20
    assert len({h.paper.id for h in hits}) == len(hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert all(s in h.paper.text for h in hits for s in h.snippets)


# ---------------------------------------------------------------- filters, in every retriever

@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("filters", "venue_year"),
    [
        ({"venue": "ICLR"}, {"ICLR 2026"}),
        ({"venue": "iclr"}, {"ICLR 2026"}),
        ({"venue": "ICML", "year": 2026}, {"ICML 2026"}),
        ({"venue": "ICLR", "year": 2026}, {"ICLR 2026"}),
        ({"year": 2026}, {"ICLR 2026", "ICML 2026"}),
    ],
)
def test_filters_keep_only_matching_papers(built_settings, shipped_papers, mode, filters, venue_year):
    # Veda (ICML) is the best match for this query, so an ICLR filter must really filter
    hits = rag.search(VEDA_QUESTION, k=70, settings=built_settings, mode=mode, **filters)

    assert hits and {h.paper.venue_year for h in hits} <= venue_year
    if mode != "keyword" and venue_year == {"ICLR 2026"}:
        # the filter is exact, never an unfiltered top list cut down: every ICLR paper comes back
        assert len(hits) == sum(p.venue_year == "ICLR 2026" for p in shipped_papers) == 19


@pytest.mark.parametrize("filters", [{"venue": "ICML"}, {"venue": ["ICLR", "NeurIPS"]}, {"year": 2026}])
def test_a_filter_over_a_wide_query_gives_chromas_filtered_top_chunks(built_settings, monkeypatch, filters):
    """Filters keeping many papers are applied to a wider unfiltered query: the same chunks, in the same order."""
    import rag.index.exact
    import rag.retrieval.hybrid as retrieve

    monkeypatch.setattr(rag.index.exact, "EXACT_CHUNKS", 0)  # a collection too large to search exactly
    index = rag.get_index(built_settings)
    snapshot = index.snapshot()
    vector = index.embedder.embed([VEDA_QUESTION])[0]
    mask = snapshot.mask(filters.get("venue"), filters.get("year"))
    calls = []
    monkeypatch.setattr(index, "dense", lambda v, n, venue=None, year=None, real=index.dense:
                        calls.append((n, venue)) or real(v, n, venue, year))
    for n in (5, 20):
        calls.clear()
        widened = retrieve.dense_filtered(index, snapshot, vector, n, filters.get("venue"), filters.get("year"), mask)
        exact = index.dense(vector, n, filters.get("venue"), filters.get("year"))  # Chroma's own filter
        assert [c for c, _, _ in widened] == [c for c, _, _ in exact] and len(widened) == n
        assert calls[0][1] is None  # the first query was the wide, unfiltered one
    # too few matching chunks in the wide list: Chroma's filter answers, still exact
    calls.clear()
    all_chunks = len(snapshot.chunk_ids)
    assert len(retrieve.dense_filtered(index, snapshot, vector, all_chunks, "ICLR", None,
                                       snapshot.mask("ICLR", None))) < all_chunks
    assert calls[-1][1] == "ICLR"


@pytest.mark.parametrize("filters", [{}, {"venue": "ICML"}, {"venue": ["ICLR", "NeurIPS"]}, {"year": 2026}])
def test_a_small_collection_is_searched_exactly_with_chromas_similarities(built_settings, filters):
    """Up to exact.EXACT_CHUNKS chunks the nearest chunks are found by a matrix product, not Chroma's approximate
    HNSW (whose results differed between processes): the same chunks Chroma finds here, where it finds them all."""
    import rag.retrieval.hybrid as retrieve

    index = rag.get_index(built_settings)
    snapshot = index.snapshot()
    vector = index.embedder.embed([VEDA_QUESTION])[0]
    mask = snapshot.mask(filters.get("venue"), filters.get("year"))
    found = retrieve.dense_filtered(index, snapshot, vector, 20, filters.get("venue"), filters.get("year"), mask)
    chroma = index.dense(vector, 20, filters.get("venue"), filters.get("year"))
    assert [c for c, _, _ in found] == [c for c, _, _ in chroma]
    assert [s for _, _, s in found] == pytest.approx([s for _, _, s in chroma], abs=1e-5)
    assert all(s1 >= s2 for (_, _, s1), (_, _, s2) in zip(found, found[1:]))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("filters", [{"venue": "CVPR"}, {"year": 2025}, {"venue": "ICLR", "year": 2025}])
def test_a_filter_that_matches_no_paper_returns_nothing(built_settings, mode, filters):
    assert rag.search(VEDA_QUESTION, settings=built_settings, mode=mode, **filters) == []


# ---------------------------------------------------------------- queries

@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("query", ["", "   ", "\n\t  \n"])
def test_an_empty_query_is_a_clear_error(built_settings, query, mode):
    with pytest.raises(ValueError, match="the query is empty"):
        rag.search(query, settings=built_settings, mode=mode)


def test_a_50000_character_query_is_truncated_not_fatal(built_settings, caplog):
    query = ("sparse attention for long video diffusion transformers " * 1000)[:50_000]

    with caplog.at_level(logging.INFO, logger="paperchat"):
        hits = rag.search(query, k=5, settings=built_settings)

    assert len(hits) == 5 and hits[0].paper.title == "Veda"
    assert "query of 50000 characters truncated to 1000" in caplog.text


def test_an_unknown_mode_is_an_error(built_settings):
    with pytest.raises(ValueError, match="mode"):
        rag.search(VEDA_QUESTION, settings=built_settings, mode="bm25")


# ---------------------------------------------------------------- first use

@pytest.mark.slow
def test_first_search_builds_the_default_index(tmp_path, monkeypatch, caplog, data_copy):
    data = data_copy(tmp_path / "data")
    monkeypatch.setenv("PAPERCHAT_DATA_DIR", str(data))
    monkeypatch.setenv("PAPERCHAT_EMBED_THREADS", str(FAST_THREADS))
    index_dir = tmp_path / "index"  # PAPERCHAT_INDEX_DIR, set by the autouse fixture
    assert not index_dir.exists()

    with caplog.at_level(logging.WARNING, logger="paperchat"):
        hits = rag.search(VEDA_QUESTION)

    assert f"no index yet: building it from {data}" in caplog.text
    assert hits[0].paper.title == "Veda"
    assert (index_dir / "current.json").exists()
    assert rag.stats().venues == {"ICLR": {2026: 19}, "ICML": {2026: 51}}
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="paperchat"):
        assert rag.search("SegPVSG panoptic video scene graph", k=1)[0].paper.title == "SegPVSG"
    assert "building" not in caplog.text


def test_an_empty_first_query_fails_before_building_anything(tmp_path, monkeypatch, caplog):
    data = tmp_path / "data"
    data.mkdir()
    (data / "list.txt").write_text(
        "ICML 2026 Papers\n\nWe propose FooNet, a lightweight encoder for video action recognition.\n",
        encoding="utf-8")
    monkeypatch.setenv("PAPERCHAT_DATA_DIR", str(data))

    with caplog.at_level(logging.WARNING, logger="paperchat"), pytest.raises(ValueError, match="empty"):
        rag.search("   ")

    assert "building" not in caplog.text
    assert not (tmp_path / "index" / "current.json").exists()
