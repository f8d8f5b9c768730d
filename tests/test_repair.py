"""A damaged index: refused with the repair command, never answered from in silence, and repaired by ingest.

Snapshot files, Chroma's vector index and its database are damaged the ways a disk, a kill or a hand does;
a read-only folder and a full disk must give advice, keep serving the last snapshot and lose nothing."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import rag
import rag.index.snapshot
from rag.index.store import PaperIndex
from rag.serve import cli

from conftest import PROJECT_ROOT, VEDA_FILE, VEDA_QUESTION, embedded_only

pytestmark = embedded_only  # these damage the embedded database's own files


def generation(settings: rag.Settings) -> Path:
    name = json.loads((settings.index.index_dir / "current.json").read_text())["generation"]
    return settings.index.index_dir / "generations" / name


def truncate_midline(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def drop_last_papers(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:50]), encoding="utf-8")  # still valid JSON lines: only a checksum sees it


def garble(path: Path) -> None:
    path.write_bytes(b"\x00garbled{" + os.urandom(64))


def biggest_bm25_file(gen: Path) -> Path:
    return max((gen / "bm25").iterdir(), key=lambda p: p.stat().st_size)


SNAPSHOT_DAMAGE = {
    "papers.jsonl truncated mid-line": lambda s: truncate_midline(generation(s) / "papers.jsonl"),
    "papers.jsonl missing its last papers": lambda s: drop_last_papers(generation(s) / "papers.jsonl"),
    "meta.json garbled": lambda s: garble(generation(s) / "meta.json"),
    "a BM25 file garbled": lambda s: garble(biggest_bm25_file(generation(s))),
    "the BM25 folder deleted": lambda s: shutil.rmtree(generation(s) / "bm25"),
    "current.json empty": lambda s: (s.index.index_dir / "current.json").write_text(""),
    "current.json garbled": lambda s: garble(s.index.index_dir / "current.json"),
}


@pytest.mark.parametrize("damage", SNAPSHOT_DAMAGE.values(), ids=SNAPSHOT_DAMAGE.keys())
def test_a_damaged_snapshot_is_refused_naming_repair_and_ingest_rebuilds_it(damage, index_copy):
    damage(index_copy)

    for call in (lambda: rag.search("Slay42Net", settings=index_copy, mode="keyword"), lambda: rag.stats(index_copy)):
        with pytest.raises(rag.IndexUnavailable, match="paperchat repair"):
            call()
    rag.api._default.clear()

    report = rag.ingest(settings=index_copy)  # a plain ingest rebuilds it too: never "unchanged" on damage

    assert report.papers == 70 and report.chunks_embedded == 0  # the vectors were intact: nothing re-embedded
    assert rag.stats(index_copy).papers == 70
    assert rag.search(VEDA_QUESTION, k=1, settings=index_copy, mode="keyword")[0].paper.title == "Veda"


def test_paperchat_repair_rebuilds_a_damaged_snapshot(index_copy, monkeypatch, capsys):
    shutil.rmtree(generation(index_copy) / "bm25")
    monkeypatch.setenv("PAPERCHAT_INDEX_DIR", str(index_copy.index.index_dir))
    monkeypatch.setenv("PAPERCHAT_DATA_DIR", str(index_copy.index.data_dir))
    assert cli.main(["search", "Veda"]) == 1
    assert "paperchat repair" in capsys.readouterr().err
    rag.api._default.clear()

    assert cli.main(["repair"]) == 0

    assert "70 papers" in capsys.readouterr().out
    assert cli.main(["search", "Veda"]) == 0


# ---------------------------------------------------------------- Chroma's own files

class HashEmbedder:
    """Deterministic vectors without a model, so an index big enough for Chroma to flush its HNSW is quick."""

    id, dim = "test:sha256-32", 32

    def embed(self, texts):
        rows = [np.frombuffer(hashlib.sha256(t.encode()).digest(), dtype=np.uint8) for t in texts]
        vectors = np.asarray(rows, dtype=np.float32).reshape(len(texts), self.dim) - 127.5
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


WORDS = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda sigma tau omega".split()


@pytest.fixture
def big_index(tmp_path) -> rag.Settings:
    """600 papers, 1,800 chunks: past Chroma's 1,000-vector flush, so part of them live only in its HNSW files."""
    rng = np.random.default_rng(0)
    lines = ["TEST 2026 Papers", ""]
    for i in range(600):
        sentences = [" ".join(rng.choice(WORDS, 8)).capitalize() + f" number {i} part {j}." for j in range(6)]
        lines += [f"Paper{i}Net", " ".join(sentences), ""]
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "list.txt").write_text("\n".join(lines), encoding="utf-8")
    settings = rag.Settings(index_dir=tmp_path / "index", data_dir=tmp_path / "data")
    index = PaperIndex(settings, embedder=HashEmbedder())
    assert index.ingest().chunks == 1800
    index.vectors.reopen()  # closed: the test damages files no client of this process holds open
    return settings


