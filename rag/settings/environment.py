"""Today's flat setting names (`PAPERCHAT_TOP_K`, `Settings(top_k=5)`) routed to their part, and the env source."""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any

from dotenv import dotenv_values
from pydantic_settings import PydanticBaseSettingsSource

from rag.errors import ConfigError
from rag.settings.parts import AnswerSettings, IndexSettings, LLMSettings, SearchSettings, ServeSettings

ENV_PREFIX = "PAPERCHAT_"
# environment names read by the test suite and tools, not settings: never reported as typos
NOT_SETTINGS = ("PAPERCHAT_TESTS_",)

PARTS = {"index": IndexSettings, "search": SearchSettings, "answer": AnswerSettings, "llm": LLMSettings,
         "serve": ServeSettings}
# today's flat names (env PAPERCHAT_<NAME>, or keyword arguments) → (sub-model, field)
FLAT: dict[str, tuple[str, str]] = {
    **{name: ("index", name) for name in IndexSettings.model_fields},
    **{name: ("search", name) for name in SearchSettings.model_fields},
    "answer_k": ("answer", "k"), "answer_words": ("answer", "words"),
    "openai_api_key": ("llm", "api_key"), "openai_base_url": ("llm", "base_url"),
    **{f"llm_{name}": ("llm", name) for name in ("model", "temperature", "timeout", "max_tokens", "retries", "backoff",
                                                 "gguf", "answer_timeout", "context", "threads", "sources",
                                                 "evidence")},
    **{name: ("serve", name) for name in ServeSettings.model_fields},
}
BARE_ENV = {"OPENAI_API_KEY": "openai_api_key", "OPENAI_BASE_URL": "openai_base_url"}  # read without the prefix


def _unknown(name: str, known) -> ConfigError:
    close = difflib.get_close_matches(name.lower(), list(known), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return ConfigError(f"unknown setting {name!r}{hint}; the settings are listed in rag/settings/parts.py")


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


class FlatEnvironment(PydanticBaseSettingsSource):
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


