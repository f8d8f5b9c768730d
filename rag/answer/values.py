"""Does a named paper's abstract give the value asked for, or only the attribute's words?

"Which three surgical datasets was X validated on?" over "We validate on three surgical datasets" has the
words but no dataset named; "What speedup does X reach?" over "X speeds up decoding" has no quantity. The
sentences holding the asked noun must hold a value of the kind wanted: a name other than the paper's own
and the question's own words (nor their acronym: "MMA" for "modality-mutual attention"), or a quantity.
"""

from __future__ import annotations

import re

from rapidfuzz import process
from rapidfuzz.distance import OSA

from rag.answer.asks import Asks
from rag.answer.evidence import _NAMED
from rag.answer.names import compact, names_of
from rag.answer.said_as import COUNTED_AS, ORDER, RATES, spelled
from rag.answer.units import COUNT, ENUMERATOR, NUMBER, asked_dimension, count_near, has_quantity
from rag.corpus.terms import analyse, terms
from rag.corpus.titles import COMMON_ACRONYMS
from rag.retrieval.spelling import max_edits
from rag.types import Hit

# nouns whose value is a name ("which backbones" → "LLaMA-2, Qwen2"), unlike "which components" or "what
# mechanism", answered in plain words ("a temporal module and a spatial module")
_NAMED_THINGS = frozenset(terms("dataset datasets benchmark benchmarks model models backbone backbones encoder "
                                "encoders decoder generator generators baseline baselines llm llms vlm vlms mllm mllms "
                                # ... an LMM too ("which base LMM does flownar sit on?": read set DD, dd039)
                                "lmm lmms lvlm lvlms dllm dllms checkpoint checkpoints teacher student "
                                "network networks architecture corpus optimizer detector classifier "
                                # ... a kind of model by its acronym ("which GAN did they bolt their module onto?": fresh
                                # set EG, read in session 46)
                                "gan gans vae vaes vit vits cnn cnns rnn rnns "
                                # places and tongues are named, never described (read sets CH, CK: "which 11 cities")
                                "city cities country countries language languages hospital hospitals"))


# nouns whose value is a quantity: "what speedup", "which accuracy"
_QUANTITIES = frozenset(terms("speedup speedups accuracy percentage ratio throughput latency size count time duration "
                                "score scores bit-width bitwidth precision rate rates share fraction proportion margin "
                                "margins dimensionality fps "
                                # a memory measured ("peak GPU memory in GB", "memory footprint": fresh set EB, eb043)
                                "peak footprint consumption"))
_AGAINST = re.compile(r"\s+(?:vs\.?|versus|over|against|compared\s+(?:to|with)|relative(?:\s+to)?)(?:\s+.*)?$", re.I)


def missing_details(hit: Hit, asks: Asks) -> list[str]:
    """The asked details ("learning rate", "batch size", "anomaly detection datasets") whose head word (or every
    word) the paper's abstract lacks, in any spelling ("licence" for "CC-licensed")."""
    analysis = analyse(hit.paper.text)
    have = analysis.all_terms
    # (beside what it was for, if the question asks: "How much footage does FlowNar use for training?" is not answered
    # by "… supporting processing of 10× longer videos")
    purpose = asks.ask & _PURPOSES
    have = have | frozenset(w for w, said in _SAID_AS.items()
                            if any(_VIDEO_AMOUNT.search(s) and purpose <= words
                                   for s, words in zip(analysis.sentences, analysis.terms)))
    have = have | (RATES if ORDER.search(hit.paper.text) else frozenset())
    # a hyphenated head is one noun: "bit-width" is lacking from "low-bit quantization" (fresh set X, x6030)
    return [phrase for phrase, need, head in asks.details if not spelled(need, have) or spelled(head, have) != head]


# footage is what the abstracts call videos, clips or hours of observations ("How much footage … in UCS-Bench?" /
# "spanning 170+ hours of egocentric visual observations", "how much longer footage can FlowNar take" / "10× longer
# videos": read sets DP, DQ said "does not report its amount of footage")
# ... counted there: "How much footage is in the Live Gaming Benchmark?" is not answered by "a large-scale dataset" (second
# review, session 39: 16 such verdicts lost when any mention of video stood for it)
_SAID_AS = {w: frozenset(terms("video videos clips hours recordings")) for w in terms("footage")}
_VIDEO_AMOUNT = re.compile(r"\d[\d.,]*\s*[KMB]?\+?\s*(?:×\s*)?(?:[\w-]+\s+){0,3}?(?:hours|videos|clips|recordings)\b")
_PURPOSES = frozenset(terms("train training trained pretrain pretraining finetune finetuning evaluate evaluation test "
                            "testing"))