def hnsw_segment(settings: rag.Settings) -> Path:
    return next(p for p in (settings.index.index_dir / "chroma").iterdir() if p.is_dir())


def garble_hnsw(settings: rag.Settings) -> None:
    for path in hnsw_segment(settings).iterdir():
        path.write_bytes(os.urandom(path.stat().st_size))


VECTOR_DAMAGE = {
    "the HNSW segment deleted": lambda s: shutil.rmtree(hnsw_segment(s)),
    "the HNSW files garbled": garble_hnsw,
}


def every_chunk_is_stored_again(index: PaperIndex) -> bool:
    """Every chunk's vector is in Chroma again, exactly. Compared stored vector by stored vector, not by
    searching each one: HNSW search is approximate, and with these random 32-dimension hash vectors a
    self-query among 1,800 missed its own chunk once in a loaded run (the snapshot's sampled search check
    below still covers search)."""
    ids = index.snapshot().chunk_id_list()
    texts = {cid: text for p in index.snapshot().papers for cid, text in index.chunk_texts(p).items()}
    stored = index.collection.get(ids=ids, include=["embeddings"])
    by_id = dict(zip(stored["ids"], stored["embeddings"]))
    expected = index.embedder.embed([texts[cid] for cid in ids])
    return len(by_id) == len(ids) and np.allclose([by_id[cid] for cid in ids], expected, atol=1e-5)


@pytest.mark.parametrize("damage", VECTOR_DAMAGE.values(), ids=VECTOR_DAMAGE.keys())
def test_damaged_vectors_are_refused_and_ingest_rebuilds_them(damage, big_index):
    damage(big_index)
    reader = PaperIndex(big_index, embedder=HashEmbedder())

    with pytest.raises(rag.IndexUnavailable, match="paperchat repair"):
        reader.snapshot()

    report = PaperIndex(big_index, embedder=HashEmbedder()).ingest()

    assert report.chunks_embedded == 1800  # not "unchanged": every vector written again
    assert every_chunk_is_stored_again(PaperIndex(big_index, embedder=HashEmbedder()))


