"""Text from papers and models is data: the one place it is made safe to show (page, terminal, logs).

- `markdown_text` and `html_text` drop the control characters `terminal_text` drops (a bidi override reorders what
  a reader sees on a page too).
- `markdown_text`: for anything Gradio renders as Markdown (the header, chat messages): every ASCII
  punctuation mark becomes a numeric entity, so no `![x](url)`, `[x](url)`, `<img>`, `**`, `$$`, autolink or
  list syntax survives as structure (CommonMark never reads an entity as syntax), yet the text reads the same.
- `html_text`: for `gr.HTML` (source cards, search results), which renders HTML but not Markdown.
- `terminal_text`: control characters (ESC/CSI/OSC, C1, bidi overrides) removed before printing.
- `public_url`: a URL without `user:password@`, query or fragment, which may carry credentials.
"""

from __future__ import annotations

import html
import re
import string
import unicodedata
from urllib.parse import urlsplit

__all__ = ["markdown_text", "html_text", "terminal_text", "json_controls", "public_url", "has_lone_surrogate",
           "strip_format_characters"]

_PUNCTUATION = {ord(c): f"&#{ord(c)};" for c in string.punctuation}
# a line's leading spaces would make an indented code block
_LEADING_SPACE = re.compile(r"^[ \t]+", re.MULTILINE)
# C0 (but newline and tab), DEL, C1, and the bidi controls that reorder what a reader sees
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def markdown_text(text: str) -> str:
    """`text` for a Markdown context (gr.Markdown, gr.Chatbot): shown literally, nothing fetched or linked."""
    return _LEADING_SPACE.sub("", _CONTROL.sub("", _without_surrogates(text))).translate(_PUNCTUATION)


def html_text(text: str) -> str:
    """`text` for an HTML context that renders no Markdown (gr.HTML)."""
    return html.escape(_CONTROL.sub("", _without_surrogates(text)), quote=True)


def terminal_text(text: str) -> str:
    """`text` without the control characters a terminal would act on (clear screen, set title, OSC 52)."""
    # an escape sequence's payload stays as inert text, but its introducer is gone
    return _CONTROL.sub("", _without_surrogates(text).replace("\r\n", "\n"))


def json_controls(text: str) -> str:
    """JSON text with every control character as a `\\uXXXX` escape (json.dumps leaves C1 and bidi raw)."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def public_url(url: str | None, default: str = "api.openai.com") -> str:
    """`scheme://host:port/path` of `url`: no `user:key@`, no `?api-key=`, no fragment."""
    if not url:
        return default
    parts = urlsplit(url)
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:  # a malformed port: the client will fail on it too
        port = ""
    return f"{parts.scheme}://{parts.hostname or '?'}{port}{parts.path}"


def has_lone_surrogate(text: str) -> bool:
    """True when `text` holds a UTF-16 surrogate code point, which no encoder (or tokenizer) accepts."""
    return bool(_SURROGATE.search(text))


def _without_surrogates(text: str) -> str:
    # a lone surrogate cannot be encoded as UTF-8: Gradio's JSON (and print) would fail on it
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def strip_format_characters(text: str) -> str:
    """`text` without invisible format characters (zero-width space, joiners, BOM), which hide tags from regexes."""
    return "".join(c for c in text if unicodedata.category(c) != "Cf")
