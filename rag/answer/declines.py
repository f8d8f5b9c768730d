"""The model's "no answer" line: recognised in a finished reply, and held back while a reply streams.

A small model declines more often from a few evidence sentences than from the whole abstract, so a decline is
looked at again before it is believed (pipeline); until then it must not be on the reader's screen.
"""

from __future__ import annotations

from typing import Iterator

from rag.answer.citations import strip_markers
from rag.answer.prompt import NO_ANSWER

__all__ = ["HeldReply", "declines", "may_decline"]


def declines(text: str) -> bool:
    """The model's reply is its "no answer" line (perhaps with a stray [n]), not an answer that mentions it."""
    said = _said(text).rstrip(".")
    return said.startswith(NO_ANSWER.lower().rstrip(".")) and len(said) < 2 * len(NO_ANSWER)


def may_decline(text: str) -> bool:
    """What has streamed so far could still become the "no answer" line."""
    said = _said(text)
    return NO_ANSWER.lower().startswith(said) or declines(text)


def _said(text: str) -> str:
    return " ".join(strip_markers(text).lower().split())


class HeldReply:
    """The model's reply as it streams, shown piece by piece, except while it may still be the "no answer" line:
    that is held back until it cannot be, so a decline is never shown and then replaced (by a second look, the
    abstracts' own sentences, or the abstention message)."""

    def __init__(self):
        self.text, self.cut, self.shown = "", "", False

    def read(self, stream) -> Iterator[str]:
        """Yield what may be shown of `stream`; `text` and `cut` are then the whole reply and why it stopped."""
        self.text, self.cut, held = "", "", ""
        for piece in stream:
            self.text += piece
            if self.shown:
                yield piece
                continue
            held += piece
            if not may_decline(held):
                self.shown = True
                yield held
        self.cut = stream.cut
        if held and not self.shown and not declines(held):
            self.shown = True
            yield held
