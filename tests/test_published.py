"""Server mode: the index lives in the Chroma server, so processes on several machines share one consistent index.

"Machines" here are separate index folders (nothing shared on disk) naming the same index on one `chroma run`.
"""

from __future__ import annotations

import uuid

import pytest

import rag
import rag.index.snapshots
from rag.index.store import PaperIndex

from conftest import FAST_THREADS, ICLR_FILE, VEDA_FILE, VEDA_QUESTION
from test_chroma_server import chroma_url  # noqa: F401 - the real `chroma run` fixture


@pytest.fixture
def machines(chroma_url, tmp_path, data_copy):  # noqa: F811
    """Two settings that share a server and an index name but no folder; the first has the data."""
    name, prefix = f"lab{uuid.uuid4().hex[:6]}", f"t{uuid.uuid4().hex[:8]}"
    data = data_copy(tmp_path / "data", files=[VEDA_FILE])

    def machine(folder: str) -> rag.Settings:
        return rag.Settings(index_dir=tmp_path / folder, data_dir=data, chroma_url=chroma_url, index_name=name,
                            collection=prefix, embed_threads=FAST_THREADS)

    return machine("a"), machine("b")


def test_a_second_machine_reads_the_index_without_ingesting(machines):
    writer, reader = machines
    report = rag.ingest(settings=writer)

    index = PaperIndex(reader)
    snapshot = index.snapshot()

    assert snapshot is not None and len(snapshot.papers) == report.papers == 13
    assert not (reader.index.index_dir / "chroma").exists()  # vectors come from the server, not a local build
    hits = rag.search(VEDA_QUESTION, k=3, settings=reader)
    assert hits[0].paper.title == "Veda"
    assert rag.search(VEDA_QUESTION, k=3, settings=reader, mode="keyword")[0].paper.title == "Veda"


def test_a_commit_on_one_machine_reaches_the_other_whole(machines, monkeypatch, data_copy):
    writer, reader = machines
    rag.ingest(settings=writer)
    reading = PaperIndex(reader)
    before = {p.id for p in reading.snapshot().papers}
    monkeypatch.setattr(rag.index.snapshots, "POLL_SECONDS", 0.0)  # the reader checks the server on every call

    data_copy(writer.index.data_dir / "more", files=[ICLR_FILE])
    rag.ingest(settings=writer)
    after = reading.snapshot()

    assert before < {p.id for p in after.papers} and len(after.papers) == 32
    iclr = rag.search("continual learning", k=50, venue="ICLR", settings=reader, mode="keyword")
    assert len(iclr) >= 5 and {h.paper.venue for h in iclr} == {"ICLR"}
    assert set(reading.collection.get(include=[])["ids"]) == after.chunk_ids


def test_old_generations_are_pruned_from_the_server(machines, data_copy):
    writer, _ = machines
    index = PaperIndex(writer)
    for extra in (None, ICLR_FILE, None):
        if extra:
            data_copy(writer.index.data_dir / "more", files=[extra])
        elif (writer.index.data_dir / "more").exists():
            for path in (writer.index.data_dir / "more").rglob("*.txt"):
                path.unlink()
        index.ingest()

    parts = index.published.collection.get(where={"kind": "part"}, include=["metadatas"])["metadatas"]
    assert len({m["generation"] for m in parts}) <= 2  # the current one and the one before it
    assert index.published.current() == index.snapshot().directory.name


def test_a_damaged_snapshot_on_the_server_is_a_clear_error(machines):
    writer, reader = machines
    index = PaperIndex(writer)
    index.ingest()
    generation = index.published.current()
    index.published.collection.delete(ids=[f"{generation}/0"])

    with pytest.raises(rag.IndexUnavailable) as error:
        PaperIndex(reader).snapshot()

    assert "damaged" in str(error.value) and "paperchat repair" in str(error.value)
    rag.api._default.clear()
    report = PaperIndex(writer).ingest()  # the writer's own copy is whole, yet it sees the server's is not
    assert report.papers == 13 and report.chunks_embedded == 0
    assert len(PaperIndex(reader).snapshot().papers) == 13


def test_index_names_are_checked(tmp_path):
    with pytest.raises(ValueError):
        rag.Settings(index_name="../other")


def test_an_ingest_from_another_machine_waits_for_the_running_one(machines):
    writer, other = machines
    index = PaperIndex(writer)
    index.ingest()
    rival = PaperIndex(other)
    # a live lease held by a process on another host (same index, same server)
    rival.published.collection.upsert(
        ids=["ingest-lease"], documents=["elsewhere:1"], embeddings=[[1.0]],
        metadatas=[{"kind": "lease", "owner": "gpu-box-7:4242", "since": 0.0, "expires": 4102444800.0}])

    with pytest.raises(rag.IndexUnavailable) as error:
        index.ingest()

    assert "gpu-box-7:4242" in str(error.value) and "another ingest" in str(error.value)
    rival.published.collection.delete(ids=["ingest-lease"])
    assert index.ingest().papers == 13  # free again


def test_a_lease_left_by_a_killed_ingest_on_this_machine_is_taken_over(machines):
    import socket
    import subprocess

    writer, _ = machines
    index = PaperIndex(writer)
    index.ingest()
    dead = subprocess.Popen(["true"])
    dead.wait()
    index.published.collection.upsert(
        ids=["ingest-lease"], documents=["x"], embeddings=[[1.0]],
        metadatas=[{"kind": "lease", "owner": f"{socket.gethostname()}:{dead.pid}", "since": 0.0,
                    "expires": 4102444800.0}])

    assert index.ingest().papers == 13
    assert index.published.collection.get(ids=["ingest-lease"])["ids"] == []  # released at the end


