"""paperchat's errors. Messages say what to do; the CLI and UI turn them into friendly text."""


class PaperchatError(Exception):
    """Base class of every error paperchat raises on purpose."""


class ConfigError(PaperchatError):
    """A setting is missing or invalid."""


class BadQuery(PaperchatError, ValueError):
    """A question or search cannot be used as given (empty, wrong type, a bad k, venue or year)."""


class EmbedderError(PaperchatError):
    """The embedding model could not be loaded or run."""


class IndexUnavailable(PaperchatError):
    """The index (or the Chroma server behind it) cannot be reached or read."""


class IndexDamaged(IndexUnavailable):
    """The index's files fail their check (`part` is "snapshot" or "vectors"); `paperchat repair` rebuilds them."""

    def __init__(self, message: str, part: str = "snapshot"):
        super().__init__(message)
        self.part = part


class IndexBusy(IndexUnavailable):
    """Another ingest holds the index; try again when it has finished."""


class BadUpload(PaperchatError):
    """An uploaded paper list was refused (wrong type, too big, unreadable, no papers); nothing was changed."""


class LLMUnavailable(PaperchatError):
    """The LLM endpoint failed or timed out; callers fall back to the extractive answer.

    `reason` is the short cause ("timed out after 20 s", "HTTP 503"), without advice appended."""

    def __init__(self, reason: str, advice: str = ""):
        super().__init__(f"{reason} {advice}".strip())
        self.reason = reason
        self.advice = advice


class UploadCancelled(BadUpload):
    """The user cancelled an upload while it was being indexed; nothing was added."""
