"""A comparison of named papers: for each, its sentence(s) on the asked aspect, named and cited."""

from __future__ import annotations

import re

from rag.answer.asks import Asks, ask_part
from rag.answer.wanted import asks_means
from rag.answer.contrast import (OWN as _OWN, PROBLEM as _PROBLEM, REPORTS as _REPORTS, SETTING_ASKED, method_span,
                                  ranked_for_comparison, setting_sentences)
from rag.answer.evidence import _NAMED, Sentence, detail, is_background, own_name, score_sentences
from rag.answer.extractive import PRESENTS, clean, paper_label
from rag.answer.names import names_in, names_of
from rag.answer.purpose import asks_purpose, asks_task, on_task, purpose_sentences
from rag.answer.quoting import Source, enumeration, with_announced
from rag.answer.values import holds_value
from rag.answer.wording import MAKES_WORDS
from rag.corpus.terms import analyse, terms
from rag.corpus.titles import COMMON_ACRONYMS
from rag.types import Hit

COMPARE_RUNNER_UP = 0.2  # dev comparisons (eval/questions/dev.jsonl) with the sentence ranker's scores: 0.6 -> 0.714, 0.2 -> 0.786 (0.1 the same)


def compare_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int) -> str:
    """For each named paper, its sentence on the asked aspect, named and cited."""
    lines = []
    compared = sources[:3]
    for s, own in zip(compared, asked_of_each(compared, asks)):
        # (the ranker adds no scene unless the problem is asked: "… made publicly available", a probe of session 40)
        ranked = [r for r in ranked_for_comparison(s, own, idf)
                  if own.problem or not is_background(r.text, r.position, own_name(s.hit))]
        best = with_announced(s, with_ranked(aspect_sentences(s, own, idf), ranked))
        if best:
            lines.append(f"{paper_label(s.hit.paper, asks)}: {' '.join(clean(b.text) for b in best)} [{s.n}]")
    return "\n".join(lines)


def asked_of_each(sources: list[Source], asks: Asks) -> list[Asks]:
    """What is asked of each compared paper: its own clause when each clause names one paper ("What is ImmersePro
    for, and what does SurgiFlowVid generate?" asks the first what it is for, not what it generates), else the
    whole question of all of them. Dev comparisons 117 -> 119 of 151 (h028, h034), none lost."""
    if len(asks.parts) != len(sources):
        return [asks] * len(sources)
    owner = [_clause_owner(part.clause, sources, asks.written) for part in asks.parts]
    if None in owner and len(sources) == 2 and owner.count(None) == 1:  # the other clause describes the other
        owner[owner.index(None)] = 1 - next(o for o in owner if o is not None)
    if sorted(o for o in owner if o is not None) != list(range(len(sources))):
        return [asks] * len(sources)
    by_source = {o: part for o, part in zip(owner, asks.parts)}
    return [by_source[i] for i in range(len(sources))]  # each part was read with the question's written names


def _clause_owner(clause: str, sources: list[Source], written: tuple[str, ...]) -> int | None:
    """The one compared paper a clause names, by name or by its title's words ("the compression order paper")."""
    def names(s: Source) -> list[str]:
        paper = s.hit.paper
        return [*names_of(paper), *(w for w in written if w.lower() in f"{paper.title} {paper.text}".lower())]

    named = [i for i, s in enumerate(sources) if names_in(clause, names(s))]
    if len(named) == 1:
        return named[0]
    if named:
        return None
    shared = [len(terms(clause) & terms(s.hit.paper.title)) for s in sources]
    best = max(shared)
    return shared.index(best) if best and shared.count(best) == 1 else None


_PROBLEM_ASKED = frozenset(terms("problem problems challenge challenges difficulty difficulties limitation limitations motivation "
                                  "gap issue issues bottleneck shortcoming address addresses target targets tackle solve core flaw flaws fix"))
# names asked of an evaluation (datasets, baselines) are in the experiments sentences, not the method ones
_EVALUATION = re.compile(r"\b(?:dataset|benchmark|baselin|metric|evalu|experi|test)", re.I)
_EVALUATION_ASKED = frozenset(terms("evaluate evaluated evaluation evaluations experiment experiments test tested tests "
                                    "data dataset datasets benchmark benchmarks"))
