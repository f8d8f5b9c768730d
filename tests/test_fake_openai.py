"""The fake OpenAI server, driven by the real `openai` client: replies, streams, errors, hangs, cut streams."""

from __future__ import annotations

import json
import threading
import time

import httpx
import openai
import pytest

from fake_openai import Cut, FakeOpenAI, Hang, Reply, Status

MESSAGES = [{"role": "system", "content": "Answer briefly."}, {"role": "user", "content": "What is Veda?"}]


def client(fake: FakeOpenAI, **options) -> openai.OpenAI:
    return openai.OpenAI(**{"base_url": fake.url, "api_key": "sk-test", "max_retries": 0, "timeout": 5, **options})


def chat(fake: FakeOpenAI, **options):
    return client(fake).chat.completions.create(model="gpt-test", messages=MESSAGES, **options)


def test_a_scripted_reply_comes_back_with_usage(fake):
    fake.script(Reply("Veda is a sparse attention method."))
    completion = chat(fake)
    assert completion.choices[0].message.content == "Veda is a sparse attention method."
    assert completion.choices[0].finish_reason == "stop" and completion.model == "gpt-test"
    assert completion.usage.prompt_tokens == 5 and completion.usage.completion_tokens == 6
    assert completion.usage.total_tokens == 11


def test_replies_are_used_in_order_then_the_default(fake):
    fake.script(Reply("one"), "two")
    fake.default = Reply("fallback")
    assert [chat(fake).choices[0].message.content for _ in range(4)] == ["one", "two", "fallback", "fallback"]


def test_a_streamed_reply_arrives_in_pieces_that_join_to_the_text(fake):
    fake.script(Reply("Sparse attention, tile by tile.", chunk=8))
    chunks = list(chat(fake, stream=True))
    pieces = [c.choices[0].delta.content for c in chunks]
    assert pieces == ["", "Sparse a", "ttention", ", tile b", "y tile.", None]
    assert "".join(p or "" for p in pieces) == "Sparse attention, tile by tile."
    assert chunks[0].choices[0].delta.role == "assistant"
    assert [c.choices[0].finish_reason for c in chunks] == [None] * 5 + ["stop"]
    assert {c.object for c in chunks} == {"chat.completion.chunk"} and len({c.id for c in chunks}) == 1


def test_a_stream_can_end_with_usage_when_asked(fake):
    fake.script(Reply("two words"))
    *_, last = chat(fake, stream=True, stream_options={"include_usage": True})
    assert last.choices == [] and last.usage.completion_tokens == 2


def test_the_stream_is_server_sent_events_on_the_wire(fake):
    fake.script(Reply("abcdefghij", chunk=5))
    response = httpx.post(f"{fake.url}/chat/completions", json={"model": "m", "messages": MESSAGES, "stream": True})
    assert response.headers["content-type"] == "text/event-stream"
    assert response.headers["transfer-encoding"] == "chunked"
    events = response.text.split("\n\n")
    assert events[-2:] == ["data: [DONE]", ""] and all(e.startswith("data: ") for e in events[:-1])
    deltas = [json.loads(e.removeprefix("data: "))["choices"][0]["delta"] for e in events[:-2]]
    assert deltas == [{"role": "assistant", "content": "", "refusal": None}, {"content": "abcde"},
                      {"content": "fghij"}, {}]


def test_a_delay_spaces_the_chunks(fake):
    fake.script(Reply("abcdef", chunk=2, delay=0.05))
    start = time.monotonic()
    assert len(list(chat(fake, stream=True))) == 5
    assert time.monotonic() - start >= 0.15


@pytest.mark.parametrize("code, error", [
    (400, openai.BadRequestError),
    (401, openai.AuthenticationError),
    (429, openai.RateLimitError),
    (500, openai.InternalServerError),
    (503, openai.InternalServerError),
])
def test_a_status_raises_the_matching_openai_error(fake, code, error):
    fake.script(Status(code, message="try later"))
    with pytest.raises(error, match="try later") as caught:
        chat(fake)
    assert caught.value.status_code == code
    assert caught.value.body["message"] == "try later"


