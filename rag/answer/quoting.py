"""Which sentences of one abstract to quote: the best for the question, each asked clause's own, the runner-ups
that come close, and the items a quoted sentence announces ("… two complementary mechanisms." → the next two)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from rag.answer.asks import Asks
from rag.answer.evidence import Sentence, score_sentences
from rag.answer.names import names_of
from rag.corpus.terms import analyse, terms
from rag.types import Hit

# A sentence after the best must have at least this share of its chance to be the answer (the ranker's
# softmax over the abstract), and a single-paper answer quotes at most MOST_SENTENCES. Tuned with
# eval/sentences.py's cross-validated rankers on the tune data (best first, no background after it; 138 dev
# groups, 535 SciFact train), dev facts present / SciFact train rationale quoted / words (dev, SciFact):
# up to 3 at 0.2: 0.861 / 0.873 / 49, 70; up to 3 at 0.1: 0.897 / 0.877 / 56, 77; up to 2 at 0.1: 0.850 / 0.832
# / 44, 55; up to 2 at 0.2: 0.836 / 0.832; one sentence: 0.726 / 0.673. Re-chosen on the current answerer
# (eval.answers, dev fact and paraphrase questions answered, 76): 0.2 / 0.1 / 0.05: facts 0.901 / 0.928 / 0.939
# at 55 / 60 / 64 words (all 87: 0.856 / 0.879 / 0.889); SciFact train rationale of cited 0.668 -> 0.676 at 0.1
RUNNER_UP = 0.1
MOST_SENTENCES = 3


@dataclass(frozen=True)
class Source:
    """A paper the answer may quote: its `[n]`, its hit, and its sentences' cosines with the question."""

    n: int
    hit: Hit
    cosines: np.ndarray | None = None


def best_sentences(source: Source, asks: Asks, idf: dict[str, float], most: int = 2,
                   runner_up: float = RUNNER_UP) -> list[Sentence]:
    """The sentence that answers best, then one that covers what it leaves out, if it comes close; a question
    asking several things ("What are X's two mechanisms, and how far does it extrapolate?") gets each asked
    clause's best sentence before any runner-up."""
    picked = choose(score_sentences(source.hit, asks, idf, source.cosines), asks, most, runner_up)
    if most < 2 or not picked:
        return picked
    chosen = [picked[0]]
    for part in asks.parts:  # each clause's best sentence not yet chosen, if it comes close to the clause's best
        scored = sorted(score_sentences(source.hit, part, idf, source.cosines), key=lambda s: (-s.score, s.position))
        taken = {s.position for s in chosen}
        chosen += [s for s in scored if s.position not in taken and s.score >= runner_up * scored[0].score
                   and (part.problem or not s.background)][:1]
    chosen += picked[1:]
    # a sentence announcing items ("… through two complementary mechanisms.") gives way to the sentences naming
    # them: the count alone answers nothing
    expanded = [item for s in chosen for item in enumeration(source.hit, s) or [s]]
    first: dict[int, Sentence] = {}
    for sentence in expanded:  # each sentence once, where it first comes
        first.setdefault(sentence.position, sentence)
    quoted = with_antecedent(source.hit, with_consequence(source.hit, list(first.values()), most))
    # (past the quota: the count asks for each of them, as do the parts asked for)
    return (counted_items(source.hit, asks, quoted) or named_parts(source.hit, asks, quoted)) + quoted


# a sentence that points back at what the one before it names: "Masking out these tokens mostly removes the hidden
# bias transfer." says nothing without "… a small set of divergence tokens …" (fresh set E, e023)
# (not at a problem: "To address these challenges, we propose …" needs no background before it)
_REFERS_BACK = re.compile(r"^(?:[\w,()-]+\s+){0,4}?(?:these|those|such|this)\s+(?!(?:paper|work|study|article|abstract|issue|"
                          r"challenge|problem|limitation|gap|shortcoming|bottleneck|drawback|difficult|concern)\w*\b)"
                          r"[a-z][\w-]*", re.I)


