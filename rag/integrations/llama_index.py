"""paperchat as llama-index parts: a retriever, a query engine and a chat engine whose sources are cited papers.

    from rag.integrations.llama_index import PaperRetriever, PaperchatQueryEngine, PaperchatChatEngine
    nodes = PaperRetriever(k=5).retrieve("streaming video with bounded memory")
    response = PaperchatQueryEngine().query("What speedup does Veda report?")
    response.source_nodes[0].node.metadata["title"]     # the paper behind [1]

Each is built on the façade (`rag.search`, `rag.ask`), so it answers exactly as the page and the CLI do. A node is a
whole paper (id = paper id, text = its abstract), not a re-split chunk: `[n]` in an answer is `source_nodes[n-1]`.
llama-index's context chat engines take only a retriever, so its CitationQueryEngine (which also numbers chunks, not
papers) cannot be used in one (llama_index #13552): `PaperRetriever` can, and `PaperchatChatEngine` is the cited chat
itself, keeping each turn's citations and the papers cited over the whole conversation.
"""

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Iterator, List, Optional, Sequence, Union

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.base.llms.types import ChatMessage, ChatResponse, MessageRole
from llama_index.core.base.response.schema import Response
from llama_index.core.callbacks import CallbackManager
from llama_index.core.chat_engine.types import AgentChatResponse, BaseChatEngine, StreamingAgentChatResponse
from llama_index.core.query_engine import CustomQueryEngine
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

import rag
from rag.settings import Settings
from rag.types import Answer, Hit, Paper

__all__ = ["PaperRetriever", "PaperchatQueryEngine", "PaperchatChatEngine", "paper_node"]

Venues = Union[str, Sequence[str], None]
# shown to an LLM that reads the node (llama-index's synthesizers); ids, files and scores are for programs
_LLM_KEYS = {"title", "venue", "year"}


def paper_node(paper: Paper, **metadata: Any) -> TextNode:
    """A whole paper as a llama-index node: id = paper id, text = its cleaned abstract, the rest in metadata."""
    meta = {"paper_id": paper.id, "title": paper.title, "venue": paper.venue, "year": paper.year,
            "source": paper.source, "url": paper.url, **metadata}
    hidden = [key for key in meta if key not in _LLM_KEYS]
    return TextNode(id_=paper.id, text=paper.text, metadata=meta,
                    excluded_llm_metadata_keys=hidden, excluded_embed_metadata_keys=list(meta))


def hit_node(hit: Hit) -> NodeWithScore:
    """A search hit: the paper, its fused score and its best-matching sentence."""
    snippet = hit.snippets[0] if hit.snippets else ""
    return NodeWithScore(node=paper_node(hit.paper, score=hit.score, snippet=snippet), score=hit.score)


def cited_nodes(answer: Answer) -> List[NodeWithScore]:
    """The answer's citations in order (`[n]` is item n-1), each scored as its paper was retrieved."""
    scores = {hit.paper.id: hit.score for hit in answer.sources}
    nodes = []
    for citation in answer.citations:
        score = scores.get(citation.paper.id)
        snippet = citation.quotes[0] if citation.quotes else ""
        node = paper_node(citation.paper, n=citation.n, quotes=list(citation.quotes), score=score, snippet=snippet)
        nodes.append(NodeWithScore(node=node, score=score))
    return nodes


def _answer_metadata(answer: Answer) -> dict:
    return {"answer": answer, "mode": answer.mode, "abstained": answer.abstained, "notice": answer.notice,
            "unsupported": list(answer.unsupported)}


class PaperRetriever(BaseRetriever):
    """paperchat's hybrid search (dense + BM25, fused per paper) as a llama-index retriever: one node per paper."""

    def __init__(self, k: int = 10, venue: Venues = None, year: Optional[int] = None, *,
                 settings: Optional[Settings] = None, mode: Optional[str] = None,
                 callback_manager: Optional[CallbackManager] = None) -> None:
        super().__init__(callback_manager=callback_manager)
        self.k, self.venue, self.year, self.settings, self.mode = k, venue, year, settings, mode

    def _retrieve(self, query_bundle: QueryBundle) -> List[NodeWithScore]:
        hits = rag.search(query_bundle.query_str, self.k, venue=self.venue, year=self.year,
                          settings=self.settings, mode=self.mode)
        return [hit_node(hit) for hit in hits]

    async def _aretrieve(self, query_bundle: QueryBundle) -> List[NodeWithScore]:
        return await asyncio.to_thread(self._retrieve, query_bundle)  # search is CPU-bound: keep the loop free


