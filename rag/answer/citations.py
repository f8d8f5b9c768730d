"""Citations, as pure functions: find `[n]` markers, drop invented ones, renumber, attach quotes, check support.

An answer cites its sources as `[n]`, n the 1-based position in the source list the answerer was given.
After `resolve`, every marker has a citation, numbers run 1..m in order of first appearance, no uncited
paper is listed, and every quote is a verbatim sentence of the cited paper's text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from rag.corpus.terms import analyse, terms
from rag.corpus.text import split_sentences
from rag.types import Citation, Paper

__all__ = [
    "Marker", "Resolved", "find_markers", "renumber", "claims_for", "claim_list", "best_quotes", "is_supported",
    "resolve", "strip_markers", "cite_copies",
]

MAX_RANGE = 20  # "[1-3]" expands; a wider span is a year or page range, not sources

# LLMs sometimes write "[Source 2]"; any other word ("[Figure 1]") makes it prose, not a citation.
# Negative numbers never cite anything, so "[-1, 1]" (an interval) is left alone.
_NUMBER = r"(?:sources?\s*)?\d{1,6}"  # a longer run of digits is no source number
_ITEM = rf"{_NUMBER}(?:\s*[-–]\s*{_NUMBER})?"
_MARKER = re.compile(rf"\[({_ITEM}(?:\s*[,;]\s*{_ITEM})*)\](?!\()", re.IGNORECASE)  # "[1](url)" is a link
_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,3}[.)])\s+")
_DECIMAL = re.compile(r"\d+(?:[.,]\d+)*")
_TIGHT_AFTER = ".,;:!?)"  # a removed marker takes the space before it when one of these follows


@dataclass(frozen=True)
class Marker:
    """One citation marker: its span in the text and the source numbers it names, in written order."""

    start: int
    end: int
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Resolved:
    """An answer after citation checking: `citations[n-1]` is `[n]` in `text`."""

    text: str
    citations: tuple[Citation, ...]
    unsupported: tuple[str, ...] = ()


def find_markers(text: str) -> list[Marker]:
    """Every citation marker in `text`, in order; ranges expanded."""
    markers = []
    for match in _MARKER.finditer(text):
        numbers = _parse(match.group(1))
        if numbers:
            markers.append(Marker(match.start(), match.end(), numbers))
    return markers


def _parse(inner: str) -> tuple[int, ...]:
    numbers: list[int] = []
    for item in re.split(r"[,;]", inner):
        ends = [int(n) for n in re.findall(r"\d+", item)]
        low, high = ends[0], ends[-1]
        if not 0 <= high - low < MAX_RANGE:  # reversed or too wide: not a citation at all
            return ()
        numbers += range(low, high + 1)
    return tuple(numbers)


def renumber(text: str, n_sources: int) -> tuple[str, list[int]]:
    """Keep markers naming sources 1..n_sources, numbered by first appearance; `order[k-1]` was `[k]`."""
    return _renumber(text, {n: n for n in range(1, n_sources + 1)})


def _renumber(text: str, alias: Mapping[int, int]) -> tuple[str, list[int]]:
    # `alias` maps each valid number to the one it counts as (a duplicate paper's first number).
    # Removing a marker can glue a new one together ("[[9]1]" → "[1]"), so repeat until stable.
    order: list[int] | None = None
    while True:
        new, step = _renumber_once(text, alias)
        order = step if order is None else [order[k - 1] for k in step]
        if new == text:
            return new, order
        text, alias = new, {k: k for k in range(1, len(step) + 1)}


def _renumber_once(text: str, alias: Mapping[int, int]) -> tuple[str, list[int]]:
    order: list[int] = []

    def canonical(numbers: tuple[int, ...]) -> str:
        kept = []
        for n in numbers:
            if n in alias and alias[n] not in kept:
                kept.append(alias[n])
        order.extend(n for n in kept if n not in order)
        return _format(sorted(order.index(n) + 1 for n in kept))

    return _rewrite(text, canonical), order


def _format(numbers: Iterable[int]) -> str:
    numbers = list(numbers)
    return f"[{', '.join(map(str, numbers))}]" if numbers else ""


def strip_markers(text: str) -> str:
    """`text` without citation markers, spaces tidied."""
    while True:  # removing "[9]" from "[[9]1]" leaves "[1]": repeat until no marker is left
        stripped = _rewrite(text, lambda numbers: "")
        if stripped == text:
            return stripped
        text = stripped


def _rewrite(text: str, replace: Callable[[tuple[int, ...]], str]) -> str:
    """Replace each marker by `replace(numbers)`; "" removes it with the space it leaves."""
    out, pos = "", 0
    last: tuple[int, str] | None = None  # (end in `out`, text) of the last marker written
    for marker in find_markers(text):
        out += text[pos:marker.start]
        pos = marker.end
        new = replace(marker.numbers)
        if new and last and last[1] == new and not out[last[0]:].strip(" \t"):
            out = out[:last[0]]  # "[1] [1]" says nothing "[1]" doesn't
        elif new:
            out += new
            last = (len(out), new)
        else:
            following = text[pos:pos + 1]
            if not following or following.isspace() or following in _TIGHT_AFTER:
                out = out.rstrip(" \t")  # "claim [9]." → "claim."
            if not out or out.endswith("\n"):
                pos += len(text[pos:]) - len(text[pos:].lstrip(" \t"))  # "[9] claim" → "claim"
    return out + text[pos:]


def claims_for(text: str) -> dict[int, list[str]]:
    """For each cited number, the answer sentences (or list lines) citing it, markers removed."""
    claims: dict[int, list[str]] = {}
    for claim, numbers in _claims(text):
        for n in numbers:
            cited = claims.setdefault(n, [])
            if claim and claim not in cited:
                cited.append(claim)
    return claims


def claim_list(text: str) -> list[tuple[str, tuple[int, ...]]]:
    """(claim, numbers it cites) for each sentence or list line, in order, markers removed from the claim."""
    return _claims(text)


def _claims(text: str) -> list[tuple[str, tuple[int, ...]]]:
    """(claim, numbers it cites) for each sentence or list line, in order."""
    found: list[tuple[str, list[int]]] = []
    for block, is_item in _blocks(text):
        sentences = [block] if is_item else split_sentences(block)
        for i, sentence in enumerate(sentences):
            markers = find_markers(sentence)
            # "Claim. [1] Next claim." splits after the period: a leading marker cites what precedes it
            lead = [m for m in markers if i and not strip_markers(sentence[:m.start]).strip()]
            if lead:
                found[-1][1].extend(n for m in lead for n in m.numbers)
            own = [n for m in markers if m not in lead for n in m.numbers]
            claim = strip_markers(sentence).strip()
            if claim or own:
                found.append((claim, own))
    return [(claim, tuple(dict.fromkeys(numbers))) for claim, numbers in found]


def _blocks(text: str) -> Iterable[tuple[str, bool]]:
    """List lines one by one (each is a claim) and runs of prose lines joined; (block, is_item)."""
    prose: list[str] = []
    for line in text.splitlines():
        item = _LIST_ITEM.match(line)
        if (item or not line.strip()) and prose:
            yield " ".join(prose), False
            prose = []
        if item:
            yield line[item.end():].strip(), True
        elif line.strip():
            prose.append(line.strip())
    if prose:
        yield " ".join(prose), False


def best_quotes(claims: Sequence[str], paper: Paper, k: int = 4) -> tuple[str, ...]:
    """The verbatim sentence of `paper.text` each claim quotes or paraphrases best, up to `k` (else its first).

    Only the claims' own sentences: a card marks what the answer took from the paper, no more, no fewer."""
    analysis = analyse(paper.text)
    sentences = analysis.sentences
    scored = []  # per claim: (score, -index) of every overlapping sentence, best first
    for claim in claims:
        wanted = terms(strip_markers(claim))
        if wanted:
            # share of the claim's terms, so a short claim's match counts as much as a long one's
            ranked = sorted(((len(wanted & t) / len(wanted), -i) for i, t in enumerate(analysis.terms)),
                            reverse=True)
            scored.append([r for r in ranked if r[0] > 0])
    picks = [ranked[0] for ranked in scored if ranked]  # each claim's best sentence, in the answer's order
    chosen = list(dict.fromkeys(-i for _, i in picks))[:k]
    if not chosen:
        return tuple(sentences[:1])
    return tuple(sentences[i] for i in chosen)