def with_antecedent(hit: Hit, chosen: list[Sentence]) -> list[Sentence]:
    """`chosen` with the sentence before the first one put first, when the first points back at it."""
    if not chosen or chosen[0].position == 0 or not _REFERS_BACK.match(chosen[0].text):
        return chosen
    before = chosen[0].position - 1
    if any(s.position == before for s in chosen):
        return chosen
    text = analyse(hit.paper.text).sentences[before]
    return [Sentence(before, text, chosen[0].score), *chosen]


# a sentence drawing the consequence of the one before it: "… randomly initialized transformers almost surely compute
# functions which have low-sensitivity strings." → "Consequently, any function that lacks such strings is provably
# unlearnable." (fresh set AB, ab11001: the conclusion asked for came last in the abstract, ranked below two others)
_CONSEQUENCE = re.compile(r"^(?:consequently|therefore|thus|hence|as a (?:result|consequence)|it follows that)\b", re.I)


# ... or spelling out a short claim: "Finally, we find that subliminal learning is fragile." → "Even small changes, like
# paraphrasing prompts, are usually sufficient to suppress it." (a probe of session 40 asked what stops it). Not tuned
_SPELLS_OUT = re.compile(r"^(?:even|in particular|specifically|for (?:example|instance)|namely|that is|indeed)\b", re.I)
SHORT_CLAIM = 12  # words: a claim this short leaves its substance to the next sentence (not tuned)


def with_consequence(hit: Hit, chosen: list[Sentence], most: int) -> list[Sentence]:
    """The first `most` of `chosen`, the sentence after the best one second when it draws its consequence or spells
    out its short claim."""
    if not chosen:
        return chosen
    after = chosen[0].position + 1
    sentences = analyse(hit.paper.text).sentences
    short = len(chosen[0].text.split()) <= SHORT_CLAIM
    if after >= len(sentences) or not (_CONSEQUENCE.match(sentences[after]) or short and _SPELLS_OUT.match(sentences[after])):
        return chosen[:most]
    rest = [s for s in chosen[1:] if s.position != after]
    return [chosen[0], Sentence(after, sentences[after], chosen[0].score), *rest][:most]


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


# "this task faces two key challenges." followed by "First, …" and "Second, …"
_ANNOUNCES = re.compile(r"\b(?P<count>two|three|four) (?:[\w-]+ ){0,2}(?:challenges|problems|issues|limitations|"
                        r"components|contributions|stages|steps|mechanisms|parts|modules|questions)\s*[.:]$", re.I)


def enumeration(hit: Hit, sentence: Sentence) -> list[Sentence]:
    """The sentences a picked one announces ("… two key challenges." → the next two: "First, …", "Second, …")."""
    match = _ANNOUNCES.search(sentence.text)
    if not match:
        return []
    count = {"two": 2, "three": 3, "four": 4}[match.group("count").lower()]
    following = analyse(hit.paper.text).sentences[sentence.position + 1:sentence.position + 1 + count]
    return [Sentence(i, text, sentence.score) for i, text in enumerate(following, sentence.position + 1)]


# a count asked ("what are the two tricks it uses", "the two in-between training tasks") is answered by the sentence
# announcing as many ("… through two complementary mechanisms." and the two after it; "… built upon two intermediate
# proxy tasks: DarkEventInfer, …; and MixVidQA, …"): read sets DP, DQ quoted one of the two, or neither
_COUNT_ASKED = re.compile(r"\b(two|three|four)\b(?!\s+(?:[\w-]+\s+)?(?:papers|works|studies|methods|models|approaches)\b)", re.I)


# the words a paper and its reader use for the same items: "the three modules" / "three core components", "the two
# tricks" / "two complementary mechanisms" (second review, session 39)
_ALIKE = [frozenset(terms(group)) for group in ("components modules parts pieces blocks",
                                                "stages steps phases", "tricks techniques mechanisms strategies ideas")]