class PaperchatQueryEngine(CustomQueryEngine):
    """`rag.ask` as a query engine: the reply text carries `[n]`, and `source_nodes[n-1]` is the paper behind it."""

    k: Optional[int] = None
    venue: Venues = None
    year: Optional[int] = None
    settings: Optional[Settings] = None

    def custom_query(self, query_str: str) -> Response:
        answer = rag.ask(query_str, venue=self.venue, year=self.year, k=self.k, settings=self.settings)
        return Response(response=answer.text, source_nodes=cited_nodes(answer), metadata=_answer_metadata(answer))

    async def acustom_query(self, query_str: str) -> Response:
        return await asyncio.to_thread(self.custom_query, query_str)


class PaperchatChatEngine(BaseChatEngine):
    """A conversation over the papers: follow-ups keep their subject, every reply is cited, and the papers cited
    so far stay listed (`citations`), in the order they were first cited."""

    def __init__(self, k: Optional[int] = None, venue: Venues = None, year: Optional[int] = None, *,
                 settings: Optional[Settings] = None, chat_history: Optional[List[ChatMessage]] = None) -> None:
        self.k, self.venue, self.year, self.settings = k, venue, year, settings
        self._history: List[ChatMessage] = list(chat_history or [])
        self._answers: List[Answer] = []

    @property
    def chat_history(self) -> List[ChatMessage]:
        return list(self._history)

    @property
    def answers(self) -> List[Answer]:
        """This conversation's answers, oldest first (the checked text, citations and notices of each turn)."""
        return list(self._answers)

    @property
    def citations(self) -> List[NodeWithScore]:
        """Every paper cited in the conversation, once, first-cited first; metadata names the turns citing it."""
        turns: dict[str, list[int]] = {}
        papers: dict[str, Paper] = {}
        for turn, answer in enumerate(self._answers, 1):
            for citation in answer.citations:
                papers.setdefault(citation.paper.id, citation.paper)
                turns.setdefault(citation.paper.id, []).append(turn)
        return [NodeWithScore(node=paper_node(paper, cited_in_turns=turns[pid])) for pid, paper in papers.items()]

    def reset(self) -> None:
        self._history, self._answers = [], []

    def _stream(self, message: str, chat_history: Optional[List[ChatMessage]]) -> Iterator[Union[str, Answer]]:
        if chat_history is not None:  # as llama-index's engines do: the given history replaces the conversation
            self._history, self._answers = list(chat_history), []
        history = [{"role": m.role.value, "content": m.content or ""} for m in self._history]
        answer = None
        for piece in rag.ask_stream(message, history=history, venue=self.venue, year=self.year, k=self.k,
                                    settings=self.settings):
            if isinstance(piece, Answer):
                answer = piece
            else:
                yield piece
        self._record(message, answer)
        yield answer

    def _record(self, message: str, answer: Answer) -> None:
        cited = [c.paper.id for c in answer.citations]  # what each [n] meant, kept beside the text
        self._history += [ChatMessage(role=MessageRole.USER, content=message),
                          ChatMessage(role=MessageRole.ASSISTANT, content=answer.text,
                                      additional_kwargs={"citations": cited})]
        self._answers.append(answer)

    def chat(self, message: str, chat_history: Optional[List[ChatMessage]] = None) -> AgentChatResponse:
        *_, answer = self._stream(message, chat_history)
        return AgentChatResponse(response=answer.text, source_nodes=cited_nodes(answer),
                                 metadata=_answer_metadata(answer))

    def stream_chat(self, message: str,
                    chat_history: Optional[List[ChatMessage]] = None) -> StreamingAgentChatResponse:
        """Pieces as they come; once consumed, `source_nodes` holds the citations and `answers[-1]` the checked text
        (an LLM's `[n]` are renumbered after its stream ends, as with `rag.ask_stream`)."""
        response = StreamingAgentChatResponse(is_writing_to_memory=False)
        response.chat_stream = self._deltas(self._stream(message, chat_history), response)
        return response

    def _deltas(self, pieces: Iterator[Union[str, Answer]], response: StreamingAgentChatResponse
                ) -> Iterator[ChatResponse]:
        text = ""
        for piece in pieces:
            if isinstance(piece, Answer):
                response.source_nodes.extend(cited_nodes(piece))
                return
            text += piece
            yield ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text), delta=piece)

    async def achat(self, message: str, chat_history: Optional[List[ChatMessage]] = None) -> AgentChatResponse:
        return await asyncio.to_thread(self.chat, message, chat_history)

    async def astream_chat(self, message: str,
                           chat_history: Optional[List[ChatMessage]] = None) -> StreamingAgentChatResponse:
        response = StreamingAgentChatResponse(is_writing_to_memory=False)
        response.achat_stream = _in_thread(self._deltas(self._stream(message, chat_history), response))
        return response


async def _in_thread(items: Iterator[ChatResponse]) -> AsyncIterator[ChatResponse]:
    """A blocking iterator (an LLM stream, a search) read piece by piece off the event loop."""
    done = object()
    while (item := await asyncio.to_thread(next, items, done)) is not done:
        yield item
