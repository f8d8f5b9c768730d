"""rag/answer/complete.py: a written answer completed by the extractive sentences it does not carry, quoted."""

from __future__ import annotations

import pytest

from rag.answer.citations import find_markers, resolve
from rag.answer.complete import carries, completed
from rag.types import Answer, Hit, Paper


def paper(pid: str, text: str) -> Paper:
    return Paper(id=pid, title=pid, venue="ICML", year=2026, abstract=text, text=text, source="test.txt", position=1)


VEDA = paper("Veda", "Veda speeds up video diffusion. To generate 720P videos, Veda achieves a 5.1× end-to-end "
                     "speedup and a 10.5× self-attention speedup. We release code.")
SINK = paper("Deep Forcing", "Deep Forcing has two mechanisms, Deep Sink and Participative Compression. "
                             "Together they enable over 12× length extrapolation.")
LEAD = "To generate 720P videos, Veda achieves a 5.1× end-to-end speedup and a 10.5× self-attention speedup."
SPEEDUP = "What speedup does Veda report?"


@pytest.mark.parametrize(("written", "sentence", "question", "expected"), [
    (f"{LEAD} [1]", LEAD, SPEEDUP, True),
    ("Veda is 5.1x faster end to end on 720P videos and 10.5x in self-attention [1].", LEAD, SPEEDUP, True),
    ("Veda achieves a 5.1× end-to-end speedup [1].", LEAD, SPEEDUP, False),  # one value of several
    ("Veda makes video generation much faster [1].", LEAD, SPEEDUP, False),  # the figures paraphrased away
    ("Its mechanisms are Deep Sink and Participative Compression [1].",
     "Deep Forcing has two mechanisms, Deep Sink and Participative Compression.", "What are Deep Forcing's mechanisms?",
     True),
    ("Its mechanism is Participative Compression [1].",
     "Deep Forcing has two mechanisms, Deep Sink and Participative Compression.", "What are Deep Forcing's mechanisms?",
     False),
    # a sentence without figures or names is carried by its content terms
    ("The tokenizer spends fewer tokens on predictable frames [1].",
     "the tokenizer allocates fewer tokens to predictable frames.", "How does it save tokens?", True),
    ("It is a good method [1].", "the tokenizer allocates fewer tokens to predictable frames.", "How?", False),
])
def test_a_sentence_is_carried_when_its_figures_names_or_terms_are_kept(written, sentence, question, expected):
    assert carries(written, sentence, question) is expected


def test_an_answer_in_another_language_is_held_to_the_figures_and_names_only():
    lead = "the tokenizer allocates fewer tokens to predictable frames."
    assert carries("该分词器为可预测的帧分配更少的标记 [1]。", lead, "How?", by_terms=False)
    assert not carries("Veda 实现了 5.1× 的加速 [1]。", LEAD, SPEEDUP, by_terms=False)


def _extractive(text: str, papers: list[Paper]) -> Answer:
    resolved = resolve(text, papers)
    return Answer(text=resolved.text, citations=resolved.citations)


def test_a_written_answer_that_keeps_everything_is_left_alone():
    written = resolve(f"{LEAD} [1]", [VEDA])
    done = completed(written, _extractive(f"{LEAD} [1]", [VEDA]), SPEEDUP)
    assert done.quoted == () and done.resolved == written


def test_the_sentence_whose_values_the_written_answer_dropped_is_quoted_after_it_cited():
    written = resolve("Veda makes video generation much faster [1].", [VEDA])
    done = completed(written, _extractive(f"{LEAD} [1]", [VEDA]), SPEEDUP)
    assert done.resolved.text == f"Veda makes video generation much faster [1]. {LEAD} [1]"
    assert [c.paper.id for c in done.resolved.citations] == ["Veda"]
    assert LEAD in done.resolved.citations[0].quotes and done.resolved.unsupported == ()


def test_an_uncited_decided_paper_is_quoted_with_a_new_number_and_invented_numbers_stay_dropped():
    # the model cited the second source (Veda) and invented [7]; the extractive answer leads with Deep Forcing
    written = resolve("Veda achieves a 5.1× and a 10.5× speedup on 720P videos [2] [7].", [SINK, VEDA])
    sink = "Together they enable over 12× length extrapolation."
    done = completed(written, _extractive(f"{sink} [1] {LEAD} [2]", [SINK, VEDA]), "How far does it extrapolate?")
    assert done.resolved.text == f"Veda achieves a 5.1× and a 10.5× speedup on 720P videos [1]. {sink} [2]"
    assert [c.paper.id for c in done.resolved.citations] == ["Veda", "Deep Forcing"]
    numbers = [n for m in find_markers(done.resolved.text) for n in m.numbers]
    assert max(numbers) == len(done.resolved.citations)  # every [n] resolves
    assert done.quoted == (f"{sink} [2]",)


def test_the_quoted_papers_the_model_did_not_read_join_the_answers_sources():
    sink, veda = Hit(SINK, 0.9), Hit(VEDA, 0.5)
    extractive = resolve(f"{LEAD} [1]", [VEDA])
    written = resolve("Deep Forcing reaches over 12× length extrapolation [1].", [SINK])
    done = completed(written, Answer(text=extractive.text, citations=extractive.citations, sources=(sink, veda)),
                     SPEEDUP)
    assert done.hits([sink]) == (veda,) and done.hits([sink, veda]) == ()


@pytest.mark.parametrize(("written", "why"), [
    ("Veda makes video generation much faster [1].", ""),  # completed: it stands
    ("Veda reaches a 9.9× speedup on 720P videos [1].", "said what they do not support"),  # 9.9×, and 5.1× left out
    (f"{LEAD} It also reaches 9.9× on images [1].", ""),  # nothing left out: it stands, its claim flagged
])
def test_an_answer_that_left_evidence_out_and_claims_what_its_source_does_not_cannot_stand(written, why):
    done = completed(resolve(written, [VEDA]), _extractive(f"{LEAD} [1]", [VEDA]), SPEEDUP)
    assert (why in done.why) if why else done.why == ""
