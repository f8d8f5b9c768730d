"""A written answer completed by the evidence it left out: those sentences of the extractive answer, quoted after it.

A small model keeps one value of several, paraphrases a figure away ("a large speedup" for "5.1×"), or cites
another of its sources than the one the evidence decided on. Discarding what it wrote loses its prose; keeping
it alone loses the facts. So each sentence the extractive answer would have shown, that the written text does
not carry (its paper uncited, one of its figures or names missing, or few of its terms), is quoted verbatim
after the written text with its citation. The quotes are the abstracts' own sentences, as the extractive
answer shows them: nothing a model wrote is added, and every `[n]` is resolved again over the joined text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rag.answer.citations import Resolved, claim_list, resolve, strip_markers
from rag.answer.kept import fold, values
from rag.corpus.terms import coverage, terms
from rag.types import Answer, Hit, Paper

__all__ = ["Completed", "QUOTED", "carries", "completed"]

QUOTED = "The written answer left out what its sources' best sentences give: they are quoted after it."

# Share of a sentence's own content terms (the question's set aside) the written answer must hold to carry it.
# A paraphrase that keeps the point keeps its nouns. Set by hand (half), not tuned: the dev run (40 single-paper
# questions, Qwen2.5-Coder-1.5B) was measured with it, no other value.
CARRIED_TERMS = 0.5


@dataclass(frozen=True)
class Completed:
    """The joined answer (resolved over the written answer's papers, then the quoted ones) and what was quoted."""

    resolved: Resolved
    papers: tuple[Paper, ...]
    quoted: tuple[str, ...]
    searched: tuple[Hit, ...] = ()  # the hits the extractive answer was composed from
    written_unsupported: bool = False  # the written text alone has a claim its cited abstract does not support

    @property
    def why(self) -> str:
        """Why the written answer cannot stand even completed, or "": it left evidence out and said what its
        sources do not support. A small model restating a claim it was asked to check ("1 in 5 million have
        it", where the abstract says 493 per million; dev, SciFact train, Qwen2.5-Coder-1.5B) does both."""
        if self.quoted and self.written_unsupported:
            return "the written answer left out what its sources give and said what they do not support"
        return ""

    def hits(self, read: Sequence[Hit]) -> tuple[Hit, ...]:
        """The hits of the quoted papers the model did not read (`read`): the answer's sources beyond them."""
        return tuple(h for h in self.searched if h not in read and h.paper in self.papers)


def carries(written: str, sentence: str, question: str, by_terms: bool = True) -> bool:
    """Whether the written text holds what `sentence` gives: every figure and name of it that the question does
    not already give, or, for a sentence with none, at least CARRIED_TERMS of its own content terms (unless not
    `by_terms`: an answer in another language than the abstract's shares figures and names with it, not words)."""
    found = values(sentence, question)
    if found:  # "12× … Deep Sink … Participative Compression": keeping one of several values loses the others
        text = fold(written)
        return all(fold(v) in text for v in found)
    if not by_terms:
        return True
    own = terms(strip_markers(sentence)) - terms(question)
    return coverage(own, terms(strip_markers(written))) >= CARRIED_TERMS


def completed(written: Resolved, extractive: Answer, question: str, by_terms: bool = True) -> Completed:
    """`written` with every sentence of the `extractive` answer it does not carry quoted after it, cited.

    `written` is already resolved (its markers run 1..m over its citations), so the quotes' papers can only
    extend its numbering, never take over an invented number."""
    papers = [c.paper for c in written.citations]
    cited = {p.id for p in papers}
    quotes: list[str] = []
    for sentence, numbers in claim_list(extractive.text):
        sources = [extractive.citations[n - 1].paper for n in numbers if 0 < n <= len(extractive.citations)]
        if not sentence or not sources:
            continue
        if all(p.id in cited for p in sources) and carries(written.text, sentence, question, by_terms):
            continue
        for paper in sources:
            if paper.id not in {p.id for p in papers}:
                papers.append(paper)
        ids = [p.id for p in papers]
        marks = ", ".join(str(ids.index(p.id) + 1) for p in sources)
        quotes.append(f"{sentence} [{marks}]")
    if not quotes:
        return Completed(written, tuple(papers), (), extractive.sources)
    joined = f"{written.text.rstrip()} {' '.join(quotes)}"
    return Completed(resolve(joined, papers), tuple(papers), tuple(quotes), extractive.sources,
                     bool(written.unsupported))
