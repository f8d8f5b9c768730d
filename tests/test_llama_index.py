"""rag.integrations.llama_index: the retriever, query engine and chat engine a llama-index user plugs in."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.evaluation import RetrieverEvaluator

import rag
from rag.answer.citations import find_markers
from rag.integrations.llama_index import PaperchatChatEngine, PaperchatQueryEngine, PaperRetriever

from conftest import PROJECT_ROOT, VEDA_QUESTION

if str(PROJECT_ROOT) not in sys.path:  # eval/ is a top-level package of the checkout, not installed
    sys.path.insert(0, str(PROJECT_ROOT))

from eval.datasets import retrieval_questions  # noqa: E402

OUT_OF_SCOPE = "What's the best recipe for a chocolate cake?"
# measured on eval/questions/dev.jsonl (162 questions with gold papers, w001-w106 included), k=10, shipped corpus: hit rate 1.000, MRR 0.979
HIT_RATE_FLOOR, MRR_FLOOR = 0.95, 0.90


def cited_numbers(text: str) -> list[int]:
    return [n for marker in find_markers(text) for n in marker.numbers]


def test_import_rag_does_not_import_llama_index():
    script = ("import sys, rag; rag.Settings; "
              "print(sorted(m for m in sys.modules if m.startswith(('llama_index', 'rag.integrations'))))")
    run = subprocess.run([sys.executable, "-c", script], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "[]", run.stderr


# ---------------------------------------------------------------- the retriever

def test_nodes_are_papers_with_id_venue_year_score_and_snippet(built_settings):
    nodes = PaperRetriever(k=5, settings=built_settings).retrieve(VEDA_QUESTION)

    assert len(nodes) == 5 and len({n.node.node_id for n in nodes}) == 5
    top = nodes[0]
    hit = rag.search(VEDA_QUESTION, k=1, settings=built_settings)[0]
    assert top.node.node_id == hit.paper.id and top.node.text == hit.paper.text
    assert {k: top.node.metadata[k] for k in ("paper_id", "title", "venue", "year")} == {
        "paper_id": hit.paper.id, "title": "Veda", "venue": "ICML", "year": 2026}
    assert top.score == top.node.metadata["score"] == hit.score
    assert "5.1×" in top.node.metadata["snippet"]
    assert [n.score for n in nodes] == sorted((n.score for n in nodes), reverse=True)


@pytest.mark.parametrize("venue, year, expected", [
    ("ICLR", None, {("ICLR", 2026)}),
    (["ICML"], 2026, {("ICML", 2026)}),
    (None, 2025, set()),  # no paper of 2025: nothing, not an error
])
def test_the_retriever_applies_the_filters(built_settings, venue, year, expected):
    nodes = PaperRetriever(k=10, venue=venue, year=year, settings=built_settings).retrieve("video generation")
    assert {(n.node.metadata["venue"], n.node.metadata["year"]) for n in nodes} == expected


def test_llama_index_judges_our_retrieval_on_the_dev_questions(built_settings):
    """llama-index's own RetrieverEvaluator (hit rate, MRR), not our metrics, over the dev split."""
    scores = {"hit_rate": [], "mrr": []}
    for q in retrieval_questions("dev"):  # never the test split
        retriever = PaperRetriever(k=10, venue=q.get("venue"), year=q.get("year"), settings=built_settings)
        evaluator = RetrieverEvaluator.from_metric_names(["hit_rate", "mrr"], retriever=retriever)
        result = evaluator.evaluate(query=q["question"], expected_ids=q["gold"])
        for name, value in result.metric_vals_dict.items():
            scores[name].append(value)
    hit_rate, mrr = (sum(v) / len(v) for v in (scores["hit_rate"], scores["mrr"]))
    print(f"RetrieverEvaluator on {len(scores['mrr'])} dev questions: hit rate {hit_rate:.3f}, MRR {mrr:.3f}")
    assert len(scores["mrr"]) >= 50
    assert hit_rate >= HIT_RATE_FLOOR and mrr >= MRR_FLOOR


def test_async_retrieval_gives_the_same_nodes(built_settings):
    retriever = PaperRetriever(k=3, settings=built_settings)
    assert [n.node.node_id for n in asyncio.run(retriever.aretrieve(VEDA_QUESTION))] == \
        [n.node.node_id for n in retriever.retrieve(VEDA_QUESTION)]


# ---------------------------------------------------------------- the query engine

def test_the_source_nodes_are_the_cited_papers_in_citation_order(built_settings):
    response = PaperchatQueryEngine(settings=built_settings).query(VEDA_QUESTION)
    answer = response.metadata["answer"]

    assert str(response) == answer.text and "5.1×" in answer.text
    assert [n.node.node_id for n in response.source_nodes] == [c.paper.id for c in answer.citations]
    assert response.source_nodes[0].node.metadata["title"] == "Veda"
    assert [n.node.metadata["n"] for n in response.source_nodes] == list(range(1, len(answer.citations) + 1))
    assert set(cited_numbers(answer.text)) == {n.node.metadata["n"] for n in response.source_nodes}
    assert response.source_nodes[0].node.metadata["quotes"] == list(answer.citations[0].quotes)
    assert response.metadata["mode"] == "extractive" and not response.metadata["abstained"]


