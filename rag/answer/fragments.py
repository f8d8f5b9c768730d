"""A question typed as a noun phrase that asks a detail: "learning rate of Veda?", "Veda batch size?", "upi: exact number
of auxiliary forward passes needed?", "KERN router: number of experts …" (split from attribute.py, which reads the
detail a full question asks)."""

from __future__ import annotations

import re

# a question typed as a noun phrase, the paper's name taken out: "batch size for Video-MTR's RL training?",
# "learning rate of Veda?", "Veda batch size?" ask for "batch size" / "learning rate" as "What is …?" would (fresh
# set R, r050, answered with another sentence: no attribute, so never "does not report"). Not tuned.
QUESTION_WORD = re.compile(r"^\s*(?:what|which|who|whom|whose|where|when|why|how|does|do|did|is|are|was|were|can|could|"
                            r"would|will|should|has|have|had|tell|give|list|name|show|describe|explain|summari[sz]e|"
                            r"compare|find|any|i|there|please)\b", re.I)
# the details such a fragment asks for, by their head noun: a short question ending in another noun ("numbers
# pls", "SegPVSG mR@50 gain") asks for no detail an abstract could lack
# ("lsgquant bit width", "metatrans backbone network": fresh set AB, ab11059 and ab11065)
_DETAIL_HEADS = re.compile(r"\b(?:size|rate|duration|fps|frame rate|runtime|(?:inference|training|wall-?clock) time|optimi[sz]er|backbone|licen[cs]e|resolution|parameters?|params|epochs?|steps|"
                           r"hardware|GPUs?|TPUs?|layers|latency|memory|encoder|dimension|budget|seed|temperature|"
                           r"overhead|top-?k|"  # "macd decoding latency overhead?" (qc075), "KERN: … #experts, top-k?" (EK, ek044)
                           r"(?:training )?compute|GPU[- ]hours|FLOPs|"
                           r"hyper-?parameters?|schedule|framework|language|annotators?|GPU type|hardware type|"
                           r"cit(?:y|ies)|countr(?:y|ies)|hospitals?|"  # "UrbanFeel: which 11 cities exactly?" (read set CH)
                           r"bit[- ]?widths?|precision|capacity|param(?:eter)? count|GPU count|backbone (?:network|model|architecture)|"
                           # ... a layer's index; a unit may follow the detail ("macd decoding latency ms per token",
                           # "massive emergence layer layer index": diagnostic set BI, no attribute was read)
                           r"layer index|index of the layer|"
                           # ... a model the paper builds on, or its name ("veda: GPU model used for …", "flownar: base
                           # LMM / backbone name": an agent's keyword queries, read set BX)
                           # (not "vision / language models": a topic, "PPLLaVA: video large language models", second review)
                           r"(?:GPU|base|teacher|student|backbone|underlying|reasoning)\s+models?|"
                           r"(?:backbone|model|base\s+model)\s+names?|"
                           # ... the model family under it ("flownar backbone llm?": read set DJ, dj044)
                           r"(?:backbone|base|underlying)\s+(?:LLMs?|LMMs?|VLMs?|MLLMs?|language\s+models?))"
                           r"(?:\s+(?:in\s+)?(?:ms|milliseconds|GB|MB|GiB|fps))?"
                           # ... and the stage it is asked of ("metatrans gpu hours to train?": read set DJ, dj046)
                           r"(?:\s+(?:to|for|during|at)\s+(?:train|training|pre-?train(?:ing)?|fine-?tun(?:e|ing)|inference))?"
                           # ... or what was done with it ("kern: largest model size tested, param count?": qc073)
                           r"(?:\s+(?:tested|evaluated))?$", re.I)
# a count asked as a noun phrase is a detail whatever it counts: "upi: exact number of auxiliary forward passes
# needed?" (fresh set AB, ab11061: no attribute, so never "does not report" of an abstract saying "a few")
_COUNTED = re.compile(r"^\s*(?:(?:the|exact|total|max(?:imum)?|min(?:imum)?|average|avg)\s+)*(?P<what>number of "
                      r"[\w-]+(?: [\w-]+){0,3}?)(?:\s+(?:needs?|needed|requires?|required|uses?|used|takes?|of|for|in|"
                      r"per|on|by|with|at|during|when|that)\b.*)?\s*$", re.I)


