"""Does a named paper's abstract state the asked detail in other words than the question's?

values.py finds a detail lacking when the abstract has not its words, or has them without a value; these are the
ways an abstract still gives it: a quantity beside the detail's other words ("2.3× compression rates" for
"compression ratio"), a model's sized name for its parameter count, an experiments sentence naming benchmarks, a
paper's own size or make-up, and a class asked for that the abstract writes as its members' names.
"""

from __future__ import annotations

import re

from rag.answer.asks import Asks
from rag.answer.names import compact, names_of
from rag.answer.units import COUNT, NUMBER, has_quantity, noun_dimension
from rag.answer.said_as import spelled
from rag.answer.values import _initials, holds_value, named_near, value_kind
from rag.answer.wording import FUNCTION, GENERIC, HAVE_WORDS, KIND_WORDS, MAKES_WORDS, MAKEUP_WORDS, SIZE_WORDS
from rag.corpus.terms import analyse, terms
from rag.types import Hit

# quantity nouns an abstract seldom writes beside their value: "compression ratio" is answered by "2.3× compression
# rates", "the size of SpaceVista-1M" by "a dataset comprising 1M spatial QAs" (dev w357, w359). Such a noun is
# not required; its modifiers, or the question's other asked words, must sit in a sentence with a quantity (a score:
# "what score does MotionChat get on FAVOR-Bench" by "… achieves 48.1% on FAVOR-Bench", fresh set S, s010).
# "linear probing accuracy" by "… in linear probing (85.2% vs …)" (dev o036, session 19); "what share of attention
# edges" by "suppressing substantial (58%) attention edges" (dev c017, p037)
_LOOSE_HEADS = frozenset(terms("size count ratio amount number total length duration score scores accuracy share "
                               "fraction proportion margin margins gain gains improvement improvements "
                               # "what's the accuracy change?" by "… improving accuracy by 1.5%", "the actual latency
                               # figure" by "~60% reduction in latency" (read sets CM, CP, session 33)
                               "change changes difference increase decrease drop figure figures"))  # margin: BF bf065
# ... and nouns a figure alone states, never a count in words: "quantify its throughput advantage" by "3× higher
# throughput", "what degree of length extrapolation" by "over 12× length extrapolation" (fresh sets DN, DO of session 37)
_FIGURE_NOUNS = frozenset(terms("advantage advantages degree extent boost boosts saving savings"))
_LOOSE_HEADS |= _FIGURE_NOUNS

_PARAMETERS = frozenset(terms("parameters"))
_SIZED = re.compile(r"\b(?P<base>[A-Za-z][\w-]*)-\d+(?:\.\d+)?[BM]\b")  # a model named with its size: "LIVEditor-14B"


def _sized(hit: Hit, asks: Asks) -> bool:
    """Does the abstract name the asked model with its size ("LIVEditor-14B" for a question on LIVEditor or ISA's
    model), not another model it runs on ("Waver-T2V-12B" in Veda's)?"""
    own = {compact(n) for n in (*names_of(hit.paper), *asks.written) if n}
    return any(compact(m.group("base")) in own for m in _SIZED.finditer(hit.paper.text))


# data an evaluation names without the word "benchmark": "Experiments on Video-MME and LongVideoBench …" (dev probe:
# "What benchmarks was SCOPE tested on?" was answered "not reported")
_EVALUATION_DATA = frozenset(terms("dataset datasets benchmark benchmarks"))
# ... and a corpus something was measured on ("on which long-book corpus was perplexity measured?": read set DH,
# dh006), not one a model was trained on (second review: MARS's pretraining corpus)
_CORPUS, _MEASURED = frozenset(terms("corpus corpora")), frozenset(terms("measured evaluated tested perplexity scored"))
_EVALUATED_ON = re.compile(r"\b(?:experiments?|evaluat\w*|tested|tests?|validat\w*|results?)\b[^.;]{0,40}?"
                           r"\b(?:on|across|over)\b", re.I)
