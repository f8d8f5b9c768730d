"""The model's "no answer" line: recognised whole, and never shown while it streams."""

from __future__ import annotations

import pytest

from rag.answer.declines import HeldReply, declines, may_decline


class Stream(list):
    cut = ""


@pytest.mark.parametrize(("text", "expected"), [
    ("The indexed papers do not answer this.", True),
    ("The indexed papers do not answer this [1].", True),
    ("  the indexed papers  do not answer this", True),
    ("The indexed papers do not answer this directly, but Veda reports a 5.1× end-to-end speedup [1].", False),
    ("Veda reports a 5.1× speedup [1].", False),
])
def test_a_reply_declines_only_when_it_is_the_no_answer_line(text, expected):
    assert declines(text) is expected


def test_a_reply_may_decline_while_it_is_a_prefix_of_the_line():
    assert may_decline("The") and may_decline("The indexed pap") and not may_decline("The Veda paper")


def test_a_streamed_decline_is_never_shown():
    reply = HeldReply()
    shown = list(reply.read(Stream(["The ", "indexed ", "papers do not ", "answer this."])))
    assert shown == [] and not reply.shown and declines(reply.text)


def test_an_answer_is_shown_from_the_piece_that_tells_it_from_a_decline():
    reply = HeldReply()
    shown = list(reply.read(Stream(["The ", "Veda ", "paper reports 5.1× [1]."])))
    assert shown == ["The Veda ", "paper reports 5.1× [1]."] and reply.text == "The Veda paper reports 5.1× [1]."
