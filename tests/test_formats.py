"""Each format researchers export (OpenReview, arXiv, BibTeX, RIS) imports a real-shaped sample with its metadata."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rag.corpus.formats import sniff_format
from rag.corpus.papers import load_papers

SAMPLES = Path(__file__).parent / "data"

# file, title, venue, year, authors, url, external id, arXiv id, DOI, note
EXPECTED = [
    ("openreview_notes.json", "Tidal Memory: Bounded-State Streaming for Long Video Question Answering", "ICLR", 2026,
     ("Mei Lin", "Jonas Okafor", "Priya Raman", "Tomás Alvarez"), "https://openreview.net/forum?id=Xk3pT9qLmZ",
     "Xk3pT9qLmZ", "", "", "ICLR 2026 Poster"),
    ("openreview_notes.json", "Gradient Echoes: Detecting Memorised Training Data from Optimiser State", "ICLR", 2026,
     ("Sven Halvorsen", "Aiko Tanaka"), "https://openreview.net/forum?id=b7QwErTy01", "b7QwErTy01", "", "",
     "ICLR 2026 Oral"),
    ("openreview_notes.jsonl", "Sparse Mixture Routers Forget Less in Continual Instruction Tuning", "NeurIPS", 2025,
     ("Dana Whitfield", "Rafael Costa", "Li Wei"), "https://openreview.net/forum?id=Qm4s8VbN2c", "Qm4s8VbN2c", "", "",
     "NeurIPS 2025 poster"),
    ("arxiv_metadata.jsonl", "Lattice Tokenizers for Audio Language Models", "arXiv", 2024,
     ("Hannah Becker", "Kwame Mensah", "Yuki Sato"), "https://arxiv.org/abs/2403.01234", "2403.01234", "2403.01234",
     "", "arXiv: cs.SD cs.CL eess.AS"),
    ("arxiv_metadata.jsonl", "Boundary states of a compactified string on a twisted torus", "arXiv", 1999,
     ("R. Kowalski", "M. Ito"), "https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001", "hep-th/9901001",
     "10.1016/S0550-3213(99)00123-4", "arXiv: hep-th"),
    ("zotero.bib", "Foveated Diffusion: Spending Compute Where Viewers Look", "ICML", 2025,
     ("Ren Nakamura", "Klara Schröder", "Selam Abebe"), "https://proceedings.mlr.press/v267/nakamura25a.html",
     "nakamura_foveated_2025", "", "", "Proceedings of the 42nd International Conference on Machine Learning"),
    ("zotero.bib", "Small Models Grade Proofs Better Than They Write Them", "arXiv", 2024,
     ("Chidi Okonkwo", "Erik Lindqvist"), "http://arxiv.org/abs/2410.05555", "okonkwo_small_2024", "2410.05555",
     "10.48550/arXiv.2410.05555", "arXiv:2410.05555 [cs]"),
    ("jabref.bib", "Calibrated Abstention for Retrieval-Augmented Question Answering", "TMLR", 2024,
     ("Zsófia Varga", "Patrick O'Neill", "Mingyu Chen"), "https://openreview.net/forum?id=AbC123xYz9", "Varga2024",
     "", "", "Transactions on Machine Learning Research"),
    ("zotero.ris", "Rotary Position Interpolation Without Fine-Tuning", "ACL", 2025,
     ("Lucía García", "Petr Novak", "Tunde Adeyemi"), "https://aclanthology.org/2025.acl-long.101/", "", "",
     "10.18653/v1/2025.acl-long.101",
     "Proceedings of the 63rd Annual Meeting of the Association for Computational Linguistics (ACL)"),
    ("zotero.ris", "Learned Bloom Filters for Genome Indexing", "Bioinformatics", 2023, ("Grace Mwangi", "Anders Holm"),
     "https://arxiv.org/abs/2302.04321", "", "2302.04321", "", "Bioinformatics"),
    ("endnote.ris", "Self-supervised pretraining of tabular transformers with masked cell reconstruction", "JMLR", 2022,
     ("Ivan Petrov", "Hana Suzuki", "Thandiwe Mbeki", "Claire Laurent"), "http://jmlr.org/papers/v23/21-0118.html",
     "4711", "", "", "Journal of Machine Learning Research"),
]


@pytest.fixture(scope="module")
def loaded():
    return load_papers([SAMPLES])


@pytest.mark.parametrize("row", EXPECTED, ids=[f"{r[0]}:{r[1][:20]}" for r in EXPECTED])
def test_each_format_imports_title_venue_authors_link_and_ids(loaded, row):
    source, title, venue, year, authors, url, external_id, arxiv_id, doi, note = row
    [paper] = [p for p in loaded.papers if p.title == title]
    assert (paper.source, paper.venue, paper.year, paper.authors) == (source, venue, year, authors)
    assert (paper.url, paper.external_id, paper.arxiv_id, paper.doi, paper.note) == (url, external_id, arxiv_id, doi, note)
    assert not paper.title_derived and len(paper.text.split()) > 20


def test_only_the_entry_without_an_abstract_is_reported(loaded):
    assert loaded.warnings == ["zotero.bib: 1 entry without an 'abstract' field; skipped"]
    assert len(loaded.papers) == len(EXPECTED) + 1  # the second jsonl note is checked below


def test_openreview_keeps_keywords_bibtex_and_code_links(loaded):
    [tidal] = [p for p in loaded.papers if p.external_id == "Xk3pT9qLmZ"]
    assert tidal.keywords == ("streaming video", "memory compression", "video question answering")
    assert tidal.bibtex.startswith("@inproceedings{\nlin2026tidal,") and "Tom{\\'a}s" in tidal.bibtex
    assert [link.url for link in tidal.code_links] == ["https://github.com/meilin/tidal-memory"]
    [chart] = [p for p in loaded.papers if p.external_id == "Zp0oLk9Jh8"]
    assert (chart.venue, chart.year, chart.authors) == ("NeurIPS", 2025, ("Omar Haddad",))


def test_latex_in_bibtex_fields_becomes_text(loaded):
    [foveated] = [p for p in loaded.papers if p.external_id == "nakamura_foveated_2025"]
    assert "71% of trials" in foveated.text and "2.6× faster" in foveated.text
    assert foveated.keywords == ("video generation", "diffusion", "perception")


@pytest.mark.parametrize("name, label", [
    ("openreview_notes.json", "OpenReview"), ("openreview_notes.jsonl", "OpenReview"),
    ("arxiv_metadata.jsonl", "arXiv"), ("zotero.bib", "BibTeX"), ("zotero.ris", "RIS"),
])
def test_the_format_is_recognised_from_the_file(name, label):
    assert sniff_format(SAMPLES / name) == label


@pytest.mark.parametrize("name, content, warning", [
    ("broken.bib", "@article{a,\n title = {Unclosed", "could not be read"),
    ("notes.ris", "just some text, not RIS\n", "not a RIS file"),
    ("bad.json", "[{\"content\": ", "not valid JSON"),
    ("noabstract.json", json.dumps([{"id": "x", "forum": "x", "content": {"title": {"value": "T"}}}]),
     "OpenReview note x has no abstract"),
])
def test_a_broken_export_is_skipped_with_its_reason(tmp_path, name, content, warning):
    (tmp_path / name).write_text(content, encoding="utf-8")
    result = load_papers([tmp_path])
    assert result.papers == [] and any(warning in w for w in result.warnings), result.warnings


def test_plain_jsonl_rows_still_read_as_before(tmp_path):
    row = {"title": "A", "abstract": "We study ten things about attention sinks in long context models.",
           "authors": "Ada Lovelace; Alan Turing", "venue": "ICML", "year": 2026, "url": "javascript:alert(1)"}
    (tmp_path / "rows.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
    [paper] = load_papers([tmp_path]).papers
    assert paper.authors == ("Ada Lovelace", "Alan Turing")
    assert paper.url == ""  # only web addresses become links
