"""Papers asked for by what they contribute: "Which papers propose new benchmarks?", "new datasets for X".

A list of papers that introduce a benchmark or a dataset is a list of a role, not of words: scored as words,
"which papers propose new benchmarks?" kept papers that evaluate on benchmarks (SPIKE: "gains on five downstream
benchmarks") and missed most that build one. A paper has the role when its abstract says it introduces one ("We
introduce DramaSR-532K, a large-scale benchmark", "we curate … to create SpaceVista-1M, a dataset"); only those
answer such a list, and when the role is all the list asks, every one of them retrieved does. The patterns are
written from how abstracts announce a contribution, not fitted: on the 70 shipped abstracts they find 18 papers, each
of which does introduce a benchmark or dataset (one announced after a semicolon, CG-CoE's, is missed).
"""

from __future__ import annotations

import re

import numpy as np

from rag.corpus.terms import terms
from rag.types import Hit

# what a paper may contribute, by the nouns a question and an abstract name it with
_NOUNS = {"data": r"(?:benchmarks?|datasets?|corpus|corpora|test ?beds?|evaluation suites?)",
          "metric": r"(?:metrics?|evaluation measures?)"}
_ANY = "(?:" + "|".join(_NOUNS.values()) + ")"
# the verbs an abstract announces a contribution with; a question may also ask who offers, publishes or provides one
_VERBS = r"(?:introduc|present|propos|construct|build|built|curat|releas|collect|creat|contribut|establish|develop|design|defin)"
# the question asks for papers that contribute one: "propose new benchmarks", "introduce a dataset", "new metrics"
# ... with up to two words between that say what any benchmark is ("a new eval benchmark": fresh set EC, session 44);
# not its domain ("new image benchmarks" then kept every paper releasing data, video benchmarks too: a second review)
_KIND_OF = r"(?:(?:eval|evaluation|test|testing|open|public|standard|diagnostic|challenging|hard|large|big)\s+){0,2}"
ASKED = re.compile(rf"\b(?:{_VERBS}|offer|publish|provid)\w*\s+(?:(?:a|an|any|some|their|its|own|new|novel|large-scale|public|evaluation)\s+)*"
                   rf"{_KIND_OF}(?P<noun>{_ANY})\b|\bnew\s+{_KIND_OF}(?P<new>{_ANY})\b", re.I)


def _introduces(kind: str) -> re.Pattern:
    return re.compile(rf"\b(?:we|this (?:paper|work)|our)\b[^.;]{{0,80}}?\b{_VERBS}\w*\b[^.;]{{0,100}}?"
                      rf"\b{_NOUNS[kind]}\b", re.I)


# the abstract announces one: "we introduce …, a … benchmark", "we introduce two metrics, …", or names one as such
# ("FrameOracle-41K, the first large-scale VideoQA dataset")
_INTRODUCES = {kind: _introduces(kind) for kind in _NOUNS}
_NAMED = re.compile(rf"\b[A-Z][\w-]*(?:Bench|QA|-\d+(?:\.\d+)?[KM])\b,? (?:a|an|the first)\b[^.;]{{0,80}}?"
                    rf"\b{_NOUNS['data']}\b")


# ... or papers of theory: "Which papers are purely theoretical?", "theory papers on optimizers". An abstract of one
# proves, derives or bounds ("We prove", "a generalization bound", "convergence guarantees", "provably"): on the 70
# shipped abstracts 14 do, 11 of them theory papers (CoVoGAN's "theoretical insights" and two more are not)
THEORY_ASKED = re.compile(r"\b(?:purely |mainly |mostly )?theor(?:y|etical|etically)\b|\bproofs?\b|\bprovabl[ey]\b",
                          re.I)
_EITHER = re.compile(r"\bempiric\w*|\bexperiment\w*|\bin practice\b|\bpractical\b", re.I)
_THEORY = re.compile(r"\bwe (?:prove|derive|establish|characteri[sz]e)\w*|\btheoretical (?:analysis|framework|results?|"
                     r"guarantees?|understanding|insights?|bridge|explanation)|\bprovabl\w*|\btheorems?\b|"
                     r"\b(?:upper|lower|generalization|regret) bounds?\b|\bconvergence (?:rates?|guarantees?|analysis)\b|"
                     r"\bsample complexity\b", re.I)


