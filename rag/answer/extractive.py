"""The answerer that needs no LLM: it composes the reply from the abstracts' own sentences, cited.

Drafts cite sources as `[n]`, n the 1-based position of the paper in the hit list; `citations.resolve`
renumbers them. Every sentence shown is a whole sentence of its abstract, never cut.
"""

from __future__ import annotations

import re

from rag.answer.asks import Asks
from rag.answer.citations import strip_markers
from rag.answer.evidence import Sentence, detail, own_name, score_sentences
from rag.answer.quoting import MOST_SENTENCES, Source, best_sentences, enumeration
from rag.answer.names import names_of
from rag.answer.values import holds_value
from rag.corpus.terms import analyse, terms
from rag.types import Hit, Paper

COMPARE_RUNNER_UP = 0.2  # dev comparisons (eval/questions/dev.jsonl) with the sentence ranker's scores: 0.6 -> 0.714, 0.2 -> 0.786 (0.1 the same)


# sentences quoted from each paper of a several-paper answer (a claim supported by 2-3 abstracts). Tuned on
# SciFact train claims: a gold rationale quoted, of the answers citing a gold abstract, 0.656 with 1 each
# (several-paper answers 0.38-0.51, single-paper ones 0.74-0.80)
MOST_EACH = 2


def fact_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int) -> str:
    """The answering sentences of one paper (or of each of several papers), each cited. Within the word budget
    every paper's best sentence comes before any paper's second, so no paper chosen goes unquoted."""
    most = MOST_SENTENCES if len(sources) == 1 else MOST_EACH
    picked = [(s.n, _gist_first(s, asks, best_sentences(s, asks, idf, most))) for s in sources[:3]]
    ranked = [(rank, order, n, sentence) for order, (n, chosen) in enumerate(picked)
              for rank, sentence in enumerate(chosen)]
    kept = _within_words([(n, sentence) for _, _, n, sentence in sorted(ranked, key=lambda r: r[:2])], max_words)
    shown = {id(sentence) for _, sentence in kept}
    return " ".join(f"{_clean(sentence.text)} [{n}]" for _, _, n, sentence in sorted(ranked, key=lambda r: (r[1], r[0]))
                    if id(sentence) in shown)


def _gist_first(source: Source, asks: Asks, best: list[Sentence]) -> list[Sentence]:
    """"What is X?", "Tell me about X": the sentence presenting the paper's work opens the answer (the ranker,
    asked for nothing in particular, put results sentences first: "Experiments on Ego4D … show that FlowNar …")."""
    # the whole question asks nothing but the paper (not just its last clause: "Does MUSE beat its teacher? What
    # are the numbers?" asks the numbers, dev d005)
    if not asks.gist or asks.wants or asks.focus - terms(" ".join(asks.written)) or not best:
        return best
    presenting = next(((i, t) for i, t in enumerate(analyse(source.hit.paper.text).sentences) if _PRESENTS.search(t)),
                      None)
    if presenting is None:
        return best
    i, text = presenting
    return [Sentence(i, text, best[0].score)] + [b for b in best if b.position != i][:len(best) - 1]


def compare_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int) -> str:
    """For each named paper, its sentence on the asked aspect, named and cited."""
    lines = []
    for s in sources[:3]:
        best = aspect_sentences(s, asks, idf)
        if best:
            lines.append(f"{_label(s.hit.paper, asks)}: {' '.join(_clean(b.text) for b in best)} [{s.n}]")
    return "\n".join(lines)


# a sentence about the paper's own method, by name or as "our approach" ("we propose OGD+, which projects …",
# "Our approach integrates …"), not one reporting its results or pointing at its code
_OWN = re.compile(r"\bour (?:method|approach|framework|model|design|system|module)\b|\b(?:consists|composed) of\b", re.I)
_PRESENTS = re.compile(r"\b(?:we|this (?:paper|work))\b[^.;]{0,60}?\b(?:propose|introduce|present|develop|design|devise)s?\b",
                       re.I)
_REPORTS = re.compile(r"\b(?:outperform\w*|surpass\w*|experiments?\b|results?\b|achiev\w*|yields?\b|gains?\b|"
                      r"evaluat\w*|empirical\w*|validat\w*|demonstrat\w*)|https?://", re.I)
_PROBLEM = re.compile(r"\b(?:challeng|problem|bottleneck|limitation|limit(?:s|ed)?\b|suffer|struggl|fail|difficult|"
                      r"costly|expensive|overfit|issue|gap\b|remains?\b|lack|hinder|degrad|constrain|flaw|drawback|weakness|"
                      r"trade-?off|conflict|dilemma|deadlock)", re.I)
_PROBLEM_ASKED = frozenset(terms("problem problems challenge challenges limitation limitations motivation gap issue "
                                  "issues bottleneck shortcoming address addresses target targets tackle solve core flaw flaws fix"))
# names asked of an evaluation (datasets, baselines) are in the experiments sentences, not the method ones
_EVALUATION = re.compile(r"\b(?:dataset|benchmark|baselin|metric|evalu|experi|test)", re.I)
_EVALUATION_ASKED = frozenset(terms("evaluate evaluated evaluation evaluations experiment experiments test tested tests "
                                    "data dataset datasets benchmark benchmarks"))
_DATA = re.compile(r"\b(?:datasets?|benchmarks?|corpus|corpora)\b", re.I)