_DATA = re.compile(r"\b(?:datasets?|benchmarks?|corpus|corpora)\b", re.I)
# results asked of each compared paper ("What gains do X and Y report?", "how well does each perform?"): fresh
# comparisons (eval/questions/fresh_named.jsonl, written before this rule) quoted their method sentences instead
_RESULTS_ASKED = frozenset(terms("result results gain gains improvement improvements perform performance outperform "
                                 "accuracy well"))
_RESULT_WORD = re.compile(r"\bresults?\b(?!ing)", re.I)  # the noun, not "the resulting pattern" (second review)
_LINK = re.compile(r"https?://")
# how each paper trains ("how does each train its model", "which needs no training", "how do they design their RL
# rewards"): its sentences on the training signal (a reward, an objective, RL, "training-free"), not results that
# mention training ("a 3x training speedup"): dev comparisons x002, c072, w377 and fresh set AG, ag16078 quoted each
# paper's presenting sentences. "What training data do they release" asks for data (the rule below; set G, h021).
_TRAINING_ASKED = frozenset(terms("train trains trained training reward rewards objective objectives"))
_TRAINS = re.compile(r"\b(?:(?:post-|pre-)?train(?:s|ed|ing)?\b|training-\w+|fine-tun\w*|reinforcement learning|RL\b|"
                     r"rewards?\b|objectives?\b|loss(?:es)?\b|supervis\w*|curriculum|self-distill\w*)", re.I)
# a rate or bound asked of each theory paper, stated in asymptotic notation: O(1/n), Θ(d log n), Ω(d), Õ(√T)
_RATE_ASKED = frozenset(terms("rate rates bound bounds complexity"))
_RATE = re.compile(r"(?<![A-Za-z])[OΘΩÕo]\s?\(")
# what a study found asked of each paper (a cause, an explanation, where in the model): its sentences stating a
# finding ("it comes down to a small set of divergence tokens", "we identify a key mechanism …", "our analysis reveals")
_FINDING_ASKED = frozenset(terms("blame blames cause causes caused why origin origins attribute "
                                 "attributes explain explains explanation find finds found finding findings locate "
                                 "locates reveal reveals conclude concludes conclusion mechanism "
                                 # "what does each say is really driving what the student picks up?" (read set CY, cy068), "what carries …" (qt105)
                                 "drive drives driving driver drivers culprit culprits responsible carry carries carried transmit transmits pinpoint pinpoints diagnosis diagnoses"))
_FINDING_HOW = frozenset(terms("headline main key big biggest top central core primary principal chief major overall"))
_FINDS = re.compile(r"\b(?:identif(?:y|ies)|reveal(?:s|ing)?|we (?:find|show|prove|observe|establish|conclude)|"
                    r"comes? down to|stems? from|aris(?:es|e) from|driven by|due to|caused by|attribut\w* to|"
                    r"mechanism|origins?)\b", re.I)
# the words of comparing itself, no aspect ("KERN vs OGD+", "how do they differ")
_COMPARING = frozenset(terms("vs versus compare compared comparison differ differs different differently difference "
                             "contrast each both two"))
_MECHANISM_ASKED = re.compile(r"(?:mechanisms?|methods?|approach(?:es)?|techniques?|strateg(?:y|ies))", re.I)
_PROPOSE_ASKED = frozenset(terms("propose proposes proposed introduce introduces contribution contributions idea "
                                 "ideas main key core"))
# data each paper makes (wording.MAKES_WORDS asked), not the data it is tested on ("What data do VideoKR and
# FrameOracle contribute?"): the sentence presenting its dataset or corpus (fresh comparisons quoted the experiments
# sentences instead)
_DATA_ASKED = frozenset(terms("data dataset datasets corpus corpora benchmark benchmarks"))
_BUILDS = re.compile(r"\b(?:we|this (?:paper|work))\b[^.;]{0,60}?\b(?:introduce|present|propose|curate|construct|"
                     r"collect|build|release|create|contribute)|\bthe first\b", re.I)