def detail_fragment(text: str) -> re.Match | None:
    """A question of a few words that is a noun phrase asking a detail: "learning rate of Veda?"."""
    # a long noun phrase with a detail head ("learning rate and batch size for the grpo stage when post-training on
    # videokr?", fresh set W, w4039) asks it as well as a short one does; the head test below keeps it to details
    if len(text.split()) > 14:
        return None
    if which := _WHICH_DETAIL.match(text):  # "… training hardware? which GPUs" (fresh set T, t2030)
        return which if _DETAIL_HEADS.search(which.group("what")) or _DATA_HEADS.search(which.group("what")) else None
    if listed := _DETAIL_LIST.match(text):  # "smoothsa -- lr, batch size, # slots used?", "which base MLLM, and latency?"
        parts = [_listed_detail(part) for part in _LIST_SPLIT.split(listed["what"])]
        if all(parts):  # (the match is of the details alone, their "which" and units left out)
            return re.match(r"(?P<what>.+)", ", ".join(parts))
    if QUESTION_WORD.match(text):
        return None
    if counted := _COUNTED.match(text):
        return counted
    match = _FRAGMENT.search(text)
    if match and _asks_detail(match.group("what")):
        return match
    if topic := _TOPIC_COLON.match(text):  # "router: number of experts …" (an agent's query, read set BX)
        return detail_fragment(text[topic.end():])
    return None


def _asks_detail(what: str) -> bool:
    """Does the phrase end in a detail's head, or is each of its joined parts a detail or a count ("total param count /
    number of experts"; not "reward design / number of turns", whose design the abstract words otherwise: second
    review)?"""
    parts = re.split(r"\s+(?:and|&|or)\s+|\s*/\s*", what)
    return bool(_DETAIL_HEADS.search(what)) or len(parts) > 1 and all(
        _DETAIL_HEADS.search(part) or re.match(r"(?:number|count) of\b", part, re.I) for part in parts)


# three or more details, or two with a comma, typed as a list (fresh sets EA/EB, read in session 43: ea043, ea045
# quoted other sentences as if they answered)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?", re.I)
_DETAIL_LIST = re.compile(r"^[\s:—–-]*(?P<what>\w[\w-]*(?: \w[\w-]*){0,4}?(?:\s*,\s*(?:and\s+)?\w[\w-]*(?: \w[\w-]*){0,4}?)+?)"
                          r"(?:\s+(?:used|needed|reported|please|pls))?\s*[?.]?\s*$", re.I)


def _listed_detail(part: str) -> str:
    """The detail one part of a typed list asks ("which base MLLM" → "base MLLM", "actual latency in ms" → "latency",
    "number of slots"), or "" when it asks none ("speedup", a number the answer quotes)."""
    part = re.sub(r"^(?:(?:which|what|the|its|their|actual|exact|precise)\s+)+", "", part.strip(), flags=re.I)
    part = re.sub(r"(?i)\s+(?:in\s+)?(?:ms|milliseconds|GB|MB|GiB|fps)$", "", part)
    return part if part and (_asks_detail(part) or _COUNTED.match(part)) else ""


_TOPIC_COLON = re.compile(r"^\s*[^:?—–]{1,40}?(?::|\s(?:[—–-]|--)\s)\s*(?=\S)")  # or a dash: "kern router - # experts …" (DG)


# "… results - which datasets?" asks for the data a paper evaluates on, which its abstract may not name (fresh set W)
_DATA_HEADS = re.compile(r"\b(?:datasets?|benchmarks?)$", re.I)
# ... a preposition may open it: "Veda hits 5.1x end-to-end — at what resolution?" (second review: "at what resolution"
# was read as the detail)
_WHICH_DETAIL = re.compile(r"^\s*(?:(?:at|on|in|with|under|for|by|from)\s+)?(?:which|what)\s+(?P<what>[\w-]+(?: [\w-]+){0,2}?)"
                           r"(?:\s+(?:exactly|precisely|specifically))?\s*$", re.I)
# ... two details joined ("SmoothSA batch size and training steps?", fresh set U) are asked together, the second
# a count too ("Video-MTR learning rate and number of GPUs used for the RL training?", read set AX, ax046)
# ... or by a slash, and a clause with its subject may follow ("total param count / number of experts in the MoE they
# tested?", "tile size they use for the sparse mask?": read set DE, de039 and de041 quoted other sentences)
_FRAGMENT = re.compile(r"^\s*(?P<what>(?:(?:number|amount|count) of )?[\w-]+(?: [\w-]+){0,3}?"
                       r"(?:(?: (?:and|&|or) |\s*/\s*)(?:(?:number|amount|count) of )?[\w-]+(?: [\w-]+){0,2}?)?)"
                       # (a licence's use after it: "carebench license commercial use allowed", read set CK)
                       r"(?:\s+(?:of|for|in|used|on|by|with|at|during|when|that|per|commercial|they|we)\b.*)?\s*$", re.I)
