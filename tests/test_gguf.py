"""PAPERCHAT_LLM_GGUF: llama.cpp in this process, on 127.0.0.1, named everywhere; a bad file is a clear error
and answers stay extractive."""

from __future__ import annotations

import httpx
import pytest

import rag
from rag.answer import gguf
from rag.answer.llm import llm_configured, load_client, model_label
from rag.errors import ConfigError
from rag.serve import cli
from test_real_llm import GAVE_WAY

VEDA = "What speedup does Veda report?"


def prompt_tokens(url: str) -> float:
    """Prompt tokens llama.cpp has read so far (its /metrics counter)."""
    text = httpx.get(url.removesuffix("/v1") + "/metrics", timeout=10).text
    return float(next(line.split()[-1] for line in text.splitlines() if line.startswith("llamacpp:prompt_tokens_total")))


@pytest.fixture
def bad_files(tmp_path, smollm_path):
    truncated = tmp_path / "truncated.gguf"
    with open(smollm_path, "rb") as src:
        truncated.write_bytes(src.read(2_000_000))  # the header is there, the tensors are not
    not_gguf = tmp_path / "model.safetensors"
    not_gguf.write_bytes(b"\x00" * 64)
    return {"missing": tmp_path / "nowhere.gguf", "not a GGUF": not_gguf, "truncated": truncated}


@pytest.mark.parametrize("kind, words", [
    ("missing", "no model file at"),
    ("not a GGUF", "is not a GGUF model"),
    ("truncated", "could not load truncated.gguf"),
])
def test_a_bad_model_file_is_a_config_error_that_says_what_to_do(bad_files, kind, words):
    with pytest.raises(ConfigError, match=words) as caught:
        load_client(rag.Settings(llm_gguf=bad_files[kind]), say=lambda message: None)
    assert "PAPERCHAT_LLM_GGUF" in str(caught.value)


@pytest.mark.parametrize("kind", ["missing", "truncated"])
def test_with_a_bad_model_file_answers_stay_extractive_with_a_notice(built_settings, bad_files, kind):
    answer = rag.ask(VEDA, settings=built_settings.replace(llm_gguf=bad_files[kind]))
    assert answer.mode == "extractive" and "5.1×" in answer.text
    assert answer.notice.startswith("LLM unavailable, answered extractively") and "PAPERCHAT_LLM_GGUF" in answer.notice


def test_the_model_file_is_named_in_the_mode_and_the_cli(smollm_path):
    settings = rag.Settings(llm_gguf=smollm_path)
    assert llm_configured(settings)
    assert model_label(settings) == f"llm: {smollm_path.name}"
    assert cli._mode_line(settings) == f"llm: {smollm_path.name} (llama.cpp on this machine)"


@pytest.mark.slow  # loads the model and generates
def test_a_gguf_file_answers_through_llama_cpp_in_this_process(built_settings, smollm_path):
    said = []
    settings = built_settings.replace(llm_gguf=smollm_path, llm_timeout=120, llm_answer_timeout=240, answer_k=3,
                                      answer_words=30, llm_max_tokens=60)
    try:
        load_client(settings, say=said.append)
        load_client(settings, say=said.append)  # loaded once: the second start says nothing
        assert len(said) == 1 and said[0].startswith(f"Loading the model {smollm_path.name}")
        server = gguf.local_server(smollm_path)
        assert server.url.startswith("http://127.0.0.1:")  # never on another interface
        before = prompt_tokens(server.url)  # the rules, read when the model loaded
        answer = rag.ask(VEDA, settings=settings)
        assert prompt_tokens(server.url) > before > 0  # the model was asked
        # written by the model, or (SmolLM2 often cites nothing) the abstracts' answer saying why
        assert answer.mode == f"llm: {smollm_path.name}" or answer.notice.startswith(GAVE_WAY), answer.notice
    finally:
        gguf.stop_all()