def is_supported(claim: str, papers: Sequence[Paper]) -> bool:
    """Does one of `papers` back the claim: shared content terms in one sentence, and its numbers?"""
    claim = strip_markers(claim)
    wanted = terms(claim)
    if not wanted:
        return True  # nothing checkable ("Yes.") is nothing to flag
    # One sentence must share 2+ content terms (or half of a short claim's): a single common word
    # proves nothing, and requiring most terms would flag every paraphrase. Numbers are the facts
    # an LLM most often gets wrong while the words still match ("9.9× speedup" vs "5.1×"), so each one
    # must appear in the paper (title and venue-year count: list answers name them).
    needed = 2 if len(wanted) >= 4 else len(wanted) / 2
    numbers = _numbers(claim)
    for paper in papers:
        if not numbers <= _numbers(f"{paper.title} {paper.venue_year} {paper.text}"):
            continue
        if any(len(wanted & have) >= needed for have in analyse(paper.text).terms):
            return True
    return False


def _numbers(text: str) -> set[str]:
    # "3,000" and "3000" are one number; so are "CE⁴L" and a model's "CE^4L" (NFKC makes a superscript a digit)
    return {n.replace(",", "") for n in _DECIMAL.findall(unicodedata.normalize("NFKC", text))}


# An uncited sentence is a copy of a source when one sentence of it holds this share of the claim's content terms
# (a copy changes a word or two: "our method" for "4DPC²hat"), and of no other source's: a claim both could have
# written stays uncited. Set on dev answers (Qwen2.5-Coder-1.5B, eval/results/llm-dev-s9.json, re-cited against the
# papers they cite): answer sentences with a citation 0.934 -> 0.963 (253 -> 261 of 271; q040 copied seven sentences
# and cited one), no sentence cited to a paper it does not copy.
COPIED = 0.8
COPY_TERMS = 4  # a shorter uncited sentence ("Yes, there is such a paper.") is no copy of anything


