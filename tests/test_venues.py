"""Several venues at once: `venue=["ICLR", "NeurIPS"]` means papers of any of them, in every retriever and answer."""

from __future__ import annotations

import shutil

import pytest

import rag
from conftest import FAST_THREADS, copy_data
from rag.index.chroma import normalize_venues, where_filter
from rag.answer.understand import combine_venues

NEURIPS = """NeurIPS 2025 Papers

We propose ZebraStream, a streaming video understanding model with bounded memory: every incoming frame is \
compressed into a fixed budget of memory tokens, so arbitrarily long video streams are answered with constant \
memory and latency.

We present KeelCL, a continual learning method for vision transformers that avoids catastrophic forgetting by \
consolidating a small set of task-specific prompts, learning twenty tasks in sequence without replaying old data.
"""
MODES = ["hybrid", "dense", "keyword"]


@pytest.fixture(scope="module")
def three_venues(tmp_path_factory, built_settings) -> rag.Settings:
    """The shipped index (ICLR, ICML) plus two NeurIPS 2025 papers: three venues."""
    root = tmp_path_factory.mktemp("venues")
    data = copy_data(root / "data")
    (data / "papers" / "neurips.txt").write_text(NEURIPS, encoding="utf-8")
    shutil.copytree(built_settings.index.index_dir, root / "index")
    settings = rag.Settings(index_dir=root / "index", data_dir=data, embed_threads=FAST_THREADS)
    rag.ingest(settings=settings)
    return settings


@pytest.mark.parametrize("venue, year, where", [
    (None, None, None),
    ("ICML", None, {"venue": "icml"}),
    (["ICML"], None, {"venue": "icml"}),
    (["ICML", "icml ", "ICLR"], None, {"venue": {"$in": ["icml", "iclr"]}}),
    (("ICLR", "NeurIPS"), 2026, {"$and": [{"venue": {"$in": ["iclr", "neurips"]}}, {"year": 2026}]}),
    ([], 2025, {"year": 2025}),
    (["", "  "], None, None),
])
def test_chroma_filters_several_venues_with_in(venue, year, where):
    assert where_filter(venue, year) == where


@pytest.mark.parametrize("venue", [5, [1], {"ICLR": 1}, ["ICLR", None]])
def test_a_malformed_venue_filter_says_what_is_expected(venue):
    with pytest.raises(ValueError, match=r"a name or a list of names"):
        normalize_venues(venue)


@pytest.mark.parametrize("chosen, named, venue", [
    (None, "ICLR", "ICLR"),
    ([], "ICLR", "ICLR"),
    ("ICML", "ICLR", "ICML"),  # an explicit filter wins over the question's words
    (["ICLR", "ICML"], "ICLR", "ICLR"),  # the question narrows a choice that includes its venue
    (["iclr", "ICML"], "ICLR", "ICLR"),
    (["ICML", "NeurIPS"], "ICLR", ("ICML", "NeurIPS")),  # ... but never widens it
    (["ICLR", "ICML"], None, ("ICLR", "ICML")),
    (["ICML"], None, "ICML"),
])
def test_chosen_venues_and_a_venue_named_in_the_question_combine(chosen, named, venue):
    assert combine_venues(chosen, named) == venue


@pytest.mark.parametrize("mode", MODES)
def test_search_keeps_papers_of_any_chosen_venue_and_no_other(three_venues, mode):
    hits = rag.search("streaming video with bounded memory", k=30, venue=["ICLR", "NeurIPS"],
                      settings=three_venues, mode=mode)
    assert hits and {h.paper.venue for h in hits} <= {"ICLR", "NeurIPS"}
    assert "ZebraStream" in {h.paper.title for h in hits}
    unfiltered = rag.search("streaming video with bounded memory", k=30, settings=three_venues, mode=mode)
    assert "ICML" in {h.paper.venue for h in unfiltered}  # the filter, not the question, kept ICML out


def test_a_single_venue_string_still_filters(three_venues):
    hits = rag.search("continual learning", k=20, venue="NeurIPS", settings=three_venues)
    assert {h.paper.venue for h in hits} == {"NeurIPS"} and hits[0].paper.title == "KeelCL"


def test_ask_and_ask_stream_cite_only_the_chosen_venues(three_venues):
    question = "Which papers study streaming video with bounded memory?"
    answer = rag.ask(question, venue=["ICML", "NeurIPS"], settings=three_venues)
    venues = {c.paper.venue for c in answer.citations}
    assert answer.citations and venues <= {"ICML", "NeurIPS"} and "ZebraStream" in answer.text
    # (no ICLR paper studies streaming video: the ICLR stream is asked of what some do)
    *pieces, streamed = rag.ask_stream("Which papers compress video tokens?", venue=["ICLR"], settings=three_venues)
    assert streamed.citations and {c.paper.venue for c in streamed.citations} == {"ICLR"}
    *pieces, none = rag.ask_stream(question, venue=["ICLR"], settings=three_venues)
    assert none.abstained and not none.citations


def test_a_venue_named_in_the_question_narrows_the_chosen_ones(three_venues):
    answer = rag.ask("Which NeurIPS papers study continual learning?", venue=["ICLR", "NeurIPS"],
                     settings=three_venues)
    assert [c.paper.title for c in answer.citations] == ["KeelCL"]


def test_counting_papers_respects_several_venues(three_venues):
    answer = rag.ask("How many papers are indexed?", venue=["ICLR", "NeurIPS"], settings=three_venues)
    assert answer.text == "21 papers are indexed (ICLR 2026: 19, NeurIPS 2025: 2)."
