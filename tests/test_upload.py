"""Adding a paper list: checked first (a refused file changes nothing), kept in the data folder, searchable at once."""

from __future__ import annotations

import json

import pytest

import rag
import rag.api
from rag.serve.upload import UPLOADS, add_papers, safe_name

SHIPPED = {"ICLR": {2026: 19}, "ICML": {2026: 51}}
MOTHLIGHT = ("We introduce MothLight, a photonic accelerator that runs sparse attention with optical "
             "interference, cutting the energy of long-context inference by 40 times on a prototype chip.")
NEURIPS_TXT = f"NeurIPS 2025 Papers\n\n{MOTHLIGHT}\n"


def data_files(settings: rag.Settings) -> dict[str, bytes]:
    return {str(p.relative_to(settings.index.data_dir)): p.read_bytes()
            for p in sorted(settings.index.data_dir.rglob("*")) if p.is_file()}


@pytest.fixture
def list_file(tmp_path):
    def write(name: str, content: str | bytes):
        path = tmp_path / "incoming" / name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        return path
    return write


def test_an_uploaded_list_is_searchable_at_once_and_after_a_restart(index_copy, list_file):
    seen: list[tuple[int, int]] = []
    result = add_papers(list_file("neurips.txt", NEURIPS_TXT), index_copy, progress=lambda d, t: seen.append((d, t)))

    assert (result.name, result.added, result.papers) == ("neurips.txt", 1, 71)
    assert result.message == "Added 1 paper from neurips.txt (now 71 papers)."
    assert (index_copy.index.data_dir / UPLOADS / "neurips.txt").read_text(encoding="utf-8") == NEURIPS_TXT
    assert seen and seen[-1][0] == seen[-1][1]  # progress reached the end
    assert rag.search("photonic sparse attention accelerator", k=1, settings=index_copy)[0].paper.title == "MothLight"
    rag.api._default.clear()  # a restart: the index is opened again, and `paperchat ingest` runs on data/
    rag.ingest(settings=index_copy)
    assert rag.stats(index_copy).venues == {**SHIPPED, "NeurIPS": {2025: 1}}


@pytest.mark.parametrize("name, content", [
    ("papers.jsonl", json.dumps({"title": "MothLight", "abstract": MOTHLIGHT, "venue": "NeurIPS", "year": 2025})
     + "\n"),
    ("papers.csv", f'title,abstract,venue,year\nMothLight,"{MOTHLIGHT}",NeurIPS,2025\n'),
])
def test_jsonl_and_csv_lists_are_accepted(index_copy, list_file, name, content):
    result = add_papers(list_file(name, content), index_copy)
    assert result.added == 1 and rag.stats(index_copy).venues["NeurIPS"] == {2025: 1}
    hit = rag.search("photonic accelerator", k=1, settings=index_copy)[0]
    assert hit.paper.title == "MothLight" and hit.paper.source == name


BAD_FILES = [
    ("scan.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 50, "scan.txt was not added: binary file"),
    ("latin1.txt", "ICML 2026 Papers\n\nCaf\xe9 au lait is measured with a new sensor array.".encode("latin-1"),
     "not UTF-8 text"),
    ("empty.txt", b"", "empty file"),
    ("blank.csv", b"\n\n  \n", "only blank lines"),
    ("short.txt", b"ICML 2026 Papers\n\nToo short.\n", "no abstracts found"),
    ("rows.csv", b"title,summary\nA,B\n", "without 'abstract' or 'text'"),
    ("paper.pdf", b"%PDF-1.7 a paper", "not a paper list: upload a .txt list"),
    ("noextension", NEURIPS_TXT.encode(), "not a paper list: upload a .txt list"),
]


@pytest.mark.parametrize("name, content, message", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_a_bad_file_is_refused_with_a_clear_message_and_changes_nothing(index_copy, list_file, name, content, message):
    before = data_files(index_copy)
    with pytest.raises(rag.BadUpload, match=message):
        add_papers(list_file(name, content), index_copy)
    assert data_files(index_copy) == before and rag.stats(index_copy).venues == SHIPPED


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(index_copy, list_file):
    small = index_copy.replace(upload_max_mb=0.0001)  # about 100 bytes
    with pytest.raises(rag.BadUpload, match=r"uploads are limited to 0\.0001 MB \(PAPERCHAT_UPLOAD_MAX_MB\)"):
        add_papers(list_file("big.txt", NEURIPS_TXT), small)
    assert rag.stats(index_copy).venues == SHIPPED and not (index_copy.index.data_dir / UPLOADS).exists()


def test_a_list_of_papers_already_indexed_is_refused(index_copy, list_file):
    shipped = sorted((index_copy.index.data_dir / "papers").iterdir())[0].read_text(encoding="utf-8")
    with pytest.raises(rag.BadUpload, match=r"all \d+ of its abstracts are already indexed"):
        add_papers(list_file("again.txt", shipped), index_copy)
    assert not (index_copy.index.data_dir / UPLOADS).exists()


@pytest.mark.parametrize("name", ["../escape.txt", "a/b.txt", "..\\b.txt", ".hidden.txt", "..", "", "x\x00.txt"])
def test_names_with_path_tricks_are_refused(name):
    with pytest.raises(rag.BadUpload, match="is not a plain file name"):
        safe_name(name)


@pytest.mark.parametrize("name, stored", [
    ("icml2026.txt", "icml2026.txt"), ("My Papers (v2).CSV", "My_Papers_v2.csv"), ("论文列表.txt", "papers.txt"),
    ("a" * 300 + ".jsonl", "a" * 94 + ".jsonl"),
])
def test_names_are_stored_plain(name, stored):
    assert safe_name(name) == stored


def test_a_path_trick_in_the_given_name_changes_nothing(index_copy, list_file):
    before = data_files(index_copy)
    with pytest.raises(rag.BadUpload):
        add_papers(list_file("fine.txt", NEURIPS_TXT), index_copy, name="../../papers/evil.txt")
    assert data_files(index_copy) == before


def test_an_existing_file_is_never_overwritten(index_copy, list_file):
    first = add_papers(list_file("list.txt", NEURIPS_TXT), index_copy)
    other = NEURIPS_TXT.replace("40 times", "12 times")
    second = add_papers(list_file("list.txt", other), index_copy)
    assert (first.name, second.name) == ("list.txt", "list-2.txt")
    uploads = index_copy.index.data_dir / UPLOADS
    assert (uploads / "list.txt").read_text(encoding="utf-8") == NEURIPS_TXT
    assert (uploads / "list-2.txt").read_text(encoding="utf-8") == other
    assert second.papers == 72


def test_a_failed_ingest_removes_the_stored_file_again(index_copy, list_file, monkeypatch):
    def broken(*args, **kwargs):
        raise rag.IndexUnavailable("cannot open the Chroma database (disk full)")

    monkeypatch.setattr(rag.api, "ingest", broken)
    with pytest.raises(rag.IndexUnavailable, match="disk full"):
        add_papers(list_file("neurips.txt", NEURIPS_TXT), index_copy)
    assert not (index_copy.index.data_dir / UPLOADS).exists()
    assert list((index_copy.index.index_dir / "staging").iterdir()) == []
    assert rag.stats(index_copy).venues == SHIPPED


def test_a_list_with_some_bad_rows_is_added_and_names_them(index_copy, list_file):
    content = NEURIPS_TXT + "\nToo short.\n"
    result = add_papers(list_file("mixed.txt", content), index_copy)
    assert result.added == 1 and any("mixed.txt#2" in w and "too short" in w for w in result.warnings)
