"""HTML for the page: answers with linked `[n]`, source cards, search results.

Everything that comes from a paper or a model is escaped by `rag.safety` before any markup is added:
abstracts (and LLM output that may echo them) are untrusted input. Chat messages are Markdown to Gradio, so
they get `markdown_text` (no image, link or autolink survives); the HTML panels get `html_text`.
"""

from __future__ import annotations

import re

import rag
from rag.safety import html_text, markdown_text

__all__ = ["source_id", "render_question", "render_streaming", "render_answer", "render_failure", "render_sources",
           "render_hits", "highlight", "copy_button", "upload_notice", "SOURCES_PLACEHOLDER"]

SOURCES_PLACEHOLDER = '<p class="pc-placeholder"><i>The papers cited by the latest answer appear here.</i></p>'

# "[1]", "[1, 3]", "[2; 4]" after renumbering; "[1](url)" is a Markdown link, not a citation
_MARKER = re.compile(r"\[(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\](?!\()")
_NUMBER = re.compile(r"\d+")
_ENDINGS = ".!?…:;)]\"'”’"  # what ends the sentence before a quoted one


def source_id(turn: int, n: int) -> str:
    """The element id of the card behind `[n]` in answer number `turn`."""
    return f"pc-src-{turn}-{n}"


def _link_markers(text: str, turn: int, known: set[int]) -> str:
    """`text` escaped for Markdown, with each `[n]` that has a card turned into our own link to it."""
    def link(number: re.Match) -> str:
        n = int(number.group())
        if n not in known:
            return number.group()
        return f'<a href="#{source_id(turn, n)}" class="pc-cite">{n}</a>'

    def bracket(marker: re.Match) -> str:
        numbers = [int(n) for n in _NUMBER.findall(marker.group(1))]
        if len(numbers) == 1 and numbers[0] in known:  # the whole "[1]" is the link: a bigger target
            return f'<a href="#{source_id(turn, numbers[0])}" class="pc-cite">[{numbers[0]}]</a>'
        return markdown_text("[") + _NUMBER.sub(link, markdown_text(marker.group(1))) + markdown_text("]")

    out, start = [], 0
    for marker in _MARKER.finditer(text):  # escape the text between markers, then add our links
        out += [markdown_text(text[start:marker.start()]), bracket(marker)]
        start = marker.end()
    return "".join(out) + markdown_text(text[start:])


def render_question(text: str) -> str:
    """The user's message as the chat shows it."""
    return markdown_text(text)


def render_failure(text: str) -> str:
    """An answer that could not be given: the reason, as text."""
    return markdown_text(text)


def upload_notice(text: str, error: bool = False, notes: tuple[str, ...] = ()) -> str:
    """What an upload did (or why it was refused), with its warnings as a list."""
    css = "pc-upload-error" if error else "pc-upload-ok"
    items = "".join(f"<li>{html_text(n)}</li>" for n in notes)
    return f'<p class="{css}">{html_text(text)}</p>' + (f"<ul>{items}</ul>" if items else "")


def render_streaming(text: str) -> str:
    """The reply while it streams: escaped, no links yet (numbers are final only at the end)."""
    return markdown_text(text)


def copy_button(text: str) -> str:
    """A button that copies `text` (the page's script reads the button's value: no HTML reaches the clipboard)."""
    # the chat's sanitizer keeps a button's value but drops data-* attributes; newlines as entities, because
    # the message is Markdown and a blank line would end the HTML
    value = markdown_text(text).replace("\r", "").replace("\n", "&#10;")
    return (f'<button type="button" class="pc-copy" value="{value}" '
            'title="Copy the answer and its numbered references as plain text">Copy</button>')


def render_answer(answer: rag.Answer, turn: int) -> str:
    """The final chat message: the answer with each `[n]` linked to its card, notice, unsupported claims, copy."""
    known = {c.n for c in answer.citations}
    parts = [_link_markers(answer.text, turn, known)]
    if answer.notice:
        parts.append(f'<em class="pc-notice">{markdown_text(answer.notice)}</em>')
    if answer.unsupported:
        claims = "".join(f"<li>{markdown_text(claim)}</li>" for claim in answer.unsupported)
        parts.append(f'<div class="pc-unsupported"><b>unsupported</b> (no source backs these):<ul>{claims}</ul></div>')
    parts.append(copy_button(rag.plain_answer(answer)))
    return "\n\n".join(parts)


