"""From retrieved papers to a decision: which papers answer, or why none does.

The named paper (or a follow-up's subject) is the one asked about: the answer stays with it, and says
so when its abstract lacks the detail rather than quoting another paper. Otherwise one calibrated
score (rag/answer/abstain.py) decides whether the best paper answers and which papers a list keeps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Callable

import numpy as np

from rag.answer.abstain import Model, features, shipped_model, stands_out
from rag.answer.asks import Asks, ask_part, asks as question_asks
from rag.answer.alternatives import best_of_either
from rag.answer.topical import topical, unworked_domains, with_domain_papers
from rag.answer.descriptions import describes_one_paper, recalls_one_paper
from rag.answer.evidence import all_cosines, idf_of
from rag.answer.offered import checks_claim
from rag.answer.extractive import Source
from rag.answer.named import by_title, owns_name, supported_names, with_papers, written_in_lower_case
from rag.answer.names import compact, paper_name
from rag.answer.plain_words import described_terms
from rag.answer.lists import POOL, as_topic, faceted_kept, facets, searched
from rag.answer.named_topic import with_holders, with_named
from rag.answer.understand import Question, has_latin_words, snapshot_facts
from rag.answer.closest_answer import lacking_details, valued_in_answer, worded
from rag.answer.values import unnamed, value_kind
from rag.answer.wording import KIND_WORDS
from rag.corpus.terms import terms
from rag.index.sentences import sentence_vectors
from rag.index.store import PaperIndex, Snapshot
from rag.retrieval.hybrid import hybrid_search, query_vector as embed_query
from rag.types import Hit


@dataclass(frozen=True)
class Decision:
    """What to answer from: `verdict` is "answer", "abstain" or "not-reported"."""

    verdict: str
    sources: list[Source] = field(default_factory=list)  # the papers to quote, `[n]` = position in `hits`
    hits: list[Hit] = field(default_factory=list)  # every paper looked at, for `Answer.sources`
    asks: Asks | None = None
    idf: dict[str, float] = field(default_factory=dict)
    probabilities: tuple[float, ...] = ()
    related: list[Hit] = field(default_factory=list)  # a list's loosely related papers, named apart and uncited
    off_domain: tuple[str, ...] = ()  # the asked domains the papers that would have answered never mention
    unmentioned: tuple[str, ...] = ()  # names a checked claim offers that the answering abstract never writes


@dataclass(frozen=True)
class Candidates:
    """The papers looked at, with one feature row each, and what the question asks."""

    hits: list[Hit]
    rows: np.ndarray  # one row of abstain.FEATURES per hit
    focus: list[str]  # ids of the named papers (or the follow-up's subject) that the filters keep
    focus_cos: dict[str, np.ndarray]  # their sentences' cosines with the question
    every_cos: Callable[[str], np.ndarray]  # any candidate's every sentence's cosine with what is asked (focus_cos first)
    asks: Asks
    idf: dict[str, float]
    asked: np.ndarray  # the vector of what is finally asked, for choosing sentences


def candidates(index: PaperIndex, snapshot: Snapshot, question: Question, hits: list[Hit],
               query_vector: np.ndarray) -> Candidates:
    """Feature rows for the retrieved papers, with the asked-about papers added when retrieval missed them."""
    question = as_topic(question)  # a list is judged on its topic, as it was searched
    focus = [i for i in (question.named or question.subject) if _passes(snapshot, question, i)]
    hits = with_papers(hits, focus, snapshot)
    by_id = {h.paper.id: h for h in hits}
    # the papers' names are no focus of their own (a descriptive title, "Layer pruning", is no name: its words are asked)
    asks = question_asks(question, "\n".join(paper_name(by_id[i].paper) for i in focus))
    idf = idf_of(snapshot.keyword, asks.focus | asks.ask)
    vectors = sentence_vectors(index.embedder)
    asked = asked_vector(index, question, [by_id[i].paper for i in focus], query_vector)
    # every sentence of the papers that can answer is compared with what is asked (ingest embedded them all): one in other
    # words ("divergence tokens") was never compared when only the best 3 by their words were (reviews of session 46). With
    # the ranker refitted (dev 9,119, SciFact train): dev facts 0.915 -> 0.920, cross-validated P@1 dev 0.717 -> 0.723
    focus_cos = {i: all_cosines(vectors, by_id[i], asked) for i in focus}
    fallback = {i: float(c.max()) if len(c) else 0.0 for i, c in focus_cos.items()}
    known = [h.dense_score for h in hits if h.dense_score is not None]
    for h in hits:  # a paper the dense retriever did not return is below all it did
        fallback.setdefault(h.paper.id, min(known, default=0.0))
    # the best single sentence's cosine with what is asked, for the papers that can decide an answer (the
    # first few and the named ones); the others keep their best window's cosine
    sentence_cos = {i: float(c.max()) if len(c) else 0.0 for i, c in focus_cos.items()}
    # with no paper named, the question's every part says which paper answers ("Which paper warms up the initial
    # queries, and on which tasks was it evaluated?"): its last clause alone matches any paper's experiments
    judged = asked if focus else query_vector
    for h in hits[:SENTENCE_HITS]:
        if h.paper.id not in sentence_cos:
            c = all_cosines(vectors, h, judged)
            sentence_cos[h.paper.id] = float(c.max()) if len(c) else 0.0
    # venue names and years say where to look, not what about: a venue the filter overrides is no unknown topic; nor
    # is a plain description a field term stands for ("huge outlier values (massive activations)")
    known = terms(" ".join(snapshot_facts(snapshot).venue_year_counts)) | described_terms(question.standalone)
    rows = features(hits, asks, set(question.named), snapshot.keyword, fallback, sentence_cos, known)
    every_cos = partial(_every_cosine, vectors, by_id, asked, dict(focus_cos))  # others computed when first needed
    return Candidates(hits, rows, focus, focus_cos, every_cos, asks, idf, asked)


def _every_cosine(vectors, by_id: dict[str, Hit], asked: np.ndarray, known: dict, paper_id: str) -> np.ndarray:
    """A candidate's sentences' cosines with what is asked, each paper's computed once (`known` keeps them)."""
    if paper_id not in known:
        known[paper_id] = all_cosines(vectors, by_id[paper_id], asked)
    return known[paper_id]