def cite_copies(text: str, sources: Sequence[Paper]) -> str:
    """`text` with each uncited sentence that copies one source's sentence cited to it ([n], n its position in
    `sources`): a model given whole abstracts copies their sentences and often leaves the marker off."""
    out, at = [], 0
    for claim, numbers in _claims(text):
        wanted = terms(claim)
        if numbers or len(wanted) < COPY_TERMS:
            continue
        copied = [n for n, paper in enumerate(sources, 1)
                  if any(len(wanted & have) >= COPIED * len(wanted) for have in analyse(paper.text).terms)]
        end = text.find(claim, at) + len(claim)
        if len(copied) != 1 or end < len(claim):  # not found verbatim (it spans lines): left as it is
            continue
        out.append(text[at:end] + f" [{copied[0]}]")
        at = end
    return "".join(out) + text[at:]


def resolve(text: str, sources: Sequence[Paper]) -> Resolved:
    """Renumber the answer's markers, cite each paper once with quotes, and list unsupported claims."""
    first: dict[str, int] = {}
    alias = {n: first.setdefault(p.id, n) for n, p in enumerate(sources, 1)}
    text, order = _renumber(text, alias)
    claims = claims_for(text)
    citations = tuple(
        Citation(n=k, paper=sources[n - 1], quotes=best_quotes(claims.get(k, []), sources[n - 1]))
        for k, n in enumerate(order, 1)
    )
    unsupported = tuple(dict.fromkeys(
        claim for claim, numbers in _claims(text)
        if claim and numbers and not is_supported(claim, [citations[n - 1].paper for n in numbers])
    ))
    return Resolved(text=text, citations=citations, unsupported=unsupported)