def highlight(text: str, quotes: tuple[str, ...] | list[str]) -> str:
    """`text` escaped, each quoted sentence wrapped in `<mark>`: exactly the quotes, each once, where it starts a sentence.

    Quotes are sentences of the whitespace-collapsed text, so the text is collapsed the same way first; a quote
    that also occurs inside a longer sentence is marked where it stands as a sentence of its own."""
    text = " ".join(text.split())
    spans: list[tuple[int, int]] = []
    for quote in dict.fromkeys(" ".join(q.split()) for q in quotes if q.strip()):
        found = list(_occurrences(text, quote))
        start = next((i for i in found if _sentence_at(text, i, len(quote))), found[0] if found else -1)
        if start >= 0 and not any(a < start + len(quote) and start < b for a, b in spans):
            spans.append((start, start + len(quote)))
    out, last = [], 0
    for start, end in sorted(spans):  # escape each piece after choosing the spans: entities never split
        out += [html_text(text[last:start]), f"<mark>{html_text(text[start:end])}</mark>"]
        last = end
    return "".join(out) + html_text(text[last:])


def _occurrences(text: str, needle: str):
    start = text.find(needle)
    while start >= 0:
        yield start
        start = text.find(needle, start + 1)


def _sentence_at(text: str, start: int, length: int) -> bool:
    """Does `text[start:start + length]` stand as a sentence: at the start or after an ending, then a space or the end?"""
    before = start == 0 or (text[start - 1] == " " and text[start - 2] in _ENDINGS)
    after = start + length == len(text) or text[start + length] == " "
    return before and after


def _link(url: str, label: str, css: str) -> str:
    return (f' · <a class="{css}" href="{html_text(url)}" target="_blank" '
            f'rel="noopener noreferrer">{label}</a>')


def _code_link(paper: rag.Paper) -> str:
    """The paper's own page (its source's URL), then its code: the two links a card offers."""
    page = _link(paper.url, "paper", "pc-paper-link") if paper.url else ""
    return page + "".join(_link(link.url, "code", "pc-code-link") for link in paper.code_links[:1])


def render_authors(paper: rag.Paper) -> str:
    """"First et al." with every author on hover and on click (a `<details>`), or '' when none are known."""
    if not paper.authors:
        return ""
    full = html_text(", ".join(paper.authors))
    if len(paper.authors) <= 2:
        return f'<span class="pc-authors" title="{full}">{html_text(paper.short_authors)}</span> · '
    return (f'<details class="pc-authors" title="{full}"><summary>{html_text(paper.short_authors)}</summary>'
            f"{full}</details>")


def render_card(citation: rag.Citation, turn: int) -> str:
    """One cited paper: `[n] title`, venue and year, code link, and the abstract with its quotes marked."""
    p = citation.paper
    return (
        f'<div class="pc-src" id="{source_id(turn, citation.n)}">'
        f"<b>[{citation.n}] {html_text(p.title)}</b><br>"
        f"<small>{render_authors(p)}{html_text(p.venue_year)}{_code_link(p)}</small>"
        f"<p>{highlight(p.text, citation.quotes)}</p></div>"
    )


# papers named beside an abstention: a paper the question describes in words its abstract never uses is often the
# first (dev: a quarter of described papers abstain, the gold paper first for most), so the user can open it
CLOSEST_SHOWN = 3


def render_sources(answer: rag.Answer, turn: int) -> str:
    """The sources panel for the latest answer; for one that abstained, the closest papers searched, uncited."""
    if not answer.citations:
        closest = answer.sources[:CLOSEST_SHOWN] if answer.abstained else ()
        if not closest:
            return "<p><i>No sources cited.</i></p>"
        return ("<p><i>No sources cited. The closest papers searched, none judged to answer:</i></p>\n"
                + render_hits(list(closest)))
    return "\n".join(render_card(c, turn) for c in answer.citations)


def render_hits(hits: list[rag.Hit]) -> str:
    """Search results as HTML; every piece of paper text is escaped."""
    if not hits:
        return "<p>No matching papers.</p>"
    cards = []
    for rank, hit in enumerate(hits, start=1):
        p = hit.paper
        snippet = " … ".join(html_text(s) for s in hit.snippets)
        cards.append(
            f'<div class="pc-hit"><b>{rank}. {html_text(p.title)}</b> '
            f"<small>{render_authors(p)}{html_text(p.venue_year)} · score {hit.score:.2f}{_code_link(p)}</small>"
            f"<p>{snippet}</p>"
            f"<details><summary>abstract</summary><p>{html_text(p.text)}</p></details></div>"
        )
    return "\n".join(cards)