SENTENCE_HITS = 3  # papers, best first, whose sentences are compared with the question for `sentence_cos`


def asked_vector(index: PaperIndex, question: Question, named: list, query_vector: np.ndarray) -> np.ndarray:
    """The vector sentences are matched against: what is finally asked, without the papers' own names
    (every sentence of a paper may carry its name; the name tells none of them apart)."""
    text = ask_part(question.text)
    for name in sorted({paper_name(p) for p in named} - {""} | set(question.written), key=len, reverse=True):
        text = re.sub(rf"(?i)(?<![\w-]){re.escape(name)}(?:'s|’s)?(?![\w-])", "it", text)
    if text == question.standalone:
        return query_vector
    return embed_query(index, text)


def decide(index: PaperIndex, snapshot: Snapshot, question: Question, hits: list[Hit],
           query_vector: np.ndarray, model: Model | None = None) -> Decision:
    """Choose the papers that answer `question` among `hits`, or abstain."""
    model = model or shipped_model(index.settings.index.embedder)
    question = written_in_lower_case(supported_names(question, hits, snapshot), hits)
    # a list's papers beyond the pool: those naming its benchmark ("… on VideoMME?"), writing its keeps-all domain
    question, hits, held, alongside = with_holders(question, with_domain_papers(question, hits, snapshot), snapshot)
    found = candidates(index, snapshot, question, hits, query_vector)
    hits = found.hits
    p = model.probability(found.rows)
    off_domain: tuple[str, ...] = ()
    if not found.focus:  # a paper off the data domain the question names answers nothing of it (domains.py)
        p = best_of_either(question, hits, p, lambda q: _scores(index, snapshot, q, hits, query_vector, model))
        p, off_domain = topical(p, hits, question, snapshot, model.threshold)  # domains, roles (topical.py)
    decision = dict(hits=hits, asks=found.asks, idf=found.idf, probabilities=tuple(map(float, p)),
                    off_domain=off_domain)
    n_of = {h.paper.id: n for n, h in enumerate(hits, 1)}
    if found.focus:
        return _focus_decision(question, found, p, model.threshold, n_of, decision, snapshot)
    if question.kind == "list":
        keep, loose = faceted_kept(p, model.threshold, hits, facet_rankings(index, snapshot, question, model))
        keep, loose = with_named(held, hits, keep, loose, alongside)  # "… on Charades-STA?", "… Mamba or SSMs?"
        kept = [Source(i + 1, hits[i]) for i in keep]  # in retrieval's order: the list ranks as search does
        return Decision("answer" if kept else "abstain", kept, related=[hits[i] for i in loose], **decision)
    best = int(np.argmax(p)) if len(p) else 0
    # a question with no terms of the index's script (Chinese, with the multilingual embedder) leaves every
    # term feature empty: the model cannot judge it, so the ranking answers (dev Chinese, multilingual: 0 -> 5 of 8)
    judged = has_latin_words(question.text)
    if not hits or (judged and p[best] < model.threshold and not stands_out(p, best, found.rows[best])):
        return Decision("abstain", [], **decision)
    one = question.kind == "fact" and recalls_one_paper(question.text)  # another only if it answers alone (session 40)
    chosen = answering(p, best, model.threshold, cut=1.0 if one else SECOND_CUT) if judged else [best]
    sources = [Source(i + 1, hits[i], found.every_cos(hits[i].paper.id)) for i in chosen]
    # a paper described, not named ("how many GPUs did the paper that … use?"), is held to a detail with a value as a named
    # one is (fresh set AL: 4 of 5 quoted other sentences); one answered in words ("what objective") is left to the answer
    first = next(s for s in sources if s.n == best + 1)
    if question.kind == "fact" and found.asks.details and describes_one_paper(question.text):
        cosines_of_first = partial(found.every_cos, first.hit.paper.id)
        valued = [d for d in lacking_details(first.hit, found.asks, question.text, cosines_of_first)[1] if value_kind(d)]
        if valued:
            return _lacks(first, valued, found.asks, decision)
    return Decision("answer", sources, **decision)


