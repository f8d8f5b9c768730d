"""Does a paper work on the kind of data a question asks about (speech, molecules, robots, driving, 3D, …)?

Near-topic questions join a topic of the collection to a data domain none of its papers works on: "sparse attention
kernels for text-to-speech", "continual learning for graph neural networks", "Gaussian splatting of surgical
scenes". The topic's words find a paper, the calibrated score trusts it, and its sentences are quoted as if they
answered; yet an abstract that never mentions speech does not answer a question about speech. So a paper whose
abstract has no word of a domain the question names is no answer to it.

A domain most of the collection works on (diffusion models, in the shipped ICML/ICLR lists; medicine, in PubMedQA)
is not checked: one that at least STAPLE_SHARE of the abstracts mention, which its papers may not name in words of
ours. Video is checked all the same: every video abstract says so, and a text-only paper answers no video question.
The word lists (domain_words.py) are written by hand, not tuned.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import replace

import numpy as np

from rag.answer.alternatives import alternative_parts, optional
from rag.answer.domain_words import DOMAINS, Domain
from rag.answer.wording import FUNCTION
from rag.corpus.terms import terms
from rag.answer.lists import as_topic
from rag.answer.own_setting import without_own_work
from rag.index.store import Snapshot
from rag.types import Hit, Paper

# Not tuned: a paper in the domain within half the threshold is no reason to say the domain is what the papers lack
HALF = 0.5
# Not tuned: a domain that a quarter of the abstracts mention is the collection's own subject, no near-topic turn
STAPLE_SHARE = 0.25
# The share is read from at most this many abstracts, evenly spread: a domain's regex costs ~0.1 ms an abstract,
# so reading all 5,183 of SciFact for every domain took 5.9 s on a first question (and would take minutes at
# 100k); 400 put the share within a few points of 25%, which is all the test needs. Not tuned.
STAPLE_SAMPLE = 400

_STAPLES: "weakref.WeakKeyDictionary[Snapshot, dict[str, bool]]" = weakref.WeakKeyDictionary()


def is_staple(domain: Domain, snapshot: Snapshot) -> bool:
    """Do at least STAPLE_SHARE of the snapshot's abstracts (a sample of them) work in the domain? Computed once
    per snapshot and domain, and only for a domain some question names."""
    known = _STAPLES.setdefault(snapshot, {})
    if domain.name not in known:
        papers = snapshot.papers
        step = max(1, len(papers) // STAPLE_SAMPLE)
        sample = papers[::step]
        held = sum(bool(domain.held.search(p.text)) for p in sample)
        known[domain.name] = held >= STAPLE_SHARE * max(len(sample), 1)
    return known[domain.name]


def staples(snapshot: Snapshot) -> frozenset[str]:
    """Every domain that is the snapshot's own subject (for reports and tests; answers test only named ones)."""
    return frozenset(d.name for d in DOMAINS if is_staple(d, snapshot))


# a domain the question sets aside is not asked: "new kinds of input, beyond images and video" (dev v111); the aside
# ends at a punctuation mark or where the question turns to what it does ask ("beyond video to 3D scenes")
_SET_ASIDE = re.compile(r"\b(?:beyond|other than|besides|apart from|except(?: for)?|excluding|rather than|instead of|"
                        r"an? alternatives? to|as opposed to)"
                        r"\s[^,.;:?!()]*?(?=\s+(?:to|into|towards?|for)\s|[,.;:?!()]|$)", re.I)


# ... nor one it only lets in: "layer-by-layer analysis of language models, video LLMs included" asks language models,
# the video ones among them (read set DK, dk034 kept only a video paper)
_INCLUDED = re.compile(r"(?<=,)\s*(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:included|too|as well|alike)(?=\s*[,.;:?!()]|\s*$)", re.I)


# ... nor one it likens the asked thing to after a dash or comma: "the model has to answer or comment while frames keep
# arriving - like a sports commentator" asks no sports (dev pm053); ", almost like an epigenetic mark passed on without the
# gene" asks no genomics (fresh set EH, read in session 46)
_SIMILE = re.compile(r"(?<=[-—–,(])\s*(?:(?:kind|sort)\s+of\s+|a\s+bit\s+|just\s+|much\s+|almost\s+|somewhat\s+)?like\s+(?:a|an)\s+[^,.;:?!()]*", re.I)


# what a question sets against what it asks: no reason to drop a domain for naming its opposite (second review)
_CONTRAST = re.compile(r"\b(?:as opposed to|unlike|not|no|rather than|instead of|other than|excluding|except(?: for)?)\b"
                       r"[^,.;:?!()]*", re.I)


