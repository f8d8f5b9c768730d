"""The LLM path against a real model: llama.cpp (xllamacpp) serving SmolLM2-135M on 127.0.0.1, through the
real `openai` client, as a user's OPENAI_BASE_URL would. The model writes weak answers; these tests assert
the pipeline's invariants on whatever it writes, never its prose. Sampling is greedy and seeded
(tests/llama_server.py), so a prompt gets the same reply in every run.
"""

from __future__ import annotations

import time

import pytest

import rag
from conftest import LlamaServer
from rag.answer import pipeline
from rag.answer.citations import claims_for, find_markers, resolve
from rag.answer.llm import generate_stream
from rag.answer.reply import plain_text
from test_answer import check_invariants

# slow: a real model generates on the CPU (make test runs it, make test-quick does not)
pytestmark = [pytest.mark.timeout(900), pytest.mark.slow]  # a CPU shared with other jobs reads prompts slowly

VEDA = "What speedup does Veda report?"
MODEL = "smollm2-135m"


def real(settings: rag.Settings, url: str, **overrides) -> rag.Settings:
    # short answers from 3 sources keep the suite fast; generous waits because CPU time is shared in CI
    options = dict(openai_base_url=url, llm_model=MODEL, llm_timeout=120, llm_answer_timeout=240, answer_k=3,
                   answer_words=40, llm_max_tokens=90, llm_temperature=0.0)
    return settings.replace(**{**options, **overrides})


def streamed(question: str, settings: rag.Settings, history=None) -> tuple[str, rag.Answer, int]:
    """The streamed text, the final answer, and how many pieces came before it."""
    *pieces, answer = rag.ask_stream(question, history=history, settings=settings)
    return "".join(pieces), answer, len(pieces)


# what the pipeline says when the model's finished reply breaks a rule and the abstracts answer instead
GAVE_WAY = ("The written answer cited no source", "The model found no answer",
            "The written answer left out what its sources give and said")
# what it says when the abstracts' sentences the reply left out are quoted after it, or the reply was cut
KEPT = ("The written answer was cut short", "The written answer left out")


def test_a_real_answer_streams_in_pieces_and_every_citation_resolves(built_settings, real_llm):
    before = real_llm.prompts_served()
    raw, answer, pieces = streamed(VEDA, real(built_settings, real_llm.url))
    written = raw.split("\n\n[")[0]  # the model's own text, before any notice that the abstracts answer instead
    assert real_llm.prompts_served() > before and written.strip()
    assert len(written) < len(raw) or pieces > 3  # piece by piece, as the model wrote it
    if answer.mode == f"llm: {MODEL}":
        assert answer.notice == "" or answer.notice.startswith(KEPT), answer.notice
        assert answer.abstained or answer.citations or not find_markers(raw)
    else:  # SmolLM2 often cites nothing: its reply was shown, then the extractive answer, saying why
        assert answer.mode == "extractive" and answer.notice.startswith(GAVE_WAY), answer.notice
        assert "answering from the abstracts instead]" in raw and "5.1×" in answer.text
    check_invariants(answer)  # every [n] names a cited paper, numbers run 1..m, quotes are verbatim


def written(question: str, settings: rag.Settings) -> tuple[str, rag.Answer]:
    """The model's raw reply to `question` over the 3 best papers, and the answer our citation stage makes of it.

    Straight to the generation and citation stages: the pipeline's own judgement would answer these leading
    questions itself ("the abstract does not report 99.7x") before the model is asked."""
    hits = rag.search(VEDA, k=3, settings=settings)
    papers = [h.paper for h in hits]
    raw = "".join(generate_stream(question, papers, None, settings))
    resolved = resolve(plain_text(raw), papers)
    return raw, rag.Answer(text=resolved.text, citations=resolved.citations, unsupported=resolved.unsupported)


def test_citation_numbers_the_model_invents_are_dropped(built_settings, real_llm):
    # 3 sources, and the question itself asks for source 7: the model copies it
    raw, answer = written("What speedup does Veda report? Answer as: Veda is fast [7].",
                          real(built_settings, real_llm.url))
    invented = [n for m in find_markers(raw) for n in m.numbers if n > 3]
    assert invented, f"the model wrote no out-of-range citation this time: {raw!r}"
    check_invariants(answer)
    assert all(n <= len(answer.citations) <= 3 for m in find_markers(answer.text) for n in m.numbers)


def test_sentences_their_cited_abstract_does_not_support_are_listed(built_settings, real_llm):
    raw, answer = written("Repeat exactly: Veda reaches a 99.7x speedup [1].", real(built_settings, real_llm.url))
    claims = [c for cited in claims_for(answer.text).values() for c in cited if "99.7" in c]
    assert claims, f"the model did not repeat the claim with a citation: {raw!r}"
    assert all(c in answer.unsupported for c in claims)  # no abstract says 99.7x
    check_invariants(answer)


def test_an_out_of_scope_question_abstains_without_calling_the_model(built_settings, real_llm):
    before = real_llm.prompts_served()
    answer = rag.ask("What's the best recipe for a chocolate cake?", settings=real(built_settings, real_llm.url))
    assert answer.abstained and answer.citations == ()
    assert real_llm.prompts_served() == before  # llama.cpp read no prompt


def test_a_server_killed_mid_stream_ends_in_the_extractive_answer_with_a_notice(built_settings, smollm_path):
    server = LlamaServer(smollm_path)  # our own: the session's server must live on
    try:
        settings = real(built_settings, server.url, llm_timeout=60, answer_words=200, llm_max_tokens=400)
        stream = rag.ask_stream(VEDA, settings=settings)
        first = next(p for p in stream if isinstance(p, str) and p.strip())
        server.kill()
        killed = time.monotonic()
        *rest, answer = stream
    finally:
        server.stop()
    assert first and answer.mode == "extractive"
    assert answer.notice.startswith("LLM unavailable, answered extractively")
    assert "[the LLM stream broke" in "".join(rest)  # the reader is told why the text changes
    assert "5.1×" in answer.text and answer.citations[0].paper.title == "Veda"
    assert time.monotonic() - killed < settings.llm.timeout  # a dead server is noticed at once, not waited for


def test_a_follow_up_is_condensed_by_the_model_and_still_finds_the_paper(built_settings, real_llm, monkeypatch):
    rewrites = []
    condense = pipeline.condense_question

    def spy(*args, **kwargs):
        rewrites.append(condense(*args, **kwargs))
        return rewrites[-1]

    monkeypatch.setattr(pipeline, "condense_question", spy)
    history = [{"role": "user", "content": "What is FlowNar?"},
               {"role": "assistant", "content": "FlowNar is a streaming narration framework [1]."}]
    before = real_llm.prompts_served()
    answer = rag.ask("Which datasets was it evaluated on?", history=history, settings=real(built_settings, real_llm.url))
    assert rewrites and rewrites[0].strip() and real_llm.prompts_served() > before
    assert answer.sources[0].paper.title == "FlowNar"
    check_invariants(answer)
