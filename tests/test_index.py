"""rag.index: chunking, incremental ingest, embedder changes, and another process's ingest."""

from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import replace

import numpy as np
import pytest

import rag
import rag.index.store
from rag.corpus.papers import load_papers
from rag.index.store import PaperIndex, make_chunks
from rag.types import Paper

from conftest import FAST_THREADS, ICLR_FILE, ON_SERVER, PAPERS_DIR, PROJECT_ROOT, VEDA_FILE, VEDA_QUESTION


class HashEmbedder:
    """A stand-in embedder: deterministic unit vectors from a hash, no model, any id and size."""

    def __init__(self, id: str = "test:sha256-32", dim: int = 32):
        self.id, self.dim = id, dim

    def embed(self, texts):
        rows = [np.frombuffer(hashlib.sha256(t.encode()).digest() * 4, dtype=np.uint8)[: self.dim] for t in texts]
        vectors = np.asarray(rows, dtype=np.float32).reshape(len(texts), self.dim) - 127.5
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def index_state(settings: rag.Settings):
    index = rag.get_index(settings, build=False)
    return index, index.snapshot()


# ---------------------------------------------------------------- chunking (pure)

def numbered_paper(n_sentences: int) -> Paper:
    text = " ".join(f"Sentence {i} is here." for i in range(n_sentences))
    return Paper(id="test2026-0123456789", title="Numbered", venue="TEST", year=2026, abstract=text,
                 text=text, source="t.txt", position=1, title_derived=True)


@pytest.mark.parametrize(
    ("n", "size", "stride", "windows"),
    [
        (5, 2, 2, [[0, 1], [2, 3], [3, 4]]),  # the tail the stride skipped gets its own window
        (4, 2, 2, [[0, 1], [2, 3]]),
        (1, 2, 2, [[0]]),
        (5, 3, 1, [[0, 1, 2], [1, 2, 3], [2, 3, 4]]),
        (3, 1, 1, [[0], [1], [2]]),
    ],
)
def test_chunks_are_sentence_windows_covering_every_sentence(n, size, stride, windows):
    paper = numbered_paper(n)
    settings = rag.Settings(chunk_sentences=size, chunk_stride=stride)

    chunks = make_chunks(paper, settings)

    assert [c.text for c in chunks] == [" ".join(f"Sentence {i} is here." for i in w) for w in windows]
    covered = {int(i) for c in chunks for i in re.findall(r"Sentence (\d+)", c.text)}
    assert covered == set(range(n))


def test_a_stride_longer_than_the_window_is_rejected():
    # sentences between windows would be in no chunk, so dense search could never find them
    with pytest.raises(ValueError, match="chunk_stride"):
        rag.Settings(chunk_sentences=2, chunk_stride=3)


def test_a_source_title_is_a_chunk_of_its_own_a_derived_one_is_not():
    paper = numbered_paper(4)
    titled = replace(paper, title="A Study of Numbers", title_derived=False)

    assert [c.text for c in make_chunks(paper, rag.Settings())][-1] == "Sentence 2 is here. Sentence 3 is here."
    assert [c.text for c in make_chunks(titled, rag.Settings())][-1] == "A Study of Numbers"


def test_chunk_ids_name_the_paper_and_change_with_the_text():
    paper = numbered_paper(4)
    chunks = make_chunks(paper, rag.Settings())
    text = paper.text.replace("Sentence 3", "Sentence three")
    edited = make_chunks(replace(paper, abstract=text, text=text), rag.Settings())

    assert [c.id.rsplit(":", 1)[0] for c in chunks] == ["test2026-0123456789:0", "test2026-0123456789:1"]
    assert chunks[0].id == edited[0].id  # same text, same id: nothing to re-embed
    assert chunks[1].id != edited[1].id


# ---------------------------------------------------------------- incremental ingest

def test_reingesting_unchanged_data_embeds_nothing(index_copy):
    report = rag.ingest(settings=index_copy)

    assert (report.papers, report.unchanged, report.added, report.removed) == (70, 70, 0, 0)
    assert report.chunks_embedded == 0 and report.chunks > 70


