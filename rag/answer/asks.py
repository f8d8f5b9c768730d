"""What a question asks for: its focus terms, its final clause, and the kind of detail that answers it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rag.answer.understand import Question
from rag.corpus.terms import terms

# words that say how a question is put, not what it is about
GENERIC = frozenset(terms("paper work method model approach result propos studi use report show which what how "
                          "does list find any there anything someone explain describe tell each one both differ "
                          "difference compare comparison way versus respectively many much have has had did was "
                          "were been being would could should may might get got make made given kind type exact "
                          "specific actual actually number numbers value values why when where who whom whose "
                          "whether already certain right answer call called named one two three four first second "
                          "sudden suddenly really exactly remember recall looking look something anyone somebody "
                          "there's isn't"))


@dataclass(frozen=True)
class Asks:
    """The question's content terms (`focus`), those of what it finally asks (`ask`), and the detail wanted."""

    focus: frozenset[str]
    ask: frozenset[str]
    wants: str  # "number" | "names" | "method" | "" (an explanation)
    attribute: str  # the asked attribute in the question's words, for "does not report its …"
    problem: bool = False  # asks for the problem or motivation: background sentences are the answer
    gist: bool = False  # asks nothing beyond the paper ("What is FlowNar?"): its summary answers
    wanted: frozenset[str] = frozenset()  # terms of the asked attribute ("learning rate"), else of the final clause


def asks(question: Question, names: str = "") -> Asks:
    """Focus, final clause and wanted detail; `names` (the named papers' titles) are no focus of their own."""
    venues = [question.venue] if isinstance(question.venue, str) else list(question.venue or ())
    filters = terms(f"{' '.join(venues)} {question.year or ''}")
    own = terms(names)
    full = terms(question.text) - filters
    focus = full - GENERIC - own or full - GENERIC or full
    last = ask_part(question.text)
    asked = terms(last) - GENERIC - own - filters
    ask = asked or focus
    wants = wanted_detail(last) or wanted_detail(question.text)
    problem = bool(_ASKS_PROBLEM.search(last))
    named_thing = attribute(last, names)
    wanted = terms(named_thing) - GENERIC - own or frozenset(ask)
    return Asks(frozenset(focus), frozenset(ask), wants, named_thing, problem, gist=not asked, wanted=frozenset(wanted))


def ask_part(question: str) -> str:
    """What a question finally asks: "…a staged-programming framework? What do they use as X?" → the
    last question; "Which paper does X, and what module do they design?" → the clause after "and"."""
    parts = [p for p in re.split(r"(?<=[?.;])\s+", question.strip()) if p.strip()]
    last = parts[-1] if parts else question
    clause = re.split(r",? and (?=(?:what|which|how|on which|in which|where|why)\b)", last, flags=re.I)
    return clause[-1]


def wanted_detail(question: str) -> str:
    """What kind of detail a question asks for: "number", "names", "method" or "" (an explanation)."""
    if _ASKS_NUMBER.search(question):
        return "number"
    if _ASKS_NAMES.search(question):
        return "names"
    if _ASKS_METHOD.search(question):
        return "method"
    return ""


def attribute(asked: str, names: str = "") -> str:
    """The asked attribute as the question words it: "What learning rate does Veda use?" → "learning rate"."""
    text = asked.strip().rstrip("?.! ")
    for name in filter(None, names.split("\n")):
        text = re.sub(rf"(?i)\b{re.escape(name)}(?:'s|’s)?", " ", text)
    match = _ATTRIBUTE_IS.search(text) or _ATTRIBUTE.search(text)
    phrase = match.group("what") if match else ""
    phrase = re.sub(r"\s+", " ", phrase).strip(" ,;:-")
    return phrase if 0 < len(phrase.split()) <= 6 else ""


_ASKS_NUMBER = re.compile(
    r"\b(how (much|many|far|large|big|fast|long|close|often)|by how|what (results?|speedup|accuracy|score|rate|"
    r"percentage|gain|improvement|ratio|number|size|reduction|throughput|latency|length|error)|speedups?|percent|"
    r"what (?:exact )?value|numbers?)\b", re.I)
_ASKS_NAMES = re.compile(
    r"\b(which|what)\b.*\b(datasets?|benchmarks?|tasks?|components?|modules?|mechanisms?|metrics?|models?|"
    r"signals?|stages?|phases?|terms?|subsets?|strategies|tokens?|activation|called|named|stand for|"
    r"estimator|backbones?|encoders?|optimizers?|architectures?|prompts?|evaluations?)\b|"
    r"\b(two|three|four) (main |core |key )?\w+", re.I)
_ASKS_PROBLEM = re.compile(r"\b(problem|challenge|limitation|motivat\w*|why|gap|issue|bottleneck|shortcoming)s?\b", re.I)
_ASKS_METHOD = re.compile(r"^\s*how\b|\bhow (?:does|do|did|is|are|can)\b|\bby what means\b|\bwhat mechanism\b", re.I)
_ATTRIBUTE_IS = re.compile(
    r"^(?:what|which) (?:is|are|was|were) (?:the |its |their )?(?P<what>[\w\-/ ]+?)"
    r"(?:\s+(?:used|of|in|for|that|by|with|employed|adopted|chosen|behind)\b|\s*$)", re.I)
_ATTRIBUTE = re.compile(
    r"^(?:(?:so|and|also|then|besides \w+),?\s+)?(?:what|which|how many|how much)\s+(?:exact\s+|kind of\s+|type of\s+)?"
    r"(?P<what>(?:(?!\b(?:does|do|did|is|are|was|were|has|have|had|can|for|in|of|on|to)\b)[\w\-/ ])+?)"
    r"\s+(?:does|do|did|is|are|was|were|has|have|had|can|for|in|of|on|to)\b", re.I)
