"""What a question's topic names, beyond its words' scores: a domain the papers must work in (domains.py), a role
the papers of a list must have (roles.py), and a list whose topic is a domain alone.

"Which papers use Mamba?", "ICML papers on continual learning?", "scene graph papers?": a list of a domain the
collection does not make its subject. Its papers are those whose abstract names it in the question's terms
("Mamba", "continual learning", "scene graph"), however the calibrated score rates the rest of their abstract;
the others keep their score (they may name it otherwise), and a paper off the domain was zeroed already.
"""

from __future__ import annotations

import re

import numpy as np

from rag.answer.descriptions import one_paper_description
from rag.answer.domains import DOMAINS, Domain, in_domain, missing_domains, question_domains
from rag.answer.lists import LIST_OPEN, RELATED, as_topic, beyond_pool
from rag.answer.roles import FRAME_WORDS, introduces, named_role, with_role
from rag.answer.wording import FUNCTION
from rag.corpus.terms import analyse, terms
from rag.index.store import Snapshot
from rag.types import Hit, Paper


def topical(p: np.ndarray, hits: list[Hit], question, snapshot: Snapshot,
            threshold: float) -> tuple[np.ndarray, tuple[str, ...]]:
    """The probabilities after the rules on what the topic names, and the domains that took every answer away."""
    asked, topic = question_domains(question, snapshot)
    p, off_domain = in_domain(p, hits, asked, threshold, topic)
    p, set_against = _off_contrast(p, hits, question.text, threshold)
    off_domain = off_domain or set_against  # a domain the papers lack is said first
    if question.kind == "list":
        text = as_topic(question).text
        p = domain_list(with_role(p, hits, text, threshold, LIST_OPEN, RELATED), hits, asked, text, threshold)
    return p, off_domain


# one word set against another of its kind: "scaling depth rather than width", "understanding, not generation"; the
# paper must hold the first (read sets DI, DK: "hyperparameter transfer when scaling depth rather than width" was
# answered by the width paper, which never writes "depth"). Not "X, not just Y", which asks both
_CONTRASTED = re.compile(r"\b([A-Za-z][\w-]{2,})(?:\s+(?:rather\s+than|instead\s+of|as\s+opposed\s+to)|,\s+not)\s+"
                         r"(?!(?:just|only|merely|simply|necessarily|always|the|a|an)\b)([A-Za-z][\w-]{2,})\b", re.I)


def contrasted_words(text: str) -> dict[str, frozenset[str]]:
    """The stems of the words a question sets against another of their kind, each with the other's ("depth" against
    "width" in "depth rather than width"); not a noun against a verb ("frames instead of storing every token")."""
    out: dict[str, set[str]] = {}
    for said, stems, others in _contrasts(text):
        for stem in stems:
            out.setdefault(stem, set()).update(others)
    return {stem: frozenset(others) for stem, others in out.items()}


def _contrasts(text: str) -> list[tuple[str, frozenset[str], frozenset[str]]]:
    """(word as said, its stems, the stems set against it) for each contrast of two words of one kind in `text`."""
    found = []
    for match in _CONTRASTED.finditer(text):
        said, against = match.group(1), match.group(2)
        first, second = terms(said) - FUNCTION - FRAME_WORDS, terms(against) - FUNCTION - FRAME_WORDS
        # (nor two manners, "adaptively rather than uniformly": a paper may adapt without the word, second review)
        if first and second and said.lower().endswith("ing") == against.lower().endswith("ing") \
                and not said.lower().endswith("ly"):
            found.append((said, first, second))
    return found


def _off_contrast(p: np.ndarray, hits: list[Hit], text: str, threshold: float) -> tuple[np.ndarray, tuple[str, ...]]:
    """The probabilities with the papers on the side a contrast sets aside at 0, and, when that took every answer
    away, the words as said that none of them writes ("depth"), to say why it abstains."""
    contrasts = _contrasts(text)
    if not contrasts:
        return p, ()
    contrasted = contrasted_words(text)
    kept = np.where([_on_the_other_side(contrasted, analyse(h.paper.text).all_terms) for h in hits], 0.0, p)
    emptied = len(p) and float(np.max(p)) >= threshold > float(np.max(kept))
    return kept, tuple(said for said, _, _ in contrasts) if emptied else ()