def test_editing_one_abstract_reembeds_only_that_paper(index_copy):
    path = index_copy.index.data_dir / "papers" / VEDA_FILE
    text = path.read_text(encoding="utf-8")
    assert text.count(r"5.1$\times$ end-to-end") == 1
    path.write_text(text.replace(r"5.1$\times$ end-to-end", r"6.4$\times$ end-to-end"), encoding="utf-8")
    old_id = next(p.id for p in load_papers([PAPERS_DIR]).papers if p.title == "Veda")

    report = rag.ingest(settings=index_copy)

    index, snapshot = index_state(index_copy)
    new = next(p for p in snapshot.papers if p.title == "Veda")
    assert (report.added, report.removed, report.unchanged) == (1, 1, 69)
    assert report.chunks_embedded == len(make_chunks(new, index_copy))
    assert list(report.stages) == ["open", "read", "plan", "windows", "sentences", "commit", "delete"]
    assert 0 < sum(report.stages.values()) <= report.seconds  # where the time went, for make bench
    assert new.id != old_id and old_id not in snapshot.by_id
    assert index.collection.count() == len(snapshot.chunk_ids)  # the old version's vectors are gone
    for mode in ("hybrid", "dense", "keyword"):
        hits = rag.search("Veda achieves a 5.1× end-to-end speedup", k=70, settings=index_copy, mode=mode)
        assert hits[0].paper.id == new.id and "6.4× end-to-end" in hits[0].paper.text
        assert old_id not in {h.paper.id for h in hits}


def test_removing_a_file_removes_its_papers(index_copy):
    (index_copy.index.data_dir / "papers" / ICLR_FILE).unlink()

    report = rag.ingest(settings=index_copy)

    index, snapshot = index_state(index_copy)
    assert (report.papers, report.removed, report.unchanged) == (51, 19, 51)
    assert rag.stats(index_copy).venues == {"ICML": {2026: 51}}
    assert index.collection.count() == len(snapshot.chunk_ids) == report.chunks
    assert rag.search("video", venue="ICLR", settings=index_copy) == []
    for mode in ("hybrid", "dense", "keyword"):
        hits = rag.search("temporal video grounding with inversion tasks", k=70, settings=index_copy, mode=mode)
        assert hits and all(h.paper.source != ICLR_FILE and h.paper.venue == "ICML" for h in hits)


def test_renaming_a_file_keeps_ids_and_reembeds_nothing(index_copy):
    papers = index_copy.index.data_dir / "papers"
    before = {p.id for p in index_state(index_copy)[1].papers}
    (papers / VEDA_FILE).rename(papers / "icml-2026-part-2.txt")

    report = rag.ingest(settings=index_copy)

    snapshot = index_state(index_copy)[1]
    assert (report.chunks_embedded, report.added, report.removed) == (0, 0, 0)
    assert {p.id for p in snapshot.papers} == before
    hit = rag.search(VEDA_QUESTION, k=1, settings=index_copy)[0]
    assert (hit.paper.title, hit.paper.source) == ("Veda", "icml-2026-part-2.txt")


def test_changing_the_embedder_rebuilds_into_a_new_collection_and_drops_the_old(index_copy, monkeypatch, caplog):
    real = rag.index.store.get_embedder
    monkeypatch.setattr(rag.index.store, "get_embedder",
                        lambda s: HashEmbedder(s.embedder_id) if s.index.embedder == "openai" else real(s))
    switched = rag.Settings(index_dir=index_copy.index.index_dir, data_dir=index_copy.index.data_dir,
                            embedder="openai", openai_base_url="http://127.0.0.1:9/v1")
    assert PaperIndex(switched).collection_name != PaperIndex(index_copy).collection_name

    with caplog.at_level(logging.WARNING, logger="paperchat"):
        hits = rag.search(VEDA_QUESTION, settings=switched, mode="keyword")

    assert "rebuilding it with openai:text-embedding-3-small@http://127.0.0.1:9/v1" in caplog.text
    assert hits[0].paper.title == "Veda"
    index, snapshot = index_state(switched)
    assert snapshot.embedder_id == switched.embedder_id
    ours = {c.name for c in index.client.list_collections() if c.name.startswith(index.collection_prefix)}
    published = {index.collection_prefix + "snapshots"} if ON_SERVER else set()  # server mode keeps the snapshots
    assert ours == {index.collection_name} | published  # the old embedder's collection is gone
    assert index.collection.count() == len(snapshot.chunk_ids) == 284
    assert len(rag.search(VEDA_QUESTION, k=5, settings=switched, mode="dense")) == 5  # 32-dim vectors work
    assert rag.ingest(settings=switched).chunks_embedded == 0


def test_a_custom_embedder_with_another_id_gets_its_own_vectors(index_copy):
    fake = HashEmbedder("test:sha256-32", dim=32)
    index = PaperIndex(index_copy, embedder=fake)

    report = index.ingest()

    assert report.chunks_embedded == report.chunks
    assert len(index.dense(fake.embed(["sparse attention for video diffusion"])[0], 5)) == 5


