"""rag.safety: paper and model text shown as text (page, terminal), URLs without credentials."""

from __future__ import annotations

import re

import pytest

from rag.safety import html_text, markdown_text, public_url, strip_format_characters, terminal_text

ATTACKS = [
    "![x](http://127.0.0.1:9/leak?q=question)",
    "[click here](http://phish.example/login)",
    "<img src=http://127.0.0.1:9/leak>",
    "<svg><rect></rect>",  # unclosed: hid what followed
    "![a[b]c](http://host/leak)",
    "http://127.0.0.1:9/autolink www.evil.example mail@evil.example",
    "$$\\href{http://x}{y}$$",
    "# heading\n    indented code\n> quote\n- item\n1. item",
    "[x]: http://host/ref-definition",
]


@pytest.mark.parametrize("text", ATTACKS)
def test_markdown_text_leaves_no_markdown_or_html_structure(text):
    escaped = markdown_text(text)
    # every ASCII punctuation mark is an entity: no bracket, paren, angle, colon or dot is left to parse
    assert not re.search(r"[!\[\]()<>:.*_`#$\\|~-]", escaped.replace("&#", "").replace(";", ""))
    assert not re.search(r"^[ \t]", escaped, re.MULTILINE)  # no indented code block


@pytest.mark.parametrize("text", ATTACKS + ["5.1× faster, 3 < 4 & \"quoted\" 'x'"])
def test_escaped_text_reads_the_same(text):
    import html

    assert html.unescape(markdown_text(text)) == "\n".join(line.lstrip(" \t") for line in text.split("\n"))
    assert html.unescape(html_text(text)) == text


@pytest.mark.parametrize("raw, shown", [
    ("plain", "plain"),
    ("\x1b[2J\x1b[Hcleared", "[2J[Hcleared"),  # the payload is inert text once ESC is gone
    ("\x1b]0;owned title\x07x", "]0;owned titlex"),
    ("\x1b]52;c;ZXZpbA==\x07", "]52;c;ZXZpbA=="),  # OSC 52 writes the clipboard
    ("\x9b31m C1 CSI", "31m C1 CSI"),
    ("line\r\nnext\ttab", "line\nnext\ttab"),
    ("over\rwrite", "overwrite"),
    ("abc\u202edcba", "abcdcba"),  # a bidi override reorders what a reader sees
    ("lone \ud800 surrogate", "lone \ufffd surrogate"),
])
def test_terminal_text_strips_control_characters(raw, shown):
    assert terminal_text(raw) == shown


@pytest.mark.parametrize("url, shown", [
    (None, "api.openai.com"),
    ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1"),
    ("https://user:sk-secret@llm.example/v1", "https://llm.example/v1"),
    ("https://llm.example/v1?api-key=sk-secret#frag", "https://llm.example/v1"),
    ("http://host:99999/v1", "http://host/v1"),
])
def test_public_url_drops_credentials(url, shown):
    assert public_url(url) == shown


def test_format_characters_are_removed():
    assert strip_format_characters("<\u200b/source\ufeff>") == "</source>"


def test_page_text_drops_the_control_characters_a_terminal_would_act_on():
    from rag.safety import html_text, markdown_text

    hostile = "Veda\u202e gnikcah\x1b[31m red\x07 <b>x</b>\nnext\tline"
    for shown in (html_text(hostile), markdown_text(hostile)):
        assert "\u202e" not in shown and "\x1b" not in shown and "\x07" not in shown
        assert "<b>" not in shown and "\n" in shown and "\t" in shown