def paper_given(question: Question) -> bool:
    """Does the question name its paper or follow one up (a paper of the collection, not one it describes)?"""
    return bool(question.named or question.subject)


def facet_rankings(index: PaperIndex, snapshot: Snapshot, question: Question, model: Model) -> list[tuple[str, list[str], np.ndarray]]:
    """Each facet of a list's topic (lists.facets) searched and scored on its own, under the question's filters:
    the facet, its papers' ids and their calibrated probabilities, in its retrieval's order."""
    rankings = []
    for facet in facets(searched(question, POOL)[0]):
        part = replace(question, text=facet, standalone=facet)
        vector = embed_query(index, facet)
        hits = hybrid_search(index, facet, POOL, venue=question.venue, year=question.year, settings=index.settings,
                             snapshot=snapshot, vector=vector)
        if hits:
            found = candidates(index, snapshot, part, hits, vector)
            rankings.append((facet, [h.paper.id for h in found.hits], model.probability(found.rows)))
    return rankings


# A claim or topic question may be answered by more than one paper: each with log-odds within CLOSE of the best's
# and a probability of at least SECOND_CUT x the model's threshold is quoted too (at most MOST_PAPERS), in
# retrieval's order. The threshold says whether the collection answers at all; once the best paper clears it, a
# runner-up this close is evidence too. Tuned on SciFact train claims (809; `python -m eval.claim_sources` replays
# the grid into eval/results/claim-sources.md): gold cited / papers an answer, SECOND_CUT 0.5, CLOSE 1.5 / 2 / 3:
# 0.685 / 0.695 / 0.702 at 1.61 / 1.76 / 1.97 (SECOND_CUT 0.25 or 4 papers: +0.005 to +0.02 for +0.2 to +0.5 papers,
# most of them not gold: papers 2-5 of the ranking are gold 1 time in 8 to 30). PubMedQA tune half 0.966 ->
# 0.968 (1.04 -> 1.06 papers); dev single-paper questions not naming a paper: 1.03 -> 1.07 papers, gold cited
# the same. The rest is retrieval's: a gold abstract is among the first 3 retrieved for 0.789 of train claims.
CLOSE = 2.0
SECOND_CUT = 0.5
MOST_PAPERS = 3


