"""rag.index.snapshot: a generation written and read back whole, in the memory a 100k-paper server can afford."""

from __future__ import annotations

import json

import pytest

from rag.errors import IndexDamaged
from rag.index.snapshot import load_snapshot, write_generation
from rag.types import Chunk, Link, Paper


def paper(n: int, text: str | None = None) -> Paper:
    abstract = f"Paper {n} studies moth navigation under artificial light. It finds a {n}% drop in accuracy."
    return Paper(id=f"test2026-{n:010d}", title=f"Moth study {n}", venue="ICLR", year=2026, abstract=abstract,
                 text=abstract if text is None else text, source="moths.jsonl", position=n,
                 links=(Link("https://github.com/x/moth", True),), authors=("Ada Lovelace",))


def written(tmp_path, papers: list[Paper]):
    folder = tmp_path / "gen-1"
    chunks = [Chunk(f"{p.id}:0:abc", p.id, 0, p.text) for p in papers]
    write_generation(folder, papers, chunks, {"embedder_id": "test"})
    return folder


def test_a_generation_reads_back_the_papers_it_was_written_with(tmp_path):
    papers = [paper(1), paper(2, text="Markup removed: a different text."), paper(3)]

    snapshot = load_snapshot(written(tmp_path, papers))

    assert snapshot.papers == papers and snapshot.by_id == {p.id: i for i, p in enumerate(papers)}
    assert len(snapshot.chunk_ids) == 3 and f"{papers[2].id}:0:abc" in snapshot.chunk_ids
    assert snapshot.sample and set(snapshot.sample) <= {f"{p.id}:0:abc" for p in papers}
    # one string where text and abstract are equal, one venue string for all: 100k papers fit in 250 MB, not 760
    assert snapshot.papers[0].text is snapshot.papers[0].abstract
    assert snapshot.papers[0].venue is snapshot.papers[2].venue
    assert snapshot.papers[1].text == "Markup removed: a different text."


@pytest.mark.parametrize("damage", ["truncated mid-line", "a line garbled, checksum rewritten"])
def test_a_damaged_papers_file_is_refused_naming_the_repair(tmp_path, damage):
    folder = written(tmp_path, [paper(1), paper(2), paper(3)])
    path = folder / "papers.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if damage == "truncated mid-line":
        path.write_text(lines[0] + lines[1][:40], encoding="utf-8")
        expected = "papers.jsonl does not match its checksum"
    else:
        path.write_text(lines[0] + "{not json\n" + lines[2], encoding="utf-8")
        manifest = json.loads((folder / "manifest.json").read_text())
        del manifest["files"]["papers.jsonl"]  # as if the manifest had been rewritten with the damage
        (folder / "manifest.json").write_text(json.dumps(manifest))
        expected = "papers.jsonl line 2"

    with pytest.raises(IndexDamaged, match="paperchat repair") as caught:
        load_snapshot(folder)
    assert expected in str(caught.value)