# how each paper does it, or how they differ: the sentence presenting the method says what drives it ("We introduce
# SPIKE, an inference-time framework that quantifies Bayesian Surprise …"), beside the best one on the asked words
# ("… guide query-agnostic surprise-weighted frame sampling"). Dev comparisons (session 20) e088, r092, ai019, al017
# quoted the second alone
_HOW_ASKED = re.compile(r"\b(?:how|mechanisms?|approach(?:es)?|driv\w*|decid\w*|choos\w*|pick\w*|select\w*|"
                        r"differ\w*)\b", re.I)


def aspect_sentences(source: Source, asks: Asks, idf: dict[str, float]) -> list[Sentence]:
    """A compared paper's sentence(s) on the asked aspect: its problem, its own method, or (numbers, datasets) the
    best sentence. Each paper restates the topic both share, which tells neither apart (dev comparisons: 0.3 -> 1.0)."""
    everything = sorted(score_sentences(source.hit, asks, idf, source.cosines), key=lambda s: (-s.score, s.position))
    scored = everything
    if not scored:
        return []
    aspect = asks.ask - _COMPARING  # "KERN vs OGD+: what does each propose?" asks for nothing but their gist
    names = [*names_of(source.hit.paper), *asks.written]
    if asks.wants == "number":  # the sentences reporting a quantity, the two best (a speedup, a latency cut)
        # "how many benchmarks" is answered by a count in words too ("six mainstream benchmarks"; dev w322)
        counted = asks.attribute.startswith("number of")
        pool = [s for s in scored if detail(s.text, "number", own_name(source.hit))
                or counted and holds_value(s.text, "number", [], frozenset(), "")]
        pool = _first_on_the_ask([pool], asks) + [s for s in pool if not asks.ask & terms(s.text)]
        return sorted(pool[:2] or scored[:1], key=lambda s: s.position)
    if asks_means(asks.clause):  # its trick or ingredient: the method as the abstract lays it out, in order
        return method_span(source.hit, everything)[:MOST_EACH] or everything[:1]
    if asks_purpose(asks.clause):  # what each paper is for: its aims, its opening, its presenting sentence
        return purpose_sentences(source.hit, scored, MOST_EACH)
    if asks.problem:  # the problem as the paper states it, not the sentence proposing its answer to it
        pool = [s for s in scored if _PROBLEM.search(s.text)
                and not (PRESENTS.search(s.text) or _REPORTS.search(s.text))]
        scored = _first_on_the_ask([pool], asks, _PROBLEM_ASKED) or pool or scored
    # "what gains do they report": the sentences reporting results, a number first; "result" is a generic word, no
    # asked term, but asked all the same ("which main result each one is reporting?": read set BZ, bz070)
    elif asks.ask & _RESULTS_ASKED or _RESULT_WORD.search(ask_part(asks.clause)):
        pool = [s for s in scored if _REPORTS.search(s.text) and not _LINK.search(s.text)]
        numbered = [s for s in pool if detail(s.text, "number", own_name(source.hit))]
        scored = numbered + [s for s in pool if s not in numbered] or scored
    elif aspect & SETTING_ASKED and setting_sentences(scored):  # "what theoretical setting does each work in?"
        return setting_sentences(scored)
    elif aspect & _TRAINING_ASKED and not aspect & _DATA_ASKED and any(_on_training(s) for s in scored):
        # the best sentences on the training signal, as many as a paper may quote, in the abstract's order
        return sorted([s for s in scored if _on_training(s)][:MOST_EACH], key=lambda s: s.position)
    elif aspect & _RATE_ASKED and any(_RATE.search(s.text) for s in scored):
        # "what rates do they prove": the sentences stating one, O(1/n) or Ω(d) (dev comparison w865)
        return sorted([s for s in scored if _RATE.search(s.text)][:2], key=lambda s: s.position)
    elif asks_task(asks.clause) and any(on_task(s) for s in scored):
        # the first sentence stating it (an abstract opens with its task) and the best-scoring other one
        pool = [s for s in scored if on_task(s)]
        first = min(pool, key=lambda s: s.position)
        return sorted([first, *[s for s in pool if s is not first][:1]], key=lambda s: s.position)
    # ("finding", a generic word, asked with nothing else: "what's the headline finding of each?", a probe of session 40;
    # not "What finding does X report about signSGD", answered by its signSGD sentence: dev h028)
    elif (aspect & _FINDING_ASKED or not aspect - _FINDING_HOW and terms(ask_part(asks.clause)) & _FINDING_ASKED) \
            and any(_FINDS.search(s.text) for s in scored):
        # "what do they blame it on", "where do they locate it": the first sentence stating what the paper found (its
        # main finding: "we identify a key mechanism …") and the best-scoring other one
        pool = [s for s in scored if _FINDS.search(s.text) and not _LINK.search(s.text)]
        pool = [s for s in pool if not is_background(s.text, s.position, own_name(source.hit))] or pool  # no scene's
        first = min(pool, key=lambda s: s.position)
        return sorted([first, *[s for s in pool if s is not first][:1]], key=lambda s: s.position)
    elif aspect & MAKES_WORDS and aspect & _DATA_ASKED and any(map(_builds_data, scored)):
        # the first such sentence presents its main contribution ("We introduce VideoKR, the first … corpus")
        scored = sorted(filter(_builds_data, scored), key=lambda s: s.position)
        paired = _with_its_pair(source.hit, scored[0], names)
        if paired:
            return paired
    elif _EVALUATION.search(" ".join([asks.attribute, *asks.ask])):  # the experiments, or the data it builds
        pool = [s for s in scored if _REPORTS.search(s.text) or _DATA.search(s.text)]
        named = [s for s in pool if _names_things(s.text, own_name(source.hit))]  # "Ego4D", "Live Gaming Benchmark"
        # a sentence on the evaluation itself ("Comprehensive experiments in MoE and LLM validate …") before one
        # that only reports a finding with names in it ("this router generalizes both Sigmoid- and Softmax-based
        # routers"): dev comparison w983
        on_it = sorted((s for s in pool if _EVALUATION.search(s.text)), key=lambda s: s not in named)
        scored = _first_on_the_ask([named, pool], asks, _EVALUATION_ASKED) or on_it or named or pool or scored
    else:
        scored = _on_its_method(source.hit, scored, asks, aspect, names)
        paired = _with_its_pair(source.hit, scored[0], names)
        if paired:
            return paired
        presenting = min((s for s in everything if PRESENTS.search(s.text)), key=lambda s: s.position, default=None)
        if _HOW_ASKED.search(asks.clause) and presenting is not None and presenting.position != scored[0].position:
            return sorted([scored[0], presenting], key=lambda s: s.position)
    picked = [scored[0]] + enumeration(source.hit, scored[0])
    if len(picked) == 1:
        left = asks.ask - terms(scored[0].text) - _COMPARING
        # the best sentence of the abstract holding an asked word the first lacks, however far below it the ranker
        # puts it ("We identify this as a fundamental flaw …" for "what flaw"): dev comparisons 31 -> 34 of 38, fresh
        # 11 of 13 the same, with or without the COMPARE_RUNNER_UP share, which a gist's runner-up still needs
        left_over = [s for s in everything if s.position != scored[0].position and left & terms(s.text)]
        picked += left_over[:1] if not asks.gist else \
            [s for s in scored[1:2] if s.score >= COMPARE_RUNNER_UP * scored[0].score]
    return sorted(picked, key=lambda s: s.position)