def _on_the_other_side(contrasted: dict[str, frozenset[str]], held: frozenset[str]) -> bool:
    """Does a paper write what the question sets aside and not what it asks instead (the width paper, for "depth
    rather than width")? A paper writing neither may still answer in other words ("understanding, not generation")."""
    return any(stem not in held and others & held for stem, others in contrasted.items())


def unworked_domains(question, papers: list[Paper], snapshot: Snapshot) -> tuple[str, ...]:
    """The domains the question names, in its words, that none of the papers it names ever mentions: "Has anyone
    applied attention-sink tricks like Deep Forcing to music generation?" asks about music, which Deep Forcing's
    abstract never does (fresh set AN: answered from it; the domain check of unnamed papers never ran)."""
    asked, text = question_domains(question, snapshot)
    # a domain in the words describing another paper than the one named is that paper's ("What is MetaTrans for, and
    # what is that paper that synthesizes surgical videos … trying to solve?", dev ai006)
    described = one_paper_description(question.text)
    other = described if question.written and not any(w in described for w in question.written) else ""
    off = [d for d in asked if all(d in missing_domains(p, asked) for p in papers) and not d.asked.search(other)]
    return tuple(d.asked.search(text).group(0) for d in off)


# a part that widens the topic, not narrows it: "Mamba / state-space models, either as the main model or as a
# component" (read set BB: only the paper with Mamba as its main model was listed), "whether for text or for video"
# (regardless of which), "…, in any form"; not a choice of uses ("either for classification or for retrieval")
_ANY_ROLE = re.compile(r"(?i),?\s*\b(?:either\s+as|whether\s+(?:as|for|in))\b[^?]*\bor\s+(?:as|for|in)\b[^?.;]*|"
                       r",?\s*\b(?:in|of)\s+any\s+(?:form|kind|way|role|capacity)\b|"
                       # "state-space models of the Mamba kind" (read set BF): the kind is the domain's own name
                       r"\s*\bof\s+the\s+[\w-]+\s+(?:kind|type|sort|variety|family)\b")


def domain_list(p: np.ndarray, hits: list[Hit], asked: tuple[Domain, ...], topic: str,
                threshold: float) -> np.ndarray:
    """A list whose topic is its domains alone (and the collection's own subject, "video"): the papers naming
    every one of them in the question's own words (or, for a domain of synonyms, in any of its words) are kept."""
    if not asked:
        return p
    rest, role = topic, named_role(topic)
    role = None if role and role[0] == "speed" else role  # a speed gain is no contribution a domain's papers bring
    if role:  # "benchmarks on diffusion language models": that domain's papers that bring one
        rest = rest[:role[1].start()] + " " + rest[role[1].end():]
    # the collection's subject is taken out too: "continual learning of video" asks nothing more
    # (nor where it is met: "in an online streaming setting" asks no more than streaming does; read set EF, ef025)
    left = terms(_without_domains(_ANY_ROLE.sub(" ", rest))) - FRAME_WORDS - _SETTINGS
    if left:
        return _kept_all(p, hits, asked, left - FUNCTION, threshold)
    said = [[_phrase(words) for words in _joined(d.asked.finditer(topic), topic)] + ([d.kept_by] if d.synonyms else [])
            for d in asked]
    names = np.array([all(any(w.search(f"{h.paper.title}\n{h.paper.text}") for w in words) for words in said if words)
                      and (not role or introduces(h.paper.text, role[0])) for h in hits], dtype=bool)
    return np.where(names, np.maximum(p, threshold), p)


def _kept_all(p: np.ndarray, hits: list[Hit], asked: tuple[Domain, ...], left: frozenset[str],
              threshold: float) -> np.ndarray:
    """The papers writing a keeps-all domain in its asked words ("… under continuous streaming inputs"), every other
    domain asked, and the domain's share of the words of the topic's rest ("understanding") kept, however far the
    topic's other words rank them: a streaming paper says so in few words (dev: 50 lists of streaming video at F1 0.63).
    Streaming's share tuned on dev (5,018): a word of the rest, list F1 0.787 -> 0.791 but two out-of-scope questions
    answered and eight lists lost; a third of them 0.790, seven lists lost; half 0.789, none lost."""
    domains = [d for d in asked if d.keeps_all is not None]
    if not domains or not left:
        return p
    # (the least share of them: "Adam-type optimizers" keeps the Adam papers as the Adam family would, second review)
    share = min(d.keeps_all for d in domains)
    keep = np.array([all(d.kept_by.search(h.paper.text) for d in domains) and not missing_domains(h.paper, asked)
                     and (len(analyse(h.paper.text).all_terms & left) >= share * len(left)
                          or _said_together(h.paper.text, domains, left)) for h in hits], dtype=bool)
    return np.where(keep, np.maximum(p, threshold), p)


