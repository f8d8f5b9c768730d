"""`Answer` and search hits in Jupyter: linked citations, a reference list, and paper text that stays text."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from markdown_it import MarkdownIt

import rag
from conftest import VEDA_QUESTION

HOSTILE = rag.Paper(
    id="x2026-0000000001", title="Evil](javascript:alert(1)) ![x](http://evil.example/p.png) <script>1</script>",
    venue="ICML", year=2026, abstract="a", text="We win <b>big</b>. ![t](http://evil.example/t.png) **bold**.",
    source="x.txt", position=1, authors=("A <i>B</i>", "[C](http://evil.example)"),
    url="https://example.org/paper?id=1&x=\"><script>",
)
PLAIN = rag.Paper(id="y2026-0000000002", title="Veda", venue="ICLR", year=2026, abstract="b", text="Veda.",
                  source="y.txt", position=1, url="javascript:alert(2)")
ANSWER = rag.Answer(
    text="It wins <img src=x onerror=alert(1)> [1]. ![p](http://evil.example/a.png) Both [1, 2]. Not [7].",
    citations=(rag.Citation(1, HOSTILE, ("We win <b>big</b>.",)), rag.Citation(2, PLAIN)),
    notice="The <script>LLM</script> failed [link](http://evil.example).",
)


class Tags(HTMLParser):
    """Every tag and its attributes in an HTML string."""

    def __init__(self, text: str):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def links_and_tags(html_text: str) -> tuple[list[str], set[str]]:
    tags = Tags(html_text).tags
    return [a.get("href", "") for t, a in tags if t == "a" and "href" in a], {t for t, _ in tags}


@pytest.mark.parametrize("render", ["markdown", "html"])
def test_an_answer_links_its_citations_to_the_references_and_shows_paper_text_as_text(render):
    html = MarkdownIt().render(ANSWER._repr_markdown_()) if render == "markdown" else ANSWER._repr_html_()
    hrefs, tags = links_and_tags(html)
    assert tags <= {"p", "a", "ol", "li", "strong", "b", "em"}  # no img, script, i from the papers
    anchors = [h for h in hrefs if h.startswith("#pc-")]
    assert len(anchors) == 3 and anchors[0] == anchors[1]  # [1], then the 1 and 2 of [1, 2]
    assert set(hrefs) - set(anchors) <= {"https://example.org/paper?id=1&x=%22%3E%3Cscript%3E"}  # the paper's own
    assert not any("evil" in h or "javascript" in h for h in hrefs)
    assert "<script>1</script>" in _text(html) and "[7]" in _text(html)  # shown literally
    assert "Veda" in _text(html) and "ICLR 2026" in _text(html) and "The <script>LLM</script> failed" in _text(html)


def _text(html: str) -> str:
    import html as html_module
    import re

    return html_module.unescape(re.sub(r"<[^>]+>", "", html))


@pytest.mark.parametrize("render", ["markdown", "html"])
def test_hits_show_as_a_numbered_list_with_text_escaped(render):
    hits = rag.Hits([rag.Hit(HOSTILE, 0.91, ("![x](http://evil.example/s.png) <img src=x>",)), rag.Hit(PLAIN, 0.5)])
    html = MarkdownIt().render(hits._repr_markdown_()) if render == "markdown" else hits._repr_html_()
    hrefs, tags = links_and_tags(html)
    assert "img" not in tags and "script" not in tags and html.count("<li") == 2
    assert not any("evil" in h or "javascript" in h for h in hrefs)
    assert "score 0.91" in html and "<img src=x>" in _text(html)


def test_search_returns_hits_a_notebook_can_show(built_settings):
    hits = rag.search(VEDA_QUESTION, k=3, settings=built_settings)
    assert isinstance(hits, list) and len(hits) == 3
    assert hits._repr_markdown_().startswith("1. **Veda**. ICML 2026.")
    answer = rag.ask(VEDA_QUESTION, settings=built_settings)
    assert "](#pc-" in answer._repr_markdown_() and "1. <a id=" in answer._repr_markdown_()
