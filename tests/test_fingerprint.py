"""Re-ingesting byte-identical lists skips parsing; any change to a file's bytes or name parses again."""

from __future__ import annotations

import rag
import rag.index.store
from conftest import VEDA_FILE
from rag.corpus.fingerprint import input_digest


def count_parses(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = rag.index.store.load_papers

    def load(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(rag.index.store, "load_papers", load)
    return calls


def test_an_unchanged_reingest_parses_nothing_and_reports_the_same(index_copy, monkeypatch):
    (index_copy.index.data_dir / "papers" / "broken.txt").write_bytes(b"")  # a warning to be reported again
    first = rag.ingest(settings=index_copy)
    parses = count_parses(monkeypatch)

    again = rag.ingest(settings=index_copy)

    assert parses == []
    assert (again.papers, again.unchanged, again.added, again.chunks_embedded) == (70, 70, 0, 0)
    assert again.chunks == first.chunks and again.warnings == first.warnings == ["broken.txt: empty file; skipped"]


def test_an_edited_or_renamed_file_is_parsed_again(index_copy, monkeypatch):
    rag.ingest(settings=index_copy)
    parses = count_parses(monkeypatch)
    papers = index_copy.index.data_dir / "papers"

    path = papers / VEDA_FILE
    path.write_text(path.read_text(encoding="utf-8").replace("5.1$\\times$ end-to-end", "6.4$\\times$ end-to-end"),
                    encoding="utf-8")
    edited = rag.ingest(settings=index_copy)
    path.rename(papers / "renamed.txt")
    renamed = rag.ingest(settings=index_copy)

    assert len(parses) == 2
    assert (edited.added, edited.removed) == (1, 1)
    veda = next(h for h in rag.search("What speedup does Veda report?", k=3, settings=index_copy)
                if h.paper.title == "Veda")
    assert "6.4× end-to-end" in veda.paper.text and veda.paper.source == "renamed.txt"
    assert renamed.chunks_embedded == 0


def test_the_digest_covers_names_bytes_and_chunk_settings(tmp_path):
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "a.txt").write_text("ICML 2026 Papers\n\nOne abstract about sparse attention in video models.\n")
    settings = rag.Settings(index_dir=tmp_path / "index")
    digest = input_digest([folder], settings)

    assert input_digest([folder], settings) == digest
    assert input_digest([folder], rag.Settings(index_dir=tmp_path / "index", chunk_sentences=3)) != digest
    (folder / "a.txt").rename(folder / "b.txt")
    assert input_digest([folder], settings) != digest
    (folder / "b.txt").rename(folder / "a.txt")
    assert input_digest([folder], settings) == digest
    (folder / "a.txt").write_text("ICML 2026 Papers\n\nOne abstract about dense attention in video models.\n")
    assert input_digest([folder], settings) != digest