# the fitted comparison ranker's first sentences added after the rules' (contrast.py): cross-validated on the dev
# comparisons, the rules' with its first two hold every paper's fact in 0.92 of questions (the rules alone 0.88,
# in-sample; 0.38 on comparisons written fresh before the ranker, 0.75 with it), at most MOST_EACH sentences a paper
RANKED_ADDED, MOST_EACH = 2, 3


def with_ranked(picked: list[Sentence], ranked: list[Sentence]) -> list[Sentence]:
    """The rules' sentences (they answer first), then the ranker's first RANKED_ADDED not among them, in abstract
    order, MOST_EACH in all."""
    picked = [s for i, s in enumerate(picked) if s.position not in {p.position for p in picked[:i]}]  # once each
    taken = {s.position for s in picked}
    added = [s for s in ranked[:RANKED_ADDED] if s.position not in taken][:max(MOST_EACH - len(picked), 0)]
    return picked[:MOST_EACH] + sorted(added, key=lambda s: s.position)


def _on_training(sentence: Sentence) -> bool:
    return bool(_TRAINS.search(sentence.text) and not _REPORTS.search(sentence.text))


def _names_things(text: str, own: str) -> bool:
    """Does the sentence name something besides its paper and a field's acronym: "the MMVU benchmark", not "new
    state-of-the-art (SOTA) results" (dev ad13041: Video-BCI's six benchmarks went unnamed)?"""
    return any(n.upper() not in COMMON_ACRONYMS for n in _NAMED.findall(text.replace(own, "") if own else text))