def test_a_question_the_papers_do_not_cover_has_no_sources(built_settings):
    response = PaperchatQueryEngine(settings=built_settings).query(OUT_OF_SCOPE)
    assert response.metadata["abstained"] and response.source_nodes == []


def test_the_query_engine_applies_its_filters(built_settings):
    response = PaperchatQueryEngine(venue="ICLR", settings=built_settings).query("Which papers study video generation?")
    assert response.source_nodes and {n.node.metadata["venue"] for n in response.source_nodes} == {"ICLR"}


def test_an_empty_question_is_rags_own_clear_error(built_settings):
    with pytest.raises(ValueError, match="the query is empty"):  # rag.BadQuery is a ValueError
        PaperchatQueryEngine(settings=built_settings).query("   ")


# ---------------------------------------------------------------- the chat engine

def test_a_follow_up_keeps_its_subject_and_the_conversation_keeps_its_citations(built_settings):
    engine = PaperchatChatEngine(settings=built_settings)
    first = engine.chat("What is FlowNar?")
    second = engine.chat("Which datasets was it evaluated on?")

    assert first.source_nodes[0].node.metadata["title"] == "FlowNar"
    assert second.source_nodes[0].node.metadata["title"] == "FlowNar"  # "it" stayed FlowNar
    assert all(d in second.response for d in ("Ego4D", "EgoExo4D", "EpicKitchens100"))
    cited = engine.citations  # the conversation's bibliography: each paper once, first-cited first
    ids = [n.node.node_id for n in cited]
    assert len(ids) == len(set(ids)) and ids[0] == first.source_nodes[0].node.node_id
    assert set(ids) == {n.node.node_id for r in (first, second) for n in r.source_nodes}
    assert cited[0].node.metadata["cited_in_turns"] == [1, 2]
    history = engine.chat_history
    assert [m.role for m in history] == [MessageRole.USER, MessageRole.ASSISTANT] * 2
    assert history[3].content == second.response
    assert history[3].additional_kwargs["citations"] == [n.node.node_id for n in second.source_nodes]


def test_reset_and_a_given_history_start_a_new_conversation(built_settings):
    engine = PaperchatChatEngine(settings=built_settings)
    engine.chat(VEDA_QUESTION)
    engine.reset()
    assert engine.chat_history == [] and engine.citations == []

    given = [ChatMessage(role=MessageRole.USER, content="What is FlowNar?"),
             ChatMessage(role=MessageRole.ASSISTANT, content="FlowNar is a streaming narration model [1].")]
    reply = engine.chat("Which datasets was it evaluated on?", chat_history=given)
    assert reply.source_nodes[0].node.metadata["title"] == "FlowNar"
    assert len(engine.chat_history) == 4 and len(engine.answers) == 1


def test_a_streamed_reply_ends_with_its_citations(built_settings):
    engine = PaperchatChatEngine(settings=built_settings)
    response = engine.stream_chat(VEDA_QUESTION)
    text = "".join(response.response_gen)

    assert text.strip() == engine.answers[-1].text.strip() and "5.1×" in text
    assert [n.node.node_id for n in response.source_nodes] == [c.paper.id for c in engine.answers[-1].citations]
    assert response.source_nodes[0].node.metadata["title"] == "Veda"


def test_async_chat_and_stream(built_settings):
    engine = PaperchatChatEngine(settings=built_settings)

    async def converse():
        reply = await engine.achat(VEDA_QUESTION)
        stream = await engine.astream_chat("What is FlowNar?")
        text = "".join([piece async for piece in stream.async_response_gen()])
        return reply, stream, text

    reply, stream, text = asyncio.run(converse())
    assert reply.source_nodes[0].node.metadata["title"] == "Veda"
    assert stream.source_nodes[0].node.metadata["title"] == "FlowNar" and "FlowNar" in text
    assert [n.node.metadata["title"] for n in engine.citations][:1] == ["Veda"] and len(engine.answers) == 2


def test_llama_index_own_query_engine_reads_our_nodes(built_settings):
    """Plugged into llama-index's RetrieverQueryEngine: its synthesizer sees title, venue and year, not ids or files."""
    from llama_index.core.llms import MockLLM
    from llama_index.core.query_engine import RetrieverQueryEngine

    retriever = PaperRetriever(k=3, settings=built_settings)
    engine = RetrieverQueryEngine.from_args(retriever, llm=MockLLM(), response_mode="compact")
    response = engine.query(VEDA_QUESTION)  # MockLLM answers with the prompt it was given

    assert [n.node.node_id for n in response.source_nodes] == [n.node.node_id for n in retriever.retrieve(VEDA_QUESTION)]
    prompt = str(response)
    assert "title: Veda" in prompt and "venue: ICML" in prompt and "year: 2026" in prompt
    assert response.source_nodes[0].node.node_id not in prompt and ".txt" not in prompt


def test_llama_index_own_chat_engine_takes_our_retriever(built_settings):
    """CondensePlusContextChatEngine takes only a retriever (why CitationQueryEngine cannot go in it, #13552)."""
    from llama_index.core.chat_engine import CondensePlusContextChatEngine
    from llama_index.core.llms import MockLLM

    engine = CondensePlusContextChatEngine.from_defaults(PaperRetriever(k=2, settings=built_settings), llm=MockLLM())
    reply = engine.chat(VEDA_QUESTION)
    assert reply.source_nodes[0].node.metadata["title"] == "Veda" and len(reply.source_nodes) == 2