def test_ingest_reports_bad_files_and_keeps_the_good_ones(tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    shutil.copy(PAPERS_DIR / VEDA_FILE, folder / "a.txt")
    veda = next(p for p in load_papers([folder]).papers if p.title == "Veda")
    (folder / "b.txt").write_text(f"ICML 2026 Papers\n\n{veda.abstract}\n", encoding="utf-8")
    (folder / "c.txt").write_bytes("ICML 2026 Papers\n\nCafé".encode("latin-1"))
    settings = rag.Settings(index_dir=tmp_path / "index", data_dir=folder, embed_threads=FAST_THREADS)

    report = rag.ingest(settings=settings)

    assert report.papers == 13
    assert len(report.warnings) == 2
    assert any(w.startswith("b.txt#1: same abstract as a.txt#") for w in report.warnings)
    assert any(w.startswith("c.txt: not UTF-8") for w in report.warnings)
    hit = rag.search(VEDA_QUESTION, k=1, settings=settings)[0]
    assert (hit.paper.title, hit.paper.source, hit.paper.also_in) == ("Veda", "a.txt", ("b.txt#1",))


def test_chroma_is_never_asked_to_embed_text_itself(built_settings):
    collection = rag.get_index(built_settings).collection

    with pytest.raises(Exception, match="download a model"):
        collection.query(query_texts=["video"], n_results=1)


# ---------------------------------------------------------------- another process's ingest
# (kill -9 mid-ingest: tests/test_faults.py)

@pytest.mark.slow
def test_a_reader_process_sees_another_process_reingest(tmp_path, index_copy):
    assert rag.search(VEDA_QUESTION, k=1, settings=index_copy, mode="dense")[0].paper.title == "Veda"
    path = index_copy.index.data_dir / "papers" / VEDA_FILE
    path.write_text(path.read_text(encoding="utf-8").replace(r"5.1$\times$ end-to-end", r"6.4$\times$ end-to-end"),
                    encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAPERCHAT_")}
    env.update(PYTHONPATH=str(PROJECT_ROOT), PAPERCHAT_INDEX_DIR=str(index_copy.index.index_dir),
               PAPERCHAT_DATA_DIR=str(index_copy.index.data_dir), PAPERCHAT_EMBED_THREADS="1")
    if index_copy.index.chroma_url:  # the same backend as this process
        env["PAPERCHAT_CHROMA_URL"] = index_copy.index.chroma_url
    subprocess.run([sys.executable, "-c", "import rag; rag.ingest()"], env=env, cwd=tmp_path, check=True,
                   timeout=120)

    hits = rag.search("Veda achieves a 5.1× end-to-end speedup", k=3, settings=index_copy, mode="dense")

    assert hits[0].paper.title == "Veda" and "6.4× end-to-end" in hits[0].paper.text


def test_reopening_chroma_while_other_threads_search_fails_no_search(index_copy):
    """A reader that notices another process's commit reopens Chroma; searches in flight on other threads must
    neither fail nor see a half-closed client (chromadb deletes a stopped system's bindings)."""
    index = PaperIndex(index_copy)
    index.snapshot()
    vector = index.embedder.embed(["streaming video with bounded memory"])[0]
    errors, done = [], threading.Event()

    def search():
        while not done.is_set():
            try:
                assert index.dense(vector, 5)
            except Exception as exc:  # noqa: BLE001 - collected for the assertion below
                errors.append(exc)

    threads = [threading.Thread(target=search) for _ in range(3)]
    for thread in threads:
        thread.start()
    for _ in range(30):
        index.vectors.reopen()
        time.sleep(0.01)
    done.set()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]


def test_a_killed_ingests_half_written_generation_is_removed_by_the_next_commit(index_copy):
    generations = index_copy.index.index_dir / "generations"
    dead = generations / f"gen-1-{2 ** 22 + 1}.tmp"  # above Linux's largest pid: no such process
    running = generations / f"gen-2-{os.getpid()}.tmp"  # a live process's: it may still be writing
    for folder in (dead, running):
        folder.mkdir()
        (folder / "papers.jsonl").write_text("{}\n")
    path = index_copy.index.data_dir / "papers" / VEDA_FILE
    path.write_text(path.read_text(encoding="utf-8").replace("Veda", "Vedanta", 1), encoding="utf-8")

    rag.ingest(settings=index_copy)

    assert not dead.exists() and running.exists()
    assert len([p for p in generations.iterdir() if not p.name.endswith(".tmp")]) == 2  # current and previous
