"""A paper a question describes rather than names, found by searching its description: in a comparison ("MUSE and
the adaptive video tokenizer") it then takes the description's place in the question; asked a detail its abstract
lacks ("how many GPUs did the paper that keeps sink tokens … use?"), the answer says so about it."""

from __future__ import annotations

import re
from dataclasses import replace

from rag.answer.alternatives import description_alone
from rag.answer.decide import Decision, decide
from rag.answer.names import paper_name
from rag.answer.topical import unworked_domains
from rag.answer.judged import best_judged
from rag.answer.descriptions import described_phrases, one_paper_description
from rag.answer.values import value_kind
from rag.answer.understand import Question
from rag.index.store import PaperIndex, Snapshot
from rag.retrieval.hybrid import query_vector


def with_described(index: PaperIndex, snapshot: Snapshot, question: Question, k: int, settings) -> Question:
    """A comparison of a named paper with one it describes ("MUSE and the adaptive video tokenizer"): the
    description is searched, and its best paper besides the named one is compared when the calibrated
    model says it answers the description; otherwise the question is about the named paper alone."""
    phrase = question.described
    alone = replace(question, text=phrase, standalone=phrase, kind="fact", named=(), written=(), described="")
    best = best_judged(index, snapshot, alone, phrase, k, settings, question.venue, question.year, skip=question.named)
    if not best:
        return replace(question, kind="fact", described="")
    found = _described_named(question, best.paper)
    # two described papers ("the halfspaces paper and the perceptron paper"): the other one is searched next
    phrases = described_phrases(question.text, question.written) if len(found.named) < 2 else []
    following = next((p for p in phrases if p != phrase), "")
    return with_described(index, snapshot, replace(found, described=following), k, settings) if following else found


def _described_named(question: Question, paper) -> Question:
    """The comparison with its described paper found: the description gives way to the paper's name (or "the
    other paper"), so that its words ("… predicts how many frames are needed") are not read as the aspect
    asked (dev w369 was answered with numbers for "How does SCOPE choose what to look at")."""
    name = paper_name(paper)
    # with the relative clause that goes on describing it ("… module that predicts how many frames are needed")
    # (up to a dash too: "… that keeps sink tokens around -- how much length extension does each claim?" lost what it
    # asks, dev db071 in session 44)
    described = (r"(?:\b(?:the|a|an|that|this)\s+)?" + re.escape(question.described)
                 + r"(?:\s+(?:that|which|who)\b(?:(?!\s-)[^,;:?—–])*)?")
    text = re.sub(described, name or "the other paper", question.text, count=1, flags=re.I)
    written = (*question.written, name) if name else question.written
    return replace(question, named=(*question.named, paper.id), described="", text=text, written=written)


def described_lacking(index: PaperIndex, snapshot: Snapshot, question: Question, k: int, settings) -> Decision | None:
    """A question about a paper it describes that the collection seemed not to answer ("how many GPUs did the
    paper that keeps sink tokens … use?"): when search finds the described paper, and that paper's abstract lacks
    the asked detail, the answer says so about it (a "not-reported" decision); None otherwise. The asked detail
    drew the whole question away from every abstract (fresh set AL, session 19: al032 said only "the papers don't
    answer this"); a described paper that does state it is left unanswered, as the calibrated model decided."""
    phrase = searched_description(question.text)
    if question.kind != "fact" or question.named or question.subject or not phrase:
        return None
    alone = replace(question, text=phrase, standalone=phrase, written=())
    best = best_judged(index, snapshot, alone, phrase, k, settings, question.venue, question.year)
    if best is None:
        return None
    about_it = replace(question, named=(best.paper.id,))  # asked as if it named the paper found
    if unworked_domains(about_it, [best.paper], snapshot):  # a paper off the question's domain is not the one it
        return None  # describes (dev v201: "side-by-side 3D video" found a phone-screen study)
    decision = decide(index, snapshot, about_it, [best], query_vector(index, question.standalone))
    valued = decision.asks and any(value_kind(d) for d, _, _ in decision.asks.details)
    return decision if decision.verdict == "not-reported" and valued else None


def searched_description(text: str) -> str:
    """The words describing the one paper a question asks of: said before what is asked, first ("I remember a paper
    where a model acts as a live commentator … What's the dataset they released for that called?" is not about "the
    dataset they released": read set DZ, dz014 said SpaceVista, a dataset paper, lacked it), else "the paper that …"."""
    return description_alone(text) or one_paper_description(text)
