"""Does a named paper's abstract state the asked detail in other words than the question's?

values.py finds a detail lacking when the abstract has not its words, or has them without a value; these are the
ways an abstract still gives it: a quantity beside the detail's other words ("2.3× compression rates" for
"compression ratio"), a model's sized name for its parameter count, an experiments sentence naming benchmarks, a
paper's own size or make-up, and a class asked for that the abstract writes as its members' names.
"""

from __future__ import annotations

import re

from rag.answer.asks import Asks
from rag.answer.evidence import is_background, own_name
from rag.answer.names import compact, names_of
from rag.answer.units import COUNT, NUMBER, has_quantity, noun_dimension
from rag.answer.values import (_initials, holds_value, missing_details, named_near, spelled,
                               unvalued_details, value_kind)
from rag.answer.wording import FUNCTION, GENERIC, HAVE_WORDS, KIND_WORDS, MAKES_WORDS, MAKEUP_WORDS, SIZE_WORDS
from rag.corpus.terms import analyse, terms
from rag.index.keyword import KeywordIndex
from rag.types import Hit

# quantity nouns an abstract seldom writes beside their value: "compression ratio" is answered by "2.3× compression
# rates", "the size of SpaceVista-1M" by "a dataset comprising 1M spatial QAs" (dev w357, w359). Such a noun is
# not required; its modifiers, or the question's other asked words, must sit in a sentence with a quantity (a score:
# "what score does MotionChat get on FAVOR-Bench" by "… achieves 48.1% on FAVOR-Bench", fresh set S, s010).
# "linear probing accuracy" by "… in linear probing (85.2% vs …)" (dev o036, session 19); "what share of attention
# edges" by "suppressing substantial (58%) attention edges" (dev c017, p037)
_LOOSE_HEADS = frozenset(terms("size count ratio amount number total length duration score scores accuracy share "
                               "fraction proportion margin margins gain gains improvement improvements"))  # margin: BF bf065


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
# it may answer "which RL algorithm", so only model and data nouns set it aside
_RECIPE = re.compile(r"(?<![\w-])(?:SFT|GRPO|DPO|PPO|RLHF|RLVR|RLAIF|LoRA|QLoRA)(?![\w-])")
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
        if head and head <= _EVALUATION_DATA and any(
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
        if _dimensioned(analysis, need, head):  # "the total duration of footage": "spanning 170+ hours"
            stated.add(phrase)
        if head and head <= _SIZES and _COUNTED_NAME.search(hit.paper.text):  # "TimeChatCap-42K", "SpaceVista-1M"
            stated.add(phrase)
        if head and head <= _SPEEDUP and any(_SPED_UP.search(s) and have & _SPEED_WORDS and need - head <= have
                                             for s, have in zip(analysis.sentences, analysis.terms)):
            stated.add(phrase)
        if not head or not head <= _LOOSE_HEADS or value_kind(phrase) != "number":
            continue
        words = need - _LOOSE_HEADS or None  # none: any asked word beside the quantity
        asked = asks.ask - _LOOSE_HEADS
        if any((NUMBER.search(s) or COUNT.search(s)) and (words <= have if words else asked & have)
               for s, have in zip(analysis.sentences, analysis.terms)):
            stated.add(phrase)
    if _self_described(analysis, asks.ask, own):  # "How big is CaReBench?", "What are the parts of SegPVSG?"
        stated |= {f for phrase, _, _ in asks.details for f in (phrase, f"which {phrase}")} or {asks.attribute or "it"}
    return stated


# a dataset named with its size: "TimeChatCap-42K" gives the training set's size (dev w361), not "LIVEditor-14B"
_COUNTED_NAME = re.compile(r"\b[A-Z][\w²]*-\d+(?:\.\d+)?[KM]\b")
_SIZES = frozenset(terms("size scale big large amount volume extent magnitude"))  # not hours, a duration
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
    # self-distilled inside OCL" names no feature backbone (fresh set N, n045)
    return any(rest <= have and named_near(s, rest, own, asked, initials)
               for s, have in zip(analysis.sentences, analysis.terms))


def _dimensioned(analysis, need: frozenset[str], head: frozenset[str]) -> bool:
    """A duration or memory detail stated by a quantity of its dimension in a sentence holding its other words
    (a loose modifier, "total", aside): "training time" by "… trained in 12 hours", not by any "60s"."""
    dimension = noun_dimension(head)
    rest = need - head - _LOOSE_HEADS
    return bool(dimension) and any(has_quantity(s, dimension) and rest <= have
                                   for s, have in zip(analysis.sentences, analysis.terms))


# verbs that set the paper above another: one word for the test above ("Which closed-source model does it beat?" is
# answered by "… surpassing Gemini-2.5-Pro", fresh set C, c061)
_BEATS = frozenset(terms("beat beats outperform outperforms outperformed surpass surpasses surpassing exceed exceeds "
                         "better rival rivals"))


def _closest_own_sentence(hit: Hit, sentence_cosines) -> tuple[str, frozenset[str]] | None:
    """The abstract's sentence closest in meaning to what is asked, and its terms, when it reports the paper's own
    work (no background); None without a cosine for every sentence."""
    analysis = analyse(hit.paper.text)
    if not len(sentence_cosines) or len(sentence_cosines) != len(analysis.sentences):
        return None
    best = int(max(range(len(sentence_cosines)), key=lambda i: sentence_cosines[i]))
    sentence = analysis.sentences[best]
    return None if is_background(sentence, best, own_name(hit)) else (sentence, analysis.terms[best])


def named_in_answer(hit: Hit, asks: Asks, question: str, sentence_cosines) -> set[str]:
    """The asked name-valued details ("which base model", "which tasks") that the sentence closest in meaning to
    what is asked gives in other words: it reports the paper's own work (no background), holds a name that is
    neither the paper's nor the question's, and shares an asked word besides the detail's ("we fine-tuned
    MotionChat on Qwen2.5VL-7B" for "what base model was it fine-tuned from?"). Researchers ask for a class
    ("which closed-source model does it beat?") that abstracts write as its members' names ("surpassing
    Gemini-2.5-Pro"), so the detail's own words are no test of absence there. Not tuned: the rule was written from
    a fresh set's false "not reported" answers (/work/heldout set C, scored before the change); on dev it changes
    no "not reported" answer (the two background sentences it would have taken, dev w024 and w346, are excluded)."""
    closest = _closest_own_sentence(hit, sentence_cosines)
    if closest is None:
        return set()
    sentence, have = closest
    own = [compact(n) for n in (*names_of(hit.paper), *asks.written) if n]
    asked, initials = terms(question), _initials(question)
    stated = set()
    for phrase, need, head in asks.details:
        if (value_kind(phrase) or asks.wants) != "names":
            continue
        # a concept the sentence defines is no data it evaluates on (a component's name is the answer to its own)
        text = without_defined(sentence, hit.paper.text) if head and head <= _EVALUATION_DATA else sentence
        text = _RECIPE.sub(" ", text) if head and head <= _MODELS_AND_DATA else text
        others = asks.ask - GENERIC - FUNCTION - need - terms(" ".join(asks.written))
        shared = others & have or (others & _BEATS and have & _BEATS)  # "does it beat" / "surpassing Gemini"
        if shared and holds_value(text, "names", own, asked, initials):
            stated |= {phrase, f"which {phrase}"}
    return stated


_DEFINED = re.compile(r"((?:[\w-]+\s+){1,6})\(([A-Z][A-Za-z0-9+-]{1,9})\)")


def without_defined(sentence: str, text: str = "") -> str:
    """The sentence without the acronyms it defines and their expansions: "the Neural Tangent Kernel (NTK) regime"
    names a concept, no dataset (fresh set W, w4040: "which datasets evaluate OGD+?" took NTK for one); "on
    positive (FunQA) … benchmarks" keeps FunQA."""
    def drop(match: re.Match) -> str:
        words, acronym = match.group(1).split(), match.group(2).lower().rstrip("s+")
        for start in range(len(words)):
            if _initials(" ".join(words[start:])) == acronym:
                return " ".join(words[:start]) + " "
        return match.group(0)
    # ... and the acronyms the abstract defined before ("design in CL" after "Continual learning (CL)")
    defined = {m.group(2) for m in _DEFINED.finditer(text) if drop(m) != m.group(0)}
    sentence = _DEFINED.sub(drop, sentence)
    return re.sub(r"(?<![\w-])(?:" + "|".join(map(re.escape, defined)) + r")(?![\w-])", " ", sentence) if defined \
        else sentence


def valued_in_answer(hit: Hit, asks: Asks, question: str, sentence_cosines) -> bool:
    """A name or a number asked for in words that read as no detail ("which new metrics come with CaReBench?",
    "what numbers does it report?"): the sentence closest in meaning to what is asked reports the paper's own work,
    holds a value of the kind wanted and shares an asked word. Then the abstract gives it, however low the
    calibrated score (fresh set R, r016: 0.03 for this wording, 0.69 for "Which metrics does CaReBench
    introduce?"). Not tuned."""
    closest = None if asks.details or asks.wants not in ("names", "number") else \
        _closest_own_sentence(hit, sentence_cosines)
    if closest is None:
        return False
    sentence, have = closest
    own = [compact(n) for n in (*names_of(hit.paper), *asks.written) if n]
    asked = asks.ask - GENERIC - FUNCTION - terms(" ".join(asks.written))
    return bool(asked & have) and holds_value(sentence, asks.wants, own, terms(question), _initials(question))


def worded(hit: Hit, asks: Asks, keyword: KeywordIndex) -> bool:
    """Does one sentence of the paper hold every asked word that some abstract of the index has (two at least)?
    Then the abstract answers in the question's own words, however low the calibrated score: "which component is
    meant to cope with the video token activations?" over "… a Dynamic Range Adaptive Quantizer (DRAQ) to fit video
    token activations" (fresh set E, e004: "meant" and "cope", words no abstract uses, sank the score)."""
    wanted = frozenset(t for t in asks.ask - GENERIC - FUNCTION - KIND_WORDS if len(keyword.documents(t)))
    return len(wanted) >= 2 and any(wanted <= have for have in analyse(hit.paper.text).terms)


def lacking_details(hit: Hit, asks: Asks, question: str, sentence_cosines) -> tuple[set[str], list[str]]:
    """The asked details the abstract states, and those it lacks. A detail is lacking when the abstract has not its
    words, or has them without the value asked for ... but a quantity written beside the detail's other words
    states it ("2.3× compression rates"), whatever the calibrated score (it was low on such questions: dev w357,
    w359), and so does a member of an asked class that the sentence closest to the question names
    (`sentence_cosines()`: every sentence's cosine with what is asked, computed only when a detail seems lacking)."""
    stated = stated_details(hit, asks, question)
    lacking = [d for d in missing_details(hit, asks) or unvalued_details(hit, asks, question) if d not in stated]
    if lacking:
        stated |= named_in_answer(hit, asks, question, sentence_cosines())
        lacking = [d for d in lacking if d not in stated]
    return stated, lacking
