"""A small OpenAI-compatible HTTP server on 127.0.0.1 for tests: the real `openai` client talks to it.

Routes (matched on the path suffix, so `/v1/...` and bare `/...` both work):
- `POST .../embeddings`: deterministic bag-of-words vectors (`bag_of_words_vector`).
- `POST .../chat/completions`: scripted replies. `fake.script(Reply("hi"), Status(429), ...)` queues them;
  each request pops the next one, and an empty queue answers with `fake.default`. `fake.route`, when set, is
  asked first with the request body and may return the reply for it (None: the queue decides).

Every request is recorded in `fake.requests` as `{"path", "headers", "body", "time"}` (body is the parsed JSON,
time is `time.monotonic()` on arrival), before the reply is chosen.
"""

from __future__ import annotations

import collections
import hashlib
import json
import re
import socket
import threading
import time
import uuid
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import numpy as np

DIM = 64


def bag_of_words_vector(text: str) -> list[float]:
    """Deterministic vector: hashed word counts, so texts sharing words are close."""
    vec = np.zeros(DIM, dtype=np.float32)
    for word in re.findall(r"\w+", text.lower()):
        vec[int(hashlib.md5(word.encode()).hexdigest(), 16) % DIM] += 1.0
    norm = np.linalg.norm(vec)
    return (vec / norm if norm else vec).tolist()


@dataclass(frozen=True)
class Reply:
    """A successful completion; streamed in `chunk`-character pieces (with `delay` s between) if asked to stream."""

    text: str
    chunk: int = 8
    delay: float = 0.0


@dataclass(frozen=True)
class Status:
    """An OpenAI-style error body with HTTP status `code`; `retry_after` (seconds) adds a `Retry-After` header."""

    code: int
    message: str = "fake error"
    retry_after: float | None = None


@dataclass(frozen=True)
class Hang:
    """Wait `seconds` before answering with `fake.default`, to trip client timeouts.

    Closing the server wakes the wait and drops the connection unanswered.
    """

    seconds: float


@dataclass(frozen=True)
class Cut:
    """Send the first `after` characters of `text`, then close the connection mid-body.

    The stream is proper chunked SSE without the terminating chunk or `[DONE]`, so with openai 2.x the pieces
    arrive and then iteration raises `httpx.RemoteProtocolError` ("incomplete chunked read"); the openai
    `Stream` does not wrap it. A non-streaming request gets half of its JSON body under a full
    `Content-Length`, which the client reports as `openai.APIConnectionError` (after its retries).
    """

    text: str
    after: int = 20
    chunk: int = 8


Scripted = Reply | Status | Hang | Cut

_ERROR_TYPES = {400: "invalid_request_error", 401: "invalid_request_error", 404: "invalid_request_error",
                429: "rate_limit_exceeded"}


def _words(messages: list[dict]) -> int:
    """Rough prompt size for `usage`: whitespace-separated words over all text content."""
    total = 0
    for message in messages:
        content = message.get("content") or ""
        parts = content if isinstance(content, list) else [{"text": content}]
        total += sum(len(str(part.get("text", "")).split()) for part in parts if isinstance(part, dict))
    return total


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # a hanging handler never keeps the process (or server_close) waiting
    block_on_close = False

    def handle_error(self, request, client_address):
        pass  # clients hanging up mid-reply (timeouts, cut streams) are expected here, not failures


