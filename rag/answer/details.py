"""One detail a question asks for, as the "not reported" checks read it: its phrase, its content terms and its head
noun ("video anomaly detection datasets" → head "dataset"), and whether a role or a trouble noun heads it."""

from __future__ import annotations

import re

from rag.answer.wording import ROLE_WORDS, TROUBLE_NOUNS, TROUBLE_PHRASES
from rag.corpus.terms import terms

# "hardware" says only what sort of thing the word before it is: "GPU hardware" is headed by "GPU" (read set CA, ca039:
# "hardware-efficient" was read as stating Veda's GPU); not "setup" ("training setup" is a thing: second review)
_SORT_NOUNS = terms("hardware")
# ... when the word before names a device; "edge hardware" is still hardware, which "Look at Edges" does not give (read
# set EE, ee046)
_DEVICES = terms("gpu gpus tpu tpus cpu cpus npu npus fpga fpgas asic asics accelerator accelerators")
_KIND_NOUNS = terms("scheme schemes strategy strategies technique techniques procedure procedures recipe recipes")
_RESTRICTED = re.compile(r"(?i)^(.*?[\w-])\s+(?:on|in|for|with|at|across|during|under|from|between)\s+(?:the|its|their|each|all|a|an)?\b")


def detail(phrase: str, ignored: frozenset[str]) -> tuple[str, frozenset[str], frozenset[str]]:
    """(phrase, its content terms, its head noun's terms): "video anomaly detection datasets" → head "dataset"."""
    words = [terms(w) - ignored for w in re.findall(r"[\w-]+", phrase)]
    # the head comes before a phrase that restricts it: "inter-annotator agreement on the detailed captions" is an
    # agreement (fresh set ED: "captions" made it stated); "of" leads to the head ("number of layers"), and what a
    # quantity is measured over is values.py's (_AGAINST)
    restricted = _RESTRICTED.match(phrase)
    heads = [w for w in ([terms(w) - ignored for w in re.findall(r"[\w-]+", restricted.group(1))] if restricted else words) if w]
    if len(heads) > 1 and heads[-1] <= _SORT_NOUNS and heads[-2] & _DEVICES:
        heads.pop()
    # a kind noun after the thing says only that it is one: "which normalization scheme" asks the normalization ("we
    # recommend … ℓ_2-normalization"; a second review of session 49, qu010 said "does not report its normalization scheme")
    if len(heads) > 1 and heads[-1] <= _KIND_NOUNS:
        dropped = heads.pop()
        words = [w - dropped for w in words]
    return phrase, frozenset().union(*words) if words else frozenset(), heads[-1] if heads else frozenset()


def role_headed(phrase: str) -> bool:
    """Is the phrase's last word a role noun (wording.ROLE_WORDS): "reinforcement learning algorithm"?"""
    words = re.findall(r"[\w-]+", phrase)
    # ... but not a detail's trick ("learning-rate trick in KERN", "bit-width trick": second review of session 37)
    return bool(words) and (terms(words[-1]) <= ROLE_WORDS and bool(terms(words[-1])) and not _DETAIL_BEFORE.search(phrase)
                            or bool(_THEORY_TOOL.search(phrase)))


# a theorist's tool, answered in words ("which mathematical framework does OGD+ use": "within the Neural Tangent Kernel
# (NTK) regime"; held-out EN, en069 said "does not report its mathematical framework"), unlike a software framework
_THEORY_TOOL = re.compile(r"(?i)\b(?:mathematical|theoretical|analytic(?:al)?|conceptual|formal|probabilistic|statistical)\s+"
                          r"(?:framework|tool|machinery|lens|device|apparatus|object|formalism)s?$")


_DETAIL_BEFORE = re.compile(r"(?i)\b(?:learning[- ]rate|lr|batch[- ]size|bit[- ]?widths?|optimi[sz]er|budget|gpus?|"
                            r"hyper-?parameters?|epochs?|schedule)\b")


def trouble_headed(phrase: str) -> bool:
    """Is the phrase headed by a trouble noun as written ("main limitation"; not "Kaggle challenge")?"""
    *before, last = re.findall(r"[\w-]+", phrase) or [""]
    phrase_end = " ".join([*before[-1:], last]).lower()
    return (last.lower() in TROUBLE_NOUNS or phrase_end in TROUBLE_PHRASES) and not any(w[0].isupper() for w in before)
