"""The generation stage: stream an answer from an OpenAI-compatible chat model, bounded in time and size.

Calls go through the `openai` client directly (README, "The client"): llama-index's OpenAILike was a wrapper
whose retries we had to switch off, and importing it took 2.8x as long as `openai` itself. The stream is read as raw
server-sent-event lines, so every line (a keep-alive comment too) checks the answer's deadline and the local
caps on tokens and characters, whatever the server does. Retries, backoff and deadlines are ours and take
an injectable clock. Nothing from the server (its errors, its echo of the key) reaches a message unredacted.
"""

from __future__ import annotations

import functools
import json
import logging
import re
import time
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

import httpx

from rag.answer.prompt import CONDENSE_PROMPT, NO_ANSWER, SYSTEM_PROMPT, build_messages, condense_messages, \
    recent_history
from rag.answer.faults import MIN_ATTEMPT_SECONDS, StreamError, advice, describe, endpoint, redact, retry_after, \
    retry_delay, retryable, secret
from rag.answer.reply import ReplyFilter
from rag.errors import ConfigError, LLMUnavailable
from rag.settings import Settings
from rag.types import Paper

__all__ = [
    "SYSTEM_PROMPT", "CONDENSE_PROMPT", "NO_ANSWER", "llm_configured", "model_label", "build_messages",
    "condense_question", "generate_stream", "Generation", "load_client", "retry_delay", "read_events",
]

log = logging.getLogger(__name__)

CONDENSE_MAX_TOKENS = 120
# The local cap on an answer's characters, per token of `llm.max_tokens`: English runs ~4.5 characters a token
# (SmolLM2 and Qwen2.5 replies in eval/results/llm.md), so 6 never cuts an honest reply but stops a flood.
MAX_CHARS_PER_TOKEN = 6

Clock = Callable[[], float]


class Cut(Exception):
    """Reading stopped before the model finished: the deadline passed or a cap was reached (`reason` says)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def llm_configured(settings: Settings) -> bool:
    """True when an API key, an endpoint URL or a local GGUF file is set, so answers can be generated."""
    key = settings.llm.api_key.get_secret_value() if settings.llm.api_key else ""
    return bool(key or settings.llm.base_url or settings.llm.gguf)


def model_label(settings: Settings) -> str:
    """The `Answer.mode` of generated answers, e.g. "llm: gpt-4o-mini" or "llm: SmolLM2-135M.gguf"."""
    return f"llm: {Path(settings.llm.gguf).name}" if settings.llm.gguf else f"llm: {settings.llm.model}"


def load_client(settings: Settings | None = None, say: Callable[[str], None] = print) -> None:
    """Import the client now, and with a GGUF file load the model now, so the first answer does not wait.

    Raises `ConfigError` for a missing or unreadable GGUF file (answers then stay extractive)."""
    import openai.resources.chat  # noqa: F401  (0.7 s, and as much again on a client's first chat call)

    if settings is not None and settings.llm.gguf:
        from rag.answer import gguf

        # the rules open every answer's prompt, byte for byte: read now, they are cached for all answers
        rules = build_messages("", [], None, settings.answer.words)[:1]
        gguf.local_server(settings.llm.gguf, say=say, threads=settings.llm.threads, prefix=rules)


# --- the client

def _base_url(settings: Settings) -> str:
    if settings.llm.gguf:
        from rag.answer import gguf

        # ConfigError when the file cannot be served
        return gguf.local_server(settings.llm.gguf, threads=settings.llm.threads).url
    return settings.llm.base_url or "https://api.openai.com/v1"


@functools.lru_cache(maxsize=8)
def _client_for(base_url: str, key: str):
    import openai  # on the first LLM call: 0.7 s that an extractive-only start never pays
    import openai.resources.chat  # noqa: F401  (imported lazily by the first chat call otherwise)

    # one client per endpoint keeps its connections alive across answers; retries are ours (generate_stream)
    return openai.OpenAI(base_url=base_url, api_key=key or "no-key", max_retries=0)


def _client(settings: Settings):
    try:
        return _client_for(_base_url(settings), secret(settings))
    except ConfigError as exc:
        raise LLMUnavailable(f"The local model cannot be used: {exc}", "Answering from the abstracts.") from None


# --- streaming an answer

def generate_stream(question: str, papers: Sequence[Paper], history: list[dict] | None, settings: Settings,
                    deadline: float | None = None, start_by: float | None = None,
                    excerpts: Sequence[Sequence[str]] | None = None, clock: Clock = time.monotonic,
                    sleep: Callable[[float], None] = time.sleep, language: str = "") -> "Generation":
    """The answer's text pieces as they stream (in `language`, when named); see `Generation`."""
    return Generation(question, papers, history, settings, deadline, start_by, excerpts, clock, sleep, language)