class FakeOpenAI:
    """Serves `/v1/embeddings` and scripted `/v1/chat/completions`; records every request for assertions."""

    def __init__(self):
        self.requests: list[dict] = []
        self.default: Scripted = Reply("This is the default fake reply.")
        self._queue: collections.deque[Scripted] = collections.deque()
        self.route = None  # body -> Scripted | None: replies chosen by what was asked (the load test's bad questions)
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._connections: set[socket.socket] = set()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive and chunked streaming, as the real API does

            def log_message(self, *args):  # keep test output clean
                pass

            def setup(self):
                super().setup()
                with fake._lock:
                    fake._connections.add(self.connection)

            def finish(self):
                with fake._lock:
                    fake._connections.discard(self.connection)
                try:
                    super().finish()
                except OSError:
                    pass

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = None
                fake.requests.append({"path": self.path, "headers": dict(self.headers), "body": body,
                                      "time": time.monotonic()})
                path = urlsplit(self.path).path.rstrip("/")
                try:
                    if body is None:
                        self._error(Status(400, "request body is not JSON"))
                    elif path.endswith("/embeddings"):
                        self._embeddings(body)
                    elif path.endswith("/chat/completions"):
                        self._chat(body, (fake.route and fake.route(body)) or fake._next())
                    else:
                        self._error(Status(404, f"no route {self.path}"))
                except (ConnectionError, TimeoutError):
                    self.close_connection = True  # the client gave up (timeout) or we are closing

            def _embeddings(self, body: dict) -> None:
                inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
                data = [{"object": "embedding", "index": i, "embedding": bag_of_words_vector(t)}
                        for i, t in enumerate(inputs)]
                self._json(200, {"object": "list", "data": data, "model": body.get("model"),
                                 "usage": {"prompt_tokens": 0, "total_tokens": 0}})

            def _chat(self, body: dict, scripted: Scripted) -> None:
                if isinstance(scripted, Hang):
                    if fake._closing.wait(scripted.seconds):
                        self.close_connection = True
                        return
                    scripted = fake.default if not isinstance(fake.default, Hang) else Reply("")
                    return self._chat(body, scripted)
                if isinstance(scripted, Status):
                    return self._error(scripted)
                if body.get("stream"):
                    return self._stream(body, scripted)
                payload = json.dumps(self._completion(body, scripted.text)).encode()
                if isinstance(scripted, Cut):
                    self._start(200, "application/json", length=len(payload))
                    self.wfile.write(payload[: len(payload) // 2])
                    self.close_connection = True
                else:
                    self._start(200, "application/json", length=len(payload))
                    self.wfile.write(payload)

            def _completion(self, body: dict, text: str) -> dict:
                prompt, completion = _words(body.get("messages") or []), len(text.split())
                return {"id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion",
                        "created": int(time.time()), "model": body.get("model", "fake-model"),
                        "system_fingerprint": None,
                        "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                                     "message": {"role": "assistant", "content": text, "refusal": None}}],
                        "usage": {"prompt_tokens": prompt, "completion_tokens": completion,
                                  "total_tokens": prompt + completion}}

            def _stream(self, body: dict, scripted: Reply | Cut) -> None:
                cut = isinstance(scripted, Cut)
                text = scripted.text[: scripted.after] if cut else scripted.text
                size, delay = max(1, scripted.chunk), getattr(scripted, "delay", 0.0)
                base = {"id": f"chatcmpl-{uuid.uuid4().hex[:24]}", "object": "chat.completion.chunk",
                        "created": int(time.time()), "model": body.get("model", "fake-model"),
                        "system_fingerprint": None}

                def chunk(delta: dict, finish: str | None = None) -> dict:
                    return {**base, "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                                 "finish_reason": finish}]}

                self._start(200, "text/event-stream", chunked=True)
                # Like the real API: a role-only first delta, the content pieces, then an empty stop delta.
                self._event(chunk({"role": "assistant", "content": "", "refusal": None}))
                for start in range(0, len(text), size):
                    if delay and fake._closing.wait(delay):
                        break
                    self._event(chunk({"content": text[start:start + size]}))
                if cut:
                    self.close_connection = True  # no terminating chunk: the client sees a broken body
                    return
                self._event(chunk({}, "stop"))
                if (body.get("stream_options") or {}).get("include_usage"):
                    usage = self._completion(body, text)["usage"]
                    self._event({**base, "choices": [], "usage": usage})
                self._send_chunk(b"data: [DONE]\n\n")
                self._send_chunk(b"")

            def _event(self, payload: dict) -> None:
                self._send_chunk(f"data: {json.dumps(payload)}\n\n".encode())

            def _send_chunk(self, data: bytes) -> None:
                self.wfile.write(f"{len(data):X}\r\n".encode() + data + b"\r\n")
                self.wfile.flush()

            def _error(self, status: Status) -> None:
                error_type = _ERROR_TYPES.get(status.code, "server_error" if status.code >= 500 else "api_error")
                raw = json.dumps({"error": {"message": status.message, "type": error_type, "param": None,
                                            "code": error_type if status.code == 429 else None}}).encode()
                headers = {} if status.retry_after is None else {"Retry-After": f"{status.retry_after:g}"}
                self._start(status.code, "application/json", length=len(raw), headers=headers)
                self.wfile.write(raw)

            def _json(self, status: int, payload: dict) -> None:
                raw = json.dumps(payload).encode()
                self._start(status, "application/json", length=len(raw))
                self.wfile.write(raw)

            def _start(self, status: int, content_type: str, *, length: int | None = None,
                       chunked: bool = False, headers: dict | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                if chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                    self.send_header("Cache-Control", "no-cache")
                else:
                    self.send_header("Content-Length", str(length))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()

        self.server = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        # A short poll interval so that shutdown() returns promptly.
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    def script(self, *replies: Scripted | str) -> "FakeOpenAI":
        """Queue replies for `/chat/completions`, one per request; a plain string means `Reply(string)`."""
        with self._lock:
            self._queue.extend(Reply(r) if isinstance(r, str) else r for r in replies)
        return self

    def _next(self) -> Scripted:
        with self._lock:
            return self._queue.popleft() if self._queue else self.default

    @property
    def chat_requests(self) -> list[dict]:
        """The recorded requests that went to `/chat/completions`."""
        return [r for r in self.requests if urlsplit(r["path"]).path.rstrip("/").endswith("/chat/completions")]

    def __enter__(self) -> "FakeOpenAI":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Stop serving, wake hanging handlers and drop open connections; safe to call twice or unstarted."""
        if self._closing.is_set():
            return
        self._closing.set()
        if self._thread.is_alive():  # shutdown() would wait forever on a loop that never ran
            self.server.shutdown()
            self._thread.join(timeout=5)
        with self._lock:
            connections = list(self._connections)
        for conn in connections:  # keep-alive and hanging connections would otherwise idle on
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.server.server_close()
