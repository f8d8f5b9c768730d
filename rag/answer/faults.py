"""What went wrong with an LLM call: whether to retry and when, and how to say it without leaking the key.

Pure where it can be: `retry_delay` takes the clock's reading, so retries are tested as tables of cases.
"""

from __future__ import annotations

import email.utils
import time
from pathlib import Path

import httpx

from rag.safety import public_url
from rag.settings import Settings

__all__ = ["RETRY_AFTER_CAP", "MIN_ATTEMPT_SECONDS", "StreamError", "retry_delay", "retryable", "retry_after",
           "describe", "advice", "endpoint", "redact", "secret"]

RETRY_AFTER_CAP = 5.0  # a server asking for a longer pause is not worth waiting for in an interactive answer
MIN_ATTEMPT_SECONDS = 0.2  # a retry with less time than this left would time out anyway


class StreamError(Exception):
    """The server reported an error inside the stream."""


def secret(settings: Settings) -> str:
    return settings.llm.api_key.get_secret_value() if settings.llm.api_key else ""


def retry_delay(attempt: int, retries: int, backoff: float, asked: float | None, now: float,
                start_by: float) -> float | None:
    """Seconds to wait before attempt `attempt + 1`, or None when it is not worth one.

    `asked` is the server's Retry-After; the next attempt must start (with some time to run) by `start_by`."""
    if attempt > retries:
        return None
    delay = backoff * 2 ** (attempt - 1)  # no jitter: one user's requests, no herd to spread
    if asked is not None:
        if asked > RETRY_AFTER_CAP:
            return None
        delay = asked  # the server said when it will take us again
    if now + delay + MIN_ATTEMPT_SECONDS > start_by:
        return None
    return delay


def _openai():
    import openai

    return openai


def retryable(exc: Exception) -> bool:
    if isinstance(exc, _openai().APIStatusError):
        return exc.status_code in (408, 409, 429) or exc.status_code >= 500
    # APIConnectionError covers refused connections and timeouts before the reply; a broken or silent
    # stream surfaces as a raw httpx error
    return isinstance(exc, (_openai().APIConnectionError, httpx.TransportError))


def retry_after(exc: Exception) -> float | None:
    """The server's Retry-After in seconds, or None when it named none."""
    headers = exc.response.headers if isinstance(exc, _openai().APIStatusError) else {}
    try:
        if "retry-after-ms" in headers:
            return float(headers["retry-after-ms"]) / 1000
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(float(value), 0.0)
        except ValueError:  # an HTTP date
            return max(email.utils.parsedate_to_datetime(value).timestamp() - time.time(), 0.0)
    except (TypeError, ValueError):
        return None


def describe(exc: Exception, settings: Settings) -> str:
    """What went wrong, in words safe to log: never the key, never credentials from the URL."""
    openai = _openai()
    if isinstance(exc, (openai.APITimeoutError, httpx.TimeoutException)):
        text = "no reply in time"
    elif isinstance(exc, openai.APIStatusError):
        body = exc.body if isinstance(exc.body, dict) else {}  # the client unwraps {"error": {...}}
        detail = body.get("message")
        text = f"HTTP {exc.status_code}" + (f": {str(detail)[:200]}" if detail else "")
    elif isinstance(exc, openai.APIConnectionError):
        text = f"cannot connect to {endpoint(settings)}"
    elif isinstance(exc, httpx.TransportError):
        text = "the connection broke mid-reply"
    elif isinstance(exc, StreamError):
        text = f"the server reported an error: {exc}"
    else:
        text = f"unexpected {type(exc).__name__}"
    return redact(text, settings)


def advice(exc: Exception) -> str:
    openai = _openai()
    status = exc.status_code if isinstance(exc, openai.APIStatusError) else None
    if status in (401, 403):
        return "Check OPENAI_API_KEY."
    if status == 404:
        return "Check PAPERCHAT_LLM_MODEL and OPENAI_BASE_URL."
    if status == 429:
        return "The endpoint is rate-limiting: try again shortly."
    if isinstance(exc, (openai.APITimeoutError, httpx.TimeoutException)):
        return "Raise PAPERCHAT_LLM_TIMEOUT or check the server."
    if isinstance(exc, openai.APIConnectionError):
        return "Check that the server is running."
    return "Try again shortly."


def endpoint(settings: Settings) -> str:
    """The base URL without user:password or query, which may hold credentials."""
    if settings.llm.gguf:
        return f"llama.cpp on this machine ({Path(settings.llm.gguf).name})"
    return public_url(settings.llm.base_url)


def redact(text: str, settings: Settings) -> str:
    key = secret(settings)
    return text.replace(key, "***") if len(key) >= 4 else text  # servers do echo keys in error bodies
