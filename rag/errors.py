"""paperchat's errors. Messages say what to do; the CLI and UI turn them into friendly text."""


class PaperchatError(Exception):
    """Base class of every error paperchat raises on purpose."""


class ConfigError(PaperchatError):
    """A setting is missing or invalid."""


class EmbedderError(PaperchatError):
    """The embedding model could not be loaded or run."""


class IndexUnavailable(PaperchatError):
    """The index (or the Chroma server behind it) cannot be reached or read."""



class BadUpload(PaperchatError):
    """An uploaded paper list was refused (wrong type, too big, unreadable, no papers); nothing was changed."""


class LLMUnavailable(PaperchatError):
    """The LLM endpoint failed or timed out; callers fall back to the extractive answer."""
