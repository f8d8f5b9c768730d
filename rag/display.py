"""How an `Answer` and a list of hits show in Jupyter: Markdown and HTML with linked `[n]` and a reference list.

Paper and model text is escaped for the format it lands in (`markdown_text`, `html_text`); the only links are
our own (`[n]` to its reference) and a paper's own http(s) URL.
"""

from __future__ import annotations

import hashlib
import re
from typing import Iterable
from urllib.parse import quote

from rag.safety import html_text, markdown_text
from rag.types import Answer, Hit, Paper

__all__ = ["answer_markdown", "answer_html", "hits_markdown", "hits_html"]

_MARKER = re.compile(r"\[(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\]")
_NUMBER = re.compile(r"\d+")


def _safe_url(paper: Paper) -> str:
    """The paper's URL when it is http(s), with anything that could end a Markdown link or an attribute encoded."""
    url = (paper.url or (paper.code_links[0].url if paper.code_links else "")).strip()  # as the exports link it
    if not re.match(r"https?://", url, re.I):
        return ""
    return quote(url, safe=":/?#[]@!$&'*+,;=%~-._")  # spaces, quotes, <>, (), `, \ and controls encoded


def _anchor(answer: Answer) -> str:
    return "pc-" + hashlib.sha256(answer.text.encode("utf-8")).hexdigest()[:8]


def _linked(text: str, known: set[int], escape, link) -> str:
    """`text` escaped, each known `[n]` (also inside "[1, 2]") turned into `link(n)`."""
    out, start = [], 0
    for marker in _MARKER.finditer(text):
        out.append(escape(text[start:marker.start()]))
        numbers = _NUMBER.split(marker.group(1))
        parts = _NUMBER.findall(marker.group(1))
        inner = "".join(escape(sep) + (link(int(n)) if int(n) in known else escape(n))
                        for sep, n in zip(numbers, parts)) + escape(numbers[-1])
        out.append(escape("[") + inner + escape("]"))
        start = marker.end()
    return "".join(out) + escape(text[start:])


def _reference_md(paper: Paper) -> str:
    url = _safe_url(paper)
    authors = f" {markdown_text(', '.join(paper.authors))}." if paper.authors else ""
    link = f" <{url}>" if url else ""
    return f"**{markdown_text(paper.title)}**. {markdown_text(paper.venue_year)}.{authors}{link}"


def answer_markdown(answer: Answer) -> str:
    """The answer with `[n]` linked to its reference, the notice, and the numbered references."""
    anchor, known = _anchor(answer), {c.n for c in answer.citations}
    text = _linked(answer.text, known, markdown_text, lambda n: f"[{n}](#{anchor}-{n})")
    parts = [text]
    if answer.notice:
        parts.append(f"*{markdown_text(answer.notice)}*")
    if answer.citations:
        parts.append("\n".join(f'{c.n}. <a id="{anchor}-{c.n}"></a>{_reference_md(c.paper)}'
                               for c in answer.citations))
    return "\n\n".join(parts)


def answer_html(answer: Answer) -> str:
    """The same as HTML."""
    anchor, known = _anchor(answer), {c.n for c in answer.citations}
    text = _linked(answer.text, known, html_text, lambda n: f'<a href="#{anchor}-{n}">{n}</a>')
    parts = [f"<p>{text}</p>"]
    if answer.notice:
        parts.append(f"<p><em>{html_text(answer.notice)}</em></p>")
    if answer.citations:
        items = "".join(f'<li id="{anchor}-{c.n}" value="{c.n}">{_reference_html(c.paper)}</li>'
                        for c in answer.citations)
        parts.append(f"<ol>{items}</ol>")
    return "".join(parts)


def _reference_html(paper: Paper) -> str:
    url = _safe_url(paper)
    title = html_text(paper.title)
    title = f'<a href="{html_text(url)}" rel="noopener noreferrer">{title}</a>' if url else title
    authors = f" {html_text(', '.join(paper.authors))}." if paper.authors else ""
    return f"<b>{title}</b>. {html_text(paper.venue_year)}.{authors}"


def hits_markdown(hits: Iterable[Hit]) -> str:
    """Search results as a numbered Markdown list: title, venue and year, score, best sentence, link."""
    lines = []
    for rank, hit in enumerate(hits, start=1):
        snippet = f" — {markdown_text(hit.snippets[0])}" if hit.snippets else ""
        lines.append(f"{rank}. {_reference_md(hit.paper)} score {hit.score:.2f}{snippet}")
    return "\n".join(lines) or "*No matching papers.*"


def hits_html(hits: Iterable[Hit]) -> str:
    """The same as an HTML list."""
    items = "".join(f"<li>{_reference_html(h.paper)} score {h.score:.2f}"
                    + (f"<br><small>{html_text(h.snippets[0])}</small>" if h.snippets else "") + "</li>"
                    for h in hits)
    return f"<ol>{items}</ol>" if items else "<p><em>No matching papers.</em></p>"
