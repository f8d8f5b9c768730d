"""Sentence vectors embedded at ingest (rag/index/sentences.py): the same answers as embedding them on demand,
and never a stale vector for a changed abstract."""

from __future__ import annotations

import sqlite3

import numpy as np
import pytest

import rag
from conftest import VEDA_FILE
from eval.datasets import own_questions
from rag.corpus.terms import analyse
from rag.index.embedcache import CachedEmbedder, EmbedCache, uncached
from rag.index.sentences import sentences_of, vectors_of, wanted
from rag.settings import Settings

KINDS = ("fact", "paraphrase", "list", "compare", "not-reported", "followup")


def answered(settings: Settings) -> list[tuple]:
    """What a user sees of the answers to dev questions of several kinds (follow-ups with their first turn)."""
    out = []
    for q in [q for q in own_questions("dev") if q["kind"] in KINDS][::3]:
        history: list[dict] = []
        for turn in q.get("turns") or [q["question"]]:
            answer = rag.ask(turn, history=history or None, venue=q.get("venue"), year=q.get("year"),
                             settings=settings)
            history += [{"role": "user", "content": turn}, {"role": "assistant", "content": answer.text}]
        out.append((answer.text, [(c.n, c.paper.id, c.quotes) for c in answer.citations], answer.abstained))
    return out


def cached_embedder(settings: Settings) -> CachedEmbedder:
    embedder = rag.get_index(settings, build=False).embedder
    assert isinstance(embedder, CachedEmbedder)
    return embedder


def sentence_keys(settings: Settings) -> list[bytes]:
    embedder = cached_embedder(settings)
    papers = rag.get_index(settings, build=False).snapshot().papers
    return [embedder.key(s) for s in sentences_of(papers)]


def test_ingest_stores_every_sentence_as_the_answerer_would_embed_it(built_settings):
    embedder = cached_embedder(built_settings)
    papers = rag.get_index(built_settings, build=False).snapshot().papers
    sentences = sentences_of(papers)
    # split as the answerer splits them
    assert sentences == list(dict.fromkeys(s for p in papers for s in analyse(p.text).sentences))
    assert len(embedder.cache.present([embedder.key(s) for s in sentences])) == len(sentences)
    sample = sentences[::97]
    alone = np.array([uncached(embedder).embed([s])[0] for s in sample])  # one text per model run
    assert np.array_equal(np.array(vectors_of(embedder, sample)), alone)


def test_answers_are_the_same_with_sentences_from_ingest_or_embedded_on_demand(built_settings, index_copy):
    # the copy's cache loses every sentence vector: its answers embed them as they need them
    keys = sentence_keys(index_copy)
    with sqlite3.connect(index_copy.embed_cache_path) as conn:
        conn.executemany("DELETE FROM vectors WHERE key = ?", [(k,) for k in keys])
    on_demand = cached_embedder(index_copy)
    assert not on_demand.cache.present(keys)
    prefilled = cached_embedder(built_settings)
    sent_before = prefilled.sent

    assert answered(index_copy) == answered(built_settings)
    assert on_demand.sent > 0  # the copy did embed sentences …
    assert prefilled.sent == sent_before  # … the prefilled index embedded none (only questions, uncached)


def test_a_changed_abstract_gets_vectors_of_its_new_sentences(index_copy):
    rag.ask("What speedup does Veda report?", settings=index_copy)  # the answerer has seen Veda's sentences
    path = index_copy.index.data_dir / "papers" / VEDA_FILE
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(r"5.1$\times$ end-to-end", r"6.4$\times$ end-to-end"), encoding="utf-8")

    report = rag.ingest(settings=index_copy)

    veda = next(p for p in rag.get_index(index_copy, build=False).snapshot().papers if p.title == "Veda")
    changed = [s for s in analyse(veda.text).sentences if "6.4× end-to-end" in s]
    assert len(changed) == 1 and report.sentences_embedded >= 1
    embedder = cached_embedder(index_copy)
    assert np.array_equal(vectors_of(embedder, changed)[0], uncached(embedder).embed(changed)[0])
    answer = rag.ask("What speedup does Veda report?", settings=index_copy)
    assert "6.4×" in answer.text and "5.1×" not in answer.text


def test_on_demand_mode_embeds_no_sentences_at_ingest(tmp_path, data_copy):
    data = data_copy(tmp_path / "data", [VEDA_FILE])
    settings = Settings(index_dir=tmp_path / "index", data_dir=data, sentence_vectors="on-demand", embed_threads=1)
    report = rag.ingest(settings=settings)
    assert report.papers > 1 and report.sentences_embedded == 0


class Model:
    id, dim = "test:model", 4

    def __init__(self, batch_size: int = 1):
        self.batch_size = batch_size

    def embed(self, texts):
        return np.ones((len(texts), 4), dtype=np.float32)


@pytest.mark.parametrize("mode, embedder, cached, batch_size, fills", [
    ("auto", "local", True, 1, True),
    ("auto", "openai", True, 1, False),  # an API bills every sentence
    ("auto", "multilingual", True, 1, False),  # e5 is slow already
    ("ingest", "multilingual", True, 1, True),
    ("on-demand", "local", True, 1, False),
    ("ingest", "local", False, 1, False),  # no cache: nowhere to keep them
    ("ingest", "local", True, 8, False),  # padded batches: not the answerer's one-text vectors
])
def test_which_ingests_fill_the_cache(tmp_path, mode, embedder, cached, batch_size, fills):
    settings = Settings(index_dir=tmp_path, sentence_vectors=mode, embedder=embedder, openai_api_key="k")
    model = Model(batch_size)
    inner = CachedEmbedder(model, EmbedCache(tmp_path / "cache.sqlite")) if cached else model
    assert (wanted(settings, inner) is not None) == fills
