"""Written answers from a GGUF file with no server to run: llama.cpp in this process (xllamacpp), on 127.0.0.1.

`PAPERCHAT_LLM_GGUF=/path/model.gguf` is all a user sets. The model loads once per process, on the first
answer or when the page starts (`llm.load_client`), and is served by llama.cpp's own OpenAI-compatible HTTP
server on a free loopback port, so the one LLM path (the `openai` client, deadlines, caps) serves it too.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rag.errors import ConfigError

__all__ = ["LocalModel", "local_server", "check_gguf", "stop_all"]

log = logging.getLogger(__name__)

GGUF_MAGIC = b"GGUF"
# Context shared by the slots: 8 whole abstracts and the rules are ~2,500 tokens, the answer up to 400
CONTEXT_TOKENS = 8_192
SLOTS = 2  # two answers decode together; more only divides 2 CPU cores further

_servers: dict[Path, "LocalModel"] = {}
_lock = threading.Lock()


@dataclass(frozen=True)
class LocalModel:
    """A loaded GGUF and the loopback URL (`.../v1`) its server answers on."""

    path: Path
    url: str
    server: object  # the xllamacpp.Server: it serves for as long as this object lives


def check_gguf(path: Path) -> Path:
    """The resolved path of a readable GGUF file; `ConfigError` saying what is wrong otherwise."""
    path = Path(path).expanduser()
    where = "PAPERCHAT_LLM_GGUF"
    if not path.is_file():
        raise ConfigError(f"{where}: no model file at {path}; point it at a .gguf file (Ollama keeps them under "
                          "~/.ollama/models/blobs, LM Studio under ~/.lmstudio/models).")
    try:
        with open(path, "rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise ConfigError(f"{where}: cannot read {path} ({exc.strerror}); check its permissions.") from None
    if magic != GGUF_MAGIC:
        raise ConfigError(f"{where}: {path.name} is not a GGUF model (it does not start with 'GGUF'); "
                          "use a .gguf file, not a safetensors or Ollama manifest.")
    return path.resolve()


def default_threads() -> int:
    # llama.cpp's threads wait for each other at every layer: one descheduled by another process stalls all,
    # so leave a core to the page and the rest of the machine
    return max(1, (os.cpu_count() or 1) - 1)


def prompt_threads(threads: int) -> int:
    """Threads reading the prompt: every core unless `threads` is set. A prompt is read in batches of hundreds
    of tokens, so each wait between threads follows a big matrix product and a descheduled thread costs little;
    generating one token at a time is where such waits stalled (the `llm.threads` note). 2 cores, load 5-9:
    2 threads read 222-291-token prompts at 8.8-39.9 tokens/s against 10.1-23.4 with 1, interleaved requests."""
    return threads or (os.cpu_count() or 1)


def local_server(path: Path, say: Callable[[str], None] | None = None, threads: int = 0,
                 prefix: list[dict] | None = None) -> LocalModel:
    """The running server for `path`, started (and the model loaded) on first use; `ConfigError` if it cannot be.

    With `prefix` (the messages every answer starts with) a new server reads them at once (`read_ahead`)."""
    path = check_gguf(path)
    with _lock:  # two first answers at once must not load the model twice
        if path in _servers:
            return _servers[path]
        size = path.stat().st_size / 1e6
        message = f"Loading the model {path.name} ({size:,.0f} MB) with llama.cpp; the first start takes a moment…"
        (say or log.warning)(message)
        _servers[path] = model = _start(path, threads or default_threads(), prompt_threads(threads))
        if prefix:
            read_ahead(model, prefix)
        return model


def read_ahead(model: LocalModel, messages: list[dict]) -> None:
    """Have llama.cpp read `messages` now and keep them in its prompt cache: every answer's prompt starts with the
    same rules (~390 Qwen2.5 tokens, 10 s on an idle core), so the first question reads only its own sources."""
    import httpx

    try:
        httpx.post(model.url + "/chat/completions", timeout=300,
                   json={"messages": messages, "max_tokens": 1, "temperature": 0.0, "cache_prompt": True})
    except httpx.HTTPError as exc:  # only the first answer's wait is at stake
        log.warning("llama.cpp did not read the rules ahead (%s); the first answer reads them.", type(exc).__name__)


def _start(path: Path, threads: int, batch_threads: int) -> LocalModel:
    try:
        import xllamacpp
    except ImportError:
        raise ConfigError("PAPERCHAT_LLM_GGUF needs llama.cpp's Python wheel: pip install xllamacpp") from None
    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    params.hostnames = ["127.0.0.1"]  # never reachable from the network
    params.port = 0  # a free port
    params.n_ctx = CONTEXT_TOKENS
    params.n_parallel = SLOTS
    # /metrics on the loopback port: prompt tokens read and seconds spent, what `make eval-llm` reports a time
    # to first token against
    params.endpoint_metrics = True
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = batch_threads
    params.cpuparams_batch.poll = 0  # threads waiting for each other sleep instead of spinning on a shared CPU
    try:
        server = xllamacpp.Server(params)
    except RuntimeError:
        raise ConfigError(f"PAPERCHAT_LLM_GGUF: llama.cpp could not load {path.name}: the file is damaged, "
                          "incomplete, or a model llama.cpp does not support; download it again.") from None
    return LocalModel(path, server.listening_address.rstrip("/") + "/v1", server)


def stop_all() -> None:
    """Unload every model this process loaded (tests; a process exiting frees them anyway)."""
    with _lock:
        _servers.clear()
