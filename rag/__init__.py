"""paperchat: answers about a conference's papers, grounded in their abstracts, with citations.

    import rag
    hits = rag.search("streaming video understanding with bounded memory", k=5)
    for hit in hits:
        print(hit.paper.title, hit.paper.venue_year, hit.score)

`import rag` loads nothing heavy: each name below is imported from its module on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# public name → the module that defines it
_EXPORTS = {
    "search": "rag.api", "ask": "rag.api", "ask_stream": "rag.api", "ingest": "rag.api", "stats": "rag.api",
    "get_index": "rag.api", "get_paper": "rag.api", "llm_label": "rag.api", "warm_up": "rag.api",
    "example_questions": "rag.serve.examples",
    "cited_papers": "rag.serve.export", "to_bibtex": "rag.serve.export", "to_csv": "rag.serve.export",
    "plain_answer": "rag.serve.export",
    "add_papers": "rag.serve.upload", "UploadResult": "rag.serve.upload",
    "record_feedback": "rag.serve.feedback",
    "Settings": "rag.settings",
    "Paper": "rag.types", "Chunk": "rag.types", "Hit": "rag.types", "Citation": "rag.types", "Answer": "rag.types",
    "Link": "rag.types", "Stats": "rag.types", "Hits": "rag.types",
    "PaperchatError": "rag.errors", "ConfigError": "rag.errors", "EmbedderError": "rag.errors",
    "IndexUnavailable": "rag.errors", "IndexBusy": "rag.errors", "IndexDamaged": "rag.errors", "LLMUnavailable": "rag.errors",
    "BadUpload": "rag.errors", "BadQuery": "rag.errors", "UploadCancelled": "rag.errors",
    "paper_lists": "rag.serve.library", "remove_list": "rag.serve.library",
}

__all__ = list(_EXPORTS)

if TYPE_CHECKING:  # for editors and type checkers; at run time `__getattr__` imports on demand
    from rag.api import ask, ask_stream, get_index, get_paper, ingest, llm_label, search, stats, warm_up  # noqa: F401
    from rag.errors import (BadQuery, BadUpload, ConfigError, EmbedderError, IndexBusy, IndexDamaged,  # noqa: F401
                            IndexUnavailable, LLMUnavailable, PaperchatError, UploadCancelled)
    from rag.serve.library import paper_lists, remove_list  # noqa: F401
    from rag.serve.examples import example_questions  # noqa: F401
    from rag.serve.export import cited_papers, plain_answer, to_bibtex, to_csv  # noqa: F401
    from rag.serve.feedback import record_feedback  # noqa: F401
    from rag.serve.upload import UploadResult, add_papers  # noqa: F401
    from rag.settings import Settings  # noqa: F401
    from rag.types import Answer, Chunk, Citation, Hit, Hits, Link, Paper, Stats  # noqa: F401


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rag' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
