"""The answerer that needs no LLM: it composes the reply from the abstracts' own sentences, cited."""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass

from rag.answer.citations import strip_markers
from rag.index.keyword import analysed_sentences, sentence_terms
from rag.types import Hit
from rag.answer.understand import Question

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
    venues = [question.venue] if isinstance(question.venue, str) else list(question.venue or ())
    filters = sentence_terms(f"{' '.join(venues)} {question.year or ''}")
    return terms - _GENERIC - filters or terms


def score_sentences(hit: Hit, source: int, terms: set[str], wants: str = "",
                    ask: set[str] | None = None) -> list[Scored]:
    """Keyword evidence (the question's terms, and those of what it finally asks), embedding evidence
    (its window's cosine), and a bonus for the kind of detail asked for (numbers, named things)."""
    ask = ask if ask is not None else terms
    own_name = hit.paper.title.split(":")[0] if hit.paper.title_derived else ""  # not a detail of itself
    out = []
    for i, (sentence, words) in enumerate(_analysed(hit.paper.text)):
        overlap = len(terms & words) / (len(terms) or 1)
        asked = len(ask & words) / (len(ask) or 1)
        window = max((sim for text, sim in hit.chunks if sentence in text), default=0.0)
        detail = _detail(sentence.replace(own_name, ""), wants) if own_name else _detail(sentence, wants)
        score = 0.4 * overlap + 0.3 * asked + 0.3 * max(window, 0.0) + 0.3 * detail
        out.append(Scored(source, i, sentence, score))
    return out


def ask_part(question: str) -> str:
    """What a question finally asks: "…a staged-programming framework? What do they use as X?" → the
    last question; "Which paper does X, and what module do they design?" → the clause after "and"."""
    parts = [p for p in re.split(r"(?<=[?.;])\s+", question.strip()) if p.strip()]
    last = parts[-1] if parts else question
    clause = re.split(r",? and (?=(?:what|which|how|on which|in which|where|why)\b)", last, flags=re.I)
    return clause[-1]


@lru_cache(maxsize=4096)
def _analysed(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """An abstract's sentences with their terms, computed once: answers rescore them several times."""
    return tuple(_unmarked(s, terms) for s, terms in analysed_sentences(text))


def _unmarked(sentence: str, terms: frozenset[str]) -> tuple[str, frozenset[str]]:
    # an abstract's own "[12]" must not read as our citation
    stripped = strip_markers(sentence)
    return (sentence, terms) if stripped == sentence else (stripped, frozenset(sentence_terms(stripped)))


def wanted_detail(question: str) -> str:
    """What kind of detail a question asks for: "number", "names" or "" (an explanation)."""
    if _ASKS_NUMBER.search(question):
        return "number"
    if _ASKS_NAMES.search(question):
        return "names"
    return ""


def _detail(sentence: str, wants: str) -> float:
    if wants == "number":
        return 1.0 if _NUMBER.search(sentence) else 0.0
    if wants == "names":
        names = len(_NAMED.findall(sentence))
        return min(names, 3) / 3
    return 0.0


_ASKS_NUMBER = re.compile(
    r"\b(how (much|many|far|large|big|fast|long)|by how|what (results?|speedup|accuracy|score|rate|percentage|"
    r"gain|improvement|ratio|number|size)|speedups?|percent)\b", re.I)
_ASKS_NAMES = re.compile(
    r"\b(which|what)\b.*\b(datasets?|benchmarks?|tasks?|components?|modules?|mechanisms?|metrics?|models?|"
    r"signals?|stages?|phases?|terms?|subsets?|strategies|tokens?|activation|called|named|stand for)\b|"
    r"\b(two|three|four) (main |core |key )?\w+", re.I)
_NUMBER = re.compile(r"\d")
_NAMED = re.compile(r"\b[A-Z][\w-]*[A-Z0-9][\w-]*\b|\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b")


def fact_answer(question: Question, hits: list[Hit], max_words: int) -> str:
    """One to three sentences from the best paper (or the papers the question names), each cited."""
    chosen = [i for i, h in enumerate(hits) if h.paper.id in question.named] or [0]
    # a named paper's own name is in most of its sentences: it tells them apart no more than "the"
    names = sentence_terms(" ".join(hits[i].paper.title for i in chosen if hits[i].paper.id in question.named))
    terms = focus_terms(question) - names or focus_terms(question)
    asked = ask_part(question.text)
    ask = sentence_terms(asked) - _GENERIC - names or terms
    wants = wanted_detail(asked) or wanted_detail(question.text)
    lines: list[Scored] = []
    for i in chosen[:3]:
        lines += _cover(hits[i], i + 1, terms, ask, wants, 3 if len(chosen) == 1 else 1)
    if not lines:  # "What does Veda report?": nothing asked beyond the name, so its gist
        lines = [s for i in chosen[:3] for s in _gist(hits[i], i + 1)]
    lines = _within_words(sorted(lines, key=lambda s: (s.source, s.position)), max_words)
    return " ".join(f"{s.text} [{s.source}]" for s in lines)


def _gist(hit: Hit, source: int, most: int = 2) -> list[Scored]:
    """A paper's own summary: the sentences naming its method or reporting numbers, else its first ones."""
    sentences = _analysed(hit.paper.text)
    name = hit.paper.title.split(":")[0] if hit.paper.title_derived else ""
    telling = [i for i, (text, _) in enumerate(sentences)
               if (name and name in text) or _NUMBER.search(text.replace(name, "") if name else text)]
    rows = telling[-most:] if telling else range(min(most, len(sentences)))  # results come late in an abstract
    return [Scored(source, i, sentences[i][0], 0.0) for i in rows]


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
        lines.append(f"- {hit.paper.title} ({hit.paper.venue_year}): {_shorten(scored.text, 28)} [{i + 1}]")
    words_per_line = max(12, max_words // max(len(lines), 1))
    return "\n".join(_shorten_line(line, words_per_line) for line in lines)


def _cover(hit: Hit, source: int, terms: set[str], ask: set[str], wants: str, most: int) -> list[Scored]:
    """Greedy: the best sentence, then sentences that answer what the picked ones leave uncovered."""
    picked: list[Scored] = []
    first_best = 0.0
    left_terms, left_ask = set(terms), set(ask)
    for _ in range(most):
        scored = score_sentences(hit, source, left_terms or terms, wants, left_ask or ask)
        scored = [s for s in scored if all(s.position != p.position for p in picked)]
        if not scored:
            break
        best = max(scored, key=lambda s: s.score)
        first_best = first_best or best.score
        # a runner-up must come close: one precise sentence beats three loose ones
        if picked and best.score < 0.4 * first_best or best.score <= 0:
            break
        picked.append(best)
        words = sentence_terms(best.text)
        left_terms -= words
        left_ask -= words
    return picked


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
