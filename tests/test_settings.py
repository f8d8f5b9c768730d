"""rag.settings: one Settings of five parts, today's env names, typos refused, the index keyed by its part alone."""

from __future__ import annotations

import pytest

import rag
from rag.settings import Settings


@pytest.mark.parametrize("flat, part, field, value", [
    ({"top_k": 5}, "search", "top_k", 5),
    ({"dense_weight": 0.5}, "search", "dense_weight", 0.5),
    ({"answer_words": 60}, "answer", "words", 60),
    ({"llm_model": "qwen"}, "llm", "model", "qwen"),
    ({"llm_timeout": 3}, "llm", "timeout", 3.0),
    ({"chunk_sentences": 3, "chunk_stride": 3}, "index", "chunk_sentences", 3),
    ({"upload_max_mb": 1.5}, "serve", "upload_max_mb", 1.5),
    ({"search__fusion": "rrf"}, "search", "fusion", "rrf"),
])
def test_flat_names_reach_their_part(flat, part, field, value):
    assert getattr(getattr(Settings(**flat), part), field) == value
    assert getattr(getattr(Settings().replace(**flat), part), field) == value


@pytest.mark.parametrize("typo, suggestion", [
    ("dense_wieght", "dense_weight"), ("topk", "top_k"), ("answer_word", "answer_words"), ("search__top", None),
])
def test_a_typo_raises_a_clear_error(typo, suggestion):
    with pytest.raises(rag.ConfigError, match="unknown setting") as error:
        Settings(**{typo: 1})
    if suggestion:
        assert f"did you mean {suggestion!r}" in str(error.value)
    with pytest.raises(rag.ConfigError):
        Settings().replace(**{typo: 1})


def test_a_typo_in_the_parts_raises_too():
    with pytest.raises(ValueError, match="Extra inputs are not permitted"):
        Settings(search={"top_kk": 3})


@pytest.mark.parametrize("env, part, field, value", [
    ({"PAPERCHAT_TOP_K": "7"}, "search", "top_k", 7),
    ({"PAPERCHAT_SEARCH__TOP_K": "8"}, "search", "top_k", 8),
    ({"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}, "llm", "base_url", "http://127.0.0.1:9/v1"),
    ({"PAPERCHAT_PORT": "7999"}, "serve", "port", 7999),
    ({"PAPERCHAT_HOST": "0.0.0.0"}, "serve", "host", "0.0.0.0"),
    ({"PAPERCHAT_ANSWER_WORDS": "50"}, "answer", "words", 50),
])
def test_todays_environment_names_still_work(monkeypatch, env, part, field, value):
    for name, text in env.items():
        monkeypatch.setenv(name, text)
    assert getattr(getattr(Settings(), part), field) == value


def test_an_unknown_paperchat_variable_is_refused(monkeypatch):
    monkeypatch.setenv("PAPERCHAT_DENSE_WIEGHT", "0.5")
    with pytest.raises(rag.ConfigError, match="dense_weight"):
        Settings()


def test_a_dotenv_file_is_read(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("PAPERCHAT_TOP_K=4\n")
    assert Settings().search.top_k == 4


def test_the_auth_secret_is_never_shown():
    settings = Settings(auth="me:hunter2")
    assert "hunter2" not in repr(settings) and "hunter2" not in str(settings.serve)


def test_only_the_index_part_names_an_index():
    base = Settings()
    assert base.replace(top_k=3, answer_words=40, llm_model="x").index_key == base.index_key
    assert base.replace(chunk_sentences=3, chunk_stride=3).index_key != base.index_key
    assert base.replace(embedder="multilingual").index_key != base.index_key


def test_windows_must_cover_every_sentence():
    with pytest.raises(ValueError, match="chunk_stride"):
        Settings(chunk_sentences=2, chunk_stride=3)
