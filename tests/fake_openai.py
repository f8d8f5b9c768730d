"""A small OpenAI-compatible HTTP server on 127.0.0.1 for tests: the real `openai` client talks to it."""

from __future__ import annotations

import hashlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np

DIM = 64


def bag_of_words_vector(text: str) -> list[float]:
    """Deterministic vector: hashed word counts, so texts sharing words are close."""
    vec = np.zeros(DIM, dtype=np.float32)
    for word in re.findall(r"\w+", text.lower()):
        vec[int(hashlib.md5(word.encode()).hexdigest(), 16) % DIM] += 1.0
    norm = np.linalg.norm(vec)
    return (vec / norm if norm else vec).tolist()


class FakeOpenAI:
    """Serves `/v1/embeddings`; records every request (path, headers, body) for assertions."""

    def __init__(self):
        self.requests: list[dict] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                fake.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                if self.path.endswith("/embeddings"):
                    inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
                    data = [{"object": "embedding", "index": i, "embedding": bag_of_words_vector(t)}
                            for i, t in enumerate(inputs)]
                    self._json(200, {"object": "list", "data": data, "model": body.get("model"),
                                     "usage": {"prompt_tokens": 0, "total_tokens": 0}})
                else:
                    self._json(404, {"error": {"message": f"no route {self.path}"}})

            def _json(self, status: int, payload: dict) -> None:
                raw = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeOpenAI":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