def _alike(words: frozenset[str]) -> frozenset[str]:
    return words.union(*(group for group in _ALIKE if group & words))


def counted_items(hit: Hit, asks: Asks, chosen: list[Sentence]) -> list[Sentence]:
    """The sentences naming the items of a count the question asks, that `chosen` lacks (none if no sentence
    announces that count)."""
    asked = _COUNT_ASKED.search(asks.attribute or "")
    if not asked:
        return []
    count = asked.group(1).lower()
    announcing = re.compile(rf"\b{count}\s+(?:[\w-]+\s+){{0,3}}?(?:challenges|problems|issues|limitations|components|"
                            r"contributions|stages|steps|mechanisms|parts|modules|tasks|tricks|techniques|strategies|ideas|"
                            r"designs|innovations|objectives|losses|subsets|phases)\b|"
                            rf"\b{count}-(?:stage|step|phase|part|component)s?\b", re.I)  # "a two-stage framework"
    sentences = analyse(hit.paper.text).sentences
    taken = {s.position for s in chosen}
    asked_nouns = _alike(asks.ask | terms(asks.attribute))
    for position, text in enumerate(sentences):
        # ... of the items asked: "the two components of SegPVSG" are not its "two key challenges" (second review)
        match = announcing.search(text)
        if match and terms(match.group(0)) & asked_nouns - {count}:
            found = Sentence(position, text, chosen[0].score if chosen else 0.0)
            items = enumeration(hit, found) or [found]
            return [item for item in items if item.position not in taken]
    return []


# the parts of a method asked for when no sentence announces them ("what are the actual building blocks of LSGQuant's
# pipeline?": read set EL, el003 quoted two of its three): each sentence bringing one in under a bracketed acronym
# ("building blocks" reach it as components, plain_words.py: "build" alone asks no parts)
_PARTS_ASKED = frozenset(terms("component components module modules ingredient ingredients constituents"))
_SEVERAL_PARTS = re.compile(r"(?i)\b(?:components|modules|ingredients|constituents|parts|pieces|building\s+blocks)\b|"
                            r"\b(?:what|which)\s+(?:are|were)\b")
_BRINGS_NAMED = re.compile(r"\b(?:incorporat|introduc|implement|propos|design|develop|present|employ|devis|adopt|add)\w*\b"
                           r"[^.;]{0,120}?\((?P<acronym>[A-Z][\w-]*[A-Z][\w-]*)\)")


def named_parts(hit: Hit, asks: Asks, chosen: list[Sentence]) -> list[Sentence]:
    """The sentences naming a method's parts (see _BRINGS_NAMED) that `chosen` lacks, when the question asks its parts
    and at least two sentences name one; none else."""
    # (one part asked, "how is called the component that adapts to …", is the best sentence's: qu020 lost it to the others)
    if not asks.ask & _PARTS_ASKED or not _SEVERAL_PARTS.search(asks.clause):
        return []
    sentences = analyse(hit.paper.text).sentences
    own = {n.lower() for n in names_of(hit.paper)}
    bringing = [i for i, text in enumerate(sentences)
                if (found := _BRINGS_NAMED.search(text)) and found.group("acronym").lower() not in own]
    taken = {s.position for s in chosen}
    score = chosen[0].score if chosen else 0.0
    return [Sentence(i, sentences[i], score) for i in bringing if i not in taken] if len(bringing) >= 2 else []


def with_announced(source: Source, picked: list[Sentence]) -> list[Sentence]:
    """`picked` with the items a quoted sentence announces ("… through two complementary mechanisms." → the next two),
    past a paper's quota if need be: the count alone names none of them (read set DN, dn068: "what key mechanism does each
    rely on?" quoted Deep Forcing's announcement and another sentence, not its two mechanisms)."""
    out: dict[int, Sentence] = {}
    for sentence in picked:  # each announced item right after its announcement, each sentence once
        for item in [sentence, *enumeration(source.hit, sentence)]:
            out.setdefault(item.position, item)
    return list(out.values())
