"""The answerer that needs no LLM: it composes the reply from the abstracts' own sentences, cited.

Drafts cite sources as `[n]`, n the 1-based position of the paper in the hit list; `citations.resolve`
renumbers them. Every sentence shown is a whole sentence of its abstract, never cut.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rag.answer.asks import Asks
from rag.answer.citations import strip_markers
from rag.answer.evidence import Sentence, score_sentences
from rag.types import Hit, Paper

# A second sentence must have at least this share of the best one's chance to be the answer (the ranker's
# softmax over the abstract). Tuned with eval/sentences.py's cross-validated rankers on the tune data (answers
# of up to two sentences, best first, no background second; 138 dev groups, 535 SciFact train): 0.1 gives dev
# facts 0.850, SciFact train rationale 0.832; one sentence only 0.726 / 0.673; 0.2 0.836 / 0.832 at 2.6 fewer
# words; 0.5 0.795 / 0.804; 0 (any second sentence) 0.853 / 0.837 at 8 more words.
RUNNER_UP = 0.1

COMPARE_RUNNER_UP = 0.6  # dev comparisons (eval/questions/dev.jsonl): 0.75 kept one sentence where the fact was in the second


@dataclass(frozen=True)
class Source:
    """A paper the answer may quote: its `[n]`, its hit, and its sentences' cosines with the question."""

    n: int
    hit: Hit
    cosines: np.ndarray | None = None


def best_sentences(source: Source, asks: Asks, idf: dict[str, float], most: int = 2,
                   runner_up: float = RUNNER_UP) -> list[Sentence]:
    """The sentence that answers best, then one that covers what it leaves out, if it comes close."""
    return choose(score_sentences(source.hit, asks, idf, source.cosines), asks, most, runner_up)


def choose(scored: list[Sentence], asks: Asks, most: int = 2, runner_up: float = RUNNER_UP) -> list[Sentence]:
    """The best of `scored` first (the sentence that answers opens the answer), then up to `most` - 1 more
    that have at least `runner_up` x its score; a background sentence only when the problem is asked."""
    scored = sorted(scored, key=lambda s: (-s.score, s.position))
    if not scored:
        return []
    picked = [scored[0]]
    for sentence in scored[1:]:
        if len(picked) >= most or sentence.score < runner_up * picked[0].score:
            break
        if asks.problem or not sentence.background:
            picked.append(sentence)
    return picked


def fact_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int) -> str:
    """The answering sentences of one paper (or one each of several named papers), each cited."""
    most = 2 if len(sources) == 1 else 1
    lines = [(s.n, sentence) for s in sources[:3] for sentence in best_sentences(s, asks, idf, most)]
    return " ".join(f"{_clean(sentence.text)} [{n}]" for n, sentence in _within_words(lines, max_words))


def compare_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int) -> str:
    """For each named paper, its sentence on the asked aspect, named and cited."""
    lines = []
    for s in sources[:3]:
        # two papers, each with its own wording for the aspect: a second sentence may hold it
        best = best_sentences(s, asks, idf, most=2, runner_up=COMPARE_RUNNER_UP)
        if best:
            lines.append(f"{s.hit.paper.title}: {' '.join(_clean(b.text) for b in best)} [{s.n}]")
    return "\n".join(lines)


def list_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int) -> str:
    """"N papers match", then one line per paper: its name and its most relevant whole sentence, cited."""
    lines = []
    budget = max(max_words, 25 * min(len(sources), 4))
    used = 0
    for s in sources:
        best = best_sentences(s, asks, idf, most=1)
        sentence = _clean(best[0].text) if best else ""
        if used and used + len(sentence.split()) > budget:
            sentence = ""  # over the length limit: the paper is still listed, without its sentence
        used += len(sentence.split())
        body = f": {sentence}" if sentence else ""
        lines.append(f"- {s.hit.paper.title} ({s.hit.paper.venue_year}){body} [{s.n}]")  # plain text (issue 13)
    count = f"{len(sources)} paper{'s' if len(sources) != 1 else ''} match{'es' if len(sources) == 1 else ''}:"
    return "\n".join([count, *lines])


def not_reported_answer(source: Source, asks: Asks, idf: dict[str, float]) -> str:
    """"The Veda abstract does not report its learning rate", then what it does report, cited."""
    paper = source.hit.paper
    what = f"its {asks.attribute}" if asks.attribute else "this"
    gist = best_sentences(source, asks, idf, most=1)
    text = f"The {short_name(paper)} abstract does not report {what}."
    if gist:
        text += f" What it does say: {_clean(gist[0].text)} [{source.n}]"
    return text


def excluded_answer(papers: list[Paper], venue, year) -> str:
    """"Veda is ICML 2026, outside the ICLR 2026 filter." for each named paper the filters leave out."""
    venues = [venue] if isinstance(venue, str) else list(venue or ())
    chosen = " or ".join(venues) if venues else ""
    wanted = " ".join(x for x in (chosen, str(year) if year else "") if x)
    return " ".join(f"{p.title} is {p.venue_year}, outside the {wanted} filter." for p in papers) + \
        " Clear the filter to ask about it."


def short_name(paper: Paper) -> str:
    return paper.title.split(":")[0].strip() if paper.title_derived else paper.title


def _clean(sentence: str) -> str:
    return strip_markers(sentence)  # an abstract's own "[12]" must not read as our citation


def _within_words(lines: list[tuple[int, Sentence]], max_words: int) -> list[tuple[int, Sentence]]:
    kept, words = [], 0
    for n, sentence in lines:
        count = len(sentence.text.split())
        if kept and words + count > max_words:
            break
        kept.append((n, sentence))
        words += count
    return kept
