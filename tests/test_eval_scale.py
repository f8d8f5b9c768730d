"""The 100k benchmark's corpus (eval/scale.py): replicas distinct in text and vectors, reproducibly."""

from __future__ import annotations

import json

import numpy as np

from eval.scale import NOISE, NOISE_COSINE, Source, _noise_shape, rows, sentences
from rag.corpus.keyphrases import using_scorer
from rag.corpus.papers import load_papers
from rag.corpus.titles import derive_title
from rag.index.chunks import make_chunks
from rag.settings import Settings
from rag.types import Paper

BASE = [Source("SciFact", str(i), f"Title number {i} about {'cells genes mice rats blood bone'.split()[i]} and more", " ".join(
    f"Abstract {i} reports finding {j} in cohort {i * 10 + j}." for j in range(5)), 2025) for i in range(6)]


def windows(text: str) -> list[str]:
    paper = Paper(id="x", title="t", venue="v", year=None, abstract=text, text=text, source="s", position=1,
                  title_derived=True)
    return [c.text for c in make_chunks(paper, Settings())]


def test_replicas_are_distinct_papers_made_of_real_sentences_and_reproducible():
    made = list(rows(len(BASE) * 3, BASE))
    assert made == list(rows(len(BASE) * 3, BASE))  # seeded
    real = {s for src in BASE for s in sentences(src.text)}
    originals = {w for src in BASE for w in windows(src.text)}
    assert [r["abstract"] for _, _, r in made[:len(BASE)]] == [s.text for s in BASE]  # replica 0 is the original
    for replica, source, row in made[len(BASE):]:
        assert row["_id"] == f"{source.id}~R{replica:02d}" and row["venue"] == f"SciFact-R{replica:02d}"
        assert len(sentences(row["abstract"])) == len(sentences(source.text))
        assert set(sentences(row["abstract"])) <= real
        assert not set(windows(row["abstract"])) & originals  # no window is a copy of a real one
        assert row["title"] != source.title
    assert len({r["abstract"] for _, _, r in made}) == len(made)


def test_the_noise_puts_a_replica_at_a_near_neighbours_cosine_from_its_source():
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((500, 32)) + 2.0  # anisotropic, like real embeddings
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    shape = _noise_shape(vectors)
    moved = vectors + NOISE * (rng.standard_normal((500, 32)) @ shape.T)
    moved /= np.linalg.norm(moved, axis=1, keepdims=True)
    cosines = np.sum(moved * vectors, axis=1)
    assert abs(float(np.median(cosines)) - NOISE_COSINE) < 0.05


PUBMED = [Source("PubMedQA", str(100 + i), "", " ".join(
    f"Serum {w} levels were measured twice a year in {i * 7 + j} adult patients with chronic kidney disease "
    f"on haemodialysis." for j, w in
    enumerate("ferritin albumin calcium sodium".split())), 2010 + i) for i in range(3)]


def test_a_pubmedqa_replica_carries_its_sources_derived_title_so_reading_it_embeds_no_key_phrases(tmp_path):
    made = list(rows(len(PUBMED) * 3, PUBMED))
    by_replica = {r: [row for replica, _, row in made if replica == r] for r in range(3)}
    assert all(row["title"] == "" for row in by_replica[0])  # the original stays title-less, as PubMedQA is
    for replica in (1, 2):
        assert [row["title"] for row in by_replica[replica]] == [derive_title(s.text) for s in PUBMED]
        assert all(row["title"] for row in by_replica[replica])
    calls = []

    def scorer(text, phrases):
        calls.append(text)
        return [0.0] * len(phrases)

    for replica, rows_of in by_replica.items():
        path = tmp_path / f"r{replica}.jsonl"
        path.write_text("\n".join(json.dumps(row) for row in rows_of), encoding="utf-8")
        calls.clear()
        with using_scorer(scorer):
            papers = load_papers([path]).papers
        assert len(papers) == len(PUBMED)
        # replica 0's titles are derived with the embedder's scorer; a replica's need no embedding at all
        assert (len(calls) > 0) if replica == 0 else (calls == [] and not any(p.title_derived for p in papers))