# the evaluation data are named just after "experiments on": "Experiments on multiple benchmarks corroborate our
# theoretical predictions and demonstrate the effectiveness of OPGD" names the method, no benchmark (fresh set W, w4040:
# "which datasets evaluate OGD+?" was answered with another sentence). Not tuned: "experiments on Video-MME, MLVU and
# LongVideoBench", "across three surgical datasets (Cholec80, …" name theirs within a few words
_AFTER_ON = 8


def _evaluation_named(sentence: str, own: list[str], asked: frozenset[str], initials: str) -> bool:
    """Does a name stand within _AFTER_ON words after an "experiments on / evaluated across" of the sentence?"""
    for match in _EVALUATED_ON.finditer(sentence):
        after = " ".join(sentence[match.end():].split()[:_AFTER_ON])
        if holds_value(after, "names", own, asked, initials):
            return True
    return False


# a benchmark's name says what it is: "surpassing state-of-the-art methods across EditVerseBench, IVE-Bench, and
# VIE-Bench" names benchmarks with no "experiments … on" beside them (fresh set E, e005 said "does not report")
_BENCH_NAME = re.compile(r"(?<![\w-])[A-Z][\w.]*-?Bench(?:mark)?\b")
# tasks are named in plain words ("Comprehensive experiments on object discovery, recognition and visual reasoning"):
# an experiments sentence states them, name or not (fresh set C, c066 said "does not report its tasks")
_TASKS = frozenset(terms("task tasks"))
# a training recipe names no model and no data: "under a standard SFT→GRPO pipeline, models post-trained on VideoKR
# …" gives no base model (read sets AS and AU, session 22, both asked it of VideoKR and were quoted that sentence);
# it may answer "which RL algorithm", so only model and data nouns set it aside; nor does "pure RL post-training"
# (read set CT, ct042: "Which base VLM was Video-MTR post-trained from?" was quoted that sentence)
_RECIPE = re.compile(r"(?<![\w-])(?:RL|SFT|GRPO|DPO|PPO|RLHF|RLVR|RLAIF|LoRA|QLoRA)(?![\w-])")
_MODELS_AND_DATA = frozenset(terms("model models base backbone backbones llm llms vlm vlms mllm mllms teacher "
                                   "student dataset datasets benchmark benchmarks corpus checkpoint checkpoints"))


# data the paper builds, named where it introduces it: "We also introduce VGrounding-QA, which converts …" answers
# "what dataset do they build alongside it?" though the abstract never writes "dataset" (read set AV, av072 said it
# does not report one); only asked of what the paper makes, and a name that is not the paper's own. Not
# titles.INTRO_VERB: its "propose", "develop", "design" present methods ("we propose DramaSR-LRM", "we propose
# DirectMe"), which would state a dataset for a paper that builds none
_INTRODUCES = re.compile(r"\b[Ww]e (?:also |further |additionally )?(?:introduce|present|release|construct|build|curate|"
                         r"collect|create|contribute)\s+(?:a |an |the )?(?:new )?(?P<name>[A-Z][\w.]*[A-Z0-9][\w.-]*)")


def _introduced_name(analysis, own: list[str]) -> bool:
    return any(compact(m["name"].rstrip(".")) not in own for s in analysis.sentences for m in _INTRODUCES.finditer(s))


# a model built on another names its backbone or base model without the word (second review: "motionsight backbone
# llm?" said "does not report its backbone llm" above "we fine-tuned MotionChat on Qwen2.5VL-7B")
_BASE_WORDS = frozenset(terms("backbone backbones base llm llms vlm vlms mllm mllms lmm lmms underlying model models"))
_BUILT_ON_NAME = re.compile(r"\b(?:fine-?tuned?|finetuned?|built|based|initiali[sz]ed|adapted)\s+(?:[\w-]+\s+){0,3}?"
                            r"(?:on|from|upon)\s+(?:top\s+of\s+)?(?P<name>(?-i:[A-Z])[\w.-]*\d[\w.-]*)", re.I)


