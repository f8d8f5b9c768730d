"""A model's reply made safe to show: the key redacted, surrogates mended, no Markdown link or image kept."""

from __future__ import annotations

import pytest

from rag.answer.reply import ReplyFilter, plain_text, trim_cut

KEY = "sk-live-SECRET-123456"


@pytest.mark.parametrize("pieces, expected", [
    (["the key is sk-live-SECRET-123456."], "the key is ***."),
    (["the key is sk-li", "ve-SECRET-12", "3456 again"], "the key is *** again"),  # split over three pieces
    (["sk", "-", "live-SECRET-123456sk-live-SECRET-123456"], "******"),
    (["sk-live is not the key"], "sk-live is not the key"),  # a prefix is let through once it diverges
    (["ends with sk-live"], "ends with sk-live"),  # held back, then flushed at the end
    (["no secret here"], "no secret here"),
])
def test_the_key_is_redacted_even_when_split_across_pieces(pieces, expected):
    cleaner = ReplyFilter(KEY)
    shown = [cleaner.feed(p) for p in pieces] + [cleaner.flush()]
    assert "".join(shown) == expected
    assert all(KEY not in "".join(shown[:i]) for i in range(len(shown) + 1))


@pytest.mark.parametrize("pieces, expected", [
    (["rocket \ud83d", "\ude80 launch"], "rocket 🚀 launch"),  # a pair split over two pieces is rejoined
    (["lone \ud800 high"], "lone \ufffd high"),
    (["lone \udc00 low"], "lone \ufffd low"),
    (["ends high \ud83d"], "ends high \ufffd"),
    (["fine 🚀"], "fine 🚀"),
])
def test_lone_surrogates_become_replacement_characters(pieces, expected):
    cleaner = ReplyFilter()
    shown = "".join(cleaner.feed(p) for p in pieces) + cleaner.flush()
    assert shown == expected
    shown.encode("utf-8")  # what broke the page's stream: it must encode now


@pytest.mark.parametrize("reply, expected", [
    ("See ![chart](http://127.0.0.1:9/leak?q=question) here [1].", "See chart here [1]."),
    ("Click [the paper](http://evil.example/phish) [2].", "Click the paper [2]."),
    ("Nested ![a[b]c](http://x/y) image.", "Nested a[b]c image."),
    ("A citation as a link [1](http://x) stays ours.", "A citation as a link [1] stays ours."),
    ("Raw <img src=http://x/leak> html <b>bold</b>.", "Raw  html bold."),
    ("Reference links\n[x]: http://evil.example\nend", "Reference links\n\nend"),
    ("Plain [1] and [1, 2] and a [bracket] remain.", "Plain [1] and [1, 2] and a [bracket] remain."),
    ("x < y and a > b stay.", "x < y and a > b stay."),
])
def test_plain_text_keeps_words_drops_links_and_images(reply, expected):
    assert plain_text(reply) == expected


@pytest.mark.parametrize("text, expected", [
    ("Veda is fast [1]. It uses ti", "Veda is fast [1]."),
    ("Veda is fast [1]! More text that never ends because", "Veda is fast [1]!"),
    ("A single long sentence that was cut mid", "A single long sentence that was cut…"),
    ("One. " + "word " * 40 + "cu", "One."),  # a runaway tail goes, however long
    ("", ""),
])
def test_a_cut_reply_ends_at_its_last_sentence(text, expected):
    assert trim_cut(text) == expected