# ---------------------------------------------------------------- two ingests at once on two machines

def test_of_two_ingests_from_the_same_snapshot_only_the_first_to_commit_does(machines, data_copy, tmp_path):
    first, second = machines
    rag.ingest(settings=first)
    start = PaperIndex(first).published.current()
    other = data_copy(tmp_path / "other-data", files=[ICLR_FILE])
    more = data_copy(tmp_path / "more-data", files=[VEDA_FILE, ICLR_FILE])
    late = PaperIndex(second)

    def meanwhile(done: int, total: int) -> None:
        # `late` has written its vectors, not yet committed: its lease lapses and `first` ingests in between
        if done == total:
            late.published.collection.delete(ids=["ingest-lease"])
            rag.ingest([more], settings=first)

    with pytest.raises(rag.IndexBusy) as error:
        late.ingest([other], progress=meanwhile)

    assert "another ingest committed" in str(error.value) and "run it again" in str(error.value)
    reader = PaperIndex(first.replace(index_dir=tmp_path / "third-machine"))
    snapshot = reader.snapshot()
    assert snapshot.generation != start and len(snapshot.papers) == 32  # `first`'s second commit, not `late`'s
    parts = reader.published.collection.get(where={"kind": "part"}, include=["metadatas"])["metadatas"]
    assert {m["generation"] for m in parts} <= {start, snapshot.generation}  # nothing of `late` is kept
    assert rag.search(VEDA_QUESTION, k=1, settings=reader.settings)[0].paper.title == "Veda"


def test_a_lease_taken_over_by_another_ingest_is_not_overwritten_by_the_old_holder(machines):
    first, second = machines
    index = PaperIndex(first)
    index.ingest()
    index.published.acquire()
    index.published.collection.delete(ids=["ingest-lease"])  # expired, say, and then taken by another machine
    index.published.collection.add(
        ids=["ingest-lease"], documents=["x"], embeddings=[[1.0]],
        metadatas=[{"kind": "lease", "owner": "gpu-box-7:4242", "since": 0.0, "expires": 4102444800.0}])

    with pytest.raises(Exception, match="gpu-box-7:4242"):
        index.published.renew()

    assert index.published._lease()["owner"] == "gpu-box-7:4242"


ROUNDS = 20


def ingest_rounds(settings: rag.Settings, lists: list[str], barrier, results, lease: bool) -> None:
    """One "machine": at each round, ingest one of its paper lists in step with the other machine."""
    import rag as child_rag
    from rag.index.published import PublishedSnapshots

    if not lease:  # as if every lease lapsed at once: only the compare-and-set commit keeps them apart
        PublishedSnapshots.acquire = PublishedSnapshots.renew = PublishedSnapshots.release = lambda self: None

    for round_ in range(ROUNDS):
        barrier.wait()
        try:
            report = child_rag.ingest([lists[round_ % len(lists)]], settings=settings)
            results.put((round_, str(settings.index.index_dir), "ok", report.papers))
        except child_rag.IndexBusy as exc:
            results.put((round_, str(settings.index.index_dir), "busy", str(exc)))
        except Exception as exc:  # anything else is a failure of the test
            results.put((round_, str(settings.index.index_dir), "error", f"{type(exc).__name__}: {exc}"))
        barrier.wait()


@pytest.mark.parametrize("lease", [True, False], ids=["with the lease", "without any lease"])
def test_two_machines_ingesting_at_once_for_20_rounds_leave_a_whole_snapshot(lease, machines, data_copy, tmp_path):
    import multiprocessing

    first, second = machines
    lists = {
        first: [data_copy(tmp_path / "a1", files=[VEDA_FILE]), data_copy(tmp_path / "a2", files=[VEDA_FILE, ICLR_FILE])],
        second: [data_copy(tmp_path / "b1", files=[ICLR_FILE]), data_copy(tmp_path / "b2", files=[VEDA_FILE])],
    }
    sizes = {13, 19, 32}  # the papers of each list
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(3), context.Queue()
    workers = [context.Process(target=ingest_rounds, args=(s, [str(p) for p in lists[s]], barrier, results, lease))
               for s in (first, second)]
    for worker in workers:
        worker.start()
    reader = PaperIndex(first.replace(index_dir=tmp_path / "reader"))
    committed = 0
    try:
        for round_ in range(ROUNDS):
            barrier.wait(timeout=300)
            barrier.wait(timeout=300)
            outcomes = [results.get(timeout=10) for _ in workers]
            assert all(o[2] in ("ok", "busy") for o in outcomes), "\n".join(map(str, outcomes))
            assert any(o[2] == "ok" for o in outcomes), outcomes  # a refused ingest means another got through
            snapshot = reader.snapshot(fresh=True)  # checks the snapshot's digest and samples its vectors
            assert len(snapshot.papers) in sizes
            assert len(snapshot.papers) in {o[3] for o in outcomes if o[2] == "ok"} | {committed}
            stored = reader.collection.get(ids=snapshot.chunk_id_list(), include=[])["ids"]
            assert len(stored) == len(snapshot.chunk_ids)  # every vector it names is on the server
            committed = len(snapshot.papers)
    finally:
        for worker in workers:
            worker.join(timeout=60)
            if worker.is_alive():
                worker.kill()