def test_a_corrupt_chroma_database_names_repair_and_repair_rebuilds_it(index_copy, tmp_path):
    database = index_copy.index.index_dir / "chroma" / "chroma.sqlite3"
    database.write_bytes(database.read_bytes()[:50_000])  # "database disk image is malformed"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAPERCHAT_")}
    env.update(PYTHONPATH=str(PROJECT_ROOT), PAPERCHAT_INDEX_DIR=str(index_copy.index.index_dir),
               PAPERCHAT_DATA_DIR=str(index_copy.index.data_dir), PAPERCHAT_EMBED_THREADS="1")
    # another process (the page, say) meets it first: a clear error, not a traceback
    child = subprocess.run([sys.executable, "-m", "rag.serve.cli", "search", "Veda"], env=env, cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == 1 and "Traceback" not in child.stderr
    assert "paperchat repair" in child.stderr

    report = PaperIndex(index_copy).ingest(rebuild=True)

    assert report.papers == 70 and report.chunks_cached == report.chunks_embedded == report.chunks  # from the cache
    assert rag.search(VEDA_QUESTION, k=1, settings=index_copy, mode="dense")[0].paper.title == "Veda"


# ---------------------------------------------------------------- no room to write

READ_ONLY_CHILD = r"""
import sys, rag
settings = rag.Settings()
print("hit:", rag.search(sys.argv[1], k=1, settings=settings)[0].paper.title, flush=True)
try:
    rag.ingest(settings=settings)
except rag.PaperchatError as exc:
    print("ingest refused:", exc, flush=True)
"""


def test_a_read_only_index_serves_searches_and_ingest_says_why_it_cannot(index_copy, tmp_path):
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-m", "true"]).returncode != 0:
        pytest.skip("needs `unshare -m` to mount the index folder read-only for one child process")
    folder = index_copy.index.index_dir
    path = index_copy.index.data_dir / "papers" / VEDA_FILE
    path.write_text(path.read_text(encoding="utf-8") + "\nA new paper.\n\nIt is new enough to need ingesting.\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAPERCHAT_")}
    env.update(PYTHONPATH=str(PROJECT_ROOT), PAPERCHAT_INDEX_DIR=str(folder),
               PAPERCHAT_DATA_DIR=str(index_copy.index.data_dir), PAPERCHAT_EMBED_THREADS="1")
    script = f"mount --bind -o ro {folder} {folder} && exec {sys.executable} -c \"$0\" \"$1\""
    child = subprocess.run(["unshare", "-m", "sh", "-c", script, READ_ONLY_CHILD, VEDA_QUESTION], env=env,
                           cwd=tmp_path, capture_output=True, text=True, timeout=180)

    assert "hit: Veda" in child.stdout, child.stderr[-3000:]
    assert "ingest refused:" in child.stdout and "read-only" in child.stdout, child.stdout + child.stderr[-3000:]
    assert "Traceback" not in child.stderr


def edit_veda(settings: rag.Settings) -> None:
    path = settings.index.data_dir / "papers" / VEDA_FILE
    path.write_text(path.read_text(encoding="utf-8").replace(r"5.1$\times$ end-to-end", r"6.4$\times$ end-to-end"),
                    encoding="utf-8")


def test_a_full_disk_fails_the_ingest_cleanly_and_keeps_serving_the_last_snapshot(index_copy, monkeypatch):
    assert "5.1×" in rag.search(VEDA_QUESTION, k=1, settings=index_copy)[0].paper.text
    edit_veda(index_copy)
    real_open = open

    def full_disk(path, mode="r", *args, **kwargs):
        if "w" in mode:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr(rag.index.snapshot, "open", full_disk, raising=False)

    with pytest.raises(rag.IndexUnavailable, match="no space left") as error:
        rag.ingest(settings=index_copy)

    assert "paperchat ingest" in str(error.value)
    hit = rag.search(VEDA_QUESTION, k=1, settings=index_copy)[0]
    assert hit.paper.title == "Veda" and "5.1×" in hit.paper.text  # the last snapshot, still whole
    assert not [p for p in (index_copy.index.index_dir / "generations").iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    assert "6.4×" in (rag.ingest(settings=index_copy) and rag.search(VEDA_QUESTION, k=1, settings=index_copy)[0]
                      .paper.text)


def test_a_full_disk_under_chroma_is_the_same_clear_error(index_copy, monkeypatch):
    import chromadb.api.models.Collection as chroma_collection
    from chromadb.errors import InternalError

    edit_veda(index_copy)

    def upsert(self, *args, **kwargs):
        raise InternalError("error returned from database: (code: 13) database or disk is full")

    monkeypatch.setattr(chroma_collection.Collection, "upsert", upsert)

    with pytest.raises(rag.IndexUnavailable, match="no space left"):
        rag.ingest(settings=index_copy)

    assert "5.1×" in rag.search(VEDA_QUESTION, k=1, settings=index_copy)[0].paper.text
