"""Titles derived for abstracts that come without one: the method introduced, never a cited work or a cut clause."""

from __future__ import annotations

import re

import pytest

import rag
from rag.api import title_scorer
from rag.corpus.keyphrases import candidates, key_phrase, using_scorer
from rag.corpus.papers import load_papers
from rag.corpus.titles import derive_title
from conftest import CORPUS_DIR


@pytest.fixture(scope="module")
def scorer():
    return title_scorer(rag.Settings(embed_threads=1))


@pytest.fixture(scope="module")
def shipped(scorer):
    with using_scorer(scorer):
        return {(p.source[:3], p.position): p for p in load_papers([CORPUS_DIR]).papers}


# the known-bad titles of issue 14: (list, paragraph) → what the title must (not) be
@pytest.mark.parametrize("where, good, bad", [
    (("000", 11), "γ-similarity: a refined similarity condition", "MARS"),  # MARS is the prior work it analyses
    (("000", 16), "Deep Forcing: a training-free extension of autoregressive video diffusion models", "Recent advances"),
    (("001", 10), "Veda", "Scaling Diffusion Transformers"),
    (("001", 4), "CG-CoE: Class-Guided Chain-of-Evaluation", "The trustworthiness"),
    # "We address these issues with our SmoothSA: …": its method, not its opening sentence on Slot Attention
    (("002", 16), "SmoothSA", "Slot Attention"),
])
def test_the_known_bad_shipped_titles(shipped, where, good, bad):
    assert shipped[where].title == good and not shipped[where].title.startswith(bad)


def test_no_shipped_title_is_an_opening_clause_cut_short(shipped):
    titles = [p.title for p in shipped.values()]
    assert [t for t in titles if t.endswith("…")] == []
    assert all(len(t.split()) <= 13 for t in titles), [t for t in titles if len(t.split()) > 13]
    assert len(set(titles)) == 70


UPLOADED = [  # shapes of the uploads that were titled "RNA" and "Summary"
    ("Single-cell sequencing measures expression in thousands of cells, but not how it changes. We model RNA "
     "splicing kinetics to infer RNA velocity, and show that RNA velocity estimates are biased under "
     "transcriptional bursts in 14 of 20 datasets.", "RNA"),
    ("Summary: Protein language models capture evolutionary constraints, but their use for enzyme design is "
     "limited. We fine-tune a model on 40,000 enzymes and show a 12% gain in predicted activity over the "
     "baseline across three enzyme families.", "Summary"),
    ("MARS (Yuan et al., 2025) has recently emerged as a strong optimizer for training language models. We analyse "
     "it and show when the scaled correction term helps convergence on smooth objectives.", "MARS"),
]


@pytest.mark.parametrize("text, bad", UPLOADED, ids=[b for _, b in UPLOADED])
def test_uploaded_abstracts_are_not_titled_by_their_topic_label_or_a_cited_work(scorer, text, bad):
    title = derive_title(text, scorer)
    assert title and bad not in title.split() and not title.endswith("…"), title
    assert title.lower() in text.lower() or ":" in title


@pytest.mark.parametrize("text, phrase", [
    ("Video quality assessment plays a critical role. We address multi-screen quality assessment on mobile devices "
     "with a dataset from 300 Android devices.", "multi-screen quality assessment on mobile devices"),
])
def test_candidates_are_noun_phrases_of_the_abstract(text, phrase):
    found = [p for p, _ in candidates(text)]
    assert phrase in found
    assert not any(re.search(r"\b(?:plays|address|we|with a)\b", p) for p in found)


def test_without_a_scorer_the_statistical_choice_is_used():
    text = ("Sparse mixture routers forget less. Sparse mixture routers isolate new tasks in few experts, and sparse "
            "mixture routers keep old skills across fifteen tasks.")
    assert key_phrase(text).lower() == "sparse mixture routers"
