"""Thumbs up/down: one JSON line per click, appended, beside the index unless configured elsewhere."""

from __future__ import annotations

import json
import threading
from datetime import datetime, timezone

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
                       "authors": "", "url": "", "code": [], "quotes": ["Veda is 5.1× faster."]}],
        "unsupported": [],
    }


def test_clicks_are_appended_and_the_file_is_created_when_missing(tmp_path):
    settings = rag.Settings(index_dir=tmp_path / "new" / "index")
    for liked in (True, False, None):
        assert rag.record_feedback("How fast is Veda?", ANSWER, liked, settings) == settings.feedback_file
    assert [line["liked"] for line in lines(settings.feedback_file)] == [True, False, None]


def test_concurrent_clicks_never_mix_lines(tmp_path):
    settings = rag.Settings(index_dir=tmp_path)
    long_answer = rag.Answer(text="x" * 20_000, citations=ANSWER.citations)
    threads = [threading.Thread(target=rag.record_feedback, args=(f"q{i}", long_answer, i % 2 == 0, settings))
               for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(line["question"] for line in lines(settings.feedback_file)) == sorted(f"q{i}" for i in range(20))


def test_an_unwritable_place_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    settings = rag.Settings(index_dir=tmp_path, feedback_path=blocker / "feedback.jsonl")
    with pytest.raises(rag.ConfigError, match=r"cannot record feedback in .*file/feedback\.jsonl .*"
                                              r"set PAPERCHAT_FEEDBACK_PATH to a file in a writable folder"):
        rag.record_feedback("q", ANSWER, True, settings)