def asked_domains(question: str, snapshot: Snapshot, of_list: bool = True) -> tuple[Domain, ...]:
    """The domains the question names that are not the collection's own subject, nor one alternative of an "or"
    ("segmenting objects, in videos or in 3D scenes"; but "protein or DNA sequences" asks molecules either way), nor
    set aside ("beyond images and video"); those asked of lists only (`Domain.lists_only`) when `of_list`."""
    question = _SIMILE.sub(" ", _INCLUDED.sub(" ", _SET_ASIDE.sub(" ", question)))
    contrasted = _CONTRAST.sub(" ", question)  # "… text-only LLMs, as opposed to video LLMs" still asks text alone
    # (before a domain inside another is set aside: audio stays asked of a fact question naming audio with video)
    named = [d for d in DOMAINS if d.asked.search(question) and not (d.unless and d.unless.search(contrasted))
             and (of_list or not d.lists_only)]
    if not named:
        return ()
    parts = _widened(alternative_parts(question), named)
    checked = [d for d in named if d.plainly_said or not is_staple(d, snapshot)]
    asked = [d for d in checked if not optional(d, parts)]
    # ... but alternatives that are all domains ask one of them: "differential privacy or federated learning" (read
    # set CD, cd060), "podcasts or meeting recordings" (read set BZ, bz057) were answered from papers on neither
    # (one "or" between two domains: an enumeration's other items need be none, "skeletons, point clouds, audio, other
    # sensors", dev bb031)
    either = [d for d in checked if d not in asked]
    either = [d for d in either if _beside_another(d, either, parts) and not _inside_another(d, either, question)]
    if len(either) > 1 and len(parts) == 3:
        asked.append(_one_of(either))
    # ... of those asked (a staple's name, which is not checked, leaves the one inside it asked)
    return tuple(d for d in asked if not _inside_another(d, asked, question))


_OTHER = re.compile(r"\s*(?:any\s+)?(?:other|similar|related|comparable)\b", re.I)


def _widened(parts: list[str], named: list[Domain]) -> list[str]:
    """`parts` with "X or other Y" one part when Y names a domain: it widens X to Y's kind, no alternative ("electronic
    health records or other tabular patient data": read set DG, dg055 asked no domain; but "video or other sequential
    data" keeps video optional, second review)."""
    out = list(parts)
    i = 1
    while i + 1 < len(out):
        if out[i].strip().lower() == "or" and _OTHER.match(out[i + 1]) and any(d.asked.search(out[i + 1]) for d in named):
            out[i - 1:i + 2] = [out[i - 1] + out[i] + out[i + 1]]
        else:
            i += 2
    return out


def _beside_another(domain: Domain, others: list[Domain], parts: list[str]) -> bool:
    """Is the domain named right at an "or", with another of `others` named right across it ("… differential privacy
    or federated learning …")?"""
    texts = parts[::2]
    for i in range(len(texts) - 1):
        before, after = texts[i], texts[i + 1]
        ends = [m for m in domain.asked.finditer(before) if not terms(before[m.end():]) - FUNCTION]
        starts = [m for m in domain.asked.finditer(after) if not terms(after[:m.start()]) - FUNCTION]
        if ends and any(o.asked.match(after.lstrip()) for o in others if o is not domain):
            return True
        if starts and any(not terms(before[m.end():]) - FUNCTION for o in others if o is not domain
                          for m in o.asked.finditer(before)):
            return True
    return False


def _one_of(domains: list[Domain]) -> Domain:
    """A domain held by a paper holding any of `domains`."""
    return Domain(" or ".join(d.name for d in domains), re.compile("|".join(d.asked.pattern for d in domains), re.I),
                  re.compile("|".join(d.held.pattern for d in domains), re.I))


def _inside_another(domain: Domain, named: list[Domain], question: str) -> bool:
    """Is the domain named only inside another's longer name ("language models" in "diffusion language models")?"""
    spans = [m.span() for other in named if other is not domain for m in other.asked.finditer(question)]
    return all(any(a <= m.start() and m.end() <= b and (a, b) != m.span() for a, b in spans)
               for m in domain.asked.finditer(question))


def question_domains(question, snapshot: Snapshot) -> tuple[tuple[Domain, ...], str]:
    """The domains a question (an `understand.Question`) names in its topic, as corrected and as typed (spelling
    correction turned "video summarization" into "video summary"), and the text they were read from."""
    # ... not in a sentence on the asker's own work before the question (framing.without_own_work)
    own = without_own_work(question.standalone)
    if own != question.standalone:
        question = replace(question, text=without_own_work(question.text), standalone=own,
                           typed=without_own_work(question.typed))
    texts = [as_topic(question).text]
    if question.typed and question.typed != question.text and question.standalone == question.text:
        texts.append(as_topic(replace(question, text=question.typed, standalone=question.typed)).text)
    named = {d.name: d for text in texts for d in asked_domains(text, snapshot, question.kind == "list")}
    return tuple(named.values()), "\n".join(texts)


def missing_domains(paper: Paper, asked: tuple[Domain, ...]) -> list[Domain]:
    """The asked domains the paper's title and abstract never mention."""
    text = f"{paper.title}\n{paper.text}"
    return [d for d in asked if not d.held.search(text)]


def lacks_domain(paper: Paper, asked: tuple[Domain, ...]) -> bool:
    """Does the paper's title and abstract miss one of the asked domains altogether?"""
    return bool(missing_domains(paper, asked))


def in_domain(p: np.ndarray, hits: list[Hit], asked: tuple[Domain, ...], threshold: float,
              text: str) -> tuple[np.ndarray, tuple[str, ...]]:
    """The probabilities with the papers off an asked domain at 0, and, in the question's words ("text-to-speech",
    "mobile phones"), the domains that took away every paper that would have answered, to say why it abstains."""
    if not asked:
        return p, ()
    missing = [missing_domains(h.paper, asked) for h in hits]
    kept = np.where([bool(m) for m in missing], 0.0, p)
    if not len(p) or float(np.max(p)) < threshold or float(np.max(kept)) >= threshold:
        return kept, ()
    if float(np.max(kept)) >= HALF * threshold:  # a paper that does mention the domain came near: the domain is
        return kept, ()  # not why nothing answers ("benchmarks for diffusion language models": ParallelBench, 0.23)
    return kept, tuple(d.asked.search(text).group(0) for d in missing[int(np.argmax(p))])
