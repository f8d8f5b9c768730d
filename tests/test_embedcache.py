"""The embedding cache: re-venued or renamed lists re-ingest without the model; a bad cache never breaks ingest."""

from __future__ import annotations

import logging
import subprocess
import sys

import numpy as np
import pytest

import rag
from conftest import FAST_THREADS, PAPERS_DIR, PROJECT_ROOT, VEDA_FILE, VEDA_QUESTION
from rag.index.embed import OnnxEmbedder
from rag.index.embedcache import CachedEmbedder, EmbedCache
from rag.index.store import PaperIndex


class ConstantEmbedder:
    """A model that maps every text to one fixed vector, and counts what it was sent."""

    def __init__(self, id: str, value: float, dim: int = 4):
        self.id, self.dim, self.value = id, dim, value
        self.sent: list[str] = []

    def embed(self, texts):
        self.sent += list(texts)
        return np.full((len(texts), self.dim), self.value, dtype=np.float32)


@pytest.fixture
def spy(monkeypatch) -> list[str]:
    """Every text the real ONNX model is asked to embed."""
    sent: list[str] = []
    real = OnnxEmbedder.embed

    def embed(self, texts):
        sent.extend(texts)
        return real(self, texts)

    monkeypatch.setattr(OnnxEmbedder, "embed", embed)
    return sent


def stored_vectors(settings: rag.Settings) -> dict[str, np.ndarray]:
    """Chunk text → the vector Chroma holds for it."""
    index = PaperIndex(settings)
    texts = {cid: text for paper in index.snapshot().papers for cid, text in index.chunk_texts(paper).items()}
    got = index.collection.get(include=["embeddings"])  # Chroma holds no chunk texts: they come from the papers
    return {texts[cid]: np.asarray(vec) for cid, vec in zip(got["ids"], got["embeddings"])}


def revenued_copy(tmp_path, venue_line: str):
    text = (PAPERS_DIR / VEDA_FILE).read_text(encoding="utf-8").split("\n", 1)[1]
    path = tmp_path / "exports" / "icml-renamed-export.txt"
    path.parent.mkdir()
    path.write_text(f"{venue_line}\n{text}", encoding="utf-8")
    return path


def test_a_revenued_renamed_copy_reingests_with_nothing_sent_to_the_model(tmp_path, spy):
    settings = rag.Settings(index_dir=tmp_path / "index", embed_threads=FAST_THREADS)
    first = rag.ingest([PAPERS_DIR / VEDA_FILE], settings=settings)
    before = stored_vectors(settings)
    assert len(spy) > 0 and first.chunks_cached == 0

    spy.clear()
    copy = revenued_copy(tmp_path, "ICML-Replica 2026 Papers")
    report = rag.ingest([copy], settings=settings)

    assert spy == []  # every chunk text was in the cache
    assert report.added == report.papers == 13 and report.removed == 13
    assert report.chunks_embedded == report.chunks == report.chunks_cached
    after = stored_vectors(settings)
    assert after.keys() == before.keys()
    assert all(np.array_equal(after[text], before[text]) for text in before)
    hit = rag.search(VEDA_QUESTION, k=1, settings=settings)[0]
    assert (hit.paper.title, hit.paper.venue) == ("Veda", "ICML-Replica")


@pytest.mark.parametrize("damage", ["garbage bytes", "a directory"])
def test_an_unusable_cache_warns_and_ingest_embeds_everything(tmp_path, damage, caplog):
    cache = tmp_path / "cache.sqlite"
    if damage == "garbage bytes":
        cache.write_bytes(b"this is not a database" * 100)
    else:
        cache.mkdir()
    settings = rag.Settings(index_dir=tmp_path / "index", embed_cache=str(cache), embed_threads=FAST_THREADS)

    with caplog.at_level(logging.WARNING, logger="paperchat"):
        report = rag.ingest([PAPERS_DIR / VEDA_FILE], settings=settings)

    assert f"embedding cache {cache} is unusable" in caplog.text
    assert report.papers == 13 and report.chunks_embedded == report.chunks and report.chunks_cached == 0
    assert rag.search(VEDA_QUESTION, k=1, settings=settings)[0].paper.title == "Veda"


def test_an_empty_setting_switches_the_cache_off(tmp_path):
    settings = rag.Settings(index_dir=tmp_path / "index", embed_cache="", embed_threads=FAST_THREADS)

    rag.ingest([PAPERS_DIR / VEDA_FILE], settings=settings)

    assert settings.embed_cache_path is None
    assert not any(p.name.startswith("embed-cache") for p in (tmp_path / "index").iterdir())


def test_embedders_with_different_ids_never_share_vectors(tmp_path):
    a = CachedEmbedder(ConstantEmbedder("model-a", 1.0), EmbedCache(tmp_path / "c.sqlite"))
    b = CachedEmbedder(ConstantEmbedder("model-b", 2.0), EmbedCache(tmp_path / "c.sqlite"))

    a.embed(["shared text", "only a"])
    vectors = b.embed(["shared text"])

    assert b.inner.sent == ["shared text"] and np.all(vectors == 2.0)
    again = CachedEmbedder(ConstantEmbedder("model-a", 9.0), EmbedCache(tmp_path / "c.sqlite"))
    assert np.all(again.embed(["only a", "shared text"]) == 1.0) and again.inner.sent == []


def test_repeats_and_order_are_kept_and_each_new_text_is_sent_once(tmp_path):
    inner = ConstantEmbedder("m", 0.5)
    cached = CachedEmbedder(inner, EmbedCache(tmp_path / "c.sqlite"))
    cached.embed(["b"])

    vectors = cached.embed(["a", "b", "a", "c"])

    assert vectors.shape == (4, 4) and inner.sent == ["b", "a", "c"]
    assert (cached.hits, cached.sent) == (1, 3)


def test_searches_do_not_fill_the_cache(built_settings):
    index = rag.get_index(built_settings)
    size = len(index.embedder.cache)

    rag.search("a question nobody asked before about quantum gardening", settings=built_settings)

    assert size > 0 and len(index.embedder.cache) == size


@pytest.mark.slow
def test_a_batch_is_kept_when_the_process_is_killed_right_after_it(tmp_path):
    script = (
        "import os, signal, numpy as np\n"
        "from rag.index.embedcache import CachedEmbedder, EmbedCache\n"
        "class M:\n"
        "    id, dim = 'm', 3\n"
        "    def embed(self, texts): return np.ones((len(texts), 3), dtype=np.float32)\n"
        f"CachedEmbedder(M(), EmbedCache({str(tmp_path / 'c.sqlite')!r})).embed(['kept'])\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=PROJECT_ROOT, timeout=60)
    assert run.returncode == -9

    inner = ConstantEmbedder("m", 5.0, dim=3)
    vectors = CachedEmbedder(inner, EmbedCache(tmp_path / "c.sqlite")).embed(["kept"])

    assert inner.sent == [] and np.all(vectors == 1.0)


def test_present_names_the_stored_keys_without_reading_vectors(tmp_path):
    cache = EmbedCache(tmp_path / "cache.sqlite")
    cache.put([(b"a" * 32, np.ones(4, np.float32).tobytes())])
    assert cache.present([b"a" * 32, b"b" * 32]) == {b"a" * 32}
    assert cache.present([]) == set()