def _scores(index: PaperIndex, snapshot: Snapshot, question: Question, hits: list[Hit], query_vector: np.ndarray,
            model: Model) -> dict[str, float]:
    alone = candidates(index, snapshot, question, hits, query_vector)
    return dict(zip((h.paper.id for h in alone.hits), map(float, model.probability(alone.rows))))


def answering(p: np.ndarray, best: int, threshold: float, close: float = CLOSE, cut: float = SECOND_CUT,
              most: int = MOST_PAPERS) -> list[int]:
    """Positions of the papers that answer, in retrieval's order (search ranks better than the calibrated
    score orders: PubMedQA tune half, the gold first 0.971 by score, 0.974 in retrieval's order)."""
    logit = np.log(np.clip(p, 1e-9, 1 - 1e-9) / np.clip(1 - p, 1e-9, None))
    near = [i for i in range(len(p)) if p[i] >= cut * threshold and logit[i] >= logit[best] - close]
    keep = sorted(near)[:most]
    return keep if best in keep else sorted(keep[:most - 1] + [best])


# The model was fitted to say whether any paper of the collection answers; a paper the question names is given,
# and "not reported" rests first on its abstract lacking the asked words or value (missing/unvalued details). So a
# named paper answers at a share of the threshold. Tuned on dev (eval/questions/dev.jsonl): the lowest cut that
# keeps dev "not reported" where it is. 253 questions: 1.0: not-reported 0.909, in-scope abstained 0.088; 0.6: 0.864
# / 0.071; 0.4: 0.818 / 0.065; 0.25: 0.773 / 0.065. 698 questions (the lacking-detail rules since): 0.4: 0.923 /
# 0.091; 0.25: 0.923 / 0.087; 0.1: 0.892 / 0.083. The tune parts at 0.25 as at 0.4 (PubMedQA abstained 0.014,
# cross-domain 0.989, leave-one-out 0.938; SciFact abstained 0.109 -> 0.104).
NAMED_CUT = 0.25