def test_a_streaming_request_gets_the_error_before_any_chunk(fake):
    fake.script(Status(500))
    with pytest.raises(openai.InternalServerError):
        chat(fake, stream=True)


def test_rate_limits_are_retried_after_the_retry_after_header(fake):
    fake.script(Status(429, retry_after=0.05), Reply("second time lucky"))
    completion = client(fake, max_retries=1).chat.completions.create(model="gpt-test", messages=MESSAGES)
    assert completion.choices[0].message.content == "second time lucky"
    assert len(fake.chat_requests) == 2
    gap = fake.requests[1]["time"] - fake.requests[0]["time"]
    assert 0.05 <= gap < 0.35  # the client's own backoff would be 0.375-0.5 s: it honoured Retry-After


def test_a_hang_times_the_client_out_without_blocking_other_requests():
    with FakeOpenAI() as fake:
        fake.script(Hang(2))
        start = time.monotonic()
        with pytest.raises(openai.APITimeoutError):
            client(fake, timeout=0.5).chat.completions.create(model="gpt-test", messages=MESSAGES)
        assert time.monotonic() - start < 1.9
        start = time.monotonic()
        assert chat(fake).choices[0].message.content == fake.default.text  # served while the hang sleeps on
        assert time.monotonic() - start < 0.5
        start = time.monotonic()
    assert time.monotonic() - start < 0.5  # closing wakes the hanging handler instead of waiting for it


def test_a_hang_shorter_than_the_timeout_answers_with_the_default(fake):
    fake.default = Reply("late but fine")
    fake.script(Hang(0.2))
    assert chat(fake).choices[0].message.content == "late but fine"


def test_hangs_in_parallel_do_not_serialise(fake):
    fake.script(Hang(0.4), Hang(0.4), Hang(0.4))
    start = time.monotonic()
    threads = [threading.Thread(target=chat, args=(fake,)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert time.monotonic() - start < 1.0


def test_a_cut_stream_yields_its_first_pieces_then_raises_a_protocol_error(fake):
    fake.script(Cut("Sparse attention, tile by tile.", after=20))
    pieces = []
    with pytest.raises(httpx.RemoteProtocolError, match="incomplete chunked read"):
        for chunk in chat(fake, stream=True):
            pieces.append(chunk.choices[0].delta.content)
    assert pieces == ["", "Sparse a", "ttention", ", ti"]
    assert all(p is not None for p in pieces)  # no stop chunk was sent


def test_a_cut_plain_reply_is_a_connection_error(fake):
    fake.script(Cut("Sparse attention, tile by tile."))
    with pytest.raises(openai.APIConnectionError) as caught:
        chat(fake)
    assert isinstance(caught.value.__cause__, httpx.RemoteProtocolError)


def test_requests_are_recorded_with_model_messages_options_and_key(fake):
    chat(fake, temperature=0.2, max_tokens=50, stream=True).close()
    (request,) = fake.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == "Bearer sk-test"
    assert request["body"] == {"model": "gpt-test", "messages": MESSAGES, "temperature": 0.2, "max_tokens": 50,
                               "stream": True}


def test_chat_is_served_without_the_v1_prefix_too(fake):
    fake.script(Reply("no prefix"))
    bare = client(fake, base_url=fake.url.removesuffix("/v1"))
    completion = bare.chat.completions.create(model="gpt-test", messages=MESSAGES)
    assert completion.choices[0].message.content == "no prefix"
    assert fake.requests[0]["path"] == "/chat/completions"


def test_the_embeddings_endpoint_still_works(fake):
    result = client(fake).embeddings.create(model="text-embedding-3-small", input=["sparse attention", "video"])
    assert [len(d.embedding) for d in result.data] == [64, 64]
    assert fake.requests[0]["path"] == "/v1/embeddings" and fake.chat_requests == []