def aspect_sentences(source: Source, asks: Asks, idf: dict[str, float]) -> list[Sentence]:
    """A compared paper's sentence(s) on the asked aspect: its problem, its own method, or (numbers, datasets) the
    best sentence. Each paper restates the topic both share, which tells neither apart (dev comparisons: 0.3 -> 1.0)."""
    scored = sorted(score_sentences(source.hit, asks, idf, source.cosines), key=lambda s: (-s.score, s.position))
    if not scored:
        return []
    if asks.wants == "number":  # the sentences reporting a quantity, the two best (a speedup, a latency cut)
        # "how many benchmarks" is answered by a count in words too ("six mainstream benchmarks"; dev w322)
        counted = asks.attribute.startswith("number of")
        pool = [s for s in scored if detail(s.text, "number", own_name(source.hit))
                or counted and holds_value(s.text, "number", [], frozenset(), "")]
        pool = _first_on_the_ask([pool], asks) + [s for s in pool if not asks.ask & terms(s.text)]
        return sorted(pool[:2] or scored[:1], key=lambda s: s.position)
    if asks.problem:  # the problem as the paper states it, not the sentence proposing its answer to it
        pool = [s for s in scored if _PROBLEM.search(s.text)
                and not (_PRESENTS.search(s.text) or _REPORTS.search(s.text))]
        scored = _first_on_the_ask([pool], asks, _PROBLEM_ASKED) or pool or scored
    elif _EVALUATION.search(" ".join([asks.attribute, *asks.ask])):  # the experiments, or the data it builds
        pool = [s for s in scored if _REPORTS.search(s.text) or _DATA.search(s.text)]
        named = [s for s in pool if detail(s.text, "names", own_name(source.hit))]  # "Ego4D", "Live Gaming Benchmark"
        scored = _first_on_the_ask([named, pool], asks, _EVALUATION_ASKED) or named or pool or scored
    else:
        names = [*names_of(source.hit.paper), *asks.written]
        own = [s for s in scored if not _REPORTS.search(s.text) and (_OWN.search(s.text) or names_in(s.text, names))]
        presenting = [s for s in scored if _PRESENTS.search(s.text)]
        scored = _first_on_the_ask([own, presenting], asks) or own or presenting or scored
        paired = _with_its_pair(source.hit, scored[0], names)
        if paired:
            return paired
    picked = [scored[0]] + enumeration(source.hit, scored[0])
    if len(picked) == 1:
        left = asks.ask - terms(scored[0].text)
        picked += [s for s in scored[1:2] if s.score >= COMPARE_RUNNER_UP * scored[0].score
                   and (asks.gist or left & terms(s.text))]
    return sorted(picked, key=lambda s: s.position)


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
            _PRESENTS.search(text) or _GOES_ON.search(text) or _OWN.search(text) or names_in(text[:60], names))

    at = best.position
    if _PRESENTS.search(best.text) and at + 1 < len(sentences) and goes_on(at + 1):
        pair = (at, at + 1)
    elif at > 0 and _PRESENTS.search(sentences[at - 1]) and not _PRESENTS.search(best.text) and goes_on(at):
        pair = (at - 1, at)
    else:
        return []
    return [best if i == at else Sentence(i, sentences[i], best.score) for i in pair]


def names_in(text: str, names: list[str]) -> bool:
    """Does `text` hold one of `names` as a whole word, however spaced or hyphenated ("ST GridPool" for
    "ST-GridPool"), not inside another word ("KERN" is not in "kernel")?"""
    for name in names:
        parts = [re.escape(p) for p in re.split(r"[\s\-–_]+", name.strip()) if p]
        if parts and re.search(r"(?<![\w])" + r"[\s\-–_]*".join(parts) + r"(?![\w])", text, re.I):
            return True
    return False


def _first_on_the_ask(kinds: list[list[Sentence]], asks: Asks, besides: frozenset[str] = frozenset()) -> list[Sentence]:
    """The sentences of the first kind that has one holding an asked word ("reward" in "we introduce a … reward
    system"), those first."""
    asked = asks.ask - besides
    for kind in kinds:
        on = [s for s in kind if asked & terms(s.text)]
        if on:
            return on
    return []


def list_answer(sources: list[Source], asks: Asks, idf: dict[str, float], max_words: int,
                related: list[Hit] = ()) -> str:
    """"N papers match", then one line per paper: its name and its most relevant whole sentence, cited; then
    the loosely related papers by name alone, apart and uncited (they are not counted as matching)."""
    lines = []
    for s in sources:  # every item keeps its sentence: it is what shows the paper matches
        best = best_sentences(s, asks, idf, most=1)
        body = f": {_clean(best[0].text)}" if best else ""
        lines.append(f"- {s.hit.paper.title} ({s.hit.paper.venue_year}){body} [{s.n}]")  # plain text (issue 13)
    count = f"{len(sources)} paper{'s' if len(sources) != 1 else ''} match{'es' if len(sources) == 1 else ''}:"
    if related:
        lines.append("Loosely related, not counted: " +
                     "; ".join(f"{h.paper.title} ({h.paper.venue_year})" for h in related) + ".")
    return "\n".join([count, *lines])


def not_reported_answer(source: Source, asks: Asks, idf: dict[str, float]) -> str:
    """"The Veda abstract does not report its learning rate", then what it does report, cited."""
    paper = source.hit.paper
    what = asks.attribute if asks.attribute.startswith(("which ", "how ")) else f"its {asks.attribute}" \
        if asks.attribute else "this"
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


def _label(paper: Paper, asks: Asks) -> str:
    """A compared paper's name: its own, or the question's name for it when its title is a description."""
    if names_of(paper):
        return short_name(paper)
    return next((w for w in asks.written if w in paper.text), short_name(paper))


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