# a model or dataset name as a question writes one ("Charades-STA", "Qwen2.5-VL", "LLaVA"): two capitals or a digit
_NAME = re.compile(r"(?<![\w-])(?=[\w-]*[A-Z][\w-]*[A-Z0-9])[A-Za-z][\w.-]{3,}(?<![.-])(?![\w-])")


def unnamed(hit: Hit, question: str, own: tuple[str, ...], ignored: frozenset[str] = frozenset()) -> list[str]:
    """Names the question writes (a benchmark, a model) that the paper's abstract never writes, in any case or
    hyphenation, nor are the paper's own names (`own`, the question's words for it) or `ignored` (venues): "What
    does it score on Charades-STA?" of V-LynX, whose abstract names other benchmarks (fresh follow-up v518 quoted
    them as if they answered)."""
    letters = [c for c in question if c.isalpha()]
    if sum(c.isupper() for c in letters) > len(letters) / 2:  # a title in capitals: every word looks like a name
        return []
    whole = f"{hit.paper.title} {hit.paper.text}"
    text = compact(whole)
    # ... nor a field's acronym ("SOTA", "LLM"): "which benchmarks do they claim to beat SOTA on?" names none
    skip = {compact(n) for n in (*own, *names_of(hit.paper))} | ignored | {a.lower() for a in COMMON_ACRONYMS}
    missing = []
    for name in dict.fromkeys(_NAME.findall(question) + _SOFTWARE.findall(question)):
        key = compact(name)
        key = key[:-1] if re.search(r"[A-Z]s$", name) else key  # "LLMs" is written "LLM"
        # of a compound, its name-like parts: "IgM-enriched" is IgM's, "UNICEF-recommended" UNICEF's
        parts = [p for p in re.split(r"[-‐–]", name) if re.search(r"[A-Z][\w.]*[A-Z0-9]", p)]
        held = key in text or bool(parts) and all(
            re.search(rf"(?<![A-Za-z0-9]){re.escape(p)}(?![A-Za-z0-9])", whole, re.I) for p in parts)
        # a typo of a title's name too, or of the paper's own ("SpaceVsta" of SpaceVista-7B: read set DE, de063)
        if key not in skip and not held and not _misspelled(key, whole, skip):
            missing.append(f"anything about {name}")
    return missing


# software a question names in lower case, as people type it ("is the kernel written in triton or cuda?", "smoothsa code -
# pytorch or jax?": dev ab11057, ad13005 quoted the abstract as if it said)
_SOFTWARE = re.compile(r"(?<![\w-])(?i:pytorch|tensorflow|jax|triton|cuda|keras|mindspore|paddlepaddle|mxnet|onnx|tensorrt)"
                       r"(?![\w-])")


def _misspelled(key: str, text: str, own: set[str] = frozenset()) -> bool:
    """Is the name one of the abstract's own names (or the paper's, `own`) with a typo ("OPDG" for "OPGD", dev d063)?"""
    names = {compact(n) for n in _NAME.findall(text)} | set(own)
    return process.extractOne(key, names, scorer=OSA.distance, score_cutoff=max_edits(key)) is not None


_TESTED_ON = frozenset(terms("dataset datasets benchmark benchmarks"))  # what a paper is tested on, in either word