class Generation:
    """Iterate for the model's text pieces. Raises `LLMUnavailable` when the model fails before or during the
    answer; when reading stops at the deadline or a cap instead, iteration ends and `cut` says why.

    `deadline` (a `clock()` time; default `llm.answer_timeout` from now) bounds the whole answer; the first
    piece must come by `start_by` (default `llm.timeout` from now), retries included."""

    def __init__(self, question, papers, history, settings: Settings, deadline: float | None = None,
                 start_by: float | None = None, excerpts=None, clock: Clock = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep, language: str = ""):
        self.settings, self.clock, self.sleep = settings, clock, sleep
        now = clock()
        self.deadline = deadline if deadline is not None else now + settings.llm.answer_timeout
        self.start_by = min(self.deadline, start_by if start_by is not None else now + settings.llm.timeout)
        self.cut = ""
        self.finish_reason = ""
        self._messages = build_messages(question, papers, history, settings.answer.words, excerpts, language)
        self._pieces = self._run()

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        return next(self._pieces)

    def close(self) -> None:
        self._pieces.close()

    def _run(self) -> Iterator[str]:
        settings = self.settings
        if not llm_configured(settings):
            raise LLMUnavailable("No LLM is configured.",
                                 "Set OPENAI_API_KEY, OPENAI_BASE_URL for a local server, or PAPERCHAT_LLM_GGUF.")
        start_by = self.start_by
        attempt = 0
        while True:
            attempt += 1
            yielded = False
            try:
                for piece in self._attempt(start_by):
                    yielded = True
                    yield piece
            except Cut as cut:
                if not yielded:  # pings or empty deltas until the deadline: no answer at all
                    raise self._unavailable("did not answer (no text before the deadline)",
                                            "Raise PAPERCHAT_LLM_TIMEOUT or check the server.") from None
                self.cut = cut.reason
                log.warning("The LLM answer was cut short: %s.", cut.reason)
                return
            except LLMUnavailable:
                raise
            except Exception as exc:
                # once text is out, a retry would repeat or contradict it: the caller must fall back instead
                delay = None if yielded or not retryable(exc) else retry_delay(
                    attempt, settings.llm.retries, settings.llm.backoff, retry_after(exc), self.clock(), start_by)
                if delay is None:
                    raise self._failure(exc, attempt, yielded) from None  # the cause may carry the key's echo
                log.warning("LLM attempt %d failed (%s); retrying in %.2f s.", attempt, describe(exc, settings), delay)
                self.sleep(delay)
                continue
            if not yielded:
                raise self._unavailable("returned an empty answer", "Try another PAPERCHAT_LLM_MODEL.")
            return

    def _attempt(self, start_by: float) -> Iterator[str]:
        settings = self.settings
        client = _client(settings)
        # httpx's timeout covers connecting and every read: a stream gone silent raises instead of hanging
        wait = max(min(start_by, self.deadline) - self.clock(), 0.01)
        max_tokens = settings.llm.max_tokens
        with client.chat.completions.with_streaming_response.create(
                model=settings.llm.model, messages=self._messages, stream=True, temperature=settings.llm.temperature,
                max_tokens=max_tokens, timeout=httpx.Timeout(wait)) as response:
            events = read_events(response.iter_lines(), self.deadline, settings.llm.answer_timeout, max_tokens,
                                 max_tokens * MAX_CHARS_PER_TOKEN, ReplyFilter(secret(settings)), self.clock)
            for piece in events:
                if isinstance(piece, _Finish):
                    self.finish_reason = piece.reason
                else:
                    yield piece
        if self.finish_reason == "length":  # the server stopped at max_tokens, most likely mid-sentence
            raise Cut(f"it reached the {max_tokens}-token limit (PAPERCHAT_LLM_MAX_TOKENS)")

    def _unavailable(self, what: str, advice: str) -> LLMUnavailable:
        reason = redact(f"The LLM {self.settings.llm.model} at {endpoint(self.settings)} {what}.", self.settings)
        log.warning("%s %s", reason, advice)
        return LLMUnavailable(reason, advice)

    def _failure(self, exc: Exception, attempts: int, yielded: bool) -> LLMUnavailable:
        problem = describe(exc, self.settings)
        if yielded:
            what = f"stopped mid-answer ({problem})"
        else:
            what = f"did not answer ({problem}; {attempts} attempt{'s' if attempts > 1 else ''})"
        return self._unavailable(what, advice(exc))


