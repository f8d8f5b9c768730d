"""The Chroma HttpClient path: a real `chroma run` server, and what happens when there is none."""

from __future__ import annotations

import socket
import threading
import time
import uuid
from pathlib import Path

import pytest

import rag
from chroma_server import ChromaServer, chroma_executable, free_port
from rag.index.store import make_chunks

from conftest import FAST_THREADS, ICLR_FILE, VEDA_FILE, VEDA_QUESTION


@pytest.fixture(scope="module")
def chroma_url(tmp_path_factory):
    """`chroma run` on a free local port, up until its heartbeat answers; stopped after the module."""
    if chroma_executable() is None:
        pytest.skip("the `chroma` server executable (from chromadb) is not beside Python nor on PATH")
    server = ChromaServer(tmp_path_factory.mktemp("chroma-server"))
    try:
        server.start()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    yield server.url
    server.stop()


def server_settings(tmp_path: Path, url: str, data: Path, name: str = "index", collection: str | None = None):
    # each test gets its own collection prefix: they all share one server
    return rag.Settings(index_dir=tmp_path / name, data_dir=data, chroma_url=url, embed_threads=FAST_THREADS,
                        collection=collection or f"t{uuid.uuid4().hex[:8]}")


def test_ingest_search_and_reingest_through_a_chroma_server(chroma_url, tmp_path, data_copy):
    data = data_copy(tmp_path / "data", files=[VEDA_FILE, ICLR_FILE])
    settings = server_settings(tmp_path, chroma_url, data)

    report = rag.ingest(settings=settings)

    assert report.papers == 32 and report.chunks_embedded == report.chunks
    assert not (settings.index.index_dir / "chroma").exists()  # the vectors live on the server
    assert rag.search(VEDA_QUESTION, k=3, settings=settings)[0].paper.title == "Veda"
    iclr = rag.search(VEDA_QUESTION, k=50, venue="iclr", settings=settings, mode="dense")
    assert len(iclr) == 19 and {h.paper.venue for h in iclr} == {"ICLR"}

    assert rag.ingest(settings=settings).chunks_embedded == 0

    path = data / "papers" / VEDA_FILE
    path.write_text(path.read_text(encoding="utf-8").replace(r"5.1$\times$ end-to-end", r"6.4$\times$ end-to-end"),
                    encoding="utf-8")
    old_id = rag.search(VEDA_QUESTION, k=1, settings=settings)[0].paper.id
    report = rag.ingest(settings=settings)
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    new = next(p for p in snapshot.papers if p.title == "Veda")
    assert (report.added, report.removed, report.unchanged) == (1, 1, 31)
    assert report.chunks_embedded == len(make_chunks(new, settings))
    assert index.collection.count() == len(snapshot.chunk_ids)
    hits = rag.search("Veda achieves a 5.1× end-to-end speedup", k=32, settings=settings, mode="dense")
    assert hits[0].paper.id == new.id and old_id not in {h.paper.id for h in hits}


def tiny_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    (data / "list.txt").write_text(
        "ICML 2026 Papers\n\nWe propose FooNet, a lightweight encoder for video action recognition.\n",
        encoding="utf-8")
    return data


def test_a_closed_port_is_index_unavailable_naming_the_url(tmp_path):
    url = f"http://127.0.0.1:{free_port()}"
    settings = server_settings(tmp_path, url, tiny_data(tmp_path))

    started = time.monotonic()
    with pytest.raises(rag.IndexUnavailable) as ingest_error:
        rag.ingest(settings=settings)
    with pytest.raises(rag.IndexUnavailable) as search_error:
        rag.search("video action recognition", settings=settings)

    assert time.monotonic() - started < 15
    for error in (ingest_error, search_error):
        assert url in str(error.value) and "chroma run" in str(error.value)


def test_the_unreachable_server_message_says_it_once(tmp_path):
    url = f"http://127.0.0.1:{free_port()}"
    settings = server_settings(tmp_path, url, tiny_data(tmp_path))

    with pytest.raises(rag.IndexUnavailable) as error:
        rag.ingest(settings=settings)

    assert str(error.value).count(url) == 1 and str(error.value).count("chroma run") == 1


@pytest.mark.slow
def test_a_server_that_never_answers_is_index_unavailable_not_a_hang(tmp_path):
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # connections complete in the backlog; nothing ever reads or replies
    settings = server_settings(tmp_path, f"http://127.0.0.1:{silent.getsockname()[1]}", tiny_data(tmp_path))
    outcome: list[BaseException] = []

    def ingest() -> None:
        try:
            rag.ingest(settings=settings)
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            outcome.append(exc)

    worker = threading.Thread(target=ingest, daemon=True)
    worker.start()
    worker.join(timeout=10)
    hung = worker.is_alive()
    silent.close()  # resets the pending connections, which frees the worker
    worker.join(timeout=10)

    assert not hung, "ingest was still waiting for the server after 10 s"
    assert outcome and isinstance(outcome[0], rag.IndexUnavailable)


def test_two_indexes_on_one_server_do_not_delete_each_others_vectors(chroma_url, tmp_path, data_copy):
    shared = f"t{uuid.uuid4().hex[:8]}"  # stands in for the default prefix "paperchat"
    first = server_settings(tmp_path, chroma_url, data_copy(tmp_path / "a", files=[VEDA_FILE]), "ia", shared)
    second = server_settings(tmp_path, chroma_url, data_copy(tmp_path / "b", files=[ICLR_FILE]), "ib", shared)
    rag.ingest(settings=first)
    assert rag.search(VEDA_QUESTION, k=1, settings=first, mode="dense")[0].paper.title == "Veda"

    rag.ingest(settings=second)

    hits = rag.search(VEDA_QUESTION, k=1, settings=first, mode="dense")
    assert hits and hits[0].paper.title == "Veda"