def unvalued_details(hit: Hit, asks: Asks, question: str) -> list[str]:
    """The asked details ("three surgical datasets") whose sentences in the abstract hold no value of the kind
    the detail is (a name, a number), worded for "does not report …" ("which LLM backbones", "number of
    layers"); none for details answered in words, or whose head the abstract lacks."""
    analysis = analyse(hit.paper.text)
    own = [compact(n) for n in (*names_of(hit.paper), *asks.written) if n]
    asked = terms(question)
    initials = _initials(question)
    dimension = asked_dimension(question)  # the answer asked in a unit: a quantity of its dimension must give it
    missing = []
    for phrase, need, head in asks.details:
        wants = value_kind(phrase)
        if not wants:
            continue
        # an acronym's plural is its own term ("VLMs" → "vlms"): the abstract's "VLMs" holds the question's "VLM"
        # ... or its sibling ("datasets" as the abstract's "benchmarks": a second review of session 45)
        direct = all(w in analysis.all_terms or f"{w}s" in analysis.all_terms for w in head)
        held = direct or head <= _TESTED_ON and all(COUNTED_AS.get(w, frozenset()) & analysis.all_terms for w in head)
        # a sentence holding every word of named things with a modifier is theirs: "the five downstream benchmarks" are
        # not those "on positive (FunQA) and negative (Oops!) surprise benchmarks" (dev pa103, session 41); a count
        # may sit elsewhere ("900 unique characters" after "Long-form TV dramas …": dev bj010)
        whole = [s for s, have in zip(analysis.sentences, analysis.terms)
                 if all(w in have or f"{w}s" in have for w in need)] if wants == "names" and len(need) > 1 else []
        need, head = (frozenset(w for x in words for w in (x, f"{x}s")) for words in (need, head))
        # every sentence holding one of its words: the value may sit beside another of them ("423 stereo videos"
        # for "number of stereo pairs"), and a sentence too many only keeps the answer
        # ... but where some sentence holds the head noun or every other word, those are the detail's ("how many
        # scale-aware experts": "… an anchor for scale-aware experts", not "across 5 spatial scales"; "how much
        # training data": "~8K training samples")
        on = whole or (_holding(analysis, head, need - head)
                       or [s for s, have in zip(analysis.sentences, analysis.terms) if need & have])
        # (and the phrase's last word, which the head may leave out as too generic: "multimodal models", dx009)
        alike = frozenset().union(*(COUNTED_AS.get(w, frozenset()) for w in head | terms(phrase.split()[-1])))
        on += [s for s, have in zip(analysis.sentences, analysis.terms) if alike & have and s not in on]
        # a name must stand beside the detail's words: "Which teacher video diffusion model …?" is not answered by
        # "Distribution Matching Distillation (DMD) is a … paradigm for … video diffusion models" (dev w024)
        near = need if direct else need | alike  # (a name beside the sibling when the abstract writes only that)
        valued = (lambda s: named_near(s, near, own, asked, initials)) if wants == "names" else \
            (lambda s: holds_value(s, wants, own, asked, initials))
        if held and not any(valued(s) for s in on):
            missing.append(f"which {phrase}" if wants == "names" else phrase)  # "does not report which …"
        elif dimension and wants == "number" and not any(has_quantity(s, dimension) for s in on):
            missing.append(phrase)  # "latency in milliseconds": "superior response latency" gives none
        elif phrase.startswith("number of ") and not any(count_near(s, need | alike) for s in on):
            missing.append(phrase)  # "how many annotators": "11 cities … and manual annotation" counts none
    return missing


# words between a detail's word and its name: "teacher InternViT-300M", "benchmarks including Video-MME and …",
# "on EventHallusion, MVBench, …". Dev (720 q) at 4 and at 6 alike: not-reported 0.931 -> 0.944, nothing else moved;
# 5 since session 41 ("positive (FunQA) and negative (Oops!) surprise benchmarks", a probe; dev (5,865) unchanged)
NEAR = 5


def named_near(sentence: str, need: frozenset[str], own: list[str], asked: frozenset[str], initials: str) -> bool:
    """Does a name of the kind holds_value accepts stand within NEAR words of one of the detail's words?"""
    spans = [(m.start(), m.end()) for m in re.finditer(r"[\w-]+", sentence)]
    at = [i for i, (a, b) in enumerate(spans) if terms(sentence[a:b]) & need]
    # "from a teacher model, while Discriminative Finetuning …" names no teacher: a detail said with "a"/"an" is named
    # only inside its own phrase ("a Qwen2-VL backbone"), at once after it ("a teacher model (InternViT-300M)") or
    # after "namely", "such as" (diagnostic set BI, bi022; second review)
    some = {j: j - len(m.group(0).split()) for j in at for m in [_INDEFINITE.search(sentence[:spans[j][0]])] if m}
    for m in _NAMED.finditer(sentence):
        if not holds_value(m.group(0), "names", own, asked, initials) or _a_class(m.group(0), sentence):
            continue
        first = next(i for i, (a, b) in enumerate(spans) if b > m.start())
        last = max(i for i, (a, b) in enumerate(spans) if a < m.end())
        # ... or the name apposed just before it: "the Live Gaming Benchmark, a large-scale dataset" (read set DW, dw005)
        if any(some[j] <= first <= j + 2 or j < first <= j + NEAR and _INTRODUCES.search(
                sentence[spans[j][1]:m.start()]) or re.fullmatch(r"\s*,\s*", sentence[m.end():spans[some[j]][0]])
               if j in some else first - NEAR <= j <= last + NEAR for j in at):
            return True
    return False


# "a teacher", "an off-the-shelf video generation model": up to two words between the article and the detail's word
_INDEFINITE = re.compile(r"\b(?:a|an)\s+(?:[\w-]+\s+){0,2}$", re.I)
_INTRODUCES = re.compile(r"\b(?:namely|such\s+as|e\.g\.|i\.e\.|called|named|specifically|like)\b", re.I)