class _Finish:
    def __init__(self, reason: str):
        self.reason = reason


def read_events(lines: Iterable[str], deadline: float, total: float, max_tokens: int, max_chars: int,
                cleaner: ReplyFilter, clock: Clock = time.monotonic) -> Iterator:
    """The text pieces of an SSE chat-completion stream, cleaned; raises `Cut` past the deadline or a cap.

    Yields a `_Finish` for the server's finish_reason. A server-sent error event raises `StreamError`."""
    tokens = chars = 0
    for line in lines:
        if clock() >= deadline:
            raise Cut(f"it ran past the {total:g}-second limit for an answer (PAPERCHAT_LLM_ANSWER_TIMEOUT)")
        if not line.startswith("data:"):
            continue  # blank separators, `event:` names and `: keep-alive` comments
        data = line[5:].strip()
        if data == "[DONE]":
            break
        try:
            event = json.loads(data)
        except json.JSONDecodeError:
            continue  # a garbled line costs that piece, not the answer
        if not isinstance(event, dict):
            continue
        if event.get("error"):
            raise StreamError(str(event["error"])[:200])
        for choice in event.get("choices") or []:
            delta = (choice or {}).get("delta") or {}
            content = delta.get("content")
            if isinstance(content, str) and content:
                tokens += 1
                chars += len(content)
                text = cleaner.feed(content)
                if text:
                    yield text
                if tokens > max_tokens:
                    raise Cut(f"it ran past {max_tokens} tokens (PAPERCHAT_LLM_MAX_TOKENS)")
                if chars > max_chars:
                    raise Cut(f"it ran past {max_chars:,} characters")
            if (choice or {}).get("finish_reason"):
                yield _Finish(choice["finish_reason"])
    rest = cleaner.flush()
    if rest:
        yield rest


# --- condensing a follow-up

def condense_question(question: str, history: list[dict] | None, settings: Settings,
                      deadline: float | None = None, clock: Clock = time.monotonic, english: bool = False) -> str:
    """A follow-up rewritten as a standalone English question by one LLM call; the question itself on any failure.

    With `english` a question with no history is rewritten too (translated: the index is searched in English).
    It gets `llm.timeout`, or the time left to `deadline` if that is sooner."""
    turns = recent_history(history)
    if not (turns or english) or not llm_configured(settings):
        return question
    wait = settings.llm.timeout if deadline is None else min(settings.llm.timeout, deadline - clock())
    if wait < MIN_ATTEMPT_SECONDS:
        return question
    try:
        reply = _client(settings).chat.completions.create(
            model=settings.llm.model, messages=condense_messages(question, turns), temperature=0.0,
            max_tokens=CONDENSE_MAX_TOKENS, timeout=httpx.Timeout(wait))
        text = reply.choices[0].message.content or ""
    except Exception as exc:  # a failed rewrite costs only some retrieval quality: never fail the answer
        log.warning("Could not condense the follow-up question (%s); using it as asked.", describe(exc, settings))
        return question
    cleaner = ReplyFilter(secret(settings))
    text = cleaner.feed(text) + cleaner.flush()
    # the first line only: chatty models add an explanation after the question
    first = next((line for line in text.splitlines() if line.strip()), "")
    standalone = re.sub(r"^\s*(standalone question|question)\s*:\s*", "", first, flags=re.I).strip("\"' ")
    return standalone[:1_000] or question
