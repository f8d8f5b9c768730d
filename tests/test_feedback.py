"""Thumbs up/down: one JSON line per click, appended, beside the index unless configured elsewhere."""

from __future__ import annotations

import json
import multiprocessing
from datetime import datetime, timezone
from pathlib import Path

import pytest

import rag
from rag.serve.feedback import feedback_record

VEDA = rag.Paper(id="icml2026-1a2b3c4d5e", title="Veda", venue="ICML", year=2026, abstract="a",
                 text="Veda is 5.1× faster.", source="icml.txt", position=1)
ANSWER = rag.Answer(text="Veda is 5.1× faster [1].", citations=(rag.Citation(1, VEDA, ("Veda is 5.1× faster.",)),))


def lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_file_sits_beside_the_index_unless_configured(tmp_path):
    assert rag.Settings(index_dir=tmp_path / "ix").feedback_file == tmp_path / "ix" / "feedback.jsonl"
    assert rag.Settings(index_dir=tmp_path, feedback_path=tmp_path / "f.jsonl").feedback_file == tmp_path / "f.jsonl"


def test_the_setting_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PAPERCHAT_FEEDBACK_PATH", str(tmp_path / "env.jsonl"))
    assert rag.Settings().feedback_file == tmp_path / "env.jsonl"


def test_a_record_names_the_question_answer_citations_and_vote():
    when = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
    assert feedback_record("How fast is Veda?", ANSWER, False, when) == {
        "time": "2026-05-01T12:00:00+00:00", "question": "How fast is Veda?", "liked": False,
        "text": "Veda is 5.1× faster [1].", "mode": "extractive", "abstained": False, "notice": "",
        "citations": [{"n": 1, "id": "icml2026-1a2b3c4d5e", "title": "Veda", "venue": "ICML", "year": 2026,
                       "authors": [], "url": "", "code": [], "doi": "", "arxiv_id": "",
                       "quotes": ["Veda is 5.1× faster."]}],
        "unsupported": [],
    }


def test_clicks_are_appended_and_the_file_is_created_when_missing(tmp_path):
    settings = rag.Settings(index_dir=tmp_path / "new" / "index")
    for liked in (True, False, None):
        assert rag.record_feedback("How fast is Veda?", ANSWER, liked, settings) == settings.feedback_file
    assert [line["liked"] for line in lines(settings.feedback_file)] == [True, False, None]


def _click_many(path: str, worker: int, clicks: int, start) -> None:
    """One page process: waits for the others, then records `clicks` votes on a long answer."""
    settings = rag.Settings(index_dir=Path(path).parent, feedback_path=path)
    long_answer = rag.Answer(text=f"w{worker} " + "x" * 20_000, citations=ANSWER.citations)  # > one pipe buffer
    start.wait()
    for i in range(clicks):
        rag.record_feedback(f"w{worker}-{i}", long_answer, i % 2 == 0, settings)


@pytest.mark.slow
def test_processes_clicking_at_once_keep_every_line_whole(tmp_path):
    # several page processes (or machines sharing the folder) append to one file: no lock spans them
    path, workers, clicks = tmp_path / "feedback.jsonl", 4, 200
    spawn = multiprocessing.get_context("spawn")
    start = spawn.Barrier(workers)  # all click together once every process is up
    procs = [spawn.Process(target=_click_many, args=(str(path), w, clicks, start)) for w in range(workers)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
    assert [proc.exitcode for proc in procs] == [0] * workers

    records = lines(path)  # every line parses: none was cut or interleaved with another
    assert sorted(r["question"] for r in records) == sorted(f"w{w}-{i}" for w in range(workers) for i in range(clicks))
    assert all(r["text"] == r["question"].split("-")[0] + " " + "x" * 20_000 for r in records)


def test_an_unwritable_place_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    settings = rag.Settings(index_dir=tmp_path, feedback_path=blocker / "feedback.jsonl")
    with pytest.raises(rag.ConfigError, match=r"cannot record feedback in .*file/feedback\.jsonl .*"
                                              r"set PAPERCHAT_FEEDBACK_PATH to a file in a writable folder"):
        rag.record_feedback("q", ANSWER, True, settings)