def _holding(analysis, head: frozenset[str], rest: frozenset[str]) -> list[str]:
    """The sentences holding the detail's head noun, or every one of its other words."""
    return [s for s, have in zip(analysis.sentences, analysis.terms) if head & have or (rest and rest <= have)]


def value_kind(phrase: str) -> str:
    """"number" for "number of layers" or "speedup", "names" for "LLM backbones", "" for "proposed framework"."""
    # what a quantity is measured against says nothing of its kind: "fps gain vs the baselines" asks a number (read
    # set DD, dd001 said "does not report which fps gain vs the baselines")
    # ... nor of the thing's kind at all ("the frames-per-second gain over the baselines" asks no baselines' names:
    # fresh set EB, eb003)
    if _AGAINST.search(phrase) and _AGAINST.sub("", phrase).strip():
        return value_kind(_AGAINST.sub("", phrase))
    if re.match(r"(?:number|amount) of\b", phrase, re.I) or terms(phrase) & _QUANTITIES:
        return "number"
    return "names" if terms(phrase.split()[-1]) & _NAMED_THINGS else ""


def holds_value(sentence: str, wants: str, own: list[str], asked: frozenset[str], initials: str) -> bool:
    """A quantity ("3 LLMs", "60%"), or a name that is neither the paper's, the question's, nor their acronym."""
    if wants == "number":  # an enumerator ("(1) achieving low-latency inference") is no quantity
        sentence = ENUMERATOR.sub(" ", sentence)
        return bool(NUMBER.search(sentence) or COUNT.search(sentence))
    for name in _NAMED.findall(sentence):
        key = compact(name)
        singular = re.sub(r"(?<=[A-Z])s$", "", name)  # "LLMs" is the question's "LLM"
        if any(key in o or o in key for o in own) or terms(singular) <= asked:
            continue
        if name.isupper() and key in initials:  # "VAD" for "video anomaly detection"
            continue
        if singular.isupper() and any(len(a) > 2 and a in key for a in asked):  # "MLLMs" for the question's "LLM"
            continue
        if _spelled_out(name, asked):  # "Visual-Language" (Models) for the question's "VLM" (read set CT, ct042)
            continue
        if _a_class(name, sentence):  # "a Multimodal Language Model (MLLM)", "diffusion LLMs (dLLMs)"
            continue
        return True
    return False


# a class of model written as a name: a field's acronym with a letter before it ("dLLMs"), or words spelling one out
# before it in brackets ("a simple baseline based on a Multimodal Language Model (MLLM)"): no model of its own (read
# sets DG, DH, session 36: CaReBench's and ParallelBench's were quoted as naming the language models asked)
_FIELD_ACRONYM = re.compile(rf"[a-z]?(?:{'|'.join(sorted(COMMON_ACRONYMS, key=len, reverse=True))})s?", re.I)


def _a_class(name: str, sentence: str) -> bool:
    if _FIELD_ACRONYM.fullmatch(name) and (name[0].islower() or name.endswith("s")
                                           or re.search(rf"\(\s*{re.escape(name)}\s*\)", sentence)):
        return True  # "dLLMs", "autoregressive LLMs", "… Model (MLLM)" (not "a Mamba-enhanced … MLLM": dev r011)
    if not re.fullmatch(r"[A-Za-z][a-z]+(?:[\s-]+[A-Za-z][a-z]+)+", name):  # plain words only ("Qwen2.5-VL" is a model)
        return False
    bracket = re.search(rf"{re.escape(name)}\s*\((?P<acronym>[\w-]+)\)", sentence)
    return bool(bracket and _FIELD_ACRONYM.fullmatch(bracket.group("acronym")))


def _spelled_out(name: str, asked: frozenset[str]) -> bool:
    """Is the name plain capitalised words whose initials begin an acronym the question asks ("Visual-Language" for
    "VLM")? Not a coined name ("Video-LLaVA" is a model that may answer "which base VLM")."""
    parts = [p for p in re.split(r"[-\s]+", name) if p]
    if len(parts) < 2 or not all(re.fullmatch(r"[A-Z][a-z]+", p) for p in parts):
        return False
    initials = _initials(name)
    # ... an adjective may open it: "Recent Large Multimodal Models" for "LMM" (read set DD, dd039)
    return any(a.startswith(initials) and len(a) <= len(initials) + 1
               or len(a) >= 3 and initials.endswith(a) and len(initials) == len(a) + 1 for a in asked if len(a) <= 5)


def _initials(question: str) -> str:
    """The first letters of the question's words, hyphenated parts apart: "modality-mutual attention" → "mma"."""
    return "".join(w[0] for w in re.findall(r"[A-Za-z]+", question)).lower()
