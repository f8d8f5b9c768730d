"""The user's library: the index remembers its paths, uploads add to them, lists can be listed and removed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import rag
import rag.api
from rag.serve.library import paper_lists, remove_list
from rag.serve.upload import UPLOADS, add_papers
from rag.corpus.papers import load_papers
from rag.index.chunks import make_chunks

SHIPPED = {"ICLR 2026": 19, "ICML 2026": 51}
MOTHLIGHT = ("We introduce MothLight, a photonic accelerator that runs sparse attention with optical "
             "interference, cutting the energy of long-context inference by 40 times on a prototype chip.")
NEURIPS_TXT = f"NeurIPS 2025 Papers\n\n{MOTHLIGHT}\n"
SAMPLES = Path(__file__).parent / "data"


def counts(settings: rag.Settings) -> dict[str, int]:
    """Papers per "VENUE YEAR"."""
    return {f"{v} {y}": n for v, years in rag.stats(settings).venues.items() for y, n in years.items()}


def exact_index(settings: rag.Settings) -> None:
    """The snapshot holds exactly the data folder's papers; Chroma exactly their chunks; BM25 one row a paper."""
    expected = load_papers([settings.index.data_dir]).papers
    index = rag.get_index(settings)
    snapshot = index.snapshot()
    assert sorted(p.id for p in snapshot.papers) == sorted(p.id for p in expected)
    assert set(index.collection.get(include=[])["ids"]) == {c.id for p in expected for c in make_chunks(p, settings)}
    assert len(snapshot.keyword.scores("video", len(snapshot.papers))) == len(snapshot.papers)  # BM25 rows = papers


