"""rag.index.plan: what an ingest adds, deletes and commits, as a table of cases (pure, no index)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rag.index.plan import Previous, is_unchanged, plan_ingest
from rag.types import Chunk, Paper

from conftest import PROJECT_ROOT


def paper(pid: str) -> Paper:
    return Paper(id=pid, title=pid, venue="V", year=2026, abstract="x", text="x", source="s.txt", position=1)


def chunks(*ids: str) -> list[Chunk]:
    return [Chunk(id=cid, paper_id=cid.split(":")[0], index=int(cid.split(":")[1]), text=cid) for cid in ids]


A, B, C = paper("a"), paper("b"), paper("c")
A_CHUNKS, B_CHUNKS, C_CHUNKS = ["a:0:1", "a:1:1"], ["b:0:1"], ["c:0:1"]
OLD = Previous("emb", (A, B), "digest-1", 3)


@pytest.mark.parametrize(
    ("previous", "papers", "chunk_ids", "present", "inputs", "add", "delete", "commit", "counts"),
    [
        # first ingest: everything is new
        (None, [A, B], A_CHUNKS + B_CHUNKS, set(), "d", A_CHUNKS + B_CHUNKS, [], True, (2, 0, 0)),
        # nothing changed, same files: nothing to write, no new generation
        (OLD, [A, B], A_CHUNKS + B_CHUNKS, {*A_CHUNKS, *B_CHUNKS}, "digest-1", [], [], False, (0, 0, 2)),
        # same papers read from renamed files: a new generation records the new digest, nothing embedded
        (OLD, [A, B], A_CHUNKS + B_CHUNKS, {*A_CHUNKS, *B_CHUNKS}, "digest-2", [], [], True, (0, 0, 2)),
        # one paper removed: its chunks go after the commit
        (OLD, [A], A_CHUNKS, {*A_CHUNKS, *B_CHUNKS}, "d", [], B_CHUNKS, True, (0, 1, 1)),
        # one added: only its chunks are embedded
        (OLD, [A, B, C], A_CHUNKS + B_CHUNKS + C_CHUNKS, {*A_CHUNKS, *B_CHUNKS}, "d", C_CHUNKS, [], True, (1, 0, 2)),
        # a kill left C's vectors written but uncommitted: the rerun does not embed them again
        (OLD, [A, B, C], A_CHUNKS + B_CHUNKS + C_CHUNKS, {*A_CHUNKS, *B_CHUNKS, *C_CHUNKS}, "d", [], [], True,
         (1, 0, 2)),
        # vectors lost from Chroma (damage): the snapshot's papers are unchanged, but they are written again
        (OLD, [A, B], A_CHUNKS + B_CHUNKS, {*B_CHUNKS}, "digest-1", A_CHUNKS, [], True, (0, 0, 2)),
        # the snapshot could not be read (damaged): rebuilt from what Chroma still holds
        (None, [A, B], A_CHUNKS + B_CHUNKS, {*A_CHUNKS}, "digest-1", B_CHUNKS, [], True, (2, 0, 0)),
        # another embedder: every paper counts as new (its vectors live in another collection)
        (Previous("other", (A, B), "digest-1", 3), [A, B], A_CHUNKS + B_CHUNKS, set(), "digest-1",
         A_CHUNKS + B_CHUNKS, [], True, (2, 0, 0)),
        # stale vectors of an edited paper: the new version's chunks are added, the old ones deleted
        (OLD, [A, B], ["a:0:1", "a:1:2"] + B_CHUNKS, {*A_CHUNKS, *B_CHUNKS}, "d", ["a:1:2"], ["a:1:1"], True,
         (0, 0, 2)),
    ],
)
def test_the_plan_adds_what_chroma_lacks_and_deletes_what_no_paper_needs(
        previous, papers, chunk_ids, present, inputs, add, delete, commit, counts):
    plan = plan_ingest(previous, papers, chunks(*chunk_ids), present, "emb", inputs)

    assert [c.id for c in plan.add] == add
    assert list(plan.delete) == delete
    assert plan.commit is commit
    assert (plan.added, plan.removed, plan.unchanged) == counts


@pytest.mark.parametrize(
    ("previous", "inputs", "embedder", "vectors", "verified", "unchanged"),
    [
        (OLD, "digest-1", "emb", 3, True, True),
        (OLD, "digest-2", "emb", 3, True, False),  # other files
        (OLD, None, "emb", 3, True, False),  # files that cannot be fingerprinted
        (OLD, "digest-1", "other", 3, True, False),  # another embedder
        (OLD, "digest-1", "emb", 2, True, False),  # vectors missing from Chroma
        (OLD, "digest-1", "emb", 3, False, False),  # the index failed its check on opening: repair it
        (None, "digest-1", "emb", 0, True, False),  # no snapshot
    ],
)
def test_the_unchanged_shortcut_fires_only_on_an_intact_index_read_from_the_same_files(
        previous, inputs, embedder, vectors, verified, unchanged):
    assert is_unchanged(previous, inputs, embedder, vectors, verified) is unchanged


def test_the_index_imports_without_fcntl():
    # fcntl exists only on POSIX: with it gone (as on Windows) the index and the façade still import
    code = "import sys; sys.modules['fcntl'] = None; import rag, rag.api, rag.index.store; print('ok')"
    done = subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]