def stated_details(hit: Hit, asks: Asks, question: str) -> set[str]:
    """The asked details that the abstract answers though not in the question's words: a loose quantity noun
    ("compression ratio", "size") by a sentence holding a quantity with every other word of the detail (with
    none: an asked word); a parameter count by the model's sized name; evaluation data by the names an
    experiments sentence gives (in both forms the lacking lists use: "datasets", "which datasets")."""
    analysis = analyse(hit.paper.text)
    own = [compact(n) for n in (*names_of(hit.paper), *asks.written) if n]
    question_terms, initials = terms(question), _initials(question)
    stated = set()
    for phrase, need, head in asks.details:
        if need & _PARAMETERS and _sized(hit, asks):  # "LIVEditor-14B" states its parameter count
            stated.add(phrase)
        if head and (head <= _EVALUATION_DATA or head <= _CORPUS and question_terms & _MEASURED) and any(
                _evaluation_named(s, own, question_terms, initials)
                or any(holds_value(m.group(0), "names", own, question_terms, initials) for m in _BENCH_NAME.finditer(s))
                for s in analysis.sentences):
            stated |= {phrase, f"which {phrase}"}
        if head and head <= _EVALUATION_DATA and question_terms & MAKES_WORDS and _introduced_name(analysis, own):
            stated |= {phrase, f"which {phrase}"}
        # ... which tasks, not how many: "featuring realistic tasks" counts none (fresh set U, ParallelBench)
        if head and head <= _TASKS and value_kind(phrase) != "number" and any(
                _EVALUATED_ON.search(s) for s in analysis.sentences):
            stated |= {phrase, f"which {phrase}"}
        if _reworded(analysis, phrase, need, head, asks.wants, own, question):
            stated |= {phrase, f"which {phrase}"}
        if head and head <= _BASE_WORDS and any(  # "we fine-tuned MotionChat on Qwen2.5VL-7B" names its backbone
                holds_value(m.group("name"), "names", own, question_terms, initials)
                for m in _BUILT_ON_NAME.finditer(hit.paper.text)):
            stated |= {phrase, f"which {phrase}"}
        # the model a paper beats, named where it says so ("Which closed-source model does it beat?" / "…, surpassing
        # Gemini-2.5-Pro": dev c061, bl065 said "does not report its closed-source model")
        if value_kind(phrase) == "names" and _BEAT_ASKED.search(question) and any(
                holds_value(m.group("name"), "names", own, question_terms, initials)
                for s in analysis.sentences for m in _BEATS.finditer(s)):
            stated |= {phrase, f"which {phrase}"}
        if _dimensioned(analysis, need, head):  # "the total duration of footage": "spanning 170+ hours"
            stated.add(phrase)
        # ... a size of data only: "what batch size did MUSE train with" is not given by its teacher "InternViT-300M"
        # (a second review of session 45, qe071)
        if head and head <= _SIZES and need - head <= _DATA_WORDS and _COUNTED_NAME.search(hit.paper.text):
            stated.add(phrase)
        if head and head <= _SPEEDUP and any(_SPED_UP.search(s) and have & _SPEED_WORDS and need - head <= have
                                             for s, have in zip(analysis.sentences, analysis.terms)):
            stated.add(phrase)
        # the noun as written, though a kind word ("gain", "figure") leaves the detail's terms: "What performance
        # gain …?" / "… yields consistent gains of 10–20% over competitive baselines"; "what's the end-to-end figure"
        noun = terms(phrase.split()[-1]) if phrase.strip() else frozenset()
        said = bool(noun) and noun <= _LOOSE_HEADS
        if not head or not (said or head <= _LOOSE_HEADS and value_kind(phrase) == "number"):
            continue
        words = need - _LOOSE_HEADS or None  # none: any asked word beside the quantity
        asked = asks.ask - _LOOSE_HEADS
        # ... by a figure, not a count in words: "two subsets", "three core components" state no gain, degree or
        # advantage (second review)
        in_words = not (said or head & _FIGURE_NOUNS)
        if any((NUMBER.search(s) or in_words and COUNT.search(s)) and ((spelled(words, _as_data(s, have)) == words if words
                                                                         else asked & have) or said and noun <= have)
               for s, have in zip(analysis.sentences, analysis.terms)):
            stated.add(phrase)
    if _RANGE_ASKED.search(question) and any(_RANGE.search(s) for s in analysis.sentences):
        stated |= {f for phrase, _, _ in asks.details for f in (phrase, f"which {phrase}")}
    if _self_described(analysis, asks.ask, own):  # "How big is CaReBench?", "What are the parts of SegPVSG?"
        stated |= {f for phrase, _, _ in asks.details for f in (phrase, f"which {phrase}")} or {asks.attribute or "it"}
    return stated