# ... or papers that make something faster or cheaper: "which papers make video diffusion models run faster?", "speed up
# video generation". An abstract of one states the gain (a speedup, "3× faster", accelerating, lower latency, higher
# throughput, less computation); scored as words, such lists kept papers that merely work on the same models ("without
# sacrificing inference speed", "higher data efficiency": probes of session 40). Written from how abstracts state it, not
# fitted
SPEED_ASKED = re.compile(r"\b(?:faster|quicker|cheaper|speed(?:s|ing)?[- ]?ups?|sped[- ]up|accelerat\w*|"
                         r"(?:lower|less|reduc\w*|cut\w*)\s+(?:the\s+)?(?:inference\s+)?(?:latency|compute|computational cost|"
                         r"inference cost|cost of inference))\b", re.I)
_SPEED = re.compile(r"\bspeed-?ups?\b|\bspeeds? up\b|\bfaster\b|\bfast\s+(?:transfer|inference|training|convergence|decoding|"
                    r"generation)\b|\baccelerat\w*\b(?!\s+(?:the\s+)?(?:development|progress|research|adoption|discovery))|"
                    r"\blatency\b|\bthroughput\b|\b(?:reduc|cut|sav)\w*\s+(?:[\w-]+\s+){0,3}?(?:cost|costs|compute|"
                    r"computation|overhead|FLOPs|time|runtime|frames|tokens|inputs)\b|\bsav(?:e|es|ing)\s+(?:up\s+to\s+)?~?\d|"
                    r"\b(?:fewer|less)\s+(?:[\w-]+\s+)?(?:frames?|tokens?|compute|computation|memory|FLOPs|steps|input)\b|"
                    r"\bfew(?:er)?-step\b|\bcomputational\s+(?:advantage|savings?)\b|\blower\s+(?!bounds?\b)(?:[\w-]+\s+){0,2}?(?:costs?|"
                    r"latency|overhead)\b|\bimprov\w*\s+(?:the\s+)?convergence\b|"
                    # ... or efficiency of any kind but data's, samples', labels' or parameters' ("efficiency–accuracy",
                    # "compute-efficient", "an efficient token method"; second review of session 40: 17 lists lost a paper
                    # saying so, with "a speedup" and the like alone)
                    r"(?<!data )(?<!data-)(?<!sample )(?<!sample-)(?<!parameter-)(?<!parameter )(?<!label-)\befficiency\b|"
                    r"\b(?:compute|computationally|hardware|memory|cost)[- ]efficient\b|\befficiently\s+(?:compress|reduc|process)\w*|"
                    r"\befficient\s+(?:inference|training|streaming|processing|computation|attention|compression|token|"
                    r"pre-selection|decoding|generation)\b",
                    re.I)


_LACKS = re.compile(r"\b(?:limit|hinder|lack|sacrific|compromis|poor|suffer|without)\w*\b", re.I)


def asked_role(text: str) -> tuple[str, re.Match] | None:
    """What a list asks its papers to be ("data", "metric": to contribute one; "theory"; "speed": faster or cheaper),
    and where it says so."""
    match = ASKED.search(text)
    speed = SPEED_ASKED.search(text) if not match else None
    # ("faster / cheaper" offers no alternative to speed: both are gains of one kind)
    if speed and (not _alternative(text, speed) or SPEED_ASKED.match(re.sub(r"^\s*(?:/|or\b)\s*", "", text[speed.end():]))):
        return "speed", speed
    if not match:
        # not "theory or empirical", nor "theory or benchmarks" (fresh set AB, ab11045 zeroed VISTA's benchmark):
        # either kind of paper answers
        theory = THEORY_ASKED.search(text)
        return ("theory", theory) if theory and not _EITHER.search(text) and not _alternative(text, theory) else None
    return _contribution(text, match, match.group("noun") or match.group("new"))


def _alternative(text: str, match: re.Match) -> bool:
    """Is what `match` found one alternative of several ("metrics/evaluation frameworks", "theory or benchmarks"), or
    one example of what is asked ("(any setting, incl. theory)": fresh set AD, ad13051 kept the theory papers only)?"""
    return bool(re.match(r"\s*(?:/|or\b)", text[match.end():]) or re.search(
        r"(?:/|\bor|\bincl\.?|\bincluding|\be\.g\.|\bsuch as|\bespecially|\beven)\s*$", text[:match.start()], re.I))


