"""An answer is bounded whatever the server does: a total deadline, caps on tokens and characters, and text
that is safe to show (no key, no lone surrogates). Tables against an injected clock, then the real client."""

from __future__ import annotations

import json
import time

import pytest

from fake_openai import Reply
from rag.answer.llm import Cut, generate_stream, read_events
from rag.answer.reply import ReplyFilter
from rag.errors import LLMUnavailable
from test_llm import KEY, PAPERS, QUESTION, settings_for


def event(content: str | None = None, finish: str | None = None) -> str:
    delta = {} if content is None else {"content": content}
    return "data: " + json.dumps({"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})


class Ticking:
    """A clock that advances `step` seconds each time it is read: one read per stream line."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def read(lines, deadline=10.0, max_tokens=100, max_chars=600, step=0.0, secret=""):
    """(text pieces, finish reasons, the Cut's reason or "")."""
    pieces, finishes = [], []
    try:
        for item in read_events(lines, deadline, deadline, max_tokens, max_chars, ReplyFilter(secret), Ticking(step)):
            (pieces if isinstance(item, str) else finishes).append(item if isinstance(item, str) else item.reason)
    except Cut as cut:
        return pieces, finishes, cut.reason
    return pieces, finishes, ""


@pytest.mark.parametrize("lines, pieces, cut", [
    ([event("Veda"), event(" is fast."), event(finish="stop"), "data: [DONE]"], ["Veda", " is fast."], ""),
    ([": keep-alive", "", "event: message", event("ok")], ["ok"], ""),  # comments and blank lines are skipped
    (["data: {not json", event("kept")], ["kept"], ""),  # a garbled line costs that line only
    (["data: [1, 2]", event("kept")], ["kept"], ""),
    ([event("a"), "data: [DONE]", event("after done")], ["a"], ""),
    ([event("x")] * 150, ["x"] * 101, "it ran past 100 tokens (PAPERCHAT_LLM_MAX_TOKENS)"),
    ([event("y" * 100)] * 10, ["y" * 100] * 7, "it ran past 600 characters"),
])
def test_stream_lines_become_pieces_within_the_caps(lines, pieces, cut):
    got, _, reason = read(lines)
    assert got == pieces and reason == cut


@pytest.mark.parametrize("step, lines, pieces", [
    (1.0, [event("x")] * 100, ["x"] * 9),  # a one-character drip: one line a second, 10 s deadline
    (1.0, [": ping"] * 100 + [event("never")], []),  # keep-alives forever: the deadline still holds
    (0.01, [event("x")] * 100, ["x"] * 100),  # fast enough: not cut
])
def test_the_deadline_holds_whatever_arrives(step, lines, pieces):
    got, _, reason = read(lines, deadline=10.0, max_tokens=1_000, max_chars=10_000, step=step)
    assert got == pieces
    assert ("10-second limit" in reason) == (len(pieces) < 100)


def test_the_finish_reason_is_reported():
    _, finishes, _ = read([event("cut"), event(finish="length")])
    assert finishes == ["length"]


def test_an_error_event_mid_stream_raises():
    with pytest.raises(Exception, match="overloaded"):
        read([event("Veda"), 'data: {"error": {"message": "model overloaded"}}'])


def test_the_key_and_surrogates_are_cleaned_in_the_stream():
    lines = [event("key: sk-test-"), event(KEY[len("sk-test-"):] if KEY.startswith("sk-test-") else KEY),
             'data: {"choices": [{"delta": {"content": "lone \\ud800 end"}}]}']
    got, _, _ = read(lines, secret=KEY)
    text = "".join(got)
    assert KEY not in text and "\ud800" not in text and "\ufffd" in text
    text.encode("utf-8")


# --- through the real client and the fake server

def generated(settings, **kwargs):
    stream = generate_stream(QUESTION, PAPERS, None, settings, **kwargs)
    started = time.monotonic()
    pieces = list(stream)
    return "".join(pieces), stream, time.monotonic() - started


def test_a_one_character_drip_stops_at_the_answer_deadline(fake):
    fake.script(Reply("drip " * 2_000, chunk=1, delay=0.01))  # never silent, never done
    text, stream, elapsed = generated(settings_for(fake.url, llm_answer_timeout=1.5, llm_max_tokens=32_000))
    assert "1.5-second limit" in stream.cut and 0 < len(text) < 10_000
    assert elapsed < 1.5 + 1


def test_a_flood_stops_at_the_character_cap(fake):
    fake.script(Reply("flood " * 1_700_000, chunk=4_096))  # a 10 MB reply
    text, stream, elapsed = generated(settings_for(fake.url, llm_max_tokens=400))
    assert stream.cut == "it ran past 2,400 characters" and len(text) <= 2_400 + 4_096
    assert elapsed < 10


def test_a_reply_at_the_token_limit_is_marked_as_cut(fake):
    fake.script(Reply("Veda is fast [1]. It runs", chunk=4))
    fake.default = Reply("unused")
    text, stream, _ = generated(settings_for(fake.url))
    assert stream.cut == ""  # the fake says "stop"; a "length" finish is covered by the table above


def test_an_echoed_key_never_reaches_the_text(fake):
    fake.script(Reply(f"Your key is {KEY}, and Veda is fast [1].", chunk=3))
    text, _, _ = generated(settings_for(fake.url))
    assert KEY not in text and "***" in text


def test_a_deadline_already_passed_is_no_answer(fake):
    fake.script(Reply("too late"))
    with pytest.raises(LLMUnavailable):
        generated(settings_for(fake.url), deadline=time.monotonic() - 1)
