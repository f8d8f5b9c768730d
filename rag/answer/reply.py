"""What comes back from a model, made safe to show: no API key, no lone surrogates, no Markdown links or images.

A model's reply is untrusted text, like a paper's. The page and the CLI escape it; here it also loses what a
prompt-injected model could use against the reader: the key echoed back (servers and models do echo it),
a Markdown image that fetches a URL with the question in it, a link that goes somewhere else than it says.
"""

from __future__ import annotations

import re

__all__ = ["ReplyFilter", "plain_text", "trim_cut"]

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# ![alt](url "title"), [label](url), <img ...>, <a ...>…</a>; nested brackets one level deep
_BRACKETED = r"\[((?:[^\[\]]|\[[^\[\]]*\])*)\]"
_IMAGE = re.compile(r"!" + _BRACKETED + r"\s*\([^)]*\)")
_LINK = re.compile(_BRACKETED + r"\s*\((?:[a-z][a-z0-9+.-]*:|www\.|/|#)[^)]*\)", re.IGNORECASE)
_REF_DEFINITION = re.compile(r"^\s*\[[^\]]+\]:\s*\S+.*$", re.MULTILINE)
_TAG = re.compile(r"</?[a-z][a-z0-9-]*(?:\s[^<>]*)?/?>", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?](?:\s*\[[\d,\s–-]+\])?[\"')\]]*(?=\s|$)")


class ReplyFilter:
    """Streaming clean-up of a model's text pieces: the key redacted even when split across pieces, and
    surrogate pairs split across pieces rejoined (lone ones become U+FFFD, which every encoder accepts)."""

    def __init__(self, secret: str = ""):
        self._secret = secret if len(secret) >= 4 else ""
        self._held = ""  # text that may be the start of the key, or a high surrogate awaiting its pair

    def feed(self, piece: str) -> str:
        text = self._held + piece
        self._held = ""
        if text and "\ud800" <= text[-1] <= "\udbff":  # a high surrogate: its low half may come next
            text, self._held = text[:-1], text[-1]
        text = _fix_surrogates(text)
        if self._secret:
            text = text.replace(self._secret, "***")
            keep = _secret_prefix_at_end(text, self._secret)
            if keep:
                text, self._held = text[:-keep], text[-keep:] + self._held
        return text

    def flush(self) -> str:
        """What was held back, once no more pieces will come."""
        rest, self._held = self._held, ""
        return _fix_surrogates(rest)


def _fix_surrogates(text: str) -> str:
    if not _LONE_SURROGATE.search(text):
        return text
    paired = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")  # joins proper pairs
    return _LONE_SURROGATE.sub("\ufffd", paired)


def _secret_prefix_at_end(text: str, secret: str) -> int:
    """Length of the longest end of `text` that the secret starts with (the key may continue in the next piece)."""
    for size in range(min(len(secret) - 1, len(text)), 0, -1):
        if secret.startswith(text[-size:]):
            return size
    return 0


def plain_text(text: str) -> str:
    """A reply with Markdown images and links reduced to their words, and HTML tags removed.

    `[1](http://x)` becomes `[1]`, so a citation written as a link is still our citation."""
    text = _IMAGE.sub(lambda m: m.group(1), text)
    text = _LINK.sub(lambda m: f"[{m.group(1)}]" if re.fullmatch(r"[\d,\s–-]+", m.group(1)) else m.group(1), text)
    text = _REF_DEFINITION.sub("", text)
    return _TAG.sub("", text)


def trim_cut(text: str) -> str:
    """A reply cut off mid-way, ended at its last complete sentence (or last word, with an ellipsis)."""
    text = text.rstrip()
    ends = list(_SENTENCE_END.finditer(text))
    if ends:  # a runaway reply's tail is rarely worth keeping: the notice says the answer ends there
        return text[:ends[-1].end()]
    head = text.rsplit(None, 1)[0] if " " in text else text
    return head.rstrip(",;:") + "…" if head else ""