def extra_folder(root: Path, n: int = 3) -> Path:
    folder = root / "extra"
    folder.mkdir()
    rows = [{"title": f"Extra {i}", "venue": "CVPR", "year": 2025,
             "abstract": f"We measure the effect number {i} of dropout on the calibration of video models, "
                         f"finding a {i + 2}% change across eleven benchmarks."} for i in range(n)]
    (folder / "extra.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return folder


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / "incoming" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_an_upload_keeps_the_papers_of_every_path_the_index_was_built_from(index_copy, tmp_path):
    # issue 13 #3: after `ingest data/ extra/` an upload said "now 71 papers", silently dropping extra/
    extra = extra_folder(tmp_path)
    rag.ingest([index_copy.index.data_dir, extra], settings=index_copy)
    assert rag.stats(index_copy).papers == 73

    result = add_papers(write(tmp_path, "neurips.txt", NEURIPS_TXT), index_copy)

    assert (result.added, result.papers) == (1, 74)
    assert counts(index_copy) == {**SHIPPED, "CVPR 2025": 3, "NeurIPS 2025": 1}


def test_a_plain_ingest_resyncs_the_remembered_paths(index_copy, tmp_path):
    # `make run` starts with a plain `paperchat ingest`: it must not narrow the index to data/
    extra = extra_folder(tmp_path)
    rag.ingest([index_copy.index.data_dir, extra], settings=index_copy)
    (extra / "more.jsonl").write_text(json.dumps({"title": "More", "venue": "CVPR", "year": 2025, "abstract":
                                      "We add one more paper about optical flow estimation in foggy scenes."}) + "\n")
    rag.api._default.clear()

    report = rag.ingest(settings=index_copy)

    assert (report.papers, report.added, report.removed) == (74, 1, 0)


def test_ingesting_fewer_paths_says_which_ones_are_no_longer_indexed(index_copy, tmp_path):
    extra = extra_folder(tmp_path)
    rag.ingest([index_copy.index.data_dir, extra], settings=index_copy)
    report = rag.ingest([index_copy.index.data_dir], settings=index_copy)
    assert report.removed == 3
    assert any("no longer indexed, though still on disk" in w and str(extra) in w for w in report.warnings)


def test_lists_show_file_format_venues_count_and_when_added(index_copy, tmp_path):
    add_papers(write(tmp_path, "neurips.txt", NEURIPS_TXT), index_copy)
    add_papers(SAMPLES / "openreview_notes.json", index_copy)

    lists = paper_lists(index_copy)

    shipped = [item for item in lists if not item.uploaded]
    assert len(shipped) == 4 and sum(item.papers for item in shipped) == 70
    assert {item.format for item in shipped} == {"paper list"}
    uploaded = {item.name: item for item in lists if item.uploaded}
    assert set(uploaded) == {"neurips.txt", "openreview_notes.json"}
    assert (uploaded["neurips.txt"].venues, uploaded["neurips.txt"].papers) == (("NeurIPS 2025",), 1)
    assert (uploaded["openreview_notes.json"].format, uploaded["openreview_notes.json"].papers) == ("OpenReview", 2)
    assert all(abs(item.added - time.time()) < 600 for item in uploaded.values())


def test_removing_an_upload_leaves_the_index_exact(index_copy, tmp_path):
    add_papers(write(tmp_path, "neurips.txt", NEURIPS_TXT), index_copy)
    add_papers(SAMPLES / "zotero.ris", index_copy)

    result = remove_list("neurips.txt", index_copy)

    assert (result.removed, result.papers) == (1, 72)
    assert result.message == "Removed neurips.txt: 1 paper (now 72 papers)."
    assert not (index_copy.index.data_dir / UPLOADS / "neurips.txt").exists()
    assert "NeurIPS 2025" not in counts(index_copy)
    exact_index(index_copy)  # Chroma holds exactly the snapshot's chunks; BM25 names the same papers
    assert not rag.search("photonic sparse attention accelerator", k=3, settings=index_copy) or all(
        h.paper.title != "MothLight" for h in rag.search("photonic sparse attention accelerator", k=3,
                                                         settings=index_copy))


def test_a_shipped_list_is_never_removed_and_the_refusal_names_the_lists(index_copy, tmp_path):
    add_papers(write(tmp_path, "neurips.txt", NEURIPS_TXT), index_copy)
    with pytest.raises(rag.BadUpload, match=r"neither an uploaded list .*uploaded lists: neurips.txt"):
        remove_list("001_9cdbb0d51ea5419a.txt", index_copy)
    assert rag.stats(index_copy).papers == 71


def test_a_remembered_path_can_be_forgotten_explicitly(index_copy, tmp_path):
    extra = extra_folder(tmp_path)
    rag.ingest([index_copy.index.data_dir, extra], settings=index_copy)
    result = remove_list(str(extra), index_copy)
    assert (result.removed, result.papers) == (3, 70) and extra.exists()


def test_searches_during_a_removal_see_all_of_its_papers_or_none(index_copy, tmp_path):
    add_papers(write(tmp_path, "neurips.txt", NEURIPS_TXT), index_copy)
    seen, stop = set(), threading.Event()

    def watch() -> None:
        while not stop.is_set():
            snapshot = rag.get_index(index_copy).snapshot()
            venues = {p.venue for p in snapshot.papers}
            seen.add((len(snapshot.papers), "NeurIPS" in venues))

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        remove_list("neurips.txt", index_copy)
    finally:
        stop.set()
        watcher.join()
    assert seen <= {(71, True), (70, False)}


def test_a_txt_list_without_a_header_is_refused_unless_venue_and_year_are_given(index_copy, tmp_path):
    note = write(tmp_path, "note.txt", f"{MOTHLIGHT}\n")
    with pytest.raises(rag.BadUpload, match=r"first line is not a '<VENUE> <YEAR>' header"):
        add_papers(note, index_copy)
    assert counts(index_copy) == SHIPPED

    result = add_papers(note, index_copy, venue="NeurIPS", year=2025)

    assert result.added == 1 and counts(index_copy)["NeurIPS 2025"] == 1
    stored = (index_copy.index.data_dir / UPLOADS / "note.txt").read_text(encoding="utf-8")
    assert stored.startswith("NeurIPS 2025\n\n")


def test_an_upload_over_the_paper_limit_is_refused(index_copy, tmp_path):
    small = index_copy.replace(upload_max_papers=1)
    with pytest.raises(rag.BadUpload, match=r"has 2 papers and an upload may have 1 \(PAPERCHAT_UPLOAD_MAX_PAPERS\)"):
        add_papers(SAMPLES / "openreview_notes.json", small)
    assert counts(index_copy) == SHIPPED


def test_a_cancelled_upload_adds_nothing(index_copy, tmp_path):
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(rag.UploadCancelled):
        add_papers(SAMPLES / "zotero.bib", index_copy, cancel=cancel)
    assert counts(index_copy) == SHIPPED and not (index_copy.index.data_dir / UPLOADS).exists()
    assert list((index_copy.index.index_dir / "staging").iterdir()) == []


def test_two_identical_uploads_at_once_are_accepted_once_and_the_second_is_told_it_waits(index_copy, tmp_path):
    path = write(tmp_path, "neurips.txt", NEURIPS_TXT)
    outcomes, waited = [], []

    def upload() -> None:
        try:
            outcomes.append(add_papers(path, index_copy, on_wait=lambda: waited.append(True)).name)
        except rag.BadUpload as exc:
            outcomes.append(str(exc))

    threads = [threading.Thread(target=upload) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes, key=len)[0] == "neurips.txt"
    assert "already indexed" in sorted(outcomes, key=len)[1]
    assert waited == [True]
    assert [p.name for p in (index_copy.index.data_dir / UPLOADS).iterdir()] == ["neurips.txt"]


@pytest.mark.slow  # a child process killed mid-upload
@pytest.mark.timeout(600)
def test_an_upload_killed_before_its_commit_leaves_no_file_in_the_data_folder(index_copy, tmp_path):
    # issue 13: a page killed mid-upload left its copy in data/, indexed by every later ingest as an orphan
    big = "ICML 2027\n\n" + "\n\n".join(
        f"We study method number {i} for calibrating {i % 7}-stage retrieval pipelines on benchmark {i}, "
        f"reporting a {i % 13}.{i % 10} point gain in recall." for i in range(100))
    path = write(tmp_path, "big.txt", big)
    env = {**os.environ, "PAPERCHAT_INDEX_DIR": str(index_copy.index.index_dir),
           "PAPERCHAT_DATA_DIR": str(index_copy.index.data_dir), "PAPERCHAT_EMBED_THREADS": "1"}
    script = ("import sys, rag\nfrom rag.serve.upload import add_papers\n"
              "add_papers(sys.argv[1], progress=lambda d, t: print('embedding', flush=True))\n")
    proc = subprocess.Popen([sys.executable, "-c", script, str(path)], env=env, stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).parent.parent)
    assert proc.stdout.readline().startswith("embedding")
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    assert not (index_copy.index.data_dir / UPLOADS).exists()
    rag.api._default.clear()
    report = rag.ingest(settings=index_copy)
    assert report.papers == 70 and not [w for w in report.warnings if "same abstract" in w]
    result = add_papers(path, index_copy)  # the retry stores one copy, and the leftover staging is gone
    assert result.added == 100 and list((index_copy.index.index_dir / "staging").iterdir()) == []