def _builds_data(sentence: Sentence) -> bool:
    return bool(_DATA.search(sentence.text) and _BUILDS.search(sentence.text))


def _on_its_method(hit: Hit, scored: list[Sentence], asks: Asks, aspect: frozenset[str],
                   names: list[str]) -> list[Sentence]:
    """`scored` with the sentence on the paper's own method first: for its gist ("what does each propose"), the
    first presenting its work ("we further introduce OPGD, which augments OGD+" is not OGD+'s); for a mechanism,
    one of the method's own sentences from the first presenting one to the first reporting results after the last,
    where an abstract says how its method works (a closing "Our method offers an efficient … solution" does not).
    Fresh comparisons (eval/questions/fresh_named.jsonl) 7 -> 11 of 13 with the results and data rules; dev 30 -> 31."""
    presenting = [s for s in scored if PRESENTS.search(s.text)]
    # ... and for "what mechanism does each use to limit forgetting": the method each presents, not the sentences
    # on forgetting (fresh set AG, ag16080)
    if asks.gist or not aspect or aspect <= _PROPOSE_ASKED or _MECHANISM_ASKED.fullmatch(asks.attribute):
        first = min(presenting, key=lambda s: s.position, default=None)
        return [first] + [s for s in scored if s is not first] if first else scored
    own = [s for s in scored if not _REPORTS.search(s.text) and (_OWN.search(s.text) or names_in(s.text, names))]
    start = min((s.position for s in presenting), default=None)
    last = max((s.position for s in presenting), default=-1)  # "… yields suboptimal results" may come between
    reports = [i for i, t in enumerate(analyse(hit.paper.text).sentences) if _REPORTS.search(t)]
    end = min((i for i in reports if i > last), default=len(analyse(hit.paper.text).sentences))
    spanned = [s for s in own if start is not None and start <= s.position < end]
    return _first_on_the_ask([spanned, own, presenting], asks) or spanned or own or presenting or scored


# a sentence that goes on from the one presenting the method: "Our approach integrates …", "It combines …",
# "Specifically, X consists of …" (the method's name or "our approach" is checked apart, by `_OWN` and the names)
_GOES_ON = re.compile(r"^(?:specifically|concretely|in particular|to this end|at (?:its|the) core|the core of)\b|"
                      r"^(?:it|this (?:framework|method|approach|design|module|model))\b", re.I)


def _with_its_pair(hit: Hit, best: Sentence, names: list[str]) -> list[Sentence]:
    """The sentence presenting the paper's method ("we propose Veda, a distilled sparse attention framework …")
    with the one that goes on to say how it works ("Veda integrates …"), when the best is one of the two: one
    names what the method is, the other what it does, and a comparison's distinguishing fact is in either (dev
    comparisons d073, x003: each pair's fact was in the sentence left out). [] when the best is neither."""
    sentences = analyse(hit.paper.text).sentences

    def goes_on(i: int) -> bool:
        text = sentences[i]
        return not _REPORTS.search(text) and bool(
            PRESENTS.search(text) or _GOES_ON.search(text) or _OWN.search(text) or names_in(text[:60], names))

    at = best.position
    if PRESENTS.search(best.text) and at + 1 < len(sentences) and goes_on(at + 1):
        pair = (at, at + 1)
    elif at > 0 and PRESENTS.search(sentences[at - 1]) and not PRESENTS.search(best.text) and goes_on(at):
        pair = (at - 1, at)
    else:
        return []
    return [best if i == at else Sentence(i, sentences[i], best.score) for i in pair]


def _first_on_the_ask(kinds: list[list[Sentence]], asks: Asks, besides: frozenset[str] = frozenset()) -> list[Sentence]:
    """The sentences of the first kind that has one holding an asked word ("reward" in "we introduce a … reward
    system"), those first."""
    asked = asks.ask - besides
    for kind in kinds:
        on = [s for s in kind if asked & terms(s.text)]
        if on:
            return on
    return []
