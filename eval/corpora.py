"""The indexes the answer checks run on, cached under eval/.cache/ (git-ignored), built on first use.

- `shipped`: the 70 papers of data/ (one index per embedder);
- `scifact`: BEIR SciFact's 5,183 abstracts (the same index as eval/run.py's);
- `pubmedqa`: PubMedQA PQA-L's 1,000 CONTEXTS joined as abstracts, with no titles;
- `shipped-without:<paper id>`: the shipped corpus minus one paper (leave-one-out), made by rewriting
  that paper's list without its paragraph and re-ingesting one reused index: the embedding cache makes
  each switch cost a few seconds, and the index is the shipped one minus exactly that paper.

`settings_for(name)` gives the `Settings` of any of them (the extractive answerer, no LLM endpoint).
"""

from __future__ import annotations

import atexit
import json
import os
import re
import shutil
import sys
from pathlib import Path

import rag
from rag.corpus.papers import load_papers
from rag.settings import Settings

from .datasets import ROOT, SCIFACT, pubmedqa_items

CACHE = Path(__file__).resolve().parent / ".cache"
LOO_PREFIX = "shipped-without:"
_built: set[str] = set()  # names ingested by this process
_left_out: list[str] = []  # the paper the leave-one-out index currently lacks


def _settings(index_dir: Path, data_dir: Path | None, embedder: str = "local") -> Settings:
    # the extractive answerer: an endpoint in the environment is ignored
    extra = {"data_dir": data_dir} if data_dir else {}  # SciFact: the same settings as eval/run.py's
    return Settings(index_dir=index_dir, embedder=embedder, openai_api_key=None, openai_base_url=None, **extra)


def settings_for(name: str, embedder: str = "local") -> Settings:
    """Settings of the index `name` (see the module docstring), ingested once per process."""
    if name.startswith(LOO_PREFIX):
        return _leave_one_out(name[len(LOO_PREFIX):], embedder)
    if name == "shipped":
        settings, paths = _settings(CACHE / f"shipped-{embedder}", ROOT / "data", embedder), None
    elif name == "scifact":
        suffix = "" if embedder == "local" else f"-{embedder}"
        settings = _settings(CACHE / f"scifact-index{suffix}", None, embedder)
        paths = [SCIFACT / "corpus.jsonl"]
    elif name == "pubmedqa":
        corpus = _pubmedqa_corpus()
        settings, paths = _settings(CACHE / f"pubmedqa-index-{embedder}", corpus, embedder), [corpus]
    else:
        raise ValueError(f"unknown index {name!r}: shipped, scifact, pubmedqa or {LOO_PREFIX}<paper id>")
    key = f"{name}/{embedder}"
    if key not in _built:
        rag.ingest(paths, settings=settings, progress=sys.stderr.isatty())
        _built.add(key)
    return settings


def _pubmedqa_corpus() -> Path:
    """The 1,000 contexts as a BEIR-style JSONL (`_id` = PubMed id, empty title), written once."""
    path = CACHE / "pubmedqa" / "corpus.jsonl"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        rows = [{"_id": item["pmid"], "title": "", "text": item["context"]} for item in pubmedqa_items()]
        tmp = path.with_suffix(".tmp")
        tmp.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        tmp.replace(path)
    return path


def _leave_one_out(paper_id: str, embedder: str) -> Settings:
    """The shipped corpus without `paper_id`, in one reused index (switching re-ingests two papers)."""
    root = CACHE / f"loo-{embedder}-{os.getpid()}"  # per process: a tuning run and an eval may run at once
    if not _left_out:
        atexit.register(shutil.rmtree, root, True)
    data = root / "data"
    settings = _settings(root / "index", data, embedder)
    settings = settings.replace(embed_cache=str(CACHE / f"shipped-{embedder}" / "embed-cache.sqlite"))
    if _left_out == [f"{embedder}:{paper_id}"]:
        return settings
    papers = {p.id: p for p in load_papers([ROOT / "data"]).papers}
    if paper_id not in papers:
        raise ValueError(f"no shipped paper has id {paper_id!r}")
    if data.exists():
        shutil.rmtree(data)
    shutil.copytree(ROOT / "data", data)
    paper = papers[paper_id]
    source = next(data.rglob(paper.source))
    source.write_text(_without_paragraph(source.read_text(encoding="utf-8"), paper.abstract), encoding="utf-8")
    report = rag.ingest([data], settings=settings)
    if report.papers != len(papers) - 1:
        raise RuntimeError(f"leave-one-out index of {paper_id} holds {report.papers} papers, not {len(papers) - 1}")
    _left_out[:] = [f"{embedder}:{paper_id}"]
    return settings


def _without_paragraph(text: str, abstract: str) -> str:
    """A .txt paper list with the paragraph that is `abstract` removed; the other paragraphs unchanged."""
    paragraphs = [p.strip() for p in re.split(r"\n[ \t\f\v]*\n", text) if p.strip()]
    kept = [p for p in paragraphs if p != abstract.strip()]
    if len(kept) != len(paragraphs) - 1:
        raise RuntimeError("the left-out abstract is not exactly one paragraph of its list")
    return "\n\n".join(kept) + "\n"


def external_ids(settings: Settings) -> dict[str, str]:
    """Our paper id → the source's own id (SciFact doc id, PubMed id)."""
    return {p.id: p.external_id for p in rag.get_index(settings).snapshot().papers}