def _said_together(text: str, domains: list[Domain], left: frozenset[str]) -> bool:
    """Does a sentence writing the domain as its papers do hold a word of the topic's rest too ("a state controller and
    hierarchical memory for efficient streaming processing", for streaming video with memory: dev, 35 streaming lists
    missed that paper, which holds few of the topic's other words elsewhere)?"""
    analysis = analyse(text)
    return any(all(d.kept_by.search(sentence) for d in domains) and have & left
               for sentence, have in zip(analysis.sentences, analysis.terms))



# where a domain is met, which its papers need not write ("in a streaming setting", "live scenarios")
_SETTINGS = terms("setting settings scenario scenarios regime regimes")


def _without_domains(text: str) -> str:
    """The text with every domain's words taken out, the longest name first: "diffusion-based language models" is one
    domain's name, not "language models" and "diffusion-based" left over (read set BF)."""
    spans = sorted((m.span() for d in DOMAINS for m in d.asked.finditer(text)), key=lambda span: span[0] - span[1])
    taken: list[tuple[int, int]] = []
    for start, end in spans:
        if all(end <= a or start >= b for a, b in taken):
            taken.append((start, end))
    for start, end in sorted(taken, reverse=True):
        text = f"{text[:start]} {text[end:]}"
    return text


def _joined(matches, text: str) -> list[str]:
    """The matched words, those next to each other as one phrase: "3D" and "gaussian splatting" are "3D gaussian
    splatting", which a paper naming "3D" alone does not work on."""
    spans: list[list[int]] = []
    for m in matches:
        if spans and not text[spans[-1][1]:m.start()].strip():
            spans[-1][1] = m.end()
        else:
            spans.append([m.start(), m.end()])
    return [text[a:b] for a, b in spans]


def _phrase(words: str) -> re.Pattern:
    """The question's words for a domain as an abstract may write them: any case, hyphen or space, singular or
    plural ("point clouds" / "point cloud", "state-space models" / "state space model")."""
    parts = [re.escape(w.rstrip("s") if len(w) > 3 else w) for w in re.split(r"[\s-]+", words.strip()) if w]
    return re.compile(r"\b" + r"[\s-]?".join(parts) + r"\w*", re.I)


# more papers writing a keeps-all domain than a list's gold runs to: the collection's staple, no topic to add papers on
MOST_KEPT = 6


def with_domain_papers(question, hits: list[Hit], snapshot: Snapshot) -> list[Hit]:
    """`hits` with, after them, the other papers within the filter that write every keeps-all domain the list asks
    as its papers do ("continual learning (CL)", "retrieve evidence"), and lack none of the others: retrieval's pool
    misses a paper whose other words are far from the topic's (dev: 26 frame-selection lists missed a cloud-edge
    paper; continual-learning lists a video benchmark's). None when more than MOST_KEPT others write them."""
    if question.kind != "list":
        return hits
    asked, _topic = question_domains(question, snapshot)
    domains = [d for d in asked if d.keeps_all is not None]
    if not domains:
        return hits
    writing = frozenset.intersection(*(_writing(snapshot, d) for d in domains))
    extra = beyond_pool(hits, snapshot, question, lambda paper: paper.id in writing
                        and not missing_domains(paper, asked), MOST_KEPT)
    return hits + (extra or [])


# the papers writing each keeps-all domain, read once per generation of the index: a scan of every abstract per list
# cost up to half a second at 5,183 papers (`make bench`, session 39: its latency run took over 10 minutes, not 3)
def _writing(snapshot: Snapshot, domain: Domain) -> frozenset[str]:
    known = snapshot.derived.setdefault("papers writing a keeps-all domain", {})
    if domain.name not in known:
        known[domain.name] = frozenset(p.id for p in snapshot.papers if domain.kept_by.search(p.text))
    return known[domain.name]
