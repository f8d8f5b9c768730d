"""The page's API for scripts and AI assistants: three typed tools, served by Gradio and, with MCP on, as MCP tools.

Gradio names an MCP tool after its function and describes it from the docstring (its `Args:` section). The
tools return JSON text: Gradio hands an assistant `str()` of whatever a tool returns, and a dict's `str()` is not
JSON. `answer` (the `/ask` endpoint of `gradio_client` scripts) returns the same answer as a dict.
"""

from __future__ import annotations

import json

import gradio as gr

import rag

__all__ = ["PaperTools"]


class PaperTools:
    """search_papers, ask_papers and get_paper over one index."""

    def __init__(self, settings: rag.Settings):
        self.settings = settings

    def search_papers(self, query: str, k: int = 10, venue: str | None = None, year: int | None = None) -> str:
        """Find the conference papers that match a query, best first, with their best-matching sentences.

        Args:
            query: what to look for, in words, e.g. "streaming video with bounded memory".
            k: how many papers to return (1 to 100).
            venue: only papers of this venue, without the year, e.g. "ICLR"; empty means every venue.
            year: only papers of this year, e.g. 2026; empty means every year.

        Returns:
            A JSON list, one object per paper: id, title, venue, year, authors, url, code links, score, snippets.
        """
        hits = _call(rag.search, query, k=int(k), venue=venue or None, year=_year(year), settings=self.settings,
                     failed="Search failed")
        return _json([hit.to_dict() for hit in hits])

    def ask_papers(self, question: str, venue: str | None = None, year: int | None = None) -> str:
        """Answer a question about the indexed papers from their abstracts, every claim cited as [n].

        Args:
            question: the question, e.g. "What speedup does Veda report?".
            venue: only papers of this venue (or of any of a list of venues), e.g. "ICML"; empty means every venue.
            year: only papers of this year, e.g. 2026; empty means every year.

        Returns:
            A JSON object: text (the answer, with [n] markers), mode, abstained, notice, unsupported claims, and
            citations: citations[n-1] is the paper behind [n] (id, title, venue, year, authors, url, code, quotes).
        """
        return _json(self.answer(question, venue, year))

    def answer(self, question: str, venue: str | list[str] | None = None, year: int | None = None) -> dict:
        """Answer `question` (optionally within some venues and a year) as JSON with numbered citations."""
        venues = [venue] if isinstance(venue, str) else list(venue or [])
        answer = _call(rag.ask, question, venue=[v for v in venues if v] or None, year=_year(year),
                       settings=self.settings)
        return answer.to_dict()

    # /ask is for gradio_client scripts, not an MCP tool: Gradio lists as tools only the endpoints whose function
    # has no `_mcp_type` or has "tool" (gradio/mcp.py list_tools); ask_papers is the tool
    answer._mcp_type = "gradio_client"

    def get_paper(self, id: str) -> str:  # noqa: A002 - the tool's parameter name is what clients see
        """One indexed paper by its id (the id a search hit or a citation gives), with its full abstract.

        Args:
            id: the paper's id, e.g. "icml2026-1a2b3c4d5e".

        Returns:
            A JSON object: id, title, venue, year, authors, url, code links, abstract, and the list it came from.
        """
        paper = _call(rag.get_paper, id, failed="Reading the paper failed", settings=self.settings)
        return _json({**paper.to_dict(), "abstract": paper.text, "source": paper.source})


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _year(value) -> int | None:
    return int(value) if value not in (None, "", 0) else None


def _call(fn, *args, failed: str = "Sorry, answering failed", **kwargs):
    """Run a `rag` function; its errors reach the caller as their message (Gradio shows a gr.Error's text)."""
    try:
        return fn(*args, **kwargs)
    except ValueError as exc:  # BadQuery: the caller's input, already phrased for them
        raise gr.Error(str(exc)) from exc
    except rag.PaperchatError as exc:  # the index or the LLM: not the caller's doing
        raise gr.Error(f"{failed}: {exc}") from exc
