"""paperchat: answers about a conference's papers, grounded in their abstracts, with citations.

    import rag
    hits = rag.search("streaming video understanding with bounded memory", k=5)
    for hit in hits:
        print(hit.paper.title, hit.paper.venue_year, hit.score)
"""

from .api import ask, ask_stream, get_index, ingest, search, stats
from .errors import ConfigError, EmbedderError, IndexUnavailable, LLMUnavailable, PaperchatError
from .settings import Settings
from .types import Answer, Chunk, Citation, Hit, Link, Paper

__all__ = [
    "search", "ask", "ask_stream", "ingest", "stats", "get_index", "Settings",
    "Paper", "Chunk", "Hit", "Citation", "Answer", "Link",
    "PaperchatError", "ConfigError", "EmbedderError", "IndexUnavailable", "LLMUnavailable",
]
