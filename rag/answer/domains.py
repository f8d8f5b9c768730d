"""Does a paper work on the kind of data a question asks about (speech, molecules, robots, driving, 3D, …)?

Near-topic questions join a topic of the collection to a data domain none of its papers works on: "sparse attention
kernels for text-to-speech", "continual learning for graph neural networks", "Gaussian splatting of surgical
scenes". The topic's words find a paper, the calibrated score trusts it, and its sentences are quoted as if they
answered; yet an abstract that never mentions speech does not answer a question about speech. So a paper whose
abstract has no word of a domain the question names is no answer to it.

A domain most of the collection works on (video, in the shipped ICML/ICLR lists; medicine, in PubMedQA) tells no
paper apart and is not checked: one that at least STAPLE_SHARE of the abstracts mention. The word lists are written
by hand, not tuned: what a question says (`asked`) is narrower than what an abstract may say of the same domain
(`held`: "stereo" or "depth" for a question's "3D").
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass

import numpy as np

from rag.index.store import Snapshot
from rag.types import Hit, Paper


@dataclass(frozen=True)
class Domain:
    name: str
    asked: re.Pattern  # the question names the domain
    held: re.Pattern  # an abstract works in it


def _domain(name: str, asked: str, held: str = "") -> Domain:
    return Domain(name, re.compile(asked, re.I), re.compile(f"{asked}|{held}" if held else asked, re.I))


DOMAINS = (
    _domain("audio", r"\b(?:audio|speech|sounds?|music|musical|voices?|spoken|acoustic|text-to-speech|TTS|speakers?)\b",
            r"\baudio-visual|\baudiovisual|\bASR\b|\blistening\b"),
    _domain("graphs", r"\bgraph neural networks?\b|\bGNNs?\b|\bnode classification\b|\blink prediction\b",
            r"\bgraphs?\b"),
    _domain("molecules", r"\b(?:molecul\w*|proteins?|DNA|RNA|genom\w*|genes?|drugs?|chemi\w*|enzymes?)\b"),
    _domain("robots", r"\b(?:robot\w*|grasp\w*|embodied)\b", r"\bmanipulation\b|\bagents?\b"),
    # road traffic, not air or network traffic (SciFact claims on dengue spread by air traffic)
    _domain("driving", r"\b(?:driving|self-driving|autonomous vehicles?|LiDAR|road traffic|"
                       r"traffic (?:scenes?|signs?|lights?|flow|forecasting))\b", r"\btraffic\b"),
    _domain("time series", r"\btime[- ]series\b|\bforecast\w*\b"),
    _domain("medicine", r"\b(?:medical|medicine|clinical|clinic|surg\w*|patients?|hospitals?|radiolog\w*|"
                        r"laparoscop\w*|X-rays?|MRI|CT scans?|patholog\w*|healthcare|diseases?)\b",
            r"\boperating[- ]rooms?\b"),
    _domain("3D", r"\b3D\b|\bpoint[- ]clouds?\b|\bmesh(?:es)?\b|\bGaussian splat\w*|\bNeRFs?\b|\bradiance fields?\b",
            r"\bstereo\w*|\bdepth\b|\b4D\b|\bmulti-view\b|\bnovel[- ]view\b"),
    _domain("remote sensing", r"\bremote sensing\b|\bsatellite\w*|\baerial\b"),
    _domain("sign language", r"\bsign languages?\b"),
    _domain("handwriting", r"\bhandwrit\w*|\bOCR\b|\boptical character recognition\b"),
    # recommender systems, not an expert's recommendations (a PubMedQA question on clinical practice)
    _domain("recommendation", r"\brecommender\b|\b(?:[\w-]+-video|video|item|product|news|music|content) "
                              r"recommendation|\brecommendation (?:systems?|models?|tasks?)\b|"
                              r"\bcollaborative filtering\b", r"\brecommend\w*"),
    _domain("tabular data", r"\btabular\b"),
    _domain("video", r"\bvideos?\b", r"\bframes?\b|\bclips?\b|\bfootage\b"),
    # ... and the settings and paradigms a method is bound to, named by terms of their own: a paper that never
    # writes them does not work in them ("speculative decoding for diffusion LLMs", "federated learning across
    # hospitals", "spiking neural networks for streaming video"; the kinds of the issue's and dev's near-topic misses)
    _domain("speculative decoding", r"\bspeculative decoding\b|\bdraft models?\b", r"\bspeculative\b|\bdraft\b"),
    _domain("federated learning", r"\bfederated\b"),
    _domain("spiking networks", r"\bspiking\b|\bSNNs?\b", r"\bneuromorphic\b"),
    _domain("GANs", r"\bGANs?\b|\bgenerative adversarial\b", r"\badversarial\b"),
    _domain("dataset distillation", r"\bdataset (?:distillation|condensation)\b", r"\bdistill\w*|\bcondens\w*"),
    _domain("privacy attacks", r"\bmembership inference\b|\bprivacy attacks?\b|\bmodel inversion\b",
            r"\bprivacy\b|\battacks?\b|\bmembership\b"),
    _domain("preference tuning", r"\bRLHF\b|\bDPO\b|\bpreference optimi[sz]ation\b|\bhuman feedback\b",
            r"\bpreference\w*|\bfeedback\b|\brewards?\b|\breinforcement\b|\bRL\b|\bGRPO\b"),
    _domain("on-device", r"\bon-device\b|\bmobile (?:phones?|devices?)\b|\bsmartphones?\b|"
                         r"\bedge (?:devices?|hardware)\b|\bmicrocontrollers?\b",
            r"\bdevices?\b|\bmobile\b|\bedge\b|\bphones?\b"),
    _domain("retrieval augmentation", r"\bretrieval-augmented\b|\bRAG\b", r"\bretriev\w*"),
)

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


def asked_domains(question: str, snapshot: Snapshot) -> tuple[Domain, ...]:
    """The domains the question names that are not the collection's own subject, nor one alternative of an "or"
    ("segmenting objects, in videos or in 3D scenes"; but "protein or DNA sequences" asks molecules either way)."""
    named = [d for d in DOMAINS if d.asked.search(question)]
    if not named:
        return ()
    parts = _ALTERNATIVES.split(question)
    return tuple(d for d in named if not _optional(d, parts) and not is_staple(d, snapshot))


_ALTERNATIVES = re.compile(r"\s+or\s+|\s*/\s*", re.I)


def _optional(domain: Domain, parts: list[str]) -> bool:
    """Is the domain named only beside an alternative that is not of it?"""
    held = [bool(domain.asked.search(p)) for p in parts]
    return any(h and ((i and not held[i - 1]) or (i + 1 < len(parts) and not held[i + 1])) for i, h in enumerate(held))


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
    return kept, tuple(d.asked.search(text).group(0) for d in missing[int(np.argmax(p))])