# a range asked is stated by a range of quantities: "from what length up to what length …?" / "from 4K to up to 64K
# tokens" (read set CS, cs009: the abstract never writes "length", and a length counted in tokens anywhere made dataset
# sizes answer "what sequence length": second review)
_RANGE_ASKED = re.compile(r"\bfrom\s+what\s+(?:[\w-]+\s+){1,2}?(?:up\s+)?to\s+what\b", re.I)
# ... of sizes or durations ("from 92% to 50%" is a share: no length, no resolution)
_RANGE = re.compile(r"\bfrom\s+~?\d[\d.,]*\s*[KMB]?\s+(?:[\w-]+\s+)?(?:up\s+)?to\s+(?:up\s+to\s+)?~?\d[\d.,]*\s*"
                    r"(?:[KMB]\b|tokens|frames|seconds|s\b|minutes|hours|layers|steps|pixels|p\b)")
# a dataset named with its size: "TimeChatCap-42K" gives the training set's size (dev w361), not "LIVEditor-14B"
_COUNTED_NAME = re.compile(r"\b[A-Z][\w²]*-\d+(?:\.\d+)?[KM]\b")
_SIZES = frozenset(terms("size scale big large amount volume extent magnitude"))  # not hours, a duration
_DATA_WORDS = frozenset(terms("data dataset datasets training train set corpus collection benchmark benchmarks total overall "
                              "its their"))
# a speed-up as a relative figure of latency, speed or throughput: "a ~60% reduction in latency" answers "What speedup
# does ISA report?" (a session 26 probe: "does not report its speedup"); not "30 fps" nor a latency grown by 20%
_SPEEDUP = frozenset(terms("speedup speedups acceleration"))
_SPEED_WORDS = frozenset(terms("latency faster speed accelerates acceleration throughput runtime"))
_SPED_UP = re.compile(r"(?:\d[\d.]*\s?(?:%|×|x\b|times\b)[^.;]{0,40}?\b(?:reduc\w*|lower\w*|faster|fewer|less|cut\w*|"
                      r"speed\w*|acceler\w*|higher throughput|saving\w*)|\b(?:reduc\w*|lower\w*|cut\w*|speed\w*|acceler\w*)"
                      r"\b[^.;]{0,40}?\d[\d.]*\s?(?:%|×|x\b|times\b))(?![^.;]{0,20}\b(?:increase|grow|slower|higher latency))",
                      re.I)


# a paper's own size or make-up (wording.SIZE_WORDS, MAKEUP_WORDS) is given in other words: a quantity answers the
# first, a sentence saying what the paper is made of the second; the sentence must name the paper (or follow one
# that does and open with "It", "This" …). Not tuned: written from the fresh set's wordings
# (eval/questions/fresh_facts2.jsonl, scored before the change) and dev a446, b415
_COMPOSED = re.compile(r"\b(?:consist\w*|compris\w*|compos\w*|made up of|integrat\w*|components?|modules?)\b", re.I)
# a size as a count of things, not a gain: "170+ hours of", "315K video reasoning examples", "1,000 high-quality
# pairs", never "5.1× speedup" or "by 3.8%" (a method's result is no size of it)
_AMOUNT = re.compile(r"(?<![\w.])\d[\d,.]*\s?(?:[KMB]|thousand|million|billion)?\+?\s+(?:[\w-]+\s+){0,3}?[A-Za-z-]+s\b")
_ANAPHOR = re.compile(r"^\s*(?:it|this|these|they|the (?:dataset|benchmark|corpus|model|framework|method))\b", re.I)


