"""One `Settings` for paperchat, made of sub-models (index, search, answer, llm, serve).

Read from the environment and `.env` under the names paperchat has always used (`PAPERCHAT_TOP_K`,
`PAPERCHAT_LLM_MODEL`, `OPENAI_API_KEY`, …); `PAPERCHAT_SEARCH__TOP_K` works too. Every sub-model
refuses unknown fields, and so do the flat keyword arguments `Settings(top_k=5)` accepts, so a typo
raises instead of passing silently.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from rag.settings.environment import ENV_PREFIX, FLAT, PARTS, FlatEnvironment, nest
from rag.settings.parts import (PROJECT_ROOT, AnswerSettings, IndexSettings, LLMSettings, SearchSettings,
                                ServeSettings)

__all__ = ["Settings", "current_settings", "PROJECT_ROOT", "FLAT", "PARTS", "IndexSettings", "SearchSettings",
           "AnswerSettings", "LLMSettings", "ServeSettings"]


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
        return init_settings, FlatEnvironment(settings_cls, cls.model_config.get("env_file"))

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
