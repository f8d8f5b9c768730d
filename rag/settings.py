"""One `Settings` object for paperchat, read from the environment and `.env`."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _default_dir(name: str) -> Path:
    # In a checkout (or an editable install) the data and index sit beside `rag/`;
    # an installed copy falls back to the working directory.
    root = PROJECT_ROOT if (PROJECT_ROOT / "pyproject.toml").exists() else Path.cwd()
    return root / name


class Settings(BaseSettings):
    """Every knob of paperchat. Env vars are `PAPERCHAT_<FIELD>` unless noted."""

    model_config = SettingsConfigDict(
        env_prefix="PAPERCHAT_", env_file=".env", extra="ignore", populate_by_name=True
    )

    # --- where things are
    data_dir: Path = Field(
        default_factory=lambda: _default_dir("data"),
        description="Folder (or file) of paper lists ingested by default.",
    )
    index_dir: Path = Field(
        default_factory=lambda: _default_dir(".paperchat"),
        description="Where the embedded Chroma database and the keyword index live.",
    )
    chroma_url: str | None = Field(
        default=None,
        description="URL of a Chroma server (http://host:8000); unset = embedded PersistentClient.",
    )
    collection: str = Field(default="paperchat", description="Chroma collection name prefix.")
    feedback_path: Path | None = Field(
        default=None,
        description="JSONL file the page appends thumbs up/down to; unset = <index_dir>/feedback.jsonl.",
    )
    upload_max_mb: float = Field(
        default=20, gt=0, le=200, description="Largest paper list the page accepts as an upload, in MB."
    )
    index_name: str = Field(
        default="", pattern=r"^([A-Za-z0-9][A-Za-z0-9_-]{0,62})?$",
        description="With a Chroma server: the name under which processes on several machines share one index "
        "(vectors and snapshot). Empty = a random id kept in the index folder, private to that folder.",
    )

    # --- embeddings
    embedder: Literal["local", "openai"] = Field(
        default="local",
        description="'local' = all-MiniLM-L6-v2 int8 ONNX on the CPU; 'openai' = an embeddings API.",
    )
    openai_embedding_model: str = Field(
        default="text-embedding-3-small", description="Model used when embedder='openai'."
    )
    embed_batch_size: int = Field(
        default=1, ge=1, le=1024,
        description="Texts per ONNX run; 1 is fastest for the int8 model on a CPU (no padding).",
    )
    embed_threads: int = Field(
        default=0, ge=0, description="Parallel single-threaded ONNX sessions; 0 = one per CPU core."
    )
    embed_cache: str | None = Field(
        default=None,
        description="SQLite file of vectors keyed by chunk text, so re-ingesting renamed or re-exported lists "
        "embeds nothing; unset = <index_dir>/embed-cache.sqlite, empty string = no cache.",
    )

    # --- chunking and retrieval
    chunk_sentences: int = Field(default=2, ge=1, le=10, description="Sentences per chunk window.")
    chunk_stride: int = Field(default=2, ge=1, le=10, description="Sentences between window starts.")
    max_index_chars: int = Field(
        default=20_000, ge=1_000, description="Characters of one abstract that get indexed."
    )
    max_query_chars: int = Field(
        default=1_000, ge=50, description="Longer queries are truncated to this many characters."
    )
    top_k: int = Field(default=10, ge=1, le=200, description="Papers returned by search.")
    fusion: Literal["weighted", "rrf"] = Field(
        default="weighted", description="How dense and keyword rankings are fused."
    )
    dense_weight: float = Field(
        default=0.35, ge=0.0, le=1.0,
        description="Weight of the dense score in weighted fusion (tuned on SciFact train: eval/tune.py).",
    )
    rrf_k: int = Field(default=60, ge=1, description="Constant of reciprocal-rank fusion.")
    candidates: int = Field(
        default=50, ge=10, le=1000, description="Papers each retriever proposes before fusion."
    )

    # --- answers
    answer_k: int = Field(default=8, ge=1, le=50, description="Papers retrieved to answer a question.")
    answer_words: int = Field(default=120, ge=20, le=1000, description="Rough length limit of an answer.")
    abstain_similarity: float = Field(
        default=0.5, ge=0.0, le=1.0,
        description="Below this cosine similarity of the best passage (and with few shared terms) "
        "the answer says the collection does not cover the question.",
    )
    list_min_relative: float = Field(
        default=0.7, ge=0.0, le=1.0,
        description="'Which papers…' answers list papers scoring at least this share of the best one "
        "(0.7: best F1 of cited vs gold papers on the own set's multi-paper questions; 0.6 and 0.8 lower).",
    )

    # --- LLM (any OpenAI-compatible endpoint)
    openai_api_key: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("openai_api_key", "PAPERCHAT_OPENAI_API_KEY", "OPENAI_API_KEY"),
        description="API key (env OPENAI_API_KEY). Never logged or shown.",
    )
    openai_base_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("openai_base_url", "PAPERCHAT_OPENAI_BASE_URL", "OPENAI_BASE_URL"),
        description="OpenAI-compatible endpoint (env OPENAI_BASE_URL): vLLM, Ollama, llama.cpp.",
    )
    llm_model: str = Field(
        default="gpt-4o-mini", description="Chat model that writes answers; any name the endpoint serves."
    )
    llm_temperature: float = Field(
        default=0.1, ge=0.0, le=2.0, description="Sampling temperature: low keeps answers close to the sources."
    )
    llm_timeout: float = Field(
        default=20.0, gt=0.0, le=600.0,
        description="Seconds to wait for the LLM, retries included; also the longest silence allowed mid-stream.",
    )
    llm_max_tokens: int = Field(default=400, ge=16, le=32_000, description="Upper bound on an answer's tokens.")
    llm_retries: int = Field(
        default=2, ge=0, le=10,
        description="Retries after a timeout, 429, 5xx or broken connection, only while nothing was streamed yet.",
    )
    llm_backoff: float = Field(
        default=0.5, ge=0.0, le=30.0, description="Seconds before the first retry; doubles for each next one."
    )

    @property
    def embedder_id(self) -> str:
        """Names the vectors' space: changing it means re-embedding everything."""
        if self.embedder == "openai":
            base = self.openai_base_url or "api.openai.com"
            return f"openai:{self.openai_embedding_model}@{base}"
        return "local:all-MiniLM-L6-v2-onnx-int8"

    @property
    def embed_cache_path(self) -> Path | None:
        """Where the embedding cache lives, or None when it is switched off."""
        if self.embed_cache is None:
            return Path(self.index_dir) / "embed-cache.sqlite"
        return Path(self.embed_cache) if self.embed_cache.strip() else None

    @property
    def feedback_file(self) -> Path:
        """Where thumbs up/down are appended: beside the index unless `feedback_path` says otherwise."""
        return Path(self.feedback_path) if self.feedback_path else Path(self.index_dir) / "feedback.jsonl"

    @model_validator(mode="after")
    def _windows_cover_every_sentence(self) -> "Settings":
        if self.chunk_stride > self.chunk_sentences:
            raise ValueError(
                f"chunk_stride ({self.chunk_stride}) must not exceed chunk_sentences "
                f"({self.chunk_sentences}): sentences between windows would never be indexed"
            )
        return self


_current: dict[tuple, Settings] = {}
_current_lock = threading.Lock()


def current_settings() -> Settings:
    """`Settings()` from the environment and `.env`, built again only when either has changed.

    Building reads and validates both (2 ms); done on every `rag.search` call it was a fifth of the search."""
    env = tuple(sorted((k, v) for k, v in os.environ.items() if k.upper().startswith(("PAPERCHAT_", "OPENAI_"))))
    dotenv = Path(".env").absolute()
    try:
        stat = dotenv.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = None
    key = (env, str(dotenv), stamp)
    with _current_lock:
        settings = _current.get(key)
        if settings is None:
            _current.clear()  # only the latest matters
            settings = _current[key] = Settings()
    return settings