def _self_described(analysis, asked: frozenset[str], own: list[str]) -> bool:
    """Does the paper describe its own size or make-up, when that is all the question asks (`asked`, its terms:
    not "the size of its vocabulary")?"""
    words = asked - HAVE_WORDS
    if not words or not (words <= SIZE_WORDS or words <= MAKEUP_WORDS):
        return False
    wants = (_AMOUNT if words <= SIZE_WORDS else _COMPOSED).search
    named = [bool(own) and any(o in compact(s) for o in own if o) for s in analysis.sentences]
    return any(wants(s) and (named[i] or i and named[i - 1] and _ANAPHOR.match(s))
               for i, s in enumerate(analysis.sentences))


def _reworded(analysis, phrase: str, need: frozenset[str], head: frozenset[str], wants: str, own: list[str],
              question: str) -> bool:
    """A detail asking for names whose head noun the abstract never writes, given in other words: one sentence
    holds its every other word and a name ("which temporal grounding benchmarks": "… temporal grounding (e.g.,
    Charades-STA, ActivityNet-Captions)"). Not numbers: "number of frames per second" is no "50% less frame input"
    (dev w347)."""
    rest = need - head
    if not rest or (value_kind(phrase) or wants) != "names" or spelled(head, analysis.all_terms):
        return False
    asked, initials = terms(question), _initials(question)
    # the name stands beside those words (values.NEAR): "rich input-feature information, by a tiny module
    # self-distilled inside OCL" names no feature backbone (fresh set N, n045); an acronym the sentence defines is
    # those words again ("Video anomaly detection (VAD) systems …" names no anomaly detection dataset: read set CC)
    return any(rest <= have and named_near(_without_acronyms(s), rest, own, asked, initials)
               for s, have in zip(analysis.sentences, analysis.terms))


_DEFINED = re.compile(r"\s*\((?P<acronym>[A-Z][A-Za-z]{1,7}?)s?\)")


def _without_acronyms(sentence: str) -> str:
    """The sentence without the acronyms it defines in brackets after their words ("video anomaly detection (VAD)")."""
    def defined(match: re.Match) -> str:
        letters = match.group("acronym").lower()
        return "" if _initials(sentence[:match.start()])[-len(letters):] == letters else match.group(0)
    return _DEFINED.sub(defined, sentence)


_BEAT_ASKED = re.compile(r"\b(?:beat|beats|beaten|outperform\w*|surpass\w*|exceed\w*|top|tops|topped)\b", re.I)
_BEATS = re.compile(r"\b(?:surpass\w*|outperform\w*|beat\w*|exceed\w*|better\s+than)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
                    r"(?P<name>[\w.-]*[A-Z][\w.-]*[A-Z0-9][\w.-]*)")


# a dataset's size is counted in its samples: "What dataset size did Video-MTR train on?" / "… using only ~8K training
# samples" (dev w356 said "does not report its dataset size")
_COUNTED_SAMPLES = re.compile(r"\d[\d.,]*\s*[KMB]?\+?\s+(?:[\w-]+\s+){0,2}?(?:samples|examples|instances)\b")
_DATASET = frozenset(terms("dataset datasets"))


def _as_data(sentence: str, have: frozenset[str]) -> frozenset[str]:
    # (counted: "first samples a set of hypotheses" counts none, second review)
    return have | _DATASET if _COUNTED_SAMPLES.search(sentence) else have


def _dimensioned(analysis, need: frozenset[str], head: frozenset[str]) -> bool:
    """A duration or memory detail stated by a quantity of its dimension in a sentence holding its other words
    (a loose modifier, "total", aside): "training time" by "… trained in 12 hours", not by any "60s"."""
    dimension = noun_dimension(head)
    rest = need - head - _LOOSE_HEADS
    return bool(dimension) and any(has_quantity(s, dimension) and rest <= have
                                   for s, have in zip(analysis.sentences, analysis.terms))