def _contribution(text: str, match: re.Match, noun: str) -> tuple[str, re.Match] | None:
    """The kind of contribution `noun` names where `match` found it, unless it is one alternative of several
    ("new evaluation metrics/evaluation frameworks"): either then answers."""
    if _alternative(text, match):
        return None
    return next(k for k, pattern in _NOUNS.items() if re.fullmatch(pattern, noun.lower())), match


_BARE = re.compile(rf"\b(?P<noun>{_ANY})\b", re.I)


def named_role(text: str) -> tuple[str, re.Match] | None:
    """`asked_role`, or a contribution's noun named alone: "any benchmarks for diffusion language models?" asks for
    papers with a benchmark of their own once its topic is a domain alone (topical.domain_list)."""
    match = _BARE.search(text)
    return asked_role(text) or (_contribution(text, match, match.group("noun")) if match else None)


def introduces(text: str, kind: str = "data") -> bool:
    """Does the abstract (or sentence) announce a benchmark or dataset (a metric) of its own, or prove things?"""
    if kind == "theory":
        return bool(_THEORY.search(text))
    if kind == "speed":  # a gain, not a lack ("which limits both control precision and efficiency")
        return any(not _LACKS.search(text[max(0, m.start() - 50):m.start()]) for m in _SPEED.finditer(text))
    return bool(_INTRODUCES[kind].search(text) or kind == "data" and _NAMED.search(text))


def introducing(sentences, kind: str) -> str | None:
    """The first of the abstract's sentences that announces a contribution of `kind` (an `asked_role`): a role list
    shows it ("Which papers propose new benchmarks?")."""
    if kind == "speed":  # its best sentence on the topic shows the gain with its figure ("5.1× end-to-end speedup"; the
        return None  # first sentence naming a speed word was often the cost it starts from: second review, session 40)
    return next((s for s in sentences if introduces(s, kind)), None)


def with_role(p: np.ndarray, hits: list[Hit], topic: str, threshold: float, opens_at: float | None = None,
              loose: float = 0.0) -> np.ndarray:
    """A list's probabilities with the papers that do not have the role its topic asks for (a benchmark or dataset
    of their own, a metric, theory, a speed gain) at 0, and those that do at the threshold at least when that is all
    it asks. A topic the list opens on (a paper at `opens_at` x the threshold) still opens when the role takes that
    paper out: the best paper holding the role is raised to it ("papers that make video diffusion models cheaper or
    faster to run" opened on a paper improving physics, and abstained once it was taken out: dev au020)."""
    role = asked_role(topic)
    if not role:
        return p
    kind, match = role
    has = np.array([introduces(h.paper.text, kind) for h in hits], dtype=bool)
    rest = terms(topic[:match.start()] + " " + topic[match.end():]) - FRAME_WORDS
    # (a speed gain alone, "which papers lower latency?", is still scored by its words: a third of the papers claim one)
    out = np.where(has, p if rest or kind == "speed" else np.maximum(p, threshold), 0.0)
    # (a paper at least `loose` x the threshold, loosely related: not one in the domain asked alone, second review)
    best = int(np.argmax(out)) if len(out) else 0
    if opens_at and has.any() and float(np.max(p)) >= opens_at * threshold > float(out[best]) >= loose * threshold:
        out[best] = opens_at * threshold
    return out


# what is left of "Which papers propose new benchmarks?" or "Which papers use Mamba?" that asks nothing more
FRAME_WORDS = frozenset(terms("which what papers paper work works study studies any anything there are is anyone "
                              "working that do does the a an of about on in for with use using show me research "
                              "build built building evaluate evaluated evaluating or and targeting targeted "
                              "specifically specific dedicated aimed focused focusing test testing tested model models "
                              # ... or "Which papers employ or analyse Mamba?" (read set BF: its "or" read as two topics)
                              "employ analyse analyze apply adopt leverage exploit investigate examine involve "
                              "incorporate deal tackle address "
                              # ... or "Which papers make video diffusion models faster?" (second reviews of session 42)
                              "make try "
                              # ... or fills a list's question: "built around …", "the kind you'd get", "footage like that"
                              "around like kind sort get footage clips"))  # terms() stems "employs" too
