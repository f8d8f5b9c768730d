"""The search page: served by Gradio, called the way a browser or `gradio_client` calls it."""

from __future__ import annotations

import pytest

import rag
from ui.app import build_app, render_hits


@pytest.fixture
def served(index_copy):
    app = build_app(index_copy)
    app.launch(server_name="127.0.0.1", server_port=None, prevent_thread_lock=True, quiet=True)
    yield app
    app.close()


def test_the_search_endpoint_returns_ranked_papers(served):
    from gradio_client import Client

    client = Client(served.local_url, verbose=False)
    page = client.predict("What speedup does Veda report?", None, None, 3, api_name="/search")
    assert page.count('class="pc-hit"') == 3
    assert "<b>1. Veda</b>" in page and "5.1× end-to-end speedup" in page


def test_the_venue_filter_keeps_other_venues_out(served):
    from gradio_client import Client

    client = Client(served.local_url, verbose=False)
    page = client.predict("video", "ICLR", 2026, 20, api_name="/search")
    assert "ICLR 2026" in page and "ICML 2026" not in page


def test_paper_text_is_escaped(index_copy):
    hostile = rag.Paper(id="x2026-0000000000", title="<script>alert(1)</script>", venue="X", year=2026,
                        abstract="a", text='<img src=x onerror="alert(1)"> text', source="x.txt", position=1)
    page = render_hits([rag.Hit(paper=hostile, score=1.0, snippets=("<b>bold</b>",))])
    assert "<script>" not in page and "<img" not in page and "<b>bold</b>" not in page
    assert "&lt;script&gt;" in page and "&lt;img src=x" in page
