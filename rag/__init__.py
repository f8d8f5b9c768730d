"""paperchat: answers about a conference's papers, grounded in their abstracts, with citations.

    import rag
    hits = rag.search("streaming video understanding with bounded memory", k=5)
    for hit in hits:
        print(hit.paper.title, hit.paper.venue_year, hit.score)
"""

from rag.api import ask, ask_stream, get_index, ingest, search, stats
from rag.errors import BadUpload, ConfigError, EmbedderError, IndexUnavailable, LLMUnavailable, PaperchatError
from rag.serve.feedback import record_feedback
from rag.settings import Settings
from rag.types import Answer, Chunk, Citation, Hit, Link, Paper
from rag.serve.upload import UploadResult, add_papers

__all__ = [
    "search", "ask", "ask_stream", "ingest", "stats", "get_index", "add_papers", "record_feedback", "Settings",
    "Paper", "Chunk", "Hit", "Citation", "Answer", "Link", "UploadResult",
    "PaperchatError", "ConfigError", "EmbedderError", "IndexUnavailable", "LLMUnavailable", "BadUpload",
]
