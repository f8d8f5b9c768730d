"""The answerer that needs no LLM: it composes the reply from the abstracts' own sentences, cited."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .citations import strip_markers
from .keyword import sentence_terms
from .text import split_sentences
from .types import Hit
from .understand import Question

_GENERIC = {"paper", "work", "method", "model", "approach", "result", "propos", "studi", "use", "report",
            "show", "which", "what", "how", "does", "list"}


@dataclass(frozen=True)
class Scored:
    """One abstract sentence with its evidence score for the question."""

    source: int  # 1-based position of its paper in the hit list: the `[n]` before renumbering
    position: int  # sentence index in the abstract
    text: str
    score: float


def focus_terms(question: Question) -> set[str]:
    """Content terms of what is asked now (a follow-up's carried subject only ranks papers).

    The venue and year the question names are filters, not topics, so they are left out."""
    terms = sentence_terms(question.text)
    filters = sentence_terms(f"{question.venue or ''} {question.year or ''}")
    return terms - _GENERIC - filters or terms


def score_sentences(hit: Hit, source: int, terms: set[str]) -> list[Scored]:
    """Keyword evidence (share of the question's terms) plus embedding evidence (its window's cosine)."""
    out = []
    for i, sentence in enumerate(split_sentences(hit.paper.text)):
        sentence = strip_markers(sentence)  # an abstract's own "[12]" must not read as our citation
        overlap = len(terms & sentence_terms(sentence)) / (len(terms) or 1)
        window = max((sim for text, sim in hit.chunks if sentence in text), default=0.0)
        out.append(Scored(source, i, sentence, 0.6 * overlap + 0.4 * max(window, 0.0)))
    return out


def fact_answer(question: Question, hits: list[Hit], max_words: int) -> str:
    """One to three sentences from the best paper (or the papers the question names), each cited."""
    terms = focus_terms(question)
    chosen = [i for i, h in enumerate(hits) if h.paper.id in question.named] or [0]
    lines: list[Scored] = []
    for i in chosen[:3]:
        scored = sorted(score_sentences(hits[i], i + 1, terms), key=lambda s: -s.score)
        if not scored:
            continue
        best = scored[0].score
        # runners-up only when nearly as good: one precise sentence beats three loose ones
        lines += [s for s in scored[:3] if s.score >= 0.75 * best and s.score > 0][: 3 if len(chosen) == 1 else 1]
    lines = _within_words(sorted(lines, key=lambda s: (s.source, s.position)), max_words)
    return " ".join(f"{s.text} [{s.source}]" for s in lines)


def list_answer(question: Question, hits: list[Hit], max_words: int, min_relative: float) -> str:
    """One line per paper that really matches: its name and its most relevant sentence, cited."""
    terms = focus_terms(question)
    top = hits[0].score if hits else 0.0
    lines = []
    for i, hit in enumerate(hits):
        if hit.score < min_relative * top:
            break
        scored = max(score_sentences(hit, i + 1, terms), key=lambda s: s.score, default=None)
        if scored is None:
            continue
        lines.append(f"- **{hit.paper.title}** ({hit.paper.venue_year}): {_shorten(scored.text, 28)} [{i + 1}]")
    words_per_line = max(12, max_words // max(len(lines), 1))
    return "\n".join(_shorten_line(line, words_per_line) for line in lines)


def _within_words(lines: list[Scored], max_words: int) -> list[Scored]:
    kept, words = [], 0
    for line in lines:
        n = len(line.text.split())
        if kept and words + n > max_words:
            break
        kept.append(line)
        words += n
    return kept


def _shorten(sentence: str, max_words: int) -> str:
    words = sentence.split()
    return sentence if len(words) <= max_words else " ".join(words[:max_words]).rstrip(",;:") + " …"


def _shorten_line(line: str, max_words: int) -> str:
    head, _, rest = line.partition("): ")
    marker = re.search(r" \[\d+\]$", rest)
    body = rest[: marker.start()] if marker else rest
    return f"{head}): {_shorten(body, max_words)}{marker.group(0) if marker else ''}"