def _focus_decision(question: Question, found: Candidates, p: np.ndarray, threshold: float, n_of: dict,
                    decision: dict, snapshot: Snapshot) -> Decision:
    """The named papers (or the follow-up's subject) answer, or the first says it lacks the asked detail:
    never another paper's sentences in their place."""
    hits = found.hits
    sources = [Source(n_of[i], hits[n_of[i] - 1], found.focus_cos[i]) for i in found.focus]
    # a named method carried to a domain its abstract never mentions (not one compared with a paper that does)
    off = unworked_domains(question, [s.hit.paper for s in sources], snapshot)
    if off and (question.kind != "compare" or len(sources) == 1):
        if question.kind == "list":  # "Has anyone applied tricks like Deep Forcing to music?"
            return Decision("abstain", [], **{**decision, "off_domain": off})
        asked_in = all(d.lower() in found.asks.attribute.lower() for d in off)  # "which base vision-language model …" (EI)
        return _lacks(sources[0], [found.asks.attribute if asked_in else f"anything on {' or '.join(off)}"], found.asks, decision)
    if question.kind == "list":
        return Decision("answer", [s for s in sources if p[s.n - 1] >= threshold] or sources, **decision)
    if question.kind == "compare" or found.asks.gist:  # "What is X?", "Tell me about X": its abstract is the answer
        return Decision("answer", sources, **decision)
    details = {s.n: lacking_details(s.hit, found.asks, question.text, partial(found.every_cos, s.hit.paper.id))
               for s in sources}  # (stated, lacking) of each source
    stated, lacking = {n: d[0] for n, d in details.items()}, {n: d[1] for n, d in details.items()}
    # ... and so is a benchmark or model the question names that the abstract never writes ("What does it score on
    # Charades-STA?"): said as such when the question names no attribute
    venues = frozenset(compact(v) for v in snapshot_facts(snapshot).venue_year_counts for v in v.split())
    # ... as typed: correction reads a name the index lacks as a word it holds ("Did ParallelBench evaluate LLaDA?"
    # became "… llava?", set AZ); a typo of the paper's own names is still no other name (values._misspelled)
    asked = ask_part(question.typed or question.text)
    # ... but a name offered in a claim checked ("Is it GPT-4o that …?") is corrected by the abstract (read set BG)
    claimed = checks_claim(question.text)
    if claimed and not lacking[sources[0].n]:
        decision = {**decision, "unmentioned": tuple(n.removeprefix("anything about ") for n in unnamed(
            sources[0].hit, asked, question.written, venues))}
    for s in sources:
        names = [] if lacking[s.n] or claimed else unnamed(s.hit, asked, question.written, venues)
        lacking[s.n] = lacking[s.n] or ([found.asks.attribute] if found.asks.attribute and names else names)
    # a question asking nothing but what a term of the abstract is ("What is its DRAQ component for?") is answered
    # by the sentences holding it, whatever the calibrated score (fresh follow-up n013 said "not reported")
    termed = {s.n for s in sources if s.hit.paper.id in question.named and not by_title(s.hit.paper, question)
              and not found.asks.ask - KIND_WORDS}
    # how or why a named paper does something, no detail lacking, is answered by its closest sentences however low the
    # score, which says the question is worded unlike the abstract ("How does VISTA decide at test time which stored
    # adapter to apply?" / "… training-free routing via residual distance …"), not that it is silent (fresh set I: i055,
    # i059); a value asked still needs the score; only a paper called by a name of its own (a PubMedQA question named
    # an ML paper by a word its abstract holds)
    explains = found.asks.wants in ("", "method")
    # ... as is a detail the abstract holds with a value ("which module does the heavy lifting …?" had said "does not
    # report its module" above "By implementing a temporal-static subtraction module, …": read set CY, cy075)
    answered = [s for s in sources if not lacking[s.n] and (
        p[s.n - 1] >= NAMED_CUT * threshold or stated[s.n] or s.n in termed or found.asks.details
        or explains and owns_name(s.hit.paper, question, snapshot) or worded(s.hit, found.asks, snapshot.keyword)
        or valued_in_answer(s.hit, found.asks, question.text, found.every_cos(s.hit.paper.id)))]
    if answered:
        if termed:  # the term is what is asked about: its sentences answer ("… a Quantizer (DRAQ) to fit …")
            term = terms(" ".join(question.written))
            decision["asks"] = replace(found.asks, focus=found.asks.focus | term, ask=found.asks.ask | term)
        return Decision("answer", answered, **decision)
    return _lacks(sources[0], lacking[sources[0].n], found.asks, decision)


def _lacks(source: Source, lacking: list[str], asks: Asks, decision: dict) -> Decision:
    """The paper asked about does not report the asked detail: say which one it lacks, not every one asked."""
    if lacking:
        decision = {**decision, "asks": replace(asks, attribute=" and ".join(lacking))}
    return Decision("not-reported", [source], **decision)


def _passes(snapshot: Snapshot, question: Question, paper_id: str) -> bool:
    row, keep = snapshot.by_id.get(paper_id), snapshot.mask(question.venue, question.year)
    return row is not None and (keep is None or bool(keep[row]))
